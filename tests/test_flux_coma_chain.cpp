// The flux coma is a finite absorbing Markov chain once the helper is at the bedside: each hour
// the helper makes k Medicine tests (each failure -1 PV), then the hour's loss (-1 PV) and, past
// -VAI, a Survival test whose failure kills. Solved exactly here (Eigen, fundamental matrix)
// from the rules as seed 002 states them, independently of the model's code; the Monte Carlo
// estimate of the whole model must fall within 4 standard errors (fixed seeds: never flaky).
// Also: the d6 sequela frequencies by stat, and the run invariants.
#include <catch2/catch.hpp>

#include <Eigen/Dense>
#include <cmath>

#include "analysis/life_table.h"
#include "rules/flux/model.h"
#include "sim/engine/runner.h"
#include "tests/support.h"

using namespace leth;
namespace fm = leth::flux::metric;

namespace {

// P(d20 + mod >= difficulty), not exhausted.
double p_success(int mod, int difficulty) {
  const int need = difficulty - mod;  // the die must show at least this
  return std::clamp((21.0 - need) / 20.0, 0.0, 1.0);
}

struct Exact {
  double p_death;
  double mean_hours_given_death;
};

// From the coma's onset at 0 PV, the helper arriving `arrival` whole hours later. Before the
// arrival the hours only take their PV (and their tests past -VAI): at hour h, -h PV. From the
// arrival on, transient state c is the start of the c-th hour with the helper there, at
// -(arrival + c (k + 1)) PV, not stabilised (the path is forced: each unstabilised hour costs k
// failed attempts and the hour's loss). Absorbing: stabilised, dead.
// `survival`: the rest of the Survival test's modifier (the skill, less a sequela each): the
// threshold of the tests stays the VAI stat.
Exact solve(int vai, int medicine, int k, int difficulty, int arrival = 0, int cycles = 400,
            int survival = 0) {
  const double ps = p_success(medicine, difficulty);
  const double pt = p_success(vai + survival, difficulty);  // no malus
  const double all_fail = std::pow(1.0 - ps, k);
  // Before the arrival: alive with probability `alive`, deaths by hour.
  double alive = 1.0, p_death = 0.0, hours_times_p = 0.0;
  for (int h = 1; h <= arrival; ++h) {
    if (h > vai) {
      p_death += alive * (1.0 - pt);
      hours_times_p += h * alive * (1.0 - pt);
      alive *= pt;
    }
  }
  Eigen::MatrixXd Q = Eigen::MatrixXd::Zero(cycles, cycles);
  Eigen::VectorXd to_dead = Eigen::VectorXd::Zero(cycles);
  for (int c = 0; c < cycles; ++c) {
    const int lost = arrival + (c + 1) * (k + 1);  // PV below 0 after this hour
    const bool tested = lost > vai;  // "Si les PV négatifs dépassent la statistique de VAI"
    const double survive = tested ? pt : 1.0;
    if (c + 1 < cycles) Q(c, c + 1) = all_fail * survive;
    to_dead(c) = all_fail * (1.0 - survive);
  }
  const Eigen::MatrixXd I = Eigen::MatrixXd::Identity(cycles, cycles);
  const Eigen::MatrixXd N = (I - Q).inverse();  // fundamental matrix
  const Eigen::VectorXd h = N * to_dead;        // P(dead | state)
  // g_c = E[hours to death; dead | c]: g = Q g + Q h + to_dead (one hour a step).
  const Eigen::VectorXd g = N * (Q * h + to_dead);
  p_death += alive * h(0);
  hours_times_p += alive * (g(0) + arrival * h(0));
  return {p_death, hours_times_p / p_death};
}

std::string chain_scenario(int vai, int medicine, int k, int difficulty, int arrival,
                           const std::string& more = "") {
  // One blow leaves the character at exactly 0 PV; the scene is 0 minutes, so the coma begins
  // at 0 whatever the Survival test; the helper is there from the start (first attempt at the
  // fight's end, 6 s, or at the arrival; the hours fall at 1 h, 2 h, ...). Nothing else happens.
  return "name = \"chain\"\nruleset = \"flux\"\nhorizon = \"30 days\"\n"
         "[resolution]\ndifficulty = " +
         std::to_string(difficulty) + "\n[character]\nmax_pv = 10\nvai = " + std::to_string(vai) +
         "\n[encounter]\nrounds = 1\nscene = \"0 minutes\"\n"
         "[[encounter.attackers]]\ndamage = 10\n"
         "[aftercare]\nhelp_arrives = \"" +
         std::to_string(arrival) + " hours\"\nmedicine = " + std::to_string(medicine) +
         "\nattempts_per_hour = " + std::to_string(k) + "\n[recovery]\nhour_rests = false\n" +
         more;
}

void check_against_chain(int vai, int medicine, int k, uint64_t seed, int arrival = 0) {
  const int difficulty = 15;
  const Exact exact = solve(vai, medicine, k, difficulty, arrival);
  const LoadedScenario ls = test::load_text(chain_scenario(vai, medicine, k, difficulty, arrival));
  const uint64_t n = 200'000;
  const RunTally t = run_trials(ls, seed, 0, n);
  const Tally& x = t.variants[0];
  const uint64_t deaths = x.ends[fm::kDiedComa];
  const double p = static_cast<double>(deaths) / static_cast<double>(n);
  const double se = std::sqrt(exact.p_death * (1 - exact.p_death) / static_cast<double>(n));
  INFO("VAI " << vai << ", Medicine " << medicine << ", " << k << " attempts an hour, helper at "
              << arrival << " h: exact " << exact.p_death << ", Monte Carlo " << p << ", se "
              << se);
  REQUIRE(exact.p_death > 0.001);  // the cases are chosen so that death is possible
  CHECK(std::fabs(p - exact.p_death) <= 4 * se);
  CHECK(x.ends[fm::kDiedFall] == 0);
  CHECK(x.ends[fm::kStillComa] == 0);  // the helper always succeeds in the end
  const LogHistogram& ttd = x.durations[fm::kTimeToDeath];
  REQUIRE(deaths > 100);
  const double mean_hours = ttd.mean() / static_cast<double>(kHour);
  const double se_hours =
      std::sqrt(ttd.variance() / static_cast<double>(deaths)) / static_cast<double>(kHour);
  INFO("exact E[hours | death] " << exact.mean_hours_given_death << ", Monte Carlo " << mean_hours);
  CHECK(std::fabs(mean_hours - exact.mean_hours_given_death) <= 4 * se_hours + 1e-9);
}

}  // namespace

