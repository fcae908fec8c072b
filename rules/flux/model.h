// The flux health model (seed 002): PV and Flux, the Survival test at 0 PV, the coma losing a
// PV an hour, stabilisation by a helper, waking with a sequela, rest, clinics, disease, falls
// and sleep deprivation. Immutable once built; run_trial() is a pure function of the streams.
#pragma once

#include <array>
#include <memory>
#include <vector>

#include "rules/common/health_model.h"
#include "rules/flux/config.h"
#include "rules/flux/metrics.h"
#include "rules/flux/party.h"

namespace leth::flux {

// rules/flux/template.cpp: every scenario key, commented.
const char* scenario_template();
// rules/flux/party_template.cpp: every key of a party scenario, commented.
const char* party_template();

class Model {
 public:
  explicit Model(Config config);
  explicit Model(PartyConfig party);

  static const RulesetInfo& info();
  // A scenario with [[party]] is a party fight (rules/flux/party.h); else one character.
  static Model build(const Scenario& s, size_t v);

  Outcome run_trial(TrialContext& ctx) const;
  // What one character carries from an adventure of a campaign to the next
  // (sim/engine/campaign.h): its sequelae — each -1 on every later Survival test — and the
  // stat points they took. run_adventure() begins from them and adds what the adventure left;
  // run_trial() is run_adventure() from nothing carried. A party carries the same, member by
  // member (Party::Carried).
  //
  // With campaign.downtime an adventure may end before the character (every survivor of a
  // party) is whole: at `leave_by` on its own clock, or once it is awake, it goes on
  // (`went_on`) with its PV and Flux as they stand (README interpretation 21; a party's
  // members each with their PV).
  struct Carried {
    int sequelae = 0;
    std::array<int, kStatCount> lost{};
    Party::Carried members{};
    Seconds leave_by = 0;  // set by the campaign: 0, play to whole or the horizon
    bool went_on = false;  // set by run_adventure: left short of full PV at its downtime
    AfterDeath after_death = AfterDeath::End;  // set by the campaign (a party's)
    MemberRetirement retire{};  // set by the campaign: its rule for one member (a party's)
    Departures left{};          // set by run_adventure: the members that rule retired
    bool held = false;     // pv and flux below hold what it went on with (set with went_on)
    int pv = 0, flux = 0;
  };
  Outcome run_adventure(TrialContext& ctx, Carried& carried) const;
  // What a trial reports: info().metrics for one character; a party's own, with its members.
  const MetricSpec& metrics() const { return party_ ? party_->metrics() : *info().metrics; }
  const Party* party() const { return party_.get(); }

  const Config& config() const { return config_; }

  // One creature's place in the fight: its attacker table, its number among its kind (from 0).
  struct Actor {
    int attacker;
    int number;
  };
  const std::vector<Actor>& actors() const { return actors_; }

 private:
  Config config_;
  std::vector<Actor> actors_;
  std::shared_ptr<const Party> party_;  // immutable, shared by the threads
};

}  // namespace leth::flux
