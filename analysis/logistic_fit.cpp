#include "analysis/logistic_fit.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include <Eigen/Dense>

namespace leth {

namespace {

double sigmoid(double eta) {
  return eta >= 0 ? 1 / (1 + std::exp(-eta)) : std::exp(eta) / (1 + std::exp(eta));
}

// Log-likelihood (up to the binomial coefficients) at eta_i = a + b u_i.
double log_likelihood(const std::vector<BinomialPoint>& pts, const std::vector<double>& u,
                      const Eigen::Vector2d& beta) {
  double ll = 0;
  for (size_t i = 0; i < pts.size(); ++i) {
    const double eta = beta(0) + beta(1) * u[i];
    // k eta - n log(1 + e^eta), written to stay finite for large |eta|.
    const double log1pe = eta > 0 ? eta + std::log1p(std::exp(-eta)) : std::log1p(std::exp(eta));
    ll += static_cast<double>(pts[i].k) * eta - static_cast<double>(pts[i].n) * log1pe;
  }
  return ll;
}

}  // namespace

double LogisticFit::rate(double x) const {
  return sigmoid(intercept + slope * x);
}

std::optional<LogisticFit> fit_logistic(const std::vector<BinomialPoint>& all) {
  std::vector<BinomialPoint> pts;
  for (const BinomialPoint& p : all)
    if (p.n > 0) pts.push_back(p);
  if (pts.size() < 2) return std::nullopt;
  uint64_t k = 0, n = 0;
  for (const BinomialPoint& p : pts) k += p.k, n += p.n;
  if (k == 0 || k == n) return std::nullopt;
  // Separation, complete or quasi-complete: every event at or below some x and every
  // non-event at or above it (or the reverse). Then the likelihood keeps rising as the slope
  // grows, and no finite estimate exists (Albert & Anderson 1984).
  double max_event = -INFINITY, min_event = INFINITY, max_none = -INFINITY, min_none = INFINITY;
  for (const BinomialPoint& p : pts) {
    if (p.k > 0) max_event = std::max(max_event, p.x), min_event = std::min(min_event, p.x);
    if (p.k < p.n) max_none = std::max(max_none, p.x), min_none = std::min(min_none, p.x);
  }
  if (max_event <= min_none || min_event >= max_none) return std::nullopt;
  // Fitted on u = (x - centre) / scale, so that the 2x2 system is well conditioned whatever
  // the unit of x (seconds of a day are 86400); mapped back at the end.
  double lo = pts.front().x, hi = lo, mean = 0;
  for (const BinomialPoint& p : pts) lo = std::min(lo, p.x), hi = std::max(hi, p.x), mean += p.x;
  mean /= static_cast<double>(pts.size());
  if (hi == lo) return std::nullopt;
  const double scale = (hi - lo) / 2;
  std::vector<double> u;
  for (const BinomialPoint& p : pts) u.push_back((p.x - mean) / scale);

  // Start at the pooled rate, flat.
  const double pooled = static_cast<double>(k) / static_cast<double>(n);
  Eigen::Vector2d beta(std::log(pooled / (1 - pooled)), 0);
  double ll = log_likelihood(pts, u, beta);
  Eigen::Matrix2d info;
  int it = 0;
  for (; it < 200; ++it) {
    // One Newton (= IRLS) step: solve X'WX d = X'(k - n p), W = n p (1 - p).
    info.setZero();
    Eigen::Vector2d score(0, 0);
    for (size_t i = 0; i < pts.size(); ++i) {
      const double p = sigmoid(beta(0) + beta(1) * u[i]);
      const double w = static_cast<double>(pts[i].n) * p * (1 - p);
      const Eigen::Vector2d xi(1, u[i]);
      info += w * xi * xi.transpose();
      score += (static_cast<double>(pts[i].k) - static_cast<double>(pts[i].n) * p) * xi;
    }
    const Eigen::Vector2d step = info.ldlt().solve(score);
    if (!step.allFinite()) return std::nullopt;
    // Step halving: the log-likelihood is concave, so a shorter step in this direction rises.
    double t = 1;
    Eigen::Vector2d next = beta + step;
    double ll_next = log_likelihood(pts, u, next);
    while (ll_next < ll - 1e-12 * std::abs(ll) && t > 1e-6) {
      t /= 2;
      next = beta + t * step;
      ll_next = log_likelihood(pts, u, next);
    }
    const bool done = (t * step).cwiseAbs().maxCoeff() < 1e-10 * (1 + beta.cwiseAbs().maxCoeff());
    beta = next;
    ll = ll_next;
    if (done) break;
  }
  if (it == 200 || !beta.allFinite()) return std::nullopt;
  // The information at the estimate.
  info.setZero();
  for (size_t i = 0; i < pts.size(); ++i) {
    const double p = sigmoid(beta(0) + beta(1) * u[i]);
    const Eigen::Vector2d xi(1, u[i]);
    info += static_cast<double>(pts[i].n) * p * (1 - p) * xi * xi.transpose();
  }
  double pearson = 0;
  for (size_t i = 0; i < pts.size(); ++i) {
    const double p = sigmoid(beta(0) + beta(1) * u[i]);
    const double n = static_cast<double>(pts[i].n);
    const double r = static_cast<double>(pts[i].k) - n * p;
    pearson += r * r / (n * p * (1 - p));
  }
  const int df = static_cast<int>(pts.size()) - 2;
  const double dispersion = df > 0 ? std::max(1.0, pearson / df) : 1.0;
  const Eigen::Matrix2d cov_u = dispersion * info.inverse();
  // a + b x = a_u + b_u (x - mean) / scale: (a, b) = T (a_u, b_u).
  Eigen::Matrix2d T;
  T << 1, -mean / scale, 0, 1 / scale;
  const Eigen::Vector2d b = T * beta;
  const Eigen::Matrix2d cov = T * cov_u * T.transpose();
  if (!b.allFinite() || !cov.allFinite()) return std::nullopt;
  LogisticFit f;
  f.intercept = b(0);
  f.slope = b(1);
  f.se_intercept = std::sqrt(cov(0, 0));
  f.se_slope = std::sqrt(cov(1, 1));
  f.cov = cov(0, 1);
  f.iterations = it + 1;
  f.pearson = pearson;
  f.df = df;
  f.dispersion = dispersion;
  return f;
}

std::optional<Crossing> crossing(const LogisticFit& f, double target, double z) {
  if (!(target > 0 && target < 1) || f.slope == 0) return std::nullopt;
  const double L = std::log(target / (1 - target));
  Crossing c;
  c.x = (L - f.intercept) / f.slope;
  // Fieller: (a - L + b x)^2 <= z^2 (Vaa + 2 x Vab + x^2 Vbb), a quadratic A x^2 + 2 B x + C <= 0.
  const double z2 = z * z;
  const double d = f.intercept - L;
  const double A = f.slope * f.slope - z2 * f.se_slope * f.se_slope;
  const double B = f.slope * d - z2 * f.cov;
  const double C = d * d - z2 * f.se_intercept * f.se_intercept;
  const double disc = B * B - A * C;
  const double inf = std::numeric_limits<double>::infinity();
  if (A > 0) {  // the slope is significantly non-zero: a bounded interval around x*
    const double r = std::sqrt(std::max(0.0, disc));
    c.lo = (-B - r) / A;
    c.hi = (-B + r) / A;
  } else if (disc > 0) {  // two half-lines: the interval through x* is unbounded on one side
    const double r = std::sqrt(disc);
    const double r1 = (-B - r) / A, r2 = (-B + r) / A;  // A < 0: r1 > r2
    if (c.x >= r1)
      c.lo = r1, c.hi = inf;
    else
      c.lo = -inf, c.hi = r2;
  } else {
    c.lo = std::numeric_limits<double>::quiet_NaN();
    c.hi = std::numeric_limits<double>::quiet_NaN();
  }
  return c;
}

}  // namespace leth
