// Logistic regression of a rate on one variable from grouped binomial counts (k_i events in
// n_i trials at x_i), by iteratively reweighted least squares, and the value of x at which
// the fitted rate crosses a target, with Fieller's interval. Used for sweeps (sweep_report.h).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

namespace leth {

struct BinomialPoint {
  double x = 0;
  uint64_t k = 0;  // events (deaths)
  uint64_t n = 0;  // trials
};

// logit p(x) = intercept + slope * x, the maximum-likelihood fit.
struct LogisticFit {
  double intercept = 0;
  double slope = 0;
  // From the inverse of the observed (= expected, canonical link) information at the fit.
  double se_intercept = 0;
  double se_slope = 0;
  double cov = 0;  // covariance of intercept and slope
  int iterations = 0;
  double rate(double x) const;
};

// nullopt when the maximum-likelihood estimate does not exist or is not finite: fewer than
// two distinct x with trials, every rate 0 or every rate 1, or the points separated (every
// event at x above, none below, or the reverse) so that the slope runs off to infinity.
std::optional<LogisticFit> fit_logistic(const std::vector<BinomialPoint>& points);

// Where the fitted rate equals `target`: x* = (logit target - intercept) / slope, with
// Fieller's 95% interval, the set of x where |intercept + slope x - logit target| is within
// z standard errors of its estimate. Its ends are infinite (lo = -inf or hi = +inf, or both
// NaN: the whole line) when the slope is not significantly different from 0.
struct Crossing {
  double x = 0;
  double lo = 0;
  double hi = 0;
};
std::optional<Crossing> crossing(const LogisticFit& f, double target, double z = 1.959963984540054);

}  // namespace leth
