// The precision stopping rule: when a tally is precise enough (minimum trials and deaths, the
// death-rate half-width absolute or relative, either interval), and that a run driven by it
// stops at the same chunk boundary, with the same tallies, for any thread count.
#include <catch2/catch.hpp>

#include <cmath>

#include "analysis/precision.h"
#include "analysis/report.h"
#include "sim/engine/driver.h"
#include "tests/support.h"

using namespace leth;

namespace {

// A run tally of two variants with the given trials and deaths (end 0 is a death).
RunTally with_deaths(uint64_t trials, uint64_t deaths_a, uint64_t deaths_b) {
  const MetricSpec& m = test::test_metrics();
  RunTally t({"v", "s", "h", "pf2", 1, {"baseline", "other"}}, m);
  for (Tally* x : {&t.variants[0], &t.variants[1]}) {
    x->trials = trials;
    x->ends[2] = trials;
  }
  t.variants[0].ends[0] = deaths_a;
  t.variants[0].ends[2] -= deaths_a;
  t.variants[1].ends[0] = deaths_b;
  t.variants[1].ends[2] -= deaths_b;
  return t;
}

}  // namespace

TEST_CASE("precise_enough: minimum trials and deaths, absolute and relative targets",
          "[precision]") {
  const uint64_t died = test::test_metrics().end_mask(EndKind::Died);
  PrecisionTarget abs{0.01, false};
  // 100 deaths in 10,000: Wilson half-width about 0.00196.
  CHECK(precise_enough(abs, with_deaths(10000, 100, 300), died));
  CHECK_FALSE(precise_enough(abs, with_deaths(9999, 100, 300), died));  // too few trials
  // A rare event is not precise at zero (or few) deaths, however narrow its interval.
  CHECK_FALSE(precise_enough(abs, with_deaths(100000, 0, 300), died));
  CHECK_FALSE(precise_enough(abs, with_deaths(100000, 19, 300), died));
  CHECK(precise_enough(abs, with_deaths(100000, 20, 300), died));
  abs.min_deaths = 0;
  CHECK(precise_enough(abs, with_deaths(100000, 0, 300), died));
  // Every variant must meet it: 5000 of 10,000 has half-width about 0.0098.
  abs.half_width = 0.005;
  CHECK_FALSE(precise_enough(abs, with_deaths(10000, 100, 5000), died));
  // Relative: 5% of 0.01 is 0.0005; at 10^6 trials and 10^4 deaths the half-width is
  // 1.96 sqrt(0.01 * 0.99 / 10^6) = 0.000195.
  PrecisionTarget rel{0.05, true};
  CHECK(precise_enough(rel, with_deaths(1000000, 10000, 10000), died));
  CHECK_FALSE(precise_enough(rel, with_deaths(100000, 1000, 1000), died));  // 0.00062 > 0.0005
  CHECK(rel.text() == "5%");
  CHECK(PrecisionTarget{0.001, false}.text() == "0.001");
  // Clopper-Pearson is wider than Wilson: 100 of 1000 has half-width 0.01862 by Wilson,
  // 0.01909 by Clopper-Pearson, so 0.0188 is enough for one and not the other.
  PrecisionTarget edge{0.0188, false};
  edge.min_trials = 0;
  CHECK(precise_enough(edge, with_deaths(1000, 100, 100), died));
  edge.interval = IntervalKind::ClopperPearson;
  CHECK_FALSE(precise_enough(edge, with_deaths(1000, 100, 100), died));
}

TEST_CASE("precision: a driven run stops at the same boundary for 1 and 2 threads",
          "[precision][driver]") {
  const LoadedScenario ls =
      load_scenario(test::source_path("scenarios/examples/pf2-lone-fighter-ambush.toml"));
  const uint64_t died = metrics_of(ls.models.front()).end_mask(EndKind::Died);
  PrecisionTarget target{0.15, true};  // 15% of each death rate
  target.min_trials = 2000;
  const DrivePlan plan{0, 400 * kBlockTrials, 2 * kBlockTrials};
  std::string first_csv;
  uint64_t first_trials = 0;
  for (int threads : {1, 2}) {
    ThreadLimit limit(threads);
    uint64_t boundaries = 0;
    const RunTally t = drive(ls, 9, plan, [&](const RunTally& so_far) {
      ++boundaries;
      return !precise_enough(target, so_far, died);
    });
    REQUIRE(precise_enough(target, t, died));
    CHECK(t.trials() == boundaries * plan.chunk_trials);
    CHECK(t.trials() < plan.count);
    // The boundary before this one was not precise enough: it stopped at the first.
    CHECK_FALSE(precise_enough(target, run_trials(ls, 9, 0, t.trials() - plan.chunk_trials), died));
    RunInfo info;
    info.scenario = std::string("x");  // not = "x": GCC 12 -Wrestrict false positive (PR 105329)
    for (const VariantSpec& v : ls.scenario.variants) {
      info.variants.push_back(v.name);
      info.variant_descriptions.push_back(v.description);
    }
    info.metrics = metrics_of(ls.models.front());
    std::string csv;
    for (const auto& [name, text] : csv_files(info, t)) csv.append(name).append("\n").append(text);
    if (threads == 1) {
      first_csv = csv;
      first_trials = t.trials();
    } else {
      CHECK(t.trials() == first_trials);
      CHECK(csv == first_csv);
    }
  }
}

TEST_CASE("trials_needed: the estimate a precision run's progress aims at", "[precision]") {
  const uint64_t died = test::test_metrics().end_mask(EndKind::Died);
  PrecisionTarget abs{0.001, false};
  // 100 deaths in 10,000 (both variants): Wilson half-width 0.0019614..., so about
  // 10,000 x 1.9614^2 = 38,470 trials for a half-width of 0.001.
  const RunTally t = with_deaths(10000, 100, 100);
  const Estimate e = wilson(100, 10000);
  const double half = (e.hi - e.lo) / 2;
  const uint64_t expected =
      static_cast<uint64_t>(std::ceil(10000 * (half / 0.001) * (half / 0.001)));
  CHECK(expected > 38000);
  CHECK(expected < 39000);
  CHECK(trials_needed(abs, t, died) == expected);
  // The variant that needs the most decides: 1000 of 10,000 is wider.
  CHECK(trials_needed(abs, with_deaths(10000, 100, 1000), died) > 3 * expected);
  // Too few deaths: 5 of 10,000 with 20 needed is 40,000 trials at the rate seen, even where
  // the interval is already narrow.
  PrecisionTarget loose{0.5, false};
  CHECK(trials_needed(loose, with_deaths(10000, 5, 5), died) == 40000);
  // No death yet counts as one: 20 x the trials so far.
  CHECK(trials_needed(loose, with_deaths(10000, 0, 5), died) == 200000);
  // Never below --min-trials.
  loose.min_deaths = 0;
  CHECK(trials_needed(loose, with_deaths(100, 50, 50), died) == 10000);
  // An empty tally gives no estimate.
  CHECK(trials_needed(abs, with_deaths(0, 0, 0), died) == 0);
  // Once precise, the estimate is at most the trials done: the run stops there.
  CHECK(trials_needed(PrecisionTarget{0.01, false}, t, died) <= 10000);
}
