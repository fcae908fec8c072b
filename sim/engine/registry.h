// The closed set of health models and the one place that dispatches to them (STYLE.md: a
// std::variant with forwarding functions, not a class hierarchy). Adding a ruleset means a
// folder under rules/, one alternative in Model, and one entry in rulesets().
#pragma once

#include <string>
#include <variant>
#include <vector>

#include "rules/common/options.h"
#include "rules/pf2/model.h"
#include "scenarios/scenario.h"
#include "sim/core/event_log.h"
#include "sim/core/outcome.h"
#include "sim/core/stream.h"

namespace leth {

using Model = std::variant<pf2::Model>;

struct RulesetInfo {
  std::string id;
  std::string title;
  std::string seed_file;  // in ../shared/seeds/
  const std::vector<OptionSpec>* options;
};

const std::vector<RulesetInfo>& rulesets();
std::vector<std::string> ruleset_ids();
const RulesetInfo* find_ruleset(const std::string& id);

// Builds the model for variant v of a scenario whose common part is already read.
Model build_model(const Scenario& s, size_t v);

inline Outcome run_trial(const Model& m, TrialRng& rng, EventLog* log) {
  return std::visit([&](const auto& model) { return model.run_trial(rng, log); }, m);
}
const std::vector<std::string>& condition_names(const Model& m);
const std::vector<std::string>& sequela_names(const Model& m);

}  // namespace leth
