// The harmonies model with scripted dice (seed 001): both worked examples ("Recevoir une
// blessure", Géraldine end to end) and the rules they rest on. Every roll the model makes is
// given in order; a roll out of place fails the test. A ±d10 is two d10 entries: the positive
// die, then the negative one.
#include <catch2/catch.hpp>

#include "rules/harmonies/model.h"
#include "sim/engine/registry.h"
#include "tests/support.h"

using namespace leth;
namespace hm = leth::harmonies;

namespace {

struct Played {
  Outcome outcome;
  EventLog log;
  std::string text;
};

Played play(const std::string& toml, Script& script) {
  const LoadedScenario ls = test::load_text(toml, "harmonies-test.toml");
  TrialRng rng(script);
  Played p;
  Timeline timeline;
  TrialContext ctx{rng, &p.log, timeline};
  p.outcome = run_trial(ls.models.at(0), ctx);
  p.text = p.log.render();
  INFO(p.text);
  CHECK(script.remaining() == 0);
  return p;
}

// ±d10 showing `v` (-9..+9): the positive die, then the negative one.
void pm(Script& s, int v) {
  if (v >= 0)
    s.d(10, v + 1).d(10, 1);
  else
    s.d(10, 1).d(10, 1 - v);
}

bool has(const Played& p, const std::string& text) {
  return p.text.find(text) != std::string::npos;
}

// The time of the first log line containing `text`, or -1.
Seconds when(const Played& p, const std::string& text) {
  for (const auto& e : p.log.entries())
    if (e.text.find(text) != std::string::npos) return e.time;
  return -1;
}

const char* kHeader = "name = \"t\"\nruleset = \"harmonies\"\ntrials = 1\nseed = 1\n";

}  // namespace

TEST_CASE("harmonies: the wound table is the seed's", "[harmonies]") {
  const hm::WoundTable& t = hm::wound_table();
  CHECK(t[0].max == 4);
  CHECK(t[1].max == 2);
  CHECK(t[2].max == 1);
  CHECK(t[0].mortality == 1);
  CHECK(t[1].mortality == 3);
  CHECK(t[2].mortality == 5);
  CHECK(t[0].pain == 3);
  CHECK(t[1].pain == 5);
  CHECK(t[2].pain == 10);
  CHECK(t[0].unstable == kHour);
  CHECK(t[1].unstable == 15 * kMinute);
  CHECK(t[2].unstable == 15);
  CHECK(t[0].stable == kWeek);
  CHECK(t[1].stable == kDay);
  CHECK(t[2].stable == 6 * kHour);
  CHECK(t[0].surveillance == kDay);
  CHECK(t[1].surveillance == 6 * kHour);
  CHECK(t[2].surveillance == kHour);
  CHECK(t[0].healing == 2 * kDay);
  CHECK(t[1].healing == kWeek);
  CHECK(t[2].healing == 2 * kWeek);
  CHECK(t[0].difficulty == -1);
  CHECK(t[1].difficulty == -3);
  CHECK(t[2].difficulty == -5);
  const hm::MentalTable& m = hm::mental_table();
  CHECK(m[0].penalty == -1);
  CHECK(m[1].penalty == -3);
  CHECK(m[2].penalty == -5);
  CHECK(m[0].max == 4);
  CHECK(m[1].max == 2);
  CHECK(m[2].max == 1);
}

// 001 "Recevoir une blessure": full on light and grave wounds and holding a critical one, a
// light blow escalates light -> grave -> critical -> fatal.
TEST_CASE("harmonies: Recevoir une blessure — a light blow on full levels is fatal",
          "[harmonies]") {
  const std::string toml = std::string(kHeader) +
                           "horizon = \"1 day\"\n[character]\nsurvival = 5\n"
                           "wounds = { light = 4, grave = 2, critical = 1 }\n"
                           "[encounter]\nrounds = 1\n[[encounter.attackers]]\nname = \"cut\"\n"
                           "wound = { light = 1.0 }\n";
  Script s;
  s.yes();   // the cut hits
  s.u(0.5);  // a light wound
  const Played p = play(toml, s);
  CHECK(has(p, "dies: a light wound from cut arrives beyond the critical cap"));
  CHECK(p.outcome.end == hm::metric::kDiedBlow);
  CHECK(p.outcome.end_time == 0);
  CHECK(p.outcome.counters[hm::metric::kEscalations] == 3);
}

