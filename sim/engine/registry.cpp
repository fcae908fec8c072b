#include "sim/engine/registry.h"

#include <stdexcept>

namespace leth {

namespace {

template <typename... Ms>
std::vector<RulesetInfo> infos(RulesetList<Ms...>) {
  std::vector<RulesetInfo> all{Ms::info()...};
  for (const RulesetInfo& r : all) r.metrics->validate();  // a bad declaration fails at once
  return all;
}

template <typename M, typename... Rest>
Model build(const Scenario& s, size_t v) {
  if (s.ruleset == M::info().id) return Model(std::in_place_type<M>, M::build(s, v));
  if constexpr (sizeof...(Rest) > 0)
    return build<Rest...>(s, v);
  else
    throw std::logic_error("no model for ruleset " + s.ruleset);
}

template <typename... Ms>
Model build_any(RulesetList<Ms...>, const Scenario& s, size_t v) {
  return build<Ms...>(s, v);
}

}  // namespace

const std::vector<RulesetInfo>& rulesets() {
  static const std::vector<RulesetInfo> all = infos(Rulesets{});
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
  return build_any(Rulesets{}, s, v);
}

const RulesetInfo& info_of(const Model& m) {
  return std::visit([](const auto& model) -> const RulesetInfo& { return model.info(); }, m);
}

}  // namespace leth
