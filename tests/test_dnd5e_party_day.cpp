// A dnd5e party's adventuring day (rules/dnd5e/party_day.cpp, docs/days.md): where the short
// rests fall; on scripted dice, HP carried from one encounter to the next and Hit Dice spent in
// a short rest; a day of one encounter is the scenario's fight trial for trial; a longer day
// kills every party the first fight kills, on the same numbers; the located errors.
#include <catch2/catch.hpp>

#include "analysis/csv.h"
#include "rules/dnd5e/party.h"
#include "sim/engine/load.h"
#include "sim/engine/runner.h"
#include "tests/cli_support.h"
#include "tests/party_support.h"
#include "tests/support.h"

using namespace leth;
using test::has;

namespace {

// A hero alone against a goblin who strikes first for 6 (of the hero's 10 HP) and falls to the
// hero's one hit, `day` giving the [day] table.
std::string day_text(const std::string& day, const std::string& extra = "") {
  return std::string("name = \"day\"\nruleset = \"dnd5e\"\ntrials = 2000\nseed = 3\n") +
         "horizon = \"30 days\"\n[options]\nlingering_injuries = false\n" + day + "[fight]\n\n" +
         test::combatant_text("party", "hero", "max_hp", 10, 0,
                              "attack_bonus = 10\ndamage = \"1\"",
                              "ac = 10\nhit_dice = 2\nhit_die = \"1d8+1\"\n" + extra) +
         test::combatant_text("opponents", "goblin", "hp", 1, 20,
                              "attack_bonus = 10\ndamage = \"6\"", "ac = 10\n");
}

// One encounter: initiative (hero 1, goblin 21), the goblin hits for 6, the hero kills it.
void encounter(Script& s) {
  s.d(20, 1).d(20, 1);  // initiative: the hero 1 + 0, the goblin 1 + 20
  s.d(20, 10);          // the goblin hits: 6 damage
  s.d(20, 10);          // the hero hits: the goblin falls
}

std::string error(const std::string& toml) {
  return test::error_of([&] { test::load_text(toml); });
}

}  // namespace

TEST_CASE("dnd5e party day: short rests spread evenly between the encounters", "[party][day]") {
  auto after = [](int n, int rests) {
    std::vector<int> e;
    const uint64_t mask = fight::spread_short_rests(n, rests);
    for (int i = 1; i <= n; ++i)
      if (mask >> (i - 1) & 1u) e.push_back(i);
    return e;
  };
  CHECK(after(6, 2) == std::vector<int>{2, 4});  // the DMG's day
  CHECK(after(8, 2) == std::vector<int>{3, 5});
  CHECK(after(7, 2) == std::vector<int>{2, 5});
  CHECK(after(2, 1) == std::vector<int>{1});
  CHECK(after(5, 4) == std::vector<int>{1, 2, 3, 4});
  CHECK(after(50, 49).size() == 49);
  CHECK(after(6, 0).empty());
}

TEST_CASE("dnd5e party day: HP carried to the next encounter, Hit Dice in a short rest",
          "[party][day]") {
  // With the short rest after the first encounter: 4 HP left, two Hit Dice (3 + 1, 5 + 1)
  // bring the hero back to 10, and the second goblin's 6 leave it standing.
  const std::string rested = day_text("[day]\nencounters = 2\nshort_rests = 1\n");
  Script s;
  encounter(s);
  s.d(8, 3).d(8, 5);  // the short rest: two Hit Dice
  encounter(s);
  const test::Played p = test::play_scripted(rested, s);
  INFO(p.log);
  CHECK(has(p.log, "encounter 2 of 2 begins: fresh opponents"));
  CHECK(has(p.log, "a short rest of an hour ends"));
  CHECK(has(p.log, "hero spends a Hit Die in the short rest: 4 HP, 8 of 10"));
  CHECK(has(p.log, "hero spends a Hit Die in the short rest: 6 HP, 10 of 10"));
  const LoadedScenario ls = test::load_text(rested);
  CHECK(test::counter(ls, p.outcome, "encounters") == 2);
  CHECK(test::counter(ls, p.outcome, "fell_hero") == 0);
  CHECK(test::counter(ls, p.outcome, "opponents_defeated") == 2);

  // Without it the hero begins the second fight at 4 HP and the goblin's 6 drop it: the party
  // is down, the fight over; a natural 20 on its death save brings it back with 1 HP.
  const std::string tired = day_text("[day]\nencounters = 2\n");
  Script t;
  encounter(t);
  t.d(20, 1).d(20, 1).d(20, 10);  // the second fight: the goblin hits, the hero at 0 HP
  t.d(20, 20);                    // its death save: a natural 20, 1 HP
  const test::Played q = test::play_scripted(tired, t);
  INFO(q.log);
  CHECK_FALSE(has(q.log, "short rest"));
  const LoadedScenario lt = test::load_text(tired);
  CHECK(test::counter(lt, q.outcome, "encounters") == 2);
  CHECK(test::counter(lt, q.outcome, "fell_hero") == 1);
  CHECK(test::counter(lt, q.outcome, "party_fell") == 1);
}

