// The flux coma's three readings that seed 002 leaves open, each option at each value with
// scripted dice (tests are d20 + stat >= 15): the first Survival test of a coma begun past
// -VAI, the test when a comatose character is struck, and the exhaustion of acting at 0 PV
// carried into the coma (rules/flux/README.md, interpretations 4 and 19).
#include <catch2/catch.hpp>

#include "sim/engine/registry.h"
#include "tests/support.h"

using namespace leth;
namespace fm = leth::flux::metric;

namespace {

// A character of 10 PV and VAI 3 (or `vai`) struck by an ogre for `damage`, alone.
std::string scenario(const std::string& options, int damage, const std::string& horizon,
                     const std::string& extra = "", int vai = 3) {
  return "name = \"t\"\nruleset = \"flux\"\nhorizon = \"" + horizon + "\"\n[options]\n" + options +
         "[resolution]\ndifficulty = 15\n[character]\nmax_pv = 10\nvai = " + std::to_string(vai) +
         "\n[recovery]\nhour_rests = false\nfirst_night = \"7 days\"\n" + extra +
         "[encounter]\nrounds = 1\n[[encounter.attackers]]\nname = \"ogre\"\ndamage = " +
         std::to_string(damage) + "\n";
}

}  // namespace

TEST_CASE("flux option test_at_coma_onset: a coma begun past -VAI tests at once, or hourly",
          "[flux][options]") {
  // 14 damage: -4 PV, past VAI 3; the Survival test at 0 PV fails: the coma at 0 s.
  SECTION("true (the default): the test at the onset; failure kills at once") {
    Script s;
    s.yes().d(20, 1);  // the hit; Survival 4: the coma
    s.d(20, 1);        // the onset's test: 4: failure
    const test::Played p = test::play_scripted(scenario("", 14, "30 minutes"), s);
    CHECK(p.outcome.end == fm::kDiedComa);
    CHECK(p.outcome.end_time == 0);
    CHECK(p.outcome.counters[fm::kComaSurvivalTests] == 1);
  }
  SECTION("false: no test at the onset; the first with the first hour's loss") {
    Script s;
    s.yes().d(20, 1);  // the coma at -4 PV, no test
    s.d(20, 1);        // 1:00:00, -5 PV: the first test, failed
    const test::Played p =
        test::play_scripted(scenario("test_at_coma_onset = false\n", 14, "2 hours"), s);
    CHECK(p.outcome.end == fm::kDiedComa);
    CHECK(p.outcome.end_time == kHour);
    CHECK(p.outcome.counters[fm::kComaSurvivalTests] == 1);
  }
}

TEST_CASE("flux option test_when_struck: a comatose character struck past -VAI tests at once",
          "[flux][options]") {
  // VAI 0; the ogre strikes for 10 in both rounds, and keeps striking the comatose character.
  const std::string two_rounds = "rounds = 2\n";
  auto text = [&](const std::string& options, const std::string& horizon) {
    std::string t = scenario(options, 10, horizon, "", 0);
    t.replace(t.find("rounds = 1\n"), 11, two_rounds);
    return t + "keep_attacking_downed = 1.0\n";
  };
  SECTION("true (the default): the test at once; failure kills in the fight") {
    Script s;
    s.yes().d(20, 1);  // 0 PV, Survival 1: the coma at 0 PV (not past -VAI 0)
    s.yes().yes();     // round 2: struck in the coma: -10 PV
    s.d(20, 1);        // the test at once: failure
    const test::Played p = test::play_scripted(text("", "30 minutes"), s);
    CHECK(p.outcome.end == fm::kDiedComa);
    CHECK(p.outcome.end_time == kRound);
  }
  SECTION("false: only the PV lost; the next hourly test sees it") {
    Script s;
    s.yes().d(20, 1);
    s.yes().yes();  // -10 PV, no test
    s.d(20, 1);     // 1:00:00, -11 PV: the hourly test, failed
    const test::Played p = test::play_scripted(text("test_when_struck = false\n", "2 hours"), s);
    CHECK(p.outcome.end == fm::kDiedComa);
    CHECK(p.outcome.end_time == kHour);
    CHECK(p.outcome.counters[fm::kComaSurvivalTests] == 1);
  }
}

TEST_CASE("flux option exhausted_into_coma: the exhaustion of acting at 0 PV in the coma",
          "[flux][options]") {
  // 10 damage: 0 PV; the Survival test passed (12 + 3): acting, exhausted, until 0:10:00, then
  // the coma; -1 PV an hour; at 4:10:00, -4 PV, past VAI 3: a Survival test, d20 17.
  SECTION("false (the default): the exhaustion ends with the coma; 17 + 3 passes") {
    Script s;
    s.yes().d(20, 12);
    s.d(20, 17);  // 4:10:00: 20: success
    const test::Played p = test::play_scripted(scenario("", 10, "5 hours"), s);
    CHECK(p.outcome.end == fm::kStillComa);
    CHECK(p.outcome.counters[fm::kComaSurvivalTests] == 1);
  }
  SECTION("true: still exhausted in the coma; the odd 17 counts 0 and kills") {
    Script s;
    s.yes().d(20, 12);
    s.d(20, 17);  // 4:10:00: odd, 0 + 3 = 3: failure
    const test::Played p =
        test::play_scripted(scenario("exhausted_into_coma = true\n", 10, "5 hours"), s);
    CHECK(p.outcome.end == fm::kDiedComa);
    CHECK(p.outcome.end_time == 4 * kHour + 10 * kMinute);
  }
  SECTION("true: the exhaustion lasts through waking, until the first rest") {
    // A helper with Medicine 20 stabilises at 0:10:00; the first wake test at 1:10:00 shows 13
    // (odd: 0): failed; 2:10:00 shows 14: 17, awake at 1 PV with a sequela. The first hour's
    // rest then ends the exhaustion, and only then does the character set off for the clinic
    // (002: "Ne permet plus de voyager ... tant qu'un repos n'a pas été effectué").
    const std::string help =
        "clinic_travel = \"1 day\"\nhour_rests = true\n[aftercare]\nhelp_arrives = \"0 "
        "minutes\"\nmedicine = 20\n";
    std::string text = scenario("exhausted_into_coma = true\n", 10, "2 days", help);
    text.replace(text.find("hour_rests = false\n"), 19, "");
    Script s;
    s.yes().d(20, 12);
    s.d(20, 1);   // 0:10:00: Medicine 21: stabilised
    s.d(20, 13);  // 1:10:00: odd: 0 + 3: failure
    s.d(20, 14);  // 2:10:00: 17: awake, 1 PV
    s.d(6, 1);    // the sequela: ADR
    s.d(4, 4);    // the hour's rest 2:10:00 - 3:10:00: 5 PV; the exhaustion ends: off to the
                  // clinic, reached at 1 day 3:10:00
    s.d(4, 2);    // 15:10:00: 7 PV
    s.d(4, 1);    // 1 day 3:10:00: 8 PV
    s.d(4, 2);    // 1 day 15:10:00: 10 PV, full
    const test::Played p = test::play_scripted(text, s);
    INFO(p.log);
    CHECK(p.outcome.counters[fm::kWakeTests] == 2);
    CHECK(p.outcome.end == fm::kRecovered);
    CHECK(p.outcome.durations[fm::kTimeToClinic] == kDay + 3 * kHour + 10 * kMinute);
  }
}
