// `lethality run`: validate every scenario first, check every output folder, then run.
#include <csignal>
#include <filesystem>
#include <ostream>
#include <sstream>

#include "analysis/report.h"
#include "sim/cli/batch_output.h"
#include "sim/cli/cli.h"
#include "sim/cli/cli_parse.h"
#include "sim/cli/drive_scenario.h"
#include "sim/cli/interrupt.h"
#include "sim/cli/output.h"
#include "sim/cli/plan.h"
#include "sim/cli/scenario_results.h"
#include "sim/engine/distributed.h"
#include "sim/engine/ranks.h"

namespace leth {

namespace {

CommandSpec run_spec() {
  return {
      "lethality run FILE|DIR... [--trials N | --precision H] [--max-trials N] [--min-trials N]\n"
      "       [--min-deaths N] [--seed S] [--threads T] [--out DIR] [--quiet] [--log-every "
      "SECONDS]\n"
      "       [--reference NAME | --all-pairs] [--interval wilson|clopper-pearson]\n"
      "       [--checkpoint-every N] [--resume] [--shard K/N]",
      "Runs each scenario (a folder means every *.toml in it), prints a summary per scenario and\n"
      "writes summary.csv, end_states.csv, histograms.csv, sequelae.csv, examples.csv,\n"
      "comparisons.csv and "
      "run.json into results/<scenario-name>/ (or --out DIR); several scenarios also get one\n"
      "summary.csv across them beside their folders. Every file is validated before\n"
      "anything runs; bad input exits with status 2 and writes nothing. With --precision the\n"
      "run stops, at a chunk boundary, once every variant's death-rate interval is narrow\n"
      "enough (or at --max-trials); the stopping point does not depend on --threads.\n"
      "Every --checkpoint-every trials the run saves <results folder>.checkpoint.json; Ctrl-C\n"
      "stops after the trials in hand, saves a checkpoint, writes the results so far\n"
      "marked partial and exits 130; --resume continues from the checkpoint (a batch: every\n"
      "scenario not finished, with the options in its batch.json). --shard K/N runs\n"
      "chunks i with i mod N = K-1 and writes tally.json for `lethality merge`.\n"
      "Progress goes to stderr: a live line on a terminal, else a log line every --log-every\n"
      "seconds (30).",
      po::options_description("options"),
      {}};
}

// After the results could not be written: the trials saved as a checkpoint, if there is room
// for it, so that `--resume` writes them without running them again.
void keep_trials(const Checkpoint& cp, const std::string& cp_path, std::ostream& err) {
  try {
    write_file_atomically(cp_path, checkpoint_text(cp));
    err << "note: the " << cp.tally.trials() << " trials are kept in " << cp_path
        << "; once the results can be written, run again with --resume\n";
  } catch (const CheckpointError& e) {
    err << "error: the trials could not be kept either: " << e.what() << "\n";
  }
}

// Rank 0 names each scenario (and its seed, which --resume may have read back) before
// driving it; the other ranks compute its chunks until rank 0 sends -1.
void announce(int index, uint64_t seed) {
  Ranks::broadcast(index);
  Ranks::broadcast(static_cast<int>(static_cast<uint32_t>(seed >> 32)));
  Ranks::broadcast(static_cast<int>(static_cast<uint32_t>(seed)));
}

int serve_other_ranks(const RunPlan& plan, const RunSettings& settings) {
  ThreadLimit limit(settings.threads);
  for (int i; (i = Ranks::broadcast(-1)) >= 0;) {
    const auto hi = static_cast<uint32_t>(Ranks::broadcast(0));
    const auto lo = static_cast<uint32_t>(Ranks::broadcast(0));
    serve_ranks(plan.scenarios.at(static_cast<size_t>(i)).loaded,
                (static_cast<uint64_t>(hi) << 32) | lo);
  }
  return 0;
}

// The trials each scenario runs in this session (none for one kept by --resume), for the
// batch's ETA.
std::vector<uint64_t> session_trials(const RunPlan& plan) {
  std::vector<uint64_t> t;
  for (const PlannedScenario& p : plan.scenarios)
    t.push_back(p.finished ? 0 : p.start.trials_left());
  return t;
}

ScenarioPlace place_of(const std::vector<uint64_t>& trials, size_t i) {
  ScenarioPlace place{i, trials.size(), trials[i], 0};
  for (size_t j = i + 1; j < trials.size(); ++j) place.batch_after += trials[j];
  return place;
}

// Rank 0's run of the planned scenarios, in order: each played, written and shown, and the
// batch's files kept up to date.
class RunSession {
 public:
  RunSession(const RunPlan& plan, const RunSettings& settings, int threads, bool quiet,
             const std::vector<std::string>& args, std::ostream& out, std::ostream& err)
      : plan_(plan),
        settings_(settings),
        threads_(threads),
        quiet_(quiet),
        args_(args),
        out_(out),
        err_(err),
        trials_(session_trials(plan)) {}

  // The exit status: 0, 2 (results or a checkpoint could not be written), 130 or 143 (Ctrl-C
  // or SIGTERM).
  int run() {
    // Several scenarios: the batch's summary.csv and batch.json beside their folders,
    // rewritten as each one ends.
    if (plan_.scenarios.size() > 1) try {
        batch_.emplace(plan_, settings_);
      } catch (const CheckpointError& e) {
        err_ << "error: cannot write the batch's record: " << e.what() << "\n";
        return 2;
      }
    for (size_t i = 0; i < plan_.scenarios.size(); ++i) {
      const std::optional<int> status = plan_.scenarios[i].finished ? keep(i) : play(i);
      if (status) return *status;
    }
    if (runs_.size() > 1) out_ << side_by_side_table(runs_) << "\n";
    if (kept_ > 0 && !quiet_)
      out_ << "batch resumed: " << kept_ << " of " << plan_.scenarios.size()
           << " scenarios kept from before (their rows are in " << batch_->summary_path()
           << ", not in a table above)\n";
    return 0;
  }

