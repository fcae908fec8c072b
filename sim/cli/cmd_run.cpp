// `lethality run`: validate every scenario first, check every output folder, then run.
#include <algorithm>
#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <ostream>
#include <sstream>

#include "analysis/report.h"
#include "analysis/sweep_report.h"
#include "sim/cli/cli.h"
#include "sim/cli/cli_parse.h"
#include "sim/cli/interrupt.h"
#include "sim/cli/output.h"
#include "sim/cli/plan.h"
#include "sim/cli/progress.h"
#include "sim/cli/report_html.h"
#include "sim/cli/results.h"
#include "sim/engine/distributed.h"
#include "sim/engine/ranks.h"

namespace leth {

namespace {

// Removes <root>/report.html if `lethality plot` wrote it for a batch (it names itself so);
// any other file of that name is left alone.
void remove_batch_report(const std::string& root) {
  const std::string page = root + "/report.html";
  std::ifstream in(page, std::ios::binary);
  if (!in) return;
  std::ostringstream text;
  text << in.rdbuf();
  in.close();
  if (text.str().find(std::string("content=\"") + kBatchReportGenerator + "\"") ==
      std::string::npos)
    return;
  std::error_code ignored;
  std::filesystem::remove(page, ignored);
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

}  // namespace

RunInfo run_info_of(const LoadedScenario& ls, uint64_t seed, uint64_t trials, int threads,
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
  info.trials_per_second = elapsed > 0 ? static_cast<double>(trials) / elapsed : 0;
  info.peak_memory_mib = peak_memory_mib();
  for (const VariantSpec& v : s.variants) {
    info.variants.push_back(v.name);
    info.variant_descriptions.push_back(v.description);
  }
  info.metrics = metrics_of(ls.models.front());
  info.compared_with = sweep_references(s);  // a sweep point against its own variant
  return info;
}

std::string mark_partial(const std::string& run_json_text, bool partial, const Checkpoint& cp) {
  if (!partial) return run_json_text;  // a whole run's run.json is left exactly as it was
  nlohmann::json j = nlohmann::json::parse(run_json_text);
  j["partial"] = true;
  if (cp.shards > 1) j["shard"] = {{"index", cp.shard}, {"count", cp.shards}};
  return j.dump(2) + "\n";
}

int cmd_run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  CommandSpec spec{
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
      "marked partial and exits 130; --resume continues from the checkpoint. --shard K/N runs\n"
      "chunks i with i mod N = K-1 and writes tally.json for `lethality merge`.\n"
      "Progress goes to stderr: a live line on a terminal, else a log line every --log-every\n"
      "seconds (30).",
      po::options_description("options"),
      {}};
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

  if (rank != 0) {
    // The other ranks compute chunks for rank 0, scenario by scenario, until it says done.
    ThreadLimit limit(settings.threads);
    for (int i; (i = Ranks::broadcast(-1)) >= 0;) {
      const PlannedScenario& p = plan.scenarios.at(static_cast<size_t>(i));
      serve_ranks(p.loaded, p.start.seed);
    }
    return 0;
  }
  // Rank 0 names each scenario before driving it, and -1 when it is done, however it returns.
  struct EndOfRun {
    ~EndOfRun() { Ranks::broadcast(-1); }
  } end_of_run;

