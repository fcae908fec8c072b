// The survivors' therapeutic rest after a harmonies party fight (rules/harmonies/party_rest.cpp,
// README "The party fight", reading 10), on scripted dice: a grave wound healed down a level
// then away after its healing periods (downtime and out of action measured); a failed healing
// roll making the member unstable, the treated wound the one that worsens; pain recovering at
// [rest] pain_recovery; no healer, the wound stays; the member with the best healing roll
// healing another; a healing roll waiting for a fainted healer, who comes to first at that very
// time; a missed surveillance's -1 on the healing roll; the time to heal two light wounds
// against its exact absorbing chain (Eigen), within 4 standard errors; and the located errors
// of the new keys.
#include <catch2/catch.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <Eigen/Dense>
#include <cmath>
#include <cstdlib>

#include "sim/engine/runner.h"
#include "tests/cli_support.h"
#include "tests/party_support.h"
#include "tests/support.h"

using namespace leth;
using test::counter;

namespace {

// One member struck once by an opponent who cannot be harmed and leaves after a round; the
// member binds its own wound after the fight (first aid 5) and, with `healing`, heals it.
std::string rest_text(const std::string& wound, const std::string& heals,
                      const std::string& rest = "", const std::string& horizon = "30 days",
                      int survival = 8) {
  return "name = \"rest\"\nruleset = \"harmonies\"\ntrials = 1000\nseed = 3\nhorizon = \"" +
         horizon + "\"\n" + rest +
         "\n[[party]]\nname = \"hero\"\nsurvival = " + std::to_string(survival) +
         "\nfainting = 7\n[[party.attacks]]\nhit_chance = 0.5\nwound = { light = 1.0 }\n"
         "[party.heals]\nfirst_aid = 5\n" +
         heals + "\n[[opponents]]\nname = \"brute\"\nrounds = 1\n[[opponents.attacks]]\n" +
         "hit_chance = 1.0\nwound = { " + wound + " = 1.0 }\n";
}

// The fight: initiative, the brute's one blow (it hits: the wound), then first aid at 6 s.
void play_fight(Script& s, bool grave) {
  s.d(20, 10).d(20, 10);           // initiative: hero 10, brute 10 (the member first)
  s.yes().u(0.5);                  // the brute hits: the wound
  if (grave) s.d(10, 6).d(10, 1);  // 5 pain: a fainting roll, +5 + 7 - 5 holds
  // After the fight (t = 6 s): the hero binds its wound, first aid 5 + its difficulty + pain.
  s.d(10, 9).d(10, 1);  // +8: a success (light 5 - 1 - 3, grave 5 - 3 - 5)
}

const MetricSpec& spec(const LoadedScenario& ls) {
  return metrics_of(ls.models[0]);
}

}  // namespace

TEST_CASE("harmonies party rest: a grave wound healed a level, then away, each after its period",
          "[harmonies][party][rest][scripted]") {
  const std::string toml = rest_text("grave", "healing = 3\n");
  Script s;
  play_fight(s, true);
  // Stable at 6 s: the grave wound's stable rolls every day (8 - 3 pain, pain down to its
  // mortality 3 after two hours), the seventh at 1 week + 6 s, before the healing roll due then.
  for (int day = 1; day <= 7; ++day) s.d(10, 5).d(10, 5);
  // The healing roll on the grave wound: 3 - 3 (its pain, at 3 only if it recovered) - 3: a
  // roll of +3 succeeds only because pain came back to the mortality.
  s.d(10, 4).d(10, 1);
  // Light now; it rests its own 2 days again (healing_after_drop = "full_period"); pain back to
  // 1 meanwhile; the roll at 3 - 1 - 1 = +1: 0 succeeds.
  s.d(10, 5).d(10, 5);
  const test::Played p = test::play_scripted(toml, s);
  INFO(p.log);
  const LoadedScenario ls = test::load_text(toml);
  REQUIRE(spec(ls).ends[p.outcome.end].name() == "recovered");
  const Seconds rested = 6 + kWeek + 2 * kDay;
  CHECK(p.outcome.end_time == rested);
  CHECK(test::duration(ls, p.outcome, "downtime") == rested);
  // Out of action from the start of its rest (6 s): the week of the grave wound, then the light
  // wound's two days (a wound healed a level rests again: interpretation 16).
  CHECK(test::duration(ls, p.outcome, "time_out_of_action_hero") == kWeek + 2 * kDay);
  CHECK(test::duration(ls, p.outcome, "time_out_of_action") == kWeek + 2 * kDay);
  CHECK(counter(ls, p.outcome, "heals_used") == 1);  // the first-aid roll
}