 private:
  // The batch's files with scenario i's summary; false (said) if they cannot be written.
  bool add_to_batch(size_t i, const std::string& summary, const std::string& state, bool ran) {
    if (!batch_) return true;
    try {
      batch_->add(i, summary, state, ran);
      return true;
    } catch (const CheckpointError& e) {
      err_ << "error: cannot write the batch's summary: " << e.what() << "\n";
      return false;
    }
  }

  // --resume: scenario i's results folder is whole and of this run.
  std::optional<int> keep(size_t i) {
    const PlannedScenario& p = plan_.scenarios[i];
    if (!add_to_batch(i, p.finished_summary, "done", false)) return 2;
    ++kept_;
    if (!quiet_)
      out_ << p.loaded.scenario.name << ": finished before, kept: " << p.out_dir << "/\n\n";
    return std::nullopt;
  }

  // Scenario i played, written and shown; an exit status if the run ends here.
  std::optional<int> play(size_t i) {
    const PlannedScenario& p = plan_.scenarios[i];
    const std::string cp_path = checkpoint_path(p.out_dir);
    remove_leftovers(p.out_dir);  // of runs killed here before: this one holds the lock
    std::error_code no_checkpoint;
    if (!settings_.resume && std::filesystem::exists(cp_path, no_checkpoint))
      err_ << "note: starting afresh; the checkpoint " << cp_path
           << " will be replaced (--resume continues it)\n";
    announce(static_cast<int>(i), p.start.seed);
    DrivenScenario d;
    try {
      d = drive_scenario(p, settings_, place_of(trials_, i), threads_, quiet_);
    } catch (const CheckpointError& e) {
      err_ << "error: cannot save the checkpoint: " << e.what() << "\n";
      return 2;
    }
    const RunInfo info = scenario_info(p, settings_, d, threads_);
    const FileSet files = scenario_files(p, settings_, d, info);
    try {
      write_output_dir(p.out_dir, files);
    } catch (const InputError& e) {
      err_ << e.what() << "\n";
      keep_trials(d.cp, cp_path, err_);  // a full disk at the end loses no trial if it can
      return 2;
    }
    if (!add_to_batch(i, file_text(files, "summary.csv"), d.complete() ? "done" : "partial", true))
      return 2;
    // The results hold every trial the checkpoint does: it is needed again only to continue.
    if (d.complete()) {
      std::error_code ignored;  // a checkpoint left behind is only replaced by the next run
      std::filesystem::remove(cp_path, ignored);
    }
    print_scenario(out_, p, settings_, d, info, quiet_);
    if (batch_ && !quiet_) runs_.emplace_back(info, d.cp.tally);
    if (!d.stopped) return std::nullopt;
    if (batch_)
      err_ << interrupted_note(*batch_, resume_command(args_));
    else if (!d.complete())
      err_ << "interrupted; resume with: " << resume_command(args_) << "\n";
    return StopOnSignal::requested() == SIGTERM ? 143 : 130;
  }

  const RunPlan& plan_;
  const RunSettings& settings_;
  const int threads_;
  const bool quiet_;
  const std::vector<std::string>& args_;
  std::ostream &out_, &err_;
  const std::vector<uint64_t> trials_;  // each scenario's in this session, for the batch's ETA
  std::optional<BatchOutput> batch_;
  std::vector<std::pair<RunInfo, RunTally>> runs_;  // for the table side by side
  size_t kept_ = 0;                                 // scenarios --resume kept
};

}  // namespace

int cmd_run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  CommandSpec spec = run_spec();
  RunArgs run_args;
  add_run_options(spec, run_args);
  po::variables_map vm;
  // In an MPI job (sim/engine/ranks.h) only rank 0 prints and writes; every rank checks the
  // files, since every rank loads them to compute its chunks.
  const int rank = Ranks::rank();
  std::ostream discard(nullptr);
  std::ostringstream rank_err;
  std::ostream& say = rank == 0 ? out : discard;
  std::ostream& complain = rank == 0 ? err : rank_err;
  if (auto status = parse_command(args, spec, vm, say, complain)) return *status;
  const bool quiet = vm.count("quiet") > 0;
  // Validate everything before running anything: the same checks as `validate`.
  std::optional<CheckedRun> checked = check_run(vm, run_args, spec.usage, complain);
  if (checked)
    for (const InputError& e : checked->plan.errors) complain << e.what() << "\n";
  const bool mine = checked && checked->plan.ok();
  const bool rank0_ok = Ranks::broadcast(mine ? 1 : 0) == 1;
  if (!Ranks::all(mine)) {
    // A rank's own trouble (a file it cannot read on its node) is said once, by that rank.
    if (rank != 0 && rank0_ok) err << "rank " << rank << ": " << rank_err.str();
    return 2;
  }
  const RunSettings& settings = checked->settings;
  const RunPlan& plan = checked->plan;
  if (rank != 0) return serve_other_ranks(plan, settings);
  struct EndOfRun {  // rank 0 says -1 when it is done, however it returns
    ~EndOfRun() { Ranks::broadcast(-1); }
  } end_of_run;

  ThreadLimit limit(settings.threads);
  StopOnSignal stop_on_signal;  // Ctrl-C: stop after the trials in hand
  return RunSession(plan, settings, limit.threads(), quiet, args, out, err).run();
}

}  // namespace leth
