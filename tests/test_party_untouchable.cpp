// A party fight against opponents who cannot be harmed ([[opponents]] without health, each kind
// with its `rounds`): nobody attacks them, each kind leaves after its rounds, the fight ends
// when the last has left or every member is dead. Scripted dice for the turns and the end; the
// dnd5e member's death against its exact chain (Eigen), with and without blows at the fallen;
// every ruleset's party plays such a fight.
#include <catch2/catch.hpp>

#include <Eigen/Dense>
#include <cmath>

#include "sim/engine/load.h"
#include "sim/engine/runner.h"
#include "tests/party_support.h"
#include "tests/support.h"

using namespace leth;
using test::counter;

namespace {

std::string dnd5e_text(const std::string& body, const std::string& fight = "") {
  return "name = \"ambush\"\nruleset = \"dnd5e\"\ntrials = 1000\nseed = 3\nhorizon = \"30 days\"\n"
         "[options]\nlingering_injuries = false\n[fight]\n" +
         fight + "\n" + body;
}

// An [[opponents]] kind without health: it strikes in rounds 1..rounds, then leaves.
std::string untouchable(const std::string& name, int rounds, int init, const std::string& attack) {
  return "[[opponents]]\nname = \"" + name + "\"\nrounds = " + std::to_string(rounds) +
         "\ninitiative = " + std::to_string(init) + "\n[[opponents.attacks]]\n" + attack + "\n";
}

}  // namespace

TEST_CASE("untouchable opponents: nobody attacks them, each kind leaves after its rounds",
          "[party][scripted]") {
  const std::string toml =
      dnd5e_text(test::combatant_text("party", "hero", "max_hp", 10, 0,
                                      "attack_bonus = 5\ndamage = \"1d6\"", "ac = 10\n") +
                 untouchable("wolf", 1, 5, "attack_bonus = 3\ndamage = \"1d4\"") +
                 untouchable("ghost", 2, -5, "attack_bonus = 3\ndamage = \"1d4\""));
  Script s;
  s.d(20, 10).d(20, 10).d(20, 10);  // initiative: hero 10, wolf 15, ghost 5
  s.d(20, 15).d(4, 2);              // round 1, wolf: 18 hits AC 10, 2 damage (the hero: no draw)
  s.d(20, 5);                       // ghost: 8 misses
  s.d(20, 15).d(4, 3);              // round 2: the wolf has left; ghost: hits, 3 damage
  const test::Played p = test::play_scripted(toml, s);
  INFO(p.log);
  const LoadedScenario ls = test::load_text(toml);
  CHECK(p.log.find("hero hits") == std::string::npos);
  CHECK(p.log.find("hero misses") == std::string::npos);
  CHECK(p.log.find("wolf hits hero") != std::string::npos);
  CHECK(p.log.find("ghost misses hero") < p.log.find("ghost hits hero"));
  CHECK(p.log.find("end of the fight after 2 rounds: the opponents leave") != std::string::npos);
  CHECK(counter(ls, p.outcome, "fight_won") == 0);
  CHECK(counter(ls, p.outcome, "party_fell") == 0);
  CHECK(counter(ls, p.outcome, "opponents_defeated") == 0);
  CHECK(test::duration(ls, p.outcome, "fight_length") == 12);
  // [fight] round_cap still caps them.
  const std::string capped =
      dnd5e_text(test::combatant_text("party", "hero", "max_hp", 10, 0,
                                      "attack_bonus = 5\ndamage = \"1d6\"", "ac = 10\n") +
                     untouchable("ghost", 5, -5, "attack_bonus = 3\ndamage = \"1d4\""),
                 "round_cap = 1\n");
  Script c;
  c.d(20, 10).d(20, 10).d(20, 5);  // initiative; round 1: the ghost misses; the cap
  const test::Played q = test::play_scripted(capped, c);
  INFO(q.log);
  CHECK(q.log.find("end of the fight after 1 rounds: the opponents leave") != std::string::npos);
}

