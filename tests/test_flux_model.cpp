// The flux model rule by rule (seed 002), with scripted dice: every roll the model makes is
// given in order, and a roll out of place fails the test. Tests are d20 + stat >= difficulty
// (15 here), the resolution seeds/README prescribes.
#include <catch2/catch.hpp>

#include "sim/engine/registry.h"
#include "tests/support.h"

using namespace leth;
namespace fm = leth::flux::metric;

namespace {

struct Parts {
  std::string options;
  std::string character = "max_pv = 10\nvai = 3\nadr = 3\n";
  std::string encounter = "rounds = 1\n";
  std::string attackers = "[[encounter.attackers]]\nname = \"ogre\"\ndamage = 10\n";
  std::string aftercare;
  std::string recovery = "hour_rests = false\nfirst_night = \"7 days\"\n";
  std::string horizon = "2 days";
};

std::string scenario(const Parts& p) {
  std::string s = "name = \"t\"\nruleset = \"flux\"\nhorizon = \"" + p.horizon + "\"\n";
  s += "[options]\n" + p.options;
  s += "[resolution]\ndifficulty = 15\n";
  s += "[character]\n" + p.character;
  s += "[recovery]\n" + p.recovery;
  if (!p.aftercare.empty()) s += "[aftercare]\n" + p.aftercare;
  s += "[encounter]\n" + p.encounter + p.attackers;
  return s;
}

using test::Played;

// Plays one trial of `p` with the scripted dice; the script must be used up exactly.
Played play(const Parts& p, Script& script) {
  return test::play_scripted(scenario(p), script);
}

bool has(const Played& p, const std::string& text) {
  INFO(p.log);
  return p.log.find(text) != std::string::npos;
}

int sequela_magnitude(const Outcome& o, uint16_t id) {
  for (size_t i = 0; i < o.sequela_kinds; ++i)
    if (o.sequelae[i].id == id) return o.sequelae[i].magnitude;
  return 99;  // not carried
}

}  // namespace

TEST_CASE(
    "flux: a failed Survival test at 0 PV is the coma at once; 1 PV an hour; past -VAI "
    "a test each hour, failure kills",
    "[flux]") {
  Script s;
  s.yes();      // the ogre hits: 10 damage, 0 PV
  s.d(20, 11);  // Survival 11 + 3 = 14 vs 15: failure -> coma
  // 1 h: -1, 2 h: -2, 3 h: -3 (not past VAI 3), 4 h: -4 > 3: test
  s.d(20, 12);  // 15: success
  s.d(20, 11);  // 5 h, -5: 14: failure: dead
  const Played p = play(Parts{}, s);
  CHECK(has(p, "Survival test at 0 PV or less: d20 11 + 3 = 14 vs 15: failure"));
  CHECK(has(p, "falls into the coma at 0 PV"));
  CHECK(p.outcome.end == fm::kDiedComa);
  CHECK(p.outcome.end_time == 5 * kHour);
  CHECK(p.outcome.counters[fm::kComaSurvivalTests] == 2);
  CHECK(p.outcome.counters[fm::kComa] == 1);
  CHECK(p.outcome.durations[fm::kTimeToDeath] == 5 * kHour);
  CHECK_FALSE(p.outcome.has(fm::kOutOfAction));  // a death is counted by its end
}

