// A fight longer than a minute (issue #18, unisystem item 5): the minute-by-minute survival
// tests run on the fight's own clock, interleaved with its rounds on one timeline — each at
// the HP of its minute, with nobody tending the wounded until the fight is over.
#include <catch2/catch.hpp>

#include "rules/unisystem/model.h"
#include "sim/engine/registry.h"
#include "tests/support.h"

using namespace leth;
namespace um = leth::unisystem::metric;

namespace {

// Petit Tim (46 HP, Con 5, Will 3) in a 20-round fight (100 s): a burst of 70 in round 1, a
// knife for 10 in round 10 (45 s) on the fallen body; a first aider from 1 minute.
std::string long_fight(const std::string& extra = "") {
  return "name = \"long\"\nruleset = \"unisystem\"\nhorizon = \"90 days\"\n"
         "[character]\nmax_hp = 46\ncon = 5\nwill = 3\n"
         "[recovery]\ncare = \"medical\"\n"
         "[aftercare.first_aider]\narrives = \"1 minute\"\nskill = 5\n" +
         extra +
         "[encounter]\nrounds = 20\n"
         "[[encounter.attackers]]\nname = \"smg\"\nhit_chance = 1.0\ndamage = \"70\"\n"
         "last_round = 1\n"
         "[[encounter.attackers]]\nname = \"knife\"\nhit_chance = 1.0\ndamage = \"10\"\n"
         "first_round = 10\nlast_round = 10\nkeep_attacking_downed = 1.0\n";
}

}  // namespace

TEST_CASE("unisystem: the minute chain runs inside a long fight, at the HP of its minute",
          "[unisystem][timeline]") {
  // 000: "A chaque minute, il a besoin de faire à nouveau un test de survie, tout d'abord avec
  // une pénalité de -3 (le -2 d'origine avec un -1 supplémentaire)". The first minute falls at
  // 60 s, inside the fight, after the knife took him from -24 to -34: -3 + -1 = -4.
  Script s;
  s.yes();     // round 1: 70, -24
  s.d(10, 6);  // survival test at -2: 12
  s.d(10, 1);  // stays conscious? no
  s.yes();     // round 10: the knife keeps at the fallen body ...
  s.yes();     // ... and hits: -34
  s.d(10, 9);  // survival test at -3: 14
  s.d(10, 5);  // minute 1 (60 s, in the fight): at -4, 5 + 4 = 9; the first aider, there
               // since 60 s, does not try under fire
  s.d(10, 4);  // minute 2 (120 s, the fight over at 100 s): the first aider, 4 + 5 = 9
  s.d(10, 1);  // first aid for the two wounds: 1 + 5 = 6, nothing
  s.d(10, 1);
  const test::Played p = test::play_scripted(long_fight(), s);
  CHECK(p.log.find("survival test (Con + Will - 4): D10 5 + 4 = 9") != std::string::npos);
  const Outcome& o = p.outcome;
  CHECK(o.counters[um::kSurvivalTests] == 3);
  CHECK(o.counters[um::kStabilised] == 1);
  CHECK(o.durations[um::kTimeDying] == 2 * kMinute);
  // Under care from the stabilisation: -34 + 5 a day: 7 days to +1, then 45 at 2 a day (23).
  CHECK(o.end == um::kRecovered);
  CHECK(o.durations[um::kDowntime] == 2 * kMinute + 30 * kDay);
  CHECK(o.durations[um::kOutOfAction] == 2 * kMinute + 30 * kDay);
}

TEST_CASE("unisystem: a death at a minute mark inside the fight ends it for the body",
          "[unisystem][timeline]") {
  // The first minute's test fails at 60 s: no round after it strikes the body (the knife's
  // later rounds draw nothing), and the hospital, at 9 minutes, is within Con x 2 = 10.
  Script s;
  s.yes();
  s.d(10, 6);
  s.d(10, 1);
  s.yes();
  s.yes();
  s.d(10, 9);
  s.d(10, 4);   // minute 1 at -4: 4 + 4 = 8, dead at 60 s
  s.d(10, 10);  // the doctor: 17, 5 levels
  s.d(10, 3);   // the survival test after resuscitation: 8 - 6 (-34 / 5) + 5 = 7; 3 + 7 = 10
  s.d(10, 1);   // the first aider's first aid for the two wounds, at 9 minutes: nothing
  s.d(10, 1);
  const test::Played p = test::play_scripted(
      long_fight("[aftercare.hospital]\narrives = \"9 minutes\"\n") +
          "[[encounter.attackers]]\nname = \"late\"\nhit_chance = 1.0\ndamage = \"10\"\n"
          "first_round = 13\nkeep_attacking_downed = 1.0\n",
      s);
  const Outcome& o = p.outcome;
  CHECK(o.counters[um::kResuscitated] == 1);
  CHECK(o.durations[um::kTimeDying] == kMinute);
  CHECK(o.counters[um::kSurvivalTests] == 4);
  // Under care from the hospital at 9 minutes: 7 days at 5 a day, 23 at 2.
  CHECK(o.end == um::kRecovered);
  CHECK(o.durations[um::kDowntime] == 9 * kMinute + 30 * kDay);
}
