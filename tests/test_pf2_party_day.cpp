// A pf2 party's adventuring day (rules/pf2/party_day.cpp, fight::Lineup::play_day, docs/days.md):
// on scripted dice, HP and wounded carried from one encounter to the next, and Treat Wounds in a
// short rest healing the HP and ending wounded; a day of one encounter is the scenario's fight
// trial for trial, and a longer one kills every party the first fight kills; the errors.
#include <catch2/catch.hpp>

#include "sim/engine/load.h"
#include "tests/party_support.h"
#include "tests/support.h"

using namespace leth;
using test::has;
using test::count;
using test::counter;

namespace {

std::string member(const std::string& name, int hp, int init, const std::string& attack,
                   const std::string& extra = "") {
  return test::combatant_text("party", name, "max_hp", hp, init, attack, "ac = 10\n" + extra);
}

// A fighter (40 HP, starting wounded 1) who fells the ogre with one blow after the ogre's 25 on
// it; a medic who comes last and treats wounds; `day` gives [day] and its [[day.next]]: a troll
// whose one blow of 35 knocks the fighter out, whom the medic kills after its first aid.
std::string day_text(const std::string& day) {
  return "name = \"day\"\nruleset = \"pf2\"\ntrials = 1000\nseed = 3\nhorizon = \"30 days\"\n"
         "[options]\nrecovery_check = \"flat\"\nwounded = true\n" +
         day + "[fight]\n\n" +
         member("fighter", 40, 0, "hit_chance = 1.0\ndamage = \"30\"", "wounded = 1\n") +
         member("medic", 10, -10, "hit_chance = 1.0\ndamage = \"30\"",
                "[party.heals]\nmedicine = 5\n") +
         test::combatant_text("opponents", "ogre", "hp", 30, 10,
                              "attack_bonus = 10\ndamage = \"25\"", "ac = 10\n");
}

const std::string kTroll =
    "[[day.next]]\n[[day.next.opponents]]\nname = \"troll\"\nhp = 30\ninitiative = 10\n"
    "[[day.next.opponents.attacks]]\nattack_bonus = 10\ndamage = \"35\"\n";

// Encounter 1: initiative (fighter 1, medic -19, ogre 30); the ogre hits the fighter (15 vs AC
// 10) for 25; the fighter kills it.
void ogre(Script& s) {
  s.d(20, 1).d(20, 1).d(20, 20);
  s.d(2, 1).d(20, 5);
  s.yes();
}

// Encounter 2: the troll knocks the fighter out (15 vs AC 10, 35); the medic's first aid is a
// critical success (25): stable; its last action kills the troll.
void troll(Script& s) {
  s.d(20, 1).d(20, 1).d(20, 20);
  s.d(2, 1).d(20, 5);
  s.d(20, 20).yes();
}

const std::string kOgreNext =
    "[[day.next]]\n[[day.next.opponents]]\nname = \"ogre\"\nhp = 30\ninitiative = 10\nac = 10\n"
    "[[day.next.opponents.attacks]]\nattack_bonus = 10\ndamage = \"25\"\n";

// A Treat Wounds of 16 HP (20 vs DC 15, 2d8 = 16).
void treatment(Script& s) { s.d(20, 15).d(8, 8).d(8, 8); }

std::string error(const std::string& toml) {
  return test::error_of([&] { test::load_text(toml); });
}

}  // namespace