TEST_CASE(
    "flux: a passed test at 0 PV delays the coma to the end of the scene; the helper "
    "stabilises, each failure costs 1 PV; waking at 1 PV with a d6 sequela; rest to full",
    "[flux]") {
  Parts parts;
  parts.aftercare = "help_arrives = \"0 minutes\"\nmedicine = 5\n";
  parts.recovery = "first_night = \"8 hours\"\nsleep = \"8 hours\"\n";
  parts.horizon = "5 days";
  Script s;
  s.yes();      // 10 damage: 0 PV
  s.d(20, 12);  // Survival 15: success: acting, exhausted, coma at 10 minutes
  s.d(20, 5);   // 10 min: Medicine 5 + 5 = 10: failure: -1 PV
  // 1 h 10: the hour's loss first (-2), then the attempt
  s.d(20, 10);  // 15: success: stabilised at 1 h 10
  s.d(20, 2);   // 2 h 10: wake 2 + 3 = 5: failure
  s.d(20, 12);  // 3 h 10: 15: success: 1 PV and a sequela
  s.d(6, 5);    // VAI 3 -> 2
  s.d(4, 4);    // hour rest 3 h 10 - 4 h 10: +4 -> 5 PV
  // the next hour rest (15 h 10) would overlap the night (8 h - 16 h): it waits; the night
  // gives +4 (9 PV)
  s.d(4, 1);  // hour rest 16 h - 17 h: 10 PV, full
  const Played p = play(parts, s);
  CHECK(has(p, "keeps acting, exhausted, until the end of the scene at 0:10:00"));
  CHECK(has(p, "[0:10:00] falls into the coma at 0 PV"));
  CHECK(has(p, "[0:10:00] Medicine test to stabilise: d20 5 + 5 = 10 vs 15: failure"));
  CHECK(has(p, "[1:10:00] Medicine test to stabilise: d20 10 + 5 = 15 vs 15: success"));
  CHECK(has(p, "[3:10:00] wakes at 1 PV with a sequela: VAI 3 -> 2"));
  CHECK(has(p, "a night's rest: +4 PV, PV 9/10"));
  CHECK(p.outcome.end == fm::kRecovered);
  CHECK(p.outcome.end_time == 17 * kHour);
  CHECK(p.outcome.durations[fm::kDowntime] == 17 * kHour);
  CHECK(p.outcome.durations[fm::kOutOfAction] == 3 * kHour);
  CHECK(p.outcome.durations[fm::kTimeToStabilise] == kHour);
  CHECK(p.outcome.counters[fm::kStabiliseFailures] == 1);
  CHECK(p.outcome.counters[fm::kWakeTests] == 2);
  CHECK(sequela_magnitude(p.outcome, 4) == -1);  // vai_loss
}

TEST_CASE("flux: damage while acting at 0 PV: a new test (odd d20 counts 0, exhausted) or none",
          "[flux]") {
  Parts parts;
  parts.encounter = "rounds = 2\n";
  parts.attackers = "[[encounter.attackers]]\nname = \"ogre\"\ndamage = 5\n";
  parts.character = "max_pv = 5\nvai = 3\n";
  SECTION("test_again: the odd 17 counts 0 -> coma at once") {
    Script s;
    s.yes().d(20, 12);  // 0 PV, Survival 15: acting
    s.yes().d(20, 17);  // -5 PV, exhausted: 17 is odd -> 0 + 3 = 3: coma at 6 s
    s.d(20, 20);        // the coma's onset: -5 past VAI 3: Survival 23: success
    for (int h = 1; h <= 47; ++h) s.d(20, 20);  // every hour, -6, -7, ...: 23, until 2 days
    const Played p = play(parts, s);
    CHECK(has(
        p, "Survival test (hurt again at 0 PV or less): d20 17 (odd: 0) + 3 = 3 vs 15: failure"));
    CHECK(has(p, "[0:00:06] falls into the coma at -5 PV"));
    CHECK(p.outcome.end == fm::kStillComa);
  }
  SECTION("no_test: only the loss; the coma at the end of the scene") {
    parts.options = "damage_at_zero = \"no_test\"\n";
    parts.horizon = "1 hour";
    Script s;
    s.yes().d(20, 12);  // acting
    s.yes();            // -5: no test
    s.d(20, 16);        // 10 min: the onset, -5 past VAI: exhausted no more: 16 + 3 = 19
    const Played p = play(parts, s);
    CHECK(has(p, "[0:10:00] falls into the coma at -5 PV"));
    CHECK(p.outcome.end == fm::kStillComa);
  }
}

