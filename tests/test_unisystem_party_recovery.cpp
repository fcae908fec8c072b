// The unisystem party's rest after the fight (rules/unisystem/party.cpp, Party::rest): without
// care, seed 000's survival test a day below 0 on the member's own stream — on scripted dice a
// member who climbs back to 0 by its daily tests and one who dies of a failed test at the
// threshold (untreated_failure_kills); under care ([recovery] care = "medical", or the house
// rule) the old Con a day; a member's rest without care against its exact Markov chain
// (Eigen), within 4 standard errors; and the located errors of a bad [recovery].
#include <catch2/catch.hpp>

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>

#include "rules/unisystem/model.h"
#include "sim/core/event_log.h"
#include "sim/core/timeline.h"
#include "sim/engine/load.h"
#include "sim/engine/registry.h"
#include "tests/cli_support.h"
#include "tests/party_support.h"
#include "tests/support.h"
#include "tests/unisystem_party_text.h"

using namespace leth;
using test::counter;

namespace {

using test::unisystem::member;
using test::unisystem::opponent;
using test::unisystem::party_text;

// The hero (20 LP, Con 3, Will 2, initiative 40) and a medic (First Aid 5) against a brute
// (initiative -40) whose blow of 30 takes the hero to -10; the medic stabilises him at -9 in
// round 2; the round cap ends the fight at 10 s. Then the hero rests.
std::string stabilised_hero(const std::string& options = "", const std::string& recovery = "") {
  return party_text(
      member("hero", 20, 40, "hit_chance = 0.0\ndamage = 1", "con = 3\nwill = 2\n") +
          member("medic", 1000, 0, "hit_chance = 0.0\ndamage = 1", "first_aid = 5\n") +
          opponent("brute", 20, -40, "attack_bonus = 7\ndamage = 30"),
      "round_cap = 2\n", options, recovery);
}

// The fight of stabilised_hero, on scripted dice: the hero at -9 HP, stable, at 10 s.
Script stabilised_fight() {
  Script s;
  s.d(20, 10).d(20, 10).d(20, 10);  // initiative: hero 50, medic 10, brute -30
  s.no();                           // round 1: the hero misses
  s.no();                           // the medic: nobody down, it attacks and misses
  s.d(2, 1).d(10, 2);               // the brute: the hero; 2 + 7 = 9, a hit: 30, -10 HP
  s.d(10, 5);                       // the survival test, 3 + 2 - 1 + 5 = 9: dying
  s.d(10, 4);                       // round 2: the medic, 4 + 5 = 9: stabilised, +1: -9
  s.d(10, 1);                       // the brute at the medic: 8, a miss; the round cap
  return s;
}

Seconds duration_of(const LoadedScenario& ls, const Outcome& o, const char* name) {
  const MetricSpec& m = metrics_of(ls.models[0]);
  return o.durations[static_cast<size_t>(m.duration_index(name))];
}

}  // namespace

TEST_CASE("unisystem party recovery: without care, daily survival tests take a member to 0",
          "[unisystem][party][recovery][scripted]") {
  // 000 "Récupérer des points de vie", sans soins: "un test de survie chaque jour en dessous
  // de 0: +1 PV par niveau de succès (au plus Con), -1 PV sur un échec"; the hero, Con 3 +
  // Will 2 = 5 (no full 10 below 0), at -9 after the fight; then 2 a day (interpretation 11).
  const std::string toml = stabilised_hero();
  Script s = stabilised_fight();
  s.d(10, 4);   // day 1: 9, one level: -8
  s.d(10, 10);  // day 2: 15, four levels, at most Con 3: -5
  s.d(10, 3);   // day 3: 8, a failure: -6 (above the threshold: it lives)
  s.d(10, 6);   // day 4: 11, two levels: -4
  s.d(10, 9);   // day 5: 14, three levels: -1
  s.d(10, 8);   // day 6: 13, three levels: +2; then 18 HP at 2 a day: 9 days
  const test::Played p = test::play_scripted(toml, s);
  INFO(p.log);
  const LoadedScenario ls = test::load_text(toml);
  CHECK(counter(ls, p.outcome, "deaths") == 0);
  const MetricSpec& m = metrics_of(ls.models[0]);
  CHECK(m.ends[p.outcome.end].kind == EndKind::Recovered);
  CHECK(p.outcome.end_time == 10 + 15 * kDay);
  CHECK(duration_of(ls, p.outcome, "time_out_of_action") == 10 + 15 * kDay);
  CHECK(p.log.find("hero daily survival test without care: D10 4 + 5 = 9: 1 level, HP -8") !=
        std::string::npos);
  CHECK(p.log.find("D10 3 + 5 = 8: failure, HP -6") != std::string::npos);
}

