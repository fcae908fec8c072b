// 5e death saving throws are a finite absorbing Markov chain over (successes, failures):
// transient while successes < 3 and failures < F; absorbing in stable, dead, and (natural 20)
// back to 1 HP. Solved exactly here (Eigen, fundamental matrix) from the SRD's rules as stated —
// independently of the model's code — and the whole dnd5e model, run by Monte Carlo, must fall
// within 4 standard errors of it, at fixed seeds.
#include <catch2/catch.hpp>

#include <Eigen/Dense>
#include <cmath>

#include "sim/engine/runner.h"
#include "tests/support.h"

using namespace leth;

namespace {

struct Exact {
  double p_death, p_revived, mean_saves_given_death;
};

// P(d20 shows r), or with advantage P(the higher of two shows r) = (2r - 1) / 400.
double p_face(int r, bool advantage) {
  return advantage ? (2.0 * r - 1.0) / 400.0 : 1.0 / 20.0;
}

Exact solve(int failures_marked, bool advantage, int dc = 10, int to_die = 3, bool nat20 = true) {
  const int n = 3 * to_die;  // states (s, f): s in 0..2, f in 0..to_die-1
  auto idx = [&](int s, int f) { return s * to_die + f; };
  Eigen::MatrixXd Q = Eigen::MatrixXd::Zero(n, n);
  Eigen::VectorXd dead = Eigen::VectorXd::Zero(n), revived = Eigen::VectorXd::Zero(n);
  for (int s = 0; s < 3; ++s)
    for (int f = 0; f < to_die; ++f)
      for (int r = 1; r <= 20; ++r) {
        const double p = p_face(r, advantage);
        int ns = s, nf = f;
        if (r == 20 && nat20) {
          revived(idx(s, f)) += p;
          continue;
        }
        if (r == 1)
          nf += 2;
        else if (r >= dc)
          ++ns;
        else
          ++nf;
        if (nf >= to_die)
          dead(idx(s, f)) += p;
        else if (ns < 3)
          Q(idx(s, f), idx(ns, nf)) += p;
        // ns == 3: stable, the third absorbing state
      }
  const Eigen::MatrixXd N = (Eigen::MatrixXd::Identity(n, n) - Q).inverse();
  const Eigen::VectorXd h = N * dead;
  const Eigen::VectorXd g = N * (Q * h + dead);  // E[saves; dead]
  const int start = idx(0, failures_marked);
  return {h(start), (N * revived)(start), g(start) / h(start)};
}

// One blow leaves the character at exactly 0 HP; `extra` more blows at 0 HP mark failures (a
// critical one two). No injuries, no healer: only the death saves.
std::string chain_scenario(int extra_failures, bool advantage, const std::string& more = "") {
  std::string s =
      "name = \"chain\"\nruleset = \"dnd5e\"\nhorizon = \"1 hour\"\n[options]\n"
      "lingering_injuries = false\nmassive_damage = false\ndeath_save_advantage = " +
      std::string(advantage ? "true" : "false") + "\n" + more +
      "[character]\nmax_hp = 10\n[recovery]\nrest = \"none\"\nshort_rest = false\n"
      "[encounter]\nrounds = 1\n[[encounter.attackers]]\nhit_chance = 1.0\ndamage = \"10\"\n";
  if (extra_failures == 1)
    s += "[[encounter.attackers]]\nhit_chance = 1.0\nmelee = false\ndamage = \"1\"\n"
         "keep_attacking_downed = 1.0\n";
  if (extra_failures == 2)  // a melee hit on an unconscious character is critical
    s += "[[encounter.attackers]]\nhit_chance = 1.0\ndamage = \"1\"\nkeep_attacking_downed = 1.0\n";
  return s;
}

void check(const std::string& toml, const Exact& e, uint64_t seed) {
  const LoadedScenario ls = test::load_text(toml);
  const uint64_t n = 200'000;
  const RunTally t = run_trials(ls, seed, 0, n);
  const Tally& x = t.variants[0];
  const MetricSpec& m = metrics_of(ls.models[0]);
  const uint64_t deaths = x.ends_in(m.end_mask(EndKind::Died));
  const double p = static_cast<double>(deaths) / static_cast<double>(n);
  const double se = std::sqrt(e.p_death * (1 - e.p_death) / static_cast<double>(n));
  INFO("exact P(death) " << e.p_death << ", Monte Carlo " << p << ", se " << se);
  CHECK(std::fabs(p - e.p_death) <= 4 * se);
  const uint64_t rev = x.counter_trials[dnd5e::metric::kNat20Revivals];
  const double pr = static_cast<double>(rev) / static_cast<double>(n);
  const double ser = std::sqrt(e.p_revived * (1 - e.p_revived) / static_cast<double>(n));
  INFO("exact P(natural 20) " << e.p_revived << ", Monte Carlo " << pr);
  CHECK(std::fabs(pr - e.p_revived) <= 4 * ser);
  REQUIRE(deaths > 100);
  // The first save at 0 s (in the round of the fall), then one every 6 s.
  const LogHistogram& ttd = x.durations[dnd5e::metric::kTimeToDeath];
  const double mean_saves = ttd.mean() / 6.0 + 1.0;
  const double se_saves = std::sqrt(ttd.variance() / static_cast<double>(deaths)) / 6.0;
  INFO("exact E[saves | death] " << e.mean_saves_given_death << ", Monte Carlo " << mean_saves);
  CHECK(std::fabs(mean_saves - e.mean_saves_given_death) <= 4 * se_saves);
}

}  // namespace

TEST_CASE("dnd5e death saves against the exact chain", "[dnd5e][markov][statistics]") {
  SECTION("SRD rules") {
    check(chain_scenario(0, false), solve(0, false), 501);
  }
  SECTION("with advantage") {
    check(chain_scenario(0, true), solve(0, true), 502);
  }
  SECTION("one failure already marked (damage at 0 HP)") {
    check(chain_scenario(1, false), solve(1, false), 503);
  }
  SECTION("two failures marked (a critical melee hit at 0 HP), with advantage") {
    check(chain_scenario(2, true), solve(2, true), 504);
  }
  SECTION("options: DC 12, four failures, no natural-20 revival (a natural 20 is a success)") {
    const std::string opts = "death_save_dc = 12\nfailures_to_die = 4\nnat20_revives = false\n";
    check(chain_scenario(0, false, opts), solve(0, false, 12, 4, false), 505);
  }
}

TEST_CASE("the death-save solver on known values", "[dnd5e][markov]") {
  // SRD death saves: P(death) is a classic 5e figure, 40.49%; P(natural 20) 18.14% (computed by
  // hand recursion).
  const Exact e = solve(0, false);
  CHECK(e.p_death == Approx(0.404875));
  CHECK(e.p_revived == Approx(0.181375));
  CHECK(e.p_death + e.p_revived < 1.0);
  // A DC above 20 without natural-20 revival: death is certain.
  CHECK(solve(0, false, 21, 3, false).p_death == Approx(1.0));
}