TEST_CASE("dnd5e party day: a Hit Die heals a light lingering injury in the short rest",
          "[party][day][injuries]") {
  // Seed 003: the hero drops to the goblin's 10 and gets a light injury; a natural 20 on its
  // death save brings it back and it kills the goblin. In the short rest its first Hit Die
  // heals the injury (and 3 + 1 HP), the second brings it to its maximum. The squire, slower
  // and tougher, is never the goblin's target (the weakest is).
  const std::string toml =
      "name = \"day\"\nruleset = \"dnd5e\"\ntrials = 100\nseed = 3\nhorizon = \"30 days\"\n"
      "[day]\nencounters = 2\nshort_rests = 1\n[fight]\nopponents_target = \"weakest\"\n\n" +
      test::combatant_text("party", "hero", "max_hp", 10, 0, "attack_bonus = 10\ndamage = \"1\"",
                           "ac = 10\nhit_dice = 2\nhit_die = \"1d8+1\"\n") +
      test::combatant_text("party", "squire", "max_hp", 20, -10,
                           "attack_bonus = 10\ndamage = \"1\"", "ac = 10\n") +
      test::combatant_text("opponents", "goblin", "hp", 1, 20,
                           "attack_bonus = 10\ndamage = \"10\"", "ac = 10\n");
  Script s;
  s.d(20, 1).d(20, 1).d(20, 1);  // initiative: the goblin first, then the hero, the squire
  s.d(20, 10);                   // the goblin hits the hero for 10: 0 HP, dying
  s.d(20, 20);                   // the injury: 20, light (Blessure à la jambe)
  s.d(20, 20);                   // the hero's death save: a natural 20, 1 HP, and it acts
  s.d(20, 10);                   // it hits: the goblin falls
  s.d(8, 3).d(8, 5);             // the short rest: a die for the injury, one for HP
  s.d(20, 1).d(20, 1).d(20, 1);  // the second fight's initiative
  s.d(20, 1);                    // the goblin misses (a natural 1)
  s.d(20, 10);                   // the hero hits: the goblin falls
  const test::Played p = test::play_scripted(toml, s);
  INFO(p.log);
  CHECK(has(p.log, "hero spends a Hit Die in the short rest: 4 HP, 5 of 10"));
  CHECK(has(p.log, "hero's Blessure à la jambe (light) heals with it"));
  CHECK(has(p.log, "hero spends a Hit Die in the short rest: 6 HP, 10 of 10"));
  const LoadedScenario ls = test::load_text(toml);
  CHECK(test::counter(ls, p.outcome, "injuries") == 1);
  CHECK(test::counter(ls, p.outcome, "encounters") == 2);
  // Nothing left open after the day: the party is whole at once, no long rest needed.
  CHECK(test::duration(ls, p.outcome, "downtime") == 0);
}

TEST_CASE("dnd5e party day: a healer's uses left heal between the encounters (heal_between)",
          "[party][day][scripted]") {
  // The cleric tends nobody while only one is down (pick_up = "two_down"); the hero, dropped
  // by the goblin's 10, makes three death saves and is stable at 0 HP when the cleric kills
  // the goblin. "fallen" (the default): the cleric's one Healing Word (1d4+3 = 5) puts it back
  // on its feet between the encounters; "none": it waits 1d4 hours and wakes with 1 HP.
  auto text = [](const std::string& between) {
    return "name = \"day\"\nruleset = \"dnd5e\"\ntrials = 100\nseed = 3\n"
           "horizon = \"30 days\"\n[options]\nlingering_injuries = false\n"
           "[day]\nencounters = 2\n[fight]\nopponents_target = \"weakest\"\n"
           "pick_up = \"two_down\"\n\n" +
           test::combatant_text("party", "hero", "max_hp", 10, 0,
                                "attack_bonus = 10\ndamage = \"1\"", "ac = 10\n") +
           test::combatant_text("party", "cleric", "max_hp", 20, -10,
                                "attack_bonus = 10\ndamage = \"1\"",
                                "ac = 10\n[party.heals]\ndice = \"1d4+3\"\nuses = 1\n" + between) +
           test::combatant_text("opponents", "goblin", "hp", 1, 20,
                                "attack_bonus = 10\ndamage = \"10\"", "ac = 10\n");
  };
  auto first = [](Script& s) {
    s.d(20, 1).d(20, 1).d(20, 1);  // initiative: the goblin, the hero, the cleric
    s.d(20, 10);                   // the goblin drops the hero: 0 HP, dying
    s.d(20, 10).d(20, 1);          // a death save; the cleric misses
    s.d(20, 1).d(20, 10).d(20, 1);  // the goblin misses; a save; the cleric misses
    s.d(20, 1).d(20, 10).d(20, 10);  // the goblin misses; three saves: stable; the goblin falls
  };
  auto second = [](Script& s) {
    s.d(20, 1).d(20, 1).d(20, 1);  // initiative
    s.d(20, 1).d(20, 10);          // the goblin misses, the hero kills it
  };
  Script s;
  first(s);
  s.d(4, 2);  // Healing Word: 2 + 3
  second(s);
  const std::string fallen = text("");
  const test::Played p = test::play_scripted(fallen, s);
  INFO(p.log);
  CHECK(s.done());
  CHECK(has(p.log, "cleric heals hero between the encounters: 5 HP, 5 of 10"));
  CHECK_FALSE(has(p.log, "wakes with 1 HP"));
  const LoadedScenario ls = test::load_text(fallen);
  CHECK(test::counter(ls, p.outcome, "heals_used") == 1);
  CHECK(test::counter(ls, p.outcome, "encounters") == 2);

  Script t;
  first(t);
  t.d(4, 2);  // stable_wake: 2 hours
  second(t);
  const test::Played q = test::play_scripted(text("heal_between = \"none\"\n"), t);
  INFO(q.log);
  CHECK(t.done());
  CHECK(has(q.log, "[2:00:18] hero wakes with 1 HP"));
  CHECK_FALSE(has(q.log, "between the encounters"));
}

