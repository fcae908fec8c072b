// A scenario file in, a validated scenario and one immutable model per variant out.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "scenarios/scenario.h"
#include "sim/engine/campaign.h"
#include "sim/engine/registry.h"

namespace leth {

struct LoadedScenario {
  Scenario scenario;
  std::vector<Model> models;  // models[v] for scenario.variants[v]
  std::optional<Campaign> campaign;  // from scenario.campaign, for every variant
};

// What a trial of the scenario reports: the model's declaration, or its campaign's.
inline const MetricSpec& metrics_of(const LoadedScenario& s) {
  return s.campaign ? s.campaign->metrics : metrics_of(s.models.front());
}
// One trial of variant v: the model's, or a campaign of it.
inline Outcome play_trial(const LoadedScenario& s, size_t v, TrialContext& ctx) {
  return s.campaign ? play_campaign(s.models[v], *s.campaign, ctx) : run_trial(s.models[v], ctx);
}

// Parses, reads every section of every variant, and rejects any key nobody read. A file of
// several rulesets (scenarios/scenario.h read_scenarios) gives one scenario per ruleset.
// Throws InputError.
std::vector<LoadedScenario> load_scenarios(const std::string& path);
// The same for a file of one scenario; a file of several rulesets is an error unless `ruleset`
// names one of them (its scenario is returned).
LoadedScenario load_scenario(const std::string& path, const std::string& ruleset = "");

// Every key a ruleset's loader reads, recorded while it reads the ruleset's commented
// template (RulesetInfo::scenario_template; with `party`, its party_template, which must exist),
// which must load. Throws InputError if it does not.
KeyCatalog scenario_keys(const RulesetInfo& r, bool party = false);

// The scenario files a command line names: files as given, folders expanded to the *.toml
// files directly inside them, in name order. Throws InputError for a folder with none.
std::vector<std::string> expand_scenario_paths(const std::vector<std::string>& args);

}  // namespace leth
