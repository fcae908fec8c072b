// A unisystem party's adventuring day (rules/unisystem/party_day.cpp, fight::Lineup::play_day,
// docs/days.md): on scripted dice, first aid between two encounters and the HP carried into the
// next; a member who fell ends the day (out until whole); a day of one encounter is the fight
// trial for trial and a longer one kills every member the first kills; a campaign of days; the
// errors.
#include <catch2/catch.hpp>

#include "sim/engine/load.h"
#include "tests/party_support.h"
#include "tests/support.h"
#include "tests/unisystem_party_text.h"

using namespace leth;
using test::has;
using test::count;
using test::counter;
using test::unisystem::member;
using test::unisystem::opponent;
using test::unisystem::party_text;

namespace {

// Muldoon (30 LP, Will 8, First Aid 4) against the suspect, who shoots first: one bullet of 8,
// the Will test passed, Muldoon's two shots take the suspect to -30, dying: the fight is won.
void suspect(Script& s) {
  s.d(20, 1).d(20, 1);   // initiative: muldoon 1, suspect 11
  s.d(10, 7).d(6, 1);    // the suspect: 9, one level: one bullet, 4 x 2 = 8
  s.d(10, 1);            // the Will test: 1 + 16 - 8 = 9: he stands
  s.d(10, 6).d(6, 4);    // first shot: 11, 12 x 2 = 24
  s.d(10, 10).d(6, 6);   // second: 14, 36: -30
  s.d(10, 9);            // the suspect's survival test: 9 + 4 - 3 = 10: dying, down
}

std::string muldoon(const std::string& day) {
  return party_text(
      member("muldoon", 30, 0, "attack_bonus = 5\ndamage = \"1D6 x 3\"\ndamage_type = \"bullet\"",
             "first_aid = 4\nwill = 8\n") +
          "[[party.attacks]]\nattack_bonus = 4\ndamage = \"1D6 x 3\"\ndamage_type = \"bullet\"\n" +
          opponent("suspect", 30, 10,
                   "attack_bonus = 2\nburst = 5\ndamage = \"1D6 x 4\"\ndamage_type = \"bullet\""),
      "", day);
}

std::string error(const std::string& toml) {
  return test::error_of([&] { test::load_text(toml); });
}

}  // namespace

TEST_CASE("unisystem party day: first aid between two encounters, the HP carried",
          "[unisystem][party][day][scripted]") {
  // 22 LP after the first suspect; his self-aid between the encounters (7 + 4 - 2 = 9, one
  // level): 23; the second suspect's 8: 15; self-aid after the day: 16, then 2 a day to 30.
  const std::string toml = muldoon("[day]\nencounters = 2\n");
  Script s;
  suspect(s);
  s.d(10, 7);
  suspect(s);
  s.d(10, 7);
  const test::Played p = test::play_scripted(toml, s);
  INFO(p.log);
  CHECK(s.done());
  CHECK(has(p.log, "[0:00:05] muldoon gives first aid to muldoon"));
  CHECK(has(p.log, "encounter 2 of 2 begins: fresh opponents"));
  CHECK(count(p.log, "gives first aid to muldoon") == 2);
  const LoadedScenario ls = test::load_text(toml);
  CHECK(counter(ls, p.outcome, "encounters") == 2);
  CHECK(counter(ls, p.outcome, "fight_won") == 1);
  // The day ends at 10 s; 14 LP at 2 a day: 7 days.
  CHECK(p.outcome.end_time == 10 + 7 * kDay);
}

TEST_CASE("unisystem party day: a member who fell ends the day", "[unisystem][party][day][scripted]") {
  // The hero, dropped to -10 by the brute and stabilised by the medic, is out until whole: the
  // round cap ends the first fight and the second is never fought (a strict script). Under
  // care he rests as after one fight: 13 days.
  const std::string toml = party_text(
      member("hero", 20, 40, "hit_chance = 0.0\ndamage = 1", "con = 3\nwill = 2\n") +
          member("medic", 1000, 0, "hit_chance = 0.0\ndamage = 1", "first_aid = 5\n") +
          opponent("brute", 20, -40, "attack_bonus = 7\ndamage = 30"),
      "round_cap = 2\n", "", "care = \"medical\"\n[day]\nencounters = 3\n");
  Script s;
  s.d(20, 10).d(20, 10).d(20, 10);  // initiative: hero 50, medic 10, brute -30
  s.no();                           // round 1: the hero misses
  s.no();                           // the medic: nobody down, it attacks and misses
  s.d(2, 1).d(10, 2);               // the brute: the hero; 9, a hit: 30, -10 HP
  s.d(10, 5);                       // the survival test: dying
  s.d(10, 4);                       // round 2: the medic stabilises him: -9
  s.d(10, 1);                       // the brute misses the medic; the round cap
  const test::Played p = test::play_scripted(toml, s);
  INFO(p.log);
  CHECK(s.done());
  CHECK_FALSE(has(p.log, "encounter 2"));
  CHECK(has(p.log, "[0:00:10] the day ends here, the party goes home: hero fell: out until whole"));
  const LoadedScenario ls = test::load_text(toml);
  CHECK(counter(ls, p.outcome, "encounters") == 1);
  CHECK(counter(ls, p.outcome, "deaths") == 0);
  CHECK(p.outcome.end_time == 10 + 13 * kDay);
}

TEST_CASE("unisystem party day: one encounter is the fight, trial for trial; more only add deaths",
          "[unisystem][party][day]") {
  const int more = test::check_day_against_fight("scenarios/examples/unisystem-alley-party.toml",
                                                 "[day]\nencounters = 3\n", 5, 400);
  CHECK(more > 50);  // some parties go on past the first fight
}

TEST_CASE("unisystem party day: a campaign of days, its first adventure the day's trial",
          "[unisystem][party][day][campaign]") {
  const int went_on =
      test::check_day_campaign("scenarios/examples/unisystem-alley-day.toml", 7, 300);
  CHECK(went_on > 30);
}

TEST_CASE("unisystem party day: located errors", "[unisystem][party][day][errors]") {
  CHECK(has(error(muldoon("[day]\nencounters = 3\nshort_rests = 3\n")), "short_rests"));
  CHECK(has(error(muldoon("[day]\n[[day.next]]\n[[day.next.opponents]]\nname = \"ghost\"\n"
                          "[[day.next.opponents.attacks]]\nattack_bonus = 1\ndamage = \"1\"\n")),
            "leaves after its rounds: how many?"));
}

TEST_CASE("unisystem party day: days, the night between two days mends nothing",
          "[unisystem][party][day]") {
  // A reading (README "An adventuring day"): 000 mends Life Points "par jour de repos", which a
  // day of the adventure is not. So two days of one fight are, trial for trial, a day of two
  // fights with 8 hours' travel between them.
  const int second = test::check_night_as_travel(
      "scenarios/examples/unisystem-alley-party.toml",
      "the night ends: day 2 of 2 begins (no Life Points mended)", 5, 400);
  CHECK(second > 50);
}
