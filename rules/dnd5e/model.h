// D&D 5e hit points, death saving throws and the lingering-injuries house rule of seed 003.
// Immutable once built; run_trial() is a pure function of the trial's streams.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "rules/common/health_model.h"
#include "rules/dnd5e/config.h"
#include "rules/dnd5e/metrics.h"
#include "rules/dnd5e/party.h"

namespace leth::dnd5e {

// rules/dnd5e/template.cpp: every scenario key, commented.
const char* scenario_template();
// rules/dnd5e/party_template.cpp: every key of a party scenario, commented.
const char* party_template();

class Model {
 public:
  explicit Model(Config config);
  explicit Model(PartyConfig party);

  static const RulesetInfo& info();
  // A scenario with [[party]] is a party fight (rules/dnd5e/party.h); else one character.
  static Model build(const Scenario& s, size_t v);

  Outcome run_trial(TrialContext& ctx) const;
  // What a trial reports: info().metrics for one character; a party's own, with its members.
  const MetricSpec& metrics() const { return party_ ? party_->metrics() : *info().metrics; }
  const Party* party() const { return party_.get(); }

  const Config& config() const { return config_; }
  const InjuryCatalog& catalog() const { return *catalog_; }

  struct Actor {
    int strike;
    int number;
  };
  const std::vector<Actor>& actors() const { return actors_; }

 private:
  Config config_;
  const InjuryCatalog* catalog_;
  std::vector<Actor> actors_;
  std::shared_ptr<const Party> party_;  // immutable, shared by the threads
};

}  // namespace leth::dnd5e