TEST_CASE(
    "harmonies party rest: a failed healing roll makes the member unstable, and the "
    "treated wound is the one that worsens",
    "[harmonies][party][rest][scripted]") {
  // The horizon falls just after the worsening: 2 days + 6 s + 1 hour + 4 s.
  const Seconds failed = 6 + 2 * kDay;
  const std::string horizon = std::to_string(failed + kHour + 4) + " seconds";
  const std::string toml = rest_text("light", "healing = 3\n", "", horizon);
  Script s;
  play_fight(s, false);
  // Stable at 6 s with a light wound: its stable roll comes in a week, its healing in 2 days:
  // 3 - 1 (pain) - 1 = +1: -2 fails.
  s.d(10, 1).d(10, 3);
  // Unstable: first aid every round (6 s) by the hero itself, 5 - 1 - 1: each fails at -9...
  for (int k = 1; k < 600; ++k) s.d(10, 1).d(10, 10);
  // ...until the light wound's unstable roll, an hour on (before the attempt due then): 8 - 1
  // (pain) - 9 fails, and the treated wound worsens (to grave: 5 pain, a fainting roll at
  // 7 - 6 + 0 holds); the attempt due at that time fails too, the next is past the horizon.
  s.d(10, 1).d(10, 10);
  s.d(10, 5).d(10, 5);
  s.d(10, 1).d(10, 10);
  const test::Played p = test::play_scripted(toml, s);
  INFO(p.log);
  const LoadedScenario ls = test::load_text(toml);
  CHECK(spec(ls).ends[p.outcome.end].name() == "unresolved_still_hurt");
  CHECK(counter(ls, p.outcome, "heals_used") == 601);  // 1 after the fight, 600 in the rest
  CHECK(counter(ls, p.outcome, "deaths") == 0);
  CHECK(p.log.find("the light wound worsens to grave (the treated wound, after the failed "
                   "healing)") != std::string::npos);
}

TEST_CASE(
    "harmonies party rest: pain recovers at [rest] pain_recovery; without a healer the "
    "wound stays",
    "[harmonies][party][rest][scripted]") {
  // Survival 12: the stable rolls can no longer fail (closed: 12 - 3 - 9 = 0) once pain is back
  // to the grave wound's mortality 3, and then are not played (the state holds).
  SECTION("one point an hour: back to 3 before the first stable roll, none played") {
    const std::string toml = rest_text("grave", "", "", "30 days", 12);
    Script s;
    play_fight(s, true);
    const test::Played p = test::play_scripted(toml, s);
    const LoadedScenario ls = test::load_text(toml);
    CHECK(spec(ls).ends[p.outcome.end].name() == "unresolved_still_hurt");
    CHECK(p.outcome.end_time == 30 * kDay);
    CHECK(counter(ls, p.outcome, "deaths") == 0);
  }
  // (A pain point due at the time of a roll comes back after it.)
  SECTION("one point in 2 days: 5 pain on days 1 and 2, 4 on days 3 and 4, 3 from day 5") {
    const std::string toml =
        rest_text("grave", "", "[rest]\npain_recovery = \"2 days\"\n", "30 days", 12);
    Script s;
    play_fight(s, true);
    for (int day = 1; day <= 4; ++day) s.d(10, 5).d(10, 5);
    const test::Played p = test::play_scripted(toml, s);
    const LoadedScenario ls = test::load_text(toml);
    CHECK(spec(ls).ends[p.outcome.end].name() == "unresolved_still_hurt");
  }
}