TEST_CASE("unisystem party recovery: a failed daily test at the threshold kills the member",
          "[unisystem][party][recovery][scripted]") {
  SECTION("untreated_failure_kills (the default): dead on the first day, after the fight") {
    const std::string toml = stabilised_hero();
    Script s = stabilised_fight();
    s.d(10, 3);  // day 1: 8, a failure: -10, at the threshold: dead
    const test::Played p = test::play_scripted(toml, s);
    INFO(p.log);
    const LoadedScenario ls = test::load_text(toml);
    CHECK(counter(ls, p.outcome, "deaths") == 1);
    CHECK(counter(ls, p.outcome, "died_hero") == 1);
    CHECK(counter(ls, p.outcome, "died_medic") == 0);
    const MetricSpec& m = metrics_of(ls.models[0]);
    CHECK(m.ends[p.outcome.end].kind == EndKind::Died);
    CHECK(p.outcome.end_time == 10 + kDay);
    // Where it died: after the fight, which lasted 10 s.
    CHECK(duration_of(ls, p.outcome, "time_to_death_hero") == 10 + kDay);
    CHECK(duration_of(ls, p.outcome, "fight_length") == 10);
    CHECK(p.log.find("hero dies: a failed daily survival test without care") != std::string::npos);
  }
  SECTION("untreated_failure_kills = false: only the point") {
    const std::string toml = stabilised_hero("untreated_failure_kills = false\n");
    Script s = stabilised_fight();
    s.d(10, 3);   // day 1: a failure: -10, alive
    s.d(10, 10);  // day 2: 10 + 5 - 1 = 14, three levels: -7
    s.d(10, 10);  // day 3: 15, at most Con: -4
    s.d(10, 10);  // day 4: -1
    s.d(10, 10);  // day 5: +2; then 9 days at 2
    const test::Played p = test::play_scripted(toml, s);
    INFO(p.log);
    const LoadedScenario ls = test::load_text(toml);
    CHECK(counter(ls, p.outcome, "deaths") == 0);
    CHECK(p.outcome.end_time == 10 + 14 * kDay);
  }
}

TEST_CASE("unisystem party recovery: under care, Con a day below 0 and no test",
          "[unisystem][party][recovery][scripted]") {
  // [recovery] care = "medical" (the single character's key) or the author's house rule: the
  // hero at -9 rests at Con 3 a day to 0 (3 days), then 2 a day to 20 (10 days); no draw.
  for (const auto& [options, recovery] :
       {std::pair<std::string, std::string>{"", "care = \"medical\"\n"},
        {"house_rule = true\n", ""},
        {"house_rule = true\n", "care = \"none\"\n"}}) {
    INFO(options << recovery);
    const std::string toml = stabilised_hero(options, recovery);
    Script s = stabilised_fight();
    const test::Played p = test::play_scripted(toml, s);
    INFO(p.log);
    CHECK(p.outcome.end_time == 10 + 13 * kDay);
    CHECK(p.log.find("daily survival test") == std::string::npos);
  }
}

TEST_CASE("unisystem party recovery: care that arrives days after the fight",
          "[unisystem][party][recovery][scripted]") {
  // care_after = "2 days": the days begun before care are days without care (a test each);
  // then Con 3 a day to 0 and 2 a day to 20. The hero at -9: day 1 -8, day 2 -5; under care
  // from 2 days: 2 days to 0 (the one reaching 0 the last at Con), 10 days to 20.
  const std::string toml = stabilised_hero("", "care = \"medical\"\ncare_after = \"2 days\"\n");
  Script s = stabilised_fight();
  s.d(10, 4);   // day 1: 9, one level: -8
  s.d(10, 10);  // day 2: at most Con 3: -5
  const test::Played p = test::play_scripted(toml, s);
  INFO(p.log);
  CHECK(p.outcome.end_time == 10 + 2 * kDay + 2 * kDay + 10 * kDay);
  CHECK(p.log.find("hero is under medical care, HP -5") != std::string::npos);

  // "36 hours": care arrives part-way through day 2, which began without it: the same.
  const std::string mid =
      stabilised_hero("", "care = \"medical\"\ncare_after = \"36 hours\"\n");
  Script m = stabilised_fight();
  m.d(10, 4).d(10, 10);
  CHECK(test::play_scripted(mid, m).outcome.end_time == p.outcome.end_time);

  // Before care arrives a failed test at the threshold still kills.
  Script k = stabilised_fight();
  k.d(10, 3);  // day 1: a failure: -10, dead
  const test::Played dead = test::play_scripted(toml, k);
  CHECK(counter(test::load_text(toml), dead.outcome, "deaths") == 1);
}