TEST_CASE("dnd5e party day: heal_between = top_up spends the uses left on the most hurt",
          "[party][day][scripted]") {
  // The hero at 4 of 10 after the first goblin heals itself (1d4+3 = 5: 9 of 10) and stands
  // the second goblin's 6; with the default ("fallen": nobody is at 0 HP) it keeps the use and
  // drops to 0 HP in the second fight.
  const std::string toml = day_text(
      "[day]\nencounters = 2\n", "[party.heals]\ndice = \"1d4+3\"\nuses = 1\nheal_between = \"top_up\"\n");
  Script s;
  encounter(s);
  s.d(4, 2);
  encounter(s);
  const test::Played p = test::play_scripted(toml, s);
  INFO(p.log);
  CHECK(s.done());
  CHECK(has(p.log, "hero heals hero between the encounters: 5 HP, 9 of 10"));
  const LoadedScenario ls = test::load_text(toml);
  CHECK(test::counter(ls, p.outcome, "fell_hero") == 0);
}

TEST_CASE("dnd5e party day: Second Wind, a bonus action, back after a short rest",
          "[party][day][scripted]") {
  // The goblin's 6 leave the hero 4 of 10, at or below half: its Second Wind (1d10) heals it
  // and its attack follows in the same turn. Used, it is back after the short rest only.
  auto toml = [](int rests) {
    return day_text("[day]\nencounters = 2\nshort_rests = " + std::to_string(rests) + "\n",
                    "second_wind = \"1d10\"\n");
  };
  Script s;
  s.d(20, 1).d(20, 1).d(20, 10);  // the goblin hits first: 4 HP
  s.d(10, 3);                     // the Second Wind: 7
  s.d(20, 10);                    // and the hero's attack, the same turn: the goblin falls
  s.d(8, 2);                      // the short rest: a Hit Die, 3 HP, 10 of 10
  s.d(20, 1).d(20, 1).d(20, 10);  // encounter 2: 4 HP again
  s.d(10, 5);                     // the Second Wind is back: 9
  s.d(20, 10);
  const test::Played p = test::play_scripted(toml(1), s);
  INFO(p.log);
  CHECK(has(p.log, "[0:00:00] hero takes its second wind (bonus action): 3 HP, 7 now"));
  CHECK(has(p.log, "[0:00:00] hero hits goblin (attack 1) for 1"));
  CHECK(has(p.log, "hero takes its second wind (bonus action): 5 HP, 9 now"));
  const LoadedScenario ls = test::load_text(toml(1));
  CHECK(test::counter(ls, p.outcome, "heals_used") == 2);
  // Without the short rest it is spent: the second goblin leaves the hero at 1 HP.
  Script t;
  t.d(20, 1).d(20, 1).d(20, 10).d(10, 3).d(20, 10);
  t.d(20, 1).d(20, 1).d(20, 10).d(20, 10);
  const test::Played q = test::play_scripted(toml(0), t);
  INFO(q.log);
  CHECK(q.log.find("second wind") == q.log.rfind("second wind"));  // once
  CHECK(test::counter(ls, q.outcome, "heals_used") == 1);
  // Above second_wind_below (0.3: 3 HP) it is not taken; the share needs the dice.
  Script u;
  encounter(u);
  const test::Played r =
      test::play_scripted(day_text("", "second_wind = \"1d10\"\nsecond_wind_below = 0.3\n"), u);
  INFO(r.log);
  CHECK_FALSE(has(r.log, "second wind"));
  CHECK(error(day_text("", "second_wind_below = 0.3\n")).find("without second_wind") !=
        std::string::npos);
}

