// The pf2 dying track is a finite absorbing Markov chain: dying 1..3 transient, stable (0) and
// dead (4 - doomed) absorbing. Solved exactly here (Eigen, fundamental matrix) from the rules as
// the texts state them — independently of the model's code — and the Monte Carlo estimate of
// the full model must fall within 4 standard errors (fixed seeds: never flaky).
#include <catch2/catch.hpp>

#include <Eigen/Dense>
#include <cmath>

#include "sim/engine/runner.h"
#include "tests/support.h"

using namespace leth;

namespace {

// Seed 004 / Player Core degrees of success, restated: >= DC+10 critical success, >= DC
// success, <= DC-10 critical failure, else failure; a natural 20 is one step better, a 1 worse.
int degree(int natural, int total, int dc) {
  int d = total >= dc + 10 ? 3 : total >= dc ? 2 : total <= dc - 10 ? 0 : 1;
  if (natural == 20) d = std::min(3, d + 1);
  if (natural == 1) d = std::max(0, d - 1);
  return d;
}

struct Exact {
  double p_death;
  double mean_checks_given_death;
};

// `base_dc`: the knock-out DC (fortitude mode) or 10 (flat). `mod`: Fortitude or 0.
Exact solve(int start, int mod, int base_dc, int death_at) {
  const int n = death_at - 1;  // transient states dying 1..n
  Eigen::MatrixXd Q = Eigen::MatrixXd::Zero(n, n);
  Eigen::VectorXd to_dead = Eigen::VectorXd::Zero(n);
  for (int d = 1; d <= n; ++d) {
    for (int roll = 1; roll <= 20; ++roll) {
      static constexpr int kShift[] = {+2, +1, -1, -2};
      const int next = d + kShift[degree(roll, roll + mod, base_dc + d)];
      if (next >= death_at)
        to_dead(d - 1) += 0.05;
      else if (next >= 1)
        Q(d - 1, next - 1) += 0.05;
      // next <= 0: stable, the other absorbing state
    }
  }
  const Eigen::MatrixXd I = Eigen::MatrixXd::Identity(n, n);
  const Eigen::MatrixXd N = (I - Q).inverse();  // fundamental matrix
  const Eigen::VectorXd h = N * to_dead;        // P(dead | start)
  // g_i = E[checks; dead | i] solves g = Q g + Q h + to_dead.
  const Eigen::VectorXd g = N * (Q * h + to_dead);
  return {h(start - 1), g(start - 1) / h(start - 1)};
}

std::string chain_scenario(int fortitude, int dc, bool critical, const std::string& options,
                           int wounded = 0, int doomed = 0) {
  // One blow that always lands and leaves the character at exactly 0 HP: 10 damage, or a
  // critical 5 x 2. Nobody helps, nothing else happens: only the dying track.
  return "name = \"chain\"\nruleset = \"pf2\"\nhorizon = \"1 day\"\n"
         "[options]\n" +
         options + "[character]\nmax_hp = 10\nfortitude = " + std::to_string(fortitude) +
         "\nwounded = " + std::to_string(wounded) + "\ndoomed = " + std::to_string(doomed) +
         "\n[recovery]\nrest = \"none\"\n"
         "[encounter]\nrounds = 1\n[[encounter.attackers]]\nhit_chance = 1.0\n" +
         (critical ? "crit_chance = 1.0\ndamage = \"5\"\n" : "damage = \"10\"\n") +
         "dc = " + std::to_string(dc) + "\n";
}

void check_against_chain(const std::string& toml, const Exact& exact, uint64_t seed) {
  const LoadedScenario ls = test::load_text(toml);
  const uint64_t n = 200'000;
  const RunTally t = run_trials(ls, seed, 0, n);
  const Tally& x = t.variants[0];
  namespace m = pf2::metric;
  const uint64_t deaths = x.ends_in(metrics_of(ls.models[0]).end_mask(EndKind::Died));
  const uint64_t unresolved = x.ends_in(metrics_of(ls.models[0]).end_mask(EndKind::Unresolved));
  const LogHistogram& time_to_death = x.durations[m::kTimeToDeath];
  const double p = static_cast<double>(deaths) / static_cast<double>(n);
  const double se = std::sqrt(exact.p_death * (1 - exact.p_death) / static_cast<double>(n));
  INFO("exact P(death) " << exact.p_death << ", Monte Carlo " << p << ", se " << se);
  CHECK(std::fabs(p - exact.p_death) <= 4 * se);
  // Everyone who does not die stabilises (and then waits, injured, for the horizon).
  CHECK(deaths + unresolved == n);
  CHECK(x.ends[m::kDiedCombat] == 0);  // no death during the one-round fight itself
  if (deaths > 1) {
    // Checks come every 6 s from the end of the fight (6 s): death at 6 x checks.
    const double mean_checks = time_to_death.mean() / 6.0;
    const double se_checks =
        std::sqrt(time_to_death.variance() / static_cast<double>(deaths)) / 6.0;
    INFO("exact E[checks | death] " << exact.mean_checks_given_death << ", Monte Carlo "
                                    << mean_checks);
    CHECK(std::fabs(mean_checks - exact.mean_checks_given_death) <= 4 * se_checks);
  }
}

}  // namespace

