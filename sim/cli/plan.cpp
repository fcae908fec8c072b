#include "sim/cli/plan.h"

#include <map>

#include "sim/cli/output.h"

namespace leth {

RunPlan plan_run(const std::vector<std::string>& paths, const std::string& out_dir) {
  RunPlan plan;
  std::vector<std::string> files;
  try {
    files = expand_scenario_paths(paths);
  } catch (const InputError& e) {
    plan.errors.push_back(e);
    return plan;
  }
  std::map<std::string, std::string> names;  // scenario name -> the file that took it first
  for (const std::string& f : files) {
    try {
      LoadedScenario ls = load_scenario(f);
      const std::string& name = ls.scenario.name;
      if (auto [it, fresh] = names.emplace(name, f); !fresh)
        throw InputError({f}, "scenario name \"" + name + "\" is also used by " + it->second,
                         "their results would share a folder; rename one");
      plan.scenarios.push_back({std::move(ls), ""});
    } catch (const InputError& e) {
      plan.errors.push_back(e);
    }
  }
  if (!plan.ok()) return plan;
  std::vector<PlannedScenario> checked;
  for (PlannedScenario& p : plan.scenarios) {
    const std::string& name = p.loaded.scenario.name;
    p.out_dir = out_dir.empty()     ? "results/" + name
                : files.size() == 1 ? out_dir
                                    : out_dir + "/" + name;
    try {
      check_output_dir(p.out_dir);
      checked.push_back(std::move(p));
    } catch (const InputError& e) {
      plan.errors.push_back(e);
    }
  }
  plan.scenarios = std::move(checked);
  return plan;
}

}  // namespace leth
