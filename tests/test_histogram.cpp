// LogHistogram: the bin layout, exact statistics and quantiles, merging in any order, the JSON
// form, and integer sums wide enough for 10^12 trials of ten years each.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include "analysis/histogram.h"
#include "sim/core/stream.h"

using namespace leth;

namespace {
constexpr uint64_t kTrials = 1000000000000ULL;  // 10^12
constexpr uint64_t kTenYears = 315360000;       // seconds in 3650 days
}  // namespace

TEST_CASE("histogram: bins are exact below 128, then 64 per doubling", "[histogram]") {
  for (uint64_t v = 0; v < 128; ++v) {
    CHECK(LogHistogram::bin_of(v) == v);
    CHECK(LogHistogram::bin_low(v) == v);
    CHECK(LogHistogram::bin_high(v) == v);
  }
  CHECK(LogHistogram::bin_of(128) == 128);
  CHECK(LogHistogram::bin_of(129) == 128);
  CHECK(LogHistogram::bin_high(128) == 129);
  CHECK(LogHistogram::bin_of(1000) == 317);
  CHECK(LogHistogram::bin_low(317) == 1000);
  CHECK(LogHistogram::bin_high(317) == 1007);
  CHECK(LogHistogram::bin_of(UINT64_MAX) == 64 + 57 * 64 + 63);

  // The bins tile [0, 2^64) without gaps or overlaps, each under 1/64 of its low edge wide.
  const size_t last = LogHistogram::bin_of(UINT64_MAX);
  CHECK(LogHistogram::bin_high(last) == UINT64_MAX);
  for (size_t b = 0; b <= last; ++b) {
    INFO(b);
    const uint64_t lo = LogHistogram::bin_low(b), hi = LogHistogram::bin_high(b);
    REQUIRE(lo <= hi);
    REQUIRE(LogHistogram::bin_of(lo) == b);
    REQUIRE(LogHistogram::bin_of(hi) == b);
    if (b < last) REQUIRE(LogHistogram::bin_low(b + 1) == hi + 1);
    if (lo >= 64) REQUIRE(static_cast<double>(hi - lo + 1) <= static_cast<double>(lo) / 64);
  }
  // And a value in the middle of a wide bin lands in it.
  TrialRng rng(3, 3);
  Stream s = rng.stream(Purpose::Test);
  for (int i = 0; i < 10000; ++i) {
    const uint64_t v = s.next() >> s.below(64);
    const size_t b = LogHistogram::bin_of(v);
    REQUIRE(LogHistogram::bin_low(b) <= v);
    REQUIRE(v <= LogHistogram::bin_high(b));
  }
}

TEST_CASE("histogram: count, sums, mean and sample variance", "[histogram]") {
  LogHistogram h;
  CHECK(h.count() == 0);
  CHECK(std::isnan(h.mean()));
  CHECK(std::isnan(h.variance()));
  CHECK(std::isnan(h.quantile(0.5)));
  CHECK(std::isnan(h.value_at_rank(0)));
  CHECK(h.bins().empty());

  h.add(7);
  CHECK(h.mean() == 7.0);
  CHECK(std::isnan(h.variance()));  // one value has no sample variance

  LogHistogram g;
  for (uint64_t v = 1; v <= 10; ++v) g.add(v);
  CHECK(g.count() == 10);
  CHECK(g.sum() == 55);
  CHECK(g.sum_squares() == 385);
  CHECK(g.mean() == 5.5);
  CHECK(g.variance() == Approx(55.0 / 6.0).epsilon(1e-15));

  LogHistogram same;
  same.add_many(1000000, 5);
  CHECK(same.variance() == 0.0);
  same.add_many(1000000, 0);  // adding nothing changes nothing
  CHECK(same.count() == 5);
  CHECK(same.bins().size() == 1);
}

