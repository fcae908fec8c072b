// Seed 000's survival tests are a finite absorbing Markov chain: the test at the blow, then one a
// minute at a further cumulative -1, until a helper stabilises the victim or a test fails.
// Solved exactly here (Eigen, fundamental matrix) from the rules as the text states them,
// independently of the model's code; the Monte Carlo estimate of the full model must fall
// within 4 standard errors (fixed seeds: never flaky).
#include <catch2/catch.hpp>

#include <Eigen/Dense>
#include <cmath>

#include "rules/unisystem/model.h"
#include "sim/engine/runner.h"
#include "tests/support.h"

using namespace leth;

namespace {

// P(D10 + base >= 9).
double pass(int base) {
  return std::clamp(static_cast<double>(base + 2) / 10.0, 0.0, 1.0);
}

struct Exact {
  double p_death;
  double p_stabilised;
  double mean_death_minute;  // E[minute of death | death]; the blow's test is minute 0
};

// `hp` below the threshold after one blow; `cw` = Con + Will; a first aider with `skill`
// (Int + First Aid) present from minute `arrives` (0: none).
Exact solve(int hp, int cw, int skill, int arrives) {
  const int g = (-hp) / 10;    // -1 per full 10 points below 0
  constexpr int kStates = 60;  // states 0..59: the minute tests passed so far (the blow's too)
  Eigen::MatrixXd Q = Eigen::MatrixXd::Zero(kStates, kStates);
  Eigen::VectorXd to_dead = Eigen::VectorXd::Zero(kStates);
  Eigen::VectorXd to_stable = Eigen::VectorXd::Zero(kStates);
  Eigen::VectorXd dead_minute = Eigen::VectorXd::Zero(kStates);  // E[minute; dead at next step]
  // State 0: before the blow's test. State k >= 1: alive after the test of minute k - 1.
  {
    const double p = pass(cw - g);
    Q(0, 1) = p;
    to_dead(0) = 1 - p;
  }
  for (int k = 1; k < kStates; ++k) {
    const int minute = k;
    double go_on = 1.0;
    if (arrives > 0 && minute >= arrives) {
      const double q = pass(skill);
      to_stable(k) = q;
      go_on = 1 - q;
    }
    const double p = pass(cw - g - minute);
    if (k + 1 < kStates) Q(k, k + 1) = go_on * p;
    to_dead(k) = go_on * (1 - p);
    dead_minute(k) = go_on * (1 - p) * minute;
  }
  const Eigen::MatrixXd I = Eigen::MatrixXd::Identity(kStates, kStates);
  const Eigen::MatrixXd N = (I - Q).inverse();
  const Eigen::VectorXd h = N * to_dead;
  const Eigen::VectorXd s = N * to_stable;
  const Eigen::VectorXd m = N * dead_minute;  // E[minute of death; death] from each state
  return {h(0), s(0), h(0) > 0 ? m(0) / h(0) : 0.0};
}

std::string chain_scenario(int damage, int con, int will, int skill, int arrives) {
  std::string s =
      "name = \"chain\"\nruleset = \"unisystem\"\nhorizon = \"200 days\"\n"
      "[character]\nmax_hp = 20\ncon = " +
      std::to_string(con) + "\nwill = " + std::to_string(will) +
      "\n[recovery]\ncare = \"medical\"\n"
      "[encounter]\nrounds = 1\n[[encounter.attackers]]\nhit_chance = 1.0\ndamage = \"" +
      std::to_string(damage) + "\"\n";
  if (arrives > 0)
    s += "[aftercare.first_aider]\narrives = \"" + std::to_string(arrives) +
         " minutes\"\nskill = " + std::to_string(skill) + "\n";
  return s;
}

void check(int damage, int con, int will, int skill, int arrives, uint64_t seed) {
  const Exact e = solve(20 - damage, con + will, skill, arrives);
  INFO("damage " << damage << ", Con " << con << ", Will " << will << ", first aid " << skill
                 << " from minute " << arrives);
  const LoadedScenario ls = test::load_text(chain_scenario(damage, con, will, skill, arrives));
  const uint64_t n = 200'000;
  const RunTally t = run_trials(ls, seed, 0, n);
  const Tally& x = t.variants[0];
  namespace um = unisystem::metric;
  const MetricSpec& spec = metrics_of(ls.models[0]);
  const uint64_t deaths = x.ends_in(spec.end_mask(EndKind::Died));
  CHECK(deaths == x.ends[um::kDiedCombat] + x.ends[um::kDiedDying]);
  // Every survivor is stabilised, then recovers under care.
  CHECK(x.ends[um::kRecovered] + deaths == n);
  const double p = static_cast<double>(deaths) / static_cast<double>(n);
  const double se = std::sqrt(std::max(e.p_death * (1 - e.p_death), 1e-12) / double(n));
  INFO("exact P(death) " << e.p_death << ", Monte Carlo " << p << ", se " << se);
  CHECK(std::fabs(p - e.p_death) <= 4 * se);
  const double ps = static_cast<double>(x.counter_trials[um::kStabilised]) / double(n);
  const double se_s = std::sqrt(std::max(e.p_stabilised * (1 - e.p_stabilised), 1e-12) / n);
  INFO("exact P(stabilised) " << e.p_stabilised << ", Monte Carlo " << ps);
  CHECK(std::fabs(ps - e.p_stabilised) <= 4 * se_s);
  if (deaths > 100) {
    const LogHistogram& ttd = x.durations[um::kTimeToDeath];
    const double mean = ttd.mean() / 60.0;
    const double se_m = std::sqrt(ttd.variance() / static_cast<double>(deaths)) / 60.0;
    INFO("exact E[minute of death] " << e.mean_death_minute << ", Monte Carlo " << mean);
    CHECK(std::fabs(mean - e.mean_death_minute) <= 4 * se_m + 1e-9);
  }
}

}  // namespace