TEST_CASE("pf2 party day: Treat Wounds in the short rest heals and ends wounded",
          "[pf2][party][day][scripted]") {
  // With the rest: 15 / 40 after the ogre, 31 after the treatment, wounded 0: the troll's 35
  // knocks it out at dying 1. After the day, at 1 HP: three treatments to full.
  Script s;
  ogre(s);
  treatment(s);
  troll(s);
  for (int k = 0; k < 3; ++k) treatment(s);
  const std::string rested = day_text("[day]\nshort_rests = 1\n" + kTroll);
  const test::Played p = test::play_scripted(rested, s);
  INFO(p.log);
  CHECK(s.done());
  CHECK(has(p.log, "encounter 2 of 2 begins: troll"));
  CHECK(has(p.log, "a short rest ends (an hour: Treat Wounds)"));
  CHECK(has(p.log, "fighter is knocked out: dying 1"));
  const LoadedScenario ls = test::load_text(rested);
  CHECK(counter(ls, p.outcome, "encounters") == 2);
  CHECK(counter(ls, p.outcome, "fell_fighter") == 1);
  CHECK(counter(ls, p.outcome, "deaths") == 0);

  // Without it: the fighter meets the troll at 15 / 40 and still wounded 1: dying 2.
  Script t;
  ogre(t);
  troll(t);
  for (int k = 0; k < 3; ++k) treatment(t);
  const test::Played q = test::play_scripted(day_text("[day]\n" + kTroll), t);
  INFO(q.log);
  CHECK(t.done());
  CHECK_FALSE(has(q.log, "a short rest ends"));
  CHECK(has(q.log, "fighter is knocked out: dying 2"));
}

TEST_CASE("pf2 party day: HP carried to the next encounter of the same fight",
          "[pf2][party][day][scripted]") {
  // encounters = 2 of the ogre: 15 / 40 after the first, 31 after the rest, 6 after the second;
  // then three treatments (22, 38, 40).
  Script s;
  ogre(s);
  treatment(s);
  ogre(s);
  for (int k = 0; k < 3; ++k) treatment(s);
  const std::string text = day_text("[day]\nencounters = 2\nshort_rests = 1\ntravel = \"1 hour\"\n");
  const test::Played p = test::play_scripted(text, s);
  INFO(p.log);
  CHECK(s.done());
  CHECK(has(p.log, "encounter 2 of 2 begins: fresh opponents"));
  // 15 + 16 = 31 carried into the second: its 25 leave 6, which three treatments make whole.
  CHECK(count(p.log, "ogre hits fighter (attack 1, d20 5 + 10 = 15 vs AC 10: success) for 25") == 2);
  CHECK(count(p.log, "medic treats the wounds of fighter: ") == 4);
  const LoadedScenario ls = test::load_text(text);
  CHECK(counter(ls, p.outcome, "encounters") == 2);
  CHECK(counter(ls, p.outcome, "fell_fighter") == 0);
  // The second encounter begins after the fight (6 s), the hour's rest and the hour's travel.
  CHECK(has(p.log, "[2:00:06] encounter 2 of 2 begins"));
}

TEST_CASE("pf2 party day: the Heals left are spent after each encounter (heal_after_fight)",
          "[pf2][party][day][scripted]") {
  // The medic has one Heal (1d8). After the first ogre (15 / 40) it casts it a round after the
  // fight's end: 4 HP, 19; the rest's treatment 35; the second ogre leaves 10; two treatments
  // after the day make it whole (26, 40).
  const std::string day = "[day]\nencounters = 2\nshort_rests = 1\n";
  std::string text = day_text(day);
  const std::string heals = "[party.heals]\nmedicine = 5\n";
  text.replace(text.find(heals), heals.size(), heals + "dice = \"1d8\"\nuses = 1\n");
  Script s;
  ogre(s);
  s.d(8, 4);
  treatment(s);
  ogre(s);
  for (int k = 0; k < 2; ++k) treatment(s);
  const test::Played p = test::play_scripted(text, s);
  INFO(p.log);
  CHECK(s.done());
  CHECK(has(p.log, "[0:00:12] medic casts Heal on fighter after the fight: 4 HP"));
  const LoadedScenario ls = test::load_text(text);
  CHECK(counter(ls, p.outcome, "heals_used") == 1);

  // heal_after_fight = false: the Heal is kept for the fallen; the rest's treatment brings 31,
  // the second ogre leaves 6, three treatments after the day (22, 38, 40).
  std::string kept = text;
  const std::string uses = "uses = 1\n";
  kept.replace(kept.find(uses), uses.size(), uses + "heal_after_fight = false\n");
  Script t;
  ogre(t);
  treatment(t);
  ogre(t);
  for (int k = 0; k < 3; ++k) treatment(t);
  const test::Played q = test::play_scripted(kept, t);
  INFO(q.log);
  CHECK(t.done());
  CHECK_FALSE(has(q.log, "casts Heal"));
}

