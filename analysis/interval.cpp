#include "analysis/interval.h"

#include <algorithm>
#include <cmath>

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
  if (b == 0 && c == 0) return {0.0, 0.0, 0.0};
  const double nn = static_cast<double>(n);
  const double d = (static_cast<double>(c) - static_cast<double>(b)) / nn;
  if (n < 2) return {d, NAN, NAN};
  const double var = (static_cast<double>(b + c) - nn * d * d) / (nn - 1);
  const double se = std::sqrt(std::max(0.0, var) / nn);
  return {d, d - z * se, d + z * se};
}

Estimate paired_mean_difference(double sum, double sum_sq, uint64_t n, double z) {
  if (n == 0) return {NAN, NAN, NAN};
  const double nn = static_cast<double>(n);
  const double d = sum / nn;
  if (sum == 0 && sum_sq == 0) return {0.0, 0.0, 0.0};
  if (n < 2) return {d, NAN, NAN};
  const double var = (sum_sq - nn * d * d) / (nn - 1);
  const double se = std::sqrt(std::max(0.0, var) / nn);
  return {d, d - z * se, d + z * se};
}

}  // namespace leth
