// The unisystem party fight: a [[party]] of members against [[opponents]], both sides acting,
// played by the fight driver (rules/common/fight.h). This file holds what seed 000 decides:
// the body of one combatant (Life Points, the tests a turn's damage calls for — the survival
// test at the threshold, staying up at 0 or less, the Will test after a hit —, the
// minute-by-minute survival tests while dying, first aid and stabilisation by an ally) and
// its attack (D10 + attack_bonus against 9, a burst landing as many bullets as success
// levels, armour rolled per hit, the type's multiplier), with the penalties on a wounded
// member's own actions (below 5 HP, groggy). rules/unisystem/README.md ("The party fight")
// gives the seed passages and the readings; docs/parties.md how to write a party scenario.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "rules/common/day.h"
#include "rules/common/fight.h"
#include "rules/common/lineup.h"
#include "rules/common/party_report.h"
#include "rules/unisystem/config.h"
#include "rules/unisystem/track.h"
#include "sim/core/metrics.h"
#include "sim/core/outcome.h"
#include "sim/core/trial.h"

namespace leth::unisystem {

// One attack of a combatant's turn.
struct PartyAttack {
  Profile profile;                   // name, attack_bonus, burst, damage, multiplier
  std::optional<double> hit_chance;  // a fixed chance of one hit, instead of the D10
  bool armor_applies = true;
};

// One combatant's stat block: a member, or one opponent of an [[opponents]] kind.
struct Combatant {
  std::string name;
  const Creature* creature = nullptr;  // the survival threshold and test, HP recovery
  int max_hp = 1;
  int con = 2, will = 2;
  int first_aid = -1;  // Int + First Aid: stabilises and treats an ally; -1: cannot
  int endurance = 0;   // at the fight, after lack of sleep (hours_awake); groggy at 5 or less
  bool endurance_tracked = false;
  int initiative = 0;
  Dice armor = Dice::constant(0);    // rolled per hit
  std::vector<PartyAttack> attacks;  // one turn's, in order
};

struct PartyConfig {
  Options options;
  fight::Policies policies;
  std::vector<Combatant> combatants;  // the members, then every opponent
  size_t members = 0;
  Seconds horizon = 0;
  bool medical_care = false;  // [recovery] care = "medical": every survivor, from care_after on
  Seconds care_after = 0;     // [recovery] care_after: how long after the fight's end care begins
  // An adventuring day (docs/days.md; README, "An adventuring day"): the encounters, first aid
  // between them, the day stopping at a fall.
  fight::Day<Combatant> day;
};

// Reads a scenario whose variant v has [[party]]. Throws InputError.
PartyConfig read_party(const Scenario& s, size_t v);

class Party : public fight::Lineup<Party, PartyConfig> {
 public:
  explicit Party(PartyConfig config);
  Outcome run_trial(TrialContext& ctx) const;
  // A campaign's (README interpretation 27, a party's): with a downtime (`leave_by` > 0 on the
  // adventure's clock) the party may go on before every survivor is whole (`went_on`); each
  // member then carries its HP (`held`), the next adventure beginning from them.
  // With `after_death` (docs/campaigns.md, after_a_death) only the whole party's death ends
  // the campaign: the survivors' end is the adventure's, the downtime theirs, and each dead
  // member's place goes to a newcomer (`newcomer`), the scenario's fresh member, or stays
  // empty (`absent`): the member is dead from the start of every later adventure.
  struct Carried {
    bool held = false;
    std::array<int, fight::kMaxMembers> hp{};
    std::array<bool, fight::kMaxMembers> newcomer{};
    std::array<bool, fight::kMaxMembers> absent{};
  };
  Outcome run_adventure(TrialContext& ctx, Carried& carried, Seconds leave_by = 0,
                        bool* went_on = nullptr, AfterDeath after_death = AfterDeath::End) const;

