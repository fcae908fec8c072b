// What a body carries from one adventure of a campaign to the next (sim/engine/campaign.h),
// ruleset by ruleset, with scripted dice: every roll of every adventure is given in order, so
// an adventure that forgot what the one before left would ask for other rolls and fail.
// flux's sequelae: tests/test_flux_coma_chain.cpp. pf2's doomed, of one character and of a
// party's members: on replays, every roll that matters certain.
#include <catch2/catch.hpp>

#include <algorithm>

#include "rules/dnd5e/metrics.h"
#include "rules/harmonies/metrics.h"
#include "rules/pf2/model.h"
#include "sim/engine/registry.h"
#include "sim/engine/runner.h"
#include "tests/dnd5e_party_text.h"
#include "tests/party_support.h"
#include "tests/support.h"

using namespace leth;

namespace {

int sequela(const Outcome& o, uint16_t id) {
  for (size_t i = 0; i < o.sequela_kinds; ++i)
    if (o.sequelae[i].id == id) return o.sequelae[i].count;
  return 0;
}

// An orc's acid (an attack roll, +5 against AC 15, 10 damage) drops a 10-HP fighter to 0; a
// long rest makes her whole, lost eyes apart (they do not block recovery).
std::string dnd5e_eyes(int adventures) {
  return "name = \"eyes\"\nruleset = \"dnd5e\"\nhorizon = \"2 days\"\n[campaign]\nadventures = " +
         std::to_string(adventures) +
         "\n[character]\nmax_hp = 10\nac = 15\ncon = 14\nhit_die = 10\n[recovery]\n"
         "short_rest = false\n[encounter]\nrounds = 1\n[[encounter.attackers]]\nname = \"orc\"\n"
         "attack_bonus = 5\nmelee = false\ndamage = \"10\"\ndamage_type = \"acid\"\n";
}

// `text` is in `log` from `from` on, before `to`.
bool between(const std::string& log, const std::string& text, size_t from,
             size_t to = std::string::npos) {
  const size_t at = log.find(text, from);
  return at != std::string::npos && at < to;
}

// ±d10 showing `v` (-9..+9): the positive die, then the negative one (harmonies' rolls).
void pm(Script& s, int v) {
  if (v >= 0)
    s.d(10, v + 1).d(10, 1);
  else
    s.d(10, 1).d(10, 1 - v);
}

// A dnd5e party of one, the hero (10 HP, first in the order), against a brute whose acid (+10,
// 10 damage) drops it; three adventures, `campaign` more keys of [campaign].
std::string dnd5e_eyes_party(const std::string& campaign = "") {
  return "name = \"eyes-party\"\nruleset = \"dnd5e\"\nhorizon = \"60 days\"\n[options]\n"
         "lingering_injuries = true\n[fight]\nround_cap = 1\n[campaign]\nadventures = 3\n" +
         campaign + test::dnd5e_party::hero_and_brute("acid");
}

// Replays the first `trials` trials (seed 7) of a 3-adventure pf2 campaign in which one night's
// rest an adventure is all `who` ("" for one character, "fighter's " for a member) needs: its
// doomed, 2 at the start, drops to 1 in adventure 1, to 0 in adventure 2, and not in adventure
// 3. Without the carry every adventure would begin at 2 again.
void check_doomed_carried(const LoadedScenario& ls, const std::string& who, uint64_t trials) {
  for (uint64_t trial = 0; trial < trials; ++trial) {
    EventLog log;
    const Outcome o = replay_trial(ls, 0, 7, trial, &log);
    const std::string story = log.render();
    INFO(story);
    CHECK(o.adventures == 3);
    const size_t a2 = story.find("adventure 2 of 3 begins"), a3 = story.find("adventure 3 of 3 begins");
    REQUIRE(a2 != std::string::npos);
    REQUIRE(a3 != std::string::npos);
    CHECK(between(story, who + "doomed drops to 1", 0, a2));
    CHECK(between(story, who + "doomed drops to 0", a2, a3));
    CHECK(story.find("doomed drops", a3) == std::string::npos);
  }
}

}  // namespace

