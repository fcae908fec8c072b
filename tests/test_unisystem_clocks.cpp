// Unisystem penalties and recoveries on their own clocks (issue #18, unisystem items 1-4), with
// scripted dice: the essence −3 and the half-pool −1 lift as essence comes back, the endurance
// test repeats after the fight, damage that lands on no track calls for no test, and a rate of
// 0 restores nothing (once a division by zero).
#include <catch2/catch.hpp>

#include "rules/unisystem/model.h"
#include "sim/engine/registry.h"
#include "tests/support.h"

using namespace leth;
namespace um = leth::unisystem::metric;
using leth::unisystem::kTurn;

namespace {

// A scenario with these [options], [character] and attackers; rounds, recovery and horizon
// as given.
std::string scenario(const std::string& options, const std::string& character,
                     const std::string& attackers, const std::string& extra = "",
                     const std::string& horizon = "90 days") {
  return "name = \"t\"\nruleset = \"unisystem\"\nhorizon = \"" + horizon + "\"\n[options]\n" +
         options + "[character]\n" + character + extra + "[encounter]\nrounds = 1\n" + attackers;
}

std::string attacker(const std::string& keys) {
  return "[[encounter.attackers]]\nhit_chance = 1.0\n" + keys;
}

}  // namespace

TEST_CASE("unisystem: the essence -3 lifts as essence comes back", "[unisystem][clocks]") {
  // 000: "À 1 ou 0 points d'essence ... Tous les tests et épreuves subissent une pénalité de
  // -3", and essence comes back at "1 point d'essence par niveau de volonté, chaque heure". A
  // drain to 1 in the fight; the daily survival test without care a day later, at -9 HP, is
  // made with essence back to full (9 points at Will 2 an hour: 5 hours).
  const std::string s =
      scenario("shock_test = false\n", "max_hp = 20\nhp = -9\ncon = 1\nwill = 2\nessence = 10\n",
               attacker("damage = \"9\"\nchannel = \"essence\"\n"), "", "2 days");
  Script d;
  d.yes();     // the drain: essence 10 -> 1
  d.d(10, 6);  // day 1: 6 + 3 = 9: passes (with the -3 still there: 6 + 0 = 6, a failure, and
               // at -10 the character would die)
  const test::Played p = test::play_scripted(s, d);
  CHECK(p.log.find("daily survival test: D10 6 + 3 = 9: 1 level") != std::string::npos);
  CHECK(p.outcome.end == um::kStillInjured);
  CHECK(p.outcome.counters[um::kSurvivalTests] == 1);
}

TEST_CASE("unisystem: the half-pool -1 lifts when half the essence lost is back",
          "[unisystem][clocks]") {
  // 000: "les épreuves mentales sont accomplies avec une pénalité de -1 jusqu'à ce que la
  // moitié de l'essence perdue soit récupérée". Essence 10, Channelling 5 (5 a minute): a drain
  // of 6 in round 1; a blow of 3 in round 14 (65 s), when one minute's 5 points are back.
  const std::string s = scenario(
      "", "max_hp = 30\ncon = 2\nwill = 3\nessence = 10\nchannelling = 5\n",
      attacker("name = \"drain\"\ndamage = \"6\"\nchannel = \"essence\"\nlast_round = 1\n") +
          attacker("name = \"blow\"\ndamage = \"3\"\nfirst_round = 14\nlast_round = 14\n"));
  const std::string long_fight = [&] {
    std::string t = s;
    t.replace(t.find("rounds = 1"), 10, "rounds = 14");
    return t;
  }();
  Script d;
  d.yes();      // round 1: the drain, essence 4 (6 of 10 lost)
  d.d(10, 10);  // the Will test after it: 10 + 6 - 1 (half lost) - 6 = 9: passes
  d.yes();      // round 14: the blow
  d.d(10, 6);   // 6 + 6 - 3 = 9: passes (with the -1 still there: 8, a collapse)
  const test::Played p = test::play_scripted(long_fight, d);
  CHECK(p.outcome.counters[um::kCollapsed] == 0);
  // Essence full two minutes after the drain; 3 HP at 2 a day from the end of the fight.
  CHECK(p.outcome.durations[um::kDowntime] == 14 * kTurn + 2 * kDay);
}

