// pf2's Medicine in a party fight (rules/pf2/party.cpp, rules/pf2/medicine.h): Battle Medicine
// picking up the fallen in the fight (and the immunity that makes the next one first aid),
// Treat Wounds after it, once an hour a patient, and a botched treatment that knocks a patient
// out — each on scripted dice, with the times they give the party's downtime; and the errors.
#include <catch2/catch.hpp>

#include "sim/engine/load.h"
#include "tests/party_support.h"
#include "tests/support.h"

using namespace leth;
using test::counter;
using test::duration;

namespace {

std::string party_text(const std::string& body, const std::string& fight = "") {
  return "name = \"party\"\nruleset = \"pf2\"\ntrials = 1000\nseed = 3\nhorizon = \"30 days\"\n"
         "[options]\nrecovery_check = \"flat\"\n[fight]\n" +
         fight + "\n" + body;
}

std::string member(const std::string& name, int hp, int init, const std::string& attack,
                   const std::string& extra = "") {
  return test::combatant_text("party", name, "max_hp", hp, init, attack, "ac = 10\n" + extra);
}

std::string ogre(int init, const std::string& damage) {
  return test::combatant_text("opponents", "ogre", "hp", 30, init,
                              "attack_bonus = 10\ndamage = \"" + damage + "\"", "ac = 10\n");
}

// A fighter who fells the ogre with one blow, after the ogre's one blow on it; a medic who never
// acts in the fight (it comes last) and treats wounds after it.
std::string treat_wounds_party(int fighter_hp, const std::string& ogre_damage) {
  return party_text(member("fighter", fighter_hp, 0, "hit_chance = 1.0\ndamage = \"30\"") +
                    member("medic", 10, -10, "hit_chance = 0.0\ndamage = \"1\"",
                           "[party.heals]\nmedicine = 5\n") +
                    ogre(10, ogre_damage));
}

// Initiative: fighter 1, medic -19, ogre 30; the ogre hits the fighter (15 vs AC 10), the
// fighter kills the ogre: the fight is won in round 1.
void first_round(Script& s) {
  s.d(20, 1).d(20, 1).d(20, 20);
  s.d(2, 1).d(20, 5);
  s.yes();
}

}  // namespace

TEST_CASE("pf2 party: Battle Medicine picks up the fallen once; then first aid",
          "[pf2][party][scripted]") {
  const std::string toml = party_text(
      member("fighter", 8, 10, "hit_chance = 0.0\ndamage = \"1\"\nstrikes = 3") +
          member("medic", 10, 0, "hit_chance = 0.0\ndamage = \"1\"\nstrikes = 3",
                 "[party.heals]\nmedicine = 7\nbattle_medicine = true\ntreat_wounds = false\n") +
          ogre(5, "10"),
      "round_cap = 2\n");
  Script s;
  s.d(20, 10).d(20, 10).d(20, 10);  // initiative: fighter 20, medic 10, ogre 15
  // Round 1.
  s.no().no().no();    // the fighter: three Strikes, never hits
  s.d(2, 1).d(20, 5);  // the ogre: the fighter, 15 vs AC 10: 10 damage, knocked out, dying 1
  s.d(20, 10);         // the medic: Battle Medicine, 17 vs DC 15, a success ...
  s.d(8, 3).d(8, 3);   // ... 2d8 = 6 HP: the fighter is up, slowed 1
  s.no().no();         // ... and two Strikes with the two actions left
  // Round 2: the fighter, slowed 1, strikes twice; the ogre knocks it out again.
  s.no().no();
  s.d(2, 1).d(20, 5);
  // The medic: the fighter is immune to its Battle Medicine for a day: Administer First Aid
  // (2 actions), 17 vs 15 + dying: stable; one Strike with the action left.
  s.d(20, 10);
  s.no();
  const test::Played p = test::play_scripted(toml, s);
  INFO(p.log);
  const LoadedScenario ls = test::load_text(toml);
  CHECK(p.log.find("medic gives Battle Medicine to fighter: ") != std::string::npos);
  CHECK(p.log.find("6 HP") != std::string::npos);
  CHECK(p.log.find("back to 6 HP, conscious, slowed 1") != std::string::npos);
  CHECK(p.log.find("medic gives first aid to fighter") != std::string::npos);
  CHECK(p.log.find("Battle Medicine") == p.log.rfind("Battle Medicine"));  // once
  CHECK(counter(ls, p.outcome, "fell_fighter") == 2);
  CHECK(counter(ls, p.outcome, "heals_used") == 0);  // Battle Medicine spends nothing
  CHECK(counter(ls, p.outcome, "deaths") == 0);
}

