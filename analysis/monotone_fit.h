// A rate that only rises or only falls with x, fitted to grouped binomial counts (k_i events
// in n_i trials at x_i) by pool-adjacent-violators: the weighted least-squares monotone fit,
// with no assumption about the curve's shape. Used for sweeps (crossing.h).
#pragma once

#include <cstdint>
#include <vector>

namespace leth {

struct BinomialPoint {
  double x = 0;
  uint64_t k = 0;  // events (deaths)
  uint64_t n = 0;  // trials
  double rate() const { return static_cast<double>(k) / static_cast<double>(n); }
};

// The nondecreasing sequence f minimising sum w_i (y_i - f_i)^2 (weights w_i > 0), by
// pool-adjacent-violators (Ayer et al. 1955; Barlow et al., "Statistical Inference under
// Order Restrictions", 1972, ch. 1): neighbours out of order are pooled into their weighted
// mean until none is. Each f_i is the weighted mean of a block of consecutive y; the blocks
// tile the sequence. For binomial rates weighted by their trials this is also the
// maximum-likelihood monotone fit.
std::vector<double> nondecreasing_fit(const std::vector<double>& y, const std::vector<double>& w);

enum class Trend { Rising, Falling, Flat };
const char* trend_name(Trend t);  // "rising", "falling", "flat"

struct MonotoneFit {
  Trend trend = Trend::Flat;
  std::vector<double> rate;  // the fitted rate at each point, in the points' order
};

// The better of the rising and the falling fit of the points' rates (weighted by trials): the
// one with the smaller weighted squared error. Flat when the two fit equally well (every
// rate the same, or a rise and a fall that balance): then every fitted rate is the pooled
// rate. `points` are in increasing x, each with n > 0.
MonotoneFit monotone_fit(const std::vector<BinomialPoint>& points);

}  // namespace leth
