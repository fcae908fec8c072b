// A pf2 party member's focus spell that heals (Lay on Hands; rules/pf2/README.md, "The party
// fight" and "An adventuring day"): on scripted dice, cast before a Heal on a fallen ally and
// after the fight, its Focus Points back with a short rest's Refocus and with the night, not
// otherwise; Refocus and a cast again and again in the recovery after the day; the errors.
#include <catch2/catch.hpp>

#include "sim/engine/load.h"
#include "tests/party_support.h"
#include "tests/support.h"

using namespace leth;
using test::has;
using test::count;
using test::counter;

namespace {

// An ally (20 HP) whom the ogre's 25 knocks out; a champion who comes last with Lay on Hands
// (12 HP, `focus` its keys) and fells the ogre with one blow; `day` gives [day].
std::string focus_text(const std::string& day, const std::string& focus) {
  return "name = \"focus\"\nruleset = \"pf2\"\ntrials = 1000\nseed = 3\nhorizon = \"30 days\"\n"
         "[options]\nrecovery_check = \"flat\"\n" +
         day + "[fight]\n\n" +
         test::combatant_text("party", "ally", "max_hp", 20, 0,
                              "hit_chance = 1.0\ndamage = \"1\"", "ac = 10\n") +
         test::combatant_text("party", "champion", "max_hp", 40, -10,
                              "hit_chance = 1.0\ndamage = \"30\"",
                              "ac = 10\n[party.heals]\n" + focus) +
         test::combatant_text("opponents", "ogre", "hp", 30, 10,
                              "attack_bonus = 10\ndamage = \"25\"", "ac = 10\n");
}

// One encounter: initiative (ally 1, champion -9, ogre 30); the ogre strikes the ally (15 vs
// AC 10: 25, knocked out, dying 1: its turn moves to just before the ogre's); the champion
// picks it up (1 action) and fells the ogre.
void encounter(Script& s) {
  s.d(20, 1).d(20, 1).d(20, 20);  // initiative
  s.d(2, 1).d(20, 5);             // the ogre's target and Strike
  s.yes();                        // the champion's Strike
}

std::string error(const std::string& toml) {
  return test::error_of([&] { test::load_text(toml); });
}

}  // namespace

TEST_CASE("pf2 party focus: Lay on Hands picks up the fallen, tops up, and Refocus gives it back",
          "[pf2][party][day][scripted]") {
  // Each encounter: the champion lays hands on the fallen ally (12 HP: 1 of 2 Focus Points
  // left), then after the fight tops it up (12 more: 20 / 20, none left); the short rest's hour
  // gives both back, so the second encounter plays the same.
  Script s;
  encounter(s);
  encounter(s);
  const std::string focus = "focus_dice = \"12\"\nfocus_points = 2\n";
  const std::string text = focus_text("[day]\nencounters = 2\nshort_rests = 1\n", focus);
  const test::Played p = test::play_scripted(text, s);
  INFO(p.log);
  CHECK(s.done());
  CHECK(count(p.log, "champion casts its focus spell on ally: 12 HP (1 Focus Point left)") == 2);
  CHECK(count(p.log, "champion casts its focus spell on ally after the fight: 12 HP (0 Focus "
                     "Points left)") == 2);
  CHECK(count(p.log, "champion refocuses: 2 of 2 Focus Points") == 1);
  const LoadedScenario ls = test::load_text(text);
  CHECK(counter(ls, p.outcome, "deaths") == 0);
  CHECK(counter(ls, p.outcome, "heals_used") == 4);

  // Without the rest nothing gives them back: in the second encounter the champion has none
  // left, strikes, and the ally lies dying into the aftermath.
  Script t;
  encounter(t);
  encounter(t);
  t.d(20, 20);  // the ally's recovery check in the aftermath: a critical success, stable
  const test::Played q = test::play_scripted(focus_text("[day]\nencounters = 2\n", focus), t);
  INFO(q.log);
  CHECK(t.done());
  // After the day the champion refocuses and lays hands again, 10 minutes and a round a cast:
  // the ally, awake at 1 HP, is whole in 20 minutes, not after 19 nights of rest.
  CHECK(count(q.log, "casts its focus spell") == 4);
  CHECK(has(q.log, "[0:10:30] champion casts its focus spell on ally after Refocus: 12 HP"));
  CHECK(has(q.log, "[0:20:36] every survivor is at full HP (the nights' rest, the treatments, "
                   "the focus spells)"));
  CHECK_FALSE(has(q.log, "refocuses"));
  CHECK(has(q.log, "ally is stable"));
}

TEST_CASE("pf2 party focus: the night gives the Focus Points back", "[pf2][party][day][scripted]") {
  Script s;
  encounter(s);
  encounter(s);
  // No medic, so no evening's Treat Wounds nor its Refocus: the night alone gives them back.
  const std::string text =
      focus_text("[day]\nencounters = 1\ndays = 2\n", "focus_dice = \"12\"\nfocus_points = 2\n");
  const test::Played p = test::play_scripted(text, s);
  INFO(p.log);
  CHECK(s.done());
  CHECK(has(p.log, "champion wakes from the night's rest: HP 40/40, 2 Focus Points"));
  CHECK(count(p.log, "casts its focus spell") == 4);
}

