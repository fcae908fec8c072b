// `lethality run`: validate every scenario first, check every output folder, then run.
#include <chrono>
#include <filesystem>
#include <ostream>

#include "analysis/report.h"
#include "sim/cli/cli.h"
#include "sim/cli/cli_parse.h"
#include "sim/cli/output.h"
#include "sim/cli/plan.h"
#include "sim/cli/progress.h"
#include "sim/engine/driver.h"

namespace leth {

namespace {

RunInfo run_info(const LoadedScenario& ls, uint64_t seed, uint64_t trials, int threads,
                 double elapsed) {
  const Scenario& s = ls.scenario;
  RunInfo info;
  info.version = kVersion;
  info.scenario = s.name;
  info.description = s.description;
  info.ruleset = s.ruleset;
  info.file = s.file;
  info.sha256 = s.sha256;
  info.seed = seed;
  info.trials = trials;
  info.threads = threads;
  info.elapsed_s = elapsed;
  for (const VariantSpec& v : s.variants) {
    info.variants.push_back(v.name);
    info.variant_descriptions.push_back(v.description);
  }
  info.metrics = metrics_of(ls.models.front());
  return info;
}

}  // namespace

int cmd_run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  CommandSpec spec{
      "lethality run FILE|DIR... [--trials N | --precision H] [--seed S] [--threads T] "
      "[--out DIR]",
      "Runs each scenario (a folder means every *.toml in it), prints a summary per scenario and\n"
      "writes summary.csv, end_states.csv, histograms.csv, sequelae.csv, examples.csv,\n"
      "comparisons.csv and "
      "run.json into results/<scenario-name>/ (or --out DIR). Every file is validated before\n"
      "anything runs; bad input exits with status 2 and writes nothing. With --precision the\n"
      "run stops, at a chunk boundary, once every variant's death-rate interval is narrow\n"
      "enough (or at --max-trials); the stopping point does not depend on --threads.",
      po::options_description("options"),
      {}};
  RunArgs run_args;
  add_run_options(spec, run_args);
  po::variables_map vm;
  if (auto status = parse_command(args, spec, vm, out, err)) return *status;
  const bool quiet = vm.count("quiet") > 0;
  if (run_args.files.empty()) {
    err << "error: no scenario files given\nusage: " << spec.usage << "\n";
    return 2;
  }
  RunSettings settings;
  try {
    settings = read_run_settings(vm, run_args);
  } catch (const InputError& e) {
    err << e.what() << "\n";
    return 2;
  }

  // Validate everything before running anything: the same checks as `validate`.
  RunPlan plan = plan_run(run_args.files, run_args.out_dir);
  for (InputError& e : check_settings(settings, plan)) plan.errors.push_back(std::move(e));
  for (const InputError& e : plan.errors) err << e.what() << "\n";
  if (!plan.ok()) return 2;

  ThreadLimit limit(settings.threads);
  for (const PlannedScenario& p : plan.scenarios) {
    const LoadedScenario& ls = p.loaded;
    const std::optional<PrecisionTarget>& target = settings.precision;
    // With a precision target, the trials are a cap; the hook at each chunk boundary decides.
    const uint64_t n = target ? settings.max_trials : settings.trials.value_or(ls.scenario.trials);
    const uint64_t s = settings.seed.value_or(ls.scenario.seed);
    const uint64_t died = metrics_of(ls.models.front()).end_mask(EndKind::Died);
    ChunkHook hook;
    if (target) hook = [&](const RunTally& t) { return !precise_enough(*target, t, died); };
    std::atomic<uint64_t> done{0};
    const auto t0 = std::chrono::steady_clock::now();
    RunTally tally;
    {
      ProgressLine progress(ls.scenario.name, n, done, !quiet);
      tally = drive(ls, s, DrivePlan{0, n}, hook, &done);
    }
    const double elapsed =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    RunInfo info = run_info(ls, s, tally.trials(), limit.threads(), elapsed);
    info.interval = settings.interval;
    info.reference = reference_index(settings, ls.scenario);
    info.all_pairs = settings.all_pairs;
    if (target) {
      info.precision = target->text();
      info.stop_reason = precise_enough(*target, tally, died) ? "precision" : "max_trials";
    }
    FileSet fileset = csv_files(info, tally);
    fileset.emplace_back("run.json", run_json(info, tally));
    try {
      write_output_dir(p.out_dir, fileset);
    } catch (const InputError& e) {
      err << e.what() << "\n";
      return 2;
    }
    if (!quiet) out << summary_table(info, tally) << "  results: " << p.out_dir << "/\n\n";
  }
  return 0;
}

}  // namespace leth