  // ---- fight::FightRules
  struct Body {
    int hp = 0;
    uint8_t c = 0;      // the combatant's index
    bool down = false;  // out of the fight: collapsed, knocked down, dying, dead
    bool dying = false;
    bool dead = false;
    // The blows of the current attacker's turn, whose tests come after its last attack.
    int8_t pending_from = -1;
    Seconds pending_at = -1;
    int pending_hp_before = 0;
    int64_t pending = 0;
    int minute = 0;         // dying: the minute tests made in this episode
    Seconds next_test = 0;  // dying: the next minute test
    Seconds aid_next = 0;   // dying: the next first-aid test an ally may make (a minute)
    uint16_t wounds = 0;    // wounds taken (hits that did damage)
    uint16_t treated = 0;   // first-aid tests made on those wounds
    uint16_t falls = 0;     // times out of the fight
    uint16_t aid_given = 0; // first-aid tests made on others or itself (heals_used)
    Seconds died_at = -1;
    Seconds down_first = -1;
    Seconds up_last = 0;
  };
  Seconds round_seconds() const { return kTurn; }
  fight::State state(const Body& b) const {
    return b.dead ? fight::State::Dead : b.down ? fight::State::Down : fight::State::Standing;
  }
  int hp(const Body& b) const { return b.hp; }
  bool dying(const Body& b) const { return !b.dead && b.dying; }
  // The next minute test's penalty: the closest to death first.
  int urgency(const Body& b) const;
  void start_turn(Body& b, Stream& s, Seconds t, EventLog* log) const;
  bool strike(size_t c, int n, Body& attacker, Body& target, Stream& s, Seconds t,
              EventLog* log) const;
  bool can_pick_up(const Body& b) const { return cfg_.combatants[b.c].first_aid >= 0; }
  fight::Cost pick_up(Body& helper, Body& patient, Stream& s, Seconds t, EventLog* log) const;
  // ----

  // Exposed for the tests: a fresh body; the penalty on b's own actions (in the fight: the
  // pain penalty only without adrenaline); the tests a turn's blows call for, now.
  Body fresh(size_t c) const;
  int action_penalty(const Body& b, bool in_fight) const;
  void settle(Body& b, Stream& s, Seconds t, EventLog* log) const;

 private:
  friend class fight::Lineup<Party, PartyConfig>;  // play_day_own calls between
  void settle_stale(Body& b, size_t attacker, Stream& s, Seconds t, EventLog* log) const;
  bool survival(const Body& b, Stream& s, int penalty, Seconds t, EventLog* log,
                const char* what) const;
  void fall(Body& b, Seconds t, EventLog* log, const char* why) const;
  void die(Body& b, Seconds t, EventLog* log, const char* why) const;
  int first_aid_tests(const Body& b) const {
    return cfg_.options.first_aid_per_wound ? b.wounds : (b.wounds > 0 ? 1 : 0);
  }
  void treat(Body& patient, int levels) const;
  // Under medical care (the scenario's, or the author's house rule) for every survivor.
  bool care() const { return cfg_.medical_care || cfg_.options.house_rule; }
  Seconds rest_until(const Body& b, Seconds from) const;
  int mended_by(const Body& b, Seconds from, Seconds t) const;
  Seconds rest(Body& b, Stream& s, Seconds from, EventLog* log, Seconds until = kNever,
               Seconds* mending_from = nullptr) const;
  // After a fight: the standing member with the best First Aid (-1: none), and its tests on b's
  // wounds not yet treated, from s (on itself at -2).
  int first_aider(const Bodies<Body>& bodies) const;
  void first_aid(Body& helper, Body& b, Stream& s, Seconds t, EventLog* log) const;
  // An adventuring day (party_day.cpp): after encounter e, ending at t, first aid; returns when
  // the next encounter begins, or past the horizon to end the day (a member fell, or is at 0
  // HP or less, or has blows untested).
  Seconds between(Bodies<Body>& bodies, int e, Seconds t, TrialRng& rng, EventLog* log) const;

  std::vector<Party> next_;  // [[day.next]]: encounter e + 1's fight is next_[e - 1]
  size_t encounters_counter_ = Outcome::kMaxCounters;  // "encounters", declared with a [day]
};

static_assert(fight::FightRules<Party>);

}  // namespace leth::unisystem