TEST_CASE("unisystem party recovery: a member still out at the horizon has no time out of "
          "action, and first aid counts in heals_used",
          "[unisystem][party][recovery][scripted]") {
  // Under care the hero at -9 needs 13 days; with a horizon of 5 days the trial is unresolved
  // and the hero still out: its time out of action is not measured (it once was, as the
  // "never" of its rest less its fall: 10^14 s in a designer's summary). The medic's one
  // first-aid test in the fight counts in heals_used (it once counted nothing).
  std::string toml = stabilised_hero("", "care = \"medical\"\n");
  const std::string h = "horizon = \"120 days\"";
  toml.replace(toml.find(h), h.size(), "horizon = \"5 days\"");
  Script s = stabilised_fight();
  const test::Played p = test::play_scripted(toml, s);
  INFO(p.log);
  const LoadedScenario ls = test::load_text(toml);
  const MetricSpec& m = metrics_of(ls.models[0]);
  CHECK(m.ends[p.outcome.end].kind == EndKind::Unresolved);
  CHECK(p.outcome.end_time == 5 * kDay);
  CHECK_FALSE(p.outcome.has(static_cast<size_t>(m.duration_index("time_out_of_action_hero"))));
  CHECK_FALSE(p.outcome.has(static_cast<size_t>(m.duration_index("time_out_of_action"))));
  CHECK_FALSE(p.outcome.has(static_cast<size_t>(m.duration_index("downtime_hero"))));
  CHECK(counter(ls, p.outcome, "heals_used") == 1);
  CHECK(counter(ls, p.outcome, "fell_hero") == 1);
}

namespace {

// Seed 000's success levels, written out again: 9-10 -> 1, 11-12 -> 2, 13-14 -> 3, ...
int levels(int total) {
  if (total < 9) return 0;
  return total <= 16 ? (total - 9) / 2 + 1 : 5;
}

// A member (Con 3, Will 1, 20 LP) left at `start` < 0 without care: each day D10 + 4 (no
// full 10 below 0 before the threshold -10) >= 9 adds its levels, at most 3; a failure costs
// 1 HP and kills at -10. States -9..-1; absorbed at death or at 0..2 (then 2 a day to 20).
// Returns P(death in recovery) and E[days to full HP, 0 for a death].
struct RestExact {
  double death, days;
};
RestExact solve_rest(int start, int max_hp) {
  constexpr int kStates = 9;  // -9 .. -1
  auto idx = [](int hp) { return hp + 9; };
  Eigen::MatrixXd Q = Eigen::MatrixXd::Zero(kStates, kStates);
  Eigen::VectorXd dead = Eigen::VectorXd::Zero(kStates), lived = Eigen::VectorXd::Zero(kStates);
  Eigen::VectorXd after = Eigen::VectorXd::Zero(kStates);  // E[1 + days above 0; lived here]
  for (int hp = -9; hp <= -1; ++hp) {
    for (int die = 1; die <= 10; ++die) {
      const int l = levels(die + 3 + 1);
      const int next = l > 0 ? hp + std::min(l, 3) : hp - 1;
      if (next <= -10) {
        dead(idx(hp)) += 0.1;
      } else if (next >= 0) {
        lived(idx(hp)) += 0.1;
        after(idx(hp)) += 0.1 * (1 + std::ceil((max_hp - next) / 2.0));
      } else {
        Q(idx(hp), idx(next)) += 0.1;
      }
    }
  }
  const Eigen::MatrixXd I = Eigen::MatrixXd::Identity(kStates, kStates);
  const Eigen::VectorXd death = (I - Q).partialPivLu().solve(dead);
  const Eigen::VectorXd live = (I - Q).partialPivLu().solve(lived);
  // w = E[days x 1{lived}]: each day below 0 counts once for the paths that live after it.
  const Eigen::VectorXd w = (I - Q).partialPivLu().solve(Q * live + after);
  return {death(idx(start)), w(idx(start))};
}

}  // namespace

