#include "analysis/histogram.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <stdexcept>
#include <string>

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

void LogHistogram::add_to_bins(uint64_t v, uint64_t n) {
  const size_t b = bin_of(v);
  if (b >= counts_.size()) {
    counts_.resize(b + 1, 0);
    mins_.resize(b + 1, UINT64_MAX);
    maxs_.resize(b + 1, 0);
  }
  counts_[b] += n;
  mins_[b] = std::min(mins_[b], v);
  maxs_[b] = std::max(maxs_[b], v);
}

void LogHistogram::drop_values() {
  exact_ = false;
  std::vector<Value>().swap(values_);
}

void LogHistogram::add_many(uint64_t v, uint64_t n) {
  if (n == 0) return;
  add_to_bins(v, n);
  n_ += n;
  sum_ += static_cast<u128>(v) * n;
  sum_sq_ += static_cast<u128>(v) * v * n;
  if (!exact_) return;
  uint32_t& slot = found_[slot_of(v)];
  if (slot < values_.size() && values_[slot].value == v) {  // the usual case once warm
    values_[slot].count += n;
    return;
  }
  const auto it = std::lower_bound(values_.begin(), values_.end(), v,
                                   [](const Value& a, uint64_t x) { return a.value < x; });
  slot = static_cast<uint32_t>(it - values_.begin());
  if (it != values_.end() && it->value == v)
    it->count += n;
  else if (values_.size() < kExactCap)
    values_.insert(it, Value{v, n});
  else
    drop_values();  // one distinct value more than the cap
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

  if (exact_ && !o.exact_) drop_values();
  if (!exact_) return;
  // Both exact: the union of two sorted lists (o may be *this, so read both before writing).
  std::vector<Value> u;
  u.reserve(std::min(values_.size() + o.values_.size(), kExactCap + 1));
  auto a = values_.cbegin(), b = o.values_.cbegin();
  while ((a != values_.cend() || b != o.values_.cend()) && u.size() <= kExactCap) {
    if (b == o.values_.cend() || (a != values_.cend() && a->value < b->value))
      u.push_back(*a++);
    else if (a == values_.cend() || b->value < a->value)
      u.push_back(*b++);
    else {
      u.push_back({a->value, a->count + b->count});
      ++a;
      ++b;
    }
  }
  if (u.size() > kExactCap)
    drop_values();
  else
    values_ = std::move(u);
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

LogHistogram::Range LogHistogram::rank_range(uint64_t k) const {
  if (n_ == 0) return {0, 0};
  k = std::min(k, n_ - 1);
  uint64_t seen = 0;
  if (exact_) {
    for (const Value& v : values_) {
      if (k < seen + v.count) return {v.value, v.value};
      seen += v.count;
    }
  } else {
    for (size_t b = 0; b < counts_.size(); ++b) {
      if (counts_[b] == 0) continue;
      if (k < seen + counts_[b]) {
        // The bin's first rank is its min and its last rank its max, exactly.
        const uint64_t lo = k == seen + counts_[b] - 1 ? maxs_[b] : mins_[b];
        const uint64_t hi = k == seen ? mins_[b] : maxs_[b];
        return {lo, hi};
      }
      seen += counts_[b];
    }
  }
  throw std::logic_error("histogram: counts disagree with the total");
}

double LogHistogram::value_at_rank(uint64_t k) const {
  if (n_ == 0) return NAN;
  k = std::min(k, n_ - 1);
  const Range r = rank_range(k);
  if (r.low == r.high) return static_cast<double>(r.low);
  // Binned and strictly inside a bin of several values: interpolate by rank between the
  // bin's min (its first rank) and max (its last rank).
  uint64_t seen = 0;
  for (size_t b = 0; b < counts_.size(); ++b) {
    if (k < seen + counts_[b]) {
      const double f = static_cast<double>(k - seen) / static_cast<double>(counts_[b] - 1);
      return static_cast<double>(mins_[b]) +
             f * (static_cast<double>(maxs_[b]) - static_cast<double>(mins_[b]));
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
  nlohmann::json j = {{"count", n_},
                      {"sum", to_string_u128(sum_)},
                      {"sum_squares", to_string_u128(sum_sq_)},
                      {"bins", bins}};
  // An empty histogram is exact with nothing to list: leave the key out, so an empty
  // histogram's text is what it always was.
  if (exact_ && n_ > 0) {
    nlohmann::json values = nlohmann::json::array();
    for (const Value& v : values_) values.push_back({v.value, v.count});
    j["values"] = values;
  }
  return j;
}

namespace {

[[noreturn]] void bad(const std::string& what) {
  throw std::invalid_argument("histogram: " + what);
}

uint64_t uint_at(const nlohmann::json& a, size_t i) {
  const nlohmann::json& e = a.at(i);
  if (!e.is_number_integer() || (!e.is_number_unsigned() && e.get<int64_t>() < 0))
    bad("expected a non-negative integer, got " + e.dump());
  return e.get<uint64_t>();
}

constexpr u128 kU128Max = ~u128{0};

u128 sat_add(u128 a, u128 b) {
  return a > kU128Max - b ? kU128Max : a + b;
}
u128 sat_mul(u128 a, u128 b) {
  return a != 0 && b > kU128Max / a ? kU128Max : a * b;
}

}  // namespace

LogHistogram LogHistogram::from_json(const nlohmann::json& j) {
  LogHistogram h;
  h.n_ = j.at("count").get<uint64_t>();
  h.sum_ = parse_u128(j.at("sum").get<std::string>());
  h.sum_sq_ = parse_u128(j.at("sum_squares").get<std::string>());

  // The bins: in order, within their edges, adding up to the count.
  const size_t last = bin_of(UINT64_MAX);
  u128 total = 0, sum_lo = 0, sum_hi = 0, sq_lo = 0, sq_hi = 0;
  size_t distinct_max = 0;  // the most distinct values the bins can hold
  for (const auto& e : j.at("bins")) {
    if (!e.is_array() || e.size() != 4) bad("a bin is [bin, count, min, max], got " + e.dump());
    const uint64_t b64 = uint_at(e, 0);
    if (b64 > last) bad("bin out of range");
    const size_t b = static_cast<size_t>(b64);
    if (b < h.counts_.size()) bad("bins out of order or repeated at bin " + std::to_string(b));
    const uint64_t c = uint_at(e, 1), lo = uint_at(e, 2), hi = uint_at(e, 3);
    const std::string where = "bin " + std::to_string(b) + " [" + std::to_string(bin_low(b)) +
                              ", " + std::to_string(bin_high(b)) + "]";
    if (c == 0) bad(where + " is listed but empty");
    if (lo > hi || lo < bin_low(b) || hi > bin_high(b))
      bad(where + " has min " + std::to_string(lo) + " and max " + std::to_string(hi));
    if (c == 1 && lo != hi) bad(where + " holds one value but min != max");
    h.counts_.resize(b + 1, 0);
    h.mins_.resize(b + 1, UINT64_MAX);
    h.maxs_.resize(b + 1, 0);
    h.counts_[b] = c;
    h.mins_[b] = lo;
    h.maxs_[b] = hi;
    total += c;
    // The min and the max each occur at least once; the other c - 2 values lie between.
    const u128 l = lo, u = hi, rest = c >= 2 ? c - 2 : 0;
    const u128 s_lo = c == 1 ? l : sat_add(l + u, sat_mul(rest, l));
    const u128 s_hi = c == 1 ? u : sat_add(l + u, sat_mul(rest, u));
    const u128 q_lo = c == 1 ? l * l : sat_add(sat_add(l * l, u * u), sat_mul(rest, l * l));
    const u128 q_hi = c == 1 ? u * u : sat_add(sat_add(l * l, u * u), sat_mul(rest, u * u));
    sum_lo = sat_add(sum_lo, s_lo);
    sum_hi = sat_add(sum_hi, s_hi);
    sq_lo = sat_add(sq_lo, q_lo);
    sq_hi = sat_add(sq_hi, q_hi);
    distinct_max += static_cast<size_t>(std::min<uint64_t>(c, hi - lo + 1));
  }
  if (total != h.n_)
    bad("the bins hold " + to_string_u128(total) + " values, not count " + std::to_string(h.n_));
  if (h.sum_ < sum_lo || h.sum_ > sum_hi) bad("sum outside what the bins' extremes allow");
  if (h.sum_sq_ < sq_lo || h.sum_sq_ > sq_hi)
    bad("sum_squares outside what the bins' extremes allow");

  // The exact values, when present, must rebuild every other part exactly.
  const auto values = j.find("values");
  if (values != j.end()) {
    if (!values->is_array()) bad("values must be a list of [value, count]");
    if (values->size() > kExactCap) bad("more exact values than the cap");
    LogHistogram rebuilt;
    for (const auto& e : *values) {
      if (!e.is_array() || e.size() != 2) bad("a value is [value, count], got " + e.dump());
      const uint64_t v = uint_at(e, 0), c = uint_at(e, 1);
      if (c == 0) bad("value " + std::to_string(v) + " is listed with count 0");
      if (!rebuilt.values_.empty() && rebuilt.values_.back().value >= v)
        bad("values out of order or repeated at " + std::to_string(v));
      rebuilt.add_many(v, c);
    }
    h.values_ = rebuilt.values_;  // then every other part must match, field by field
    if (!(rebuilt == h)) bad("the exact values disagree with the bins or the sums");
  } else if (h.n_ > 0) {
    // Binned: only possible once the data held more distinct values than the cap.
    if (distinct_max <= kExactCap)
      bad("binned, but its bins hold at most " + std::to_string(distinct_max) +
          " distinct values: the exact values are missing");
    h.exact_ = false;
  }
  return h;
}

bool LogHistogram::operator==(const LogHistogram& o) const {
  if (n_ != o.n_ || sum_ != o.sum_ || sum_sq_ != o.sum_sq_ || exact_ != o.exact_ ||
      values_ != o.values_)
    return false;
  const auto a = bins(), b = o.bins();
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (a[i].low != b[i].low || a[i].count != b[i].count || a[i].min != b[i].min ||
        a[i].max != b[i].max)
      return false;
  return true;
}

}  // namespace leth