TEST_CASE("harmonies party rest: the living member with the best healing roll heals the others",
          "[harmonies][party][rest][scripted]") {
  // blade heals at -5, medic at 3: the medic makes blade's healing roll.
  const std::string toml =
      "name = \"rest\"\nruleset = \"harmonies\"\ntrials = 1000\nseed = 3\nhorizon = \"30 "
      "days\"\n[[party]]\nname = \"blade\"\nsurvival = 8\n[[party.attacks]]\nhit_chance = "
      "0.5\nwound = { light = 1.0 }\n[party.heals]\nhealing = -5\n[[party]]\nname = "
      "\"medic\"\nsurvival = 8\n[[party.attacks]]\nhit_chance = 0.5\nwound = { light = 1.0 "
      "}\n[party.heals]\nfirst_aid = 5\nhealing = 3\n[[opponents]]\nname = \"brute\"\nrounds "
      "= 1\n[[opponents.attacks]]\nhit_chance = 1.0\nwound = { light = 1.0 }\n";
  Script s;
  s.d(20, 10).d(20, 10).d(20, 10);  // initiative: blade, medic, brute
  s.d(2, 1).yes().u(0.5);           // the brute strikes blade: a light wound
  s.d(10, 5).d(10, 5);              // 6 s: the medic binds it, 5 - 1 + 0 succeeds
  // 2 days on: the medic's roll, 3 + 0 (its pain) - 1; -2 succeeds (blade's own would be -9).
  s.d(10, 3).d(10, 5);
  const test::Played p = test::play_scripted(toml, s);
  INFO(p.log);
  const LoadedScenario ls = test::load_text(toml);
  REQUIRE(spec(ls).ends[p.outcome.end].name() == "recovered");
  CHECK(test::duration(ls, p.outcome, "downtime") == 6 + 2 * kDay);
  CHECK(test::duration(ls, p.outcome, "time_out_of_action_blade") == 2 * kDay);
  CHECK(p.log.find("medic heals blade's light wound") != std::string::npos);
}

namespace {

// Whether the scripted trial ends within `seconds`, played in a child process: a trial that
// spins (no draw, no end) is killed by the alarm instead of hanging the test run.
bool ends_within(const std::string& toml, const Script& script, unsigned seconds) {
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::alarm(seconds);
    int status = 0;
    try {
      Script s = script;
      test::play_scripted(toml, s);
    } catch (...) {
      status = 1;
    }
    std::_Exit(status);  // nothing of the parent's (Catch's report, static state) runs twice
  }
  const int status = test::wait_for(pid);
  return WIFEXITED(status);
}

}  // namespace

