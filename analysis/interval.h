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
// where only the baseline had the event, c where only the variant had it. Value (c - b) / n;
// exactly 0 with a zero-width interval when b = c = 0.
Estimate paired_rate_difference(uint64_t b, uint64_t c, uint64_t n, double z = kZ95);

// Paired mean difference from integer sums of the differences and of their squares.
Estimate paired_mean_difference(double sum, double sum_sq, uint64_t n, double z = kZ95);

}  // namespace leth