TEST_CASE("pf2 party focus: a Heal once the Focus Points are spent", "[pf2][party][scripted]") {
  // One Focus Point and one Heal of 5: the focus spell first, then the Heal after the fight.
  Script s;
  encounter(s);
  const std::string text =
      focus_text("", "focus_dice = \"12\"\nfocus_points = 1\ndice = \"5\"\nuses = 1\n");
  const test::Played p = test::play_scripted(text, s);
  INFO(p.log);
  CHECK(has(p.log, "champion casts its focus spell on ally: 12 HP (0 Focus Points left)"));
  CHECK(has(p.log, "champion casts Heal on ally after the fight: 5 HP"));
}

TEST_CASE("pf2 party focus: the errors", "[pf2][party][errors]") {
  const std::string none = error(focus_text("", "focus_points = 1\n"));
  CHECK(has(none, "focus_points without focus_dice"));
  CHECK(has(none, "Lay on Hands"));
  CHECK(has(error(focus_text("", "focus_actions = 2\nmedicine = 5\n")),
            "focus_actions without focus_dice"));
  CHECK(has(error(focus_text("", "focus_dice = \"6\"\nfocus_points = 4\n")), "focus_points"));
  // focus_points = 0 turns the focus spell off (what a variant writes), even as the member's
  // only heal; a [party.heals] naming no heal at all is still refused.
  CHECK_NOTHROW(test::load_text(focus_text("", "focus_dice = \"6\"\nfocus_points = 0\n")));
  CHECK(has(error(focus_text("", "focus_actions = 1\n")), "focus_actions without focus_dice"));
  CHECK(has(error(focus_text("", "heal_after_fight = false\n")),
            "a healer with nothing to heal with"));
}

TEST_CASE("pf2 party focus: Refocus only in the rest's minutes not spent treating wounds",
          "[pf2][party][day][scripted]") {
  // Four allies struck for 5 each; the champion, the party's medic, tops them up with its three
  // Focus Points of 1 HP, then treats all four in the hour's rest (failures, 10 minutes each):
  // 20 minutes of the hour left, two Focus Points back of three.
  std::string party;
  for (const char* ally : {"a", "b", "c", "d"})
    party += test::combatant_text("party", ally, "max_hp", 20, 0,
                                  "hit_chance = 1.0\ndamage = \"1\"", "ac = 10\n");
  const std::string text =
      "name = \"refocus\"\nruleset = \"pf2\"\ntrials = 1000\nseed = 3\nhorizon = \"30 days\"\n"
      "[options]\nrecovery_check = \"flat\"\n[day]\nencounters = 2\nshort_rests = 1\n[fight]\n\n" +
      party +
      test::combatant_text("party", "champion", "max_hp", 40, -10,
                           "hit_chance = 1.0\ndamage = \"30\"",
                           "ac = 10\n[party.heals]\nfocus_dice = \"1\"\nfocus_points = 3\n"
                           "medicine = 10\n") +
      test::combatant_text("opponents", "goblin", "hp", 1, 10, "attack_bonus = 10\ndamage = \"5\"",
                           "ac = 10\ncount = 4\n");
  Script s;
  for (int k = 0; k < 5; ++k) s.d(20, 1);
  for (int k = 0; k < 4; ++k) s.d(20, 20);
  for (int k = 1; k <= 4; ++k) s.d(5, k).d(20, 5);
  s.d(4, 1).yes().d(3, 1).yes().d(2, 1).yes().yes();
  for (int k = 0; k < 4; ++k) s.d(20, 2);
  // Encounter 2: the goblins miss; after it the two Focus Points top d and a up, and the
  // champion's treatments (8 HP each, a's last only 2) and a Lay on Hands bring them to full.
  for (int k = 0; k < 5; ++k) s.d(20, 1);
  for (int k = 0; k < 4; ++k) s.d(20, 20);
  for (int k = 1; k <= 4; ++k) s.d(5, k).d(20, 1);
  s.d(4, 1).yes().d(3, 1).yes().d(2, 1).yes().yes();
  for (int k = 0; k < 3; ++k) s.d(20, 10).d(8, 4).d(8, 4);
  s.d(20, 10).d(8, 1).d(8, 1);  // the last patient gets 2 HP
  const test::Played p = test::play_scripted(text, s);
  INFO(p.log);
  CHECK(s.done());
  CHECK(count(p.log, "champion treats the wounds of") == 8);
  CHECK(has(p.log, "[0:40:24] champion treats the wounds of c: d20 2 + 10 = 12 vs DC 15: failure"));
  CHECK(has(p.log, "[1:00:24] champion refocuses: 2 of 3 Focus Points"));
  CHECK(has(p.log, "champion casts its focus spell on a after the fight: 1 HP (0 Focus Points"));
  // After the day the medic treats first (a treatment ends before a Refocus and a cast), then,
  // every patient immune for an hour, refocuses for the one still short: a, 19 of 20.
  CHECK(has(p.log, "[1:50:48] champion casts its focus spell on a after Refocus: 1 HP"));
  CHECK(has(p.log, "[1:50:48] every survivor is at full HP"));
}
