// An integer histogram of non-negative durations (seconds) that keeps its quantiles exact
// while it can, and says how far they can be off when it cannot.
//
// Two layers, both pure functions of the multiset of values added:
// - log-linear bins, always kept: exact below 128, then 64 bins per doubling (each under 1.6%
//   wide), bins inclusive at both ends, with per-bin counts and exact minimum and maximum;
// - the exact (value, count) pairs, kept while the data hold at most kExactCap distinct
//   values and dropped for good when they hold more.
// The number of distinct values never falls when values are added or histograms merged, so a
// histogram is exact if and only if its final multiset has at most kExactCap distinct values,
// whatever the order of adds and merges and however the trials were split between threads
// (docs/design.md, "Integer tallies": merging is exact and order-independent).
//
// Quantiles are exact in exact mode. In binned mode the value of a rank is known to lie in
// its bin's [min, max] (exactly the min for the bin's first rank, the max for its last), and
// rank_range() gives those bounds so that an interval can be built from values that bound the
// true order statistics instead of from a point estimate.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include <nlohmann/json.hpp>

#include "analysis/wide_int.h"

namespace leth {

class LogHistogram {
 public:
  static constexpr int kSubBits = 6;
  static constexpr uint64_t kLinear = uint64_t{1} << kSubBits;  // 64
  // Distinct values kept exactly. Simulated times are multiples of a round or of an event
  // period, so a scenario's downtimes usually take a few hundred distinct values; 4096 covers
  // every 6 s step up to almost 7 hours, costs at most 64 KiB per histogram, and keeps the
  // sorted insert of a new value cheap. Beyond it the bins are under 1.6% wide.
  static constexpr size_t kExactCap = 4096;

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

  // True while every value is kept exactly (at most kExactCap distinct values).
  bool exact() const { return exact_; }
  struct Value {
    uint64_t value, count;
    bool operator==(const Value&) const = default;
  };
  // The exact (value, count) pairs in increasing order; empty when binned.
  const std::vector<Value>& values() const { return values_; }

  // The smallest and largest value that the element of rank k (0-based, sorted order) can
  // have: equal in exact mode, the bin's extremes (or one of them) in binned mode.
  struct Range {
    uint64_t low, high;
  };
  Range rank_range(uint64_t k) const;
  // The value of rank k (0-based) in sorted order: exact in exact mode, and in binned mode
  // whenever rank_range(k) is a single value; otherwise interpolated by rank between the
  // bin's min and max (an estimate, within rank_range(k)). k past the end means the largest.
  double value_at_rank(uint64_t k) const;
  // The smallest value with at least a fraction q of the data at or below it.
  double quantile(double q) const;

  struct Bin {
    uint64_t low, high, count, min, max;
  };
  std::vector<Bin> bins() const;  // non-empty bins, in order

  // {"bins":[[bin, count, min, max], ...], "count", "sum", "sum_squares"} and, when exact and
  // not empty, "values":[[value, count], ...]. from_json checks that every part agrees with
  // the others and throws std::invalid_argument on anything a histogram could not hold.
  nlohmann::json to_json() const;
  static LogHistogram from_json(const nlohmann::json& j);
  bool operator==(const LogHistogram& o) const;

 private:
  void add_to_bins(uint64_t v, uint64_t n);
  void drop_values();

  // Where a value was last found in values_, by a hash of the value: add() checks the slot
  // (values_[i].value == v) before trusting it, so a slot left stale by an insert costs only a
  // binary search. Not part of the histogram's value: == and JSON ignore it.
  static constexpr size_t kSlots = 64;
  static size_t slot_of(uint64_t v) {
    return static_cast<size_t>((v * 0x9e3779b97f4a7c15ULL) >> 58);
  }
  std::array<uint32_t, kSlots> found_{};

  std::vector<uint64_t> counts_, mins_, maxs_;
  std::vector<Value> values_;
  bool exact_ = true;
  uint64_t n_ = 0;
  u128 sum_ = 0, sum_sq_ = 0;
};

}  // namespace leth
