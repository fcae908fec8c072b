// The closed set of health models and the one place that dispatches to them (docs/design.md,
// "Principles": a std::variant with forwarding functions, not a class hierarchy). Adding a ruleset
// is a folder under rules/ and one entry in `Rulesets` below (with its #include).
#pragma once

#include <string>
#include <variant>
#include <vector>

#include "rules/common/health_model.h"
#include "rules/dnd5e/model.h"
#include "rules/flux/model.h"
#include "rules/harmonies/model.h"
#include "rules/pf2/model.h"
#include "rules/unisystem/model.h"

namespace leth {

template <HealthModel... Ms>
struct RulesetList {
  using Variant = std::variant<Ms...>;
};

// ---- the registry: one entry per ruleset
using Rulesets =
    RulesetList<pf2::Model, dnd5e::Model, unisystem::Model, flux::Model, harmonies::Model>;
// ----

using Model = Rulesets::Variant;

const std::vector<RulesetInfo>& rulesets();
std::vector<std::string> ruleset_ids();
const RulesetInfo* find_ruleset(const std::string& id);

// Builds the model for variant v of a scenario whose common part is already read.
Model build_model(const Scenario& s, size_t v);

inline Outcome run_trial(const Model& m, TrialContext& ctx) {
  return std::visit([&](const auto& model) { return model.run_trial(ctx); }, m);
}
const RulesetInfo& info_of(const Model& m);
// What a built model's trials report: its ruleset's declaration, or the model's own where it
// depends on the scenario (a dnd5e party names its members).
inline const MetricSpec& metrics_of(const Model& m) {
  return std::visit(
      [](const auto& model) -> const MetricSpec& {
        if constexpr (requires { model.metrics(); })
          return model.metrics();
        else
          return *model.info().metrics;
      },
      m);
}

}  // namespace leth