TEST_CASE("campaign: pf2 carries doomed from adventure to adventure", "[campaign][pf2]") {
  // Doomed 2 at the start; every adventure a goblin's blow (1 damage, 2 on a critical hit)
  // costs one night's rest, which lowers doomed by 1 (Player Core).
  std::string text = test::pf2_scenario("[campaign]\nadventures = 3\n");
  text.replace(text.find("damage = \"1d6\""), 14, "damage = \"1\"");
  text.replace(text.find("attack_bonus = 8"), 16, "attack_bonus = 30");
  text.replace(text.find("rounds = 3"), 10, "rounds = 1");
  text.replace(text.find("con = 2\n"), 8, "con = 2\ndoomed = 2\n[options]\ndoomed = true\n");
  check_doomed_carried(test::load_text(text, "doom.toml"), "", 5);
}

TEST_CASE("campaign: dnd5e carries a lost eye; the second blinds, and the blind are hit with "
          "advantage",
          "[campaign][dnd5e]") {
  namespace m = dnd5e::metric;
  Script s;
  // Adventure 1: hit (15 + 5), 0 HP, injury d20 1: serious, acid 01-02, Perte d'un œil; the
  // death save a natural 20: 1 HP; the long rest makes her whole, one eye lost.
  s.d(20, 15).d(20, 1).no().d(20, 20);
  // Adventure 2, carrying the eye: the same again takes the other eye, so she is blind.
  s.d(20, 15).d(20, 1).no().d(20, 20);
  // Adventure 3, blind: the orc attacks with advantage, two d20s (2 and 3: a miss). Had the
  // blindness not been carried, one d20 would have been asked.
  s.d(20, 2).d(20, 3);
  const test::Played p = test::play_scripted(dnd5e_eyes(3), s);
  INFO(p.log);
  CHECK(p.outcome.adventures == 3);
  CHECK(p.outcome.end == m::kRecovered);
  CHECK(sequela(p.outcome, m::kLostEye) == 2);    // one per adventure that took one
  CHECK(sequela(p.outcome, m::kBlindness) == 1);  // once, in adventure 2
  const size_t a2 = p.log.find("adventure 2 of 3 begins"), a3 = p.log.find("adventure 3 of 3 begins");
  REQUIRE(a2 != std::string::npos);
  REQUIRE(a3 != std::string::npos);
  const std::string first = "carried from the adventures before: Perte d'un œil (acid, serious)\n";
  const std::string second = "carried from the adventures before: Perte d'un œil #2 (acid, serious)\n";
  CHECK(p.log.find("carried from") > a2);  // nothing carried into the first adventure
  CHECK(between(p.log, first, a2, a3));
  CHECK(between(p.log, first, a3));
  CHECK(between(p.log, second, a3));  // both eyes into adventure 3
  CHECK(p.log.find(second) > a3);
}

TEST_CASE("campaign: dnd5e takes no third eye from one who has lost both", "[campaign][dnd5e]") {
  namespace m = dnd5e::metric;
  Script s;
  for (int adventure = 1; adventure <= 2; ++adventure)  // an eye each, as above
    s.d(20, 15).d(20, 1).no().d(20, 20);
  // Adventure 3, blind: hit with advantage (15, 15), the injury's d20 1 is Perte d'un œil
  // again, with no eye left to take; the death save a natural 20.
  s.d(20, 15).d(20, 15).d(20, 1).no().d(20, 20);
  const test::Played p = test::play_scripted(dnd5e_eyes(3), s);
  INFO(p.log);
  CHECK(p.outcome.adventures == 3);
  CHECK(p.outcome.end == m::kRecovered);
  CHECK(p.outcome.counters[m::kInjuries] == 3);   // the blow inflicted it
  CHECK(sequela(p.outcome, m::kLostEye) == 2);    // not a third
  CHECK(sequela(p.outcome, m::kBlindness) == 1);
  const size_t a3 = p.log.find("adventure 3 of 3 begins");
  REQUIRE(a3 != std::string::npos);
  CHECK(between(p.log, "injury (d20 1): Perte d'un œil: no eye left to lose", a3));
  CHECK(p.log.find("Perte d'un œil #3") == std::string::npos);
}

