// pf2's healing potions in a party fight (rules/pf2/party.cpp): fed to a fallen ally once no
// Heal is left, drunk by a member at or below drink_below, each two actions (draw, then drink)
// with the turn's actions left going to Strikes — on scripted dice; and the keys' errors.
#include <catch2/catch.hpp>

#include "rules/pf2/model.h"
#include "sim/engine/load.h"
#include "tests/party_support.h"
#include "tests/support.h"

using namespace leth;
using test::counter;

namespace {

std::string party_text(const std::string& body) {
  return "name = \"party\"\nruleset = \"pf2\"\ntrials = 1000\nseed = 3\nhorizon = \"30 days\"\n"
         "[options]\nrecovery_check = \"flat\"\n[fight]\nround_cap = 2\n" +
         body;
}

std::string member(const std::string& name, int hp, int init, const std::string& extra = "") {
  return test::combatant_text("party", name, "max_hp", hp, init,
                              "hit_chance = 0.0\ndamage = \"1\"\nstrikes = 3", "ac = 10\n" + extra);
}

std::string potion_party(const std::string& heals) {
  return party_text(member("fighter", 8, 10) + member("medic", 20, 0, "[party.heals]\n" + heals) +
                    test::combatant_text("opponents", "ogre", "hp", 30, 5,
                                         "attack_bonus = 10\ndamage = \"10\"", "ac = 10\n"));
}

}  // namespace

TEST_CASE("pf2 party: a potion fed to the fallen, one drunk at half HP; Strikes with the rest",
          "[pf2][party][scripted]") {
  const std::string toml = potion_party("potions = 2\npotion = \"1d4\"\ndrink_below = 0.5\n");
  Script s;
  s.d(20, 10).d(20, 10).d(20, 10);  // initiative: fighter 20, medic 10, ogre 15
  // Round 1.
  s.no().no().no();    // the fighter: three Strikes, never hits
  s.d(2, 1).d(20, 5);  // the ogre: the fighter, 15 vs AC 10: 10 damage, knocked out, dying 1
  s.d(4, 3);           // the medic feeds it a potion (2 actions): 3 HP, back, slowed 1
  s.no();              // ... and one Strike with the action left
  // Round 2: the fighter, slowed 1, strikes twice; the ogre hits the medic: 10 / 20 HP.
  s.no().no();
  s.d(2, 2).d(20, 5);
  s.d(4, 4);  // the medic, at half its HP, drinks its other potion (2 actions): 14 HP
  s.no();     // ... and strikes once
  const test::Played p = test::play_scripted(toml, s);
  INFO(p.log);
  const LoadedScenario ls = test::load_text(toml);
  CHECK(p.log.find("medic gives fighter a potion: 3 HP") != std::string::npos);
  CHECK(p.log.find("fighter is back to 3 HP, conscious, slowed 1") != std::string::npos);
  CHECK(p.log.find("medic drinks a potion: 4 HP, 14 now") != std::string::npos);
  CHECK(counter(ls, p.outcome, "heals_used") == 2);
  CHECK(counter(ls, p.outcome, "deaths") == 0);

  // drink_below = 0.4 (8 HP): at 10 / 20 the medic keeps its potion and strikes three times.
  const std::string keeps = potion_party("potions = 2\npotion = \"1d4\"\ndrink_below = 0.4\n");
  Script k;
  k.d(20, 10).d(20, 10).d(20, 10);
  k.no().no().no();
  k.d(2, 1).d(20, 5);
  k.d(4, 3).no();
  k.no().no();
  k.d(2, 2).d(20, 5);
  k.no().no().no();
  const test::Played q = test::play_scripted(keeps, k);
  INFO(q.log);
  CHECK(q.log.find("drinks a potion") == std::string::npos);
  CHECK(counter(test::load_text(keeps), q.outcome, "heals_used") == 1);
}

TEST_CASE("pf2 party: drink_below = 1 drinks below full HP, never at it", "[pf2][party]") {
  const LoadedScenario ls = test::load_text(potion_party("potions = 2\ndrink_below = 1.0\n"));
  const auto& party = test::party_of<pf2::Model>(ls);
  pf2::Party::Body medic = party.fresh(1);
  CHECK_FALSE(party.wants_own_care(medic));  // 20 / 20
  medic.hp = 19;
  CHECK(party.wants_own_care(medic));
  medic.hp = 0;  // down: the fallen are picked up, they do not drink
  CHECK_FALSE(party.wants_own_care(medic));
}

TEST_CASE("pf2 party: a Heal before a potion; a potion before Battle Medicine",
          "[pf2][party][scripted]") {
  const std::string toml =
      potion_party("dice = \"1d8\"\nuses = 1\npotions = 1\npotion = \"1d4\"\nmedicine = 7\n"
                   "battle_medicine = true\ntreat_wounds = false\nheal_after_fight = false\n");
  Script s;
  s.d(20, 10).d(20, 10).d(20, 10);  // initiative: fighter 20, medic 10, ogre 15
  s.no().no().no();
  s.d(2, 1).d(20, 5);  // the fighter falls
  s.d(8, 2);           // the medic casts its one Heal (2 actions): 2 HP, slowed 1
  s.no();              // one Strike
  s.no().no();         // round 2: the fighter strikes twice, slowed
  s.d(2, 1).d(20, 5);  // and falls again
  s.d(4, 1);           // the medic: no Heal left, a potion (2 actions), not Battle Medicine
  s.no();
  const test::Played p = test::play_scripted(toml, s);
  INFO(p.log);
  CHECK(p.log.find("medic casts Heal on fighter: 2 HP") != std::string::npos);
  CHECK(p.log.find("medic gives fighter a potion: 1 HP") != std::string::npos);
  CHECK(p.log.find("Battle Medicine") == std::string::npos);
}

TEST_CASE("pf2 party: the potion keys are checked", "[pf2][party][errors]") {
  auto error = [](const std::string& heals) {
    return test::error_of([&] { test::load_text(potion_party(heals)); });
  };
  CHECK_THAT(error("potion = \"1d8\"\n"), Catch::Contains("party[2].heals.potion") &&
                                               Catch::Contains("without potions") &&
                                               Catch::Contains("add potions = 2"));
  CHECK_THAT(error("drink_below = 0.5\n"), Catch::Contains("party[2].heals.drink_below"));
  CHECK_THAT(error("potions = 2\ndrink_below = 1.5\n"),
             Catch::Contains("party[2].heals.drink_below"));
  CHECK_THAT(error("treat_wounds_dc = 15\n"),
             Catch::Contains("nothing to heal with") && Catch::Contains("potions = 2"));
}
