// The runner's invariants: results do not depend on threads or on how the trials are split;
// a replayed trial is the trial of the run; a variant equal to the baseline differs by exactly
// zero; the end states of every trial add up.
#include <catch2/catch.hpp>

#include "analysis/report.h"
#include "sim/engine/runner.h"
#include "tests/support.h"

using namespace leth;

namespace {

const std::string kScenario = "scenarios/examples/pf2-lone-fighter-ambush.toml";

// The same scenario with a variant that restates the baseline's options.
std::string with_identical_variant() {
  return test::pf2_scenario(R"(keep_attacking_downed = 0.5
[aftercare]
help_arrives = "1d4 rounds"
healer = { medicine = 4, heal = "1d8+8", heal_uses = 1 }

[[variants]]
name = "same"
options = { recovery_check = "fortitude" }

[[variants]]
name = "flat"
options = { recovery_check = "flat", wounded = true }
)");
}

RunInfo info_for(const LoadedScenario& ls, uint64_t trials) {
  RunInfo info;
  info.scenario = ls.scenario.name;
  info.ruleset = ls.scenario.ruleset;
  info.trials = trials;
  for (const VariantSpec& v : ls.scenario.variants) {
    info.variants.push_back(v.name);
    info.variant_descriptions.push_back(v.description);
  }
  info.metrics = metrics_of(ls.models[0]);
  return info;
}

RunTally run_with_threads(const LoadedScenario& ls, int threads, uint64_t n) {
  ThreadLimit limit(threads);
  return run_trials(ls, 42, 0, n);
}

}  // namespace

TEST_CASE("runner: byte-identical results for 1, 2 and 8 threads", "[runner]") {
  const LoadedScenario ls = load_scenario(test::source_path(kScenario));
  const uint64_t n = 20 * kBlockTrials + 77;
  const RunTally one = run_with_threads(ls, 1, n);
  const RunInfo info = info_for(ls, n);
  const auto files_one = csv_files(info, one);
  for (int threads : {2, 8}) {
    const RunTally many = run_with_threads(ls, threads, n);
    CHECK(many.to_json() == one.to_json());
    const auto files = csv_files(info, many);
    REQUIRE(files.size() == files_one.size());
    for (size_t i = 0; i < files.size(); ++i) {
      INFO(files[i].first);
      CHECK(files[i].second == files_one[i].second);
    }
  }
}

TEST_CASE("runner: splitting the trials anywhere and merging gives the same tally", "[runner]") {
  const LoadedScenario ls = test::load_text(with_identical_variant());
  const uint64_t n = 5000, k = 1234;  // not on a block boundary
  const RunTally whole = run_trials(ls, 9, 0, n);
  RunTally parts = run_trials(ls, 9, 0, k);
  parts.merge(run_trials(ls, 9, k, n - k));
  CHECK(parts.to_json() == whole.to_json());
  // And a tally survives JSON both ways (checkpoints, shards).
  CHECK(RunTally::from_json(whole.to_json()).to_json() == whole.to_json());
}

TEST_CASE("runner: a replayed trial is the same trial as inside the run", "[runner][replay]") {
  const LoadedScenario ls = load_scenario(test::source_path(kScenario));
  for (uint64_t trial : {0, 1, 977, 4096, 81234}) {
    for (size_t v = 0; v < ls.models.size(); ++v) {
      EventLog log;
      uint64_t draws_logged = 0, draws_silent = 0;
      const Outcome logged = replay_trial(ls, v, 42, trial, &log, &draws_logged);
      const Outcome silent = replay_trial(ls, v, 42, trial, nullptr, &draws_silent);
      CHECK(draws_logged == draws_silent);  // logging draws nothing
      CHECK_FALSE(log.entries().empty());
      CHECK(logged == silent);
      Tally from_replay(metrics_of(ls.models[v]));
      from_replay.add(logged, draws_logged, trial);
      const RunTally in_run = run_trials(ls, 42, trial, 1);
      CHECK(in_run.variants[v] == from_replay);
    }
  }
}