TEST_CASE(
    "harmonies party rest: a healing roll waits for a fainted healer, who comes to first at "
    "that very time",
    "[harmonies][party][rest][scripted]") {
  // blade, listed first, is the patient; the medic, the party's only healer, faints in the
  // first aid after the fight and comes to 3 days later, after blade's healing roll was due
  // (fix 3a98916: at one time, every waking comes before any healing roll; before it, blade's
  // roll, listed first, waited again and again for the waking at that very second).
  const Seconds wakes = 900 + 3 * kDay;
  const std::string toml =
      "name = \"rest\"\nruleset = \"harmonies\"\ntrials = 1000\nseed = 3\nhorizon = \"" +
      std::to_string(wakes + kHour) +
      " seconds\"\n[[party]]\nname = \"blade\"\nsurvival = 8\nfainting = 7\n"
      "[[party.attacks]]\nhit_chance = 0.5\nwound = { light = 1.0 }\n[party.heals]\n"
      "first_aid = 5\n[[party]]\nname = \"medic\"\nsurvival = 8\nfainting = 7\n"
      "faint_duration = \"3 days\"\n[[party.attacks]]\nhit_chance = 0.5\nwound = { light = "
      "1.0 }\n[party.heals]\nhealing = 3\n[[opponents]]\nname = \"brute\"\nrounds = 1\n"
      "[[opponents.attacks]]\nhit_chance = 1.0\nwound = { light = 1.0 }\n[[opponents]]\nname = "
      "\"thug\"\nrounds = 1\n[[opponents.attacks]]\nhit_chance = 1.0\nwound = { grave = 1.0 }\n";
  Script s;
  s.d(20, 10).d(20, 10).d(20, 10).d(20, 10);  // initiative: blade, medic, brute, thug
  s.d(2, 1).yes().u(0.5);                     // the brute strikes blade: a light wound (3 pain)
  s.d(2, 2).yes().u(0.5);  // the thug the medic: a grave wound, 5 pain: 7 - 5 + 0 holds
  s.d(10, 5).d(10, 5);
  // From 6 s, a round at a time, blade tends the medic (the more urgent) at 5 - 3 - 3 (its
  // pain): -9 fails, until the grave wound's unstable roll at 15 minutes: 8 - 5 - 9 fails, the
  // wound worsens to critical (10 pain: a fainting roll, 7 - 15 - 9, fails: 3 days); blade
  // binds it then (5 - 5 - 3 + 8), and itself a round later (5 - 1 - 3 + 0).
  for (int round = 1; round < 150; ++round) s.d(10, 1).d(10, 10);
  s.d(10, 1).d(10, 10);
  s.d(10, 1).d(10, 10);
  s.d(10, 9).d(10, 1);
  s.d(10, 5).d(10, 5);
  // The rest: the medic's stable critical wound rolls every 6 hours (+9 holds, whatever its
  // pain); blade's healing roll due at 2 days + 906 s waits for the medic; at 3 days + 900 s
  // the medic's roll, its waking, then its healing roll on blade: 3 - 1 - 5 (pain) + 3 heals.
  for (int k = 1; k <= 12; ++k) s.d(10, 10).d(10, 1);
  s.d(10, 4).d(10, 1);
  REQUIRE(ends_within(toml, s, 20));
  const test::Played p = test::play_scripted(toml, s);
  INFO(p.log);
  const size_t comes_to = p.log.find("medic comes to");
  const size_t heals = p.log.find("medic heals blade's light wound");
  REQUIRE(comes_to != std::string::npos);
  REQUIRE(heals != std::string::npos);
  CHECK(comes_to < heals);
  CHECK(p.log.find("blade has no wound left") != std::string::npos);
  const LoadedScenario ls = test::load_text(toml);
  CHECK(spec(ls).ends[p.outcome.end].name() == "unresolved_still_hurt");  // the medic's wound
  CHECK(counter(ls, p.outcome, "deaths") == 0);
}

TEST_CASE("harmonies party rest: a missed surveillance's -1 falls on the healing roll",
          "[harmonies][party][rest][scripted]") {
  const std::string toml = rest_text("light", "healing = 3\n", "[rest]\nneglect = 0.5\n");
  Script s;
  play_fight(s, false);
  // 1 day after the binding (6 s): the light wound's surveillance is missed; its survival roll
  // 8 - 1 (pain) + 0 holds; later rolls -1.
  s.yes().d(10, 5).d(10, 5);
  // 2 days: the surveillance is kept, then the healing roll 3 - 1 (pain) - 1 - 1 (missed care):
  // -1 fails (it would have succeeded without the missed care): unstable.
  s.no().d(10, 4).d(10, 5);
  s.d(10, 5).d(10, 5);  // a round later the hero binds it again (5 - 1 - 1)
  // Every wound's rest over: two more days, two kept surveillances, and a roll of 0 succeeds.
  s.no().no().d(10, 5).d(10, 5);
  const test::Played p = test::play_scripted(toml, s);
  INFO(p.log);
  const LoadedScenario ls = test::load_text(toml);
  REQUIRE(spec(ls).ends[p.outcome.end].name() == "recovered");
  CHECK(test::duration(ls, p.outcome, "downtime") == 6 + 2 * kDay + kRound + 2 * kDay);
  CHECK(counter(ls, p.outcome, "heals_used") == 2);  // the two first-aid rolls
}

