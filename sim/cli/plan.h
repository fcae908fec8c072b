// What `lethality run` checks before it runs anything, shared with `lethality validate` so the
// two cannot disagree: the command line's numbers, every file (and every variant in it), the files
// against each other (two scenarios of one name would write one results folder), and every results
// folder.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <ostream>
#include <set>
#include <string>
#include <vector>

#include "analysis/precision.h"
#include "sim/cli/cli_parse.h"
#include "sim/cli/folder_lock.h"
#include "sim/core/error.h"
#include "sim/engine/checkpoint.h"
#include "sim/engine/load.h"

namespace leth {

inline constexpr uint64_t kDefaultCheckpointChunks = 16;  // 1,048,576 trials

// `run`'s options as typed; `validate` takes the same ones, so that `validate` with run's
// arguments checks exactly what `run` would.
struct RunArgs {
  std::vector<std::string> files;  // files and folders
  std::string trials, seed, threads = "0", out_dir;
  std::string precision, max_trials, min_trials, min_deaths;
  std::string interval = "wilson", reference;
  std::string checkpoint_every, shard;  // --resume is a switch, read from the variables map
  std::string log_every = "30";
};

// The options of RunArgs, plus --quiet, --all-pairs and --resume.
void add_run_options(CommandSpec& spec, RunArgs& args);

// RunArgs with the numbers read (sim/core/number.h: 1e6, 1_000_000) and checked.
struct RunSettings {
  std::optional<uint64_t> trials;  // overrides the files
  std::optional<uint64_t> seed;
  int threads = 0;  // 0 = all cores
  // --precision: run until every variant's death-rate interval is this narrow, at most
  // max_trials trials.
  std::optional<PrecisionTarget> precision;
  uint64_t max_trials = kDefaultMaxTrials;
  IntervalKind interval = IntervalKind::Wilson;
  std::string reference;  // empty: the baseline
  bool all_pairs = false;
  uint64_t checkpoint_chunks = kDefaultCheckpointChunks;  // a checkpoint every this many chunks
  bool resume = false;
  uint64_t shard = 1, shards = 1;  // --shard K/N, 1-based
  // Progress when stderr is not a terminal (or --quiet): a log line every this many seconds.
  int log_every_s = 30;
  // The options given on the command line (without "--"): --resume takes the others from
  // what the interrupted run recorded (its checkpoint, a batch's batch.json).
  std::set<std::string> given;

  static constexpr uint64_t kDefaultMaxTrials = 1'000'000'000;
};

// Throws InputError naming the flag and what it expects.
RunSettings read_run_settings(const po::variables_map& vm, const RunArgs& args);

// "0.001" (absolute half-width) or "5%" (relative to the estimate); throws InputError naming
// --precision.
PrecisionTarget parse_precision(const std::string& text);

// The precision target a scenario runs to, if any: --precision, else the file's `precision`
// (with --interval and the default minimums) unless --trials overrides it with a count.
std::optional<PrecisionTarget> precision_target(const RunSettings& settings, const Scenario& s);
// The trials a scenario's run plans: its count, or with a precision target its cap
// (--max-trials, else the file's max_trials, else RunSettings::kDefaultMaxTrials).
uint64_t planned_trials(const RunSettings& settings, const Scenario& s);

struct PlannedScenario {
  LoadedScenario loaded;
  std::string out_dir;  // where its results go
  Checkpoint start;     // --resume: the checkpoint read back; else an empty one of this run
  // The results folder's lock (sim/cli/folder_lock.h), held from planning until the plan is
  // gone: its checkpoint and results are this process's alone.
  std::shared_ptr<FolderLock> lock;
  // --resume of a batch: the scenario had finished (its run.json whole and of this run, no
  // checkpoint): its results folder is kept as it is, and its summary.csv is this text.
  bool finished = false;
  std::string finished_summary;
};

// Where a results folder's checkpoint lives: beside it, "<out_dir>.checkpoint.json".
std::string checkpoint_path(const std::string& out_dir);
// The header of this run's checkpoints, with an empty tally.
Checkpoint new_checkpoint(const LoadedScenario& ls, const RunSettings& settings);

struct RunPlan {
  std::vector<PlannedScenario> scenarios;  // the files that passed every check, in order
  std::vector<InputError> errors;          // everything wrong, in file order
  std::shared_ptr<FolderLock> batch_lock;  // several scenarios: their summary.csv's lock
  std::string out_root = "results";        // --out as used: a batch's summary.csv goes here
  RunSettings settings;  // as given, with what --resume read back from the record or checkpoint
  bool ok() const { return errors.empty(); }
};

// Expands folders, loads every file, cross-checks them and, if all of that passed, locks and
// checks every results folder (`out_dir` empty: results/<name>, or results/<name>.shard-K-of-N
// for a shard; one scenario: out_dir itself, normalised by output_path(); several:
// out_dir/<name>). --shard takes one scenario and must own at least one chunk. --resume reads
// the checkpoint and refuses one of another run (scenario file, seed, trials, version, chunk
// size, shard); without --trials or --seed it takes them from the checkpoint. --resume of a
// batch (sim/cli/batch_record.h) takes the options not given from its batch.json, keeps each
// scenario that finished, continues the one with a checkpoint and plans the others afresh.
// Creates nothing that stays once the plan is gone.
RunPlan plan_run(const std::vector<std::string>& paths, const std::string& out_dir,
                 RunSettings settings = {});

// The index of the variant --reference names in this scenario (0, the baseline, when no name
// was given); throws InputError naming the flag, the file and its variants.
size_t reference_index(const RunSettings& settings, const Scenario& s);

// The common start of `run` and `validate`: reads the settings and plans every file, with the
// settings checked against them (plan.errors holds what is wrong, not yet printed). Writes the
// error and returns nullopt when nothing can be planned: no files, or a bad flag.
struct CheckedRun {
  RunSettings settings;
  RunPlan plan;
};
std::optional<CheckedRun> check_run(const po::variables_map& vm, const RunArgs& args,
                                    const std::string& usage, std::ostream& err);

// The settings against every planned scenario (a --reference every file must have): the
// errors, in file order.
std::vector<InputError> check_settings(const RunSettings& settings, const RunPlan& plan);

}  // namespace leth
