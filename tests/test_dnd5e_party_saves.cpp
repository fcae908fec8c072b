// A dnd5e attack with a saving throw (docs/parties.md: `save_dc`, `save`, `half_on_save`,
// `targets`): on scripted dice the target's d20 + its save against the DC, half the damage on a
// success; over many trials the opponents an area kills in one blow are a binomial count whose
// mean is exact (targets × the chance to fail), for the save named, the bonus given, the half
// taken or not; the damage is rolled once for all it catches; an area with nobody else standing
// is the single-target attack, trial for trial; a fallen target fails without rolling; bad keys
// are located.
#include <catch2/catch.hpp>

#include <cmath>
#include <set>

#include "sim/engine/runner.h"
#include "tests/party_support.h"
#include "tests/support.h"

using namespace leth;

namespace {

// A wizard who always acts first (initiative + 20) against `count` wolves of `hp` that never
// hit, one round: what the wizard's one blow of `attack` does.
std::string blast(const std::string& attack, int count, int hp,
                  const std::string& wolf_keys = "dex_save = 0\n") {
  return "name = \"blast\"\nruleset = \"dnd5e\"\ntrials = 100\nseed = 3\nhorizon = \"30 days\"\n"
         "[options]\nlingering_injuries = false\n[fight]\nround_cap = 1\n\n" +
         test::combatant_text("party", "wizard", "max_hp", 20, 20, attack, "ac = 10\n") +
         test::combatant_text("opponents", "wolf", "hp", hp, 0, "hit_chance = 0.0\ndamage = \"1\"",
                              "count = " + std::to_string(count) + "\n" + wolf_keys);
}

const char* const kCone =
    "name = \"cone\"\nsave_dc = 11\ndamage = \"10\"\ndamage_type = \"fire\"\n";

// The mean of opponents_defeated over n trials, CHECKed within 4 standard errors of `mean`
// for a per-trial variance `variance`.
void check_defeated(const std::string& toml, double mean, double variance, uint64_t n = 4000) {
  const LoadedScenario ls = test::load_text(toml, "blast.toml");
  double sum = 0;
  for (uint64_t trial = 0; trial < n; ++trial)
    sum += test::counter(ls, replay_trial(ls, 0, 11, trial, nullptr), "opponents_defeated");
  const double se = std::sqrt(variance / static_cast<double>(n));
  INFO(toml);
  CHECK(std::abs(sum / static_cast<double>(n) - mean) <= 4 * se);
}

}  // namespace

TEST_CASE("dnd5e saves: d20 + the target's save against the DC, half on a success",
          "[dnd5e][party][scripted]") {
  const std::string toml =
      "name = \"save\"\nruleset = \"dnd5e\"\ntrials = 100\nseed = 3\nhorizon = \"30 days\"\n"
      "[options]\nlingering_injuries = false\n[fight]\nround_cap = 2\n\n" +
      test::combatant_text("party", "hero", "max_hp", 30, 5,
                           "name = \"flame\"\nsave_dc = 12\ndamage = \"8\"\n", "ac = 10\n") +
      test::combatant_text("opponents", "ogre", "hp", 20, 0, "attack_bonus = 0\ndamage = \"1\"",
                           "ac = 10\ndex_save = 2\n");
  Script s;
  s.d(20, 10).d(20, 10);  // initiative: hero 15, ogre 10
  s.d(20, 9);             // round 1: the ogre's save, 9 + 2 = 11 < 12: fails, 8
  s.d(20, 1);             // the ogre misses
  s.d(20, 10);            // round 2: 10 + 2 = 12: saves, half of 8
  s.d(20, 1);
  const test::Played p = test::play_scripted(toml, s);
  INFO(p.log);
  CHECK(test::has(p.log, "[0:00:00] hero makes flame (DC 12 dex save) on ogre: 8 damage"));
  CHECK(test::has(p.log, "[0:00:00] ogre dex save 9 + 2 = 11: fails, takes 8"));
  CHECK(test::has(p.log, "[0:00:06] ogre dex save 10 + 2 = 12: saves, takes 4"));
}