TEST_CASE("flux coma chain: Monte Carlo against the exact chain, several VAI / Medicine pairs",
          "[flux][markov][statistics]") {
  check_against_chain(3, 5, 1, 201);   // helper 55%, Survival 45%: tests from the 2nd hour
  check_against_chain(0, 0, 1, 202);   // VAI 0: a test from the first hour
  check_against_chain(2, -2, 4, 203);  // a poor helper trying four times an hour
  check_against_chain(6, 2, 2, 204);   // a sturdy patient, tests from the 3rd hour
}

TEST_CASE("flux coma chain: a helper who arrives hours into the coma",
          "[flux][markov][statistics]") {
  // At the arrival hour the hour's loss (and test) comes first, then the first attempt.
  check_against_chain(2, 5, 1, 205, 3);  // -1, -2, then -3 past VAI 2: a test before help
  check_against_chain(4, 0, 2, 206, 6);
}

TEST_CASE("flux coma chain: the exact solution on chains with obvious answers", "[flux][markov]") {
  // A helper who always succeeds: nobody dies.
  CHECK(solve(0, 100, 1, 15).p_death == Approx(0.0).margin(1e-12));
  // A helper who never succeeds and a patient who always fails: dead at the first hour's test.
  const Exact e = solve(-100, -100, 1, 15);
  CHECK(e.p_death == Approx(1.0));
  CHECK(e.mean_hours_given_death == Approx(1.0));
  // VAI 3, one attempt an hour, the helper never succeeds: -2 at hour 1 (no test), -4 at hour
  // 2 (test, 45% pass), -6, ...: E[hours | death] = 2 + 0.45/0.55.
  const Exact f = solve(3, -100, 1, 15);
  CHECK(f.p_death == Approx(1.0));
  CHECK(f.mean_hours_given_death == Approx(2.0 + 0.45 / 0.55));
}

TEST_CASE("flux sequelae: each stat is lost with frequency 1/6 of the wakings",
          "[flux][statistics]") {
  // A helper who always stabilises at once, a patient who wakes easily: one sequela a trial.
  const std::string toml =
      "name = \"sequelae\"\nruleset = \"flux\"\nhorizon = \"10 days\"\n"
      "[character]\nmax_pv = 10\nvai = 10\nadr = 2\npui = 2\nins = 2\npre = 2\nsav = 2\n"
      "[encounter]\nrounds = 1\nscene = \"0 minutes\"\n[[encounter.attackers]]\ndamage = 10\n"
      "[aftercare]\nhelp_arrives = \"0 minutes\"\nmedicine = 20\n"
      "[recovery]\nhour_rests = false\n";
  const LoadedScenario ls = test::load_text(toml);
  const uint64_t n = 120'000;
  const Tally x = run_trials(ls, 31, 0, n).variants[0];
  uint64_t all = 0;
  for (size_t k = 0; k < 6; ++k) all += x.sequela_total[k];
  REQUIRE(all == x.counter_total[fm::kSequelae]);
  REQUIRE(all > n / 2);
  const double se = std::sqrt((1.0 / 6) * (5.0 / 6) / static_cast<double>(all));
  for (size_t k = 0; k < 6; ++k) {
    const double f = static_cast<double>(x.sequela_total[k]) / static_cast<double>(all);
    INFO("stat " << k << ": " << f);
    CHECK(std::fabs(f - 1.0 / 6) <= 4 * se);
    // Every sequela costs exactly one point here (no stat at the floor).
    CHECK(x.sequela_magnitude[k] == -static_cast<int64_t>(x.sequela_total[k]));
  }
}

