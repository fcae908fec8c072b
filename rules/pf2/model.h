// Pathfinder 2e hit points, dying and recovery (seed 004, with the Player Core rules as
// options). Immutable once built; run_trial() is a pure function of the trial's streams.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "rules/common/health_model.h"
#include "rules/pf2/config.h"
#include "rules/pf2/metrics.h"
#include "rules/pf2/party.h"

namespace leth::pf2 {

// How many dying turns this thread has played in the quiet loop (Trial::quiet_dying_turns):
// tests/test_pf2_quiet_dying.cpp checks that the loop it compares with the timeline ran, and
// that it did not where it must not. One thread-local add per quiet turn.
uint64_t quiet_dying_turns_played();

// rules/pf2/template.cpp: every scenario key, commented.
const char* scenario_template();
// rules/pf2/party_template.cpp: every key of a party scenario, commented.
const char* party_template();

class Model {
 public:
  explicit Model(Config config);
  explicit Model(PartyConfig party);

  static const RulesetInfo& info();
  // A scenario with [[party]] is a party fight (rules/pf2/party.h); else one character.
  static Model build(const Scenario& s, size_t v);

  Outcome run_trial(TrialContext& ctx) const;
  // What one character carries from an adventure of a campaign to the next
  // (sim/engine/campaign.h): its doomed value (Player Core: it falls by 1 a night's rest, so an
  // adventure begins with what the nights before left; -1, nothing carried: [character]'s).
  // Wounded is not carried: it ends at full HP and 10 minutes' rest, before the next adventure.
  // run_trial() is run_adventure() from nothing carried. A party carries each member's doomed
  // (Party::Carried).
  //
  // With campaign.downtime (sim/engine/campaign.h) an adventure may end before the character
  // (every survivor of a party) is whole: at `leave_by` on its own clock, or as soon after as it
  // is conscious, not dying and not asleep, it goes on (`went_on`) with its HP and wounded
  // (README interpretation 15; a party's members each with theirs, the party fight, 15).
  struct Carried {
    int doomed = -1;         // the single character's
    Party::Carried members;  // a party's, member by member
    Seconds leave_by = 0;  // set by the campaign: 0, play to whole or the horizon
    bool went_on = false;  // set by run_adventure: left short of full HP at its downtime
    AfterDeath after_death = AfterDeath::End;  // set by the campaign (a party's)
    int hp = -1;           // the HP it went on with; -1: full (max_hp)
    int wounded = -1;      // its wounded value then; -1: [character]'s
  };
  Outcome run_adventure(TrialContext& ctx, Carried& carried) const;
  // What a trial reports: info().metrics for one character; a party's own, with its members.
  const MetricSpec& metrics() const { return party_ ? party_->metrics() : *info().metrics; }
  const Party* party() const { return party_.get(); }

  const Config& config() const { return config_; }

  // One creature's place in the fight: which strike profile it uses, its number among its kind.
  struct Actor {
    int strike;
    int number;
  };
  const std::vector<Actor>& actors() const { return actors_; }

 private:
  Config config_;
  std::vector<Actor> actors_;
  std::shared_ptr<const Party> party_;  // immutable, shared by the threads
};

}  // namespace leth::pf2