TEST_CASE("runner: a variant equal to the baseline differs by exactly zero", "[runner][paired]") {
  const LoadedScenario ls = test::load_text(with_identical_variant());
  const uint64_t n = 30000;
  const RunTally t = run_trials(ls, 3, 0, n);
  REQUIRE(t.variants.size() == 3);
  CHECK(t.variants[1] == t.variants[0]);
  const PairedTally& same = t.paired[1];
  CHECK(same.n == n);
  CHECK(same.only_baseline_died == 0);
  CHECK(same.only_variant_died == 0);
  for (const i128 d : same.diff_sum) CHECK(d == 0);
  for (const u128 d : same.diff_sq) CHECK(d == 0);
  for (const i128 d : same.counter_diff_sum) CHECK(d == 0);
  for (const u128 d : same.counter_diff_sq) CHECK(d == 0);
  for (const uint64_t c : same.only_baseline_sequela) CHECK(c == 0);
  for (const uint64_t c : same.only_variant_sequela) CHECK(c == 0);
  // Every pair that involves "same" is the baseline's pair, trial for trial.
  CHECK(t.pair(2, 1) == t.pair(2, 0));
  CHECK(t.pair(1, 2) == t.pair(0, 2));
  RunInfo info = info_for(ls, n);
  info.all_pairs = true;
  const auto rows = comparison_rows(info, t);
  size_t checked = 0;
  for (const ComparisonRow& r : rows)
    if (r.variant == "same") {
      ++checked;
      CHECK(r.difference.value == 0.0);
      if (r.only_reference) {  // a rate: no discordant trial, McNemar p = 1
        CHECK(*r.only_reference == 0);
        CHECK(*r.only_variant == 0);
        CHECK(*r.p_value == 1.0);
        CHECK(r.difference.hi == -r.difference.lo);
      } else {  // a mean: every difference 0
        CHECK(r.difference.lo == 0.0);
        CHECK(r.difference.hi == 0.0);
      }
    }
  CHECK(checked == rows.size() / 3);  // same vs baseline of the three pairs
  // A variant that changes only the dying rules cannot change who gets knocked out first:
  // the attack rolls come from their own streams (common random numbers by purpose).
  const int ko = metrics_of(ls.models[0]).counter_index("knocked_out");
  REQUIRE(ko >= 0);
  CHECK(t.paired[2].only_baseline_counter[static_cast<size_t>(ko)] == 0);
  CHECK(t.paired[2].only_variant_counter[static_cast<size_t>(ko)] == 0);
  CHECK(t.paired[2].only_baseline_died + t.paired[2].only_variant_died > 0);
  // A counter's mean difference is the difference of its means, to the last bit of the sums
  // (paired over the same trials); here no counter moves (test_dnd5e_party_day.cpp has one that does).
  for (const ComparisonRow& r : rows)
    for (size_t c = 0; c < metrics_of(ls).counters.size(); ++c)
      if (r.metric == metrics_of(ls).counters[c].name + "_mean_difference") {
        INFO(r.variant << " vs " << r.reference << ": " << r.metric);
        const size_t a = r.reference == "baseline" ? 0 : r.reference == "same" ? 1 : 2;
        const size_t b = r.variant == "baseline" ? 0 : r.variant == "same" ? 1 : 2;
        CHECK(r.difference.value == (static_cast<double>(t.variants[b].counter_total[c]) -
                                     static_cast<double>(t.variants[a].counter_total[c])) /
                                        static_cast<double>(n));
        CHECK(r.n == n);
      }
}

TEST_CASE("runner: every trial ends in exactly one way", "[runner]") {
  const LoadedScenario ls = load_scenario(test::source_path(kScenario));
  const uint64_t n = 10000;
  const RunTally t = run_trials(ls, 5, 0, n);
  test::check_ends_add_up(ls, t, n);
  const MetricSpec& m = metrics_of(ls.models[0]);
  for (const Tally& x : t.variants) CHECK(x.ends_in(m.end_mask(EndKind::Died)) > 0);
}
