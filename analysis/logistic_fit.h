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
  // From the inverse of the observed (= expected, canonical link) information at the fit,
  // multiplied by `dispersion` when that exceeds 1 (see below).
  double se_intercept = 0;
  double se_slope = 0;
  double cov = 0;  // covariance of intercept and slope
  int iterations = 0;
  // Lack of fit: Pearson's X^2 = sum (k - n p)^2 / (n p (1 - p)) on df = points - 2. A death
  // rate that is not logistic in x leaves X^2 / df far above 1 with many trials per point,
  // and the binomial standard errors alone would then be much too small (the interval would
  // measure the noise, not the misfit). So the covariance is scaled by
  // dispersion = max(1, X^2 / df) (quasi-binomial, McCullagh & Nelder 1989 sec. 4.5); 1 when
  // df = 0.
  double pearson = 0;
  int df = 0;
  double dispersion = 1;
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