TEST_CASE("histogram: bins() lists the non-empty bins with their extremes", "[histogram]") {
  LogHistogram h;
  for (uint64_t v : {3, 3, 200, 201, 1000, 1003, 1001}) h.add(v);
  const auto bins = h.bins();
  REQUIRE(bins.size() == 3);
  CHECK(bins[0].low == 3);
  CHECK(bins[0].high == 3);
  CHECK(bins[0].count == 2);
  CHECK(bins[0].min == 3);
  CHECK(bins[0].max == 3);
  CHECK(bins[1].low == 200);
  CHECK(bins[1].high == 201);
  CHECK(bins[1].count == 2);
  CHECK(bins[1].min == 200);
  CHECK(bins[1].max == 201);
  CHECK(bins[2].low == 1000);
  CHECK(bins[2].high == 1007);
  CHECK(bins[2].count == 3);
  CHECK(bins[2].min == 1000);
  CHECK(bins[2].max == 1003);
}

TEST_CASE("histogram: quantiles are exact when their bin holds one value", "[histogram]") {
  LogHistogram h;
  for (uint64_t v = 100; v >= 1; --v) h.add(v);  // 1..100, added in reverse
  CHECK(h.quantile(0.0) == 1);
  CHECK(h.quantile(0.01) == 1);
  CHECK(h.quantile(0.011) == 2);
  CHECK(h.quantile(0.5) == 50);  // the smallest value with half the data at or below it
  CHECK(h.quantile(0.505) == 51);
  CHECK(h.quantile(0.9) == 90);
  CHECK(h.quantile(0.99) == 99);
  CHECK(h.quantile(1.0) == 100);
  CHECK(h.value_at_rank(0) == 1);
  CHECK(h.value_at_rank(99) == 100);
  CHECK(h.value_at_rank(1000) == 100);  // clamped to the largest

  // Large values, each alone in its (wide) bin: still exact.
  LogHistogram big;
  big.add_many(86400, 3);
  big.add_many(30 * 86400, 1);
  big.add_many(kTenYears, 6);
  CHECK(big.quantile(0.3) == 86400);
  CHECK(big.quantile(0.31) == 30 * 86400);
  CHECK(big.quantile(0.4) == 30 * 86400);
  CHECK(big.quantile(0.41) == kTenYears);
  CHECK(big.quantile(0.5) == kTenYears);
}

TEST_CASE("histogram: a median between two values of one bin is a value that occurs",
          "[histogram]") {
  // The review's case: pf2 times are multiples of 6 s, and bin [624, 631] holds 624 and 630.
  // The old histogram reported the bin's midpoint, 627.5, a time no trial can have.
  REQUIRE(LogHistogram::bin_of(624) == LogHistogram::bin_of(630));
  LogHistogram h;
  h.add(624);
  h.add(630);
  h.add(630);
  REQUIRE(h.exact());
  CHECK(h.quantile(0.5) == 630);
  CHECK(h.value_at_rank(0) == 624);
  CHECK(h.value_at_rank(1) == 630);
  const auto r = h.rank_range(1);
  CHECK(r.low == 630);
  CHECK(r.high == 630);
  LogHistogram g;
  g.add(1000);
  g.add(1007);
  CHECK(g.quantile(0.5) == 1000);  // the smallest value with half the data at or below it
  CHECK(g.quantile(0.51) == 1007);
}

TEST_CASE("histogram: merging in any order gives the same histogram", "[histogram]") {
  TrialRng rng(2026, 1);
  Stream s = rng.stream(Purpose::Test);
  std::vector<uint64_t> values;
  for (int i = 0; i < 4000; ++i) values.push_back(s.below(uint64_t{1} << s.below(40)));
  LogHistogram whole;
  for (uint64_t v : values) whole.add(v);

  LogHistogram parts[4];
  for (size_t i = 0; i < values.size(); ++i) parts[(i * 7 + i / 3) % 4].add(values[i]);
  // ((0 + 1) + 2) + 3, 3 + (2 + (1 + 0)), (0 + 2) + (1 + 3), and into an empty one.
  LogHistogram a = parts[0];
  a.merge(parts[1]);
  a.merge(parts[2]);
  a.merge(parts[3]);
  LogHistogram inner = parts[1];
  inner.merge(parts[0]);
  LogHistogram mid = parts[2];
  mid.merge(inner);
  LogHistogram b = parts[3];
  b.merge(mid);
  LogHistogram c02 = parts[0], c13 = parts[1];
  c02.merge(parts[2]);
  c13.merge(parts[3]);
  c02.merge(c13);
  LogHistogram d;
  for (int i = 3; i >= 0; --i) d.merge(parts[i]);
  for (const LogHistogram* m : {&a, &b, &c02, &d}) {
    CHECK(*m == whole);
    CHECK(m->to_json().dump() == whole.to_json().dump());
    CHECK(m->quantile(0.9) == whole.quantile(0.9));
    CHECK(m->variance() == whole.variance());
  }
  LogHistogram e = whole;
  e.merge(LogHistogram{});
  CHECK(e == whole);
}