namespace {

// day_text's party with a porter who carries `potions` (a potion of 30 HP: no draw) and acts
// last: every fight below ends before its turn. The ogre, the troll, the ogre again.
std::string porter_text(const std::string& potions) {
  std::string text = day_text("[day]\n" + kTroll + kOgreNext);
  const std::string at = "[[opponents]]";
  text.insert(text.find(at), member("porter", 10, -10, "hit_chance = 1.0\ndamage = \"1\"",
                                    "[party.heals]\npotions = 1\npotion = \"30\"\n" + potions));
  return text;
}

// With the porter: four initiative dice (fighter 1, medic -19, porter -19, the opponent 30),
// the opponent's target among three (the fighter), its attack roll 5 + 10.
void opening(Script& s) {
  s.d(20, 1).d(20, 1).d(20, 1).d(20, 20);
  s.d(3, 1).d(20, 5);
}

}  // namespace

TEST_CASE("pf2 party day: a member at 0 HP between two encounters is fed a potion",
          "[pf2][party][day][scripted]") {
  // The ogre leaves the fighter 15 / 40, the fighter kills it; the troll's 35 knock it out, the
  // medic's first aid (a critical success) stabilises it and its strike kills the troll. Between
  // the two last encounters the porter feeds the fighter its potion (30 HP) a round after the
  // troll's fight: the ogre's 25 leave it 5, it kills the ogre. After the day: three Treat
  // Wounds (21, 37, 40).
  Script s;
  opening(s);
  s.yes();
  opening(s);
  s.d(20, 20).yes();
  opening(s);
  s.yes();
  for (int k = 0; k < 3; ++k) treatment(s);
  const std::string text = porter_text("");
  const test::Played p = test::play_scripted(text, s);
  INFO(p.log);
  CHECK(s.done());
  CHECK(has(p.log, "porter gives fighter a potion: 30 HP"));
  CHECK(has(p.log, "fighter is back to 30 HP, conscious"));
  CHECK(has(p.log, "encounter 3 of 3 begins"));
  const LoadedScenario ls = test::load_text(text);
  CHECK(counter(ls, p.outcome, "encounters") == 3);
  CHECK(counter(ls, p.outcome, "deaths") == 0);

  // potions_between = false: the potion waits; the fighter wakes at 1 HP 10 minutes after its
  // stabilisation, and the ogre's 25 knock it out again (the medic's first aid, its strike).
  const std::string kept = porter_text("potions_between = false\n");
  Script t;
  opening(t);
  t.yes();
  opening(t);
  t.d(20, 20).yes();
  opening(t);
  t.d(20, 20).yes();
  for (int k = 0; k < 3; ++k) treatment(t);
  const test::Played q = test::play_scripted(kept, t);
  INFO(q.log);
  CHECK_FALSE(has(q.log, "porter gives fighter a potion"));
  CHECK(has(q.log, "fighter wakes at 1 HP"));
}

TEST_CASE("pf2 party day: one encounter is the fight, trial for trial; more only add deaths",
          "[pf2][party][day]") {
  const int more = test::check_day_against_fight("scenarios/examples/pf2-party-ambush.toml",
                                                 "[day]\nencounters = 3\nshort_rests = 2\n", 5, 400);
  CHECK(more > 100);  // most parties go on past the first fight
}

TEST_CASE("pf2 party day: a campaign of days, its first adventure the day's trial",
          "[pf2][party][day][campaign]") {
  // The bundled day as a campaign of 3: adventure 1 is the day, draw for draw; a party that
  // loses nobody goes on to the next day.
  const int went_on =
      test::check_day_campaign("scenarios/examples/pf2-adventuring-day.toml", 7, 300);
  CHECK(went_on > 150);
}