TEST_CASE("untouchable opponents: rounds as dice, drawn once a trial for the whole kind",
          "[party][scripted]") {
  const std::string hero = test::combatant_text("party", "hero", "max_hp", 30, 0,
                                                "attack_bonus = 5\ndamage = \"1d6\"", "ac = 10\n");
  const std::string wolves =
      "[[opponents]]\nname = \"wolf\"\ncount = 2\nrounds = \"1d4\"\ninitiative = 5\n"
      "[[opponents.attacks]]\nattack_bonus = 3\ndamage = \"1\"\n";
  const std::string toml = dnd5e_text(hero + wolves);
  Script s;
  s.d(20, 10).d(20, 10).d(20, 10);  // initiative: hero 10, wolf 1 15, wolf 2 15
  s.d(4, 2);                        // the wolves' rounds: 2, for both
  for (int round = 0; round < 2; ++round) s.d(20, 5).d(20, 5);  // each wolf misses (8 vs 10)
  const test::Played p = test::play_scripted(toml, s);
  INFO(p.log);
  const LoadedScenario ls = test::load_text(toml);
  CHECK(p.log.find("end of the fight after 2 rounds: the opponents leave") != std::string::npos);
  CHECK(test::duration(ls, p.outcome, "fight_length") == 12);
  // Over a run the fight lasts 1 to 4 rounds, each about a quarter of the time: P(4 rounds)
  // within 4 standard errors of 1/4 at 4000 trials, and never beyond the dice's 4.
  const uint64_t n = 4000;
  uint64_t four = 0, longer = 0;
  Timeline timeline;
  for (uint64_t trial = 0; trial < n; ++trial) {
    TrialRng rng(11, trial);
    timeline.clear();
    TrialContext ctx{rng, nullptr, timeline};
    const Outcome o = run_trial(ls.models[0], ctx);
    const Seconds len = test::duration(ls, o, "fight_length");
    four += len == 24;
    longer += len > 24;
  }
  const double share = static_cast<double>(four) / n, se = std::sqrt(0.25 * 0.75 / n);
  CHECK(std::abs(share - 0.25) < 4 * se);
  CHECK(longer == 0);
}

namespace {

// The dnd5e member (hp hit points, initiative first) against one opponent who cannot be harmed
// (hit chance q, 1 damage, melee) for `rounds` rounds; sigma: its chance, before its blow, to
// strike the member while fallen (a melee hit on the fallen is critical: two failures; a stable
// member hit is dying again). The member's turn: a death save while dying (SRD: 10+ succeeds,
// 1 is two failures, 20 regains 1 HP; three of either), no attack. After the fight the dying
// member saves alone. A chain over the rounds: standing at h HP, dying (successes, failures),
// stable, dead. Returns P(death).
double untouchable_death(int hp, double q, int rounds, double sigma) {
  const int n = hp + 11;
  const int stable = hp + 9, dead = hp + 10;
  auto standing = [](int h) { return h - 1; };
  auto dying = [hp](int s, int f) { return hp + 3 * s + f; };
  // A death save from (s, f): where it leads.
  Eigen::MatrixXd save = Eigen::MatrixXd::Zero(n, n);
  Eigen::MatrixXd blow = Eigen::MatrixXd::Zero(n, n);
  for (int i = 0; i < hp; ++i) save(i, i) = 1;
  save(stable, stable) = save(dead, dead) = 1;
  blow(stable, stable) = 1 - sigma * q;
  blow(stable, dying(0, 2)) = sigma * q;
  blow(dead, dead) = 1;
  for (int s = 0; s < 3; ++s)
    for (int f = 0; f < 3; ++f) {
      const int from = dying(s, f);
      for (int r = 1; r <= 20; ++r) {
        if (r == 20) {
          save(from, standing(1)) += 0.05;
          continue;
        }
        const int ns = s + (r >= 10), nf = f + (r == 1 ? 2 : r < 10 ? 1 : 0);
        save(from, nf >= 3 ? dead : ns >= 3 ? stable : dying(ns, nf)) += 0.05;
      }
      blow(from, from) += 1 - sigma * q;
      blow(from, f + 2 >= 3 ? dead : dying(s, f + 2)) += sigma * q;
    }
  for (int h = 1; h <= hp; ++h) {
    blow(standing(h), standing(h)) += 1 - q;
    blow(standing(h), h == 1 ? dying(0, 0) : standing(h - 1)) += q;
  }
  Eigen::RowVectorXd p = Eigen::RowVectorXd::Zero(n);
  p(standing(hp)) = 1;
  for (int r = 0; r < rounds; ++r) p = p * save * blow;
  // After the fight: the dying save alone until dead, stable or up (absorbing).
  Eigen::MatrixXd Q = Eigen::MatrixXd::Zero(9, 9);
  Eigen::VectorXd to_dead = Eigen::VectorXd::Zero(9);
  for (int a = 0; a < 9; ++a)
    for (int b = 0; b < 9; ++b) Q(a, b) = save(dying(a / 3, a % 3), dying(b / 3, b % 3));
  for (int a = 0; a < 9; ++a) to_dead(a) = save(dying(a / 3, a % 3), dead);
  const Eigen::VectorXd h = (Eigen::MatrixXd::Identity(9, 9) - Q).inverse() * to_dead;
  double death = p(dead);
  for (int a = 0; a < 9; ++a) death += p(hp + a) * h(a);
  return death;
}

}  // namespace

