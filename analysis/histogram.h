// An integer histogram of non-negative durations (seconds) with log-linear bins: exact below
// 64, then 64 bins per doubling (each under 1.6% wide). Counts, sums and per-bin minima and
// maxima are integers, so merging in any order gives the same histogram (DESIGN.md), and
// quantiles are exact whenever the quantile's bin holds a single distinct value.
#pragma once

#include <cstdint>
#include <vector>

#include <nlohmann/json.hpp>

#include "analysis/wide_int.h"

namespace leth {

class LogHistogram {
 public:
  static constexpr int kSubBits = 6;
  static constexpr uint64_t kLinear = uint64_t{1} << kSubBits;  // 64

  static size_t bin_of(uint64_t v);
  static uint64_t bin_low(size_t bin);
  static uint64_t bin_high(size_t bin);  // inclusive

  void add(uint64_t v);
  // Adds `n` copies of v at once (for tests that need huge synthetic counts).
  void add_many(uint64_t v, uint64_t n);
  void merge(const LogHistogram& other);

  uint64_t count() const { return n_; }
  u128 sum() const { return sum_; }
  u128 sum_squares() const { return sum_sq_; }
  double mean() const;
  double variance() const;  // sample variance
  // The value of rank k (0-based) in sorted order; exact when its bin holds one distinct
  // value, else the bin's midpoint clamped to the values seen in that bin.
  double value_at_rank(uint64_t k) const;
  // The smallest value with at least a fraction q of the data at or below it.
  double quantile(double q) const;

  struct Bin {
    uint64_t low, high, count, min, max;
  };
  std::vector<Bin> bins() const;  // non-empty bins, in order

  nlohmann::json to_json() const;
  static LogHistogram from_json(const nlohmann::json& j);
  bool operator==(const LogHistogram& o) const;

 private:
  std::vector<uint64_t> counts_, mins_, maxs_;
  uint64_t n_ = 0;
  u128 sum_ = 0, sum_sq_ = 0;
};

}  // namespace leth
