// The two-sided fight (rules/common/fight.h) with the dnd5e body (rules/dnd5e/party.h):
// scripted dice for turn order, targeting, picking up the fallen mid-fight, blows on the
// fallen and the end of the fight; a duel solved exactly as a Markov chain (Eigen) and held
// within 4 standard errors; and the located errors of a bad party scenario.
#include <catch2/catch.hpp>

#include <Eigen/Dense>
#include <cmath>
#include <map>

#include "bench/peer_party.h"
#include "rules/dnd5e/injuries.h"
#include "rules/dnd5e/model.h"
#include "sim/engine/load.h"
#include "sim/engine/runner.h"
#include "tests/cli_support.h"
#include "tests/party_support.h"
#include "tests/support.h"

using namespace leth;
using test::counter;

namespace {

std::string party_text(const std::string& body, const std::string& fight = "") {
  return "name = \"party\"\nruleset = \"dnd5e\"\ntrials = 1000\nseed = 3\nhorizon = \"30 days\"\n"
         "[options]\nlingering_injuries = false\n[fight]\n" +
         fight + "\n" + body;
}

std::string member(const std::string& name, int hp, int init, const std::string& attack,
                   const std::string& extra = "") {
  return test::combatant_text("party", name, "max_hp", hp, init, attack, "ac = 10\n" + extra);
}

std::string opponent(const std::string& name, int hp, int init, const std::string& attack,
                     int ac = 10) {
  return test::combatant_text("opponents", name, "hp", hp, init, attack,
                              "ac = " + std::to_string(ac) + "\n");
}

}  // namespace

TEST_CASE(
    "party fight: initiative ties go to the higher bonus; the fight ends with the last "
    "opponent",
    "[party][scripted]") {
  const std::string toml =
      party_text(member("hero", 10, 0, "attack_bonus = 5\ndamage = \"1d6\"") +
                 opponent("goblin", 4, 2, "attack_bonus = 3\ndamage = \"1d4\"", 12));
  Script s;
  s.d(20, 10).d(20, 8);  // initiative: hero 10 + 0, goblin 8 + 2: a tie, the goblin's +2 wins
  s.d(20, 15).d(4, 3);   // round 1, goblin: 18 hits AC 10 (one target: no draw), 3 damage
  s.d(20, 12).d(6, 4);   // hero: 17 hits AC 12, 4 damage: the goblin (4 HP) dies
  const test::Played p = test::play_scripted(toml, s);
  INFO(p.log);
  const LoadedScenario ls = test::load_text(toml);
  CHECK(p.log.find("goblin hits hero") < p.log.find("hero hits goblin"));
  CHECK(counter(ls, p.outcome, "fight_won") == 1);
  CHECK(counter(ls, p.outcome, "opponents_defeated") == 1);
  CHECK(counter(ls, p.outcome, "party_fell") == 0);
  const MetricSpec& m = metrics_of(ls.models[0]);
  CHECK(m.ends[p.outcome.end].kind == EndKind::Recovered);
  // The fight took one round; the hero, hurt, is whole after a long rest.
  CHECK(p.outcome.durations[static_cast<size_t>(m.duration_index("fight_length"))] == 6);
  CHECK(p.outcome.durations[static_cast<size_t>(m.duration_index("downtime"))] == 6 + 8 * kHour);
}

TEST_CASE("party fight: the cleric picks up the fallen with a bonus action and still attacks",
          "[party][scripted]") {
  const std::string toml =
      party_text(member("fighter", 8, 10, "attack_bonus = 0\ndamage = \"1\"") +
                     member("cleric", 10, 0, "attack_bonus = 0\ndamage = \"1\"",
                            "[party.heals]\ndice = \"1d4+3\"\nuses = 1\n") +
                     opponent("ogre", 30, 5, "attack_bonus = 10\ndamage = \"10\""),
                 "round_cap = 2\n");
  Script s;
  s.d(20, 10).d(20, 10).d(20, 10);  // initiative: fighter 20, cleric 10, ogre 15
  // Round 1.
  s.d(20, 1);           // fighter: a natural 1 misses
  s.d(2, 1).d(20, 10);  // ogre: the first of two standing (the fighter); 20 hits for 10:
                        // 2 past 0 HP, below the fighter's 8: dying, not dead
  s.d(4, 2);            // cleric: Healing Word, 2 + 3 = 5 HP (the care stream)
  s.d(20, 2);           // ... and the mace: 2 misses AC 10
  // Round 2.
  s.d(20, 1);          // fighter misses
  s.d(2, 2).d(20, 1);  // ogre: the cleric; a natural 1
  s.d(20, 1);          // cleric: nobody down, the mace misses; the round cap ends the fight
  const test::Played p = test::play_scripted(toml, s);
  INFO(p.log);
  const LoadedScenario ls = test::load_text(toml);
  CHECK(p.log.find("cleric heals fighter for 5") != std::string::npos);
  CHECK(counter(ls, p.outcome, "heals_used") == 1);
  CHECK(counter(ls, p.outcome, "fell_fighter") == 1);
  CHECK(counter(ls, p.outcome, "fight_won") == 0);
  CHECK(counter(ls, p.outcome, "deaths") == 0);
  const MetricSpec& m = metrics_of(ls.models[0]);
  // Out of action from the ogre's blow (round 1, t = 0) until the heal (t = 0): 0 s.
  CHECK(p.outcome.durations[static_cast<size_t>(m.duration_index("time_out_of_action"))] == 0);
}

