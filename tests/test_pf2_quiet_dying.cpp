// pf2's quiet dying loop (rules/pf2/model.cpp, quiet_dying_turns) plays the dying turns after
// the fight without the timeline when nothing can happen between them. A trial with an event
// log always takes the general path (character_turn, one DyingTurn event per round), so a
// logged replay and a silent one of the same trial compare the two, trial by trial: same
// outcome, same draws. The cases cover what the loop reads (the Fortitude and the flat check,
// wounded, doomed, recovery DCs from criticals), a horizon that comes while dying, a rest
// event pending during the dying, and hero points and healers, which turn the loop off.
#include <catch2/catch.hpp>

#include "sim/engine/runner.h"
#include "tests/support.h"

using namespace leth;

namespace {

// Two ogres for three rounds: most trials are knocked out, some by a critical (dying 2).
// `character` adds keys to [character]; `rest` comes after the attackers.
std::string brutal_fight(const std::string& character, const std::string& rest) {
  return R"(name = "quiet"
ruleset = "pf2"
trials = 1000
seed = 7

[character]
max_hp = 20
ac = 18
fortitude = 7
con = 2
)" + character +
         R"(
[encounter]
rounds = 3

[[encounter.attackers]]
name = "ogre"
count = 2
attack_bonus = 10
damage = "2d6+2"
dc = 17
keep_attacking_downed = 0.2
)" + rest;
}

// Knocked out in the fight, then left alone (no healer): the aftermath is the dying track.
std::string lonely_fight() {
  return brutal_fight("", R"(

[[variants]]
name = "flat"
options = { recovery_check = "flat" }

[[variants]]
name = "wounded-doomed"
options = { wounded = true, doomed = true }

[[variants]]
name = "flat-wounded"
options = { recovery_check = "flat", wounded = true }
)");
}

// Every trial replayed logged (the timeline) and silent (the quiet loop where it applies);
// returns how many dying turns the silent replays played in the quiet loop.
uint64_t same_trials(const LoadedScenario& ls, uint64_t trials, uint64_t* dying_trials) {
  const uint64_t quiet_before = pf2::quiet_dying_turns_played();
  for (uint64_t trial = 0; trial < trials; ++trial)
    for (size_t v = 0; v < ls.models.size(); ++v) {
      EventLog log;
      uint64_t draws_logged = 0, draws_silent = 0;
      const Outcome logged = replay_trial(ls, v, 11, trial, &log, &draws_logged);
      const Outcome silent = replay_trial(ls, v, 11, trial, nullptr, &draws_silent);
      INFO("variant " << v << ", trial " << trial);
      REQUIRE(logged == silent);
      REQUIRE(draws_logged == draws_silent);
      if (silent.has(pf2::metric::kTimeDying)) ++*dying_trials;
    }
  return pf2::quiet_dying_turns_played() - quiet_before;
}

}  // namespace

TEST_CASE("pf2: the quiet dying loop plays the same trials as the timeline", "[pf2][quiet]") {
  uint64_t dying = 0;
  const uint64_t quiet = same_trials(test::load_text(lonely_fight()), 3000, &dying);
  CHECK(dying > 1000);
  CHECK(quiet > dying);  // the loop ran, several turns in most dying trials
}

TEST_CASE("pf2: the quiet dying loop stops at the horizon and at pending events", "[pf2][quiet]") {
  uint64_t dying = 0, quiet = 0;
  // A horizon 30 s after the fight: many trials are still dying when it comes.
  quiet += same_trials(test::load_text(brutal_fight("", "").insert(0, "horizon = \"48 s\"\n")),
                       2000, &dying);
  // Rest that starts during the dying (first_rest 0): a pending event before the next turn.
  quiet += same_trials(test::load_text(brutal_fight("", R"(
[recovery]
rest = "nightly"
first_rest = "12 s"
)")),
                       2000, &dying);
  CHECK(dying > 1000);
  CHECK(quiet > 1000);
}

TEST_CASE("pf2: with hero points or a healer the dying turns take the timeline", "[pf2][quiet]") {
  uint64_t dying = 0;
  const std::string hero = brutal_fight("hero_points = 1\n", R"(
[[variants]]
name = "last-chance"
options = { heroic_recovery = "last_chance" }

[[variants]]
name = "never"
options = { heroic_recovery = "never" }
)");
  // Once the hero point is spent the loop may take over: it is compared, not counted.
  same_trials(test::load_text(hero), 1500, &dying);
  const uint64_t quiet = same_trials(test::load_text(brutal_fight("", R"(
[aftercare]
help_arrives = "2d6 rounds"
healer = { medicine = 4, first_aid = true }
)")),
                                     1500, &dying);
  CHECK(dying > 500);
  CHECK(quiet == 0);  // a healer on the way: every dying turn was an event
}
