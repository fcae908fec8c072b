// The sweep's model-free crossing (analysis/crossing.h): worked cases; the estimate always in
// the bracket and in its interval (thousands of random sweeps, fixed seed); and the
// interval's coverage of the true crossing by simulation, as tests/test_interval.cpp measures
// coverage, against curves that are not logistic — convex, concave, a step, a plateau just
// under the target, flat then steep, falling, and one that crosses exactly at a sweep point —
// with the points drawn on common random numbers (a trial dies at x when its uniform lies
// under p(x), as a sweep's points share their trials) and independently.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "analysis/crossing.h"
#include "sim/core/stream.h"

using namespace leth;

namespace {

std::vector<BinomialPoint> from_rates(const std::vector<double>& x, const std::vector<double>& p,
                                      uint64_t n) {
  std::vector<BinomialPoint> pts;
  for (size_t i = 0; i < x.size(); ++i)
    pts.push_back({x[i], static_cast<uint64_t>(std::llround(p[i] * static_cast<double>(n))), n});
  return pts;
}

}  // namespace

TEST_CASE("crossing: interpolated inside the bracket, the interval from sure points",
          "[sweep][crossing]") {
  // 24.0% at 7 and 25.0% at 9 minutes (the example, minutes as x): the bracket is
  // [7, 9] and the estimate 9, where the rate reaches 25%.
  SweepCrossing c = find_crossing(
      from_rates({1, 3, 5, 7, 9, 11, 13, 15}, {0.02, 0.08, 0.15, 0.24, 0.25, 0.33, 0.4, 0.5}, 2000),
      0.25);
  REQUIRE(c.answer == CrossingAnswer::Crossed);
  CHECK(c.fit.trend == Trend::Rising);
  CHECK(c.bracket_lo == 7);
  CHECK(c.bracket_hi == 9);
  CHECK(c.x == 9);
  // 2000 trials: 24% is [22.2%, 25.9%], so 7 is not sure; 5 (15%) is; 11 (33%) is above.
  CHECK(c.lo == 5);
  CHECK(c.hi == 11);

  // Between two points: linear. 10% at 2, 30% at 4: 20% at 3.
  c = find_crossing(from_rates({0, 2, 4, 6}, {0.05, 0.1, 0.3, 0.5}, 100000), 0.2);
  REQUIRE(c.answer == CrossingAnswer::Crossed);
  CHECK(c.x == Approx(3.0));
  CHECK(c.lo == 2);
  CHECK(c.hi == 4);

  // Falling (more hit points, fewer deaths): the last x where the fit is at the target.
  c = find_crossing(from_rates({10, 20, 30}, {0.3, 0.1, 0.02}, 100000), 0.2);
  REQUIRE(c.answer == CrossingAnswer::Crossed);
  CHECK(c.fit.trend == Trend::Falling);
  CHECK(c.x == Approx(15.0));
  CHECK(c.lo == 10);
  CHECK(c.hi == 20);

  // Given in any order, points without trials left out.
  std::vector<BinomialPoint> shuffled = from_rates({4, 0, 6, 2}, {0.3, 0.05, 0.5, 0.1}, 100000);
  shuffled.push_back({5, 0, 0});
  c = find_crossing(shuffled, 0.2);
  CHECK(c.points.size() == 4);
  CHECK(c.x == Approx(3.0));
}

TEST_CASE("crossing: no bracket, no trend, unbounded ends", "[sweep][crossing]") {
  SweepCrossing c = find_crossing(from_rates({1, 2, 3}, {0.3, 0.4, 0.5}, 1000), 0.2);
  CHECK(c.answer == CrossingAnswer::StaysAbove);
  CHECK(std::isnan(c.x));
  CHECK(std::isnan(c.bracket_lo));
  CHECK(c.fit.trend == Trend::Rising);
  c = find_crossing(from_rates({1, 2, 3}, {0.01, 0.02, 0.03}, 1000), 0.2);
  CHECK(c.answer == CrossingAnswer::StaysBelow);
  // At the target counts as reaching it: 20% at every point is "at or above".
  CHECK(find_crossing(from_rates({1, 2}, {0.2, 0.2}, 1000), 0.2).answer ==
        CrossingAnswer::StaysAbove);
  // Up and down again across the target, balanced: the points cross it, but no direction.
  c = find_crossing(from_rates({1, 2, 3}, {0.1, 0.3, 0.1}, 1000), 0.25);
  CHECK(c.answer == CrossingAnswer::NoTrend);
  CHECK(c.bracket_lo == 1);
  CHECK(c.bracket_hi == 3);
  CHECK(std::isnan(c.x));
  // Few trials: no point is sure on the near side, so the interval starts at -inf.
  c = find_crossing(from_rates({1, 2, 3}, {0.15, 0.25, 0.6}, 40), 0.2);
  REQUIRE(c.answer == CrossingAnswer::Crossed);
  CHECK(c.lo == -std::numeric_limits<double>::infinity());
  CHECK(c.hi == 3);
  CHECK(std::string(crossing_answer_name(CrossingAnswer::NoTrend)) == "no_trend");
}