TEST_CASE("party fight: with no spell left a potion is given to the fallen, which takes the action",
          "[party][scripted]") {
  const std::string toml =
      party_text(member("fighter", 8, 10, "attack_bonus = 0\ndamage = \"1\"") +
                     member("cleric", 10, 0, "attack_bonus = 0\ndamage = \"1\"",
                            "[party.heals]\npotions = 1\nmedicine = 5\n") +
                     opponent("ogre", 30, 5, "attack_bonus = 10\ndamage = \"10\""),
                 "round_cap = 2\n");
  Script s;
  s.d(20, 10).d(20, 10).d(20, 10);  // initiative: fighter 20, cleric 10, ogre 15
  // Round 1.
  s.d(20, 1);           // fighter: a natural 1 misses
  s.d(2, 1).d(20, 10);  // ogre: the fighter, 20 hits for 10: dying
  s.d(4, 2).d(4, 3);    // cleric: the potion (SRD 2d4 + 2), 7 HP; its action is spent
  // Round 2.
  s.d(20, 1);           // fighter misses
  s.d(2, 1).d(20, 10);  // ogre: the fighter again, dying
  s.d(20, 10);          // cleric: no potion left: Medicine 10 + 5 vs DC 10, stable
  s.d(4, 1);            // the round cap ends the fight; the stable fighter wakes 1 hour later
  const test::Played p = test::play_scripted(toml, s);
  INFO(p.log);
  const LoadedScenario ls = test::load_text(toml);
  CHECK(p.log.find("cleric gives fighter a potion: 7 HP") != std::string::npos);
  CHECK(p.log.find("cleric tends fighter: Medicine d20 10 + 5 = 15 vs DC 10, stable") !=
        std::string::npos);
  CHECK(p.log.find("cleric hits") == std::string::npos);  // no attack after either
  CHECK(p.log.find("cleric misses") == std::string::npos);
  CHECK(counter(ls, p.outcome, "heals_used") == 1);
  CHECK(counter(ls, p.outcome, "fell_fighter") == 2);
  CHECK(counter(ls, p.outcome, "deaths") == 0);
}

TEST_CASE("party fight: a member low on HP drinks its own potion, which takes the action",
          "[party][scripted]") {
  const auto toml = [](const std::string& drink) {
    return party_text(member("fighter", 20, 10, "attack_bonus = 0\ndamage = \"1\"",
                             "[party.heals]\npotions = 1\n" + drink) +
                          opponent("ogre", 30, 5, "attack_bonus = 10\ndamage = \"16\""),
                      "round_cap = 2\n");
  };
  auto opening = [](Script& s) {
    s.d(20, 10).d(20, 10);  // initiative: fighter 20, ogre 15
    s.d(20, 1);             // round 1, fighter: a natural 1 misses
    s.d(20, 10);            // ogre: 20 hits for 16: the fighter at 4 HP of 20
  };
  for (const std::string drink : {"", "drink_below = 1.0\n"}) {
    INFO(drink);
    Script s;
    opening(s);
    // Round 2: 4 HP is at or below a quarter of 20 (drink_below's default): the fighter drinks
    // (SRD 2d4 + 2), its action, and does not attack. With drink_below = 1 the same: never at
    // full HP (round 1), so the draws are the same.
    s.d(4, 2).d(4, 3);
    s.d(20, 1);  // ogre: a natural 1; the round cap ends the fight
    const test::Played p = test::play_scripted(toml(drink), s);
    INFO(p.log);
    const LoadedScenario ls = test::load_text(toml(drink));
    CHECK(p.log.find("fighter drinks a potion: 7 HP, 11 now") != std::string::npos);
    CHECK(counter(ls, p.outcome, "heals_used") == 1);
    CHECK(counter(ls, p.outcome, "fell_fighter") == 0);
  }
  {
    Script s;
    opening(s);
    s.d(20, 1);  // round 2, drink_below = 0: the fighter keeps its potion and attacks
    s.d(20, 1);  // ogre: a natural 1
    const test::Played p = test::play_scripted(toml("drink_below = 0\n"), s);
    INFO(p.log);
    const LoadedScenario ls = test::load_text(toml("drink_below = 0\n"));
    CHECK(p.log.find("drinks") == std::string::npos);
    CHECK(counter(ls, p.outcome, "heals_used") == 0);
  }
}

TEST_CASE("party fight: 'weakest' targets the fewest hit points without a draw",
          "[party][scripted]") {
  const std::string toml =
      party_text(member("hero", 10, 20, "attack_bonus = 5\ndamage = \"1d6\"") +
                     opponent("big", 10, 0, "attack_bonus = 0\ndamage = \"1\"") +
                     opponent("small", 3, 0, "attack_bonus = 0\ndamage = \"1\""),
                 "party_targets = \"weakest\"\nround_cap = 1\n");
  Script s;
  s.d(20, 1).d(20, 20).d(20, 20);  // initiative: hero 21, big 20, small 20 (listed order)
  s.d(20, 15).d(6, 3);             // hero hits "small" (3 HP, the weakest): dead
  s.d(20, 1);                      // big misses; the round cap ends the fight
  const test::Played p = test::play_scripted(toml, s);
  INFO(p.log);
  CHECK(p.log.find("hero hits small") != std::string::npos);
}

