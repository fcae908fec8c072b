// Confidence intervals: Wilson against published values, mean and quantile intervals from a
// histogram (with their coverage measured against an exact population), and paired
// differences that are exactly zero when nothing differs.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <utility>
#include <vector>

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

TEST_CASE("quantile_interval: values that occur, or bin extremes, never midpoints", "[interval]") {
  // The review's case: 624 and 630 share bin [624, 631]; the median was reported as 627.5
  // with a zero-width interval.
  LogHistogram h;
  h.add_many(624, 55);
  h.add_many(630, 45);
  h.add_many(15030, 20);
  REQUIRE(h.exact());
  const Estimate med = quantile_interval(h, 0.5);
  CHECK(med.value == 630);
  CHECK(med.lo == 624);
  CHECK(med.hi == 630);

  // Binned: more distinct values than the cap, all in [6000, 6000 + 6 * 5000).
  LogHistogram b;
  for (uint64_t i = 0; i < 5000; ++i) b.add(6000 + 6 * i);
  REQUIRE_FALSE(b.exact());
  const RankInterval r = quantile_interval_ranks(b.count(), 0.5);
  const Estimate e = quantile_interval(b, 0.5);
  // The bounds are the smallest and largest values the ranks can hold: outside the true order
  // statistics (6000 + 6 * rank), in the same bins.
  CHECK(e.lo <= 6000.0 + 6.0 * static_cast<double>(r.lo));
  CHECK(e.hi >= 6000.0 + 6.0 * static_cast<double>(r.hi));
  CHECK(e.lo == static_cast<double>(b.rank_range(r.lo).low));
  CHECK(e.hi == static_cast<double>(b.rank_range(r.hi).high));
  CHECK(LogHistogram::bin_of(static_cast<uint64_t>(e.lo)) == LogHistogram::bin_of(6000 + 6 * r.lo));
  CHECK(e.lo <= e.value);
  CHECK(e.value <= e.hi);
}

TEST_CASE("paired_rate_difference: exactly zero without discordant trials", "[interval]") {
  // No discordant trial: the estimate is exactly 0; the Agresti-Min interval stays honest
  // about what n trials cannot rule out, symmetric, +-z sqrt(1) / (n + 2).
  const Estimate zero = paired_rate_difference(0, 0, 1000000);
  CHECK(zero.value == 0.0);
  CHECK_FALSE(std::signbit(zero.value));
  CHECK(zero.lo == Approx(-kZ95 / 1000002.0).epsilon(1e-12));
  CHECK(zero.hi == -zero.lo);

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
  REQUIRE(p.only_baseline_died + p.only_variant_died == 0);
  const Estimate died = paired_rate_difference(p.only_baseline_died, p.only_variant_died, p.n);
  CHECK(died.value == 0.0);
  CHECK(died.hi == -died.lo);
  CHECK(mcnemar_exact_p(p.only_baseline_died, p.only_variant_died) == 1.0);
  const Estimate downtime =
      paired_mean_difference(to_double(p.diff_sum[0]), to_double(p.diff_sq[0]), p.both_measured[0]);
  CHECK(p.both_measured[0] > 7000);
  CHECK(downtime.value == 0.0);
  CHECK(downtime.lo == 0.0);
  CHECK(downtime.hi == 0.0);
}