TEST_CASE("harmonies: a light blow on full light wounds becomes grave; then critical",
          "[harmonies]") {
  const std::string base =
      std::string(kHeader) + "horizon = \"10 seconds\"\n[character]\nsurvival = 5\nfainting = 30\n";
  const std::string fight =
      "[encounter]\nrounds = 1\n[[encounter.attackers]]\nname = \"cut\"\n"
      "wound = { light = 1.0 }\n";
  {
    Script s;
    s.yes().u(0.5);
    pm(s, 0);  // 5 pain: one fainting roll
    const Played p = play(base + "wounds = { light = 4 }\npain = 0\n" + fight, s);
    CHECK(has(p, "a light wound from cut, escalated to grave (level full): +5 pain, mortality 7"));
    CHECK(p.outcome.end == hm::metric::kStillUnstable);
  }
  {
    Script s;
    s.yes().u(0.5);
    pm(s, 0);  // 10 pain in one blow: a single fainting roll
    const Played p = play(base + "wounds = { light = 4, grave = 2 }\npain = 0\n" + fight, s);
    CHECK(has(p, "escalated to critical (level full): +10 pain, mortality 15"));
    CHECK(p.outcome.counters[hm::metric::kEscalations] == 2);
  }
}

// seeds/README: a fainting roll for every 5 pain points received; 10 or more in one blow, one.
TEST_CASE("harmonies: fainting rolls come every 5 pain received, one for 10+", "[harmonies]") {
  const std::string toml = std::string(kHeader) +
                           "horizon = \"10 seconds\"\n[character]\nsurvival = 5\nfainting = 30\n"
                           "[encounter]\nrounds = 1\n[[encounter.attackers]]\nname = \"a\"\n"
                           "count = 3\nwound = { light = 1.0 }\n";
  Script s;
  s.yes().u(0.1);  // 3 pain: no roll
  s.yes().u(0.1);  // 6 pain: one roll
  pm(s, 0);
  s.yes().u(0.1);  // 9 pain: none
  const Played p = play(toml, s);
  CHECK(p.outcome.counters[hm::metric::kWounds] == 3);
  CHECK(p.outcome.counters[hm::metric::kFaints] == 0);
}

namespace {

// Géraldine (001): two light wounds and a grave one, unstable; Cp+Rs +8 "sans le bonus de
// race"; companions with first aid +2 arrive after 10 minutes (10 minutes an attempt); the
// best healer's level is -2, with -1 for want of equipment.
std::string geraldine(const std::string& horizon, const std::string& aftercare) {
  return std::string(kHeader) + "horizon = \"" + horizon +
         "\"\n[character]\nsurvival = 8\nfainting = 8\nself_help = false\n"
         "wounds = { light = 2, grave = 1 }\n" +
         aftercare;
}

const char* kCompanions =
    "[aftercare]\nhelp_arrives = \"10 minutes\"\nfirst_aid = 2\nattempt_time = \"10 minutes\"\n"
    "neglect = 0.5\nhealer = -2\nequipment = -1\n";

}  // namespace

// 001 "Aggravation et stabilisation": "sa blessure grave deviendrait critique, elle gagnerait
// 10 points de douleur … mais n'aurait que 2 points de mortalité de plus."
TEST_CASE("harmonies: Géraldine's grave wound worsening to critical", "[harmonies][geraldine]") {
  Script s;
  pm(s, -5);  // 15 min, survival: -5 + 8 - 11 = -8: failure
  pm(s, 0);   // the fainting roll for the 10 pain: 0 + 8 - 21: she faints
  const Played p = play(geraldine("15 minutes", ""), s);
  CHECK(has(p, "starting wounds: 2 light, 1 grave, 0 critical; pain 11, mortality 5"));
  CHECK(when(p, "survival roll (unstable)") == 15 * kMinute);
  CHECK(has(p, "survival roll (unstable): ±d10 -5 +8 +0 -11 (pain) = -8: failure"));
  CHECK(has(p,
            "the grave wound worsens to critical (failed survival roll): +10 pain, "
            "+2 mortality (7)"));
  CHECK(has(p, "pain 21, fainting roll: ±d10 +0 +8 +0 -21 (pain) = -13: failure"));
  CHECK(p.outcome.counters[hm::metric::kWorsenings] == 1);
  CHECK(p.outcome.counters[hm::metric::kFaints] == 1);
}