TEST_CASE("campaign: a dnd5e party member with both eyes lost loses no third",
          "[campaign][dnd5e][party][scripted]") {
  Script s;
  for (int adventure = 1; adventure <= 3; ++adventure) {
    s.d(20, 1).d(20, 1);  // initiative: hero 21, brute 1
    s.no();               // the hero misses
    if (adventure == 3)
      s.d(20, 10).d(20, 10);  // blind: the brute's advantage, two d20s
    else
      s.d(20, 10);
    s.d(20, 1);                       // the injury: serious, Perte d'un œil
    s.d(20, 15).d(20, 12).d(20, 11);  // three successes: stable
    s.d(4, 2);                        // wakes after 2 hours
  }
  const std::string toml = dnd5e_eyes_party();
  const test::Played p = test::play_scripted(toml, s);
  INFO(p.log);
  const LoadedScenario ls = test::load_text(toml);
  CHECK(p.outcome.adventures == 3);
  CHECK(test::counter(ls, p.outcome, "lasting_injuries") == 2);
  const size_t a3 = p.log.find("adventure 3 of 3 begins");
  REQUIRE(a3 != std::string::npos);
  CHECK(between(p.log, "hero injury (d20 1): Perte d'un œil: no eye left to lose", a3));
}

TEST_CASE("campaign: harmonies carries its mental wounds; full levels escalate the next, until "
          "madness",
          "[campaign][harmonies]") {
  namespace m = harmonies::metric;
  // One shock, one trauma, one psychosis at most; a horror's blow is a shock the will
  // (-30) never resists; the fainting roll (+30) always holds. No physical wound: each
  // adventure ends whole at the fight's end, its mental wounds held.
  const std::string toml =
      "name = \"mind\"\nruleset = \"harmonies\"\nhorizon = \"10 seconds\"\n[campaign]\n"
      "adventures = 4\n[character]\nsurvival = 5\nfainting = 30\nwill = -30\n"
      "mental_caps = { shock = 1, trauma = 1, psychosis = 1 }\n[encounter]\nrounds = 1\n"
      "[[encounter.attackers]]\nname = \"horror\"\ntrack = \"mental\"\nwound = { light = 1.0 }\n";
  Script s;
  s.yes().u(0.5);  // adventure 1: the horror strikes the mind
  pm(s, 0);        // will: failure; a shock (no pain to roll against)
  s.yes().u(0.5);  // adventure 2, the shock carried: the shocks are full
  pm(s, 0);        // will, -1 (mental): failure; escalated to a trauma
  pm(s, 0);        // fainting roll for its pain: 30 - 5 - 4 (mental): success
  s.yes().u(0.5);  // adventure 3, shock and trauma carried
  pm(s, 0);        // will: failure; escalated to a psychosis
  pm(s, 0);        // fainting roll: 30 - 10 - 9: success
  s.yes().u(0.5);  // adventure 4, all three carried
  pm(s, 0);        // will: failure; beyond the psychosis cap: lost to madness
  const test::Played p = test::play_scripted(toml, s);
  INFO(p.log);
  CHECK(p.outcome.end == m::kLostMadness);
  CHECK(p.outcome.counters[m::kMentalWounds] == 4);
  CHECK(p.outcome.counters[m::kMentalEscalations] == 6);  // 1 + 2 + 3 levels climbed
  const size_t a2 = p.log.find("adventure 2 of 4 begins"), a3 = p.log.find("adventure 3 of 4 begins"),
               a4 = p.log.find("adventure 4 of 4 begins");
  REQUIRE(a2 != std::string::npos);
  REQUIRE(a3 != std::string::npos);
  REQUIRE(a4 != std::string::npos);
  CHECK(p.log.find("carried from") > a2);  // nothing carried into the first adventure
  CHECK(between(p.log, "carried from the adventures before: 1 shock, 0 trauma, 0 psychosis; -1 on "
                "tests, madness 1", a2, a3));
  CHECK(between(p.log, "a shock from horror, escalated to trauma", a2, a3));
  CHECK(between(p.log, "will: ±d10 +0 -30 +0 -4 (mental) = -34: failure", a3, a4));
  CHECK(between(p.log, "a shock from horror, escalated to psychosis", a3, a4));
  CHECK(between(p.log, "beyond the psychosis cap: the character is lost to madness", a4));
}

