// The random stream: the mixer against SplitMix64's reference outputs, the documented layout,
// our own frozen known answers, unbiased dice, independence of sub-streams and of neighbouring
// keys, and scripted dice (every kind of draw goes through the script).
#include <catch2/catch.hpp>

#include <cmath>
#include <set>
#include <vector>

#include "sim/core/stream.h"

using namespace leth;

TEST_CASE("mix64 is SplitMix64's output function (reference outputs for seed 0)", "[stream]") {
  // Vigna's splitmix64.c seeded with 0: the first three outputs.
  uint64_t x = 0;
  const uint64_t expected[] = {0xe220a8397b1dcdafULL, 0x6e789e6aa1b965f4ULL, 0x06c45d188009454fULL};
  for (uint64_t e : expected) CHECK(mix64(x += kGoldenGamma) == e);
}

TEST_CASE("a stream is SplitMix64 keyed by (seed, trial, purpose|index)", "[stream]") {
  // The layout written in sim/core/stream.h, restated here independently of the class.
  const uint64_t seed = 0x243f6a8885a308d3ULL, trial = 0x13198a2e03707344ULL;
  TrialRng rng(seed, trial);
  Stream s = rng.stream(Purpose::Dying, 5);
  const uint64_t t_key = mix64(mix64(seed) ^ trial);
  const uint64_t s_key = mix64(t_key ^ (uint64_t{2} << 48) ^ 5);
  for (uint64_t k = 0; k < 12; ++k) CHECK(s.next() == mix64(s_key + (k + 1) * kGoldenGamma));
  CHECK(rng.draws() == 12);
  // The public constructor names the same stream.
  uint64_t draws = 0;
  Stream same(seed, trial, Purpose::Dying, 5, &draws, nullptr);
  CHECK(same.next() == mix64(s_key + kGoldenGamma));
  CHECK(draws == 1);
}

TEST_CASE("known answers of the stream (frozen)", "[stream]") {
  // Frozen when the keyed-SplitMix64 stream replaced Philox. Changing any of these changes
  // every published figure (every run of every scenario): do it only on purpose, and say so.
  {
    TrialRng rng(0x243f6a8885a308d3ULL, 0x13198a2e03707344ULL);
    Stream s = rng.stream(Purpose::Dying, 5);
    const uint64_t expected[] = {0x3b4266bbd86d9f7cULL, 0x6d2642a9e1a97138ULL,
                                 0x26c314d9455e0616ULL, 0xf57f1719b74fa2fbULL};
    for (uint64_t e : expected) CHECK(s.next() == e);
  }
  {
    // The first d20 rolls of trial 0, seed 2026, the first encounter stream.
    TrialRng rng(2026, 0);
    Stream s = rng.stream(Purpose::Encounter, 0);
    std::vector<int> rolls;
    for (int i = 0; i < 10; ++i) rolls.push_back(s.die(20));
    const std::vector<int> expected = {13, 19, 5, 13, 20, 11, 18, 17, 12, 1};
    CHECK(rolls == expected);
  }
  {
    TrialRng rng(2026, 12345);
    Stream s = rng.stream(Purpose::Care, 7);
    CHECK(s.uniform() == 0.47117463493381739);
    CHECK(s.uniform() == 0.81051187223668431);
    CHECK(s.uniform() == 0.79289552729108992);
  }
}

TEST_CASE("streams differ by seed, trial, purpose and index", "[stream]") {
  std::set<uint64_t> firsts;
  for (uint64_t seed : {1, 2})
    for (uint64_t trial : {0, 1})
      for (Purpose p : {Purpose::Encounter, Purpose::Dying, Purpose::Care, Purpose::Recovery})
        for (uint64_t index : {0, 1, 1000}) {
          TrialRng rng(seed, trial);
          firsts.insert(rng.stream(p, index).next());
        }
  CHECK(firsts.size() == 2 * 2 * 4 * 3);
}

TEST_CASE("a stream opened twice gives the same numbers", "[stream]") {
  TrialRng a(9, 81234), b(9, 81234);
  Stream x = a.stream(Purpose::Care, 3), y = b.stream(Purpose::Care, 3);
  for (int i = 0; i < 100; ++i) REQUIRE(x.next() == y.next());
  // Opening other streams in between changes nothing.
  TrialRng c(9, 81234);
  c.stream(Purpose::Encounter, 3).next();
  Stream z = c.stream(Purpose::Care, 3);
  TrialRng d(9, 81234);
  CHECK(z.next() == d.stream(Purpose::Care, 3).next());
}