TEST_CASE("histogram: equality sees every difference", "[histogram]") {
  LogHistogram a;
  a.add(1000);
  a.add(1003);
  LogHistogram b;
  b.add(1001);
  b.add(1002);  // same bin, count and sum; different extremes and sum of squares
  CHECK_FALSE(a == b);
  LogHistogram c;
  c.add(1000);
  c.add(1003);
  CHECK(a == c);
  c.add(0);
  CHECK_FALSE(a == c);  // one more value of 0: same sum, different count
}

TEST_CASE("histogram: JSON text and round trip", "[histogram]") {
  LogHistogram h;
  for (uint64_t v : {3, 3, 64, 1000, 1001}) h.add(v);
  const nlohmann::json j = h.to_json();
  CHECK(j.dump() ==
        "{\"bins\":[[3,2,3,3],[64,1,64,64],[317,2,1000,1001]],\"count\":5,\"sum\":\"2071\","
        "\"sum_squares\":\"2006115\",\"values\":[[3,2],[64,1],[1000,1],[1001,1]]}");
  const LogHistogram back = LogHistogram::from_json(nlohmann::json::parse(j.dump()));
  CHECK(back == h);
  CHECK(back.to_json() == j);
  CHECK(back.quantile(1.0) == 1001);
  CHECK(back.mean() == h.mean());

  CHECK(LogHistogram::from_json(LogHistogram{}.to_json()) == LogHistogram{});
  CHECK(LogHistogram{}.to_json().dump() ==
        "{\"bins\":[],\"count\":0,\"sum\":\"0\",\"sum_squares\":\"0\"}");

  nlohmann::json bad = j;
  bad["bins"][0][0] = 5000;
  CHECK_THROWS_WITH(LogHistogram::from_json(bad), "histogram: bin out of range");
  bad = j;
  bad["sum"] = "12x";
  CHECK_THROWS_WITH(LogHistogram::from_json(bad), "not a 128-bit count: 12x");
  bad = j;
  bad.erase("count");
  CHECK_THROWS_AS(LogHistogram::from_json(bad), nlohmann::json::exception);
}