TEST_CASE("dnd5e party day: Second Wind between the encounters", "[party][day][scripted]") {
  // At 4 of 10, above second_wind_below (0.3: 3 HP), the hero keeps it in the fight; before the
  // short rest it takes it (the rest gives it back), and the Hit Dice do the rest. Without a
  // rest after, it waits for the threshold.
  const std::string wind = "second_wind = \"1d10\"\nsecond_wind_below = 0.3\n";
  Script s;
  encounter(s);
  s.d(10, 3);         // the Second Wind before the rest: 3 HP, 7 of 10
  s.d(8, 2);          // a Hit Die: 3 HP, 10 of 10
  encounter(s);
  const test::Played p =
      test::play_scripted(day_text("[day]\nencounters = 2\nshort_rests = 1\n", wind), s);
  INFO(p.log);
  CHECK(s.done());
  CHECK(has(p.log, "[0:00:06] hero takes its second wind between the encounters: 3 HP, 7 of 10"));
  CHECK(has(p.log, "hero spends a Hit Die in the short rest: 3 HP, 10 of 10"));
  // second_wind_below = 0 is never, before the rest too: two Hit Dice instead.
  Script n;
  encounter(n);
  n.d(8, 2).d(8, 2);  // two Hit Dice: 3 + 3, 10 of 10
  encounter(n);
  const test::Played o = test::play_scripted(
      day_text("[day]\nencounters = 2\nshort_rests = 1\n",
               "second_wind = \"1d10\"\nsecond_wind_below = 0.0\n"),
      n);
  INFO(o.log);
  CHECK(n.done());
  CHECK_FALSE(has(o.log, "second wind"));

  // A squire behind the goblin fells it after the goblin's blow leaves the hero at 4, at its
  // threshold (0.4) but with no turn left: it takes the Second Wind between the encounters.
  const std::string toml =
      std::string("name = \"day\"\nruleset = \"dnd5e\"\ntrials = 2000\nseed = 3\n") +
      "horizon = \"30 days\"\n[options]\nlingering_injuries = false\n[day]\nencounters = 2\n"
      "[fight]\n\n" +
      test::combatant_text("party", "hero", "max_hp", 10, 19, "attack_bonus = 0\ndamage = \"1\"",
                           "ac = 10\nsecond_wind = \"1d10\"\nsecond_wind_below = 0.4\n") +
      test::combatant_text("party", "squire", "max_hp", 10, 0, "attack_bonus = 10\ndamage = \"1\"",
                           "ac = 30\n") +
      test::combatant_text("opponents", "goblin", "hp", 1, 10, "attack_bonus = 10\ndamage = \"6\"",
                           "ac = 10\n");
  auto fight = [](Script& u, int blow = 10) {
    u.d(20, 1).d(20, 1).d(20, 1);  // initiative: hero 20, squire 1, goblin 11
    u.d(20, 1);                    // the hero misses
    u.d(2, 1).d(20, blow);         // the goblin strikes the hero: 10 hits for 6 (4 of 10)
    u.d(20, 10);                   // the squire fells it
  };
  Script u;
  fight(u);
  u.d(10, 6);  // the Second Wind between the encounters: 6, 10 of 10
  fight(u);
  const test::Played r = test::play_scripted(toml, u);
  INFO(r.log);
  CHECK(u.done());
  CHECK(has(r.log, "hero takes its second wind between the encounters: 6 HP, 10 of 10"));
  // Above the threshold (0.3) it keeps it for the next fight.
  std::string kept = toml;
  kept.replace(kept.find("second_wind_below = 0.4"), 23, "second_wind_below = 0.3");
  Script v;
  fight(v);
  fight(v, 1);  // the goblin misses: the hero ends the day at 4 of 10, its Second Wind unused
  const test::Played w = test::play_scripted(kept, v);
  INFO(w.log);
  CHECK(v.done());
  CHECK_FALSE(has(w.log, "second wind"));
}

TEST_CASE("dnd5e party: no Second Wind in the turn of a Healing Word (one bonus action)",
          "[party][scripted]") {
  // The goblin drops the squire and leaves the hero 4 of 10: the hero's Healing Word picks the
  // squire up, its bonus action; the Second Wind waits for its next turn.
  const std::string toml =
      "name = \"wind\"\nruleset = \"dnd5e\"\nhorizon = \"30 days\"\n[options]\n"
      "lingering_injuries = false\n[fight]\nopponents_target = \"weakest\"\nround_cap = 2\n" +
      test::combatant_text("party", "hero", "max_hp", 10, 10, "hit_chance = 0.0\ndamage = \"1\"",
                           "second_wind = \"1d10\"\n[party.heals]\ndice = \"1d4\"\nuses = 1\n") +
      test::combatant_text("party", "squire", "max_hp", 6, 0, "hit_chance = 0.0\ndamage = \"1\"",
                           "") +
      test::combatant_text("opponents", "goblin", "hp", 50, 20,
                           "attack_bonus = 10\ndamage = \"6\"\nstrikes = 2", "ac = 10\n");
  Script s;
  s.d(20, 1).d(20, 1).d(20, 1);  // initiative: goblin 21, hero 11, squire 1
  s.d(20, 10).d(20, 10);         // the goblin drops the squire, then hits the hero: 4 HP
  s.d(4, 2);                     // the hero's Healing Word: the squire up with 1 HP
  s.no();                        // the hero's attack misses
  s.no();                        // the squire's too
  s.d(20, 1).d(20, 1);           // round 2: the goblin misses twice
  s.d(10, 3);                    // the hero's Second Wind: 7
  s.no().no();                   // both miss; the cap ends the fight
  const test::Played p = test::play_scripted(toml, s);
  INFO(p.log);
  CHECK(has(p.log, "[0:00:00] hero heals squire for 2"));
  CHECK(has(p.log, "[0:00:06] hero takes its second wind (bonus action): 3 HP, 7 now"));
  CHECK_FALSE(has(p.log, "[0:00:00] hero takes its second wind"));
}

TEST_CASE("dnd5e party day: the day stops at a death", "[party][day]") {
  // The goblin's 6 twice drop the hero in the second of three encounters; the fight ends with
  // the party down, and two natural 1s on its death saves kill it: the third is not fought.
  const std::string toml = day_text("[day]\nencounters = 3\n");
  Script s;
  encounter(s);
  s.d(20, 1).d(20, 1).d(20, 10);  // the second fight: the hero at 0 HP, the party down
  s.d(20, 1).d(20, 1);            // its death saves: two natural 1s, four failures
  const test::Played p = test::play_scripted(toml, s);
  INFO(p.log);
  const LoadedScenario ls = test::load_text(toml);
  CHECK(test::counter(ls, p.outcome, "died_hero") == 1);
  CHECK(test::counter(ls, p.outcome, "encounters") == 2);
  CHECK_FALSE(has(p.log, "encounter 3 of 3"));
}

