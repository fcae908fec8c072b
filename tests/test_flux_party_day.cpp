// A flux party's adventuring day (rules/flux/party_day.cpp, fight::Lineup::play_day,
// docs/days.md): on scripted dice, a member stabilised in one encounter wakes before the next
// (with its sequela), the hour's rest shares the group's 1D4 (a point of Flux to a member at
// Flux 0 first: its exhaustion ends), the PV and sequelae carried into the next encounter, the
// coma's clocks of a later encounter on the day's clock; a death between two encounters ends
// the day; a day of one encounter is the fight trial for trial; the errors.
#include <catch2/catch.hpp>

#include "sim/engine/load.h"
#include "tests/party_support.h"
#include "tests/support.h"

using namespace leth;
using test::has;
using test::counter;

namespace {

std::string member(const std::string& name, int pv, int init, const std::string& extra = "") {
  return test::combatant_text("party", name, "max_pv", pv, init,
                              "hit_chance = 0.0\ndamage = \"1\"", extra);
}

// A fighter at 1 of 10 PV who never hits; `second` (a medic with its kit, at Flux 0: exhausted,
// or an archer without care) at 50; a ghoul who always hits for 5; two rounds a fight.
std::string day_text(const std::string& day, const std::string& second) {
  return "name = \"day\"\nruleset = \"flux\"\ntrials = 1000\nseed = 3\nhorizon = \"30 days\"\n"
         "[resolution]\ndifficulty = 15\n" +
         day + "[fight]\nround_cap = 2\n\n" + member("fighter", 10, 20, "pv = 1\n") + second +
         test::combatant_text("opponents", "ghoul", "pv", 20, 10,
                              "hit_chance = 1.0\ndamage = \"5\"");
}

const std::string kMedic = member("medic", 50, 0, "flux = 0\n[party.heals]\nmedicine = 5\n");
const std::string kArcher = member("archer", 50, 0);

// Encounter 1: initiative (fighter 21, second 1, ghoul 11); the fighter misses; the ghoul hits
// it for 5 (-4 PV): the Survival test at 0 PV fails (the coma), the test at its onset (past
// -VAI 0) passes. Returns after the second member's turn of round 1.
void first_blow(Script& s) {
  s.d(20, 1).d(20, 1).d(20, 1);
  s.no();
  s.d(2, 1).yes();
  s.d(20, 5);
  s.d(20, 15);
}

std::string error(const std::string& toml) {
  return test::error_of([&] { test::load_text(toml); });
}

}  // namespace

TEST_CASE("flux party day: the fallen wake before the next encounter, the hour's rest shares 1D4",
          "[flux][party][day][scripted]") {
  Script s;
  first_blow(s);
  s.d(20, 10);  // the medic stabilises it (exhausted, an even 10 counts: 15)
  s.yes();      // round 2: the ghoul hits the medic (45)
  s.no();       // the medic misses; the round cap ends the fight at 12 s
  // Between: the test to wake an hour after the stabilisation (15), a sequela (d6 1: ADR);
  // the hour's rest: 1D4 = 3, a point of Flux to the medic, 2 PV to the fighter (3 / 10).
  s.d(20, 15).d(6, 1);
  s.d(4, 3);
  // Encounter 2, after 10 minutes' travel: the ghoul's 5 takes the fighter to -2; its Survival
  // test, 16 - 1 for the sequela = 15, passes: it acts on, exhausted.
  s.d(20, 1).d(20, 1).d(20, 1);
  s.no();
  s.d(2, 1).yes();
  s.d(20, 16);
  s.no();             // the medic: nobody down; it misses
  s.no();             // round 2: the fighter misses
  s.d(2, 2).no();     // the ghoul goes for the medic and misses
  s.no();             // the medic misses
  // After the day: the scene ends 10 minutes after the test (2:20:00 on the day's clock): the
  // coma at -2, past -VAI: a test at once (16 - 1); the medic's Medicine test, an odd 11 that
  // counts (the rest ended its exhaustion): 16, stabilised; an hour on it wakes (16 - 1) with a
  // second sequela (d6 2: PUI).
  s.d(20, 16);
  s.d(20, 11);
  s.d(20, 16).d(6, 2);
  const std::string text = day_text("[day]\nencounters = 2\nshort_rests = 1\ntravel = \"10 minutes\"\n", kMedic);
  const test::Played p = test::play_scripted(text, s);
  INFO(p.log);
  CHECK(s.done());
  CHECK(has(p.log, "[1:00:00] fighter wakes at 1 PV"));
  CHECK(has(p.log, "[2:00:00] an hour's rest ends: the group's 1D4 = 3: fighter +2 PV (3/10), "
                   "medic +1 Flux"));
  CHECK(has(p.log, "[2:10:00] encounter 2 of 2 begins: fresh opponents"));
  CHECK(has(p.log, "fighter PV -2/10"));
  CHECK(has(p.log, "[2:20:00] fighter falls into the coma at -2 PV"));
  CHECK(has(p.log, "[3:20:00] fighter wakes at 1 PV"));
  const LoadedScenario ls = test::load_text(text);
  CHECK(counter(ls, p.outcome, "encounters") == 2);
  CHECK(counter(ls, p.outcome, "fell_fighter") == 2);
  CHECK(counter(ls, p.outcome, "deaths") == 0);
  CHECK(p.outcome.sequela_kinds == 2);  // ADR and PUI, the fighter's
}