TEST_CASE("histogram: from_json refuses parts that disagree", "[histogram]") {
  LogHistogram h;
  for (uint64_t v : {3, 3, 64, 1000, 1001, 1006}) h.add(v);
  const nlohmann::json j = h.to_json();
  auto refuses = [&](const std::function<void(nlohmann::json&)>& edit, const std::string& msg) {
    nlohmann::json bad = j;
    edit(bad);
    CHECK_THROWS_WITH(LogHistogram::from_json(bad), "histogram: " + msg);
  };
  REQUIRE_NOTHROW(LogHistogram::from_json(j));
  refuses([](auto& b) { b["count"] = 7; }, "the bins hold 6 values, not count 7");
  refuses([](auto& b) { b["bins"][2][1] = 2; }, "the bins hold 5 values, not count 6");
  refuses([](auto& b) { b["bins"][0][1] = 0; }, "bin 3 [3, 3] is listed but empty");
  refuses([](auto& b) { b["bins"][2][2] = 999; }, "bin 317 [1000, 1007] has min 999 and max 1006");
  refuses([](auto& b) { b["bins"][2][3] = 1008; },
          "bin 317 [1000, 1007] has min 1000 and max 1008");
  refuses([](auto& b) { b["bins"][1][3] = 65; }, "bin 64 [64, 64] has min 64 and max 65");
  refuses([](auto& b) { std::swap(b["bins"][0], b["bins"][1]); },
          "bins out of order or repeated at bin 3");
  refuses([](auto& b) { b["bins"][0][1] = -2; }, "expected a non-negative integer, got -2");
  refuses(
      [](auto& b) {
        b["bins"][0] = {3, 2, 3};
      },
      "a bin is [bin, count, min, max], got [3,2,3]");
  // Sums the bins' extremes cannot produce: 3+3+64+1000+1001+1000 = 3071 at the least.
  refuses([](auto& b) { b["sum"] = "3070"; }, "sum outside what the bins' extremes allow");
  refuses([](auto& b) { b["sum"] = "3090"; }, "sum outside what the bins' extremes allow");
  refuses([](auto& b) { b["sum_squares"] = "1"; },
          "sum_squares outside what the bins' extremes allow");
  // The exact values rebuild everything else exactly.
  refuses(
      [](auto& b) {
        b["values"][3] = {1002, 1};
      },
      "the exact values disagree with the bins or the sums");
  refuses([](auto& b) { b["values"][0][1] = 0; }, "value 3 is listed with count 0");
  refuses([](auto& b) { std::swap(b["values"][0], b["values"][1]); },
          "values out of order or repeated at 3");
  // Without them it claims to be binned, which six values cannot be.
  refuses([](auto& b) { b.erase("values"); },
          "binned, but its bins hold at most 5 distinct values: the exact values are missing");
  // A sum that passes the bounds but not the values is still caught by the values.
  refuses([](auto& b) { b["sum"] = "3078"; },
          "the exact values disagree with the bins or the sums");
}

namespace {
// Values on a 6 s grid over several doublings, more distinct values than the cap.
std::vector<uint64_t> grid_values(uint64_t seed, size_t n) {
  TrialRng rng(seed, 0);
  Stream s = rng.stream(Purpose::Test);
  std::vector<uint64_t> v;
  for (size_t i = 0; i < n; ++i) v.push_back(6 * (s.below(20000) + 1));
  return v;
}
}  // namespace

TEST_CASE("histogram: exact values survive merging in any order", "[histogram]") {
  // 2000 values on a 6 s grid up to 6 hours with many repeats: well under the cap.
  std::vector<uint64_t> values;
  TrialRng rng(7, 0);
  Stream s = rng.stream(Purpose::Test);
  for (int i = 0; i < 2000; ++i) values.push_back(6 * (s.below(i % 3 ? 3600 : 40) + 1));
  LogHistogram whole;
  for (uint64_t v : values) whole.add(v);
  REQUIRE(whole.exact());
  REQUIRE(whole.values().size() > 1000);

  LogHistogram parts[5];
  for (size_t i = 0; i < values.size(); ++i) parts[(i * 11 + i / 7) % 5].add(values[i]);
  LogHistogram fwd, back, tree = parts[0], right = parts[3];
  for (int i = 0; i < 5; ++i) fwd.merge(parts[i]);
  for (int i = 4; i >= 0; --i) back.merge(parts[i]);
  tree.merge(parts[4]);
  right.merge(parts[1]);
  right.merge(parts[2]);
  tree.merge(right);
  for (const LogHistogram* m : {&fwd, &back, &tree}) {
    CHECK(m->exact());
    CHECK(*m == whole);
    CHECK(m->values() == whole.values());
    CHECK(m->to_json().dump() == whole.to_json().dump());
    for (double q : {0.1, 0.5, 0.9, 0.99}) CHECK(m->quantile(q) == whole.quantile(q));
  }
  // Every quantile is a value that occurs: the sorted data, element by element.
  std::vector<uint64_t> sorted = values;
  std::sort(sorted.begin(), sorted.end());
  for (uint64_t k = 0; k < sorted.size(); ++k) {
    INFO(k);
    REQUIRE(whole.value_at_rank(k) == static_cast<double>(sorted[k]));
  }
  // Merging a histogram into itself doubles every count.
  LogHistogram twice = whole, doubled;
  twice.merge(twice);
  for (uint64_t v : values) doubled.add_many(v, 2);
  CHECK(twice == doubled);
}