TEST_CASE(
    "flux invariants: a variant equal to the baseline differs by exactly zero; 1 vs 2 "
    "threads",
    "[flux][statistics]") {
  // The template with a variant that repeats the baseline's values.
  std::string toml = flux::scenario_template();
  toml += "\n[[variants]]\nname = \"same\"\naftercare = { help_arrives = \"2 hours\" }\n";
  const LoadedScenario same = test::load_text(toml, "flux-same.toml");
  RunTally one, two;
  {
    ThreadLimit limit(1);
    one = run_trials(same, 5, 0, 20'000);
  }
  {
    ThreadLimit limit(2);
    two = run_trials(same, 5, 0, 20'000);
  }
  CHECK(one.variants[0] == two.variants[0]);
  CHECK(one.variants[2] == two.variants[2]);
  CHECK(one.variants[0].ends == one.variants[2].ends);
  const PairedTally d = one.pair(0, 2);
  CHECK(d.n == 20'000);
  CHECK(d.only_baseline_died == 0);
  CHECK(d.only_variant_died == 0);
  for (size_t i = 0; i < d.diff_sum.size(); ++i) CHECK(d.diff_sum[i] == 0);
}

TEST_CASE("flux campaign: sequelae carried from adventure to adventure, against the exact chain",
          "[flux][markov][campaign]") {
  // The chain's fight on every adventure, VAI 0 (so a sequela's stat loss, floored at 0, changes
  // nothing: the only thing carried is the sequela's -1 on Survival tests) and a Survival skill
  // of +6. Every adventure ends in a death in the coma or in waking with exactly one sequela
  // (the helper always stabilises; the wake test has no death), so the character begins
  // adventure k with k - 1 sequelae: it dies there with the chain's probability at a Survival
  // modifier of 6 - (k - 1), having lived through the k - 1 before.
  const int adventures = 5, skill = 6, medicine = 2, attempts = 1, difficulty = 15;
  std::string text = chain_scenario(0, medicine, attempts, difficulty, 0) +
                     "[campaign]\nadventures = " + std::to_string(adventures) + "\n";
  text.insert(text.find("[encounter]"), "survival = " + std::to_string(skill) + "\n");
  const LoadedScenario skilled = test::load_text(text, "chain-campaign.toml");
  const uint64_t n = 200'000;
  const RunTally t = run_trials(skilled, 41, 0, n);
  const Tally& x = t.variants[0];
  double alive = 1.0;
  for (int k = 1; k <= adventures; ++k) {
    const double d = solve(0, medicine, attempts, difficulty, 0, 400, skill - (k - 1)).p_death;
    const double q = alive * d;  // dies in adventure k
    INFO("adventure " << k << ": P(death there | began it) " << d << ", exact share " << q
                      << ", Monte Carlo " << static_cast<double>(x.died_in[k]) / n);
    REQUIRE(d > 0.01);
    CHECK(std::fabs(static_cast<double>(x.died_in[k]) / n - q) <= 4 * std::sqrt(q * (1 - q) / n));
    alive *= 1 - d;
  }
  // The hazard grows: the sequelae are carried (without them it would be flat).
  const double first = solve(0, medicine, attempts, difficulty, 0, 400, skill).p_death;
  const double last = solve(0, medicine, attempts, difficulty, 0, 400, skill - adventures + 1).p_death;
  CHECK(last > first + 0.05);
  // The survivors all played every adventure, each carrying one sequela an adventure.
  CHECK(std::fabs(static_cast<double>(x.left_after[adventures]) / n - alive) <=
        4 * std::sqrt(alive * (1 - alive) / n));
  uint64_t carried = 0;
  for (uint64_t c : x.sequela_total) carried += c;
  uint64_t expected = 0;  // k - 1 sequelae for a death in adventure k, N for a survivor
  for (int k = 1; k <= adventures; ++k) expected += x.died_in[k] * static_cast<uint64_t>(k - 1);
  expected += x.left_after[adventures] * adventures;
  CHECK(carried == expected);
  // So a survivor of adventure k carries exactly k, every one of them (survival.csv's
  // lasting_per_survivor = k with a zero-width interval, with_lasting_share = 1).
  for (const LifeRow& row : life_table(x, IntervalKind::Wilson)) {
    const uint64_t k = static_cast<uint64_t>(row.adventure);
    INFO("adventure " << k);
    CHECK(row.with_lasting == (k == 0 ? 0 : row.survivors));
    CHECK(x.lasting_sum[k] == k * row.survivors);
    CHECK(x.lasting_sq[k] == static_cast<u128>(k * k * row.survivors));
    CHECK(row.lasting_per_survivor.value == static_cast<double>(k));
    CHECK(row.lasting_per_survivor.hi - row.lasting_per_survivor.lo <= 1e-9);
  }
}