TEST_CASE("pf2 dying chain, seed rules: Fortitude vs knock-out DC + dying",
          "[pf2][markov][statistics]") {
  struct Case {
    int fortitude, dc;
    bool critical;
  };
  const Case cases[] = {
      {7, 16, false}, {7, 16, true}, {2, 20, false}, {12, 15, false}, {0, 25, true}};
  uint64_t seed = 100;
  for (const Case& c : cases) {
    const Exact e = solve(c.critical ? 2 : 1, c.fortitude, c.dc, 4);
    INFO("Fortitude +" << c.fortitude << " vs DC " << c.dc << (c.critical ? ", critical" : ""));
    check_against_chain(chain_scenario(c.fortitude, c.dc, c.critical, ""), e, ++seed);
  }
}

TEST_CASE("pf2 dying chain, Player Core: flat check DC 10 + dying", "[pf2][markov][statistics]") {
  // Fortitude +30 would always succeed: the flat check must ignore it.
  const std::string options = "recovery_check = \"flat\"\n";
  check_against_chain(chain_scenario(30, 16, false, options), solve(1, 0, 10, 4), 7);
  check_against_chain(chain_scenario(30, 16, true, options), solve(2, 0, 10, 4), 8);
}

TEST_CASE("pf2 dying chain, Player Core: wounded and doomed", "[pf2][markov][statistics]") {
  const std::string options = "recovery_check = \"flat\"\nwounded = true\ndoomed = true\n";
  // Wounded 1 adds 1 to the starting dying value; doomed 1 brings death to dying 3.
  check_against_chain(chain_scenario(0, 16, false, options, 1, 0), solve(2, 0, 10, 4), 11);
  check_against_chain(chain_scenario(0, 16, false, options, 0, 1), solve(1, 0, 10, 3), 12);
}

TEST_CASE("the exact solution itself: a certain death and a certain recovery", "[pf2][markov]") {
  // Sanity of the solver on chains with obvious answers.
  // Every save a critical failure, but a natural 20 makes it a mere failure (+1):
  // from 1: 95% to 3 (then dead next check), 5% to 2; from 2: 95% dead, 5% to 3.
  // E[checks] = 0.95 x 2 + 0.05 x (1 + 0.95 x 1 + 0.05 x 2) = 2.0025.
  const Exact doomed = solve(1, -100, 10, 4);
  CHECK(doomed.p_death == Approx(1.0));
  CHECK(doomed.mean_checks_given_death == Approx(2.0025));
  const Exact saved = solve(1, 100, 10, 4);  // every save a critical success, bar natural 1s
  CHECK(saved.p_death == Approx(0.0).margin(1e-12));
}
