// Pool-adjacent-violators (analysis/monotone_fit.h) against fits worked by hand, against the
// defining property (the least-squares monotone fit: no monotone sequence does better, at
// fixed seeds), and the choice of direction.
#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

#include "analysis/monotone_fit.h"
#include "sim/core/stream.h"

using namespace leth;

TEST_CASE("pool-adjacent-violators: fits worked by hand", "[sweep][monotone]") {
  // Already in order: unchanged.
  CHECK(nondecreasing_fit({1, 2, 3}, {1, 1, 1}) == std::vector<double>{1, 2, 3});
  // One violation: the pair pooled into its mean.
  CHECK(nondecreasing_fit({1, 3, 2, 4}, {1, 1, 1, 1}) == std::vector<double>{1, 2.5, 2.5, 4});
  // Weighted: (3 x 1 + 2 x 3) / 4 = 2.25.
  CHECK(nondecreasing_fit({1, 3, 2, 4}, {1, 1, 3, 1}) ==
        std::vector<double>{1, 2.25, 2.25, 2.25 + 1.75});
  // A pooled block that then violates with the one before: pooled again, backwards.
  // 5, 1 -> 3, 3; then 0 -> (3 x 2 + 0) / 3 = 2 for all three; then 6.
  CHECK(nondecreasing_fit({5, 1, 0, 6}, {1, 1, 1, 1}) == std::vector<double>{2, 2, 2, 6});
  // Falling everywhere: one block, the weighted mean.
  const std::vector<double> f = nondecreasing_fit({4, 3, 2, 1}, {1, 2, 3, 4});
  for (double x : f) CHECK(x == Approx(2.0));
  CHECK(nondecreasing_fit({}, {}).empty());
}

TEST_CASE("pool-adjacent-violators: no monotone sequence fits better (fixed seed)",
          "[sweep][monotone]") {
  TrialRng rng(2026, 5);
  Stream s = rng.stream(Purpose::Test);
  for (int rep = 0; rep < 300; ++rep) {
    const size_t m = 2 + static_cast<size_t>(s.uniform() * 9);
    std::vector<double> y, w;
    for (size_t i = 0; i < m; ++i) {
      y.push_back(0.1 * static_cast<double>(i) * s.uniform() + 0.3 * s.uniform());
      w.push_back(1 + 100 * s.uniform());
    }
    const std::vector<double> f = nondecreasing_fit(y, w);
    REQUIRE(f.size() == m);
    auto sse = [&](const std::vector<double>& g) {
      double e = 0;
      for (size_t i = 0; i < m; ++i) e += w[i] * (y[i] - g[i]) * (y[i] - g[i]);
      return e;
    };
    for (size_t i = 1; i < m; ++i) CHECK(f[i] >= f[i - 1] - 1e-15);
    // Any other nondecreasing sequence — f moved toward a random monotone one — is worse.
    for (int k = 0; k < 10; ++k) {
      std::vector<double> g(m);
      double level = s.uniform() * 0.2;
      for (size_t i = 0; i < m; ++i) g[i] = level += 0.1 * s.uniform();
      const double t = s.uniform();
      std::vector<double> h(m);
      for (size_t i = 0; i < m; ++i) h[i] = (1 - t) * f[i] + t * g[i];  // still monotone
      CHECK(sse(f) <= sse(h) + 1e-12);
    }
  }
}

TEST_CASE("monotone_fit: the direction the points take, flat when neither", "[sweep][monotone]") {
  const MonotoneFit up = monotone_fit({{1, 10, 100}, {2, 30, 100}, {3, 25, 100}, {4, 60, 100}});
  CHECK(up.trend == Trend::Rising);
  CHECK(up.rate == std::vector<double>{0.1, 0.275, 0.275, 0.6});
  const MonotoneFit down = monotone_fit({{1, 60, 100}, {2, 25, 100}, {3, 30, 100}, {4, 10, 100}});
  CHECK(down.trend == Trend::Falling);
  CHECK(down.rate == std::vector<double>{0.6, 0.275, 0.275, 0.1});
  // Every rate the same, or a rise and a fall that balance: no direction.
  CHECK(monotone_fit({{1, 5, 100}, {2, 5, 100}}).trend == Trend::Flat);
  const MonotoneFit hump = monotone_fit({{1, 10, 100}, {2, 30, 100}, {3, 10, 100}});
  CHECK(hump.trend == Trend::Flat);
  for (double r : hump.rate) CHECK(r == Approx(50.0 / 300));
  CHECK(std::string(trend_name(Trend::Rising)) == "rising");
  CHECK(std::string(trend_name(Trend::Falling)) == "falling");
  CHECK(std::string(trend_name(Trend::Flat)) == "flat");
}