TEST_CASE("paired_rate_difference: Agresti-Min against worked values", "[interval]") {
  // Agresti, Categorical Data Analysis (2nd ed., 2002), section 10.1: presidential approval of
  // 1600 people in two surveys, 150 approve only in the first, 86 only in the second. The
  // difference is 0.04 with Wald standard error 0.0095, interval (0.021, 0.059); Agresti-Min
  // (adding 1/2 per cell to 1600 trials) barely moves it.
  const Estimate first = paired_rate_difference(86, 150, 1600);  // first survey as the variant
  CHECK(first.value == Approx(0.04).epsilon(1e-15));
  CHECK(first.lo == Approx(0.021).margin(0.0005));
  CHECK(first.hi == Approx(0.059).margin(0.0005));
  // To 12 digits, computed independently (Python, from the augmented 2x2 table's cell
  // proportions p12 = (b + 1/2) / (n + 2), p21 = (c + 1/2) / (n + 2), se^2 = (p12 + p21 -
  // (p21 - p12)^2) / (n + 2)).
  CHECK(first.lo == Approx(0.021217189118).epsilon(1e-10));
  CHECK(first.hi == Approx(0.058682935726).epsilon(1e-10));
  // The sign convention: variant minus reference. Swapping the two mirrors the interval.
  const Estimate second = paired_rate_difference(150, 86, 1600);
  CHECK(second.value == -first.value);
  CHECK(second.lo == Approx(-first.hi).epsilon(1e-14));
  CHECK(second.hi == Approx(-first.lo).epsilon(1e-14));

  const Estimate e = paired_rate_difference(10, 30, 1000);
  CHECK(e.value == Approx(0.02).epsilon(1e-15));
  CHECK(e.lo == Approx(0.00749636062856).epsilon(1e-10));
  CHECK(e.hi == Approx(0.0324237990521).epsilon(1e-10));
  // Small counts, where the Wald interval collapses: 3 of 20 discordant, all one way.
  const Estimate small = paired_rate_difference(0, 3, 20);
  CHECK(small.value == Approx(0.15).epsilon(1e-15));
  CHECK(small.lo == Approx(-0.032457809495).epsilon(1e-10));
  CHECK(small.hi == Approx(0.305185082222).epsilon(1e-10));
  const Estimate few = paired_rate_difference(1, 4, 30);
  CHECK(few.lo == Approx(-0.0527199955637).epsilon(1e-10));
  CHECK(few.hi == Approx(0.240219995564).epsilon(1e-10));
  // Every trial discordant the same way: the estimate -1, the interval clipped to [-1, 1].
  const Estimate all = paired_rate_difference(5, 0, 5);
  CHECK(all.value == -1.0);
  CHECK(all.lo == -1.0);
  CHECK(all.hi == Approx(-0.277945247706).epsilon(1e-10));
  CHECK(std::isnan(paired_rate_difference(0, 0, 0).value));
  CHECK_THROWS_AS(paired_rate_difference(3, 3, 5), std::invalid_argument);
}

TEST_CASE("paired_rate_difference: exact coverage near 95% for small samples", "[interval]") {
  // The whole multinomial distribution of (b, c) for n paired trials with discordance
  // probabilities pb, pc, summed exactly: the probability that the interval covers pc - pb.
  auto coverage = [](int n, double pb, double pc) {
    double cov = 0;
    const double pr = 1 - pb - pc, truth = pc - pb;
    for (int b = 0; b <= n; ++b)
      for (int c = 0; b + c <= n; ++c) {
        const double lp = std::lgamma(n + 1) - std::lgamma(b + 1) - std::lgamma(c + 1) -
                          std::lgamma(n - b - c + 1) + b * std::log(pb) + c * std::log(pc) +
                          (n - b - c) * std::log(pr);
        const Estimate e = paired_rate_difference(
            static_cast<uint64_t>(b), static_cast<uint64_t>(c), static_cast<uint64_t>(n));
        if (e.lo <= truth && truth <= e.hi) cov += std::exp(lp);
      }
    return cov;
  };
  // Values from an independent Python enumeration: 0.94683, 0.97237, 0.94499.
  CHECK(coverage(30, 0.1, 0.2) == Approx(0.9468284623705692).epsilon(1e-9));
  CHECK(coverage(50, 0.02, 0.05) == Approx(0.972368088252857).epsilon(1e-9));
  CHECK(coverage(100, 0.01, 0.03) == Approx(0.9449893595689569).epsilon(1e-9));
}

TEST_CASE("mcnemar_exact_p: two-sided binomial tail", "[interval]") {
  CHECK(mcnemar_exact_p(0, 0) == 1.0);
  CHECK(mcnemar_exact_p(3, 3) == 1.0);
  CHECK(mcnemar_exact_p(1, 0) == 1.0);
  CHECK(mcnemar_exact_p(0, 5) == Approx(0.0625).epsilon(1e-12));    // 2 / 2^5
  CHECK(mcnemar_exact_p(2, 8) == Approx(0.109375).epsilon(1e-12));  // 2 (1 + 10 + 45) / 2^10
  CHECK(mcnemar_exact_p(8, 2) == mcnemar_exact_p(2, 8));
  // Exact rational sums (Python fractions): Agresti's approval table, and 12 vs 30.
  CHECK(mcnemar_exact_p(150, 86) == Approx(3.71593613957144e-05).epsilon(1e-9));
  CHECK(mcnemar_exact_p(12, 30) == Approx(0.00791589733489673).epsilon(1e-9));
}