TEST_CASE("harmonies party rest: the new keys' bad values are located and explained",
          "[harmonies][party][rest][errors]") {
  auto error = [](const std::string& toml) {
    return test::error_of([&] { test::load_text(toml); });
  };
  CHECK_THAT(error(rest_text("light", "healing = 40\n")),
             Catch::Contains("party[1].heals.healing") && Catch::Contains("30"));
  CHECK_THAT(error(rest_text("light", "", "[rest]\nneglect = 1.5\n")),
             Catch::Contains("rest.neglect"));
  CHECK_THAT(error(rest_text("light", "", "[rest]\nequipment = 2\n")),
             Catch::Contains("rest.equipment"));
  CHECK_THAT(error(rest_text("light", "", "[rest]\npain_recovery = \"0 seconds\"\n")),
             Catch::Contains("rest.pain_recovery"));
  CHECK_THAT(error(rest_text("light", "", "[rest]\nneglet = 0.1\n")),
             Catch::Contains("rest.neglet") && Catch::Contains("neglect"));
  // A single character's scenario has no [rest]: its keys are [aftercare]'s and [recovery]'s.
  const std::string bad = test::write_file("harmonies-party-rest-bad.toml",
                                           rest_text("light", "", "[rest]\nneglect = 1.5\n"));
  const std::string out = test::fresh_path("harmonies-party-rest-bad-out");
  const test::CliResult r = test::cli({"run", bad, "--out", out});
  CHECK(r.status == 2);
  CHECK_THAT(r.err, Catch::StartsWith(bad + ":") && Catch::Contains("rest.neglect"));
  CHECK(test::names_in(out).empty());
}

namespace {

// P(±d10 + modifiers >= 0), closed rolls: the 100 faces of d10 - d10.
double chance_of(int modifiers) {
  int ok = 0;
  for (int a = 1; a <= 10; ++a)
    for (int b = 1; b <= 10; ++b) ok += a - b + modifiers >= 0;
  return ok / 100.0;
}

}  // namespace

TEST_CASE("harmonies party rest: healing two light wounds against its exact absorbing chain",
          "[harmonies][party][rest][markov][statistics]") {
  // Two light wounds at 0 s, bound at 6 s (first aid and survival 30: nothing fails but the
  // healing rolls). The healer (the member itself, level L) rolls at the light wound's
  // difficulty -1 and its own pain penalty: the pain is at the mortality by then (2 with two
  // wounds; 2 still for the roll that follows a success at once, 1 after a wait). A failure:
  // unstable, bound again a round later (6 s), every wound's rest over: the next roll 2 days on.
  // States: A two wounds; B one, the roll right after a success; C one, after a wait.
  for (const int level : {1, 3, 6}) {
    const double p2 = chance_of(level - 1 - 2), p1 = chance_of(level - 1 - 1);
    const double wait = static_cast<double>(2 * kDay + kRound);
    Eigen::Matrix3d Q = Eigen::Matrix3d::Zero();
    Q(0, 0) = 1 - p2;
    Q(0, 1) = p2;
    Q(1, 2) = 1 - p2;
    Q(2, 2) = 1 - p1;
    const Eigen::Vector3d waits((1 - p2) * wait, (1 - p2) * wait, (1 - p1) * wait);
    const Eigen::Matrix3d N = (Eigen::Matrix3d::Identity() - Q).inverse();
    const double exact = 6.0 + static_cast<double>(2 * kDay) + (N * waits)(0);
    const std::string toml =
        "name = \"chain\"\nruleset = \"harmonies\"\ntrials = 1000\nseed = 3\nhorizon = \"365 "
        "days\"\n[[party]]\nname = \"hero\"\nsurvival = 30\nfainting = 30\n[[party.attacks]]\n"
        "hit_chance = 0.5\nwound = { light = 1.0 }\n[party.heals]\nfirst_aid = 30\nhealing = " +
        std::to_string(level) +
        "\n[[opponents]]\nname = \"brute\"\nrounds = 1\n[[opponents.attacks]]\n"
        "hit_chance = 1.0\nwound = { light = 1.0 }\nstrikes = 2\n";
    const LoadedScenario ls = test::load_text(toml);
    const uint64_t n = 40'000;
    const RunTally t = run_trials(ls, 90 + static_cast<uint64_t>(level), 0, n);
    const Tally& x = t.variants[0];
    const MetricSpec& m = metrics_of(ls.models[0]);
    REQUIRE(x.ends_in(m.end_mask(EndKind::Recovered)) == n);
    const LogHistogram& d = x.durations[static_cast<size_t>(m.duration_index("downtime"))];
    INFO("healing " << level << ": E[downtime] exact " << exact << " s, MC " << d.mean());
    CHECK(std::fabs(d.mean() - exact) <= 4 * std::sqrt(d.variance() / static_cast<double>(n)));
  }
}