TEST_CASE("pf2 party day: located errors", "[pf2][party][day][errors]") {
  CHECK(has(error(day_text("[day]\nencounters = 3\nshort_rests = 3\n")), "short_rests"));
  CHECK(has(error(day_text("[day]\nshort_rests = 1\n")), "encounters"));
  CHECK(has(error(day_text("[day]\nencounters = 2\n" + kTroll)), "both encounters"));
  CHECK(has(error(day_text("[day]\n[[day.next]]\nx = 1\n")), "without opponents"));
  CHECK(has(error(day_text(
                "[day]\n[[day.next]]\n[[day.next.opponents]]\nname = \"ghost\"\n"
                "[[day.next.opponents.attacks]]\nattack_bonus = 1\ndamage = \"1\"\n")),
            "leaves after its rounds: how many?"));
  // A porter told to feed its potions between encounters must carry some.
  std::string none = day_text("[day]\nencounters = 2\n");
  none.replace(none.find("medicine = 5\n"), 13, "medicine = 5\npotions_between = false\n");
  CHECK(has(error(none), "potions_between without potions"));
}

TEST_CASE("pf2 party day: a member at or below drink_below drinks its own potion between two "
          "encounters",
          "[pf2][party][day][scripted]") {
  // A fighter alone (40 HP, a potion of 10, drink_below 0.5) and an ogre of 100 HP, a round a
  // fight: the fighter strikes first, the ogre's 25 leave it 15 of 40 as the round ends it.
  // Between the two fights it drinks its potion (15 <= 20): 25 HP, which the second fight's
  // missed blow leaves it. With potions_between = false it walks in at 15 and drinks it on its
  // first turn there (2 of its 3 actions).
  auto text = [](const std::string& more) {
    return "name = \"day\"\nruleset = \"pf2\"\ntrials = 1000\nseed = 3\nhorizon = \"30 days\"\n"
           "[options]\nrecovery_check = \"flat\"\n[day]\nencounters = 2\n[fight]\nround_cap = 1\n" +
           member("fighter", 40, 0, "hit_chance = 1.0\ndamage = \"1\"",
                  "[party.heals]\npotions = 1\npotion = \"10\"\ndrink_below = 0.5\n" + more) +
           test::combatant_text("opponents", "ogre", "hp", 100, 0,
                                "attack_bonus = 10\ndamage = \"25\"", "ac = 10\n");
  };
  auto fights = [](Script& s) {
    s.d(20, 20).d(20, 1);   // initiative: the fighter first
    s.yes();                // its strike (hit_chance 1)
    s.d(20, 5);             // the ogre hits (15 vs AC 10) for 25
    s.d(20, 20).d(20, 1);   // encounter 2
    s.yes();
    s.d(20, 1);             // a natural 1: the ogre misses
  };
  Script s;
  fights(s);
  const test::Played p = test::play_scripted(text(""), s);
  INFO(p.log);
  CHECK(has(p.log, "fighter drinks a potion: 10 HP, 25 now"));
  CHECK(p.log.find("fighter drinks a potion") < p.log.find("encounter 2 of 2 begins"));

  Script t;
  fights(t);
  const test::Played q = test::play_scripted(text("potions_between = false\n"), t);
  INFO(q.log);
  CHECK(q.log.find("fighter drinks a potion") > q.log.find("encounter 2 of 2 begins"));
}