TEST_CASE("unisystem: the endurance test repeats after the fight until the character falls",
          "[unisystem][clocks]") {
  // 000: "Ce test se répète tous les tours, jusqu'à ce que le personnage tombe dans
  // l'inconscience." A cinematic blow of 12 on 10 endurance: -2, a test at -1 each turn.
  const std::string s = scenario(
      "cinematic = true\nshock_test = false\n", "max_hp = 30\ncon = 2\nwill = 2\nendurance = 10\n",
      attacker("damage = \"12\"\nchannel = \"nonlethal\"\ndamage_type = \"blunt\"\n"));
  Script d;
  d.yes();     // endurance -2
  d.d(10, 9);  // the end of the fight's one turn (5 s): 9 + 3 = 12, still up
  d.d(10, 9);  // after the fight, turn 2 (10 s): up
  d.d(10, 1);  // turn 3 (15 s): 1 + 3 = 4: unconscious
  const test::Played p = test::play_scripted(s, d);
  const Outcome& o = p.outcome;
  CHECK(o.counters[um::kEnduranceKnockouts] == 1);
  CHECK(o.counters[um::kSurvivalTests] == 3);
  // Asleep from 15 s: 12 endurance at Con 2 every half hour, 3 hours (awake: 6).
  CHECK(o.end == um::kRecovered);
  CHECK(o.durations[um::kDowntime] == 3 * kTurn + 3 * kHour);
  CHECK(o.durations[um::kOutOfAction] == 3 * kHour);
}

TEST_CASE("unisystem: an endurance test that cannot fail is not rolled", "[unisystem][clocks]") {
  // Con 5 + Will 5 at -1: the die's 1 gives 10. Nothing to roll, in the fight or after it; the
  // character rests the 12 points back at Con 5 an hour: 3 hours.
  const std::string s = scenario(
      "cinematic = true\nshock_test = false\n", "max_hp = 30\ncon = 5\nwill = 5\nendurance = 10\n",
      attacker("damage = \"12\"\nchannel = \"nonlethal\"\ndamage_type = \"blunt\"\n"));
  Script d;
  d.yes();
  const test::Played p = test::play_scripted(s, d);
  CHECK(p.outcome.counters[um::kSurvivalTests] == 0);
  CHECK(p.outcome.counters[um::kEnduranceKnockouts] == 0);
  CHECK(p.outcome.durations[um::kDowntime] == kTurn + 3 * kHour);
  CHECK(!p.outcome.has(um::kOutOfAction));  // never fell
}

TEST_CASE("unisystem: damage that lands on no track calls for no Will test",
          "[unisystem][clocks]") {
  // README interpretation 18: non-lethal damage does nothing to a creature without endurance
  // (a vampyre), nor a drain to a character whose essence is not tracked (essence = 0): no
  // damage, so no "test simple de Volonté ... un malus égal aux dégâts subis".
  const std::string vampyre =
      scenario("cinematic = true\n", "creature = \"vampyre\"\nmax_hp = 50\ncon = 4\nwill = 3\n",
               attacker("damage = \"10\"\nchannel = \"nonlethal\"\ndamage_type = \"blunt\"\n"));
  Script d;
  d.yes();  // the club lands on nothing; no Will test is rolled
  const test::Played p = test::play_scripted(vampyre, d);
  CHECK(p.outcome.counters[um::kCollapsed] == 0);
  CHECK(p.outcome.end == um::kRecovered);
  CHECK(p.outcome.durations[um::kDowntime] == 0);  // never hurt

  const std::string no_essence = scenario("", "max_hp = 30\nessence = 0\n",
                                          attacker("damage = \"5\"\nchannel = \"essence\"\n"));
  Script e;
  e.yes();
  CHECK(test::play_scripted(no_essence, e).outcome.counters[um::kCollapsed] == 0);
}