TEST_CASE("unisystem party recovery: a member's rest without care against its Markov chain",
          "[unisystem][party][recovery][markov][statistics]") {
  // The brute strikes first, always hits, for 27: the member at -7 fails its stay-up test
  // (4 - 7 + D10 < 9) and the party fell; nobody can give first aid; the member rests
  // without care from the fight's end (a few seconds: days are counted from it).
  const std::string toml =
      party_text(member("hero", 20, 0, "hit_chance = 0.0\ndamage = 1", "con = 3\nwill = 1\n") +
                     opponent("brute", 20, 40, "attack_bonus = 10\ndamage = 27"),
                 "", "shock_test = false\n");
  const LoadedScenario ls = test::load_text(toml);
  const RestExact e = solve_rest(-7, 20);
  INFO("exact: P(death) " << e.death << ", E[days x 1{lived}] " << e.days);
  CHECK(e.death > 0.05);
  CHECK(e.death < 0.5);
  const MetricSpec& m = metrics_of(ls.models[0]);
  const uint64_t n = 100'000;
  double deaths = 0, days = 0, days2 = 0;
  uint64_t unresolved = 0;
  for (uint64_t i = 0; i < n; ++i) {
    TrialRng rng(2026, i);
    Timeline timeline;
    TrialContext ctx{rng, nullptr, timeline};
    const Outcome o = run_trial(ls.models[0], ctx);
    const EndKind k = m.ends[o.end].kind;
    if (k == EndKind::Unresolved) ++unresolved;
    if (k == EndKind::Died) {
      deaths += 1;
      continue;
    }
    const double d = static_cast<double>(o.end_time / kDay);
    days += d;
    days2 += d * d;
  }
  CHECK(unresolved == 0);  // every rest ends well inside the 120 days
  const double p = deaths / static_cast<double>(n);
  const double se_p = std::sqrt(p * (1 - p) / static_cast<double>(n));
  CHECK(std::abs(p - e.death) < 4 * se_p);
  const double mean = days / static_cast<double>(n);
  const double var = days2 / static_cast<double>(n) - mean * mean;
  const double se_days = std::sqrt(var / static_cast<double>(n));
  INFO("measured: P(death) " << p << " (se " << se_p << "), days " << mean << " (se " << se_days
                             << ")");
  CHECK(std::abs(mean - e.days) < 4 * se_days);
}

TEST_CASE("unisystem party recovery: a bad [recovery] is located and explained, status 2",
          "[unisystem][party][recovery][errors]") {
  const std::string hero = member("hero", 30, 0, "attack_bonus = 5\ndamage = \"1D6 x 3\"");
  const std::string thug = opponent("thug", 30, 0, "attack_bonus = 3\ndamage = \"1D6 x 2\"");
  auto error = [](const std::string& toml) {
    return test::error_of([&] { test::load_text(toml); });
  };
  CHECK_THAT(error(party_text(hero + thug, "", "", "care = \"sometimes\"\n")),
             Catch::Contains("recovery.care") && Catch::Contains("medical"));
  CHECK_THAT(error(party_text(hero + thug, "", "", "rounds = 1\n")),
             Catch::Contains("recovery.rounds") && Catch::Contains("unknown key"));
  CHECK_THAT(error(party_text(hero + thug, "", "", "care_after = \"2 days\"\n")),
             Catch::Contains("recovery.care_after") && Catch::Contains("care = \"medical\""));
  CHECK_THAT(error(party_text(hero + thug, "", "house_rule = true\n",
                              "care = \"medical\"\ncare_after = \"2 days\"\n")),
             Catch::Contains("options.house_rule") && Catch::Contains("care_after"));
  // The hospital is the single character's [aftercare]: still refused next to [[party]].
  CHECK_THAT(error(party_text(hero + thug + "[aftercare.hospital]\narrives = \"1 hour\"\n")),
             Catch::Contains("aftercare") && Catch::Contains("remove [[party]]"));
  // A variant may change the care like any table.
  const LoadedScenario ls =
      test::load_text(party_text(hero + thug) +
                      "[[variants]]\nname = \"cared\"\nrecovery = { care = \"medical\" }\n");
  CHECK(ls.models.size() == 2);
  // The command line: a located message on stderr, status 2.
  const std::string path = test::write_file("unisystem-party-recovery-bad.toml",
                                            party_text(hero + thug, "", "", "care = \"yes\"\n"));
  const test::CliResult r = test::cli({"validate", path});
  CHECK(r.status == 2);
  CHECK_THAT(r.err, Catch::StartsWith(path + ":") && Catch::Contains("recovery.care"));
}