TEST_CASE("flux: falls — table rows, surface, cushioning, PA ignored", "[flux][falls]") {
  Parts parts;
  parts.attackers = "";
  parts.character = "max_pv = 40\nvai = 3\nadr = 3\npa = 5\n";
  parts.horizon = "1 hour";
  SECTION("five floors onto a rough surface count as six: death") {
    parts.encounter = "[encounter.fall]\nfloors = 5\nsurface = \"rough\"\ncushion = \"spell\"\n";
    Script s;
    const Played p = play(parts, s);
    CHECK(p.outcome.end == fm::kDiedFall);
  }
  SECTION("six floors onto water are five: 1d10+30, armour ignored") {
    parts.encounter = "[encounter.fall]\nfloors = 6\nsurface = \"soft\"\n";
    Script s;
    s.d(10, 4);  // 34 damage: 40 -> 6 (PA 5 ignored)
    const Played p = play(parts, s);
    CHECK(has(p, "34 damage"));
    CHECK(has(p, "PV 6/40"));
  }
  SECTION("a spell halves, rounded up") {
    parts.encounter = "[encounter.fall]\nfloors = 1\ncushion = \"spell\"\n";
    Script s;
    s.d(10, 7);  // 7 -> 4
    const Played p = play(parts, s);
    CHECK(has(p, "4 damage (cushioned)"));
    CHECK(p.outcome.counters[fm::kFallsCushioned] == 1);
  }
  SECTION("an ADR test with the row's malus, when the GM allows it") {
    parts.options = "cushion_test = true\n";
    parts.encounter = "[encounter.fall]\nfloors = 3\ncushion = \"test\"\n";
    Script s;
    s.d(10, 9);   // 1d10+10 = 19
    s.d(20, 16);  // ADR 3 - malus 4: 16 - 1 = 15: success: 10
    const Played p = play(parts, s);
    CHECK(has(p, "cushions the fall (ADR): d20 16 - 1 = 15 vs 15: success"));
    CHECK(has(p, "10 damage (cushioned)"));
  }
  SECTION("without the GM's leave, no cushioning test") {
    parts.encounter = "[encounter.fall]\nfloors = 3\ncushion = \"test\"\n";
    Script s;
    s.d(10, 9);  // 19, taken in full
    const Played p = play(parts, s);
    CHECK(has(p, "19 damage"));
  }
  SECTION("the galloping horse: 1d10, malus 3, the surface does not move it") {
    parts.options = "cushion_test = true\n";
    parts.encounter = "[encounter.fall]\nmoving = true\nsurface = \"rough\"\ncushion = \"test\"\n";
    Script s;
    s.d(10, 5);
    s.d(20, 14);  // 14 + 3 - 3 = 14: failure
    const Played p = play(parts, s);
    CHECK(has(p, "cushions the fall (ADR): d20 14 vs 15: failure"));
    CHECK(has(p, "5 damage"));
  }
  SECTION("one floor onto a soft surface: unhurt") {
    parts.encounter = "[encounter.fall]\nfloors = 1\nsurface = \"soft\"\n";
    Script s;
    const Played p = play(parts, s);
    CHECK(has(p, "unhurt"));
    CHECK(p.outcome.end == fm::kRecovered);
  }
}

TEST_CASE("flux: nights — 4 PV, half for a short night with a Will test, clinic 1d4, disease cap",
          "[flux][rest]") {
  Parts parts;
  parts.character = "max_pv = 30\npv = 2\nvai = 3\n";
  parts.attackers = "[[encounter.attackers]]\ndamage = 1\nhit_chance = 0.5\n";
  parts.horizon = "3 days";
  SECTION("a full night: +4") {
    parts.recovery = "hour_rests = false\nfirst_night = \"8 hours\"\n";
    parts.horizon = "1 day";
    Script s;
    s.no();  // missed
    const Played p = play(parts, s);
    CHECK(has(p, "[16:00:00] a night's rest: +4 PV, PV 6/30"));
    CHECK(p.outcome.end == fm::kStillInjured);
  }
  SECTION("partial nights: +2, a Will test; success -2 on later tests, failure exhausted") {
    parts.recovery = "hour_rests = false\nfirst_night = \"8 hours\"\nsleep = \"4 hours\"\n";
    parts.horizon = "2 days";
    Script s;
    s.no();
    s.d(20, 12);  // Will 15: success: -2
    s.d(20, 14);  // second night: 14 + 3 - 2 = 15: success
    const Played p = play(parts, s);
    CHECK(has(p, "[12:00:00] a night's rest: +2 PV, PV 4/30"));
    CHECK(has(p, "Will test after a partial night: d20 14 + 1 = 15 vs 15: success"));
  }
  SECTION("poor sleep halves; the clinic adds 1d4 and a concoction") {
    parts.recovery =
        "hour_rests = false\nfirst_night = \"8 hours\"\nsleep_quality = \"poor\"\n"
        "clinic_travel = \"0 hours\"\nconcoction = \"1d6\"\n";
    parts.horizon = "1 day";
    Script s;
    s.no();
    s.d(4, 3).d(6, 2);  // 2 + 3 + 2 = 7
    const Played p = play(parts, s);
    CHECK(has(p, "a night in the clinic: +7 PV, PV 9/30"));
    CHECK(p.outcome.counters[fm::kClinicNights] == 1);
  }
  SECTION("a disease: the test, its days, its malus and night cap; the clinic on top") {
    parts.recovery = "hour_rests = false\nfirst_night = \"8 hours\"\nclinic_travel = \"0 hours\"\n";
    parts.attackers += "[encounter.disease]\nseverity = \"severe\"\n";
    parts.horizon = "1 day";
    Script s;
    s.d(20, 3).d(4, 2);  // Constitution 6: failure: 1d4+1 = 3 days
    s.no();
    s.d(4, 4);  // the night: capped at 1, + clinic 4 = 5
    const Played p = play(parts, s);
    CHECK(has(p, "falls severe (Constitution d20 3 + 3 = 6 vs 15: failure): 3 days"));
    CHECK(has(p, "a night in the clinic: +5 PV, PV 7/30"));
    CHECK(p.outcome.durations[fm::kTimeSick] == 3 * kDay);
  }
  SECTION("clinic_when_sick = false: a critical disease blocks the clinic's PV too") {
    parts.options = "clinic_when_sick = false\n";
    parts.recovery = "hour_rests = false\nfirst_night = \"8 hours\"\nclinic_travel = \"0 hours\"\n";
    parts.attackers += "[encounter.disease]\nseverity = \"critical\"\nremedy = true\n";
    parts.horizon = "1 day";
    Script s;
    s.d(20, 15).d(4, 4).d(4, 1);  // success: 1d4-1 = 3, remedy -1: 2 days
    s.no();
    s.d(4, 4);  // capped at 0
    const Played p = play(parts, s);
    CHECK(has(p, ": 2 days"));
    CHECK(has(p, "a night in the clinic: +0 PV, PV 2/30"));
  }
}