TEST_CASE("clopper_pearson: exact binomial bounds, one-sided at k = 0 and k = n", "[interval]") {
  // The classic table values: 5 of 10 gives (0.1871, 0.8129), 1 of 10 (0.0025, 0.4450).
  const Estimate half = clopper_pearson(5, 10);
  CHECK(half.value == 0.5);
  CHECK(half.lo == Approx(0.187086).margin(5e-6));
  CHECK(half.hi == Approx(0.812914).margin(5e-6));
  const Estimate one = clopper_pearson(1, 10);
  CHECK(one.lo == Approx(0.002529).margin(5e-6));
  CHECK(one.hi == Approx(0.445016).margin(5e-6));
  // k = 0: no lower tail to miss, so the upper bound is one-sided: 1 - 0.05^(1/n).
  const Estimate none = clopper_pearson(0, 10);
  CHECK(none.value == 0.0);
  CHECK(none.lo == 0.0);
  CHECK(none.hi == Approx(1 - std::pow(0.05, 0.1)).epsilon(1e-10));
  CHECK(clopper_pearson(0, 1000000).hi == Approx(1 - std::pow(0.05, 1e-6)).epsilon(1e-8));
  const Estimate all = clopper_pearson(10, 10);
  CHECK(all.hi == 1.0);
  CHECK(all.lo == Approx(std::pow(0.05, 0.1)).epsilon(1e-10));
  CHECK(std::isnan(clopper_pearson(0, 0).value));
  // Never narrower than Wilson in these cases (it is conservative).
  for (uint64_t k : {1, 3, 50}) {
    const Estimate c = clopper_pearson(k, 100), w = wilson(k, 100);
    CHECK(c.hi - c.lo >= w.hi - w.lo);
  }
  CHECK(rate_interval(IntervalKind::ClopperPearson, 5, 10).lo == half.lo);
  CHECK(rate_interval(IntervalKind::Wilson, 5, 10).lo == wilson(5, 10).lo);
}

