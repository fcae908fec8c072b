// The flux party fight: a [[party]] of members against [[opponents]], both sides acting, played
// by the fight driver (rules/common/fight.h). This file holds what seed 002 decides: the body of
// one combatant (PV and Flux, the Survival test at 0 PV or less, acting on exhausted until the
// scene ends, the coma losing a PV an hour, the Survival test past -VAI, stabilisation by a
// party member's Medicine (ESP) test, the curative concoction, waking with a sequela) and its
// attack (a d20 test, odd results 0 when exhausted, damage less the target's armour points).
// rules/flux/README.md ("The party fight") gives the seed passages and the readings;
// docs/parties.md how to write a party scenario.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "rules/common/day.h"
#include "rules/common/fight.h"
#include "rules/common/lineup.h"
#include "rules/common/party_report.h"
#include "rules/flux/config.h"
#include "sim/core/metrics.h"
#include "sim/core/outcome.h"
#include "sim/core/trial.h"

namespace leth::flux {

struct PartyAttack {
  std::string name;
  int attack_bonus = 0;              // stat + skill, added to the d20
  int difficulty = 15;               // the test's difficulty (default: [resolution])
  std::optional<double> hit_chance;  // a fixed chance to hit instead of the d20 test
  Dice damage;
  // A power that costs Flux (`flux_cost`, docs/parties.md; README, the party fight, 11): its
  // index among the member's powers (Combatant::power_cost); -1: none, made every turn. A turn
  // that begins with the cost to spare above the power's `keep` makes it, spending the cost at
  // its first strike; another turn skips it. `instead_of` names the attack it replaces: that one
  // is skipped on a turn armed with a power that names it (bit p of replaced_by: power p's).
  int8_t power = -1;
  uint8_t replaced_by = 0;
};

// What a member does for a fallen ally (002 "un test de Médecine (ESP) pour stabiliser";
// "concoctions curatives").
struct Heals {
  std::optional<int> medicine;  // ESP + Médecine, added to the d20
  bool equipment = true;        // "disposant de matériel adapté": without it, no stabilisation
  int attempts_per_hour = 1;    // on one patient
  std::optional<Dice> concoction;
  int uses = 0;  // concoctions
};

// One combatant's stat block: a member, or one opponent of an [[opponents]] kind.
struct Combatant {
  std::string name;
  int max_pv = 1;
  int pv = 1;  // at the start
  int max_flux = 0;
  int flux = 0;
  int pa = 0;                           // armour points, off each blow (shaken: 3 fewer)
  int survival = 0;                     // skill bonus on Survival (VAI) tests
  int sequelae = 0;                     // carried: -1 each on Survival tests
  std::array<int, kStatCount> stats{};  // ADR ... SAV; VAI is Survival and the coma threshold
  bool exhausted = false;               // states = "exhausted": until the first rest
  bool immobilised = false;             // states = "immobilised": odd d20s 0 for the fight
  int initiative = 0;
  bool player_rules = true;  // 002's rules at 0 PV; false: out of the fight, dead (opponents)
  std::vector<PartyAttack> attacks;  // one turn's, in order
  std::optional<Heals> heals;
  // Its powers (PartyAttack::power): each one's Flux cost, and the Flux it never spends below.
  static constexpr size_t kMaxPowers = 4;
  std::array<uint8_t, kMaxPowers> power_cost{};
  std::array<uint8_t, kMaxPowers> power_keep{};
  uint8_t powers = 0;
};

struct PartyConfig {
  Options options;
  Resolution resolution;
  fight::Policies policies;
  Seconds scene = 10 * kMinute;       // from a passed Survival test at 0 PV to the coma
  std::vector<Combatant> combatants;  // the members, then every opponent
  size_t members = 0;
  Seconds horizon = 0;
  // An adventuring day (docs/days.md; README, "An adventuring day"): the encounters, with an
  // hour's rest (the group's 1D4) as its short rests.
  fight::Day<Combatant> day;
};

// Reads a scenario whose variant v has [[party]]. Throws InputError.
PartyConfig read_party(const Scenario& s, size_t v);

class Party : public fight::Lineup<Party, PartyConfig> {
 public:
  explicit Party(PartyConfig config);
  Outcome run_trial(TrialContext& ctx) const;
  // What each member carries from one adventure of a campaign to the next, as one character
  // does (Model::Carried): the sequelae gained since the scenario's own (-1 each on Survival
  // tests) and the stat points they took. README, interpretation 20. With a campaign's
  // downtime (`leave_by` > 0 on the adventure's clock) the party may go on before every
  // survivor is whole (`went_on`), each member not whole with its PV (interpretation 21).
  struct CarriedMember {
    int sequelae = 0;
    std::array<int, kStatCount> lost{};
    int pv = -1;  // the PV it went on with; -1: the scenario's
    bool newcomer = false;  // in a dead member's place (after_a_death = "replace")
    bool absent = false;    // dead, its place left empty (after_a_death = "go_on")
    bool retired = false;   // absent or a newcomer: its place's last member retired
  };
  using Carried = std::array<CarriedMember, fight::kMaxMembers>;
  // With `after_death` (docs/campaigns.md, after_a_death) only the whole party's death ends
  // the campaign: the survivors' end is the adventure's, the downtime theirs, and each dead
  // member's place goes to a newcomer, the scenario's fresh member (carried: nothing), or stays
  // empty: the member is absent, dead from the start of every later adventure. A survivor the
  // campaign's `retire` rule retires (rules/common/retire.h) leaves its place so too, alive;
  // `left` says how many did.
  Outcome run_adventure(TrialContext& ctx, Carried& carried, Seconds leave_by = 0,
                        bool* went_on = nullptr, AfterDeath after_death = AfterDeath::End,
                        const MemberRetirement& retire = {}, Departures* left = nullptr) const;