TEST_CASE("pf2 party day: days, a night's rest between two days: Con x level HP, doomed, the "
          "Heals back",
          "[pf2][party][day][scripted]") {
  // One ogre a day, two days. The fighter (level 1, Con 0: 1 HP a night; doomed 1) is at 15 / 40
  // after the first, 19 after the medic's one Heal (1d8 = 4); the night gives it 1 HP and takes
  // its doomed to 0, and gives the medic its Heal back. The second ogre misses.
  const std::string text = "name = \"days\"\nruleset = \"pf2\"\ntrials = 1000\nseed = 3\n"
                           "horizon = \"30 days\"\n[options]\nrecovery_check = \"flat\"\n"
                           "wounded = true\ndoomed = true\n[day]\nencounters = 1\ndays = 2\n"
                           "[fight]\n\n" +
                           member("fighter", 40, 0, "hit_chance = 1.0\ndamage = \"30\"",
                                  "wounded = 1\ndoomed = 1\n") +
                           member("medic", 10, -10, "hit_chance = 1.0\ndamage = \"30\"",
                                  "[party.heals]\ndice = \"1d8\"\nuses = 1\n") +
                           test::combatant_text("opponents", "ogre", "hp", 30, 10,
                                                "attack_bonus = 10\ndamage = \"25\"", "ac = 10\n");
  Script s;
  ogre(s);
  s.d(8, 4);                      // the medic's Heal after the fight: 19 / 40
  s.d(20, 1).d(20, 1).d(20, 20);  // day 2's initiative
  s.d(2, 1).d(20, 1);             // the ogre misses (a natural 1)
  s.yes();                        // the fighter kills it
  s.d(8, 4);                      // the Heal after the day: 24 / 40
  const test::Played p = test::play_scripted(text, s);
  INFO(p.log);
  CHECK(s.done());
  CHECK(has(p.log, "the night's rest ends: day 2 of 2 begins"));
  CHECK(has(p.log, "fighter wakes from the night's rest: HP 20/40, doomed 0"));
  CHECK(has(p.log, "medic wakes from the night's rest: HP 10/10, doomed 0, 1 Heals"));
  CHECK(has(p.log, "encounter 2 of 2 begins"));
  const LoadedScenario ls = test::load_text(text);
  CHECK(counter(ls, p.outcome, "encounters") == 2);
  CHECK(counter(ls, p.outcome, "heals_used") == 2);
}

TEST_CASE("pf2 party day: days kill every party the first day kills, on the same numbers",
          "[pf2][party][day]") {
  const int more = test::check_day_against_fight("scenarios/examples/pf2-party-ambush.toml",
                                                 "[day]\nencounters = 1\ndays = 2\n", 5, 300);
  CHECK(more > 50);
}

TEST_CASE("pf2 party day: the medic treats wounds before the night between two days",
          "[pf2][party][day][scripted]") {
  // One ogre a day, two days, no short rest. The fighter is at 15 / 40 after the first; the
  // evening's treatment gives 16 (31, wounded 0), the night 1 (level 1, Con 0): 32. The second
  // ogre leaves 7; three treatments after the day make it whole (23, 39, 40).
  Script s;
  ogre(s);
  treatment(s);
  ogre(s);
  for (int k = 0; k < 3; ++k) treatment(s);
  const std::string text = day_text("[day]\nencounters = 1\ndays = 2\n");
  const test::Played p = test::play_scripted(text, s);
  INFO(p.log);
  CHECK(s.done());
  const size_t evening = p.log.find("a short rest ends (an hour: Treat Wounds)");
  REQUIRE(evening != std::string::npos);
  CHECK(evening < p.log.find("the night's rest ends: day 2 of 2 begins"));
  CHECK(has(p.log, "fighter wakes from the night's rest: HP 32/40"));
  CHECK(has(p.log, "medic wakes from the night's rest: HP 10/10\n"));  // no Heals to name
  CHECK(count(p.log, "medic treats the wounds of fighter: ") == 4);

  // The same day with the medic's Medicine but no Treat Wounds: no evening, 16 / 40 at dawn;
  // the second ogre misses (a natural 1).
  Script t;
  ogre(t);
  t.d(20, 1).d(20, 1).d(20, 20);
  t.d(2, 1).d(20, 1);
  t.yes();
  std::string untreated = text;
  const std::string heals = "[party.heals]\nmedicine = 5\n";
  untreated.replace(untreated.find(heals), heals.size(), heals + "treat_wounds = false\n");
  const test::Played q = test::play_scripted(untreated, t);
  INFO(q.log);
  CHECK(t.done());
  CHECK_FALSE(has(q.log, "a short rest ends"));
  CHECK(has(q.log, "fighter wakes from the night's rest: HP 16/40"));
}