TEST_CASE("flux party day: a member who dies between two encounters ends the day",
          "[flux][party][day][scripted]") {
  Script s;
  first_blow(s);
  s.no();       // the archer misses
  s.yes();      // round 2: the ghoul hits the archer
  s.no();       // the archer misses; the fight ends at 12 s
  s.d(20, 5);   // an hour into the coma, -5 PV: the Survival test fails, dead
  const std::string text = day_text("[day]\nencounters = 3\n", kArcher);
  const test::Played p = test::play_scripted(text, s);  // a second encounter would need draws
  INFO(p.log);
  CHECK(s.done());
  CHECK_FALSE(has(p.log, "encounter 2"));
  const LoadedScenario ls = test::load_text(text);
  CHECK(counter(ls, p.outcome, "encounters") == 1);
  CHECK(counter(ls, p.outcome, "died_fighter") == 1);
  CHECK(test::duration(ls, p.outcome, "time_to_death_fighter") == kHour);
}

TEST_CASE("flux party day: a member still down at the horizon ends the day, unresolved",
          "[flux][party][day][scripted]") {
  // Horizon 2 hours: the fighter, stabilised at 0 s, fails its tests to wake at 1 and 2 hours;
  // the next is past the horizon, so the second encounter is never played.
  Script s;
  first_blow(s);
  s.d(20, 10);  // the medic stabilises it
  s.yes();      // round 2: the ghoul hits the medic
  s.no();       // the medic misses; the fight ends at 12 s
  s.d(20, 2);   // 1 hour: the test to wake fails
  s.d(20, 2);   // 2 hours: fails again
  std::string text = day_text("[day]\nencounters = 2\n", kMedic);
  text.replace(text.find("horizon = \"30 days\""), 19, "horizon = \"2 hours\"");
  const test::Played p = test::play_scripted(text, s);  // a second encounter would need draws
  INFO(p.log);
  CHECK(s.done());
  CHECK_FALSE(has(p.log, "encounter 2"));
  const LoadedScenario ls = test::load_text(text);
  CHECK(counter(ls, p.outcome, "encounters") == 1);
  CHECK(counter(ls, p.outcome, "deaths") == 0);
  CHECK(metrics_of(ls.models[0]).ends[p.outcome.end].kind != EndKind::Recovered);
}

TEST_CASE("flux party day: one encounter is the fight, trial for trial; more only add deaths",
          "[flux][party][day]") {
  const int more = test::check_day_against_fight("scenarios/examples/flux-ruins-party.toml",
                                                 "[day]\nencounters = 3\nshort_rests = 1\n", 5,
                                                 400);
  CHECK(more > 200);  // most parties go on past the first fight
}

TEST_CASE("flux party day: days kill every party the first day kills, on the same numbers",
          "[flux][party][day]") {
  const int more = test::check_day_against_fight("scenarios/examples/flux-ruins-party.toml",
                                                 "[day]\nencounters = 2\ndays = 2\n", 5, 300);
  CHECK(more > 100);
}

TEST_CASE("flux party day: a campaign of days, its first adventure the day's trial",
          "[flux][party][day][campaign]") {
  // The bundled day as a campaign of 3: adventure 1 is the day, draw for draw; a party that
  // loses nobody goes on to the next day, each member with its sequelae.
  const int went_on = test::check_day_campaign("scenarios/examples/flux-ruins-day.toml", 7, 300);
  CHECK(went_on > 150);
}

TEST_CASE("flux party day: located errors", "[flux][party][day][errors]") {
  CHECK(has(error(day_text("[day]\nencounters = 3\nshort_rests = 3\n", kMedic)), "short_rests"));
  CHECK(has(error(day_text(
                "[day]\n[[day.next]]\n[[day.next.opponents]]\nname = \"shade\"\n"
                "[[day.next.opponents.attacks]]\nattack_bonus = 1\ndamage = \"1\"\n",
                kMedic)),
            "leaves after its rounds: how many?"));
}

TEST_CASE("flux party day: days, a night's rest between two days gives 4 PV and 4 Flux",
          "[flux][party][day][scripted]") {
  // The fighter at 3 of 10 PV and Flux 0 (exhausted); a ghoul that never hits; a round a
  // fight. The night (002: 4 PV and 4 Flux) brings it to 7 PV and Flux 4, its exhaustion over.
  const std::string text =
      "name = \"days\"\nruleset = \"flux\"\ntrials = 1000\nseed = 3\nhorizon = \"30 days\"\n"
      "[resolution]\ndifficulty = 15\n[day]\nencounters = 1\ndays = 2\n[fight]\nround_cap = 1\n\n" +
      member("fighter", 10, 20, "pv = 3\nflux = 0\n") + kArcher +
      test::combatant_text("opponents", "ghoul", "pv", 20, 10, "hit_chance = 0.0\ndamage = \"5\"");
  auto round = [](Script& s) {
    s.d(20, 1).d(20, 1).d(20, 1);  // initiative: fighter 21, ghoul 11, archer 1
    s.no();                        // the fighter misses
    s.d(2, 1).no();                // the ghoul goes for the fighter and misses
    s.no();                        // the archer misses; the round cap ends the fight
  };
  Script s;
  round(s);
  round(s);
  const test::Played p = test::play_scripted(text, s);
  INFO(p.log);
  CHECK(s.done());
  CHECK(has(p.log, "the night's rest ends: day 2 of 2 begins"));
  CHECK(has(p.log, "fighter wakes from the night's rest: PV 7/10, Flux 4/"));
  CHECK(has(p.log, "encounter 2 of 2 begins"));
  const LoadedScenario ls = test::load_text(text);
  CHECK(counter(ls, p.outcome, "encounters") == 2);
}