TEST_CASE("unisystem: a recovery rate of 0 restores nothing", "[unisystem][clocks]") {
  // Issue #18: a ghost with Will 0 and no channelling heals (Volonté + canalisation) = 0
  // points a day; an heir with Will 0, 0 HP and 0 endurance a turn. Once a division by zero
  // (SIGFPE); now the track does not come back and the trial is unresolved at the horizon.
  for (const char* creature : {"ghost", "heir", "incarnate", "real_immortal", "vampyre"}) {
    INFO(creature);
    const std::string s =
        scenario("shock_test = false\n",
                 "creature = \"" + std::string(creature) + "\"\nmax_hp = 30\ncon = 0\nwill = 0\n",
                 attacker("damage = \"5\"\n"), "", "30 days");
    Script d;
    d.yes();
    const test::Played p = test::play_scripted(s, d);
    CHECK(p.outcome.end == um::kStillInjured);
  }
  // An heir's endurance (Volonté points / tour) with Will 0: a cinematic blow never comes back.
  const std::string heir = scenario(
      "cinematic = true\nshock_test = false\n", "creature = \"heir\"\nmax_hp = 30\nwill = 0\n",
      attacker("damage = \"5\"\nchannel = \"nonlethal\"\ndamage_type = \"blunt\"\n"), "",
      "30 days");
  Script h;
  h.yes();
  CHECK(test::play_scripted(heir, h).outcome.end == um::kStillInjured);
  // A human with Will 0 and no channelling: "1 point d'essence par niveau de volonté" is 0.
  const std::string human =
      scenario("shock_test = false\n", "max_hp = 30\nwill = 0\n",
               attacker("damage = \"2\"\nchannel = \"essence\"\n"), "", "30 days");
  Script u;
  u.yes();
  CHECK(test::play_scripted(human, u).outcome.end == um::kStillInjured);
}

TEST_CASE("unisystem: a ghost without channelling gets essence back at Will a minute",
          "[unisystem][clocks]") {
  // 000's essence table, Fantôme: "(Canalisation d'essence) points / minute (Volonté) points /
  // minute" — the second rate for a ghost without Essence Channelling (it used to be 0: the
  // essence came back at once). A drain of 6 on 10: Will 2 a minute, 3 minutes; Channelling 3,
  // 2 minutes.
  for (const auto& [channelling, minutes] : {std::pair{0, 3}, std::pair{3, 2}}) {
    INFO("channelling " << channelling);
    const std::string s =
        scenario("shock_test = false\n",
                 "creature = \"ghost\"\nmax_hp = 30\nwill = 2\nessence = 10\nchannelling = " +
                     std::to_string(channelling) + "\n",
                 attacker("damage = \"6\"\nchannel = \"essence\"\n"));
    Script d;
    d.yes();
    const test::Played p = test::play_scripted(s, d);
    CHECK(p.outcome.end == um::kRecovered);
    CHECK(p.outcome.durations[um::kDowntime] == minutes * kMinute);
  }
}

TEST_CASE("unisystem: downtime and time out of action, as defined once", "[unisystem][clocks]") {
  // Never hurt: full health all along (downtime 0), never out of action.
  const std::string miss =
      scenario("", "max_hp = 30\n", "[[encounter.attackers]]\nhit_chance = 0.0\ndamage = \"5\"\n");
  Script d;
  d.no();
  const test::Played p = test::play_scripted(miss, d);
  CHECK(p.outcome.end == um::kRecovered);
  CHECK(p.outcome.durations[um::kDowntime] == 0);
  CHECK(!p.outcome.has(um::kOutOfAction));
  // Collapsed by a blow of 2 (Will test 1 + 4 - 2 = 3), then a first aider at 2 minutes gives
  // both points back: on their feet, and at full health, at 2 minutes (not at the end of the
  // fight).
  const std::string aid = scenario("", "max_hp = 30\n", attacker("damage = \"2\"\n"),
                                   "[aftercare.first_aider]\narrives = \"2 minutes\"\nskill = 5\n");
  Script a;
  a.yes();
  a.d(10, 1);  // collapses
  a.d(10, 9);  // first aid: 14, 3 levels: both points back
  const test::Played q = test::play_scripted(aid, a);
  CHECK(q.outcome.counters[um::kCollapsed] == 1);
  CHECK(q.outcome.durations[um::kDowntime] == 2 * kMinute);
  CHECK(q.outcome.durations[um::kOutOfAction] == 2 * kMinute);
}