TEST_CASE("party fight: a melee hit on the fallen has advantage, is critical, two failures",
          "[party][scripted]") {
  const std::string toml =
      party_text(member("hero", 5, 20, "hit_chance = 0.0\ndamage = \"1\"") +
                     opponent("brute", 50, 0, "attack_bonus = 10\ndamage = \"5\"\nstrikes = 2"),
                 "strike_fallen = 1.0\n");
  Script s;
  s.d(20, 1).d(20, 1);  // initiative: hero 21, brute 1
  s.no();               // hero: never hits
  s.d(20, 10);          // brute, blow 1: nobody fallen yet; 20 hits for 5: hero at 0, dying
  // The party has no one standing: the fight ends, and the hero makes death saves alone.
  s.d(20, 5);  // aftermath round 1: a failure
  s.d(20, 1);  // round 2: a natural 1, two more: dead
  test::Played p = test::play_scripted(toml, s);
  INFO(p.log);
  const LoadedScenario ls = test::load_text(toml);
  CHECK(counter(ls, p.outcome, "party_fell") == 1);
  CHECK(counter(ls, p.outcome, "died_hero") == 1);

  // The same with a second member standing: the brute's second blow goes to the fallen hero
  // (strike_fallen = 1), with advantage, and its hit is critical: two failures at once.
  const std::string two =
      party_text(member("hero", 6, 20, "hit_chance = 0.0\ndamage = \"1\"") +
                     member("monk", 50, -10, "hit_chance = 0.0\ndamage = \"1\"") +
                     opponent("brute", 50, 0, "attack_bonus = 10\ndamage = \"1d6\"\nstrikes = 2"),
                 "strike_fallen = 1.0\nround_cap = 1\n");
  Script u;
  u.d(20, 1).d(20, 1).d(20, 1);
  u.no();                       // hero never hits
  u.d(2, 1).d(20, 10).d(6, 6);  // brute, blow 1: the hero (first of two standing), 6: 0 HP
  u.yes();                      // blow 2: strike the fallen? yes (the only one: no draw)
  u.d(20, 3).d(20, 9);          // advantage: 9 + 10 hits, and at 0 HP it is critical:
  u.d(6, 2).d(6, 1);            // the d6 twice, 3 damage (below max HP 6): two failures
  u.no();                       // monk never hits; the round cap ends the fight
  u.d(20, 15);                  // aftermath: the hero's save, a success (1 success, 2 failures)
  u.d(20, 12).d(20, 11);        // two more successes: stable
  u.d(4, 2);                    // awake with 1 HP 2 hours later (option stable_wake, 1d4 h)
  p = test::play_scripted(two, u);
  INFO(p.log);
  CHECK(p.log.find("hero is struck at 0 HP: 2 failures") != std::string::npos);
  CHECK(p.log.find("stable") != std::string::npos);
}

namespace {

// The duel as a chain over (member HP, opponent HP): each round the member strikes first
// (hit chance p, 1 damage), then the opponent (q, 1 damage); at 0 HP the opponent dies and the
// member falls, the fight ends and the member makes death saves alone (SRD: 10+ succeeds, 1 is
// two failures, 20 regains 1 HP; three of either). Returns P(death), P(won), E[rounds].
// `help`: after each save that leaves the member dying, the chance that an ally's Medicine
// check stabilises it (0: alone).
double death_by_saves(double help = 0.0) {
  // States (successes, failures) with both below 3; a natural 20, three successes or the
  // ally's check survive.
  Eigen::MatrixXd Q = Eigen::MatrixXd::Zero(9, 9);
  Eigen::VectorXd dead = Eigen::VectorXd::Zero(9);
  for (int s = 0; s < 3; ++s)
    for (int f = 0; f < 3; ++f)
      for (int r = 1; r <= 20; ++r) {
        if (r == 20) continue;
        const int ns = s + (r >= 10), nf = f + (r == 1 ? 2 : r < 10 ? 1 : 0);
        if (nf >= 3)
          dead(s * 3 + f) += 0.05;
        else if (ns < 3)
          Q(s * 3 + f, ns * 3 + nf) += 0.05 * (1 - help);
      }
  const Eigen::VectorXd h = (Eigen::MatrixXd::Identity(9, 9) - Q).inverse() * dead;
  return h(0);
}

test::DuelExact solve_duel(int hp_member, int hp_opponent, double p, double q, double help = 0.0) {
  const test::DuelChain d = test::alternating_duel(hp_member, hp_opponent, p, q);
  return {d.fell * death_by_saves(help), d.won, d.rounds};
}

}  // namespace

TEST_CASE("party fight: a duel against its exact Markov chain", "[party][markov][statistics]") {
  struct Case {
    int hp_member, hp_opponent;
    double p, q;
  };
  const Case cases[] = {{3, 3, 0.5, 0.5}, {2, 4, 0.6, 0.4}, {4, 2, 0.3, 0.7}};
  uint64_t seed = 40;
  for (const Case& c : cases) {
    const test::DuelExact e = solve_duel(c.hp_member, c.hp_opponent, c.p, c.q);
    const std::string toml =
        party_text(member("duelist", c.hp_member, 20,
                          "hit_chance = " + std::to_string(c.p) + "\ndamage = \"1\"") +
                       opponent("brute", c.hp_opponent, -10,
                                "hit_chance = " + std::to_string(c.q) + "\ndamage = \"1\""),
                   "round_cap = 1000\n");
    const LoadedScenario ls = test::load_text(toml);
    const uint64_t n = 100'000;
    INFO("hp " << c.hp_member << " vs " << c.hp_opponent << ", p " << c.p << ", q " << c.q);
    test::check_duel(ls, ++seed, n, e);
  }
}