TEST_CASE("campaign: harmonies reports each mental wound once, by the adventure that inflicted it",
          "[campaign][harmonies]") {
  namespace m = harmonies::metric;
  // Two adventures, a shock in the first only (the horror misses in the second): the campaign
  // holds one shock, reported once although the second adventure ends holding it too.
  const std::string toml =
      "name = \"mind\"\nruleset = \"harmonies\"\nhorizon = \"10 seconds\"\n[campaign]\n"
      "adventures = 2\n[character]\nsurvival = 5\nfainting = 30\nwill = -30\n[encounter]\n"
      "rounds = 1\n[[encounter.attackers]]\nname = \"horror\"\ntrack = \"mental\"\n"
      "hit_chance = 0.5\nwound = { light = 1.0 }\n";
  Script s;
  s.yes().u(0.5);  // adventure 1: a shock
  pm(s, 0);
  s.no();  // adventure 2: the horror misses
  const test::Played p = test::play_scripted(toml, s);
  INFO(p.log);
  CHECK(p.outcome.adventures == 2);
  CHECK(p.outcome.end == m::kRecovered);
  CHECK(sequela(p.outcome, m::kShock) == 1);
  CHECK(between(p.log, "carried from the adventures before: 1 shock", p.log.find("adventure 2 of 2")));
}

TEST_CASE("campaign: a pf2 party carries each member's doomed; the nights alone lower it",
          "[campaign][pf2][party]") {
  // The goblin (first, initiative 30) jabs the weakest, the fighter (10 HP, doomed 2), for 1;
  // the rogue (20 HP, doomed 1, listed first) kills it. No medic: the party rests one night
  // alone (the fighter's Con 2 x level 1 = 2 HP), which lowers every member's doomed by 1: the
  // fighter's 2 -> 1 in adventure 1, 1 -> 0 in adventure 2, nothing left in adventure 3; the
  // rogue, never hurt but resting with the party, 1 -> 0 in adventure 1. Without the carry the
  // fighter would begin every adventure at 2 again; without the nights alone lowering it, it
  // would never drop.
  const std::string toml =
      "name = \"doomed-party\"\nruleset = \"pf2\"\nseed = 7\nhorizon = \"30 days\"\n"
      "[options]\ndoomed = true\n[fight]\nopponents_target = \"weakest\"\n[campaign]\n"
      "adventures = 3\n" +
      test::combatant_text("party", "rogue", "max_hp", 20, -10, "hit_chance = 1.0\ndamage = \"30\"",
                           "ac = 10\ncon = 2\ndoomed = 1\n") +
      test::combatant_text("party", "fighter", "max_hp", 10, -10, "hit_chance = 0.0\ndamage = \"1\"",
                           "ac = 10\ncon = 2\ndoomed = 2\n") +
      test::combatant_text("opponents", "goblin", "hp", 5, 30,
                           "hit_chance = 1.0\ncrit_chance = 0.0\ndamage = \"1\"", "ac = 10\ndc = 15\n");
  const LoadedScenario ls = test::load_text(toml, "doomed-party.toml");
  check_doomed_carried(ls, "fighter's ", 3);
  EventLog log;
  replay_trial(ls, 0, 7, 0, &log);
  const std::string story = log.render();
  CHECK(between(story, "rogue's doomed drops to 0", 0, story.find("adventure 2 of 3 begins")));
  // What run_adventure hands on, member by member.
  const auto& party = test::party_of<pf2::Model>(ls);
  pf2::Party::Carried carried;
  TrialRng rng(7, 0);
  Timeline timeline;
  TrialContext ctx{rng, nullptr, timeline};
  party.run_adventure(ctx, carried);
  CHECK(carried.doomed[0] == 0);
  CHECK(carried.doomed[1] == 1);
  CHECK_FALSE(carried.went_on);  // no downtime: whole, nothing but doomed handed on
  CHECK(carried.hp[1] == -1);
  timeline.clear();
  party.run_adventure(ctx, carried);
  CHECK(carried.doomed[0] == 0);
  CHECK(carried.doomed[1] == 0);
}

