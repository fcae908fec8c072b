// A dnd5e combatant's attacks of limited uses (docs/parties.md: `uses`, `recharge`,
// `instead_of`, `per_encounter`; a spell slot's Magic Missile, a daily power): on scripted
// dice, a turn that begins with a use left makes the attack and spends one, and not the one
// it replaces; with none left, the other comes back. An attack of uses identical to the one it replaces changes
// no outcome, trial by trial; over an adventuring day the uses are spent one a turn and come
// back after a long rest (and, `recharge = "short_rest"`, a short one), at most
// `per_encounter` a fight; `spends = "heals"` takes the heals' uses, down to `keep`; bad keys
// are located. The counter uses_spent adds up the spends the story tells.
#include <catch2/catch.hpp>

#include <map>

#include "sim/engine/runner.h"
#include "tests/cli_support.h"
#include "tests/party_support.h"
#include "tests/support.h"

using namespace leth;

namespace {

const char* const kDay = "scenarios/examples/dnd5e-adventuring-day.toml";

std::string duel(const std::string& attacks, const std::string& fight = "round_cap = 2\n") {
  return "name = \"uses\"\nruleset = \"dnd5e\"\ntrials = 100\nseed = 3\nhorizon = \"30 days\"\n"
         "[options]\nlingering_injuries = false\n[fight]\n" +
         fight + "\n" +
         test::combatant_text("party", "hero", "max_hp", 30, 5, attacks, "ac = 10\n") +
         test::combatant_text("opponents", "ogre", "hp", 20, 0,
                              "attack_bonus = 0\ndamage = \"1\"", "ac = 10\n");
}

// The adventuring day's wizard with `attacks` for its fire bolt.
std::string day_with(const std::string& attacks, const std::string& day_keys = "") {
  std::string text = test::read_file(test::source_path(kDay));
  const std::string bolt = "[[party.attacks]]\nname = \"fire bolt\"\nattack_bonus = 5\n"
                           "damage = \"1d10\"\ndamage_type = \"fire\"\nmelee = false\n";
  const size_t at = text.find(bolt);
  REQUIRE(at != std::string::npos);
  text.replace(at, bolt.size(), attacks);
  text.erase(text.find("[[variants]]"));
  const std::string day = "[day]\n";
  text.insert(text.find(day) + day.size(), day_keys);
  return text;
}

const char* const kBolt =
    "[[party.attacks]]\nname = \"fire bolt\"\nattack_bonus = 5\ndamage = \"1d10\"\n"
    "damage_type = \"fire\"\nmelee = false\n";

std::string missile(const std::string& extra) {
  return std::string("[[party.attacks]]\nname = \"magic missile\"\nhit_chance = 1.0\n"
                     "damage = \"1d4+1\"\ndamage_type = \"force\"\nmelee = false\nstrikes = 3\n"
                     "instead_of = \"fire bolt\"\n") +
         extra;
}

}  // namespace

TEST_CASE("dnd5e uses: a turn with a use left makes the attack instead of the other",
          "[dnd5e][party][scripted]") {
  const std::string toml =
      duel("name = \"bolt\"\nattack_bonus = 0\ndamage = \"1\"\n[[party.attacks]]\n"
           "name = \"missile\"\nattack_bonus = 10\ndamage = \"3\"\nuses = 1\n"
           "instead_of = \"bolt\"\n");
  Script s;
  s.d(20, 10).d(20, 10);  // initiative: hero 15, ogre 10
  s.d(20, 5);             // round 1, hero: the missile (its one use), 15 hits AC 10 for 3
  s.d(20, 1);             // ogre: a natural 1 misses
  s.d(20, 10);            // round 2, hero: no use left, the bolt: 10 hits AC 10 for 1
  s.d(20, 1);             // ogre misses; the round cap ends the fight
  const test::Played p = test::play_scripted(toml, s);
  INFO(p.log);
  CHECK(test::has(p.log, "[0:00:00] hero spends a use of missile (0 left)"));
  CHECK(test::has(p.log, "[0:00:00] hero hits ogre (missile) for 3"));
  CHECK(test::has(p.log, "[0:00:06] hero hits ogre (bolt) for 1"));
  CHECK(test::count(p.log, "(bolt)") == 1);     // not in the turn the missile was made
  CHECK(test::count(p.log, "(missile)") == 1);  // nor the missile with no use left
}

