// The runner's invariants (tests/test_runner.cpp) over every bundled scenario, of every
// ruleset: the same tally at 1, 2 and 8 threads; a replayed trial is the trial of the run; a
// variant equal to the baseline differs from it by exactly zero; every trial ends exactly once,
// and the durations every ruleset declares are measured over the trials they name.
#include <catch2/catch.hpp>

#include <filesystem>
#include <set>

#include "analysis/report.h"
#include "sim/engine/runner.h"
#include "tests/cli_support.h"
#include "tests/support.h"

using namespace leth;
namespace fs = std::filesystem;

namespace {

constexpr const char* kCopy = "identical-copy";
constexpr uint64_t kSeed = 23;

std::vector<std::string> bundled_files() {
  return expand_scenario_paths(
      {test::source_path("scenarios/examples"), test::source_path("bench")});
}

// The file with one more variant that changes nothing, in a folder of its own (same name).
std::vector<LoadedScenario> load_with_copy(const std::string& file) {
  const std::string text = test::read_file(file) + "\n[[variants]]\nname = \"" + kCopy +
                           "\"\ndescription = \"the baseline again\"\n";
  return load_scenarios(test::write_file("invariants/" + fs::path(file).filename().string(), text));
}

size_t variant_index(const LoadedScenario& ls, const std::string& name) {
  for (size_t v = 0; v < ls.scenario.variants.size(); ++v)
    if (ls.scenario.variants[v].name == name) return v;
  FAIL("no variant " << name);
  return 0;
}

RunTally with_threads(const LoadedScenario& ls, int threads, uint64_t n) {
  ThreadLimit limit(threads);
  return run_trials(ls, kSeed, 0, n);
}

void check_copy_is_exactly_the_baseline(const RunTally& t, size_t copy, uint64_t n) {
  CHECK(t.variants[copy] == t.variants[0]);
  const PairedTally same = t.pair(0, copy);
  CHECK(same.n == n);
  CHECK(same.only_baseline_died == 0);
  CHECK(same.only_variant_died == 0);
  for (const i128 d : same.diff_sum) CHECK(d == 0);
  for (const u128 d : same.diff_sq) CHECK(d == 0);
  for (const uint64_t c : same.only_baseline_counter) CHECK(c == 0);
  for (const uint64_t c : same.only_variant_counter) CHECK(c == 0);
  for (const uint64_t c : same.only_baseline_sequela) CHECK(c == 0);
  for (const uint64_t c : same.only_variant_sequela) CHECK(c == 0);
  // Every other variant is paired with the copy exactly as with the baseline.
  for (size_t v = 1; v < t.variants.size(); ++v)
    if (v != copy) CHECK(t.pair(copy, v) == t.pair(0, v));
}

void check_replays(const LoadedScenario& ls, const RunTally& run, uint64_t n) {
  for (const uint64_t trial : {uint64_t{0}, uint64_t{1}, n / 2, n - 1}) {
    const RunTally one = run_trials(ls, kSeed, trial, 1);
    for (size_t v = 0; v < ls.models.size(); ++v) {
      INFO("trial " << trial << ", variant " << ls.scenario.variants[v].name);
      EventLog log;
      uint64_t draws_logged = 0, draws_silent = 0;
      const Outcome logged = replay_trial(ls, v, kSeed, trial, &log, &draws_logged);
      const Outcome silent = replay_trial(ls, v, kSeed, trial, nullptr, &draws_silent);
      CHECK(draws_logged == draws_silent);  // logging draws nothing
      CHECK_FALSE(log.entries().empty());
      CHECK(logged == silent);
      Tally from_replay(metrics_of(ls));
      from_replay.add(logged, draws_logged, trial);
      CHECK(one.variants[v] == from_replay);
    }
  }
  CHECK(run.variants.size() == ls.models.size());
}

}  // namespace

TEST_CASE("invariants hold for every bundled scenario", "[runner][bundled]") {
  const std::vector<std::string> files = bundled_files();
  REQUIRE(files.size() >= 20);
  std::set<std::string> rulesets;
  for (const std::string& file : files) {
    for (const LoadedScenario& ls : load_with_copy(file)) {
      INFO(file << " (" << ls.scenario.ruleset << ")");
      rulesets.insert(ls.scenario.ruleset);
      const uint64_t n = 3 * kBlockTrials + 77;  // not on a block boundary
      const RunTally one = with_threads(ls, 1, n);
      for (int threads : {2, 8}) CHECK(with_threads(ls, threads, n).to_json() == one.to_json());
      test::check_ends_add_up(ls, one, n);
      check_copy_is_exactly_the_baseline(one, variant_index(ls, kCopy), n);
      check_replays(ls, one, n);
    }
  }
  CHECK(rulesets.size() == 5);  // every ruleset has a bundled scenario
}