  ThreadLimit limit(settings.threads);
  StopOnSignal stop_on_signal;  // Ctrl-C: stop after the trials in hand
  // Each scenario's trials in this session, for the batch's ETA.
  std::vector<uint64_t> batch_trials;
  for (const PlannedScenario& p : plan.scenarios) batch_trials.push_back(p.start.trials_left());
  // Several scenarios: one summary.csv across them beside their folders, rewritten as each
  // one finishes.
  const std::string batch_root = plan.out_root;
  if (plan.scenarios.size() > 1) remove_leftovers(batch_root + "/summary.csv");
  std::string batch_summary;
  std::vector<std::pair<RunInfo, RunTally>> batch_runs;  // for the table side by side
  for (size_t i = 0; i < plan.scenarios.size(); ++i) {
    const PlannedScenario& p = plan.scenarios[i];
    const LoadedScenario& ls = p.loaded;
    Checkpoint cp = p.start;
    const std::string cp_path = checkpoint_path(p.out_dir);
    remove_leftovers(p.out_dir);  // of runs killed here before: this one holds the lock
    std::error_code no_checkpoint;
    if (!settings.resume && std::filesystem::exists(cp_path, no_checkpoint))
      err << "note: starting afresh; the checkpoint " << cp_path
          << " will be replaced (--resume continues it)\n";
    const DrivePlan rest = cp.rest();
    uint64_t chunks_done = chunk_schedule(cp.plan()).size() - chunk_schedule(rest).size();
    Ranks::broadcast(static_cast<int>(i));
    const uint64_t n = cp.trials_planned;  // with --precision: the cap (see new_checkpoint)
    const uint64_t s = cp.seed;
    const std::optional<PrecisionTarget> target = precision_target(settings, ls.scenario);
    const uint64_t died = metrics_of(ls.models.front()).end_mask(EndKind::Died);
    // The progress line counts this session's trials, so that its rate and ETA are true after
    // a resume and for a shard.
    const uint64_t session_trials = batch_trials[i];
    uint64_t batch_after = 0;
    for (size_t j = i + 1; j < batch_trials.size(); ++j) batch_after += batch_trials[j];
    std::atomic<uint64_t> done{0};
    const auto t0 = std::chrono::steady_clock::now();
    const double elapsed_before = cp.elapsed_s;
    auto elapsed = [&] {
      return elapsed_before +
             std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    };
    bool precise = false;  // decided at a chunk boundary, never inside a chunk
    try {
      ProgressSpec ps;
      ps.label = ls.scenario.name;
      ps.index = static_cast<int>(i + 1);
      ps.count = static_cast<int>(plan.scenarios.size());
      ps.total = session_trials;
      ps.batch_after = batch_after;
      ps.total_is_cap = target.has_value();
      ps.live = !quiet;
      ps.log_every_s = settings.log_every_s;
      ProgressLine progress(ps, done);
      // At each chunk boundary: a checkpoint every checkpoint_chunks chunks (counted in the
      // shard's schedule from its start, so the same whatever the threads or interruptions),
      // and on Ctrl-C a checkpoint and a stop.
      cp.tally = drive_ranks(
          ls, s, cp.tally, rest,
          [&](const RunTally& so_far) {
            ++chunks_done;
            progress.set_deaths(so_far.variants.front().ends_in(died),
                                so_far.variants.front().trials);
            if (target) {
              // This session's share of the estimated need (a resume started part-way).
              const uint64_t need = trials_needed(*target, so_far, died);
              const uint64_t now = done.load(), all = so_far.trials();
              const uint64_t before = all > now ? all - now : 0;
              progress.set_goal(need > before ? need - before : 1);
            }
            // --precision: the run is done once every variant's interval is narrow enough.
            if (target && precise_enough(*target, so_far, died)) return !(precise = true);
            if (StopOnSignal::requested()) return false;  // saved below
            if (chunks_done % settings.checkpoint_chunks == 0) {
              cp.tally = so_far;
              cp.elapsed_s = elapsed();
              cp.threads = limit.threads();
              write_file_atomically(cp_path, checkpoint_text(cp));
            }
            return true;
          },
          &done, &StopOnSignal::flag());
    } catch (const CheckpointError& e) {
      err << "error: cannot save the checkpoint: " << e.what() << "\n";
      return 2;
    }
    cp.elapsed_s = elapsed();
    cp.threads = limit.threads();
    // Ctrl-C: the runner stopped after the trials in hand, at a boundary or inside a chunk;
    // the checkpoint holds exactly those trials (a resume runs the rest of that chunk first).
    const bool stopped = StopOnSignal::requested() != 0;
    const bool complete = cp.complete() || precise;
    if (stopped && !complete) try {
        write_file_atomically(cp_path, checkpoint_text(cp));
      } catch (const CheckpointError& e) {
        err << "error: cannot save the checkpoint: " << e.what() << "\n";
        return 2;
      }
    const bool partial = !complete || settings.shards > 1;
    RunInfo info =
        run_info_of(ls, s, target ? cp.tally.trials() : n, limit.threads(), cp.elapsed_s);
    info.trials_per_second =
        cp.elapsed_s > 0 ? static_cast<double>(cp.tally.trials()) / cp.elapsed_s : 0;
    info.interval = settings.interval;
    info.reference = reference_index(settings, ls.scenario);
    info.all_pairs = settings.all_pairs;
    if (target) {
      info.precision = target->text();
      info.stop_reason = precise ? "precision" : "max_trials";
    }
    FileSet fileset = csv_files(info, cp.tally);
    add_sweep_files(fileset, ls.scenario, info, cp.tally);
    fileset.emplace_back("run.json", mark_partial(run_json(info, cp.tally), partial, cp));
    if (settings.shards > 1) fileset.emplace_back("tally.json", checkpoint_text(cp));
    try {
      write_output_dir(p.out_dir, fileset);
    } catch (const InputError& e) {
      err << e.what() << "\n";
      keep_trials(cp, cp_path, err);  // a full disk at the end loses no trial if it can
      return 2;
    }
    if (plan.scenarios.size() > 1) {
      const auto it = std::find_if(fileset.begin(), fileset.end(),
                                   [](const auto& f) { return f.first == "summary.csv"; });
      const std::string& text = it->second;  // a header, then the rows
      const size_t eol = text.find('\n');
      // The page `lethality plot` wrote for an earlier batch here no longer matches.
      if (batch_summary.empty()) remove_batch_report(batch_root);
      batch_summary += batch_summary.empty() ? text : text.substr(eol + 1);
      try {
        write_file_atomically(batch_root + "/summary.csv", batch_summary);
      } catch (const CheckpointError& e) {
        err << "error: cannot write " << batch_root << "/summary.csv: " << e.what() << "\n";
        return 2;
      }
    }
    // The results hold every trial the checkpoint does: it is needed again only to continue.
    if (complete) {
      std::error_code ignored;  // a checkpoint left behind is only replaced by the next run
      std::filesystem::remove(cp_path, ignored);
    }
    if (!quiet) out << summary_table(info, cp.tally);
    if (plan.scenarios.size() > 1 && !quiet) batch_runs.emplace_back(info, cp.tally);
    if (!quiet) out << sweep_summary(ls.scenario, info, cp.tally);
    if (partial)
      out << "  PARTIAL: " << cp.tally.trials() << " of " << n << " trials ("
          << cp.tally.ranges.text() << ")"
          << (settings.shards > 1 ? "; shard " + std::to_string(cp.shard) + "/" +
                                        std::to_string(cp.shards) + ", tally.json for merge"
                                  : std::string())
          << "\n";
    if (!quiet || partial) out << "  results: " << p.out_dir << "/\n";
    if (!complete) out << "  checkpoint: " << cp_path << " (continue with --resume)\n";
    if (!quiet) out << "\n";
    if (stopped) return StopOnSignal::requested() == SIGTERM ? 143 : 130;
  }
  if (batch_runs.size() > 1) out << side_by_side_table(batch_runs) << "\n";
  return 0;
}

}  // namespace leth