// Géraldine end to end: unstable, survival rolls every 15 minutes; stabilised at -5; rest with
// surveillance every 6 hours, the one at 12 hours missed (survival +8 at -5, then -1); healing
// after two days at -3 with a healer at -2 rolling +6 (1 mortality back); the second roll
// failing, unstable again with rolls every 15 minutes, the treated light wound worsening to
// grave (5 pain, a fainting roll, 2 mortality); stabilised again.
TEST_CASE("harmonies: Géraldine end to end", "[harmonies][geraldine]") {
  const Seconds stable_at = 20 * kMinute;
  const Seconds healing_at = stable_at + 2 * kDay;
  Script s;
  pm(s, 5);   // 0:15 survival: 5 + 8 - 11 = 2
  pm(s, 3);   // 0:20 first aid: 3 + 2 - 5 = 0: stable
  s.no();     // 6:20 surveillance done
  s.yes();    // 12:20 surveillance missed:
  pm(s, 0);   //   survival 0 + 8 - 5 (her minimum) = 3
  s.no();     // 18:20
  pm(s, 0);   // 1d 0:20 stable survival roll: 0 + 8 - 1 - 5 = 2
  s.no();     // 1d 0:20 surveillance
  s.no();     // 1d 6:20
  s.no();     // 1d 12:20
  s.no();     // 1d 18:20
  pm(s, 6);   // 2d 0:20 healing, first light wound: 6 - 2 - 1 - 1 - 1 = 1
  pm(s, 2);   //   second light wound: 2 - 5 = -3: failure, unstable
  pm(s, -8);  // +10 min first aid fails
  pm(s, -8);  // +15 min survival: -8 + 8 - 1 - 5 = -6: the treated light wound worsens
  pm(s, 2);   //   fainting roll for its 5 pain: 2 + 8 - 10 = 0
  pm(s, 4);   // +20 min first aid: 4 + 2 - 6 = 0: stable
  const Played p =
      play(geraldine(std::to_string(healing_at + 20 * kMinute) + " seconds", kCompanions), s);
  CHECK(when(p, "survival roll (unstable): ±d10 +5 +8 +0 -11 (pain) = +2: success") ==
        15 * kMinute);
  CHECK(has(p, "first aid at -5: ±d10 +3 +2 -5 = +0: success"));
  CHECK(when(p, "stable: therapeutic rest begins") == stable_at);
  // The surveillance after 12 hours is missed: Cp+Rs +8 at -5 (her minimum, the mortality).
  CHECK(when(p, "surveillance missed") == stable_at + 12 * kHour);
  CHECK(has(p,
            "surveillance missed: survival roll ±d10 +0 +8 +0 -5 (pain) = +3: success; "
            "later rolls -1"));
  CHECK(when(p, "survival roll (stable)") == stable_at + kDay);
  CHECK(has(p, "survival roll (stable): ±d10 +0 +8 -1 -5 (pain) = +2: success"));
  // After two days: -3 (equipment, light wound, missed care) with a healer at -2 rolling +6.
  CHECK(when(p, "healing roll on a light wound") == healing_at);
  CHECK(has(p,
            "healing roll on a light wound: ±d10 +6 -2 -1 -1 (equipment) -1 (missed care) "
            "= +1: success"));
  CHECK(has(p, "the light wound heals: mortality 5 -> 4"));
  CHECK(has(p,
            "healing roll on a light wound: ±d10 +2 -2 -1 -1 (equipment) -1 (missed care) "
            "= -3: failure"));
  CHECK(when(p, "unstable: the treated wound worsens") == healing_at);
  // Survival rolls every 15 minutes again; the treated light wound, not the grave one, worsens.
  CHECK(when(p, "survival roll (unstable): ±d10 -8") == healing_at + 15 * kMinute);
  CHECK(has(p,
            "the light wound worsens to grave (the treated wound, after the failed "
            "healing): +5 pain, +2 mortality (6)"));
  CHECK(has(p, "pain 10, fainting roll: ±d10 +2 +8 +0 -10 (pain) = +0: success"));
  CHECK(has(p, "first aid at -6: ±d10 +4 +2 -6 = +0: success"));
  CHECK(p.outcome.end == hm::metric::kStillWounded);
  CHECK(p.outcome.counters[hm::metric::kMissedSurveillance] == 1);
  CHECK(p.outcome.counters[hm::metric::kHealingRolls] == 2);
  CHECK(p.outcome.counters[hm::metric::kHealingFailures] == 1);
  CHECK(p.outcome.counters[hm::metric::kWorsenings] == 1);
  CHECK(p.outcome.counters[hm::metric::kStabilisations] == 2);
  CHECK(p.outcome.counters[hm::metric::kFirstAidRolls] == 3);
}