TEST_CASE("die(n) is uniform on 1..n (chi-square, fixed seed)", "[stream][statistics]") {
  for (int sides : {2, 3, 6, 7, 20, 100}) {
    TrialRng rng(123, static_cast<uint64_t>(sides));
    Stream s = rng.stream(Purpose::Test);
    const int n = 200000;
    std::vector<int> counts(static_cast<size_t>(sides) + 1, 0);
    for (int i = 0; i < n; ++i) {
      const int r = s.die(sides);
      REQUIRE(r >= 1);
      REQUIRE(r <= sides);
      ++counts[static_cast<size_t>(r)];
    }
    const double e = static_cast<double>(n) / sides;
    double chi2 = 0;
    for (int f = 1; f <= sides; ++f) chi2 += std::pow(counts[static_cast<size_t>(f)] - e, 2) / e;
    // Mean sides-1, sd sqrt(2(sides-1)): 6 sd above the mean never happens by chance here.
    const double df = sides - 1;
    CHECK(chi2 < df + 6 * std::sqrt(2 * df));
  }
}

TEST_CASE("the first d20 of many streams, one per (trial, index), is uniform",
          "[stream][statistics]") {
  // Models open a stream per check and take one value: the first values across keys must be
  // as uniform as the values along one stream.
  std::vector<int> counts(21, 0);
  int n = 0;
  for (uint64_t trial = 0; trial < 2000; ++trial) {
    TrialRng rng(2026, trial);
    for (uint64_t index = 0; index < 100; ++index, ++n)
      ++counts[static_cast<size_t>(rng.stream(Purpose::Dying, index).die(20))];
  }
  const double e = n / 20.0;
  double chi2 = 0;
  for (int f = 1; f <= 20; ++f) chi2 += std::pow(counts[static_cast<size_t>(f)] - e, 2) / e;
  CHECK(chi2 < 19 + 6 * std::sqrt(2 * 19.0));
}

namespace {

// Neighbouring keys a and b(i) = a(i) shifted by one index or one trial: over n pairs, the
// first draws' uniforms must be uncorrelated, and each of their 64 bits must agree half the
// time. Bounds of 5 standard errors at a fixed seed: a fixed computation, it never flakes.
template <typename First>
void check_uncorrelated(First first, int n) {
  double sx = 0, sy = 0, sxx = 0, syy = 0, sxy = 0;
  std::vector<int> agree(64, 0);
  for (int i = 0; i < n; ++i) {
    const auto [a, b] = first(static_cast<uint64_t>(i));
    const double x = static_cast<double>(a >> 11) * 0x1.0p-53;
    const double y = static_cast<double>(b >> 11) * 0x1.0p-53;
    sx += x;
    sy += y;
    sxx += x * x;
    syy += y * y;
    sxy += x * y;
    const uint64_t same = ~(a ^ b);
    for (int bit = 0; bit < 64; ++bit) agree[static_cast<size_t>(bit)] += (same >> bit) & 1;
  }
  const double cov = sxy / n - (sx / n) * (sy / n);
  const double r = cov / std::sqrt((sxx / n - sx * sx / n / n) * (syy / n - sy * sy / n / n));
  INFO("correlation " << r);
  CHECK(std::fabs(r) < 5 / std::sqrt(static_cast<double>(n)));  // se of r is 1/sqrt(n)
  const double se_bit = std::sqrt(0.25 / n);
  for (int bit = 0; bit < 64; ++bit) {
    INFO("bit " << bit);
    CHECK(std::fabs(agree[static_cast<size_t>(bit)] / static_cast<double>(n) - 0.5) < 5 * se_bit);
  }
}

}  // namespace

TEST_CASE("neighbouring keys give uncorrelated first draws", "[stream][statistics]") {
  const int n = 200000;
  SECTION("index i and i + 1 in one trial") {
    TrialRng rng(2026, 7);
    check_uncorrelated(
        [&](uint64_t i) {
          return std::pair{rng.stream(Purpose::Dying, i).next(),
                           rng.stream(Purpose::Dying, i + 1).next()};
        },
        n);
  }
  SECTION("trial t and t + 1, the same stream") {
    check_uncorrelated(
        [](uint64_t t) {
          TrialRng a(2026, t), b(2026, t + 1);
          return std::pair{a.stream(Purpose::Encounter, 0).next(),
                           b.stream(Purpose::Encounter, 0).next()};
        },
        n);
  }
  SECTION("purpose p and p + 1, the same index") {
    check_uncorrelated(
        [](uint64_t t) {
          TrialRng a(2026, t);
          return std::pair{a.stream(Purpose::Dying, 3).next(), a.stream(Purpose::Care, 3).next()};
        },
        n);
  }
  SECTION("seed s and s + 1, the same trial and stream") {
    check_uncorrelated(
        [](uint64_t s) {
          TrialRng a(s, 0), b(s + 1, 0);
          return std::pair{a.stream(Purpose::Dying, 0).next(), b.stream(Purpose::Dying, 0).next()};
        },
        n);
  }
  SECTION("draw k and k + 1 of one stream") {
    TrialRng rng(2026, 1);
    Stream s = rng.stream(Purpose::Test);
    check_uncorrelated(
        [&](uint64_t) {
          const uint64_t a = s.next();
          return std::pair{a, s.next()};
        },
        n);
  }
}