TEST_CASE("flux: an hour's rest gives 1d4 to PV first, then Flux; exhaustion delays the clinic",
          "[flux][rest]") {
  Parts parts;
  parts.character = "max_pv = 30\npv = 28\nmax_flux = 10\nflux = 0\nvai = 3\n";
  parts.attackers = "[[encounter.attackers]]\ndamage = 1\nhit_chance = 0.5\n";
  parts.recovery = "first_night = \"7 days\"\nclinic_travel = \"1 day\"\n";
  parts.horizon = "1 day";
  Script s;
  s.no();
  s.d(4, 4);  // 0:00:06 - 1:00:06: +2 PV (full), +2 Flux
  const Played p = play(parts, s);
  // Flux 0 is exhausted: the journey waits for the rest's end.
  CHECK(has(p, "[1:00:06] sets off for the clinic"));
  CHECK(has(p, "an hour's rest: 1d4 = 4, PV 30/30"));
  CHECK(p.outcome.end == fm::kRecovered);
  CHECK(p.outcome.end_time == kHour + 6);
}

TEST_CASE(
    "flux: a sequela never takes a stat below stat_floor; sequelae carried are a Survival malus",
    "[flux]") {
  Parts parts;
  parts.character = "max_pv = 10\nvai = 0\nsequelae = 2\n";
  parts.aftercare = "help_arrives = \"0 minutes\"\nmedicine = 20\n";
  parts.horizon = "3 hours";
  Script s;
  s.yes().d(20, 20);  // 20 + 0 - 2 (sequelae) = 18: acting
  s.d(20, 1);         // 10 min, Medicine 21: stabilised
  s.d(20, 17);        // 1 h 10: wake 17 - 2 = 15: success
  s.d(6, 5);          // VAI 0 stays 0 (floor 0)
  const Played p = play(parts, s);
  CHECK(has(p, "d20 20 - 2 = 18 vs 15: success"));
  CHECK(has(p, "VAI 0 -> 0"));
  CHECK(sequela_magnitude(p.outcome, 4) == 0);
  CHECK(p.outcome.counters[fm::kSequelae] == 1);
}