TEST_CASE("dnd5e uses: an attack of uses like the one it replaces changes no outcome",
          "[dnd5e][party][invariant]") {
  // The wizard's fire bolt, and a copy of it with three uses in its place: while they last the
  // copy makes the same rolls the fire bolt would have, after them the fire bolt does. Only
  // the counter uses_spent differs: the uses the story tells spent.
  const LoadedScenario base = test::load_text(day_with(kBolt), "base.toml");
  const std::string copy =
      "[[party.attacks]]\nname = \"bolt copy\"\nattack_bonus = 5\ndamage = \"1d10\"\n"
      "damage_type = \"fire\"\nmelee = false\nuses = 3\ninstead_of = \"fire bolt\"\n";
  const LoadedScenario same = test::load_text(day_with(std::string(kBolt) + copy), "same.toml");
  const size_t uses = test::counter_index(metrics_of(same), "uses_spent");
  uint64_t spent = 0;
  for (uint64_t trial = 0; trial < 300; ++trial) {
    INFO("trial " << trial);
    EventLog log;
    Outcome o = replay_trial(same, 0, 7, trial, &log);
    const size_t told = test::count(log.render(), "wizard spends a use of bolt copy");
    CHECK(o.counters[uses] == told);
    o.counters[uses] = 0;
    CHECK(o == replay_trial(base, 0, 7, trial, nullptr));
    spent += told;
  }
  CHECK(spent > 300);  // the copy was made: the check can fail
}

TEST_CASE("dnd5e uses: spent one a turn, back after a long rest, or a short one",
          "[dnd5e][party]") {
  // Two days of six encounters, two short rests each: with uses = 2 the wizard spends at most
  // two a day, and with recharge = "short_rest" at most two between rests; the "(k left)"
  // count falls by one at each spend from the uses, and a turn makes one of the two attacks.
  for (const bool short_rest : {false, true}) {
    INFO("recharge after a short rest: " << short_rest);
    const LoadedScenario ls = test::load_text(
        day_with(std::string(kBolt) +
                     missile(std::string("uses = 2\n") +
                             (short_rest ? "recharge = \"short_rest\"\n" : "")),
                 "days = 2\n"),
        "day.toml");
    uint64_t exhausted = 0, second_day = 0, past_two = 0;  // past_two: days with 3 or more
    const size_t uses = test::counter_index(metrics_of(ls), "uses_spent");
    for (uint64_t trial = 0; trial < 200; ++trial) {
      INFO("trial " << trial);
      EventLog log;
      const Outcome o = replay_trial(ls, 0, 7, trial, &log);
      const std::string story = log.render();
      CHECK(o.counters[uses] == test::count(story, "wizard spends a use of magic missile ("));
      int left = 2, today = 0;
      bool night = false;
      std::map<std::string, int> turns;  // a timestamp's attacks: 1 fire bolt, 2 missile
      size_t at = 0;
      for (size_t end; (end = story.find('\n', at)) != std::string::npos; at = end + 1) {
        const std::string line = story.substr(at, end - at);
        if (line.find("wakes from the long rest") != std::string::npos) {
          left = 2;
          night = true;
          past_two += today > 2;
          today = 0;
        }
        if (short_rest && line.find("a short rest of an hour ends") != std::string::npos)
          left = 2;
        if (line.find("wizard spends a use of magic missile (") != std::string::npos) {
          --left;
          ++today;
          REQUIRE(left >= 0);
          const std::string says = std::to_string(left) + " left)";
          CHECK(line.find(says) != std::string::npos);
          exhausted += left == 0;
          second_day += night;
        }
        const std::string stamp = line.substr(0, line.find(']'));
        if (line.find("wizard hits") != std::string::npos ||
            line.find("wizard misses") != std::string::npos)
          turns[stamp] |= line.find("(fire bolt") != std::string::npos ? 1 : 2;
      }
      for (const auto& [stamp, made] : turns) CHECK(made != 3);  // one of the two a turn
      past_two += today > 2;
    }
    CHECK((past_two > 0) == short_rest);  // more than the two a day only with the short rests
    CHECK(exhausted > 50);   // uses ran out: the checks can fail
    CHECK(second_day > 20);  // and came back after the night
  }
}

TEST_CASE("dnd5e uses: per_encounter spreads the uses over the day's fights",
          "[dnd5e][party]") {
  // Four slots, one an encounter: never two in one fight, and the later fights get theirs.
  const LoadedScenario ls = test::load_text(
      day_with(std::string(kBolt) + missile("uses = 4\nper_encounter = 1\n")), "spread.toml");
  const int total = 6;
  uint64_t later = 0, fourth = 0;  // spends in encounters 2.., spends of the fourth slot
  for (uint64_t trial = 0; trial < 200; ++trial) {
    INFO("trial " << trial);
    EventLog log;
    replay_trial(ls, 0, 7, trial, &log);
    const std::string story = log.render();
    for (int e = 1; e <= total; ++e) {
      const std::string begins = "encounter " + std::to_string(e) + " of 6 begins";
      const size_t from = e == 1 ? 0 : story.find(begins);
      if (from == std::string::npos) break;
      const size_t to = story.find("encounter " + std::to_string(e + 1) + " of 6 begins");
      const std::string part =
          story.substr(from, to == std::string::npos ? std::string::npos : to - from);
      const size_t spends = test::count(part, "wizard spends a use of magic missile");
      CHECK(spends <= 1);
      if (e > 1) later += spends;
    }
    fourth += test::count(story, "magic missile (0 left)");
    CHECK(test::count(story, "wizard spends a use of magic missile") <= 4);
  }
  CHECK(later > 200);  // the later fights spent theirs: the checks can fail
  CHECK(fourth > 50);
}

