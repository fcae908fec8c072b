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

// Quantile q with a distribution-free interval: the order statistics whose ranks bracket
// n*q by z standard deviations of the binomial count.
Estimate quantile_interval(const LogHistogram& h, double q, double z = kZ95);

// Paired difference of two rates on the same trials, from the discordant counts: b trials
// where only the baseline had the event, c where only the variant had it. Value (c - b) / n;
// exactly 0 with a zero-width interval when b = c = 0.
Estimate paired_rate_difference(uint64_t b, uint64_t c, uint64_t n, double z = kZ95);

// Paired mean difference from integer sums of the differences and of their squares.
Estimate paired_mean_difference(double sum, double sum_sq, uint64_t n, double z = kZ95);

}  // namespace leth