TEST_CASE("dnd5e saves: an area's kills in one blow are binomial, its mean exact",
          "[dnd5e][party][statistical]") {
  // Three wolves of 10 HP, a cone of 10 against DC 11: each fails (dies) with 10/20.
  check_defeated(blast(kCone, 3, 10), 0.5, 0.25);  // targets = 1 by default: one wolf
  check_defeated(blast(std::string(kCone) + "targets = 3\n", 3, 10), 1.5, 0.75);
  check_defeated(blast(std::string(kCone) + "targets = 2\n", 3, 10), 1.0, 0.5);
  // More targets than wolves: the three, each once.
  check_defeated(blast(std::string(kCone) + "targets = 6\n", 3, 10), 1.5, 0.75);
  // A save of +5 fails with 5/20; the save named is the one asked.
  check_defeated(blast(std::string(kCone) + "targets = 3\n", 3, 10, "dex_save = 5\n"), 0.75,
                 0.5625);
  check_defeated(
      blast(std::string(kCone) + "targets = 3\nsave = \"wis\"\n", 3, 10, "wis_save = 5\n"), 0.75,
      0.5625);
  check_defeated(
      blast(std::string(kCone) + "targets = 3\nsave = \"wis\"\n", 3, 10, "dex_save = 5\n"), 1.5,
      0.75);
  // Wolves of 5 HP: half of 10 kills them too, unless a success takes nothing.
  check_defeated(blast(std::string(kCone) + "targets = 3\n", 3, 5), 3.0, 0.0, 200);
  check_defeated(blast(std::string(kCone) + "targets = 3\nhalf_on_save = false\n", 3, 5), 1.5,
                 0.75);
}

TEST_CASE("dnd5e saves: one damage roll for all it catches, each caught once", "[dnd5e][party]") {
  const std::string cone = "name = \"cone\"\nsave_dc = 13\ndamage = \"3d6\"\ntargets = 3\n";
  const LoadedScenario ls = test::load_text(blast(cone, 4, 30), "blast.toml");
  size_t fails = 0, saves = 0;
  for (uint64_t trial = 0; trial < 200; ++trial) {
    EventLog log;
    replay_trial(ls, 0, 5, trial, &log);
    const std::string story = log.render();
    INFO(story);
    const std::string made = "wizard makes cone (DC 13 dex save) on ";
    const size_t at = story.find(made);
    REQUIRE(at != std::string::npos);
    const size_t colon = story.find(": ", at);
    const std::string caught = story.substr(at + made.size(), colon - at - made.size());
    const int damage = std::stoi(story.substr(colon + 2));
    std::set<std::string> names;
    for (size_t from = 0; from < caught.size();) {
      const size_t comma = std::min(caught.find(", ", from), caught.size());
      names.insert(caught.substr(from, comma - from));
      from = comma + 2;
    }
    CHECK(names.size() == 3);  // three of the four wolves, none twice
    for (const std::string& wolf : names) {
      const size_t line = story.find("] " + wolf + " dex save ");
      REQUIRE(line != std::string::npos);
      const std::string text = story.substr(line, story.find('\n', line) - line);
      const bool failed = text.ends_with(": fails, takes " + std::to_string(damage));
      const bool saved = text.ends_with(": saves, takes " + std::to_string(damage / 2));
      CHECK(failed != saved);
      fails += failed;
      saves += saved;
    }
  }
  CHECK(fails > 100);  // both happened: the check can fail either way
  CHECK(saves > 100);
}

TEST_CASE("dnd5e saves: an area with nobody else standing is the one-target attack",
          "[dnd5e][party][invariant]") {
  // One wolf that fights back, several rounds: `targets = 4` draws nobody more, and every trial
  // plays as with targets = 1.
  auto duel = [](const std::string& extra) {
    return "name = \"duel\"\nruleset = \"dnd5e\"\ntrials = 100\nseed = 3\n"
           "horizon = \"30 days\"\n[options]\nlingering_injuries = false\n\n" +
           test::combatant_text("party", "wizard", "max_hp", 20, 0,
                                "name = \"cone\"\nsave_dc = 13\ndamage = \"2d6\"\n" + extra,
                                "ac = 12\n") +
           test::combatant_text("opponents", "ogre", "hp", 40, 0,
                                "attack_bonus = 4\ndamage = \"1d8+2\"", "dex_save = 1\n");
  };
  const LoadedScenario one = test::load_text(duel(""), "one.toml");
  const LoadedScenario area = test::load_text(duel("targets = 4\n"), "area.toml");
  int died = 0;
  for (uint64_t trial = 0; trial < 300; ++trial) {
    INFO("trial " << trial);
    const Outcome o = replay_trial(one, 0, 9, trial, nullptr);
    CHECK(o == replay_trial(area, 0, 9, trial, nullptr));
    died += test::counter(one, o, "died_wizard") > 0;
  }
  CHECK(died > 10);  // the fights go both ways
}