TEST_CASE(
    "flux: the helper's concoction — within the scene it prevents the coma; in the coma "
    "it wakes the character, with a sequela or not",
    "[flux][care]") {
  Parts parts;
  parts.horizon = "1 day";
  SECTION("acting at 0 PV, the helper arrives within the scene: back above 0, no coma") {
    parts.aftercare = "help_arrives = \"5 minutes\"\nmedicine = 0\nconcoction = \"1d4\"\n";
    Script s;
    s.yes().d(20, 12);  // 0 PV, Survival 15: acting until 0:10:00
    s.d(4, 3);          // 0:05:00: +3 PV
    const Played p = play(parts, s);
    CHECK(has(p, "[0:05:00] a curative concoction: +3 PV, PV 3/10"));
    CHECK_FALSE(has(p, "coma"));
    CHECK(p.outcome.counters[fm::kConcoctions] == 1);
    CHECK(p.outcome.counters[fm::kComa] == 0);
    CHECK(p.outcome.end == fm::kStillInjured);
    CHECK_FALSE(p.outcome.has(fm::kOutOfAction));  // acting at 0 PV is acting
  }
  SECTION("the helper arrives after the scene: the coma first; the concoction wakes, a sequela") {
    parts.aftercare = "help_arrives = \"30 minutes\"\nmedicine = 0\nconcoction = \"1d4+1\"\n";
    Script s;
    s.yes().d(20, 1);  // 0 PV, Survival 4: coma at once
    s.d(4, 1);         // 0:30:00: +2 PV: 2 PV, out of the coma
    s.d(6, 1);         // the sequela: ADR 3 -> 2
    const Played p = play(parts, s);
    CHECK(has(p, "[0:30:00] comes out of the coma, healed above 0 PV"));
    CHECK(has(p, "ADR 3 -> 2"));
    CHECK(p.outcome.durations[fm::kOutOfAction] == 30 * kMinute);
  }
  SECTION("healed_coma_sequela = false: no sequela") {
    parts.options = "healed_coma_sequela = false\n";
    parts.aftercare = "help_arrives = \"30 minutes\"\nmedicine = 0\nconcoction = \"1d4+1\"\n";
    Script s;
    s.yes().d(20, 1).d(4, 1);
    const Played p = play(parts, s);
    CHECK(has(p, "comes out of the coma"));
    CHECK(p.outcome.counters[fm::kSequelae] == 0);
  }
  SECTION("not enough: the coma goes on; Medicine tests follow") {
    parts.character = "max_pv = 10\nvai = 3\npv = 10\n";
    parts.attackers = "[[encounter.attackers]]\nname = \"ogre\"\ndamage = 14\n";
    parts.aftercare = "help_arrives = \"30 minutes\"\nmedicine = 5\nconcoction = \"1d4\"\n";
    parts.horizon = "1 hour";
    Script s;
    s.yes().d(20, 1);  // -4 PV, coma at once; -4 > VAI 3: a test at the onset
    s.d(20, 14);       // 17: success
    s.d(4, 2);         // 0:30:00: -2: still in the coma
    const Played p = play(parts, s);
    CHECK(has(p, "a curative concoction: +2 PV, PV -2/10"));
    CHECK(p.outcome.end == fm::kStillComa);
  }
}

TEST_CASE("flux: shaken, paralysed, surprised cannot cushion a fall by ADR (a reflex)",
          "[flux][falls]") {
  Parts parts;
  parts.options = "cushion_test = true\n";
  parts.attackers = "";
  parts.encounter = "[encounter.fall]\nfloors = 1\ncushion = \"test\"\n";
  parts.horizon = "1 hour";
  for (const char* state : {"shaken", "paralysed", "surprised"}) {
    INFO(state);
    parts.character = std::string("max_pv = 20\nadr = 3\nstates = \"") + state + "\"\n";
    Script s;
    s.d(10, 8);  // no ADR test: 8 damage
    const Played p = play(parts, s);
    CHECK(has(p, "8 damage"));
    CHECK_FALSE(has(p, "cushions the fall"));
  }
  SECTION("immobilised: the test is made, an odd d20 counts 0") {
    parts.character = "max_pv = 20\nadr = 20\nstates = \"immobilised, hindered\"\n";
    Script s;
    s.d(10, 8);
    s.d(20, 19);  // odd: 0 + 20 = 20: success anyway
    const Played p = play(parts, s);
    CHECK(has(p, "cushions the fall (ADR): d20 19 (odd: 0) + 20 = 20 vs 15: success"));
    CHECK(has(p, "4 damage (cushioned)"));
  }
}