  // ---- fight::FightRules
  struct Body {
    int pv = 0;
    int flux = 0;
    int sequelae = 0;         // carried and gained: -1 each on Survival tests
    uint8_t c = 0;            // the combatant's index
    bool acting = false;      // passed the Survival test at 0 PV or less: acts on, exhausted
    bool comatose = false;    // in the coma, not stabilised
    bool stabilised = false;  // unconscious, no longer losing PV
    bool dead = false;
    bool coma_exhausted = false;  // option exhausted_into_coma: until a rest
    bool exhausted = false;       // states = "exhausted": until a rest (interpretation 15)
    int uses = 0;                 // concoctions left
    Seconds coma_due = 0;         // acting: the end of the scene
    Seconds next_hour = 0;        // comatose: the next hour's loss
    Seconds next_wake = 0;        // stabilised: the next Survival test to wake
    Seconds next_care = 0;        // comatose: the earliest next Medicine test on it
    uint16_t falls = 0;           // comas
    uint16_t heals_given = 0;     // concoctions given
    std::array<uint8_t, kStatCount> sequela_count{};
    std::array<uint8_t, kStatCount> lost{};  // stat points lost to sequelae
    std::array<int, kStatCount> stats{};     // current: a sequela lowers one
    uint8_t armed = 0;        // its powers with the Flux to spare when its turn began (bit p)
    uint8_t spent = 0;        // and those spent in this turn
    uint16_t flux_spent = 0;  // on powers, over the trial: the counter flux_spent
    Seconds died_at = -1;
    Seconds down_first = -1;  // the first coma's onset
    Seconds up_last = 0;      // last awake again
  };
  Seconds round_seconds() const { return kRound; }
  fight::State state(const Body& b) const {
    return b.dead                       ? fight::State::Dead
           : b.comatose || b.stabilised ? fight::State::Down
                                        : fight::State::Standing;
  }
  int hp(const Body& b) const { return b.pv; }
  // The bodies with a clock, which the driver gives start_turn: acting at 0 PV or less (the
  // scene's end), in the coma (the hour's loss), stabilised (the hourly test to wake).
  bool dying(const Body& b) const { return !b.dead && (b.acting || b.comatose || b.stabilised); }
  // The comatose first, the closest to (or past) -VAI first; then the stabilised.
  int urgency(const Body& b) const { return b.comatose ? 100'000 - (b.pv + b.stats[kVai]) : 0; }
  void start_turn(Body& b, Stream& s, Seconds t, EventLog* log) const;
  bool strike(size_t c, int n, Body& attacker, Body& target, Stream& s, Seconds t,
              EventLog* log) const;
  bool can_pick_up(const Body& b) const {
    const auto& h = cfg_.combatants[b.c].heals;
    return h && (b.uses > 0 || (h->medicine && h->equipment));
  }
  fight::Cost pick_up(Body& helper, Body& patient, Stream& s, Seconds t, EventLog* log) const;
  // ----

  // A later encounter of a day (fight::Lineup::play_day): its clocks onto the day's.
  void shift_clocks(Body& b, Seconds t) const {
    b.coma_due += t;
    b.next_hour += t;
    b.next_wake += t;
    b.next_care += t;
  }

  // Exposed for the tests.
  Body fresh(size_t c) const;
  // 002 "Exténué : Les résultats impairs sur le D20 valent 0", on the body's own tests.
  bool odd_zero(const Body& b, bool in_fight) const;
  void damage(Body& b, int amount, Stream& s, Seconds t, EventLog* log) const;

 private:
  friend class fight::Lineup<Party, PartyConfig>;  // play_day_own calls between
  bool survival_test(Body& b, Stream& s, Seconds t, bool in_fight, const char* what,
                     EventLog* log) const;
  void coma(Body& b, Stream& s, Seconds t, bool in_fight, EventLog* log) const;
  void coma_hour(Body& b, Stream& s, bool in_fight, EventLog* log) const;
  void wake_test(Body& b, Stream& s, bool in_fight, EventLog* log) const;
  void wake(Body& b, Stream& s, Seconds t, bool sequela, EventLog* log) const;
  void gain_sequela(Body& b, Stream& s, Seconds t, EventLog* log) const;
  void die(Body& b, Seconds t, EventLog* log, const char* why) const;
  bool stabilise(const Body& helper, Body& patient, Stream& s, Seconds t, bool in_fight,
                 EventLog* log) const;
  void give_concoction(Body& helper, Body& patient, Stream& s, Seconds t, EventLog* log) const;
  void after_fight(std::span<Body> members, TrialRng& rng, Seconds t0, EventLog* log) const;
  // An adventuring day (party_day.cpp): after encounter e, ending at t, the clocks of the fallen
  // until every member is awake, the hour's rest when one comes here, the travel; returns when
  // the next encounter begins (past the horizon: a member is still down then).
  Seconds between(Bodies<Body>& bodies, int e, Seconds t, TrialRng& rng, EventLog* log) const;
  Seconds hour_rest(Bodies<Body>& bodies, Seconds t, TrialRng& rng, EventLog* log) const;
  // The night between two of the day's `days` (party_day.cpp), ending at t.
  void night(Bodies<Body>& bodies, Seconds t, EventLog* log) const;

  std::vector<Party> next_;  // [[day.next]]: encounter e + 1's fight is next_[e - 1]
  size_t encounters_counter_ = Outcome::kMaxCounters;  // "encounters", declared with a [day]
  size_t flux_spent_counter_ = 0;                      // "flux_spent"

};

static_assert(fight::FightRules<Party>);

}  // namespace leth::flux