TEST_CASE("histogram: switching to bins at the cap does not depend on the order", "[histogram]") {
  // Exactly kExactCap distinct values, then one more: exact up to the cap, binned past it,
  // however the values are added and the parts merged.
  std::vector<uint64_t> values;
  for (uint64_t i = 0; i < LogHistogram::kExactCap; ++i) values.push_back(6 * (i + 1));
  for (uint64_t i = 0; i < 500; ++i) values.push_back(6 * (i % 37 + 1));  // repeats
  const uint64_t extra = 6 * (LogHistogram::kExactCap + 1);

  LogHistogram at_cap;
  for (uint64_t v : values) at_cap.add(v);
  CHECK(at_cap.exact());
  CHECK(at_cap.values().size() == LogHistogram::kExactCap);
  CHECK(LogHistogram::from_json(at_cap.to_json()) == at_cap);

  LogHistogram whole;  // added in order, the extra value last
  for (uint64_t v : values) whole.add(v);
  whole.add(extra);
  CHECK_FALSE(whole.exact());
  CHECK(whole.values().empty());
  CHECK_FALSE(whole.to_json().contains("values"));

  // The same multiset: reversed with the extra value first; in parts merged in several
  // orders (each part under the cap, the union over it); one value per histogram, merged.
  std::vector<uint64_t> all = values;
  all.push_back(extra);
  LogHistogram reversed;
  for (auto it = all.rbegin(); it != all.rend(); ++it) reversed.add(*it);
  LogHistogram parts[3];
  for (size_t i = 0; i < all.size(); ++i) parts[i % 3].add(all[i]);
  for (const LogHistogram& p : parts) REQUIRE(p.exact());
  LogHistogram m012 = parts[0], m210 = parts[2], m1_02 = parts[1], p02 = parts[0];
  m012.merge(parts[1]);
  m012.merge(parts[2]);
  m210.merge(parts[1]);
  m210.merge(parts[0]);
  p02.merge(parts[2]);
  m1_02.merge(p02);
  LogHistogram singles;
  for (uint64_t v : all) {
    LogHistogram one;
    one.add(v);
    singles.merge(one);
  }
  for (const LogHistogram* m : {&reversed, &m012, &m210, &m1_02, &singles}) {
    CHECK_FALSE(m->exact());
    CHECK(*m == whole);
    CHECK(m->to_json().dump() == whole.to_json().dump());
    CHECK(m->quantile(0.5) == whole.quantile(0.5));
  }
  CHECK(LogHistogram::from_json(nlohmann::json::parse(whole.to_json().dump())) == whole);

  // Binned merged with exact, exact merged with binned, and the same values added one by one.
  LogHistogram more;
  for (uint64_t v : {uint64_t{6}, uint64_t{6}, uint64_t{600}, 7 * extra}) more.add(v);
  LogHistogram binned_then_exact = whole, exact_then_binned = more, direct = whole;
  binned_then_exact.merge(more);
  exact_then_binned.merge(whole);
  for (uint64_t v : {uint64_t{6}, uint64_t{6}, uint64_t{600}, 7 * extra}) direct.add(v);
  CHECK(binned_then_exact == direct);
  CHECK(exact_then_binned == direct);
  CHECK(exact_then_binned.to_json().dump() == direct.to_json().dump());

  // Many distinct values from a random grid, split and merged two ways.
  const auto many = grid_values(11, 20000);
  LogHistogram a, b, c[4];
  for (uint64_t v : many) a.add(v);
  for (size_t i = 0; i < many.size(); ++i) c[i % 4].add(many[i]);
  for (int i = 3; i >= 0; --i) b.merge(c[i]);
  CHECK_FALSE(a.exact());
  CHECK(a == b);
  CHECK(a.to_json().dump() == b.to_json().dump());
  CHECK(LogHistogram::from_json(a.to_json()) == a);
}