TEST_CASE("flux: a disease's malus on every test, the Survival test at 0 PV included",
          "[flux][disease]") {
  Parts parts;
  parts.attackers += "[encounter.disease]\nseverity = \"sick\"\n";
  parts.horizon = "30 minutes";
  Script s;
  s.d(20, 12).d(4, 2);  // Constitution 12 + 3 = 15: success: 1d4-1 = 1 day
  s.yes();              // 0 PV
  s.d(20, 13);          // Survival 13 + 3 - 2 = 14: failure (15 without the disease)
  const Played p = play(parts, s);
  CHECK(has(p, "falls sick (Constitution d20 12 + 3 = 15 vs 15: success): 1 day"));
  CHECK(has(p, "Survival test at 0 PV or less: d20 13 + 1 = 14 vs 15: failure"));
  CHECK(p.outcome.durations[fm::kTimeSick] == kDay);
}

TEST_CASE("flux: a success with 1d4 = 1 is a disease of 0 days: no malus at all",
          "[flux][disease]") {
  Parts parts;
  parts.attackers += "[encounter.disease]\nseverity = \"critical\"\n";
  parts.horizon = "30 minutes";
  Script s;
  s.d(20, 12).d(4, 1);  // success, 0 days
  s.yes();
  s.d(20, 12);  // Survival 15: success (no -4)
  const Played p = play(parts, s);
  CHECK(has(p, ": 0 days"));
  CHECK(has(p, "Survival test at 0 PV or less: d20 12 + 3 = 15 vs 15: success"));
  CHECK_FALSE(p.outcome.has(fm::kTimeSick));
}

TEST_CASE("flux: time_to_clinic only for the trials that reach the clinic before they end",
          "[flux][rest]") {
  Parts parts;
  parts.character = "max_pv = 10\nvai = 3\n";
  parts.attackers = "[[encounter.attackers]]\nname = \"ogre\"\ndamage = 3\n";
  parts.recovery = "first_night = \"7 days\"\nclinic_travel = \"1 day\"\n";
  Script s;
  s.yes();    // 3 damage: 7 PV; sets off at 0:00:06, the clinic a day away
  s.d(4, 4);  // the hour's rest at 1:00:06: full PV, the trial ends on the road
  const Played p = play(parts, s);
  CHECK(has(p, "sets off for the clinic"));
  CHECK(p.outcome.end == fm::kRecovered);
  CHECK(p.outcome.end_time == kHour + 6);
  CHECK_FALSE(p.outcome.has(fm::kTimeToClinic));
}

TEST_CASE("flux: the Survival test that damage in the coma calls is counted", "[flux]") {
  Parts parts;
  parts.character = "max_pv = 10\nvai = 0\n";
  parts.encounter = "rounds = 2\n";
  parts.attackers =
      "[[encounter.attackers]]\nname = \"ogre\"\ndamage = 10\nkeep_attacking_downed = 1.0\n";
  parts.horizon = "30 minutes";
  Script s;
  s.yes();        // 10 damage: 0 PV
  s.d(20, 1);     // Survival 1: the coma at once, at 0 PV (not past -VAI)
  s.yes().yes();  // round 2: the ogre strikes the comatose character: -10 PV
  s.d(20, 20);    // -10 past -VAI 0: a Survival test at once, passed
  const Played p = play(parts, s);
  CHECK(p.outcome.end == fm::kStillComa);
  CHECK(p.outcome.counters[fm::kComaSurvivalTests] == 1);
  CHECK_FALSE(p.outcome.has(fm::kOutOfAction));  // still out at the horizon
}

TEST_CASE("flux: the replay tells every miss and every PV the coma takes", "[flux][log]") {
  Parts parts;
  parts.encounter = "rounds = 2\n";
  parts.aftercare = "help_arrives = \"1 hour\"\nmedicine = 0\n";
  parts.horizon = "2 hours";
  Script s;
  s.no();            // round 1: the ogre misses
  s.yes().d(20, 1);  // round 2: 10 damage, 0 PV; Survival 4: the coma at 0:00:06
  s.d(20, 1);        // 1:00:00: the helper's Medicine 1: failure, -1 PV; 1:00:06: the hour's -1
  s.d(20, 20);       // 2:00:00: Medicine 20: stabilised
  const Played p = play(parts, s);
  CHECK(has(p, "[0:00:00] ogre misses"));
  CHECK(has(p, "[1:00:00] the failed attempt costs 1 PV: PV -1/10"));
  CHECK(has(p, "[1:00:06] the coma's hour: -1 PV, PV -2/10"));
  CHECK(p.outcome.end == fm::kStillUnconscious);
}