TEST_CASE("dnd5e party day: one encounter is the fight, trial for trial; more only add deaths",
          "[party][day]") {
  const int more = test::check_day_against_fight("scenarios/examples/dnd5e-orog-ambush.toml",
                                                 "[day]\nencounters = 3\n", 5, 400);
  CHECK(more > 100);  // most parties go on past the first fight
}

TEST_CASE("dnd5e party day: located errors", "[party][day][errors]") {
  CHECK(error(day_text("[day]\nencounters = 3\nshort_rests = 3\n"))
            .find("short_rests") != std::string::npos);
  CHECK(error(day_text("[day]\nshort_rests = 1\n")).find("encounters") != std::string::npos);
  CHECK(error(day_text("[day]\nencounters = 51\n")).find("encounters") != std::string::npos);
  CHECK(error(day_text("[day]\nencounters = 2\nrest = 1\n")).find("rest") != std::string::npos);
  // One [character] has no day yet: the key is refused, located, with the reason.
  const std::string one =
      test::read_file(test::source_path("scenarios/examples/dnd5e-goblin-ambush.toml"));
  const std::string refused = error(one + "\n[day]\nencounters = 2\n");
  CHECK(refused.find("played by a party only") != std::string::npos);
  CHECK(refused.find("docs/days.md") != std::string::npos);
  CHECK(refused.find("a party of one") != std::string::npos);  // the way to a day for one
  const std::string no_die = test::combatant_text("party", "hero", "max_hp", 10, 0,
                                                  "attack_bonus = 1\ndamage = \"1\"",
                                                  "hit_dice = 2\n");
  CHECK(error("name = \"x\"\nruleset = \"dnd5e\"\n[fight]\n" + no_die +
              test::combatant_text("opponents", "g", "hp", 1, 0,
                                   "attack_bonus = 1\ndamage = \"1\""))
            .find("hit_die") != std::string::npos);
}

TEST_CASE("dnd5e party day: a campaign of days, its first adventure the day's trial",
          "[party][day][campaign]") {
  // The bundled day as a campaign of 3: adventure 1 is the day, draw for draw; the members'
  // permanent losses go on to the next day (the dnd5e party's Carried).
  const int went_on =
      test::check_day_campaign("scenarios/examples/dnd5e-adventuring-day.toml", 7, 300);
  CHECK(went_on > 100);
}

TEST_CASE("dnd5e party day: a campaign going on before its long rest carries the Hit Dice",
          "[party][day][campaign]") {
  // The goblin hits for 3 each encounter. Adventure 1: 7 HP, a short rest's die (2 + 1) back to
  // 10, 7 after the second fight; the downtime is over before the long rest ends: it goes on at
  // 7 HP with 1 Hit Die of 2. Adventure 2: 4 HP, its one die (1 + 1): 6, no die left (a second
  // die would be a roll the script does not have); 3 after the second fight; the last adventure
  // rests to whole.
  const std::string text =
      std::string("name = \"camp\"\nruleset = \"dnd5e\"\ntrials = 100\nseed = 3\n") +
      "horizon = \"30 days\"\n[options]\nlingering_injuries = false\n"
      "[day]\nencounters = 2\nshort_rests = 1\n"
      "[campaign]\nadventures = 2\ndowntime = \"1 hour\"\n[fight]\n\n" +
      test::combatant_text("party", "hero", "max_hp", 10, 0, "attack_bonus = 10\ndamage = \"1\"",
                           "ac = 10\nhit_dice = 2\nhit_die = \"1d8+1\"\n") +
      test::combatant_text("opponents", "goblin", "hp", 1, 20, "attack_bonus = 10\ndamage = \"3\"",
                           "ac = 10\n");
  Script s;
  encounter(s);
  s.d(8, 2);  // adventure 1's short rest: one die, 10 of 10
  encounter(s);
  encounter(s);
  s.d(8, 1);  // adventure 2's short rest: its one die, 6 of 10
  encounter(s);
  const test::Played p = test::play_scripted(text, s);
  INFO(p.log);
  CHECK(s.done());
  const size_t a2 = p.log.find("adventure 2 of 2 begins");
  REQUIRE(a2 != std::string::npos);
  CHECK(p.log.find("hero carries from the adventure before: HP 7/10, 1 Hit Dice", a2) !=
        std::string::npos);
  CHECK(p.log.find("hero spends a Hit Die in the short rest: 2 HP, 6 of 10", a2) !=
        std::string::npos);
  CHECK(p.outcome.adventures == 2);
  CHECK(metrics_of(test::load_text(text).models[0]).ends[p.outcome.end].kind ==
        EndKind::Recovered);
}

namespace {

// A [[day.next]] encounter of one opponent kind `name`, with hp 1, who strikes first for
// `damage`.
std::string next_encounter(const std::string& name, int damage, const std::string& extra = "") {
  return "[[day.next]]\n[[day.next.opponents]]\nname = \"" + name +
         "\"\nhp = 1\nac = 10\ninitiative = 20\n" + extra +
         "[[day.next.opponents.attacks]]\nattack_bonus = 10\ndamage = \"" +
         std::to_string(damage) + "\"\n";
}

}  // namespace

