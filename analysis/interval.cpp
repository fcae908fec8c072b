#include "analysis/interval.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include <boost/math/distributions/binomial.hpp>

namespace leth {

Estimate wilson(uint64_t k, uint64_t n, double z) {
  if (n == 0) return {NAN, NAN, NAN};
  const double nn = static_cast<double>(n);
  const double p = static_cast<double>(k) / nn;
  const double z2 = z * z;
  const double denom = 1 + z2 / nn;
  const double centre = (p + z2 / (2 * nn)) / denom;
  const double half = z * std::sqrt(p * (1 - p) / nn + z2 / (4 * nn * nn)) / denom;
  // At k = 0 or k = n the bound is exactly 0 or 1.
  const double lo = k == 0 ? 0.0 : std::max(0.0, centre - half);
  const double hi = k == n ? 1.0 : std::min(1.0, centre + half);
  return {p, lo, hi};
}

Estimate clopper_pearson(uint64_t k, uint64_t n, double alpha) {
  using boost::math::binomial_distribution;
  if (n == 0) return {NAN, NAN, NAN};
  if (k > n) throw std::invalid_argument("clopper_pearson: more successes than trials");
  const double nn = static_cast<double>(n), kk = static_cast<double>(k);
  const double p = kk / nn;
  // One-sided at an end: the bound on the other side is exact (0 or 1) and cannot miss.
  if (k == 0) return {0.0, 0.0, binomial_distribution<>::find_upper_bound_on_p(nn, kk, alpha)};
  if (k == n) return {1.0, binomial_distribution<>::find_lower_bound_on_p(nn, kk, alpha), 1.0};
  return {p, binomial_distribution<>::find_lower_bound_on_p(nn, kk, alpha / 2),
          binomial_distribution<>::find_upper_bound_on_p(nn, kk, alpha / 2)};
}

const char* interval_name(IntervalKind k) {
  return k == IntervalKind::Wilson ? "wilson" : "clopper-pearson";
}

Estimate rate_interval(IntervalKind kind, uint64_t k, uint64_t n) {
  return kind == IntervalKind::Wilson ? wilson(k, n) : clopper_pearson(k, n);
}

Estimate mean_interval(const LogHistogram& h, double z) {
  if (h.count() == 0) return {NAN, NAN, NAN};
  const double m = h.mean();
  if (h.count() < 2) return {m, NAN, NAN};
  const double se = std::sqrt(h.variance() / static_cast<double>(h.count()));
  return {m, m - z * se, m + z * se};
}

RankInterval quantile_interval_ranks(uint64_t n, double q, double z) {
  if (n == 0) return {0, 0};
  const double nn = static_cast<double>(n);
  const double sd = std::sqrt(nn * q * (1 - q));
  const double lo_rank = std::floor(nn * q - z * sd);
  const double hi_rank = std::ceil(nn * q + z * sd);
  const uint64_t lo_k = lo_rank <= 1 ? 0 : static_cast<uint64_t>(lo_rank) - 1;
  // At q = 0 the upper rank is 0: the minimum, not rank -1 wrapped around to the maximum.
  const uint64_t hi_k = hi_rank >= nn ? n - 1 : static_cast<uint64_t>(std::max(hi_rank, 1.0)) - 1;
  return {lo_k, hi_k};
}

Estimate quantile_interval(const LogHistogram& h, double q, double z) {
  const uint64_t n = h.count();
  if (n == 0) return {NAN, NAN, NAN};
  const RankInterval r = quantile_interval_ranks(n, q, z);
  return {h.quantile(q), static_cast<double>(h.rank_range(r.lo).low),
          static_cast<double>(h.rank_range(r.hi).high)};
}

Estimate paired_rate_difference(uint64_t b, uint64_t c, uint64_t n, double z) {
  if (n == 0) return {NAN, NAN, NAN};
  if (b + c > n) throw std::invalid_argument("paired_rate_difference: b + c exceeds n");
  const double bb = static_cast<double>(b), cc = static_cast<double>(c);
  const double d = (cc - bb) / static_cast<double>(n);
  // Agresti-Min: half a trial added to each cell of the 2x2 table.
  const double nt = static_cast<double>(n) + 2;
  const double centre = (cc - bb) / nt;
  const double var = ((bb + cc + 1) - (cc - bb) * (cc - bb) / nt) / (nt * nt);
  const double half = z * std::sqrt(std::max(0.0, var));
  return {d, std::max(-1.0, centre - half), std::min(1.0, centre + half)};
}

double mcnemar_exact_p(uint64_t b, uint64_t c) {
  if (b + c == 0) return 1.0;
  const boost::math::binomial_distribution<> x(static_cast<double>(b + c), 0.5);
  return std::min(1.0, 2 * boost::math::cdf(x, static_cast<double>(std::min(b, c))));
}

double paired_rate_variance_ratio(uint64_t k_ref, uint64_t k_var, uint64_t b, uint64_t c,
                                  uint64_t n) {
  if (n == 0) return NAN;
  const double nn = static_cast<double>(n);
  const double pr = static_cast<double>(k_ref) / nn, pv = static_cast<double>(k_var) / nn;
  const double d = (static_cast<double>(c) - static_cast<double>(b)) / nn;
  // Per-trial variances: the paired difference takes values -1, 0, 1.
  const double paired = static_cast<double>(b + c) / nn - d * d;
  const double unpaired = pr * (1 - pr) + pv * (1 - pv);
  return paired > 0 ? unpaired / paired : NAN;
}

Estimate paired_mean_difference(double sum, double sum_sq, uint64_t n, double z) {
  return mean_from_sums(sum, sum_sq, n, z);
}

Estimate mean_from_sums(double sum, double sum_sq, uint64_t n, double z) {
  if (n == 0) return {NAN, NAN, NAN};
  const double nn = static_cast<double>(n);
  const double d = sum / nn;
  if (sum == 0 && sum_sq == 0) return {0.0, 0.0, 0.0};
  if (n < 2) return {d, NAN, NAN};
  const double var = (sum_sq - nn * d * d) / (nn - 1);
  const double se = std::sqrt(std::max(0.0, var) / nn);
  return {d, d - z * se, d + z * se};
}

namespace {

// The sample variance of n values from their sums; NaN below 2.
double variance_from_sums(const Sums& s) {
  if (s.n < 2) return NAN;
  const double n = static_cast<double>(s.n), m = s.sum / n;
  return std::max(0.0, (s.sum_sq - n * m * m) / (n - 1));
}

}  // namespace

double paired_mean_variance_ratio(const Sums& ref, const Sums& var, const Sums& diff) {
  if (diff.n < 2 || ref.n < 2 || var.n < 2) return NAN;
  const double paired = variance_from_sums(diff) / static_cast<double>(diff.n);
  const double unpaired = variance_from_sums(ref) / static_cast<double>(ref.n) +
                          variance_from_sums(var) / static_cast<double>(var.n);
  return paired > 0 ? unpaired / paired : NAN;
}

double paired_mean_variance_ratio(const LogHistogram& ref, const LogHistogram& var, double sum,
                                  double sum_sq, uint64_t n_pairs) {
  if (n_pairs < 2 || ref.count() < 2 || var.count() < 2) return NAN;
  const double np = static_cast<double>(n_pairs);
  const double d = sum / np;
  const double paired = std::max(0.0, (sum_sq - np * d * d) / (np - 1)) / np;
  const double unpaired = ref.variance() / static_cast<double>(ref.count()) +
                          var.variance() / static_cast<double>(var.count());
  return paired > 0 ? unpaired / paired : NAN;
}

}  // namespace leth