TEST_CASE("unisystem survival chain: nobody comes", "[unisystem][markov][statistics]") {
  check(44, 5, 3, 0, 0, 1);  // petit Tim at -24
  check(35, 2, 1, 0, 0, 2);  // the suspect at -15
  check(60, 4, 4, 0, 0, 3);  // -40: -4
}

TEST_CASE("unisystem survival chain: a first aider stabilises", "[unisystem][markov][statistics]") {
  check(44, 5, 3, 5, 2, 11);  // Tim, a first aider (Int + First Aid 5) from minute 2
  check(35, 2, 3, 2, 1, 12);  // a poor first aider from minute 1
  check(31, 3, 3, 8, 4, 13);  // a good one, late
}

TEST_CASE("unisystem survival chain: the exact solution itself", "[unisystem][markov]") {
  // Con + Will 0 at -30: D10 + 0 - 3 >= 9 never.
  const Exact doomed = solve(-30, 0, 0, 0);
  CHECK(doomed.p_death == Approx(1.0));
  CHECK(doomed.mean_death_minute == Approx(0.0));
  // Con + Will 20 at -10: the blow's test always passes; a first aider who cannot fail at
  // minute 1 saves everyone.
  const Exact saved = solve(-10, 20, 100, 1);
  CHECK(saved.p_death == Approx(0.0).margin(1e-12));
  CHECK(saved.p_stabilised == Approx(1.0));
  // Petit Tim, nobody: 0.8 survives the blow, then the chain (0.7, 0.6, ...) down to 0.
  const Exact tim = solve(-24, 8, 0, 0);
  CHECK(tim.p_death == Approx(1.0));
  // E[minute] = sum over m of m P(dies at m): P(survive to m) = 0.8 x 0.7 x ... .
  double alive = 0.8, mean = 0;
  for (int m = 1; m <= 8; ++m) {
    const double p = (8.0 - m) / 10.0;
    mean += m * alive * (1 - p);
    alive *= p;
  }
  CHECK(tim.mean_death_minute == Approx(mean));
}