TEST_CASE("dnd5e party day: [[day.next]] encounters have opponents of their own",
          "[party][day]") {
  // The goblin's 6, then the ogre's 3: the hero ends the day at 1 HP of 10.
  const std::string toml = day_text("") + "[day]\n" + next_encounter("ogre", 3);
  Script s;
  encounter(s);
  s.d(20, 1).d(20, 1);  // the second fight's initiative: the hero 1, the ogre 21
  s.d(20, 10);          // the ogre hits: 3
  s.d(20, 10);          // the hero hits: the ogre falls
  const test::Played p = test::play_scripted(toml, s);
  INFO(p.log);
  CHECK(has(p.log, "encounter 2 of 2 begins: ogre"));
  CHECK(has(p.log, "ogre hits hero (attack 1) for 3"));
  const LoadedScenario ls = test::load_text(toml);
  CHECK(test::counter(ls, p.outcome, "encounters") == 2);
  CHECK(test::counter(ls, p.outcome, "opponents_defeated") == 2);
  CHECK(test::counter(ls, p.outcome, "fell_hero") == 0);

  // Three encounters, the short rest spread after the 2nd (round(1 × 3 / 2) = 2): the hero at
  // 4 after the goblin, at 1 after the ogre, its Hit Dice (3 + 1, 5 + 1) bring it to 10, and
  // the troll's 9 leave it standing.
  const std::string three = day_text("") + "[day]\nshort_rests = 1\n" + next_encounter("ogre", 3) +
                            next_encounter("troll", 9, "count = 1\n");
  Script t;
  encounter(t);
  t.d(20, 1).d(20, 1).d(20, 10).d(20, 10);  // the ogre: 3, then it falls
  t.d(8, 3).d(8, 5);                        // the short rest: 1 + 4 + 6 = 11, 10 at most
  t.d(20, 1).d(20, 1).d(20, 10).d(20, 10);  // the troll: 9, then it falls
  const test::Played q = test::play_scripted(three, t);
  INFO(q.log);
  CHECK(has(q.log, "encounter 3 of 3 begins: troll"));
  CHECK(has(q.log, "hero spends a Hit Die in the short rest: 6 HP, 10 of 10"));
  const LoadedScenario lq = test::load_text(three);
  CHECK(test::counter(lq, q.outcome, "encounters") == 3);
  CHECK(test::counter(lq, q.outcome, "fell_hero") == 0);
}

TEST_CASE("dnd5e party day: a [[day.next]] encounter of opponents who cannot be harmed",
          "[party][day][scripted]") {
  // The goblin's fight, then a dart trap (no hp: it cannot be harmed) that shoots for 3 in one
  // round and is gone: the day goes on to the ogre, and the hero ends it at 1 HP of 10.
  const std::string trap =
      "[[day.next]]\n[[day.next.opponents]]\nname = \"dart trap\"\nrounds = 1\n"
      "initiative = 20\n[[day.next.opponents.attacks]]\nattack_bonus = 10\ndamage = \"3\"\n";
  const std::string toml = day_text("") + "[day]\n" + trap + next_encounter("ogre", 0);
  Script s;
  encounter(s);                   // 4 HP left
  s.d(20, 1).d(20, 1).d(20, 10);  // the trap: initiative, its dart hits for 3; the hero waits
  s.d(20, 1).d(20, 1).d(20, 10);  // the ogre hits for 0
  s.d(20, 10);                    // the hero kills it
  const test::Played p = test::play_scripted(toml, s);
  INFO(p.log);
  CHECK(has(p.log, "encounter 2 of 3 begins: dart trap"));
  CHECK(has(p.log, "dart trap hits hero (attack 1) for 3"));
  CHECK(has(p.log, "the opponents leave"));
  CHECK(has(p.log, "encounter 3 of 3 begins: ogre"));
  const LoadedScenario ls = test::load_text(toml);
  CHECK(test::counter(ls, p.outcome, "encounters") == 3);
  CHECK(test::counter(ls, p.outcome, "fight_won") == 1);  // the last fight's, the ogre's
  // And the other way round: the scenario's opponents cannot be harmed, the next can.
  std::string first = day_text("");
  const size_t hp = first.find("hp = 1\n", first.find("[[opponents]]"));
  REQUIRE(hp != std::string::npos);
  first.replace(hp, 7, "rounds = 1\n");
  first.erase(first.find("ac = 10\n", first.find("[[opponents]]")), 8);  // no AC to hit
  Script t;
  t.d(20, 1).d(20, 1).d(20, 10);  // the goblin, unharmable, hits for 6 and leaves
  t.d(20, 1).d(20, 1).d(20, 10);  // the ogre hits for 0
  t.d(20, 10);                    // the hero kills it
  const std::string other = first + "[day]\n" + next_encounter("ogre", 0);
  const test::Played q = test::play_scripted(other, t);
  INFO(q.log);
  CHECK(has(q.log, "the opponents leave"));
  CHECK(has(q.log, "hero hits ogre (attack 1) for 1"));
  CHECK(test::counter(test::load_text(other), q.outcome, "fight_won") == 1);
  // The day ends with the trap: the goblin's fight won is the day's (the trap left, the hero
  // stood); encounters 3.
  const std::string last = day_text("") + "[day]\n" + next_encounter("ogre", 0) + trap;
  Script u;
  encounter(u);                   // 4 HP left
  u.d(20, 1).d(20, 1).d(20, 10);  // the ogre hits for 0
  u.d(20, 10);                    // the hero kills it
  u.d(20, 1).d(20, 1).d(20, 10);  // the dart: 3, the hero at 1 of 10
  const test::Played r = test::play_scripted(last, u);
  INFO(r.log);
  CHECK(u.done());
  CHECK(has(r.log, "encounter 3 of 3 begins: dart trap"));
  const LoadedScenario lr = test::load_text(last);
  CHECK(test::counter(lr, r.outcome, "encounters") == 3);
  CHECK(test::counter(lr, r.outcome, "fight_won") == 1);
  CHECK(test::counter(lr, r.outcome, "round_cap") == 0);
  // A later encounter mixing the two is a located error.
  CHECK_THAT(error(day_text("") + "[day]\n" + trap + "[[day.next.opponents]]\nname = \"o\"\n"
                   "hp = 5\n[[day.next.opponents.attacks]]\nattack_bonus = 1\ndamage = \"1\"\n"),
             Catch::Contains("opponents are all defeatable"));
}