// Interpretation 11: after a failed survival roll while stable, the rest already done counts
// (failed_stable_roll = "resume"), or every healing period starts over ("restart_rest").
TEST_CASE("harmonies: a failed stable roll resumes or restarts the rest", "[harmonies]") {
  const std::string base =
      std::string(kHeader) + "horizon = \"" + std::to_string(kWeek + kMinute) + " seconds\"\n";
  const std::string rest =
      "[character]\nsurvival = 0\nself_help = false\nwounds = { grave = 1 }\n"
      "[aftercare]\nhelp_arrives = \"0 seconds\"\nfirst_aid = 30\nhealer = 30\n";
  auto script = [](Script& s, bool heal) {
    pm(s, 0);   // 0:01 first aid: stable, rest begins
    pm(s, -5);  // 1d 0:01 stable roll: -5 + 0 - 3 (pain at its floor): failure, unstable
    pm(s, 0);   // 1d 0:02 first aid: stable again
    for (int d = 2; d <= 6; ++d) pm(s, 5);  // the daily stable rolls
    if (heal) pm(s, 0);                     // 7d 0:01: the grave wound has rested its week
  };
  {
    Script s;
    script(s, true);
    const Played p = play(base + rest, s);
    CHECK(when(p, "healing roll on a grave wound") == kWeek + kMinute);
    CHECK(has(p, "the grave wound becomes light: mortality 3 -> 1"));
  }
  {
    Script s;
    script(s, false);
    const Played p = play(base + "[options]\nfailed_stable_roll = \"restart_rest\"\n" + rest, s);
    CHECK_FALSE(has(p, "healing roll"));
    CHECK(p.outcome.counters[hm::metric::kStabilisations] == 2);
  }
}

TEST_CASE("harmonies: a fight that stops when the character faints", "[harmonies]") {
  const std::string toml =
      std::string(kHeader) +
      "horizon = \"10 seconds\"\n[character]\nsurvival = 5\nfainting = -30\n"
      "[encounter]\nrounds = 5\nstop_when_fainted = true\n"
      "[[encounter.attackers]]\nname = \"blade\"\nwound = { critical = 1.0 }\n";
  Script s;
  s.yes().u(0.5);  // round 1: a critical wound, 10 pain
  pm(s, 0);        // fainting roll: 0 - 30 - 10: faints; no round 2 is fought
  const Played p = play(toml, s);
  CHECK(when(p, "faints for 0:10:00") == 0);
  CHECK(when(p, "the fight ends") == 0);
  CHECK(p.outcome.counters[hm::metric::kWounds] == 1);
}

// Physical and mental escalations are reported apart (counters and the survivors' sequelae).
TEST_CASE("harmonies: a mental wound past a full level is a mental escalation", "[harmonies]") {
  const std::string toml = std::string(kHeader) +
                           "horizon = \"10 seconds\"\n[character]\nsurvival = 5\nfainting = 30\n"
                           "will = -30\nmental_caps = { shock = 0 }\n"
                           "[encounter]\nrounds = 1\n[[encounter.attackers]]\nname = \"horror\"\n"
                           "track = \"mental\"\nwound = { light = 1.0 }\n";
  Script s;
  s.yes().u(0.5);  // the horror strikes the mind: a shock, the shocks full: a trauma
  pm(s, 0);        // will: 0 - 30: failure
  pm(s, 0);        // the fainting roll for its 5 pain: 0 + 30 - 5: success
  const Played p = play(toml, s);
  CHECK(has(p, "a shock from horror, escalated to trauma"));
  CHECK(p.outcome.counters[hm::metric::kEscalations] == 0);
  CHECK(p.outcome.counters[hm::metric::kMentalEscalations] == 1);
  REQUIRE(p.outcome.sequela_kinds == 2);  // the trauma held, and the escalation
  bool escalated = false, mental = false;
  for (size_t i = 0; i < p.outcome.sequela_kinds; ++i) {
    escalated |= p.outcome.sequelae[i].id == hm::metric::kEscalated;
    mental |= p.outcome.sequelae[i].id == hm::metric::kMentalEscalated;
  }
  CHECK_FALSE(escalated);
  CHECK(mental);
}

TEST_CASE("harmonies: the replay tells whether a creature strikes a fainted character",
          "[harmonies][log]") {
  const std::string toml = std::string(kHeader) +
                           "horizon = \"10 seconds\"\n[character]\nsurvival = 5\nfainting = -30\n"
                           "[encounter]\nrounds = 2\n"
                           "[[encounter.attackers]]\nname = \"blade\"\nwound = { grave = 1.0 }\n"
                           "keep_attacking_downed = 0.5\n";
  Script s;
  s.yes().u(0.5);  // round 1: a grave wound, 5 pain
  pm(s, 0);        // fainting roll: 0 - 30 - 5: faints
  s.no();          // round 2: the blade leaves the fainted character be
  const Played p = play(toml, s);
  CHECK(when(p, "blade leaves the fainted character be") == kRound);
  CHECK(p.outcome.counters[hm::metric::kWounds] == 1);
}
