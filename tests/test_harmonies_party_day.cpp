// A harmonies party's adventuring day (rules/harmonies/party_day.cpp; README "An adventuring
// day"; docs/days.md), on scripted dice: a light wound stabilised between two encounters is
// carried into the second, where the next light wound escalates to grave over the full level
// and the carried pain (eased a point on the road) weighs on the fainting roll, on the day's
// clock; a member nobody can
// stabilise sends the party home after the first encounter; the day of one encounter is the
// fight, trial for trial, and a longer day kills every member the fight kills; a campaign of
// the bundled day; located errors.
#include <catch2/catch.hpp>

#include "sim/engine/load.h"
#include "sim/engine/runner.h"
#include "tests/cli_support.h"
#include "tests/party_support.h"
#include "tests/support.h"

using namespace leth;
using test::counter;

namespace {

// A hero (light cap 1: a second light wound escalates) against a thug who dies of any wound
// (its caps 0), two encounters an hour apart; `heals` the hero's [party.heals].
std::string day_text(const std::string& heals, const std::string& horizon = "2 hours") {
  return "name = \"day\"\nruleset = \"harmonies\"\ntrials = 1000\nseed = 3\nhorizon = \"" +
         horizon +
         "\"\n[day]\nencounters = 2\ntravel = \"1 hour\"\n"
         "[[party]]\nname = \"hero\"\nsurvival = 8\nfainting = 7\n"
         "[party.caps]\nlight = 1\n[[party.attacks]]\nhit_chance = 1.0\n"
         "wound = { light = 1.0 }\n" +
         heals +
         "\n[[opponents]]\nname = \"thug\"\nsurvival = 5\ninitiative = 5\n"
         "[opponents.caps]\nlight = 0\ngrave = 0\ncritical = 0\n"
         "[[opponents.attacks]]\nhit_chance = 1.0\nwound = { light = 1.0 }\n";
}

// One encounter: initiative (the thug first), its blow (a light wound), the hero's blow (the
// thug dies of it: beyond its caps).
void encounter(Script& s) {
  s.d(20, 1).d(20, 20);
  s.yes().u(0.5);
  s.yes().u(0.5);
}

// Encounter 2, then the first aid after the day: the light level is full, the new light wound
// escalates to grave; pain + 5 crosses 5 received: a fainting roll at 7, +5 holds; the hero
// kills the thug; after the day its first aid, +8, succeeds.
void second_encounter(Script& s) {
  s.d(20, 1).d(20, 20);
  s.yes().u(0.5);
  s.d(10, 6).d(10, 1);
  s.yes().u(0.5);
  s.d(10, 9).d(10, 1);
}

}  // namespace

TEST_CASE(
    "harmonies party day: a wound stabilised between two encounters is carried into the next, "
    "where it escalates the next wound of its level",
    "[harmonies][party][day][scripted]") {
  const std::string toml = day_text("[party.heals]\nfirst_aid = 5\n");
  Script s;
  encounter(s);
  // Between the two (the fight ended at 6 s): the hero binds its own light wound, first aid
  // 5 - 1 (difficulty) - 3 (pain) = +1: +4 succeeds.
  s.d(10, 5).d(10, 1);
  // The hour's road: stable, its pain eases a point (3 to 2, above its mortality 1).
  // Encounter 2, an hour later: the light level is full, the new light wound escalates to
  // grave; pain 2 + 5 = 7, the pain received crosses 5: a fainting roll at 7 - 7, +5 holds.
  // After the day: first aid at 5 - 1 - 3 (light and grave) - 7 (pain) = -6: +8 succeeds.
  second_encounter(s);
  const test::Played p = test::play_scripted(toml, s);
  INFO(p.log);
  const LoadedScenario ls = test::load_text(toml);
  CHECK(counter(ls, p.outcome, "encounters") == 2);
  CHECK(counter(ls, p.outcome, "deaths") == 0);
  CHECK(counter(ls, p.outcome, "opponents_defeated") == 2);
  CHECK(p.log.find("encounter 2 of 2 begins") != std::string::npos);
  CHECK(p.log.find("escalated to grave") != std::string::npos);
  // The second fight's lines sit on the day's clock: an hour after the first aid.
  CHECK(p.log.find("[1:00:") != std::string::npos);
  CHECK(p.log.find("[1:00:12] hero's pain eases to 2") != std::string::npos);
  CHECK(p.log.find("pain 7, fainting roll") != std::string::npos);
}

TEST_CASE("harmonies party day: a member nobody can stabilise sends the party home",
          "[harmonies][party][day][scripted]") {
  // No first aid: the light wound's clock runs alone, an unstable survival roll an hour (8 - 3
  // pain: +5 and -5 hold), to the horizon; the second encounter is never played (a strict
  // script: it would need draws).
  const std::string toml = day_text("");
  Script s;
  encounter(s);
  s.d(10, 5).d(10, 1);
  s.d(10, 1).d(10, 6);
  const test::Played p = test::play_scripted(toml, s);
  INFO(p.log);
  const LoadedScenario ls = test::load_text(toml);
  CHECK(counter(ls, p.outcome, "encounters") == 1);
  CHECK(counter(ls, p.outcome, "deaths") == 0);
  CHECK(p.log.find("the day ends here, the party goes home: hero still unstable") !=
        std::string::npos);
  CHECK(p.log.find("encounter 2") == std::string::npos);
}