TEST_CASE("party fight: bad input is located and explained", "[party][errors]") {
  const std::string hero = member("hero", 10, 0, "attack_bonus = 5\ndamage = \"1d6\"");
  const std::string orc = opponent("orc", 15, 0, "attack_bonus = 5\ndamage = \"1d12\"");
  auto error = [](const std::string& toml) {
    return test::error_of([&] { test::load_text(toml); });
  };
  CHECK_THAT(error(party_text("[[party]]\nname = \"hero\"\nmax_hp = 10\n" + orc)),
             Catch::Contains("party[1]") && Catch::Contains("no attacks"));
  CHECK_THAT(error(party_text(hero + orc, "pick_up = \"sometimes\"\n")),
             Catch::Contains("fight.pick_up") && Catch::Contains("at_once"));
  CHECK_THAT(error(party_text(member("cleric", 10, 0, "attack_bonus = 5\ndamage = \"1d6\"",
                                     "[party.heals]\nbonus_action = true\n") +
                              orc)),
             Catch::Contains("party[1].heals") && Catch::Contains("nothing to heal with"));
  // A heal named with none left is a healer turned off, as a variant writes it.
  for (const char* off : {"dice = \"1d4+3\"\nuses = 0\n", "potions = 0\n"})
    CHECK_NOTHROW(test::load_text(party_text(
        member("cleric", 10, 0, "attack_bonus = 5\ndamage = \"1d6\"",
               std::string("[party.heals]\n") + off) +
        orc)));
  // rounds on an opponent with health: not a plain unknown key.
  CHECK_THAT(error(party_text(hero + test::combatant_text("opponents", "orc", "hp", 15, 0,
                                                          "attack_bonus = 5\ndamage = \"1d12\"",
                                                          "rounds = 3\n"))),
             Catch::Contains("opponents[1].rounds: rounds is for opponents who cannot be harmed") &&
                 Catch::Contains("round_cap"));
  // Both ways to hit: located at the second, with which to remove.
  CHECK_THAT(error(party_text(member("hero", 10, 0, "attack_bonus = 5\nhit_chance = 0.5\n"
                                                    "damage = \"1d6\"") +
                              orc)),
             Catch::Contains("party[1].attacks[1].hit_chance: both attack_bonus and hit_chance") &&
                 Catch::Contains("remove hit_chance"));
  // Restorations alone heal lingering injuries only: with them off, nothing (a review found
  // such a healer accepted, with heals_used 0 in every trial).
  for (const char* only : {"lesser_restoration = 1\n", "remedies_severe = 2\n"})
    CHECK_THAT(error(party_text(member("cleric", 10, 0, "attack_bonus = 5\ndamage = \"1d6\"",
                                       std::string("[party.heals]\n") + only) +
                                orc)),
               Catch::Contains("party[1].heals") && Catch::Contains("nothing to heal with") &&
                   Catch::Contains("lingering_injuries = true"));
  CHECK_THAT(error(party_text(member("cleric", 10, 0, "attack_bonus = 5\ndamage = \"1d6\"",
                                     "[party.heals]\npotion = \"2d4+2\"\nmedicine = 3\n") +
                              orc)),
             Catch::Contains("party[1].heals.potion") && Catch::Contains("potions = 2"));
  CHECK_THAT(error(party_text(member("cleric", 10, 0, "attack_bonus = 5\ndamage = \"1d6\"",
                                     "[party.heals]\ndrink_below = 0.5\nmedicine = 3\n") +
                              orc)),
             Catch::Contains("party[1].heals.drink_below") && Catch::Contains("potions = 2"));
  // Opponents without hp cannot be harmed: each leaves after its rounds, all or none.
  test::check_untouchable_errors([&](const std::string& t) { return party_text(t); }, hero, orc,
                                 "hp", "attack_bonus = 3\ndamage = \"1d4\"\n");
  CHECK_THAT(error(party_text(hero + orc + "[character]\nmax_hp = 10\n")),
             Catch::Contains("character") && Catch::Contains("[[party]]"));
  CHECK_THAT(error(party_text(hero + hero + orc)), Catch::Contains("two members named"));
  CHECK_THAT(error(party_text(hero + orc +
                              "[[variants]]\nname = \"more\"\n[[variants.party]]\n"
                              "name = \"other\"\nmax_hp = 5\n"
                              "[[variants.party.attacks]]\nattack_bonus = 1\n"
                              "damage = \"1\"\n")),
             Catch::Contains("other metrics than the baseline"));
  std::string with_injuries = party_text(hero + orc);
  with_injuries.replace(with_injuries.find("lingering_injuries = false"), 26,
                        "lingering_injuries = true");
  CHECK_NOTHROW(test::load_text(with_injuries));  // issue 21: the party fight applies them
  CHECK_THAT(error(party_text(hero + opponent("orc", 15, 0,
                                              "attack_bonus = 5\ndamage = \"1d12\"\n"
                                              "damage_type = \"sonic\""))),
             Catch::Contains("opponents[1].attacks[1]") && Catch::Contains("damage_type"));
}

