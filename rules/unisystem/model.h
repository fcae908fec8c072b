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