TEST_CASE("dnd5e party day: [[day.next]] errors", "[party][day][errors]") {
  CHECK_THAT(error(day_text("") + "[day]\nencounters = 2\n" + next_encounter("ogre", 3)),
             Catch::Contains("both encounters and [[day.next]]"));
  CHECK_THAT(error(day_text("") + "[day]\n[[day.next]]\nname = \"x\"\n"),
             Catch::Contains("an encounter without opponents"));
  CHECK_THAT(error(day_text("") + "[day]\n[[day.next]]\n[[day.next.opponents]]\nname = \"o\"\n"
                                  "[[day.next.opponents.attacks]]\nattack_bonus = 1\n"
                                  "damage = \"1\"\n"),
             Catch::Contains("leaves after its rounds: how many?"));
  CHECK_THAT(error(day_text("") + "[day]\nshort_rests = 2\n" + next_encounter("ogre", 3)),
             Catch::Contains("short_rests"));
}

TEST_CASE("dnd5e party day: how much farther a variant gets, paired, in comparisons.csv",
          "[party][day][cli]") {
  // encounters_mean_difference: the paired mean difference of the encounters fought, which is
  // the difference of the two means in summary.csv (over the same trials), with an interval.
  const std::string file = test::source_path("scenarios/examples/dnd5e-adventuring-day.toml");
  const std::string out = test::fresh_path("day-encounters");
  const test::CliResult r = test::cli({"run", file, "--trials", "2000", "--out", out});
  INFO(r.err);
  REQUIRE(r.status == 0);
  const CsvTable sum = CsvTable::parse(test::read_file(out + "/summary.csv"), "summary.csv");
  const CsvTable cmp = CsvTable::parse(test::read_file(out + "/comparisons.csv"), "c.csv");
  auto mean = [&](const std::string& variant) {
    for (size_t i = 0; i < sum.rows(); ++i)
      if (sum.at(i, "variant") == variant && sum.at(i, "metric") == "encounters_mean") {
        // A mean with its interval: one fight a day every time has none to speak of.
        if (variant == "one-fight")
          CHECK(sum.number(i, "ci_low") == sum.number(i, "estimate"));
        else
          CHECK(sum.number(i, "ci_low") < sum.number(i, "estimate"));
        return sum.number(i, "estimate");
      }
    FAIL("no encounters_mean for " << variant);
    return 0.0;
  };
  int found = 0;
  for (size_t i = 0; i < cmp.rows(); ++i) {
    if (cmp.at(i, "metric") != "encounters_mean_difference") continue;
    const std::string v = cmp.at(i, "variant");
    INFO(v);
    ++found;
    const double d = cmp.number(i, "difference");
    CHECK(d == Approx(mean(v) - mean("baseline")).margin(1e-9));
    CHECK(cmp.number(i, "ci_low") <= d);
    CHECK(cmp.number(i, "ci_high") >= d);
    if (v == "one-fight") CHECK(cmp.number(i, "ci_high") < -1);  // one fight against ~5
    if (v == "two-days") CHECK(cmp.number(i, "ci_low") > 0);      // the second day's fights
  }
  CHECK(found == 9);  // no-short-rests, one-fight, top-up, two-days, second-wind, magic-missile,
                      // missile-a-fight, guiding-bolt, burning-hands
}