TEST_CASE("untouchable opponents: a member's death against its exact chain",
          "[party][markov][statistics]") {
  struct Case {
    int hp;
    double q;
    int rounds;
    double sigma;
  };
  const Case cases[] = {{2, 0.5, 3, 0.0}, {3, 0.6, 6, 0.5}, {2, 0.7, 10, 1.0}};
  uint64_t seed = 90;
  for (const Case& c : cases) {
    const double e = untouchable_death(c.hp, c.q, c.rounds, c.sigma);
    const std::string toml =
        dnd5e_text(test::combatant_text("party", "hero", "max_hp", c.hp, 20,
                                        "hit_chance = 0.5\ndamage = \"1\"", "ac = 10\n") +
                       untouchable("ghost", c.rounds, -10,
                                   "hit_chance = " + std::to_string(c.q) + "\ndamage = \"1\""),
                   "strike_fallen = " + std::to_string(c.sigma) + "\n");
    INFO("hp " << c.hp << ", q " << c.q << ", rounds " << c.rounds << ", strike_fallen "
               << c.sigma);
    CHECK(e > 0.01);  // the chain has something to say
    // Nobody can win against them: P(won) is 0 exactly.
    test::check_duel(test::load_text(toml), ++seed, 100'000, {e, 0.0});
  }
  // The blows at the fallen are worth something: the test can tell.
  CHECK(untouchable_death(3, 0.6, 6, 0.5) > untouchable_death(3, 0.6, 6, 0.0) + 0.05);
}

TEST_CASE("untouchable opponents: every ruleset's party plays them", "[party]") {
  const std::string head = "trials = 1000\nseed = 5\nhorizon = \"30 days\"\n";
  struct Case {
    const char* ruleset;
    std::string text;
  };
  const Case cases[] = {
      {"dnd5e", "[options]\nlingering_injuries = false\n" +
                    test::combatant_text("party", "hero", "max_hp", 8, 0,
                                         "attack_bonus = 5\ndamage = \"1d6\"", "ac = 12\n") +
                    untouchable("raider", 3, 2, "attack_bonus = 5\ndamage = \"1d8+2\"")},
      {"pf2", "[options]\nrecovery_check = \"flat\"\n" +
                  test::combatant_text("party", "hero", "max_hp", 10, 0,
                                       "attack_bonus = 7\ndamage = \"1d8+3\"", "ac = 16\n") +
                  untouchable("raider", 3, 2, "attack_bonus = 9\ndamage = \"1d10+4\"")},
      {"flux", "[resolution]\ndifficulty = 15\n" +
                   test::combatant_text("party", "hero", "max_pv", 6, 0,
                                        "attack_bonus = 5\ndamage = \"1d6\"", "vai = 2\n") +
                   untouchable("raider", 3, 2, "hit_chance = 0.7\ndamage = \"1d6\"")},
      {"harmonies",
       "[[party]]\nname = \"hero\"\nsurvival = 8\nfainting = 7\ndefence = 2\n"
       "[[party.attacks]]\nskill = 4\ngrave_at = 5\ncritical_at = 8\n" +
           untouchable("raider", 3, 2, "skill = 6\ngrave_at = 4\ncritical_at = 7")},
      {"unisystem", test::combatant_text("party", "hero", "max_hp", 20, 0,
                                         "attack_bonus = 4\ndamage = \"1D6\"") +
                        untouchable("raider", 3, 2, "attack_bonus = 6\ndamage = \"2D6 x 2\"")},
  };
  for (const Case& c : cases) {
    INFO(c.ruleset);
    const LoadedScenario ls = test::load_text("name = \"ambush\"\nruleset = \"" +
                                              std::string(c.ruleset) + "\"\n" + head + c.text);
    const uint64_t n = 2000;
    const RunTally t = run_trials(ls, 5, 0, n);
    const Tally& x = t.variants[0];
    const MetricSpec& m = metrics_of(ls.models[0]);
    auto trials = [&](const char* name) {
      return x.counter_trials[static_cast<size_t>(m.counter_index(name))];
    };
    CHECK(trials("fight_won") == 0);
    CHECK(trials("round_cap") == 0);  // they leave: no cap came
    CHECK(trials("party_retreated") == 0);
    CHECK(trials("opponents_defeated") == 0);
    CHECK(trials("fell_hero") > 0);  // they strike
    // The fight lasts the raiders' 3 rounds (unisystem's of 5 s, the others' 6 s), or less
    // when the hero dies first.
    const Seconds round = std::string(c.ruleset) == "unisystem" ? 5 : 6;
    const LogHistogram& len = x.durations[static_cast<size_t>(m.duration_index("fight_length"))];
    CHECK(len.value_at_rank(len.count()) == static_cast<double>(3 * round));
  }
}

TEST_CASE("untouchable opponents: pf2's recovery save against their DC", "[party][errors]") {
  // With recovery_check = "fortitude" (pf2's default) a member knocked out saves against the DC
  // of what knocked it out: an opponent that cannot be harmed still gives it, and is not one
  // with the player's rules (whose recovery saves would need the members' DCs).
  const std::string text =
      "name = \"arrows\"\nruleset = \"pf2\"\ntrials = 100\nseed = 1\nhorizon = \"30 days\"\n" +
      test::combatant_text("party", "hero", "max_hp", 10, 0, "attack_bonus = 7\ndamage = \"1d8\"",
                           "ac = 16\n") +
      untouchable("archer", 3, 2, "attack_bonus = 10\ndamage = \"1d8+3\"");
  CHECK_THAT(test::error_of([&] { test::load_text(text); }),
             Catch::Contains("opponents[1]") && Catch::Contains("missing key 'dc'"));
  const std::string with_dc = text.substr(0, text.find("[[opponents.attacks]]")) + "dc = 19\n" +
                              text.substr(text.find("[[opponents.attacks]]"));
  const LoadedScenario ls = test::load_text(with_dc);
  const RunTally t = run_trials(ls, 3, 0, 500);
  const MetricSpec& m = metrics_of(ls.models[0]);
  CHECK(t.variants[0].counter_trials[static_cast<size_t>(m.counter_index("fell_hero"))] > 0);
}