namespace {

std::string injuries_on(std::string toml) {
  toml.replace(toml.find("lingering_injuries = false"), 26, "lingering_injuries = true");
  return toml;
}

}  // namespace

TEST_CASE("party fight: a member who falls gets seed 003's injury of the last damage type",
          "[party][scripted][injuries]") {
  const std::string toml = injuries_on(
      party_text(member("hero", 10, 20, "hit_chance = 0.0\ndamage = \"1\"") +
                 opponent("brute", 50, 0,
                          "attack_bonus = 10\ndamage = \"10\"\ndamage_type = \"bludgeoning\"")));
  Script s;
  s.d(20, 1).d(20, 1);  // initiative: hero 21, brute 1
  s.no();               // hero never hits
  s.d(20, 10);          // brute: 20 hits for 10, hero at 0 HP, dying
  s.d(20, 8);           // the injury's d20 (brute's turn stream): 8, moderate, bludgeoning row
                        // 06-10: Paralysie temporaire
  s.d(20, 15).d(20, 12).d(20, 11);  // aftermath: three successes, stable
  s.d(4, 2);                        // wakes after 2 hours
  const test::Played p = test::play_scripted(toml, s);
  INFO(p.log);
  const LoadedScenario ls = test::load_text(toml);
  CHECK(p.log.find("hero injury (d20 8): Paralysie temporaire (bludgeoning, moderate)") !=
        std::string::npos);
  CHECK(counter(ls, p.outcome, "injuries") == 1);
  CHECK(counter(ls, p.outcome, "injuries_moderate") == 1);
  CHECK(counter(ls, p.outcome, "injuries_light") == 0);
  // A moderate injury heals with the long rest: the trial ends recovered.
  CHECK(metrics_of(ls.models[0]).ends[p.outcome.end].kind == EndKind::Recovered);
  // The same fall with a d20 of 4, a severe injury (bludgeoning's row 03-05): nobody treats
  // it, so it heals after 7 long rests (untreated_severe_long_rests; its course after the fight
  // is tests/test_dnd5e_party_course.cpp's), 6 days and 8 hours after the wake.
  Script g;
  g.d(20, 1).d(20, 1).no().d(20, 10).d(20, 4);
  g.d(20, 15).d(20, 12).d(20, 11).d(4, 2);
  const test::Played grave = test::play_scripted(toml, g);
  INFO(grave.log);
  CHECK(counter(ls, grave.outcome, "injuries_severe") == 1);
  CHECK(metrics_of(ls.models[0]).ends[grave.outcome.end].kind == EndKind::Recovered);
  CHECK(test::duration(ls, grave.outcome, "downtime") - test::duration(ls, p.outcome, "downtime") ==
        6 * kDay);
  CHECK(grave.log.find("heals: long rests, untreated") != std::string::npos);
  // Without injuries the same fight draws no injury: its counters are declared (a variant may
  // turn the injuries off and still compare) and stay 0.
  const std::string off =
      party_text(member("hero", 10, 20, "hit_chance = 0.0\ndamage = \"1\"") +
                 opponent("brute", 50, 0,
                          "attack_bonus = 10\ndamage = \"10\"\ndamage_type = \"bludgeoning\""));
  Script n;
  n.d(20, 1).d(20, 1).no().d(20, 10);
  n.d(20, 15).d(20, 12).d(20, 11).d(4, 2);
  const test::Played q = test::play_scripted(off, n);
  INFO(q.log);
  CHECK(n.done());
  const LoadedScenario plain = test::load_text(off);
  CHECK(metrics_of(plain.models[0]).counter_index("injuries") >= 0);
  CHECK(counter(plain, q.outcome, "injuries") == 0);
  CHECK(q.log.find("injury") == std::string::npos);
}

TEST_CASE("party fight: a paralysed member does not act and is hit with advantage, critically",
          "[party][scripted][injuries]") {
  const std::string toml =
      injuries_on(party_text(member("hero", 10, 20, "attack_bonus = 0\ndamage = \"1\"") +
                                 member("cleric", 30, -10, "hit_chance = 0.0\ndamage = \"1\"",
                                        "[party.heals]\ndice = \"1d4+3\"\nuses = 1\n") +
                                 opponent("brute", 50, 0, "attack_bonus = 10\ndamage = \"10\""),
                             "strike_fallen = 1.0\nround_cap = 2\n"));
  Script s;
  s.d(20, 1).d(20, 1).d(20, 15);  // initiative: hero 21, brute 1, cleric 5
  // Round 1.
  s.d(20, 1);           // hero: a natural 1
  s.d(2, 1).d(20, 10);  // brute: the hero; hits for 10: 0 HP
  s.d(20, 8);           // injury: Paralysie temporaire
  s.d(4, 2);            // cleric: Healing Word, 5 HP: conscious but paralysed
  s.no();               // the cleric's mace misses
  // Round 2: the hero, paralysed, does not act (no draw).
  s.yes();               // brute: strike the fallen (the paralysed hero, the only one)
  s.d(20, 3).d(20, 15);  // advantage: the higher, 15 + 10 hits; melee on the paralysed: critical
  s.d(20, 18);           // 10 damage: 0 HP again, a second injury: 18, Blessure à la jambe
  s.no();                // cleric: no heal left, the mace misses; the round cap ends the fight
  s.d(20, 15).d(20, 12).d(20, 11);  // aftermath: stable
  s.d(4, 2);                        // wakes
  const test::Played p = test::play_scripted(toml, s);
  INFO(p.log);
  const LoadedScenario ls = test::load_text(toml);
  CHECK(p.log.find("brute hits hero (attack 1, critical)") != std::string::npos);
  CHECK(counter(ls, p.outcome, "injuries") == 2);
  CHECK(counter(ls, p.outcome, "injuries_light") == 1);
  CHECK(counter(ls, p.outcome, "fell_hero") == 2);
}

