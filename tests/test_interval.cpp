// Confidence intervals: Wilson against published values, mean and quantile intervals from a
// histogram, and paired differences that are exactly zero when nothing differs.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>

#include "analysis/interval.h"
#include "analysis/tally.h"
#include "sim/core/stream.h"

#include "tests/support.h"

using namespace leth;

TEST_CASE("wilson: published values", "[interval]") {
  CHECK(kZ95 == Approx(1.959963984540054).epsilon(1e-15));
  // 50 of 100: [0.4038, 0.5962] (e.g. Newcombe 1998, Table I; any statistics package).
  const Estimate half = wilson(50, 100);
  CHECK(half.value == 0.5);
  CHECK(half.lo == Approx(0.4038).margin(5e-5));
  CHECK(half.hi == Approx(0.5962).margin(5e-5));
  CHECK(half.lo == Approx(0.4038315304).epsilon(1e-9));
  CHECK(half.hi == Approx(0.5961684696).epsilon(1e-9));
  // 1 of 10: [0.0179, 0.4042].
  const Estimate one = wilson(1, 10);
  CHECK(one.value == 0.1);
  CHECK(one.lo == Approx(0.0178762131).epsilon(1e-9));
  CHECK(one.hi == Approx(0.4041500268).epsilon(1e-9));
  // 3 of 1000.
  const Estimate rare = wilson(3, 1000);
  CHECK(rare.lo == Approx(0.00102078388113862).epsilon(1e-12));
  CHECK(rare.hi == Approx(0.00878301405350317).epsilon(1e-12));
}

TEST_CASE("wilson: the bounds at k = 0 and k = n are exactly 0 and 1", "[interval]") {
  const double z2 = kZ95 * kZ95;
  const Estimate none = wilson(0, 10);
  CHECK(none.value == 0.0);
  CHECK(none.lo == 0.0);
  CHECK(none.hi == Approx(z2 / (10 + z2)).epsilon(1e-14));  // 0.2775
  const Estimate all = wilson(10, 10);
  CHECK(all.value == 1.0);
  CHECK(all.lo == Approx(10 / (10 + z2)).epsilon(1e-14));  // 0.7225
  CHECK(all.hi == 1.0);
  const Estimate big = wilson(1000000000000ULL, 1000000000000ULL);
  CHECK(big.hi == 1.0);
  CHECK(big.lo < 1.0);
  CHECK(big.lo > 1 - 1e-11);
}

TEST_CASE("wilson: symmetry, other z, and no trials", "[interval]") {
  for (uint64_t k : {0, 1, 7, 50, 93, 100}) {
    const Estimate a = wilson(k, 100), b = wilson(100 - k, 100);
    CHECK(a.lo == Approx(1 - b.hi).margin(1e-14));
    CHECK(a.hi == Approx(1 - b.lo).margin(1e-14));
    CHECK(a.lo <= a.value);
    CHECK(a.value <= a.hi);
  }
  const Estimate narrow = wilson(50, 100, 1.0), wide = wilson(50, 100);
  CHECK(narrow.hi - narrow.lo < wide.hi - wide.lo);
  // z = 1, 50 of 100: centre 0.5, half width sqrt(0.0025 + 0.000025) / 1.01.
  CHECK(narrow.hi == Approx(0.5 + std::sqrt(0.0025 + 0.000025) / 1.01).epsilon(1e-14));
  const Estimate empty = wilson(0, 0);
  CHECK(std::isnan(empty.value));
  CHECK(std::isnan(empty.lo));
  CHECK(std::isnan(empty.hi));
}

TEST_CASE("wilson: covers the true rate about 95% of the time (fixed seed)",
          "[interval][statistics]") {
  // p = 0.3, n = 100: Wilson's actual coverage is close to 0.95. 4000 replicates give a
  // standard error of 0.0035; the bound is 5 of them on each side.
  TrialRng rng(2026, 77);
  Stream s = rng.stream(Purpose::Test);
  const int reps = 4000;
  int covered = 0;
  for (int r = 0; r < reps; ++r) {
    uint64_t k = 0;
    for (int i = 0; i < 100; ++i) k += s.chance(0.3);
    const Estimate e = wilson(k, 100);
    covered += e.lo <= 0.3 && 0.3 <= e.hi;
  }
  const double coverage = static_cast<double>(covered) / reps;
  CHECK(std::fabs(coverage - 0.95) < 5 * std::sqrt(0.95 * 0.05 / reps));
}

TEST_CASE("mean_interval: normal theory from the integer sums", "[interval]") {
  LogHistogram h;
  for (uint64_t v = 1; v <= 10; ++v) h.add(v);
  const Estimate e = mean_interval(h);
  CHECK(e.value == 5.5);
  CHECK(e.lo == Approx(3.623477350975228).epsilon(1e-13));
  CHECK(e.hi == Approx(7.376522649024772).epsilon(1e-13));

  LogHistogram one;
  one.add(42);
  const Estimate single = mean_interval(one);
  CHECK(single.value == 42.0);
  CHECK(std::isnan(single.lo));
  CHECK(std::isnan(single.hi));
  const Estimate empty = mean_interval(LogHistogram{});
  CHECK(std::isnan(empty.value));

  LogHistogram same;
  same.add_many(86400, 1000);
  const Estimate flat = mean_interval(same);
  CHECK(flat.lo == 86400.0);
  CHECK(flat.hi == 86400.0);
}