TEST_CASE("campaign: a flux party member carries its sequela into the next fight",
          "[campaign][flux][party][scripted]") {
  // The fighter (1 PV, VAI 0) falls to the ghoul's 3 and is woken by the alchemist's
  // concoction with a sequela (option healed_coma_sequela) in each of two adventures; the first
  // adventure's sequela is the -1 on the second's Survival tests, which turns its 15 at the coma
  // into a failure: the fighter dies there. Without the carry the test would pass (15 + 0).
  const std::string toml =
      "name = \"sequela-party\"\nruleset = \"flux\"\nhorizon = \"30 days\"\n[resolution]\n"
      "difficulty = 15\n[fight]\nround_cap = 2\n[campaign]\nadventures = 2\n" +
      test::combatant_text("party", "fighter", "max_pv", 1, 20, "hit_chance = 0.5\ndamage = \"1\"") +
      test::combatant_text("party", "alchemist", "max_pv", 50, 0,
                           "hit_chance = 0.0\ndamage = \"1\"", "[party.heals]\nconcoction = \"2d4\"\n") +
      test::combatant_text("opponents", "ghoul", "pv", 1, 10, "hit_chance = 1.0\ndamage = \"3\"");
  Script s;
  // Adventure 1.
  s.d(20, 1).d(20, 1).d(20, 1);  // initiative: fighter 21, alchemist 1, ghoul 11
  s.no();                        // round 1: the fighter misses
  s.d(2, 1).yes();               // the ghoul hits the fighter for 3: -2 PV
  s.d(20, 2);                    // the Survival test fails: the coma (-2 > VAI 0: a test)
  s.d(20, 17);                   // ... 17 + 0, passed
  s.d(4, 3).d(4, 2);             // the concoction: +5, 3 PV: awake ...
  s.d(6, 6);                     // ... with a sequela: SAV
  s.yes();                       // round 2: the fighter kills the ghoul
  // Adventure 2: the same fight, the fighter now at -1 on its Survival tests.
  s.d(20, 1).d(20, 1).d(20, 1);
  s.no();
  s.d(2, 1).yes();
  s.d(20, 2);   // fails: the coma
  s.d(20, 15);  // 15 - 1 = 14 < 15: dies at the coma's onset
  s.no();       // the alchemist, alone, misses the ghoul
  s.yes();      // round 2: the ghoul hits the alchemist (the only one standing)
  s.no();       // the alchemist misses; the round cap ends the fight
  const test::Played p = test::play_scripted(toml, s);
  INFO(p.log);
  CHECK(p.outcome.adventures == 1);  // lived through one, died in the second
  const size_t a2 = p.log.find("adventure 2 of 2 begins");
  REQUIRE(a2 != std::string::npos);
  CHECK(p.log.find("d20 17 vs 15: success") < a2);  // adventure 1: no sequela yet, + 0
  CHECK(between(p.log, "fighter Survival test (coma, past -VAI): d20 15 - 1 = 14 vs 15", a2));
  CHECK(p.log.find("fighter dies") > a2);
}