TEST_CASE("below(n) covers the whole range for large n", "[stream]") {
  TrialRng rng(5, 5);
  Stream s = rng.stream(Purpose::Test);
  const uint64_t n = (uint64_t{1} << 63) + 12345;  // rejection happens often here
  uint64_t top = 0;
  for (int i = 0; i < 10000; ++i) {
    const uint64_t x = s.below(n);
    REQUIRE(x < n);
    top = std::max(top, x);
  }
  CHECK(top > n / 2);
}

TEST_CASE("chance(p) happens with probability p", "[stream][statistics]") {
  TrialRng rng(77, 1);
  Stream s = rng.stream(Purpose::Test);
  const int n = 400000;
  for (double p : {0.0, 0.01, 0.25, 0.5, 0.999, 1.0}) {
    int k = 0;
    for (int i = 0; i < n; ++i) k += s.chance(p);
    const double se = std::sqrt(p * (1 - p) / n);
    CHECK(std::fabs(static_cast<double>(k) / n - p) <= 4 * se);
  }
}

TEST_CASE("scripted dice replay exactly and refuse a mismatch", "[stream][script]") {
  Script script;
  script.d(20, 17).d(6, 3).yes().no();
  TrialRng rng(script);
  Stream a = rng.stream(Purpose::Encounter, 4);
  Stream b = rng.stream(Purpose::Dying, 0);
  CHECK(a.die(20) == 17);
  CHECK(b.die(6) == 3);  // one script feeds every stream, in call order
  CHECK(a.chance(0.5));
  CHECK_FALSE(b.chance(0.5));
  CHECK(script.done());
  CHECK_THROWS_WITH(a.die(20), Catch::Contains("exhausted"));
  CHECK(rng.draws() == 0);  // scripted draws are not counted

  Script wrong;
  wrong.d(8, 3);
  TrialRng r2(wrong);
  Stream c = r2.stream(Purpose::Encounter);
  CHECK_THROWS_WITH(c.die(20), Catch::Contains("rolls a d20 but the script has d8=3"));
  CHECK_THROWS_AS(Script().d(6, 7), ScriptError);
}

TEST_CASE("scripted raw and uniform draws go through the script", "[stream][script]") {
  Script script;
  script.raw(0xdeadbeefULL).u(0.25).d(20, 4);
  TrialRng rng(script);
  Stream s = rng.stream(Purpose::Care, 2);
  CHECK(s.next() == 0xdeadbeefULL);
  CHECK(s.uniform() == 0.25);
  CHECK(s.below(20) == 3);  // below(n) takes a d<n> entry: face - 1
  CHECK(script.done());
  CHECK_THROWS_WITH(s.next(), Catch::Contains("draw 4 asks a raw 64-bit value but the script "
                                              "is exhausted"));
  CHECK_THROWS_WITH(s.uniform(), Catch::Contains("exhausted"));

  Script kinds;
  kinds.d(20, 1).u(0.5).raw(1).yes();
  TrialRng r2(kinds);
  Stream t = r2.stream(Purpose::Test);
  CHECK_THROWS_WITH(t.next(), Catch::Contains("draw 1 asks a raw 64-bit value but the script "
                                              "has d20=1"));
  CHECK(t.die(20) == 1);  // a refused draw consumes nothing
  CHECK_THROWS_WITH(t.die(20), Catch::Contains("rolls a d20 but the script has u=0.5"));
  CHECK_THROWS_WITH(t.chance(0.5), Catch::Contains("asks a chance (p=0.500000) but the script "
                                                   "has u=0.5"));
  CHECK(t.uniform() == 0.5);
  CHECK_THROWS_WITH(t.uniform(), Catch::Contains("has raw=0x0000000000000001"));
  CHECK(t.next() == 1);
  CHECK(t.chance(0.1));
  CHECK_THROWS_WITH(t.below(uint64_t{1} << 40), Catch::Contains("too large for a die entry"));

  CHECK_THROWS_AS(Script().u(1.0), ScriptError);
  CHECK_THROWS_AS(Script().u(-0.1), ScriptError);
}
