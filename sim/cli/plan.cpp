#include "sim/cli/plan.h"

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <map>

#include "sim/core/number.h"
#include "sim/core/precision_text.h"

#include "sim/cli/batch_record.h"
#include "sim/cli/finished_run.h"
#include "sim/cli/output.h"
#include "sim/engine/ranks.h"

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
      "all-pairs", "compare every pair of variants")(
      "quiet,q", "no summary table and no progress (with --log-every: progress as log lines)")(
      "log-every", po::value<std::string>(&args.log_every)->default_value("30"),
      "seconds between progress log lines when stderr is not a terminal; 0 = none; with "
      "--quiet, only when given")(
      "checkpoint-every", po::value<std::string>(&args.checkpoint_every),
      "trials between checkpoints, rounded up to whole chunks of 65536; default 1048576")(
      "resume",
      "continue from the checkpoint beside the results folder; a batch: keep what finished, "
      "continue the interrupted one, run the rest")(
      "shard", po::value<std::string>(&args.shard),
      "K/N: run only the chunks i with i mod N = K-1, write tally.json (one scenario)")(
      "file", po::value<std::vector<std::string>>(&args.files), "scenario files or folders");
  spec.positional.add("file", -1);
}

RunSettings read_run_settings(const po::variables_map& vm, const RunArgs& args) {
  RunSettings s;
  for (const char* flag : {"trials", "seed", "precision", "max-trials", "min-trials", "min-deaths",
                           "interval", "reference", "all-pairs"})
    if (vm.count(flag) && !vm[flag].defaulted()) s.given.insert(flag);
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
  if (vm.count("checkpoint-every")) {
    const auto every = static_cast<uint64_t>(
        parse_flag_number("--checkpoint-every", args.checkpoint_every, 1,
                          static_cast<int64_t>(Scenario::kMaxTrials), "trials, 1 to 10^12"));
    s.checkpoint_chunks = (every + kChunkTrials - 1) / kChunkTrials;
  }
  s.resume = vm.count("resume") > 0;
  s.log_every_s = static_cast<int>(
      parse_flag_number("--log-every", args.log_every, 0, 86'400, "seconds, 0 to 86400"));
  // --quiet: nothing on stderr but errors and notes, unless --log-every asks for log lines.
  if (vm.count("quiet") && vm["log-every"].defaulted()) s.log_every_s = 0;
  if (vm.count("shard")) {
    const std::string& t = args.shard;
    const size_t slash = t.find('/');
    const std::string hint = "expected K/N with 1 <= K <= N, e.g. --shard 2/8";
    if (slash == std::string::npos) throw InputError({}, "--shard " + t + " has no '/'", hint);
    s.shard = static_cast<uint64_t>(
        parse_flag_number("--shard", t.substr(0, slash), 1, 1'000'000, "K/N, K from 1 to N"));
    s.shards = static_cast<uint64_t>(
        parse_flag_number("--shard", t.substr(slash + 1), 1, 1'000'000, "K/N, N from 1"));
    if (s.shard > s.shards)
      throw InputError({},
                       "--shard " + t + ": shard " + std::to_string(s.shard) + " of " +
                           std::to_string(s.shards) + " does not exist",
                       hint);
  }
  // A shard cannot tell when the whole run is precise: the target needs every trial's tally
  // at each boundary (one process, or MPI ranks, have it; a shard has only its own chunks).
  if (s.precision && vm.count("shard"))
    throw InputError({}, "--precision cannot be combined with --shard",
                     "give the shards a trial count (--trials), or spread a precision run "
                     "over MPI ranks (mpirun -np R lethality run ... --precision ...)");
  return s;
}

PrecisionTarget parse_precision(const std::string& text) {
  PrecisionText p;
  try {
    p = parse_precision_text(text);
  } catch (const InputError& e) {
    throw InputError({}, "--precision " + e.bare_message(), e.hint());
  }
  PrecisionTarget t;
  t.half_width = p.half_width;
  t.relative = p.relative;
  return t;
}

std::optional<CheckedRun> check_run(const po::variables_map& vm, const RunArgs& args,
                                    const std::string& usage, std::ostream& err) {
  if (args.files.empty()) {
    err << "error: no scenario files given\nusage: " << usage << "\n";
    return std::nullopt;
  }
  CheckedRun r;
  try {
    r.settings = read_run_settings(vm, args);
  } catch (const InputError& e) {
    err << e.what() << "\n";
    return std::nullopt;
  }
  r.plan = plan_run(args.files, args.out_dir, r.settings);
  r.settings = r.plan.settings;  // with what --resume read back
  for (InputError& e : check_settings(r.settings, r.plan)) r.plan.errors.push_back(std::move(e));
  return r;
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

std::string checkpoint_path(const std::string& out_dir) {
  std::filesystem::path p = std::filesystem::path(out_dir).lexically_normal();
  if (p.filename().empty()) p = p.parent_path();
  return p.string() + ".checkpoint.json";
}

std::optional<PrecisionTarget> precision_target(const RunSettings& settings, const Scenario& s) {
  if (settings.trials) return std::nullopt;  // --trials: a count, whatever the file says
  if (settings.precision) return settings.precision;
  if (s.precision.empty()) return std::nullopt;
  const PrecisionText p = parse_precision_text(s.precision, {s.file});  // checked on loading
  PrecisionTarget t;
  t.half_width = p.half_width;
  t.relative = p.relative;
  t.interval = settings.interval;
  return t;
}

uint64_t planned_trials(const RunSettings& settings, const Scenario& s) {
  if (!precision_target(settings, s)) return settings.trials.value_or(s.trials);
  if (settings.precision) return settings.max_trials;
  return s.max_trials ? s.max_trials : RunSettings::kDefaultMaxTrials;
}

Checkpoint new_checkpoint(const LoadedScenario& ls, const RunSettings& settings) {
  Checkpoint c;
  const uint64_t seed = settings.seed.value_or(ls.scenario.seed);
  c.tool_version = kToolVersion;
  c.scenario = ls.scenario.name;
  c.file = ls.scenario.file;
  c.sha256 = ls.scenario.sha256;
  c.seed = seed;
  c.chunk_trials = kChunkTrials;
  // With a precision target the trials are a cap: the hook stops the run once it is precise.
  c.trials_planned = planned_trials(settings, ls.scenario);
  c.shard = settings.shard;
  c.shards = settings.shards;
  if (const auto t = precision_target(settings, ls.scenario))
    c.stopping = "precision " + t->text() + " " + interval_name(t->interval) + ", min_trials " +
                 std::to_string(t->min_trials) + ", min_deaths " + std::to_string(t->min_deaths);
  c.tally = empty_tally(ls, seed);
  return c;
}

namespace {

// The checkpoint to resume from, checked against this run; a trial count and a seed not given
// on the command line are the checkpoint's (`settings` takes them). Throws InputError.
Checkpoint resume_point(const PlannedScenario& p, RunSettings& settings) {
  const std::string path = checkpoint_path(p.out_dir);
  std::error_code ec;
  if (!std::filesystem::exists(path, ec))
    throw InputError({path}, "--resume: there is no checkpoint here",
                     "a run writes one every --checkpoint-every trials and on Ctrl-C; run "
                     "without --resume to start afresh");
  Checkpoint c;
  try {
    c = read_checkpoint(path);
  } catch (const CheckpointError& e) {
    throw InputError({}, std::string(e.what()),
                     "the checkpoint cannot be trusted; delete it and run without --resume");
  }
  // A count run's checkpoint records its trials and seed: they need not be given again.
  if (!settings.given.count("trials") && !settings.given.count("precision") && c.stopping.empty())
    settings.trials = c.trials_planned;
  if (!settings.given.count("seed")) settings.seed = c.seed;
  const Checkpoint expected = new_checkpoint(p.loaded, settings);
  if (const std::string d = c.difference(expected); !d.empty())
    throw InputError({path}, "--resume: the checkpoint is of another run (checkpoint vs now): " + d,
                     "resume with the scenario file, --seed, --trials (or --precision and its "
                     "options) and --shard it was made with, by the same lethality version; or "
                     "run without --resume to start over");
  // The header agrees; the tally must be of this scenario's variants and metrics too (a
  // forged or edited checkpoint whose checksum was recomputed).
  try {
    RunTally probe = expected.tally;
    probe.merge(c.tally);
  } catch (const TallyMismatch& e) {
    throw InputError(
        {path}, std::string("--resume: the checkpoint's tally is not of this run: ") + e.what(),
        "the checkpoint cannot be trusted; delete it and run without --resume");
  }
  if (c.shard != expected.shard)
    throw InputError(
        {path},
        "--resume: the checkpoint is of shard " + std::to_string(c.shard) + "/" +
            std::to_string(c.shards),
        "resume it with --shard " + std::to_string(c.shard) + "/" + std::to_string(c.shards));
  return c;
}

// --resume of one scenario: its checkpoint (the settings it records are the plan's). In a
// batch, a scenario may also have finished (kept as it is) or not have started (run afresh).
void resume_scenario(PlannedScenario& p, const RunSettings& settings, bool batch,
                     RunSettings& plan_settings) {
  std::error_code ec;
  if (!batch) {
    p.start = resume_point(p, plan_settings);
    return;
  }
  RunSettings s = settings;  // a batch's settings are its record's, not a checkpoint's
  if (std::filesystem::exists(checkpoint_path(p.out_dir), ec)) {
    s.given.insert({"trials", "seed"});  // checked against the checkpoint, never taken from it
    p.start = resume_point(p, s);
    return;
  }
  const FinishedRun f = finished_run(p, settings);
  if (!f.difference.empty())
    throw InputError({p.out_dir + "/run.json"},
                     "--resume: the results folder holds a finished run of another run "
                     "(then vs now): " +
                         f.difference,
                     "resume with the options the batch was started with, or run without "
                     "--resume to start over");
  p.finished = f.finished;
  p.finished_summary = f.summary;
}

}  // namespace

namespace {

// Expands folders and loads every file: the scenarios, or the errors (a name used twice).
void load_files(const std::vector<std::string>& paths, RunPlan& plan) {
  std::vector<std::string> files;
  try {
    files = expand_scenario_paths(paths);
  } catch (const InputError& e) {
    plan.errors.push_back(e);
    return;
  }
  std::map<std::string, std::string> names;  // scenario name -> the file that took it first
  for (const std::string& f : files) {
    try {
      for (LoadedScenario& ls : load_scenarios(f)) {
        const std::string& name = ls.scenario.name;
        if (auto [it, fresh] = names.emplace(name, f); !fresh)
          throw InputError({f}, "scenario name \"" + name + "\" is also used by " + it->second,
                           "their results would share a folder; rename one");
        plan.scenarios.push_back({std::move(ls), "", {}, nullptr, false, ""});
      }
    } catch (const InputError& e) {
      plan.errors.push_back(e);
    }
  }
}

// --resume of a batch: the options it was started with, from its record (none: as given).
RunSettings batch_settings(const RunPlan& plan, const RunSettings& settings) {
  const auto record = read_batch_record(plan.out_root);
  if (!record) return settings;
  std::vector<std::string> names;
  for (const PlannedScenario& p : plan.scenarios) names.push_back(p.loaded.scenario.name);
  return resume_settings(*record, settings, names, plan.out_root + "/" + kBatchRecordName);
}

// One scenario's start: its checkpoint header, checked against a shard's needs, and on rank 0
// its results folder locked and checked, and what --resume finds there. Throws InputError.
void plan_scenario(PlannedScenario& p, const RunSettings& settings, bool batch,
                   RunSettings& plan_settings) {
  if (settings.shards > 1 && precision_target(settings, p.loaded.scenario))
    throw InputError({p.loaded.scenario.file},
                     "the file's precision target cannot be sharded: a shard cannot tell "
                     "when the whole run is precise",
                     "give the shards a count with --trials, or spread the run over MPI "
                     "ranks (mpirun -np R lethality run ...)");
  p.start = new_checkpoint(p.loaded, settings);
  if (chunk_schedule(p.start.plan()).empty())
    throw InputError(
        {p.loaded.scenario.file},
        "--shard " + std::to_string(settings.shard) + "/" + std::to_string(settings.shards) +
            " owns no chunk: " + std::to_string(p.start.trials_planned) + " trials make " +
            std::to_string((p.start.trials_planned + kChunkTrials - 1) / kChunkTrials) +
            " chunks of " + std::to_string(kChunkTrials),
        "use fewer shards or more trials");
  // Only rank 0 of an MPI job writes results and reads checkpoints: the other ranks
  // compute the chunks it sends them (sim/engine/distributed.h).
  if (Ranks::rank() == 0) {
    p.lock = std::make_shared<FolderLock>(p.out_dir);
    check_output_dir(p.out_dir, settings.shards > 1 ? Writes::ShardResults : Writes::Results);
    if (settings.resume) resume_scenario(p, settings, batch, plan_settings);
  }
}

}  // namespace

RunPlan plan_run(const std::vector<std::string>& paths, const std::string& out_dir,
                 RunSettings settings) {
  RunPlan plan;
  plan.settings = settings;
  load_files(paths, plan);
  if (!plan.ok()) return plan;
  if (settings.shards > 1 && plan.scenarios.size() != 1) {
    plan.errors.push_back(
        InputError({}, "--shard takes one scenario, not " + std::to_string(plan.scenarios.size()),
                   "run each scenario file on its own"));
    return plan;
  }
  const bool batch = plan.scenarios.size() > 1;
  std::string root;  // --out as it will be used
  try {
    if (!out_dir.empty()) plan.out_root = root = output_path(out_dir);
    if (settings.resume && batch) plan.settings = settings = batch_settings(plan, settings);
  } catch (const InputError& e) {
    plan.errors.push_back(e);
    return plan;
  }
  const std::string suffix = settings.shards > 1 ? ".shard-" + std::to_string(settings.shard) +
                                                       "-of-" + std::to_string(settings.shards)
                                                 : "";
  std::vector<PlannedScenario> checked;
  for (PlannedScenario& p : plan.scenarios) {
    const std::string& name = p.loaded.scenario.name;
    p.out_dir = root.empty() ? "results/" + name + suffix : batch ? root + "/" + name : root;
    try {
      plan_scenario(p, settings, batch, plan.settings);
      checked.push_back(std::move(p));
    } catch (const InputError& e) {
      plan.errors.push_back(e);
    }
  }
  plan.scenarios = std::move(checked);
  // A batch's summary.csv across its scenarios is one more file two runs must not share.
  if (plan.ok() && batch && Ranks::rank() == 0) try {
      plan.batch_lock = std::make_shared<FolderLock>(plan.out_root + "/summary.csv");
    } catch (const InputError& e) {
      plan.errors.push_back(e);
    }
  return plan;
}

}  // namespace leth
