// The sweeps' logistic fit (analysis/logistic_fit.h) against known answers: the exact MLE of
// a two-point design (the curve passes through both observed rates, with closed-form
// standard errors), data drawn from a known curve at fixed seeds (coefficients within 4
// standard errors), Fieller's interval on its defining equation, and the cases with no
// maximum-likelihood estimate.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>

#include "analysis/logistic_fit.h"

using namespace leth;

namespace {

double logit(double p) {
  return std::log(p / (1 - p));
}

// SplitMix64: a fixed, portable generator for the test's draws (no <random> distributions,
// whose algorithms differ between standard libraries).
struct SplitMix {
  uint64_t s;
  double uniform() {
    uint64_t z = (s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    return static_cast<double>(z >> 11) * 0x1.0p-53;
  }
};

}  // namespace

TEST_CASE("a two-point design: the fit passes through both rates, exact errors", "[sweep]") {
  // Saturated: the MLE reproduces the observed proportions, so a = logit p0, b = logit p1 -
  // logit p0, and the inverse information is diag(1/(n p q)) mapped through the design.
  const std::vector<BinomialPoint> pts = {{2, 30, 100}, {5, 140, 200}};
  const auto f = fit_logistic(pts);
  REQUIRE(f);
  const double p0 = 0.3, p1 = 0.7;
  const double b = (logit(p1) - logit(p0)) / 3;
  const double a = logit(p0) - 2 * b;
  CHECK(f->slope == Approx(b).epsilon(1e-10));
  CHECK(f->intercept == Approx(a).epsilon(1e-10));
  CHECK(f->rate(2) == Approx(p0).epsilon(1e-10));
  CHECK(f->rate(5) == Approx(p1).epsilon(1e-10));
  // Var(logit p_i) = 1 / (n_i p_i q_i); b = (l1 - l0) / 3, a = l0 - 2 b = (5 l0 - 2 l1) / 3.
  const double v0 = 1 / (100 * p0 * (1 - p0)), v1 = 1 / (200 * p1 * (1 - p1));
  CHECK(f->se_slope == Approx(std::sqrt((v0 + v1) / 9)).epsilon(1e-8));
  CHECK(f->se_intercept == Approx(std::sqrt((25 * v0 + 4 * v1) / 9)).epsilon(1e-8));
  CHECK(f->cov == Approx((-5 * v0 - 2 * v1) / 9).epsilon(1e-8));
  CHECK(f->df == 0);
  CHECK(f->dispersion == 1);
  // The crossing of 50% is where logit = 0: x = -a / b.
  const auto c = crossing(*f, 0.5);
  REQUIRE(c);
  CHECK(c->x == Approx(-a / b).epsilon(1e-10));
}

TEST_CASE("data from a known logistic curve: coefficients within 4 standard errors", "[sweep]") {
  const double a = -4, b = 0.35;  // 1.8% at x = 0 to 33% at x = 10
  for (uint64_t seed : {1u, 2u, 3u}) {
    SplitMix rng{seed};
    std::vector<BinomialPoint> pts;
    for (int x = 0; x <= 10; ++x) {
      BinomialPoint p{static_cast<double>(x), 0, 4000};
      const double rate = 1 / (1 + std::exp(-(a + b * x)));
      for (uint64_t i = 0; i < p.n; ++i) p.k += rng.uniform() < rate;
      pts.push_back(p);
    }
    const auto f = fit_logistic(pts);
    REQUIRE(f);
    CHECK(std::abs(f->intercept - a) < 4 * f->se_intercept);
    CHECK(std::abs(f->slope - b) < 4 * f->se_slope);
    CHECK(f->se_slope < 0.01);  // the errors are of the right size, not inflated
    // A logistic truth fits: Pearson X^2 / df near 1 (its sd is sqrt(2/9) = 0.47 here).
    CHECK(f->pearson / f->df < 3);
    // The crossing of 10%, against the truth's, within Fieller's interval widened to 4 SE.
    const double truth = (logit(0.1) - a) / b;
    const auto c = crossing(*f, 0.1, 4.0);
    REQUIRE(c);
    CHECK(c->lo < truth);
    CHECK(truth < c->hi);
    CHECK(c->hi - c->lo < 1.0);
  }
}

TEST_CASE("the fit does not depend on the unit of x", "[sweep]") {
  const std::vector<BinomialPoint> rounds = {
      {1, 5, 1000}, {2, 20, 1000}, {4, 90, 1000}, {8, 400, 1000}};
  std::vector<BinomialPoint> seconds = rounds;
  for (BinomialPoint& p : seconds) p.x *= 86400;
  const auto f = fit_logistic(rounds), g = fit_logistic(seconds);
  REQUIRE(f);
  REQUIRE(g);
  CHECK(g->slope * 86400 == Approx(f->slope).epsilon(1e-9));
  CHECK(g->intercept == Approx(f->intercept).epsilon(1e-9));
  const auto cf = crossing(*f, 0.05), cg = crossing(*g, 0.05);
  CHECK(cg->x / 86400 == Approx(cf->x).epsilon(1e-9));
  CHECK(cg->lo / 86400 == Approx(cf->lo).epsilon(1e-9));
  CHECK(cg->hi / 86400 == Approx(cf->hi).epsilon(1e-9));
}

TEST_CASE("Fieller's interval solves its defining equation", "[sweep]") {
  LogisticFit f;
  f.intercept = -3;
  f.slope = 0.5;
  f.se_intercept = 0.2;
  f.se_slope = 0.05;
  f.cov = -0.008;
  const double z = 1.959963984540054, L = logit(0.05);
  const auto c = crossing(f, 0.05);
  REQUIRE(c);
  CHECK(c->x == Approx((L + 3) / 0.5));
  CHECK(c->lo < c->x);
  CHECK(c->x < c->hi);
  for (double x : {c->lo, c->hi}) {
    const double lhs = std::pow(f.intercept - L + f.slope * x, 2);
    const double rhs = z * z * (0.04 + 2 * x * f.cov + x * x * 0.0025);
    CHECK(lhs == Approx(rhs).epsilon(1e-9));
  }
  // Asymmetric, unlike the delta method's x* +- z se: the ratio's skew shows.
  CHECK(c->hi - c->x != Approx(c->x - c->lo));
  // A slope not significantly different from 0: no bounded interval.
  f.se_slope = 0.5;
  const auto wide = crossing(f, 0.05);
  REQUIRE(wide);
  CHECK(!(std::isfinite(wide->lo) && std::isfinite(wide->hi)));
}

TEST_CASE("no estimate without one: no events, all events, separated points", "[sweep]") {
  CHECK(!fit_logistic({{1, 0, 100}, {2, 0, 100}}));
  CHECK(!fit_logistic({{1, 100, 100}, {2, 100, 100}}));
  CHECK(!fit_logistic({{1, 0, 100}, {2, 0, 100}, {3, 5, 100}}));    // events only at the top
  CHECK(!fit_logistic({{1, 0, 100}, {2, 7, 100}, {3, 100, 100}}));  // quasi-complete
  CHECK(!fit_logistic({{1, 3, 100}}));                              // one point
  CHECK(!fit_logistic({{1, 3, 100}, {1, 5, 100}}));                 // one x
  CHECK(fit_logistic({{1, 0, 100}, {2, 7, 100}, {3, 90, 100}}));    // overlapping
}
