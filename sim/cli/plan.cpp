#include "sim/cli/plan.h"

#include <cmath>
#include <cstdlib>
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
      "precision", po::value<std::string>(&args.precision),
      "run until every variant's death-rate 95% interval has at most this half-width: 0.001 "
      "(absolute) or 5% (of the estimate); replaces --trials")(
      "max-trials", po::value<std::string>(&args.max_trials),
      "with --precision: stop here even if not precise (default 1e9)")(
      "min-trials", po::value<std::string>(&args.min_trials),
      "with --precision: never stop before this many trials (default 10000)")(
      "min-deaths", po::value<std::string>(&args.min_deaths),
      "with --precision: never stop before every variant has this many deaths (default 20)")(
      "interval", po::value<std::string>(&args.interval)->default_value("wilson"),
      "rate intervals: wilson or clopper-pearson")(
      "reference", po::value<std::string>(&args.reference),
      "compare every variant against this one (default: the baseline)")(
      "all-pairs", "compare every pair of variants")("quiet,q",
                                                     "no summary table and no progress line")(
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

  if (args.interval == "wilson")
    s.interval = IntervalKind::Wilson;
  else if (args.interval == "clopper-pearson")
    s.interval = IntervalKind::ClopperPearson;
  else
    throw InputError({}, "--interval \"" + args.interval + "\" is not an interval",
                     "expected wilson or clopper-pearson");

  if (vm.count("precision")) {
    if (vm.count("trials"))
      throw InputError({}, "--precision and --trials cannot both be given",
                       "--precision decides the trials; cap them with --max-trials");
    s.precision = parse_precision(args.precision);
    s.precision->interval = s.interval;
    if (vm.count("max-trials"))
      s.max_trials = static_cast<uint64_t>(
          parse_flag_number("--max-trials", args.max_trials, 1,
                            static_cast<int64_t>(Scenario::kMaxTrials), "1 to 10^12"));
    if (vm.count("min-trials"))
      s.precision->min_trials = static_cast<uint64_t>(
          parse_flag_number("--min-trials", args.min_trials, 0,
                            static_cast<int64_t>(Scenario::kMaxTrials), "0 to 10^12"));
    if (vm.count("min-deaths"))
      s.precision->min_deaths = static_cast<uint64_t>(
          parse_flag_number("--min-deaths", args.min_deaths, 0,
                            static_cast<int64_t>(Scenario::kMaxTrials), "0 to 10^12"));
  } else {
    for (const char* flag : {"max-trials", "min-trials", "min-deaths"})
      if (vm.count(flag))
        throw InputError({}, std::string("--") + flag + " needs --precision",
                         "without a precision target the run makes exactly --trials trials");
  }

  s.all_pairs = vm.count("all-pairs") > 0;
  if (vm.count("reference")) {
    if (s.all_pairs)
      throw InputError({}, "--reference and --all-pairs cannot both be given",
                       "--all-pairs compares every pair, each against the earlier variant");
    if (args.reference.empty())
      throw InputError({}, "--reference needs a variant name", "expected e.g. --reference flat");
    s.reference = args.reference;
  }
  return s;
}

PrecisionTarget parse_precision(const std::string& text) {
  PrecisionTarget t;
  const bool relative = !text.empty() && text.back() == '%';
  const std::string number = relative ? text.substr(0, text.size() - 1) : text;
  char* end = nullptr;
  const double x = number.empty() ? NAN : std::strtod(number.c_str(), &end);
  const bool whole = end && *end == '\0';
  if (!whole || !std::isfinite(x) || x <= 0 || (relative ? x >= 100 : x >= 0.5))
    throw InputError({}, "--precision \"" + text + "\" is not a precision",
                     "expected a half-width above 0 and below 0.5 (e.g. 0.001), or a percentage "
                     "of the estimate above 0% and below 100% (e.g. 5%)");
  t.half_width = relative ? x / 100 : x;
  t.relative = relative;
  return t;
}

size_t reference_index(const RunSettings& settings, const Scenario& s) {
  if (settings.reference.empty()) return 0;
  std::string names;
  for (size_t v = 0; v < s.variants.size(); ++v) {
    if (s.variants[v].name == settings.reference) return v;
    names += (v ? ", " : "") + s.variants[v].name;
  }
  throw InputError({s.file}, "--reference " + settings.reference + ": no such variant in " + s.name,
                   "expected one of " + names);
}

std::vector<InputError> check_settings(const RunSettings& settings, const RunPlan& plan) {
  std::vector<InputError> errors;
  for (const PlannedScenario& p : plan.scenarios) try {
      reference_index(settings, p.loaded.scenario);
    } catch (const InputError& e) {
      errors.push_back(e);
    }
  return errors;
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