TEST_CASE(
    "harmonies party day: a day of one encounter is the fight, and a longer day kills every "
    "member the fight kills",
    "[harmonies][party][day]") {
  const int more = test::check_day_against_fight("scenarios/examples/harmonies-party-duel.toml",
                                                 "[day]\nencounters = 3\n", 11, 400);
  CHECK(more > 100);  // most duels leave the duellist standing for a second
}

TEST_CASE(
    "harmonies party day: a day that stops after its first encounter is that fight, whatever "
    "stopped it",
    "[harmonies][party][day]") {
  // The bundled day and its first fight alone: a trial whose day stops after encounter 1 (a
  // death in the fight or while tending after it, the party fallen, a member nobody can
  // stabilise) ends as the fight does — nothing played between is left behind (a death while
  // tending once left the survivors' clocks moved onto an encounter never played).
  const std::string text =
      test::read_file(test::source_path("scenarios/examples/harmonies-caravan-day.toml"));
  const LoadedScenario day = test::load_text(text);
  std::string alone = text;
  const std::string plan = "short_rests = 1 ";
  alone.replace(alone.find(plan), plan.size(), "encounters = 1\n# ");
  alone.erase(alone.find("\n[[day.next]]"), alone.find("\n[[variants]]") - alone.find("\n[[day.next]]"));
  const LoadedScenario one = test::load_text(alone);
  const MetricSpec& spec = metrics_of(day.models[0]);
  int stopped = 0;
  bool told = false;
  for (uint64_t i = 0; i < 600; ++i) {
    const Outcome d = replay_trial(day, 0, 31, i, nullptr);
    if (counter(day, d, "encounters") != 1) continue;
    ++stopped;
    if (!told && counter(day, d, "party_fell") == 1) {  // the story says why the day stopped
      EventLog log;
      replay_trial(day, 0, 31, i, &log);
      const std::string story = log.render();
      INFO(story);
      CHECK(story.find("the day ends here after encounter 1 of 3: ") != std::string::npos);
      told = true;
    }
    const Outcome o = replay_trial(one, 0, 31, i, nullptr);
    INFO("trial " << i);
    REQUIRE(d.end == o.end);
    REQUIRE(d.end_time == o.end_time);
    for (size_t k = 0; k < spec.counters.size(); ++k)
      if (spec.counters[k].name != "encounters") REQUIRE(d.counters[k] == o.counters[k]);
  }
  CHECK(stopped > 30);
  CHECK(told);
}

TEST_CASE("harmonies party day: a campaign of the bundled day", "[harmonies][party][day]") {
  const int went_on =
      test::check_day_campaign("scenarios/examples/harmonies-caravan-day.toml", 5, 200);
  CHECK(went_on > 5);  // a few go on whole within the 60 days
}

TEST_CASE("harmonies party day: located errors", "[harmonies][party][day][errors]") {
  auto error = [](const std::string& text) {
    return test::error_of([&] { test::load_text(text); });
  };
  const std::string base = day_text("[party.heals]\nfirst_aid = 5\n");
  // A later encounter's opponent without `survival` cannot be harmed: it needs its rounds.
  const std::string next = std::string(base).replace(base.find("encounters = 2\n"), 15, "");
  const std::string unharmed = error(next + "[[day.next]]\n[[day.next.opponents]]\nname = \"x\"\n"
                                            "[[day.next.opponents.attacks]]\nhit_chance = 0.5\n"
                                            "wound = { light = 1.0 }\n");
  INFO(unharmed);
  CHECK(unharmed.find("leaves after its rounds: how many?") != std::string::npos);
  CHECK(unharmed.find("scenario.toml:32:1") != std::string::npos);  // file, line, column
  const std::string rests = base;
  CHECK(error(std::string(rests).replace(rests.find("encounters = 2"), 14,
                                         "encounters = 2\nshort_rests = 2"))
            .find("short_rests") != std::string::npos);
}

TEST_CASE(
    "harmonies party day: a stable wound's survival roll on the road feels the pain eased by "
    "then",
    "[harmonies][party][day][scripted]") {
  // Eight days' road, pain easing a point a day: the light wound's stable roll falls a week
  // after its first aid, by when its pain has eased from 3 to its mortality 1 — the roll's
  // penalty is -1, not the -3 of the encounter's end.
  std::string toml = day_text("[party.heals]\nfirst_aid = 5\n", "193 hours");
  toml.replace(toml.find("travel = \"1 hour\""), 17, "travel = \"192 hours\"");
  toml += "[rest]\npain_recovery = \"1 day\"\n";
  Script s;
  encounter(s);
  s.d(10, 5).d(10, 1);  // first aid, as above
  s.d(10, 5).d(10, 1);  // the stable roll on the road: 8 - 1 (pain) + 4 holds
  second_encounter(s);
  const test::Played p = test::play_scripted(toml, s);
  INFO(p.log);
  CHECK(p.log.find("hero's pain eases to 1") != std::string::npos);
  CHECK(p.log.find("survival roll (stable): ") != std::string::npos);
  CHECK(p.log.find("+8 -1 (pain)") != std::string::npos);
  CHECK(p.log.find("+8 -3 (pain)") == std::string::npos);
}

TEST_CASE("harmonies party day: days, the night between two days is 8 hours of the road",
          "[harmonies][party][day]") {
  // A reading (README "An adventuring day"): no wound heals in a night inside the adventure,
  // pain eases and the survival rolls due are rolled as on the road. So two days of one duel
  // are, trial for trial, a day of two duels with 8 hours' travel between them.
  const int second = test::check_night_as_travel("scenarios/examples/harmonies-party-duel.toml",
                                                 "the night ends: day 2 of 2 begins", 11, 300);
  CHECK(second > 100);
}
