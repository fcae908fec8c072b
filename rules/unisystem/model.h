// Unisystem hit points, survival tests, resuscitation and recovery, endurance and essence
// (seed 000). Immutable once built; run_trial() is a pure function of the trial's streams.
#pragma once

#include <memory>
#include <vector>

#include "rules/common/health_model.h"
#include "rules/unisystem/config.h"
#include "rules/unisystem/metrics.h"
#include "rules/unisystem/party.h"

namespace leth::unisystem {

const char* scenario_template();
// rules/unisystem/party_template.cpp: every key of a party scenario, commented.
const char* party_template();

class Model {
 public:
  explicit Model(Config config);
  explicit Model(PartyConfig party);

  static const RulesetInfo& info();
  // A scenario with [[party]] is a party fight (rules/unisystem/party.h); else one character.
  static Model build(const Scenario& s, size_t v);

  Outcome run_trial(TrialContext& ctx) const;
  // What one character carries from an adventure of a campaign to the next
  // (sim/engine/campaign.h): nothing, unless campaign.downtime ends an adventure before it is
  // whole: at `leave_by` on its own clock, or once it is back on its feet, it goes on
  // (`went_on`) with its HP, endurance and essence as they stand (README interpretation 27).
  // run_trial() is run_adventure() from nothing carried. A party carries, with a downtime,
  // each member's HP (Party::Carried).
  struct Carried {
    Party::Carried members;  // a party's
    Seconds leave_by = 0;  // set by the campaign: 0, play to whole or the horizon
    bool went_on = false;  // set by run_adventure: left short of full health at its downtime
    AfterDeath after_death = AfterDeath::End;  // set by the campaign (a party's)
    // What it went on with, for the next adventure (held: set by run_adventure as went_on).
    bool held = false;
    int hp = 0, endurance = 0, endurance_owed = 0, essence = 0, essence_lowest = 0;
  };
  Outcome run_adventure(TrialContext& ctx, Carried& carried) const;

  // What a trial reports: info().metrics for one character; a party's own, with its members.
  const MetricSpec& metrics() const { return party_ ? party_->metrics() : *info().metrics; }
  const Party* party() const { return party_.get(); }

  const Config& config() const { return config_; }

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

}  // namespace leth::unisystem