TEST_CASE("party fight: a blinded member, or one with blisters, attacks with disadvantage",
          "[party][scripted][injuries]") {
  // 003 "Cécité temporaire: Vous obtenez la condition Aveuglé" (acid 06-10) and "Cloques:
  // Désavantage à tous les jets d'attaques" (acid 11-14).
  const std::string toml = injuries_on(party_text(
      member("hero", 10, 20, "attack_bonus = 0\ndamage = \"1\"") +
          member("cleric", 30, -10, "hit_chance = 0.0\ndamage = \"1\"",
                 "[party.heals]\ndice = \"1d4+3\"\nuses = 1\n") +
          opponent("spitter", 50, 0, "attack_bonus = 10\ndamage = \"10\"\ndamage_type = \"acid\""),
      "round_cap = 2\n"));
  for (const auto& [roll, label] : {std::pair{8, "Cécité temporaire"}, std::pair{12, "Cloques"}}) {
    INFO(label);
    Script s;
    s.d(20, 1).d(20, 1).d(20, 15);  // initiative: hero 21, spitter 1, cleric 5
    s.d(20, 1);                     // round 1, hero: a natural 1
    s.d(2, 1).d(20, 10);            // spitter: the hero, 10 acid: 0 HP
    s.d(20, roll);                  // the injury
    s.d(4, 2);                      // cleric: Healing Word, 5 HP
    s.no();                         // the cleric misses
    s.d(20, 19).d(20, 2);           // round 2, hero: disadvantage, 2 misses AC 10
    s.d(2, 2).d(20, 1);             // spitter: the cleric; a natural 1
    s.no();                         // the cleric misses; the round cap ends the fight
    const test::Played p = test::play_scripted(toml, s);
    INFO(p.log);
    CHECK(p.log.find(label) != std::string::npos);
    CHECK(p.log.find("hero misses spitter") != std::string::npos);
    CHECK(p.log.find("hero hits spitter") == std::string::npos);
  }
}

TEST_CASE("party fight: the engine and the hand-written peer answer the party benchmark alike",
          "[party][statistics]") {
  // Two implementations of the same rules (bench/dnd5e-party-bench.toml through the engine,
  // bench/peer_party.cpp by hand), on their own random numbers: their estimates must agree
  // within 4 standard errors of the difference.
  const std::vector<LoadedScenario> all =
      load_scenarios(test::source_path("bench/dnd5e-party-bench.toml"));
  const LoadedScenario& ls = all.front();
  const uint64_t n = 400'000;
  const RunTally t = run_trials(ls, 5, 0, n);
  const Tally& x = t.variants[0];
  const MetricSpec& m = metrics_of(ls.models[0]);
  peer::PartyPeer::Totals pt;
  peer::PartyPeer().run(6, 0, n, pt);
  const double dn = static_cast<double>(n);
  auto agree = [&](const char* what, double a, double b) {
    const double se = std::sqrt((a * (1 - a) + b * (1 - b)) / dn);
    INFO(what << ": engine " << a << ", peer " << b << ", se of the difference " << se);
    CHECK(std::fabs(a - b) <= 4 * se);
  };
  agree("P(at least one death)", static_cast<double>(x.ends_in(m.end_mask(EndKind::Died))) / dn,
        static_cast<double>(pt.trials_with_death) / dn);
  agree(
      "P(won)",
      static_cast<double>(x.counter_trials[static_cast<size_t>(m.counter_index("fight_won"))]) / dn,
      static_cast<double>(pt.fights_won) / dn);
  agree("P(party fell)",
        static_cast<double>(x.counter_trials[static_cast<size_t>(m.counter_index("party_fell"))]) /
            dn,
        static_cast<double>(pt.party_fell) / dn);
  // Deaths per trial, within 4 standard errors of the difference; the variance of the number
  // of deaths comes from its distribution, the ends died_1_member .. died_4_members.
  double mean = 0, square = 0;
  for (size_t k = 1; k <= 4; ++k) {
    const double share = static_cast<double>(x.ends[k - 1]) / dn;
    mean += share * static_cast<double>(k);
    square += share * static_cast<double>(k * k);
  }
  const double peer_deaths = static_cast<double>(pt.deaths) / dn;
  const double se = std::sqrt(2 * (square - mean * mean) / dn);
  INFO("deaths per trial: engine " << mean << ", peer " << peer_deaths << ", se " << se);
  CHECK(static_cast<double>(x.counter_total[static_cast<size_t>(m.counter_index("deaths"))]) / dn ==
        Approx(mean));
  CHECK(std::fabs(mean - peer_deaths) <= 4 * se);
}