TEST_CASE("quantile_interval: order statistics bracketing n q", "[interval]") {
  LogHistogram h;
  for (uint64_t v = 1; v <= 100; ++v) h.add(v);
  // q = 0.5: n q = 50, sd 5; ranks floor(50 - 9.8) = 40 and ceil(50 + 9.8) = 60.
  const Estimate med = quantile_interval(h, 0.5);
  CHECK(med.value == 50);
  CHECK(med.lo == 40);
  CHECK(med.hi == 60);
  // q = 0.9: sd 3; ranks floor(90 - 5.88) = 84 and ceil(90 + 5.88) = 96.
  const Estimate p90 = quantile_interval(h, 0.9);
  CHECK(p90.value == 90);
  CHECK(p90.lo == 84);
  CHECK(p90.hi == 96);
  // q = 0.99: the upper rank passes n and stops at the largest value.
  const Estimate p99 = quantile_interval(h, 0.99);
  CHECK(p99.value == 99);
  CHECK(p99.lo == 97);  // floor(99 - 1.95) = 97
  CHECK(p99.hi == 100);
  // The extremes: q = 0 is the minimum and q = 1 the maximum, both with zero width.
  const Estimate lo = quantile_interval(h, 0.0);
  CHECK(lo.value == 1);
  CHECK(lo.lo == 1);
  CHECK(lo.hi == 1);
  const Estimate hi = quantile_interval(h, 1.0);
  CHECK(hi.value == 100);
  CHECK(hi.lo == 100);
  CHECK(hi.hi == 100);

  LogHistogram one;
  one.add(7);
  const Estimate single = quantile_interval(one, 0.5);
  CHECK(single.value == 7);
  CHECK(single.lo == 7);
  CHECK(single.hi == 7);
  CHECK(std::isnan(quantile_interval(LogHistogram{}, 0.5).value));
}

TEST_CASE("paired_rate_difference: exactly zero without discordant trials", "[interval]") {
  const Estimate zero = paired_rate_difference(0, 0, 1000000);
  CHECK(zero.value == 0.0);
  CHECK(zero.lo == 0.0);
  CHECK(zero.hi == 0.0);
  CHECK_FALSE(std::signbit(zero.lo));

  // From a real paired tally of a variant identical to the baseline.
  TrialRng rng(3, 0);
  Stream s = rng.stream(Purpose::Test);
  const MetricSpec& m = test::test_metrics();
  PairedTally p(m);
  for (int i = 0; i < 10000; ++i) {
    Outcome o;
    o.end = s.chance(0.2) ? 0 : 2;  // died_combat or recovered
    if (s.chance(0.6)) o.count(0);
    if (o.end == 2) o.measure(0, static_cast<Seconds>(s.below(1000000)));
    p.add(o, o);
  }
  const Estimate died = paired_rate_difference(p.only_baseline_died, p.only_variant_died, p.n);
  CHECK(died.value == 0.0);
  CHECK(died.lo == 0.0);
  CHECK(died.hi == 0.0);
  const Estimate downtime =
      paired_mean_difference(to_double(p.diff_sum[0]), to_double(p.diff_sq[0]), p.both_measured[0]);
  CHECK(p.both_measured[0] > 7000);
  CHECK(downtime.value == 0.0);
  CHECK(downtime.lo == 0.0);
  CHECK(downtime.hi == 0.0);
}

TEST_CASE("paired_rate_difference: the mean of per-trial differences", "[interval]") {
  // 10 trials where only the baseline died, 30 where only the variant did, of 1000:
  // d = 0.02, sample variance of the per-trial differences (40 - 1000 d^2) / 999.
  const Estimate e = paired_rate_difference(10, 30, 1000);
  CHECK(e.value == Approx(0.02).epsilon(1e-15));
  CHECK(e.lo == Approx(0.0076600630737904424).epsilon(1e-12));
  CHECK(e.hi == Approx(0.03233993692620956).epsilon(1e-12));
  const Estimate r = paired_rate_difference(30, 10, 1000);
  CHECK(r.value == Approx(-0.02).epsilon(1e-15));
  CHECK(r.lo == Approx(-e.hi).epsilon(1e-14));
  CHECK(r.hi == Approx(-e.lo).epsilon(1e-14));
  // Every trial discordant the same way: no spread, a zero-width interval at -1.
  const Estimate all = paired_rate_difference(5, 0, 5);
  CHECK(all.value == -1.0);
  CHECK(all.lo == -1.0);
  CHECK(all.hi == -1.0);
  const Estimate one = paired_rate_difference(1, 0, 1);
  CHECK(one.value == -1.0);
  CHECK(std::isnan(one.lo));
  CHECK(std::isnan(paired_rate_difference(0, 0, 0).value));
}

TEST_CASE("paired_mean_difference: from sums of differences and squares", "[interval]") {
  // Differences 1, 2, 3, 4: mean 2.5, variance 5/3.
  const Estimate e = paired_mean_difference(10, 30, 4);
  CHECK(e.value == 2.5);
  CHECK(e.lo == Approx(1.23484868811834).epsilon(1e-13));
  CHECK(e.hi == Approx(3.76515131188166).epsilon(1e-13));
  // Differences -1, +1: mean exactly 0 but a real spread.
  const Estimate spread = paired_mean_difference(0, 2, 2);
  CHECK(spread.value == 0.0);
  CHECK(spread.hi == Approx(kZ95 * 1.0).epsilon(1e-14));  // sd sqrt(2), se 1
  CHECK(spread.lo == Approx(-kZ95).epsilon(1e-14));
  const Estimate none = paired_mean_difference(0, 0, 100);
  CHECK(none.value == 0.0);
  CHECK(none.lo == 0.0);
  CHECK(none.hi == 0.0);
  const Estimate one = paired_mean_difference(5, 25, 1);
  CHECK(one.value == 5.0);
  CHECK(std::isnan(one.hi));
  CHECK(std::isnan(paired_mean_difference(0, 0, 0).value));
}
