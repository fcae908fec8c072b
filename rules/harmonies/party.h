// The harmonies party fight: a [[party]] of members against [[opponents]], both sides acting,
// played by the fight driver (rules/common/fight.h). This file holds what seed 001 decides: the
// body of one combatant (wound levels with caps and escalation, pain as a penalty on every test
// and the fainting rolls it brings, mortality, the survival clock of unstable wounds, first aid
// at the sum of the wounds' difficulties) and its attack (±d10 + skill - pain - the defender's
// defence; the wound level by the margin, or a fixed hit chance and wound chances).
// rules/harmonies/README.md ("The party fight") gives the seed passages and the readings;
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
#include "rules/harmonies/config.h"
#include "rules/harmonies/rest.h"
#include "rules/harmonies/roll.h"
#include "rules/harmonies/tables.h"
#include "sim/core/duration.h"
#include "sim/core/metrics.h"
#include "sim/core/outcome.h"
#include "sim/core/trial.h"

namespace leth::harmonies {

inline constexpr int kMaxStrikes = 5;  // attacks of one turn, at most

struct PartyAttack {
  std::string name;
  // A test: ±d10 + skill + the attacker's pain penalty - the target's defence; success at 0
  // (option success). Its total is the margin: >= critical_at critical, >= grave_at grave,
  // else light.
  std::optional<int> skill;
  int grave_at = 0;
  int critical_at = 0;
  // Else a fixed chance to hit, and the cumulative chances of light, +grave, +critical per hit.
  double hit_chance = 1.0;
  std::array<double, kLevels> chances{};
};

// One combatant's stat block: a member, or one opponent of an [[opponents]] kind.
struct Combatant {
  std::string name;
  int initiative = 0;
  int survival = 0;  // Cp+Rs: survival rolls
  int fainting = 0;  // Rs+It: fainting rolls
  int defence = 0;   // subtracted from every attack test against it
  std::array<int, kLevels> caps{};
  Duration faint_duration = Duration::fixed(10 * kMinute);
  std::optional<int> first_aid;      // [party.heals]: its first-aid level (it tends the fallen)
  std::optional<int> healing;        // [party.heals]: its level for healing rolls during the rest
  double effort_worsening = 0.0;     // sudden effort: a grave or critical wound worsens, a turn
  bool player_rules = true;          // opponents: false (default) out of the fight when it faints
  std::vector<PartyAttack> attacks;  // one turn's, in order
};

// [rest]: the survivors' therapeutic rest after the fight, the single character's keys of the
// same names ([aftercare] neglect and equipment, [recovery] pain_recovery) and meanings.
struct PartyRest {
  double neglect = 0.0;        // chance that a surveillance is missed
  int equipment = 0;           // malus for want of equipment, on healing rolls
  Seconds pain_every = kHour;  // one pain point recovered per this, while stable
};

struct PartyConfig {
  Options options;
  fight::Policies policies;
  PartyRest rest;
  std::vector<Combatant> combatants;  // the members, then every opponent
  size_t members = 0;
  Seconds horizon = 0;
  // An adventuring day (docs/days.md; README, "An adventuring day"): the encounters, with an
  // hour's rest and the travel between them.
  fight::Day<Combatant> day;
};

// Reads a scenario whose variant v has [[party]]. Throws InputError.
PartyConfig read_party(const Scenario& s, size_t v);

class Party : public fight::Lineup<Party, PartyConfig> {
 public:
  explicit Party(PartyConfig config);
  Outcome run_trial(TrialContext& ctx) const;
  // A campaign's (README interpretation 18, a party's): with a downtime (`leave_by` > 0 on the
  // adventure's clock) the party may go on before every survivor is whole (`went_on`), once
  // every survivor can act; each member then carries its open wounds with their rest so far
  // (`since` on the next adventure's clock), its pain and its missed-care penalty, and begins
  // the next adventure with them, stable.
  // With `after_death` (docs/campaigns.md, after_a_death) only the whole party's death ends
  // the campaign: the survivors' end is the adventure's, the downtime theirs, and each dead
  // member's place goes to a newcomer (`newcomer`), the scenario's fresh member, or stays
  // empty (`absent`): the member is dead from the start of every later adventure.
  struct CarriedMember {
    WoundList wounds;
    int pain = 0;
    int neglect = 0;
    bool newcomer = false;
    bool absent = false;
  };
  using Carried = std::array<CarriedMember, fight::kMaxMembers>;
  Outcome run_adventure(TrialContext& ctx, Carried& carried, Seconds leave_by = 0,
                        bool* went_on = nullptr, AfterDeath after_death = AfterDeath::End) const;