TEST_CASE("campaign: a dnd5e party member carries its lost eyes; two blind it in the next fight",
          "[campaign][dnd5e][party][scripted]") {
  // The hero, alone, falls to the brute's acid (10 damage); the injury's d20 1 takes an eye
  // (serious, acid 01-02); three death saves, awake after 2 hours, whole after a long rest with
  // the eye lost. The second adventure takes the other; in the third the blind hero is attacked
  // with advantage: two d20s. Had the eyes not been carried, one d20 would have been asked.
  const std::string toml = dnd5e_eyes_party();
  Script s;
  for (int adventure = 1; adventure <= 2; ++adventure) {
    s.d(20, 1).d(20, 1);              // initiative: hero 21, brute 1
    s.no();                           // the hero misses
    s.d(20, 10);                      // the brute hits for 10: 0 HP, dying
    s.d(20, 1);                       // the injury: serious, Perte d'un œil
    s.d(20, 15).d(20, 12).d(20, 11);  // three successes: stable
    s.d(4, 2);                        // wakes after 2 hours
  }
  s.d(20, 1).d(20, 1);  // adventure 3: initiative
  s.no();               // the hero misses
  s.d(20, 1).d(20, 1);  // the brute, with advantage: two natural 1s, a miss; the cap ends it
  const test::Played p = test::play_scripted(toml, s);
  INFO(p.log);
  const LoadedScenario ls = test::load_text(toml);
  CHECK(p.outcome.adventures == 3);
  CHECK(test::counter(ls, p.outcome, "lasting_injuries") == 2);  // each eye once
  // The same losses by kind, as sequelae: each eye once, blindness once (adventure 2).
  auto by_name = [&](const std::string& name) {
    const auto& q = metrics_of(ls.models[0]).sequelae;
    const auto it = std::find_if(q.begin(), q.end(), [&](const auto& x) { return x.name == name; });
    REQUIRE(it != q.end());
    return sequela(p.outcome, static_cast<uint16_t>(it - q.begin()));
  };
  CHECK(by_name("lost_eye") == 2);
  CHECK(by_name("blindness") == 1);
  CHECK(by_name("lost_hand") == 0);
  const size_t a2 = p.log.find("adventure 2 of 3 begins"), a3 = p.log.find("adventure 3 of 3 begins");
  REQUIRE(a2 != std::string::npos);
  REQUIRE(a3 != std::string::npos);
  const std::string eye = "hero carries from the adventures before: Perte d'un œil";
  CHECK(p.log.find("carries from") > a2);
  CHECK(between(p.log, eye, a2, a3));
  CHECK(between(p.log, eye, a3));
  CHECK(between(p.log, "is a loss it keeps", 0, a2));
  CHECK(between(p.log, "is a loss it keeps", a2, a3));
  CHECK(p.log.find("is a loss it keeps", a3) == std::string::npos);
}

TEST_CASE("campaign: retire_sequelae retires a dnd5e party by its members' losses",
          "[campaign][dnd5e][party][scripted]") {
  // The scenario of the test above, retired at the first lasting injury: the eye lost in the
  // first adventure ends the campaign there, retired (before, a dnd5e party's losses were only
  // a counter, and retire_sequelae never acted on it).
  const std::string toml = dnd5e_eyes_party("retire_sequelae = 1\n");
  Script s;
  s.d(20, 1).d(20, 1).no().d(20, 10).d(20, 1);  // the first adventure: the eye
  s.d(20, 15).d(20, 12).d(20, 11).d(4, 2);      // stable, awake after 2 hours
  const test::Played p = test::play_scripted(toml, s);
  INFO(p.log);
  const LoadedScenario ls = test::load_text(toml);
  CHECK(p.outcome.adventures == 1);
  CHECK(metrics_of(ls).ends[p.outcome.end].name() == "lost_retired");
  CHECK(p.log.find("retired after adventure 1, carrying 1 lasting injuries") != std::string::npos);
}