TEST_CASE("dnd5e saves: a fallen target fails a Dex save without rolling", "[dnd5e][party]") {
  // A dragon whose breath falls on the fallen (strike_fallen = 1): a member at 0 HP fails.
  const std::string toml =
      "name = \"breath\"\nruleset = \"dnd5e\"\ntrials = 100\nseed = 3\nhorizon = \"30 days\"\n"
      "[options]\nlingering_injuries = false\n[fight]\nstrike_fallen = 1.0\n\n" +
      test::combatant_text("party", "fighter", "max_hp", 12, 0,
                           "name = \"sword\"\nattack_bonus = 5\ndamage = \"1d8+3\"", "ac = 16\n") +
      test::combatant_text("party", "rogue", "max_hp", 10, 0,
                           "name = \"dagger\"\nattack_bonus = 5\ndamage = \"1d4+3\"",
                           "ac = 14\ndex_save = 5\n") +
      test::combatant_text("opponents", "drake", "hp", 60, 0,
                           "name = \"breath\"\nsave_dc = 12\ndamage = \"2d6\"\ntargets = 2\n",
                           "ac = 13\n");
  const LoadedScenario ls = test::load_text(toml, "breath.toml");
  size_t helpless = 0;
  for (uint64_t trial = 0; trial < 200; ++trial) {
    EventLog log;
    replay_trial(ls, 0, 4, trial, &log);
    const std::string story = log.render();
    INFO(story);
    for (size_t at = story.find("fails its dex save (helpless)"); at != std::string::npos;
         at = story.find("fails its dex save (helpless)", at + 1)) {
      ++helpless;
      // At 0 HP, struck: a death save failure (or two, or death), never a fall.
      const size_t next = story.find('\n', at) + 1;
      const std::string line = story.substr(next, story.find('\n', next) - next);
      CHECK((test::has(line, "is struck at 0 HP") || test::has(line, "takes 0")));
    }
  }
  CHECK(helpless > 20);
}

TEST_CASE("dnd5e saves: bad keys are located", "[dnd5e][party][errors]") {
  auto error = [](const std::string& attack, const std::string& wolf = "dex_save = 0\n",
                  int hp = 10) {
    return test::error_of([&] { test::load_text(blast(attack, 2, hp, wolf)); });
  };
  CHECK_THAT(error("name = \"x\"\nattack_bonus = 5\ndamage = \"1\"\nsave = \"dex\"\n"),
             Catch::Contains("save without save_dc") && Catch::Contains("add save_dc = 13"));
  CHECK_THAT(error("name = \"x\"\nhit_chance = 0.5\ndamage = \"1\"\ntargets = 2\n"),
             Catch::Contains("targets without save_dc") && Catch::Contains("strikes"));
  CHECK_THAT(error("name = \"x\"\nattack_bonus = 5\nsave_dc = 12\ndamage = \"1\"\n"),
             Catch::Contains("both save_dc and attack_bonus"));
  CHECK_THAT(error("name = \"x\"\nsave_dc = 12\nmelee = true\ndamage = \"1\"\n"),
             Catch::Contains("melee") && Catch::Contains("remove melee"));
  CHECK_THAT(error("name = \"x\"\nsave_dc = 12\nsave = \"luck\"\ndamage = \"1\"\n"),
             Catch::Contains(".save: \"luck\"") && Catch::Contains("one of: str, dex"));
  CHECK_THAT(error("name = \"x\"\nsave_dc = 12\ntargets = 33\ndamage = \"1\"\n"),
             Catch::Contains("targets"));
  CHECK_THAT(error(std::string(kCone), "dex_save = 40\n"), Catch::Contains("dex_save"));
  CHECK_THAT(error("name = \"x\"\ndamage = \"1\"\n"), Catch::Contains("save_dc"));
}