TEST_CASE("pf2 party: Treat Wounds after the fight, once an hour a patient",
          "[pf2][party][scripted]") {
  const std::string toml = treat_wounds_party(40, "25");  // the fighter ends at 15 / 40
  Script s;
  first_round(s);
  s.d(20, 15).d(8, 8).d(8, 8);  // 10 minutes after the fight: 20 vs DC 15, 16 HP: 31 / 40
  s.d(20, 15).d(8, 5).d(8, 5);  // an hour after that treatment's end: 10 HP: full
  const test::Played p = test::play_scripted(toml, s);
  INFO(p.log);
  const LoadedScenario ls = test::load_text(toml);
  CHECK(p.log.find("medic treats the wounds of fighter: ") != std::string::npos);
  const Seconds end = duration(ls, p.outcome, "fight_length");
  CHECK(duration(ls, p.outcome, "downtime") == end + 10 * kMinute + kHour + 10 * kMinute);
}

TEST_CASE("pf2 party: the Heals left are spent after the fight, the most hurt first",
          "[pf2][party][scripted]") {
  // The cleric never acts in the fight (it comes last): three Heals (1d8) left when it is won.
  auto toml = [](const std::string& extra) {
    return party_text(member("fighter", 40, 0, "hit_chance = 1.0\ndamage = \"30\"") +
                      member("cleric", 10, -10, "hit_chance = 0.0\ndamage = \"1\"",
                             "[party.heals]\ndice = \"1d8\"\nuses = 3\n" + extra) +
                      ogre(10, "25"));
  };
  Script s;
  first_round(s);             // the fighter ends the fight at 15 / 40
  s.d(8, 8).d(8, 8).d(8, 8);  // a Heal a round: 23, 31, 39 / 40
  const test::Played p = test::play_scripted(toml(""), s);
  INFO(p.log);
  const LoadedScenario ls = test::load_text(toml(""));
  CHECK(p.log.find("cleric casts Heal on fighter after the fight: 8 HP") != std::string::npos);
  CHECK(counter(ls, p.outcome, "heals_used") == 3);
  // Level 1, Con 0: the last HP takes one night, the first 8 hours after the last Heal.
  const Seconds end = duration(ls, p.outcome, "fight_length");
  CHECK(duration(ls, p.outcome, "downtime") == end + 3 * kRound + 8 * kHour + 8 * kHour);

  // heal_after_fight = false keeps them: 25 nights.
  Script kept;
  first_round(kept);
  const test::Played q = test::play_scripted(toml("heal_after_fight = false\n"), kept);
  const LoadedScenario lq = test::load_text(toml("heal_after_fight = false\n"));
  CHECK(counter(lq, q.outcome, "heals_used") == 0);
  CHECK(duration(lq, q.outcome, "downtime") == end + 8 * kHour + 24 * kDay + 8 * kHour);
}

TEST_CASE("pf2 party: a Heal after the fight wakes a member at 0 HP before the least hurt",
          "[pf2][party][scripted]") {
  // The ogre knocks the fighter out (dying 1) and the rogue kills it; the fighter's recovery
  // checks in the aftermath make it stable; the cleric's one Heal goes to it, not to the rogue.
  const std::string toml =
      party_text(member("fighter", 10, 10, "hit_chance = 0.0\ndamage = \"1\"") +
                 member("rogue", 20, 0, "hit_chance = 1.0\ndamage = \"30\"") +
                 member("cleric", 10, -10, "hit_chance = 0.0\ndamage = \"1\"",
                        "[party.heals]\ndice = \"1d8\"\nuses = 1\n") +
                 ogre(5, "10"));
  Script s;
  s.d(20, 10).d(20, 10).d(20, 10).d(20, 10);  // initiative: fighter 20, rogue 10, cleric 0, ogre 15
  s.no();                                     // the fighter misses
  s.d(3, 1).d(20, 5);  // the ogre: the fighter, 15 vs AC 10: 10 damage, knocked out, dying 1
  s.yes();             // the rogue kills the ogre: the fight is won in round 1
  s.d(20, 20);         // the aftermath: the fighter's recovery check, a critical success: stable
  s.d(8, 6);           // the cleric's Heal: the fighter, back to 6 HP
  const test::Played p = test::play_scripted(toml, s);
  INFO(p.log);
  const LoadedScenario ls = test::load_text(toml);
  CHECK(p.log.find("cleric casts Heal on fighter after the fight: 6 HP") != std::string::npos);
  CHECK(p.log.find("fighter is back to 6 HP, conscious") != std::string::npos);
  CHECK(p.log.find("fighter wakes at 1 HP") == std::string::npos);
  CHECK(counter(ls, p.outcome, "heals_used") == 1);
  CHECK(counter(ls, p.outcome, "deaths") == 0);
}

