#include "analysis/histogram.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <stdexcept>

namespace leth {

size_t LogHistogram::bin_of(uint64_t v) {
  if (v < kLinear) return static_cast<size_t>(v);
  const int e = 63 - std::countl_zero(v);  // floor(log2 v) >= kSubBits
  const int shift = e - kSubBits;
  return static_cast<size_t>(kLinear + static_cast<uint64_t>(shift) * kLinear +
                             ((v >> shift) & (kLinear - 1)));
}

uint64_t LogHistogram::bin_low(size_t bin) {
  if (bin < kLinear) return bin;
  const uint64_t shift = (bin - kLinear) / kLinear;
  const uint64_t mant = (bin - kLinear) % kLinear;
  return (kLinear + mant) << shift;
}

uint64_t LogHistogram::bin_high(size_t bin) {
  if (bin < kLinear) return bin;
  const uint64_t shift = (bin - kLinear) / kLinear;
  return bin_low(bin) + (uint64_t{1} << shift) - 1;
}

void LogHistogram::add_many(uint64_t v, uint64_t n) {
  if (n == 0) return;
  const size_t b = bin_of(v);
  if (b >= counts_.size()) {
    counts_.resize(b + 1, 0);
    mins_.resize(b + 1, UINT64_MAX);
    maxs_.resize(b + 1, 0);
  }
  counts_[b] += n;
  mins_[b] = std::min(mins_[b], v);
  maxs_[b] = std::max(maxs_[b], v);
  n_ += n;
  sum_ += static_cast<u128>(v) * n;
  sum_sq_ += static_cast<u128>(v) * v * n;
}

void LogHistogram::add(uint64_t v) {
  add_many(v, 1);
}

void LogHistogram::merge(const LogHistogram& o) {
  if (o.counts_.size() > counts_.size()) {
    counts_.resize(o.counts_.size(), 0);
    mins_.resize(o.counts_.size(), UINT64_MAX);
    maxs_.resize(o.counts_.size(), 0);
  }
  for (size_t b = 0; b < o.counts_.size(); ++b) {
    if (o.counts_[b] == 0) continue;
    counts_[b] += o.counts_[b];
    mins_[b] = std::min(mins_[b], o.mins_[b]);
    maxs_[b] = std::max(maxs_[b], o.maxs_[b]);
  }
  n_ += o.n_;
  sum_ += o.sum_;
  sum_sq_ += o.sum_sq_;
}

double LogHistogram::mean() const {
  return n_ == 0 ? NAN : to_double(sum_) / static_cast<double>(n_);
}

double LogHistogram::variance() const {
  if (n_ < 2) return NAN;
  // sum_sq - sum^2/n without cancellation: with sum = a*n + r (0 <= r < n),
  // sum^2/n = a*(sum + r) + r^2/n, and a*(sum + r) <= sum_sq, so the large part is exact in
  // integers (n*sum_sq - sum^2 itself can pass 2^128 at 10^12 trials).
  const u128 a = sum_ / n_, r = sum_ % n_;
  const u128 d = sum_sq_ - a * (sum_ + r);
  const long double n = static_cast<long double>(n_);
  const long double v =
      (static_cast<long double>(d) - static_cast<long double>(r * r) / n) / (n - 1);
  return static_cast<double>(std::max<long double>(0, v));
}

double LogHistogram::value_at_rank(uint64_t k) const {
  if (n_ == 0) return NAN;
  k = std::min(k, n_ - 1);
  uint64_t seen = 0;
  for (size_t b = 0; b < counts_.size(); ++b) {
    if (counts_[b] == 0) continue;
    if (k < seen + counts_[b]) {
      if (mins_[b] == maxs_[b]) return static_cast<double>(mins_[b]);
      const double mid = (static_cast<double>(bin_low(b)) + static_cast<double>(bin_high(b))) / 2;
      return std::clamp(mid, static_cast<double>(mins_[b]), static_cast<double>(maxs_[b]));
    }
    seen += counts_[b];
  }
  return NAN;
}

double LogHistogram::quantile(double q) const {
  if (n_ == 0) return NAN;
  const double r = std::ceil(q * static_cast<double>(n_));
  const uint64_t k = r <= 1 ? 0 : static_cast<uint64_t>(r) - 1;
  return value_at_rank(k);
}

std::vector<LogHistogram::Bin> LogHistogram::bins() const {
  std::vector<Bin> out;
  for (size_t b = 0; b < counts_.size(); ++b)
    if (counts_[b]) out.push_back({bin_low(b), bin_high(b), counts_[b], mins_[b], maxs_[b]});
  return out;
}

nlohmann::json LogHistogram::to_json() const {
  nlohmann::json bins = nlohmann::json::array();
  for (size_t b = 0; b < counts_.size(); ++b)
    if (counts_[b]) bins.push_back({b, counts_[b], mins_[b], maxs_[b]});
  return {{"count", n_},
          {"sum", to_string_u128(sum_)},
          {"sum_squares", to_string_u128(sum_sq_)},
          {"bins", bins}};
}

LogHistogram LogHistogram::from_json(const nlohmann::json& j) {
  LogHistogram h;
  h.n_ = j.at("count").get<uint64_t>();
  h.sum_ = parse_u128(j.at("sum").get<std::string>());
  h.sum_sq_ = parse_u128(j.at("sum_squares").get<std::string>());
  for (const auto& e : j.at("bins")) {
    const size_t b = e.at(0).get<size_t>();
    if (b > 4096) throw std::invalid_argument("histogram bin out of range");
    if (b >= h.counts_.size()) {
      h.counts_.resize(b + 1, 0);
      h.mins_.resize(b + 1, UINT64_MAX);
      h.maxs_.resize(b + 1, 0);
    }
    h.counts_[b] = e.at(1).get<uint64_t>();
    h.mins_[b] = e.at(2).get<uint64_t>();
    h.maxs_[b] = e.at(3).get<uint64_t>();
  }
  return h;
}

bool LogHistogram::operator==(const LogHistogram& o) const {
  return n_ == o.n_ && sum_ == o.sum_ && sum_sq_ == o.sum_sq_ && bins().size() == o.bins().size() &&
         [&] {
           const auto a = bins(), b = o.bins();
           for (size_t i = 0; i < a.size(); ++i)
             if (a[i].low != b[i].low || a[i].count != b[i].count || a[i].min != b[i].min ||
                 a[i].max != b[i].max)
               return false;
           return true;
         }();
}

}  // namespace leth