TEST_CASE("party fight: a medic who can only stabilise, against the exact chain",
          "[party][markov][statistics]") {
  // The duelist fights the brute as in the duel above; the medic (1000 HP: never the weakest,
  // never hit while the duelist stands; initiative 0 against the duelist's 20, so it always
  // acts after the duelist's save) cannot hit. When the duelist falls the party withdraws
  // (retreat = 0.5: half of it down), and in the aftermath rounds the duelist saves, then the
  // medic tries Medicine +2 (d20 + 2 >= 10: 13 in 20), until stable, revived or dead.
  const int medicine = 2;
  const double help = (11.0 + medicine) / 20.0;
  const test::DuelExact e = solve_duel(3, 3, 0.5, 0.5, help);
  const std::string toml =
      party_text(member("duelist", 3, 20, "hit_chance = 0.5\ndamage = \"1\"") +
                     member("medic", 1000, 0, "hit_chance = 0.0\ndamage = \"1\"",
                            "[party.heals]\nmedicine = " + std::to_string(medicine) + "\n") +
                     opponent("brute", 3, -10, "hit_chance = 0.5\ndamage = \"1\""),
                 "opponents_target = \"weakest\"\nretreat = 0.5\nround_cap = 1000\n");
  const LoadedScenario ls = test::load_text(toml);
  const uint64_t n = 200'000;
  // The medic is worth something: the test can tell.
  CHECK(e.death < solve_duel(3, 3, 0.5, 0.5).death - 0.05);
  test::check_duel(ls, 77, n, {e.death, e.won});
}

TEST_CASE("party fight: nausea costs the turn's action on a failed Constitution save",
          "[party][scripted][injuries]") {
  // 003 "Nausée: Faire un jet de sauvegarde de Constitution DD 8 à chaque tour ou passer son
  // action à vomir"; the member's con_save is added.
  const std::string toml = injuries_on(party_text(
      member("hero", 10, 20, "attack_bonus = 0\ndamage = \"1\"", "con_save = 2\n") +
          member("cleric", 30, -10, "hit_chance = 0.0\ndamage = \"1\"",
                 "[party.heals]\ndice = \"1d4+3\"\nuses = 1\n") +
          opponent("spitter", 50, 0, "attack_bonus = 10\ndamage = \"10\"\ndamage_type = \"acid\""),
      "round_cap = 3\n"));
  Script s;
  s.d(20, 1).d(20, 1).d(20, 15);  // initiative: hero 21, spitter 1, cleric 5
  s.d(20, 1);                     // round 1, hero: a natural 1
  s.d(2, 1).d(20, 10);            // spitter: the hero, 10 acid: 0 HP
  s.d(20, 19);                    // injury: acid 18-20, Nausée (light)
  s.d(4, 2);                      // cleric: Healing Word, 5 HP
  s.no();                         // the cleric misses
  s.d(20, 5);                     // round 2, hero: 5 + 2 < 8, the action is lost (no attack)
  s.d(2, 2).d(20, 1);             // spitter: the cleric; a natural 1
  s.no();                         // the cleric misses
  s.d(20, 6).d(20, 15);           // round 3, hero: 6 + 2 = 8, it acts: 15 hits AC 10
  s.d(2, 2).d(20, 1);             // spitter: the cleric; a natural 1
  s.no();                         // the cleric misses; the round cap ends the fight
  const test::Played p = test::play_scripted(toml, s);
  INFO(p.log);
  CHECK(p.log.find("hero's Nausée: Constitution save 5 + 2 vs DC 8, its action is lost") !=
        std::string::npos);
  CHECK(p.log.find("hero's Nausée: Constitution save 6 + 2 vs DC 8, it acts") != std::string::npos);
  CHECK(p.log.find("hero hits spitter") > p.log.find("[0:00:12]"));
}

TEST_CASE("party fight: stiff joints bar a Healing Word (a bonus action); Medicine remains",
          "[party][injuries]") {
  // 003 "Articulations rigides: ... impossibilité de faire des actions bonus".
  const LoadedScenario ls = test::load_text(
      injuries_on(party_text(member("hero", 10, 20, "attack_bonus = 0\ndamage = \"1\"") +
                             member("cleric", 30, -10, "hit_chance = 0.0\ndamage = \"1\"",
                                    "[party.heals]\ndice = \"1d4+3\"\nuses = 2\nmedicine = 5\n") +
                             opponent("yeti", 50, 0, "attack_bonus = 10\ndamage = \"10\""))));
  const auto& party = test::party_of<dnd5e::Model>(ls);
  const auto& injuries = dnd5e::InjuryCatalog::builtin().injuries();
  size_t stiff = 0;
  while (stiff < injuries.size() && injuries[stiff].name != "stiff_joints") ++stiff;
  REQUIRE(stiff < injuries.size());
  CHECK(injuries[stiff].combat == dnd5e::Combat::NoBonusAction);
  for (const bool stiff_joints : {false, true}) {
    INFO("stiff joints " << stiff_joints);
    dnd5e::Party::Body hero = party.fresh(0), cleric = party.fresh(1);
    hero.hp = 0;  // dying
    if (stiff_joints) {
      cleric.open[0] = static_cast<uint16_t>(stiff);
      cleric.n_open = 1;
    }
    Script sc;
    if (stiff_joints)
      sc.d(20, 6);  // Medicine: 6 + 5 = 11 vs DC 10, stable
    else
      sc.d(4, 2);  // Healing Word: 2 + 3 = 5 HP
    TrialRng rng(sc);
    Stream s = rng.stream(Purpose::Test);
    const fight::Cost cost = party.pick_up(cleric, hero, s, 0, nullptr);
    CHECK(sc.remaining() == 0);
    if (stiff_joints) {
      CHECK(cost == fight::Cost::Action);
      CHECK(hero.stable);
      CHECK(hero.hp == 0);
      CHECK(cleric.uses == 2);
    } else {
      CHECK(cost == fight::Cost::Bonus);
      CHECK(hero.hp == 5);
      CHECK(cleric.uses == 1);
    }
  }
}

