// Harmonies instability (seed 001) for a fixed wound set is a finite absorbing Markov chain:
// each survival period of the worst wound, the helpers' first-aid attempts may stabilise every
// wound (absorbing); else the survival roll (Cp+Rs at 0 with the pain penalty) keeps the state
// or worsens the worst wound (pain as a new wound, a new period), and a critical wound
// worsening kills (absorbing). Solved exactly here with Eigen from the rules as the text
// states them — independently of the model's code — and the full model's Monte Carlo estimate
// must fall within 4 standard errors (fixed seeds: never flaky).
#include <catch2/catch.hpp>

#include <Eigen/Dense>
#include <cmath>
#include <optional>
#include <vector>

#include "rules/harmonies/model.h"
#include "sim/engine/runner.h"
#include "tests/support.h"

using namespace leth;
namespace hm = leth::harmonies;

namespace {

// P(±d10 >= x): one d10 minus another, 100 equally likely pairs.
double p_at_least(int x) {
  int n = 0;
  for (int a = 1; a <= 10; ++a)
    for (int b = 1; b <= 10; ++b) n += a - b >= x;
  return n / 100.0;
}

// One configuration of wounds on the way to death: its pain, the sum of its first-aid
// difficulties and the unstable period of its worst wound.
struct Stage {
  int pain;
  int difficulty;
  int period;  // seconds, a multiple of 15
};

struct Exact {
  double p_stable;
  double p_death;
  double mean_time;  // until stabilised or dead
};

// Help arrives at 1 s and each attempt takes 15 s, so attempts end at 15k + 1 and never at a
// survival roll (multiples of 15 s): a period of P seconds holds P/15 attempts, the first
// period P/15 - 1 (the first attempt ends at 16 s).
Exact solve(const std::vector<Stage>& stages, int survival, std::optional<int> first_aid) {
  const int n = static_cast<int>(stages.size()) + 1;  // state 0: stage 0's first period
  Eigen::MatrixXd Q = Eigen::MatrixXd::Zero(n, n);
  Eigen::VectorXd to_stable = Eigen::VectorXd::Zero(n), to_dead = Eigen::VectorXd::Zero(n);
  Eigen::VectorXd duration = Eigen::VectorXd::Zero(n);
  for (int i = 0; i < n; ++i) {
    const bool first = i == 0;
    const int k = first ? 0 : i - 1;
    const Stage& st = stages[static_cast<size_t>(k)];
    const int m = first_aid ? st.period / 15 - (first ? 1 : 0) : 0;
    const double s = first_aid ? p_at_least(-(*first_aid + st.difficulty)) : 0.0;
    double none = 1.0;  // no success yet
    for (int j = 1; j <= m; ++j) {
      const double offset = first ? 15.0 * j + 1 : 15.0 * (j - 1) + 1;
      duration(i) += none * s * offset;
      to_stable(i) += none * s;
      none *= 1 - s;
    }
    duration(i) += none * st.period;
    const double q = 1 - p_at_least(st.pain - survival);  // survival: roll + Cp+Rs - pain >= 0
    Q(i, 1 + k) += none * (1 - q);                        // stays: the next period
    if (k + 1 < static_cast<int>(stages.size()))
      Q(i, 2 + k) += none * q;  // the worst wound worsens
    else
      to_dead(i) += none * q;  // the critical wound worsens: death
  }
  const Eigen::MatrixXd N = (Eigen::MatrixXd::Identity(n, n) - Q).inverse();
  return {(N * to_stable)(0), (N * to_dead)(0), (N * duration)(0)};
}

std::string chain_scenario(const std::string& wounds, int survival, std::optional<int> first_aid) {
  std::string s =
      "name = \"chain\"\nruleset = \"harmonies\"\nhorizon = \"5 hours\"\n"
      "[character]\nsurvival = " +
      std::to_string(survival) + "\nfainting = 30\nself_help = false\nwounds = " + wounds + "\n";
  if (first_aid)
    s += "[aftercare]\nhelp_arrives = \"1 second\"\nattempt_time = \"15 seconds\"\nfirst_aid = " +
         std::to_string(*first_aid) + "\n";
  return s;
}

void check_against_chain(const std::string& toml, const Exact& exact, uint64_t seed) {
  const LoadedScenario ls = test::load_text(toml, "harmonies-chain.toml");
  const uint64_t n = 200'000;
  const RunTally t = run_trials(ls, seed, 0, n);
  const Tally& x = t.variants[0];
  namespace m = hm::metric;
  const double dn = static_cast<double>(n);
  const double p_stable = static_cast<double>(x.counter_trials[m::kStabilisations]) / dn;
  const double p_death =
      static_cast<double>(x.ends_in(metrics_of(ls.models[0]).end_mask(EndKind::Died))) / dn;
  INFO("exact P(stable) " << exact.p_stable << ", P(death) " << exact.p_death << ", E[T] "
                          << exact.mean_time);
  INFO("Monte Carlo P(stable) " << p_stable << ", P(death) " << p_death);
  CHECK(exact.p_stable + exact.p_death == Approx(1.0));
  CHECK(x.ends[m::kStillUnstable] == 0);  // 5 hours: every trial has been absorbed
  const double se_s = std::sqrt(exact.p_stable * (1 - exact.p_stable) / dn);
  const double se_d = std::sqrt(exact.p_death * (1 - exact.p_death) / dn);
  CHECK(std::fabs(p_stable - exact.p_stable) <= 4 * se_s + 1e-12);
  CHECK(std::fabs(p_death - exact.p_death) <= 4 * se_d + 1e-12);
  // Time unstable: from the start until stabilised or dead, in every trial.
  const LogHistogram& unstable = x.durations[m::kTimeUnstable];
  REQUIRE(unstable.count() == n);
  const double se_t = std::sqrt(unstable.variance() / dn);
  INFO("Monte Carlo E[T] " << unstable.mean() << " se " << se_t);
  CHECK(std::fabs(unstable.mean() - exact.mean_time) <= 4 * se_t);
}

}  // namespace