TEST_CASE("dnd5e party day: days, a night's long rest between two days: all HP, half the Hit "
          "Dice, the heals",
          "[party][day][scripted]") {
  // One goblin a day, two days. The hero at 4 of 10 heals itself (top_up, 1d4+3 = 5: 9 of 10);
  // the night brings it to 10, its use back (1 heals). Without the night, 3 HP after the second
  // goblin.
  const std::string heals = "[party.heals]\ndice = \"1d4+3\"\nuses = 1\nheal_between = \"top_up\"\n";
  const std::string toml = day_text("[day]\nencounters = 1\ndays = 2\n", heals);
  Script s;
  encounter(s);
  s.d(4, 2);  // the Healing Word between the encounters
  encounter(s);
  const test::Played p = test::play_scripted(toml, s);
  INFO(p.log);
  CHECK(s.done());
  CHECK(has(p.log, "hero heals hero between the encounters: 5 HP, 9 of 10"));
  CHECK(has(p.log, "[8:00:12] the night's long rest ends: day 2 of 2 begins"));  // after the heal
  CHECK(has(p.log, "hero wakes from the long rest: 10 HP, 2 Hit Dice, 1 heals"));
  CHECK(has(p.log, "encounter 2 of 2 begins"));
  const LoadedScenario ls = test::load_text(toml);
  CHECK(test::counter(ls, p.outcome, "encounters") == 2);

  // Two encounters a day with a short rest after the first of each: the short rests fall after
  // encounters 1 and 3, the night after 2. The first short rest spends both Hit Dice; the night
  // gives one back (half of 2), which the second short rest spends.
  const std::string two = day_text("[day]\nencounters = 2\nshort_rests = 1\ndays = 2\n");
  Script t;
  encounter(t);
  t.d(8, 3).d(8, 5);  // the short rest: 4 + 6, 10 of 10
  encounter(t);
  encounter(t);       // the night, then day 2's first
  t.d(8, 3);          // the short rest: its one Hit Die
  encounter(t);
  const test::Played q = test::play_scripted(two, t);
  INFO(q.log);
  CHECK(t.done());
  CHECK(has(q.log, "hero wakes from the long rest: 10 HP, 1 Hit Dice"));
  CHECK(has(q.log, "encounter 4 of 4 begins"));
  size_t rests = 0;
  for (size_t at = 0; (at = q.log.find("a short rest of an hour ends", at)) != std::string::npos;
       ++at)
    ++rests;
  CHECK(rests == 2);
  CHECK(test::counter(test::load_text(two), q.outcome, "encounters") == 4);
}

TEST_CASE("dnd5e party day: the night heals a light injury; a severe one counts it toward "
          "\"Varie\"",
          "[party][day][injuries][scripted]") {
  // Seed 003: the hero drops to the goblin's 10 with an injury, a natural 20 on its death save
  // brings it back and it kills the goblin; the squire, slower and tougher, is never the
  // target. Day 2: the goblin misses, the hero kills it.
  auto text = [](const std::string& options) {
    return "name = \"days\"\nruleset = \"dnd5e\"\ntrials = 100\nseed = 3\n"
           "horizon = \"30 days\"\n[options]\n" + options +
           "[day]\nencounters = 1\ndays = 2\n[fight]\nopponents_target = \"weakest\"\n\n" +
           test::combatant_text("party", "hero", "max_hp", 10, 0,
                                "attack_bonus = 10\ndamage = \"1\"", "ac = 10\n") +
           test::combatant_text("party", "squire", "max_hp", 20, -10,
                                "attack_bonus = 10\ndamage = \"1\"", "ac = 10\n") +
           test::combatant_text("opponents", "goblin", "hp", 1, 20,
                                "attack_bonus = 10\ndamage = \"10\"", "ac = 10\n");
  };
  auto day = [](Script& s, int injury) {
    s.d(20, 1).d(20, 1).d(20, 1);  // initiative: the goblin first, then the hero, the squire
    s.d(20, 10);                   // the goblin hits the hero for 10: 0 HP, dying
    s.d(20, injury);               // the injury's d20
    s.d(20, 20);                   // a natural 20: 1 HP, and it acts
    s.d(20, 10);                   // it hits: the goblin falls
    s.d(20, 1).d(20, 1).d(20, 1);  // day 2's initiative
    s.d(20, 1);                    // the goblin misses (a natural 1)
    s.d(20, 10);                   // the hero kills it
  };
  Script s;
  day(s, 20);  // light: Blessure à la jambe
  const std::string light = text("");
  const test::Played p = test::play_scripted(light, s);
  INFO(p.log);
  CHECK(s.done());
  CHECK(has(p.log, "hero's Blessure à la jambe (light) heals: a long rest"));
  const LoadedScenario ls = test::load_text(light);
  CHECK(test::counter(ls, p.outcome, "injuries") == 1);
  CHECK(test::duration(ls, p.outcome, "downtime") == 0);  // nothing open after the day

  // Severe (Légère concussion) with "Varie" after one long rest: the night heals it.
  Script t;
  day(t, 4);
  const test::Played q = test::play_scripted(text("untreated_severe_long_rests = 1\n"), t);
  INFO(q.log);
  CHECK(t.done());
  CHECK(has(q.log, "hero's Légère concussion (severe) heals: long rests, untreated"));

  // After two: the night counts one, so the first long rest after the adventure heals it.
  Script u;
  day(u, 4);
  const test::Played r = test::play_scripted(text("untreated_severe_long_rests = 2\n"), u);
  INFO(r.log);
  CHECK_FALSE(has(r.log, "[8:00:06] hero's Légère concussion"));
  CHECK(has(r.log, "[16:00:12] hero's Légère concussion (severe) heals: long rests, untreated"));
}

TEST_CASE("dnd5e party day: days kill every party the first day kills, on the same numbers",
          "[party][day]") {
  const int more = test::check_day_against_fight("scenarios/examples/dnd5e-orog-ambush.toml",
                                                 "[day]\nencounters = 1\ndays = 3\n", 5, 400);
  CHECK(more > 100);
}

TEST_CASE("dnd5e party day: days errors, located", "[party][day][errors]") {
  CHECK(error(day_text("[day]\nencounters = 6\ndays = 9\n")).find("days = 8 at most") !=
        std::string::npos);
  CHECK(error(day_text("[day]\nencounters = 2\ndays = 0\n")).find("days") != std::string::npos);
}