TEST_CASE("variance ratios: what pairing bought", "[interval]") {
  // Rates 0.2 and 0.22 over 1000 trials, 10 and 30 discordant: unpaired per-trial variance
  // 0.2*0.8 + 0.22*0.78 = 0.3316, paired 0.04 - 0.02^2 = 0.0396.
  CHECK(paired_rate_variance_ratio(200, 220, 10, 30, 1000) ==
        Approx(0.3316 / 0.0396).epsilon(1e-12));
  CHECK(std::isnan(paired_rate_variance_ratio(200, 200, 0, 0, 1000)));
  CHECK(std::isnan(paired_rate_variance_ratio(0, 0, 0, 0, 0)));
  // Means: two samples {0, 10, 20} and {1, 11, 21} (variance 100 each, n 3): unpaired 200 / 3;
  // differences all 1: paired variance 0, no ratio; differences {0, 2, 1}: variance 1 / 3.
  LogHistogram a, b;
  for (uint64_t x : {0, 10, 20}) a.add(x);
  for (uint64_t x : {1, 11, 21}) b.add(x);
  CHECK(std::isnan(paired_mean_variance_ratio(a, b, 3, 3, 3)));
  CHECK(paired_mean_variance_ratio(a, b, 3, 5, 3) ==
        Approx((200.0 / 3) / (1.0 / 3)).epsilon(1e-12));
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

namespace {

// A known discrete population shaped like the simulator's downtimes: times on a 6 s grid from
// 600 s up (weight 1/k at 6k s: spread evenly over the doublings), plus repeated values that
// carry real mass (18 s: healed in the fight; 630 s: the healer's usual arrival).
struct Population {
  std::vector<uint64_t> value;  // increasing
  std::vector<uint64_t> cum;    // cumulative integer weights
  uint64_t total() const { return cum.back(); }

  Population(uint64_t k_max) {
    std::vector<std::pair<uint64_t, uint64_t>> w;
    uint64_t grid = 0;
    for (uint64_t k = 100; k <= k_max; ++k) grid += 1000000000 / k;
    w.push_back({18, grid * 15 / 75});  // 15% of all
    for (uint64_t k = 100; k <= k_max; ++k)
      w.push_back({6 * k, 1000000000 / k + (k == 105 ? grid * 10 / 75 : 0)});  // 630 s: +10%
    uint64_t c = 0;
    for (auto [v, x] : w) {
      value.push_back(v);
      cum.push_back(c += x);
    }
  }
  uint64_t draw(Stream& s) const {
    const uint64_t u = s.below(total());  // value i when cum[i-1] <= u < cum[i]
    return value[static_cast<size_t>(std::upper_bound(cum.begin(), cum.end(), u) - cum.begin())];
  }
  // The exact quantile num/den: the smallest value with F(v) >= num/den.
  uint64_t quantile(uint64_t num, uint64_t den) const {
    for (size_t i = 0; i < value.size(); ++i)
      if (static_cast<u128>(cum[i]) * den >= static_cast<u128>(total()) * num) return value[i];
    return value.back();
  }
  // P(X < x) and P(lo <= X <= hi).
  double below(uint64_t x) const {
    const size_t i =
        static_cast<size_t>(std::lower_bound(value.begin(), value.end(), x) - value.begin());
    return i == 0 ? 0.0 : static_cast<double>(cum[i - 1]) / static_cast<double>(total());
  }
  double within(uint64_t lo, uint64_t hi) const { return below(hi + 1) - below(lo); }
};

double log_binomial_pmf(uint64_t n, uint64_t k, double p) {
  const double nn = static_cast<double>(n), kk = static_cast<double>(k);
  return std::lgamma(nn + 1) - std::lgamma(kk + 1) - std::lgamma(nn - kk + 1) +
         (k ? kk * std::log(p) : 0.0) + (n - k ? (nn - kk) * std::log1p(-p) : 0.0);
}

// P(X(l) <= t and X(u) >= t) for a sample of n, 1-based ranks l <= u, when each value falls
// below t's cell with probability pa and in it with probability pe: with A values below the
// cell and E in it, X(l) is at or below the cell iff A + E >= l, and X(u) at or above it iff
// A <= u - 1. A ~ Bin(n, pa); given A = a, E ~ Bin(n - a, pe / (1 - pa)).
double order_statistic_coverage(uint64_t n, uint64_t l, uint64_t u, double pa, double pe) {
  const double r = pe / (1 - pa);
  double cover = 0;
  for (uint64_t a = 0; a <= std::min(u - 1, n); ++a) {
    const double pa_a = std::exp(log_binomial_pmf(n, a, pa));
    if (pa_a < 1e-15) continue;
    double tail = 0;  // P(E >= l - a)
    for (uint64_t e = l > a ? l - a : 0; e <= n - a; ++e)
      tail += std::exp(log_binomial_pmf(n - a, e, r));
    cover += pa_a * std::min(tail, 1.0);
  }
  return cover;
}

struct Coverage {
  double observed;      // fraction of the runs whose interval held the true quantile
  double theory_low;    // exact coverage of [X(l), X(u)] for this population
  double theory_high;   // the most a bin-widened interval can reach (= theory_low if exact)
  uint64_t exact_runs;  // runs whose histogram stayed exact
};

// `runs` samples of n from pop (Purpose::Test streams, fixed seed), the 95% interval of the
// quantile num/den from each sample's histogram.
Coverage measure(const Population& pop, uint64_t n, int runs, uint64_t num, uint64_t den) {
  const double q = static_cast<double>(num) / static_cast<double>(den);
  const uint64_t truth = pop.quantile(num, den);
  const RankInterval ranks = quantile_interval_ranks(n, q);
  uint64_t covered = 0, exact = 0;
  for (int run = 0; run < runs; ++run) {
    TrialRng rng(2026, static_cast<uint64_t>(run));
    Stream s = rng.stream(Purpose::Test);
    std::vector<uint64_t> sample(n);
    for (auto& v : sample) v = pop.draw(s);
    // Added in sorted order only because appending is cheaper than inserting: the histogram
    // does not depend on the order (test_histogram.cpp).
    std::sort(sample.begin(), sample.end());
    LogHistogram h;
    for (uint64_t v : sample) h.add(v);
    const Estimate e = quantile_interval(h, q);
    // The interval always holds the exact order statistics it stands for.
    REQUIRE(e.lo <= static_cast<double>(sample[ranks.lo]));
    REQUIRE(static_cast<double>(sample[ranks.hi]) <= e.hi);
    if (h.exact()) {
      ++exact;
      REQUIRE(e.lo == static_cast<double>(sample[ranks.lo]));
      REQUIRE(e.hi == static_cast<double>(sample[ranks.hi]));
    }
    if (e.lo <= static_cast<double>(truth) && static_cast<double>(truth) <= e.hi) ++covered;
  }
  const size_t bin = LogHistogram::bin_of(truth);
  return {
      static_cast<double>(covered) / runs,
      order_statistic_coverage(n, ranks.lo + 1, ranks.hi + 1, pop.below(truth),
                               pop.within(truth, truth)),
      order_statistic_coverage(n, ranks.lo + 1, ranks.hi + 1, pop.below(LogHistogram::bin_low(bin)),
                               pop.within(LogHistogram::bin_low(bin), LogHistogram::bin_high(bin))),
      exact};
}

}  // namespace

TEST_CASE("quantile_interval: 95% coverage of the median and p90 in small runs",
          "[interval][coverage]") {
  // 1000 runs of 200 trials from a population over 600 s .. 24000 s (5.3 doublings): each
  // histogram is exact, so the interval is [X(l), X(u)] and covers the true quantile with
  // probability P(l <= B < u), B ~ Binomial(200, q) (a little more where the population has
  // ties), computed exactly below. That exact rate must lie in 93-97%, and the measured one
  // within 4 standard errors of it (a band of +-2.8 points for 1000 runs): an interval of
  // midpoints, or one of zero width, fails the second. At q = 0.9 the normal-theory ranks
  // are conservative (96.7%) because Binomial(200, 0.9) is skewed.
  const Population pop(4000);
  constexpr int kRuns = 1000;
  const double sd = std::sqrt(0.95 * 0.05 / kRuns);  // of an observed coverage near 95%
  struct Case {
    uint64_t num, den;
  };
  for (Case c : {Case{1, 2}, Case{9, 10}}) {
    INFO("q = " << c.num << "/" << c.den << ", true quantile " << pop.quantile(c.num, c.den));
    const Coverage cov = measure(pop, 200, kRuns, c.num, c.den);
    INFO("observed " << cov.observed << ", exact " << cov.theory_low);
    CHECK(cov.exact_runs == kRuns);
    CHECK(cov.theory_low >= 0.93);
    CHECK(cov.theory_low <= 0.97);
    CHECK(std::abs(cov.observed - cov.theory_low) <= 4 * sd);
    INFO("exact coverage q=" << c.num << "/" << c.den << ": observed " << cov.observed << ", exact "
                             << cov.theory_low);
  }
  // A quantile on a repeated value (630 s carries 10%): the order-statistic interval is
  // conservative there, as the theory says; the measured rate must match the exact one.
  REQUIRE(pop.quantile(1, 5) == 630);
  const Coverage tie = measure(pop, 200, kRuns, 1, 5);
  INFO("tie: observed " << tie.observed << ", exact " << tie.theory_low);
  CHECK(tie.theory_low > 0.99);
  CHECK(std::abs(tie.observed - tie.theory_low) <= 4 * std::sqrt(0.01 * 0.99 / kRuns));
}

TEST_CASE("quantile_interval: coverage in binned mode is bounded as the bins allow",
          "[interval][coverage]") {
  // 1000 runs of 8000 trials over 600 s .. 69 days (13 doublings): more distinct values than
  // the histogram keeps, so it is binned, and the bounds are the lower rank's bin minimum and
  // the upper rank's bin maximum. Such an interval holds [X(l), X(u)] (checked in every run),
  // so it covers at least as often as the exact one, and at most as often as the event "the
  // quantile's bin lies between the bins of X(l) and X(u)".
  const Population pop(1000000);
  constexpr int kRuns = 1000;
  const double sd = std::sqrt(0.95 * 0.05 / kRuns);
  for (uint64_t num : {5, 9}) {
    INFO("q = " << num << "/10, true quantile " << pop.quantile(num, 10));
    const Coverage cov = measure(pop, 8000, kRuns, num, 10);
    INFO("observed " << cov.observed << ", exact " << cov.theory_low << ", binned at most "
                     << cov.theory_high);
    CHECK(cov.exact_runs == 0);
    CHECK(cov.theory_low >= 0.93);
    CHECK(cov.observed >= cov.theory_low - 4 * sd);
    CHECK(cov.observed <= cov.theory_high + 4 * sd);
    INFO("binned coverage q=" << num << "/10: observed " << cov.observed << ", exact "
                              << cov.theory_low << ", bound " << cov.theory_high);
  }
}
