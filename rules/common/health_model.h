// What a ruleset is to the engine, checked by the compiler: a C++20 concept over the model
// type, and the one entry (id, title, seed file, options, metrics) it registers with.
#pragma once

#include <concepts>
#include <string>
#include <vector>

#include "rules/common/options.h"
#include "scenarios/scenario.h"
#include "sim/core/metrics.h"
#include "sim/core/outcome.h"
#include "sim/core/trial.h"

namespace leth {

struct RulesetInfo {
  std::string id;         // the scenario's `ruleset = "..."`
  std::string title;      // one line for `lethality rules`
  std::string seed_file;  // in ../shared/seeds/
  const std::vector<OptionSpec>* options;
  const MetricSpec* metrics;  // what a trial of this model reports
  // A commented scenario setting every key the loader reads: `lethality rules ID --template`
  // prints it, and `lethality rules ID` lists the keys by reading it.
  const char* (*scenario_template)();
  // The same for a party fight ([[party]], docs/parties.md); null where the ruleset has none.
  const char* (*party_template)() = nullptr;
};

// A health model: built once per scenario variant (immutable afterwards, shared by every
// thread), it plays one trial from the streams it is given and reports an Outcome in the
// terms of its declared metrics.
template <typename M>
concept HealthModel = std::move_constructible<M> &&
    requires(const M& model, const Scenario& scenario, size_t variant, TrialContext& ctx) {
  { M::info() } -> std::same_as<const RulesetInfo&>;
  { M::build(scenario, variant) } -> std::same_as<M>;  // throws InputError on bad input
  { model.run_trial(ctx) } -> std::same_as<Outcome>;
};

}  // namespace leth
