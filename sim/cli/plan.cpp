#include "sim/cli/plan.h"

#include <map>

#include "sim/core/number.h"

#include "sim/cli/output.h"

namespace leth {

void add_run_options(CommandSpec& spec, RunArgs& args) {
  spec.options.add_options()("trials", po::value<std::string>(&args.trials),
                             "trials per scenario (overrides the files); 1e6 and 1_000_000 "
                             "read as in a scenario file")(
      "seed", po::value<std::string>(&args.seed), "random seed (overrides the files)")(
      "threads", po::value<std::string>(&args.threads)->default_value("0"),
      "worker threads; 0 = all cores. Results do not depend on it")(
      "out", po::value<std::string>(&args.out_dir),
      "results folder (several scenarios: one subfolder each); default results/<name>/")(
      "quiet,q", "no summary table and no progress line")(
      "file", po::value<std::vector<std::string>>(&args.files), "scenario files or folders");
  spec.positional.add("file", -1);
}

RunSettings read_run_settings(const po::variables_map& vm, const RunArgs& args) {
  RunSettings s;
  if (vm.count("trials"))
    s.trials = static_cast<uint64_t>(parse_flag_number(
        "--trials", args.trials, 1, static_cast<int64_t>(Scenario::kMaxTrials), "1 to 10^12"));
  if (vm.count("seed"))
    s.seed =
        static_cast<uint64_t>(parse_flag_number("--seed", args.seed, 0, INT64_MAX, "0 or more"));
  s.threads = static_cast<int>(
      parse_flag_number("--threads", args.threads, 0, 4096, "0 = all cores, or 1 to 4096"));
  return s;
}

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