TEST_CASE("harmonies instability chain: the exact solver on obvious chains",
          "[harmonies][markov]") {
  CHECK(p_at_least(-9) == Approx(1.0));
  CHECK(p_at_least(0) == Approx(0.55));
  CHECK(p_at_least(9) == Approx(0.01));
  CHECK(p_at_least(10) == Approx(0.0));
  // Survival always fails, no help: grave 15 min then critical 15 s, death at 915 s.
  const Exact e = solve({{10, -6, 900}, {20, -8, 15}}, -100, std::nullopt);
  CHECK(e.p_death == Approx(1.0));
  CHECK(e.mean_time == Approx(915.0));
}

TEST_CASE("harmonies instability chain: two grave wounds, helpers at first aid -3",
          "[harmonies][markov][statistics]") {
  // Two grave wounds: pain 10, first aid at -6, rolls every 15 min; a failure makes one
  // critical: pain 20, first aid at -8, rolls every 15 s; the next failure kills.
  const std::vector<Stage> stages = {{10, -6, 900}, {20, -8, 15}};
  check_against_chain(chain_scenario("{ grave = 2 }", 12, -3), solve(stages, 12, -3), 31);
}

TEST_CASE("harmonies instability chain: a light and a grave wound, helpers at first aid -5",
          "[harmonies][markov][statistics]") {
  const std::vector<Stage> stages = {{8, -4, 900}, {18, -6, 15}};
  check_against_chain(chain_scenario("{ light = 1, grave = 1 }", 11, -5), solve(stages, 11, -5),
                      32);
}

TEST_CASE("harmonies instability chain: nobody helps, death comes",
          "[harmonies][markov][statistics]") {
  // One light and two grave wounds: the worst (a grave one) worsens to critical, pain +10;
  // nobody helps, so every trial ends in death: its mean time is checked.
  const std::vector<Stage> stages = {{13, -7, 900}, {23, -9, 15}};
  check_against_chain(chain_scenario("{ light = 1, grave = 2 }", 12, std::nullopt),
                      solve(stages, 12, std::nullopt), 33);
}