TEST_CASE("dnd5e uses: spends = \"heals\" takes the healing spells' slots, keeping some",
          "[dnd5e][party]") {
  // The cleric's Guiding Bolt from its four Healing Words' slots, never below one: a day's
  // heals and bolts together are four at most, and a bolt leaves one heal or more.
  std::string text = day_with(kBolt);
  const std::string mace = "name = \"mace\"\nattack_bonus = 4\ndamage = \"1d6+2\"\n"
                           "damage_type = \"bludgeoning\"\n";
  const size_t at = text.find(mace);
  REQUIRE(at != std::string::npos);
  text.insert(at + mace.size(),
              "[[party.attacks]]\nname = \"guiding bolt\"\nattack_bonus = 5\ndamage = \"4d6\"\n"
              "damage_type = \"radiant\"\nmelee = false\nspends = \"heals\"\nkeep = 1\n"
              "instead_of = \"mace\"\n");
  const LoadedScenario ls = test::load_text(text, "bolt.toml");
  uint64_t bolts = 0, both = 0;  // both: days with a bolt and a heal
  const size_t uses = test::counter_index(metrics_of(ls), "uses_spent");
  for (uint64_t trial = 0; trial < 200; ++trial) {
    INFO("trial " << trial);
    EventLog log;
    const Outcome o = replay_trial(ls, 0, 7, trial, &log);
    const std::string story = log.render();
    const size_t spent = test::count(story, "cleric spends a use of guiding bolt (");
    CHECK(o.counters[uses] == spent);  // a heal is not a use of an attack
    const size_t healed = test::count(story, "cleric heals ");
    CHECK(spent + healed <= 4);
    CHECK(spent <= 3);  // one kept
    CHECK_FALSE(test::has(story, "guiding bolt (0 heal"));
    bolts += spent;
    both += spent > 0 && healed > 0;
  }
  CHECK(bolts > 300);  // the bolts were cast: the checks can fail
  CHECK(both > 10);
}

TEST_CASE("dnd5e uses: bad keys are located and explained", "[dnd5e][party][errors]") {
  const auto error = [](const std::string& attacks) {
    return test::error_of([&] { test::load_text(day_with(attacks)); });
  };
  CHECK_THAT(error(std::string(kBolt) + "recharge = \"short_rest\"\n"),
             Catch::Contains("recharge") && Catch::Contains("without uses") &&
                 Catch::Contains("add uses = 2"));
  const std::string typo = "[[party.attacks]]\nname = \"magic missile\"\nhit_chance = 1.0\n"
                           "damage = \"3\"\nuses = 2\ninstead_of = \"fire blot\"\n";
  CHECK_THAT(error(std::string(kBolt) + typo),
             Catch::Contains("no attack \"fire blot\"") && Catch::Contains("\"fire bolt\""));
  CHECK_THAT(error(std::string(kBolt) + "uses = 1\n" + missile("uses = 2\n")),
             Catch::Contains("has uses of its own"));
  CHECK_THAT(error(std::string(kBolt) + missile("uses = 0\n")), Catch::Contains("uses"));
  CHECK_THAT(error(std::string(kBolt) + "per_encounter = 1\n"),
             Catch::Contains("per_encounter") && Catch::Contains("without uses"));
  CHECK_THAT(error(std::string(kBolt) + "keep = 1\n"), Catch::Contains("keep"));
  CHECK_THAT(error(std::string(kBolt) + missile("spends = \"heals\"\n")),
             Catch::Contains("without [party.heals]"));  // the wizard has none
  CHECK_THAT(error(std::string(kBolt) + missile("uses = 2\nspends = \"heals\"\n")),
             Catch::Contains("both uses and spends"));
  CHECK_THAT(error(std::string(kBolt) + missile("uses = 2\nrecharge = \"dawn\"\n")),
             Catch::Contains("recharge") && Catch::Contains("short_rest"));
  std::string five = kBolt;
  for (int i = 0; i < 5; ++i)
    five += "[[party.attacks]]\nname = \"slot " + std::to_string(i) +
            "\"\nhit_chance = 1.0\ndamage = \"1\"\nuses = 1\n";
  CHECK_THAT(error(five), Catch::Contains("more than 4 attacks of limited uses"));
  CHECK(error(std::string(kBolt) + missile("uses = 2\n")).empty());
}
