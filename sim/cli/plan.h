// What `lethality run` checks before it runs anything, shared with `lethality validate` so the
// two cannot disagree: the command line's numbers, every file (and every variant in it), the files
// against each other (two scenarios of one name would write one results folder), and every results
// folder.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "analysis/precision.h"
#include "sim/cli/cli_parse.h"
#include "sim/core/error.h"
#include "sim/engine/load.h"

namespace leth {

// `run`'s options as typed; `validate` takes the same ones, so that `validate` with run's
// arguments checks exactly what `run` would.
struct RunArgs {
  std::vector<std::string> files;  // files and folders
  std::string trials, seed, threads = "0", out_dir;
  std::string precision, max_trials, min_trials, min_deaths;
  std::string interval = "wilson", reference;
};

// The options of RunArgs, plus --quiet and --all-pairs.
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

  static constexpr uint64_t kDefaultMaxTrials = 1'000'000'000;
};

// Throws InputError naming the flag and what it expects.
RunSettings read_run_settings(const po::variables_map& vm, const RunArgs& args);

// "0.001" (absolute half-width) or "5%" (relative to the estimate); throws InputError naming
// --precision.
PrecisionTarget parse_precision(const std::string& text);

struct PlannedScenario {
  LoadedScenario loaded;
  std::string out_dir;  // where its results go
};

struct RunPlan {
  std::vector<PlannedScenario> scenarios;  // the files that passed every check, in order
  std::vector<InputError> errors;          // everything wrong, in file order
  bool ok() const { return errors.empty(); }
};

// Expands folders, loads every file, cross-checks them and, if all of that passed, checks
// every results folder (`out_dir` empty: results/<name>; one scenario: out_dir itself;
// several: out_dir/<name>). Creates nothing that stays.
RunPlan plan_run(const std::vector<std::string>& paths, const std::string& out_dir);

// The index of the variant --reference names in this scenario (0, the baseline, when no name
// was given); throws InputError naming the flag, the file and its variants.
size_t reference_index(const RunSettings& settings, const Scenario& s);

// The settings against every planned scenario (a --reference every file must have): the
// errors, in file order.
std::vector<InputError> check_settings(const RunSettings& settings, const RunPlan& plan);

}  // namespace leth