TEST_CASE("party fight: a piercing wound costs 1 HP at the end of each standing turn",
          "[party][scripted][injuries]") {
  // 003 "Plaie perforante: Vous perdez 1 point de vie à la fin de chaque tour tant que vous
  // êtes debout".
  const std::string toml = injuries_on(party_text(
      member("hero", 10, 20, "hit_chance = 0.0\ndamage = \"1\"") +
          member("cleric", 30, 10, "hit_chance = 0.0\ndamage = \"1\"",
                 "[party.heals]\ndice = \"5\"\nuses = 1\n") +
          opponent("archer", 50, 0,
                   "attack_bonus = 10\ndamage = \"10\"\ndamage_type = \"piercing\"\nmelee = false"),
      "opponents_target = \"weakest\"\nround_cap = 3\n"));
  Script s;
  s.d(20, 1).d(20, 1).d(20, 1);  // initiative: hero 21, cleric 11, archer 1
  s.no().no();                   // round 1: hero and cleric miss
  s.d(20, 10);                   // archer: 20 hits the hero for 10: 0 HP, dying
  s.d(20, 12);                   // injury: piercing 11-14, Plaie perforante (light)
  s.d(20, 15);                   // round 2, hero: a death save, 1 success (down: no loss)
  s.no();                        // cleric: Healing Word, 5 HP (a bonus action), then misses
  s.d(20, 1);                    // archer: a natural 1 at the hero
  s.no();                        // round 3, hero misses; its turn ends: 1 HP lost, 4 left
  s.no();                        // cleric misses
  s.d(20, 1);                    // archer misses; the round cap ends the fight
  const test::Played p = test::play_scripted(toml, s);
  INFO(p.log);
  CHECK(p.log.find("Plaie perforante") != std::string::npos);
  const size_t loss = p.log.find("hero loses 1 HP to a piercing wound");
  CHECK(loss != std::string::npos);
  CHECK(p.log.find("hero loses 1 HP", loss + 1) == std::string::npos);  // once: round 3
  CHECK(loss > p.log.find("[0:00:12]"));
  const LoadedScenario ls = test::load_text(toml);
  CHECK(counter(ls, p.outcome, "injuries_light") == 1);
  // Its hourly loss after the fight is not played for a party: the option is refused, located.
  std::string per_hour = toml;
  per_hour.insert(per_hour.find("lingering_injuries"),
                  "piercing_wound_after_fight = \"per_hour\"\n");
  CHECK_THAT(test::error_of([&] { test::load_text(per_hour); }),
             Catch::Contains("options.piercing_wound_after_fight") &&
                 Catch::Contains("not played in a party fight"));
}

TEST_CASE("party fight: every fight ends one way, and the report says which",
          "[party][report]") {
  // fight_won, party_fell, party_retreated and round_cap: exactly one a trial against opponents
  // who can be harmed; opponents_fled is a win by morale. The orog ambush with morale, a
  // retreat and a short cap, so that each way comes.
  // (With four members a retreat at two down comes before every fall: a second fight has none.)
  std::map<std::string, int> seen;
  for (const char* retreat : {"retreat = 0.5\n", ""}) {
    std::string toml =
        test::read_file(test::source_path("scenarios/examples/dnd5e-orog-ambush.toml"));
    const std::string f = "[fight]\n";
    toml.replace(toml.find(f), f.size(), f + "morale = 0.6\nround_cap = 4\n" + retreat);
    const LoadedScenario ls = test::load_text(toml);
    for (uint64_t t = 0; t < 3000; ++t) {
      const Outcome o = replay_trial(ls, 0, 7, t, nullptr, nullptr);
      int ways = 0;
      for (const char* way : {"fight_won", "party_fell", "party_retreated", "round_cap"}) {
        const uint32_t n = counter(ls, o, way);
        CHECK(n <= 1);
        ways += static_cast<int>(n);
        seen[way] += static_cast<int>(n);
      }
      INFO("trial " << t);
      CHECK(ways == 1);
      if (counter(ls, o, "opponents_fled") == 1) CHECK(counter(ls, o, "fight_won") == 1);
      seen["opponents_fled"] += static_cast<int>(counter(ls, o, "opponents_fled"));
    }
  }
  INFO("won " << seen["fight_won"] << ", fell " << seen["party_fell"] << ", retreated "
              << seen["party_retreated"] << ", cap " << seen["round_cap"] << ", fled "
              << seen["opponents_fled"]);
  for (const auto& [way, n] : seen) CHECK(n > 0);
  CHECK(seen.size() == 5);
}