TEST_CASE("crossing: the estimate lies in the bracket and in its interval, always",
          "[sweep][crossing]") {
  TrialRng rng(2026, 19);
  Stream s = rng.stream(Purpose::Test);
  int crossed = 0, several = 0;
  for (int rep = 0; rep < 5000; ++rep) {
    // A noisy curve, often not monotone: random steps up and down around a trend.
    const size_t m = 2 + static_cast<size_t>(s.uniform() * 10);
    const uint64_t n = 10 + static_cast<uint64_t>(s.uniform() * 3000);
    std::vector<BinomialPoint> pts;
    double p = 0.5 * s.uniform(), x = 0;
    const double drift = (s.uniform() - 0.4) * 0.1;
    for (size_t i = 0; i < m; ++i) {
      x += 0.5 + s.uniform() * 3;
      p = std::clamp(p + drift + (s.uniform() - 0.5) * 0.12, 0.0, 1.0);
      pts.push_back({x, static_cast<uint64_t>(std::floor(p * static_cast<double>(n))), n});
    }
    const double target = 0.05 + 0.5 * s.uniform();
    const SweepCrossing c = find_crossing(pts, target);
    if (c.answer != CrossingAnswer::Crossed) continue;
    ++crossed;
    size_t straddles = 0;
    for (size_t i = 1; i < c.points.size(); ++i)
      straddles += (c.points[i - 1].rate() < target) != (c.points[i].rate() < target);
    several += straddles > 1;
    INFO("rep " << rep);
    CHECK(c.bracket_lo <= c.x);
    CHECK(c.x <= c.bracket_hi);
    CHECK(c.lo <= c.x);
    CHECK(c.x <= c.hi);
  }
  CHECK(crossed > 1000);  // the property was tried often, and on non-monotone points too
  CHECK(several > 100);
}

namespace {

struct Curve {
  const char* name;
  std::function<double(double)> p;
  double target, truth;  // p crosses the target at x = truth
};

// 1000 sweeps of `trials` per point at x = 0, 1, ..., 10: how often the interval holds the
// true crossing, how often it is bounded on both sides, and whether every estimate was in
// its bracket.
struct Coverage {
  double covered = 0, bounded = 0;
  bool in_bracket = true;
  int crossed = 0;
};
Coverage coverage(const Curve& curve, uint64_t trials, bool common, uint64_t seed) {
  constexpr int kRuns = 1000;
  std::vector<double> xs, ps;
  for (int i = 0; i <= 10; ++i) xs.push_back(i), ps.push_back(curve.p(i));
  TrialRng rng(seed, 1);
  Stream s = rng.stream(Purpose::Test);
  Coverage out;
  int covered = 0, bounded = 0;
  for (int run = 0; run < kRuns; ++run) {
    std::vector<BinomialPoint> pts;
    for (double x : xs) pts.push_back({x, 0, trials});
    if (common) {
      // One uniform per trial for every point: it dies wherever u < p(x).
      for (uint64_t t = 0; t < trials; ++t) {
        const double u = s.uniform();
        for (size_t i = 0; i < ps.size(); ++i) pts[i].k += u < ps[i];
      }
    } else {
      for (size_t i = 0; i < ps.size(); ++i)
        for (uint64_t t = 0; t < trials; ++t) pts[i].k += s.uniform() < ps[i];
    }
    const SweepCrossing c = find_crossing(pts, curve.target);
    // No crossing found counts as not covered: the question was not answered.
    if (c.answer != CrossingAnswer::Crossed) continue;
    ++out.crossed;
    out.in_bracket = out.in_bracket && c.bracket_lo <= c.x && c.x <= c.bracket_hi;
    covered += c.lo <= curve.truth && curve.truth <= c.hi;
    bounded += std::isfinite(c.lo) && std::isfinite(c.hi);
  }
  out.covered = static_cast<double>(covered) / kRuns;
  out.bounded = static_cast<double>(bounded) / kRuns;
  return out;
}

}  // namespace

TEST_CASE("crossing: the interval covers the true crossing of curves that are not logistic",
          "[sweep][crossing][statistics]") {
  const Curve curves[] = {
      {"convex", [](double x) { return 0.01 + 0.49 * std::pow(x / 10, 3); }, 0.15,
       10 * std::cbrt(0.14 / 0.49)},
      {"concave", [](double x) { return 0.45 * (1 - std::pow(1 - x / 10, 3)); }, 0.3,
       10 * (1 - std::cbrt(1.0 / 3))},
      {"step", [](double x) { return x < 4.4 ? 0.03 : 0.35; }, 0.2, 4.4},
      // Rising to 18%, flat there from 3 to 7 just under a target of 20%, then steep.
      {"plateau",
       [](double x) {
         return x < 3 ? 0.02 + 0.16 * x / 3 : x < 7 ? 0.18 : 0.18 + 0.32 * (x - 7) / 3;
       },
       0.2, 7 + 0.02 / 0.32 * 3},
      // The shape: flat, then steep.
      {"flat then steep", [](double x) { return x <= 6 ? 0.02 : 0.02 + 0.15 * (x - 6); }, 0.25,
       6 + 0.23 / 0.15},
      {"falling", [](double x) { return 0.6 / (1 + std::exp(0.9 * (x - 5))); }, 0.2,
       5 + std::log(2.0) / 0.9},
      // Crossing exactly at a sweep point (x = 5): that point's rate is the target.
      {"through a point", [](double x) { return 0.03 * x; }, 0.15, 5},
  };
  // Nominal 95%, less 3 standard errors of 1000 runs (0.007).
  const double floor = 0.95 - 3 * std::sqrt(0.95 * 0.05 / 1000);
  uint64_t seed = 100;
  for (const Curve& c : curves)
    for (uint64_t trials : {300, 3000})
      for (bool common : {true, false}) {
        INFO(c.name << ", " << trials << " trials per point, "
                    << (common ? "common random numbers" : "independent points"));
        const Coverage cov = coverage(c, trials, common, ++seed);
        CHECK(cov.covered >= floor);
        CHECK(cov.in_bracket);
        // Not covered by being vacuous: with 3000 trials the points bound it on both sides.
        if (trials == 3000) CHECK(cov.bounded >= 0.9);
      }
}
