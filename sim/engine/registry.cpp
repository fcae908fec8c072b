#include "sim/engine/registry.h"

#include <stdexcept>

#include "rules/pf2/config.h"

namespace leth {

const std::vector<RulesetInfo>& rulesets() {
  static const std::vector<RulesetInfo> all = {
      {"pf2", "Pathfinder 2e: hit points, dying and recovery", "004_3cd47c20af020d45.txt",
       &pf2::option_specs()},
  };
  return all;
}

std::vector<std::string> ruleset_ids() {
  std::vector<std::string> ids;
  for (const RulesetInfo& r : rulesets()) ids.push_back(r.id);
  return ids;
}

const RulesetInfo* find_ruleset(const std::string& id) {
  for (const RulesetInfo& r : rulesets())
    if (r.id == id) return &r;
  return nullptr;
}

Model build_model(const Scenario& s, size_t v) {
  if (s.ruleset == "pf2") return pf2::Model(pf2::read_config(s, v));
  throw std::logic_error("no model for ruleset " + s.ruleset);
}

const std::vector<std::string>& condition_names(const Model& m) {
  return std::visit(
      [](const auto& model) -> const std::vector<std::string>& { return model.condition_names(); },
      m);
}

const std::vector<std::string>& sequela_names(const Model& m) {
  return std::visit(
      [](const auto& model) -> const std::vector<std::string>& { return model.sequela_names(); },
      m);
}

}  // namespace leth
