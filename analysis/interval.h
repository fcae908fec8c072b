// Estimates with 95% confidence intervals. Computed only when reporting, from integer tallies.
#pragma once

#include <cstdint>

#include "analysis/histogram.h"

namespace leth {

struct Estimate {
  double value = 0;
  double lo = 0;
  double hi = 0;
};

inline constexpr double kZ95 = 1.959963984540054;

// Wilson score interval for k successes in n trials (n = 0: all NaN).
Estimate wilson(uint64_t k, uint64_t n, double z = kZ95);

// Clopper-Pearson (exact binomial) interval at confidence level 1 - alpha, from Boost.Math's
// binomial bounds. k = 0: lower bound 0 and the one-sided upper bound 1 - (alpha)^(1/n) — the
// lower tail cannot be missed, so all of alpha goes to the upper one; k = n likewise.
Estimate clopper_pearson(uint64_t k, uint64_t n, double alpha = 0.05);

// How a rate's interval is computed: Wilson by default, Clopper-Pearson on request.
enum class IntervalKind { Wilson, ClopperPearson };
const char* interval_name(IntervalKind k);  // "wilson", "clopper-pearson"
Estimate rate_interval(IntervalKind kind, uint64_t k, uint64_t n);

// Mean with a normal-theory interval, from a histogram's integer sums.
Estimate mean_interval(const LogHistogram& h, double z = kZ95);

// The 0-based ranks of the order statistics that bracket quantile q in a sample of n:
// 1-based ranks floor(n q - z s) and ceil(n q + z s), s = sqrt(n q (1 - q)) the standard
// deviation of the binomial count below the quantile, clamped to [1, n].
struct RankInterval {
  uint64_t lo, hi;
};
RankInterval quantile_interval_ranks(uint64_t n, double q, double z = kZ95);

// Quantile q with a distribution-free interval [X(lo), X(hi)] over those ranks: it covers the
// true quantile with probability at least P(lo < B <= hi), B ~ Binomial(n, q), for any
// population (more when the population has ties). The value is h.quantile(q). In binned mode
// the bounds are the smallest value the lower rank can have and the largest value the upper
// rank can have (LogHistogram::rank_range), so the interval still bounds the order
// statistics and is at least as wide as the exact one; it is never a midpoint.
Estimate quantile_interval(const LogHistogram& h, double q, double z = kZ95);

// Paired difference of two rates on the same trials, from the discordant counts: b trials
// where only the reference had the event, c where only the variant had it. Value (c - b) / n,
// exactly 0 when b = c = 0. Interval: Agresti & Min (2005), "Simple improved confidence
// intervals for comparing matched proportions", Stat. Med. 24:729-740 — the Wald interval
// after adding 1/2 to each of the four cells of the paired 2x2 table (n + 2 trials,
// b + 1/2, c + 1/2): centre (c - b) / (n + 2), variance ((b + c + 1) - (c - b)^2 / (n + 2)) /
// (n + 2)^2. It keeps its coverage near 95% for small and zero discordant counts, where the
// plain Wald interval collapses to a point.
Estimate paired_rate_difference(uint64_t b, uint64_t c, uint64_t n, double z = kZ95);

// McNemar's exact test of b = c: two-sided binomial p-value, min(1, 2 P(X <= min(b, c))) for
// X ~ Binomial(b + c, 1/2); 1 when b + c = 0.
double mcnemar_exact_p(uint64_t b, uint64_t c);

// What pairing bought: the variance of the unpaired difference (two independent samples of n
// trials with these rates) over the variance of the paired one, from the same counts:
// p_ref and p_var the two marginal rates, b and c the discordant counts. An independent-streams
// comparison needs this many times the trials for the same precision. NaN when the paired
// variance is 0 (b = c = 0: the pair never disagreed) or n = 0.
double paired_rate_variance_ratio(uint64_t k_ref, uint64_t k_var, uint64_t b, uint64_t c,
                                  uint64_t n);

// The mean of n values, with its normal interval, from the sums of the values and of their
// squares (0 with [0, 0] when every value is 0; NaN bounds below 2 values).
Estimate mean_from_sums(double sum, double sum_sq, uint64_t n, double z = kZ95);
// Paired mean difference from integer sums of the differences and of their squares: the mean
// of the per-trial differences (mean_from_sums).
Estimate paired_mean_difference(double sum, double sum_sq, uint64_t n, double z = kZ95);

// The same ratio for a mean: the unpaired variance of the difference of means, var_ref / n_ref
// + var_var / n_var (each sample's own variance and size), over the paired variance,
// var(d) / n_pairs. NaN when the paired variance is 0 or a sample is too small.
double paired_mean_variance_ratio(const LogHistogram& ref, const LogHistogram& var, double sum,
                                  double sum_sq, uint64_t n_pairs);
// The same from each sample's sums of values and squares (a counter over every trial).
struct Sums {
  double sum = 0, sum_sq = 0;
  uint64_t n = 0;
};
double paired_mean_variance_ratio(const Sums& ref, const Sums& var, const Sums& diff);

}  // namespace leth
