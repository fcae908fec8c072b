#include "sim/cli/scenario_results.h"

#include "analysis/sweep_report.h"
#include "sim/cli/results.h"

namespace leth {

namespace {

bool partial_run(const RunSettings& settings, const DrivenScenario& d) {
  return !d.complete() || settings.shards > 1;
}

}  // namespace

RunInfo scenario_info(const PlannedScenario& p, const RunSettings& settings,
                      const DrivenScenario& d, int threads) {
  const Checkpoint& cp = d.cp;
  const std::optional<PrecisionTarget> target = precision_target(settings, p.loaded.scenario);
  // With --precision: the trials run; else the trials planned (see new_checkpoint).
  RunInfo info = run_info_of(p.loaded, cp.seed, target ? cp.tally.trials() : cp.trials_planned,
                             threads, cp.elapsed_s);
  info.trials_per_second =
      cp.elapsed_s > 0 ? static_cast<double>(cp.tally.trials()) / cp.elapsed_s : 0;
  info.interval = settings.interval;
  info.reference = reference_index(settings, p.loaded.scenario);
  info.all_pairs = settings.all_pairs;
  if (target) {
    info.precision = target->text();
    info.stop_reason = d.precise ? "precision" : "max_trials";
  }
  return info;
}

FileSet scenario_files(const PlannedScenario& p, const RunSettings& settings,
                       const DrivenScenario& d, const RunInfo& info) {
  FileSet files = csv_files(info, d.cp.tally);
  add_sweep_files(files, p.loaded.scenario, info, d.cp.tally);
  files.emplace_back("run.json",
                     mark_partial(run_json(info, d.cp.tally), partial_run(settings, d), d.cp));
  if (settings.shards > 1) files.emplace_back("tally.json", checkpoint_text(d.cp));
  return files;
}

const std::string& file_text(const FileSet& files, const std::string& name) {
  static const std::string none;
  for (const auto& f : files)
    if (f.first == name) return f.second;
  return none;
}

void print_scenario(std::ostream& out, const PlannedScenario& p, const RunSettings& settings,
                    const DrivenScenario& d, const RunInfo& info, bool quiet) {
  const Checkpoint& cp = d.cp;
  const bool partial = partial_run(settings, d);
  if (!quiet) out << summary_table(info, cp.tally);
  if (!quiet) out << sweep_summary(p.loaded.scenario, info, cp.tally);
  if (partial)
    out << "  PARTIAL: " << cp.tally.trials() << " of " << cp.trials_planned << " trials ("
        << cp.tally.ranges.text() << ")"
        << (settings.shards > 1 ? "; shard " + std::to_string(cp.shard) + "/" +
                                      std::to_string(cp.shards) + ", tally.json for merge"
                                : std::string())
        << "\n";
  if (!quiet || partial) out << "  results: " << p.out_dir << "/\n";
  if (!d.complete())
    out << "  checkpoint: " << checkpoint_path(p.out_dir) << " (continue with --resume)\n";
  if (!quiet) out << "\n";
}

}  // namespace leth