TEST_CASE("histogram: binned ranks are bounded by the bin's extremes", "[histogram]") {
  const auto many = grid_values(5, 30000);
  LogHistogram h;
  for (uint64_t v : many) h.add(v);
  REQUIRE_FALSE(h.exact());
  std::vector<uint64_t> sorted = many;
  std::sort(sorted.begin(), sorted.end());
  size_t inexact = 0;
  for (uint64_t k = 0; k < sorted.size(); ++k) {
    INFO(k);
    const auto r = h.rank_range(k);
    REQUIRE(r.low <= sorted[k]);
    REQUIRE(sorted[k] <= r.high);
    const double v = h.value_at_rank(k);
    REQUIRE(static_cast<double>(r.low) <= v);
    REQUIRE(v <= static_cast<double>(r.high));
    if (r.low == r.high)
      REQUIRE(v == static_cast<double>(sorted[k]));
    else
      ++inexact;
    REQUIRE(LogHistogram::bin_of(r.low) == LogHistogram::bin_of(r.high));
  }
  CHECK(inexact > 0);
  // The first and last ranks of every bin are its min and max, exactly.
  uint64_t seen = 0;
  for (const auto& b : h.bins()) {
    CHECK(h.rank_range(seen).low == b.min);
    CHECK(h.rank_range(seen).high == b.min);
    CHECK(h.rank_range(seen + b.count - 1).low == b.max);
    CHECK(h.rank_range(seen + b.count - 1).high == b.max);
    seen += b.count;
  }
}

TEST_CASE("histogram: 10^12 trials of ten years are counted exactly", "[histogram][overflow]") {
  // 10^12 x 315360000 s = 3.15e20 > 2^64 = 1.8e19: the sum needs 128 bits, the squares too.
  LogHistogram h;
  h.add_many(kTenYears, kTrials);
  const u128 want_sum = u128{kTenYears} * kTrials;
  const u128 want_sq = u128{kTenYears} * kTenYears * kTrials;
  CHECK(h.count() == kTrials);
  CHECK(h.sum() == want_sum);
  CHECK(h.sum() > u128{UINT64_MAX});
  CHECK(h.sum_squares() == want_sq);
  CHECK(to_string_u128(h.sum()) == "315360000000000000000");
  CHECK(to_string_u128(h.sum_squares()) == "99451929600000000000000000000");
  CHECK(h.mean() == static_cast<double>(kTenYears));
  CHECK(h.variance() == 0.0);
  CHECK(h.quantile(0.5) == kTenYears);

  const nlohmann::json j = h.to_json();
  CHECK(j.at("sum") == "315360000000000000000");
  CHECK(j.at("sum_squares") == "99451929600000000000000000000");
  const LogHistogram back = LogHistogram::from_json(nlohmann::json::parse(j.dump()));
  CHECK(back == h);
  CHECK(back.count() == kTrials);
  CHECK(back.sum() == want_sum);
  CHECK(back.sum_squares() == want_sq);

  // Merging ten shards of 10^12 trials (10^13 in all) stays exact.
  LogHistogram all;
  for (int i = 0; i < 10; ++i) all.merge(back);
  CHECK(all.count() == 10 * kTrials);
  CHECK(all.sum() == 10 * want_sum);
  CHECK(all.sum_squares() == 10 * want_sq);
  CHECK(to_string_u128(all.sum_squares()) == "994519296000000000000000000000");
}

TEST_CASE("histogram: the variance of 10^12 nearly equal long durations", "[histogram][overflow]") {
  // Half the trials at ten years, half a second later: sample variance 0.25 n / (n - 1).
  // n * sum_sq - sum^2 does not fit in 128 bits here, and in floating point the two terms
  // (~2e29) cancel to noise; the histogram must still get it right.
  LogHistogram h;
  h.add_many(kTenYears, kTrials);
  h.add_many(kTenYears + 1, kTrials);
  const double n = 2.0 * kTrials;
  CHECK(h.variance() == Approx(0.25 * n / (n - 1)).epsilon(1e-12));
  CHECK(h.mean() == Approx(kTenYears + 0.5).epsilon(1e-15));

  LogHistogram g;
  g.add_many(0, kTrials);
  g.add_many(kTenYears, kTrials);
  const double a = kTenYears;
  CHECK(g.variance() == Approx(a * a * kTrials / (2 * (n - 1))).epsilon(1e-12));
  CHECK(g.quantile(0.5) == 0);
  CHECK(g.quantile(0.5000001) == kTenYears);
}