  // ---- fight::FightRules
  struct Body {
    std::array<int8_t, kLevels> wounds{};  // held, per level
    int pain = 0;
    int pain_received = 0;  // every pain point received, for the fainting rolls
    uint8_t c = 0;          // the combatant's index
    bool unstable = false;
    bool conscious = true;
    bool dead = false;
    bool out = false;       // an opponent without the player rules, fainted: out of the fight
    bool absent = false;    // dead before this adventure, its place empty (after_a_death)
    Seconds anchor = 0;     // the survival clock: the last roll or change of state
    Seconds check_at = -1;  // the next survival roll; -1: none (no wound)
    Seconds wake_at = -1;   // fainted: when it comes to
    uint16_t falls = 0;     // times fainted
    uint16_t first_aid_rolls = 0;  // given
    Seconds died_at = -1;
    Seconds down_first = -1;  // first fainted
    Seconds up_last = 0;      // last came to
    Seconds stable_at = -1;   // last stabilised
  };
  Seconds round_seconds() const { return kRound; }
  fight::State state(const Body& b) const {
    return b.dead || b.out ? fight::State::Dead
           : b.conscious   ? fight::State::Standing
                           : fight::State::Down;
  }
  // The driver's "hit points": wounds weigh by their mortality (Weakest targets the worst hurt).
  int hp(const Body& b) const { return -mortality(b); }
  // What its turn must look after: unstable wounds (the survival clock) or a fainting to wake.
  bool dying(const Body& b) const { return !b.dead && !b.out && (b.unstable || !b.conscious); }
  // Unstable first, the worst wound first.
  int urgency(const Body& b) const { return b.unstable ? 1 + worst(b) : 0; }
  // The survival rolls due by t at their own times, then waking if its fainting is over.
  void start_turn(Body& b, Stream& s, Seconds t, EventLog* log) const;
  bool strike(size_t c, int n, Body& attacker, Body& target, Stream& s, Seconds t,
              EventLog* log) const;
  bool can_pick_up(const Body& b) const { return cfg_.combatants[b.c].first_aid.has_value(); }
  // A later encounter of a day (fight::Lineup::play_day): its clocks onto the day's (between
  // moved them onto the encounter's).
  void shift_clocks(Body& b, Seconds t) const { move_clocks(b, t); }
  // An opponent out for good: dead, or fainted without the player rules (reading 7).
  bool defeated_out(const Body& b) const { return b.dead || b.out; }
  // 001's sudden effort (README, the party fight, reading 11): at the end of a standing
  // combatant's turn in the fight, its worst wound, grave or critical, worsens with its
  // `effort_worsening`. The driver asks only a body it can touch (plays_end_turn).
  bool plays_end_turn(const Body& b) const {
    return cfg_.combatants[b.c].effort_worsening > 0 &&
           b.wounds[kGrave] + b.wounds[kCritical] > 0;
  }
  void end_turn(size_t c, Body& b, Stream& s, Seconds t, EventLog* log) const;
  // One first-aid roll on an unstable patient (the helper's turn); nothing for a stable one.
  fight::Cost pick_up(Body& helper, Body& patient, Stream& s, Seconds t, EventLog* log) const;
  // ----

  // Exposed for the tests.
  Body fresh(size_t c) const;
  int mortality(const Body& b) const;
  int pain_penalty(const Body& b) const { return -(b.pain / cfg_.options.pain_per_penalty); }
  int first_aid_difficulty(const Body& b) const;
  // A wound of `level` arriving (escalating over full levels; beyond critical: death).
  void receive(Body& b, int level, Stream& s, Seconds t, EventLog* log) const;
  // The survival rolls due by t (each at its time), and none after.
  void catch_up(Body& b, Stream& s, Seconds t, EventLog* log) const;

 private:
  friend class fight::Lineup<Party, PartyConfig>;  // play_day_own calls between
  friend class PartyRestPhase;  // party_rest.cpp: the survivors' rest after the fight
  // party_rest.cpp: once every survivor is stable (or nobody can help), each wounded
  // survivor's therapeutic rest, surveillance, healing rolls and pain (README, the party
  // fight, reading 10); then the trial's outcome.
  // With a downtime it may stop there, at `leave_by` or once every survivor can act after it,
  // and fill `carried` (run_adventure).
  // `rest_from`: when the adventure's fighting ended (one fight: its fight_end; a day: the
  // last encounter's aftermath end) — a member stable by then begins its rest there.
  Outcome rest(Bodies<Body>& bodies, const fight::Result& res, uint32_t defeated,
               Seconds rest_from, TrialContext& ctx, Carried& carried, Seconds leave_by,
               bool* went_on, AfterDeath after_death) const;
  // After a fight ending at `end`: every fainted member comes to when its time is over, then a
  // round at a time first aid to the unstable while the survival clocks run, until every
  // survivor is stable or dead; with nobody able to help, the clocks alone to the horizon.
  // Its rounds' streams on `rng` are keyed from `rounds` + 1 (one fight: the round after its
  // last), and `rounds` becomes the last key used. Returns when the last member came to or was
  // stabilised (no earlier than `end`; past the horizon: someone is still unstable).
  Seconds tend(Bodies<Body>& bodies, Seconds end, int& rounds, TrialRng& rng,
               EventLog* log) const;
  // An adventuring day (party_day.cpp): after encounter e, ending at t, the fallen tended until
  // every survivor is awake and stable, the hour's rest, the travel; the next encounter's start
  // (past the horizon: the day ends). `rng` is encounter e's own.
  Seconds between(Bodies<Body>& bodies, int e, Seconds t, TrialRng& rng, EventLog* log) const;
  // Every clock of the body moved by dt (a clock before the move's origin stays at it).
  void move_clocks(Body& b, Seconds dt) const;
  std::vector<Party> next_;  // [[day.next]]: encounter e + 1's fight is next_[e - 1]
  size_t encounters_counter_ = Outcome::kMaxCounters;  // "encounters", declared with a [day]
  int worst(const Body& b) const;
  Seconds period(const Body& b) const;
  TestResult test(const Body& b, Stream& s, int level, int difficulty) const;
  void receive_pain(Body& b, int pain, Stream& s, Seconds t, EventLog* log) const;
  void faint(Body& b, Stream& s, Seconds t, EventLog* log) const;
  void worsen(Body& b, Stream& s, Seconds t, EventLog* log) const;
  void survival_roll(Body& b, Stream& s, Seconds t, EventLog* log) const;
  void plan_check(Body& b, Seconds t) const;
  void stabilise(Body& b, Seconds t, EventLog* log) const;
  void die(Body& b, Seconds t, EventLog* log, const char* why) const;
  bool first_aid_roll(Body& helper, Body& patient, Stream& s, Seconds t, EventLog* log) const;

  const WoundTable* table_;
};

static_assert(fight::FightRules<Party>);

}  // namespace leth::harmonies