TEST_CASE("pf2 party: without Treat Wounds the nights alone heal", "[pf2][party][scripted]") {
  // The same fight; treat_wounds = false: nights of Con x level = 1 HP each (level 1, Con 0),
  // 25 of them, the first beginning 8 hours after the fight.
  const std::string toml =
      party_text(member("fighter", 40, 0, "hit_chance = 1.0\ndamage = \"30\"") +
                 member("medic", 10, -10, "hit_chance = 0.0\ndamage = \"1\"",
                        "[party.heals]\nmedicine = 5\ntreat_wounds = false\n") +
                 ogre(10, "25"));
  Script s;
  first_round(s);
  const test::Played p = test::play_scripted(toml, s);
  const LoadedScenario ls = test::load_text(toml);
  const Seconds end = duration(ls, p.outcome, "fight_length");
  CHECK(duration(ls, p.outcome, "downtime") == end + 8 * kHour + 24 * kDay + 8 * kHour);
}

TEST_CASE("pf2 party: a botched Treat Wounds knocks the patient out; it recovers and is treated",
          "[pf2][party][scripted]") {
  const std::string toml = treat_wounds_party(40, "35");  // the fighter ends at 5 / 40
  Script s;
  first_round(s);
  s.d(20, 1).d(8, 8);  // a natural 1: a critical failure, 8 damage: knocked out, dying 1
  s.d(20, 20);         // its turn 6 s later: a natural 20 on the flat check: stable
  // It wakes 10 minutes later at 1 HP (stable_wake); the hour's immunity from the botched
  // treatment's end comes later: three treatments, 16 HP each, an hour and 10 minutes apart.
  for (int k = 0; k < 3; ++k) s.d(20, 15).d(8, 8).d(8, 8);
  const test::Played p = test::play_scripted(toml, s);
  INFO(p.log);
  const LoadedScenario ls = test::load_text(toml);
  CHECK(p.log.find("botched: 8 damage") != std::string::npos);
  CHECK(p.log.find("fighter wakes at 1 HP") != std::string::npos);
  CHECK(counter(ls, p.outcome, "fell_fighter") == 1);
  CHECK(counter(ls, p.outcome, "deaths") == 0);
  const Seconds end = duration(ls, p.outcome, "fight_length");
  const Seconds botched = end + 10 * kMinute;
  CHECK(duration(ls, p.outcome, "time_out_of_action") == kRound + 10 * kMinute);
  CHECK(duration(ls, p.outcome, "downtime") == botched + 3 * (kHour + 10 * kMinute));
}

TEST_CASE("pf2 party: a night's rest lowers doomed before a botched treatment knocks out",
          "[pf2][party][scripted]") {
  // The fighter, doomed 3 (death at dying 1, with the option doomed), ends the fight at 5 / 40.
  std::string toml =
      party_text(member("fighter", 40, 0, "hit_chance = 1.0\ndamage = \"30\"", "doomed = 3\n") +
                 member("medic", 10, -10, "hit_chance = 0.0\ndamage = \"1\"",
                        "[party.heals]\nmedicine = 5\n") +
                 ogre(10, "35"));
  toml.replace(toml.find("[options]\n"), 10, "[options]\ndoomed = true\n");
  Script s;
  first_round(s);
  for (int k = 0; k < 7; ++k) s.d(20, 5);  // seven failures, 10 vs 15, before the first night
  // The night: 1 HP (6 / 40) and doomed 2: death at dying 2. The next morning's treatment is
  // botched: 8 damage, knocked out, dying 1, which doomed 3 would have made death.
  s.d(20, 1).d(8, 8);
  s.d(20, 20);  // its turn 6 s later: stable; it wakes 10 minutes later at 1 HP
  for (int k = 0; k < 2; ++k) s.d(20, 20).d(8, 8).d(8, 8).d(8, 8).d(8, 8);  // 32 HP each: full
  const test::Played p = test::play_scripted(toml, s);
  INFO(p.log);
  const LoadedScenario ls = test::load_text(toml);
  CHECK(p.log.find("fighter's doomed drops to 2") != std::string::npos);
  CHECK(p.log.find("botched: 8 damage") != std::string::npos);
  CHECK(p.log.find("fighter wakes at 1 HP") != std::string::npos);
  CHECK(counter(ls, p.outcome, "deaths") == 0);
}

TEST_CASE("pf2 party: Medicine's keys are checked", "[pf2][party][errors]") {
  auto error = [](const std::string& heals) {
    return test::error_of([&] {
      test::load_text(party_text(
          member("cleric", 10, 0, "attack_bonus = 5\ndamage = \"1d6\"", "[party.heals]\n" + heals) +
          ogre(0, "1d6")));
    });
  };
  CHECK_THAT(error("dice = \"1d8\"\nbattle_medicine = true\n"),
             Catch::Contains("party[1].heals.battle_medicine") &&
                 Catch::Contains("Medicine modifier") && Catch::Contains("add medicine"));
  CHECK_THAT(error("dice = \"1d8\"\ntreat_wounds = true\n"),
             Catch::Contains("party[1].heals.treat_wounds"));
  CHECK_THAT(error("medicine = 7\ntreat_wounds_dc = 17\n"),
             Catch::Contains("party[1].heals.treat_wounds_dc") &&
                 Catch::Contains("not a Treat Wounds DC") && Catch::Contains("15, 20, 30 or 40"));
}
