// Seed 001's sudden effort in a harmonies party fight (rules/harmonies/README.md, the party
// fight, reading 11), on scripted dice: at the end of a standing member's turn, its grave
// wound worsens to critical with its effort_worsening, or holds; a member with no grave wound,
// or with no effort_worsening, draws nothing for it; and a day carries a stabilised grave
// wound into a later fight, where the effort can worsen it.
#include <catch2/catch.hpp>

#include "sim/engine/load.h"
#include "tests/party_support.h"
#include "tests/support.h"

using namespace leth;
using test::counter;

namespace {

// A hero against a brute who survives one light wound (its light cap 1, grave and critical
// 0: a second wound kills it), a round at most: the brute's blow is grave, the hero's light.
std::string effort_text(const std::string& effort) {
  return "name = \"effort\"\nruleset = \"harmonies\"\ntrials = 1000\nseed = 3\n"
         "horizon = \"10 seconds\"\n[fight]\nround_cap = 1\n"
         "[[party]]\nname = \"hero\"\nsurvival = 8\nfainting = 30\n" +
         effort +
         "\n[[party.attacks]]\nhit_chance = 1.0\nwound = { light = 1.0 }\n"
         "[[opponents]]\nname = \"brute\"\nsurvival = 5\ninitiative = 5\n"
         "[opponents.caps]\nlight = 1\ngrave = 0\ncritical = 0\n"
         "[[opponents.attacks]]\nhit_chance = 1.0\nwound = { grave = 1.0 }\n";
}

// The round up to the end of the hero's turn: initiative (the brute first), its blow (a grave
// wound, 5 pain: a fainting roll, 30 - 5 + 4 holds), the hero's blow (a light wound, the brute
// holds).
void first_round(Script& s) {
  s.d(20, 1).d(20, 20);
  s.yes().u(0.5);
  s.d(10, 5).d(10, 1);
  s.yes().u(0.5);
}

}  // namespace

TEST_CASE("harmonies party fight: sudden effort worsens a grave wound at the end of a turn",
          "[harmonies][party][effort][scripted]") {
  const std::string toml = effort_text("effort_worsening = 0.25");
  Script s;
  first_round(s);
  s.yes();               // the end of its turn: the effort worsens the grave wound
  s.d(10, 5).d(10, 1);   // the critical wound's pain: one fainting roll, 30 - 15 + 4 holds
  const test::Played p = test::play_scripted(toml, s);
  INFO(p.log);
  CHECK(p.log.find("hero strains its grave wound: sudden effort") != std::string::npos);
  CHECK(p.log.find("hero: the grave wound worsens to critical") != std::string::npos);
}

TEST_CASE("harmonies party fight: sudden effort that holds, and none to draw",
          "[harmonies][party][effort][scripted]") {
  SECTION("the effort holds: one draw, the wound stays grave") {
    Script s;
    first_round(s);
    s.no();  // the effort holds
    const test::Played p = test::play_scripted(effort_text("effort_worsening = 0.25"), s);
    INFO(p.log);
    CHECK(p.log.find("sudden effort") == std::string::npos);
    CHECK(p.log.find("worsens") == std::string::npos);
  }
  SECTION("without effort_worsening no draw is made for it (a strict script)") {
    Script s;
    first_round(s);
    const test::Played p = test::play_scripted(effort_text(""), s);
    CHECK(p.log.find("sudden effort") == std::string::npos);
  }
}

TEST_CASE(
    "harmonies party day: a grave wound stabilised after the first fight is at risk of sudden "
    "effort in the next",
    "[harmonies][party][effort][day][scripted]") {
  // The first fight as above, the effort holding; the hero binds its grave wound (first aid
  // 10 - 3 - 5 (pain) + 4), an hour's road eases a point of pain; the second fight's brute
  // misses, the hero strikes, and at the end of its turn the stable grave wound worsens.
  std::string toml = effort_text("effort_worsening = 0.25\n[party.heals]\nfirst_aid = 10");
  toml.replace(toml.find("horizon = \"10 seconds\""), 22, "horizon = \"2 hours\"");
  toml += "[day]\ntravel = \"1 hour\"\n[[day.next]]\n[[day.next.opponents]]\nname = \"brute\"\n"
          "survival = 5\ninitiative = 5\n[day.next.opponents.caps]\nlight = 1\ngrave = 0\n"
          "critical = 0\n[[day.next.opponents.attacks]]\nhit_chance = 1.0\n"
          "wound = { grave = 1.0 }\n";
  Script s;
  first_round(s);
  s.no();               // encounter 1: the effort holds
  s.d(10, 5).d(10, 1);  // first aid between the two
  s.d(20, 1).d(20, 20);
  s.no();               // encounter 2: the brute misses
  s.yes().u(0.5);       // the hero's light wound on it
  s.yes();              // the effort: the stable grave wound worsens to critical
  s.d(10, 5).d(10, 1);  // its pain's fainting roll holds; it stays stable (reading 11)
  const test::Played p = test::play_scripted(toml, s);
  INFO(p.log);
  const size_t second = p.log.find("encounter 2 of 2 begins");
  REQUIRE(second != std::string::npos);
  CHECK(p.log.find("hero is stable") < second);
  CHECK(p.log.find("hero strains its grave wound: sudden effort") > second);
  CHECK(p.log.find("the grave wound worsens to critical") != std::string::npos);
  CHECK(p.log.find("hero's pain eases to 4") < second);
}
