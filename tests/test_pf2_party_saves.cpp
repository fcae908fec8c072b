// A pf2 attack with a basic saving throw (docs/parties.md, pf2's keys: `save_dc`, `save`,
// `targets`, `actions`): on scripted dice the four degrees — nothing, half, all, double — a
// natural 1 or 20 a step; the spell's actions out of the turn's three; over many trials the
// opponents an area kills in one blow are a binomial count whose mean is exact for each degree
// that kills; an area with nobody else standing is the one-target spell, trial for trial; bad
// keys are located.
#include <catch2/catch.hpp>

#include <cmath>

#include "rules/pf2/model.h"
#include "sim/engine/runner.h"
#include "tests/party_support.h"
#include "tests/support.h"

using namespace leth;

namespace {

// A wizard who always acts first against `count` wolves of `hp` that never hit, one round.
std::string arc(const std::string& spell, int count, int hp,
                const std::string& wolf_keys = "reflex = 0\n") {
  return "name = \"arc\"\nruleset = \"pf2\"\ntrials = 100\nseed = 3\nhorizon = \"30 days\"\n"
         "[options]\nrecovery_check = \"flat\"\n[fight]\nround_cap = 1\n\n" +
         test::combatant_text("party", "wizard", "max_hp", 20, 50, spell, "ac = 10\n") +
         test::combatant_text("opponents", "wolf", "hp", hp, 0, "hit_chance = 0.0\ndamage = \"1\"",
                              "count = " + std::to_string(count) + "\n" + wolf_keys);
}

const char* const kArc =
    "name = \"arc\"\nsave_dc = 11\nactions = 2\ndamage = \"10\"\ndamage_type = \"electricity\"\n"
    "targets = 3\n";

void check_defeated(const std::string& toml, double mean, uint64_t n = 4000) {
  const LoadedScenario ls = test::load_text(toml, "arc.toml");
  double sum = 0;
  for (uint64_t trial = 0; trial < n; ++trial)
    sum += test::counter(ls, replay_trial(ls, 0, 17, trial, nullptr), "opponents_defeated");
  // Three wolves, each killed with p = mean / 3: a binomial's variance.
  const double p = mean / 3.0;
  const double se = std::sqrt(3.0 * p * (1.0 - p) / static_cast<double>(n));
  INFO(toml);
  CHECK(std::abs(sum / static_cast<double>(n) - mean) <= 4 * se);
}

}  // namespace

TEST_CASE("pf2 saves: a basic save's four degrees, a natural 1 or 20 a step",
          "[pf2][party][scripted]") {
  const LoadedScenario ls = test::load_text(
      arc("name = \"bolt\"\nsave_dc = 20\nactions = 2\ndamage = \"10\"\n", 1, 100, "reflex = 5\n"),
      "arc.toml");
  const pf2::Party& p = test::party_of<pf2::Model>(ls);
  pf2::Party::Body w = p.fresh(0), o = p.fresh(1);
  Script sc;
  sc.d(20, 15);  // 20 vs DC 20: a success, half of 10
  sc.d(20, 10);  // 15: a failure, all of it
  sc.d(20, 1);   // 6, a failure made critical by the natural 1: double
  sc.d(20, 20);  // 25, a success made critical by the natural 20: nothing
  TrialRng rng(sc);
  Stream s = rng.stream(Purpose::Test);
  EventLog log;
  const int expected[] = {95, 85, 65, 65};
  for (int turn = 0; turn < 4; ++turn) {
    const Seconds t = turn * 6;
    CHECK(p.strike(0, 0, w, o, s, t, &log) == (turn < 3));
    CHECK(o.hp == expected[turn]);
    CHECK(w.actions == 1);  // the spell took two of the three
    // A second cast does not fit in the action left, and draws nothing.
    CHECK_FALSE(p.strike(0, 0, w, o, s, t, &log));
  }
  CHECK(sc.done());
  const std::string story = log.render();
  INFO(story);
  CHECK(test::has(story, "wizard casts bolt (DC 20 basic Reflex) on wolf: 10 damage"));
  CHECK(test::has(story, "wolf Reflex d20 15 + 5 = 20 vs DC 20: success, takes 5"));
  CHECK(test::has(story, "critical failure, takes 20"));
  CHECK(test::has(story, "critical success, takes 0"));
}

TEST_CASE("pf2 saves: an area's kills in one blow are binomial, each degree's mean exact",
          "[pf2][party][statistical]") {
  // d20 + 0 against DC 11: a natural 1 a critical failure, 2..10 a failure, 11..19 a success,
  // a natural 20 a critical success.
  check_defeated(arc(kArc, 3, 10), 1.5);   // all or double kills: 10 of 20
  check_defeated(arc(kArc, 3, 5), 2.85);   // half kills too: 19 of 20
  check_defeated(arc(kArc, 3, 11), 0.15);  // only double: the natural 1
  check_defeated(arc(std::string(kArc) + "save = \"will\"\n", 3, 10, "will = 10\n"),
                 0.15);  // +10: only a natural 1 fails (a step down from 11)
  check_defeated(arc(std::string(kArc) + "save = \"will\"\n", 3, 10, "reflex = 10\n"), 1.5);
  check_defeated(arc(std::string(kArc) + "save = \"fortitude\"\n", 3, 10, "fortitude = 10\n"),
                 0.15);
}

TEST_CASE("pf2 saves: an area with nobody else standing is the one-target spell",
          "[pf2][party][invariant]") {
  auto duel = [](const std::string& extra) {
    return "name = \"duel\"\nruleset = \"pf2\"\ntrials = 100\nseed = 3\nhorizon = \"30 days\"\n"
           "[options]\nrecovery_check = \"flat\"\n\n" +
           test::combatant_text("party", "wizard", "max_hp", 24, 0,
                                "name = \"arc\"\nsave_dc = 17\nactions = 2\ndamage = \"2d4\"\n" +
                                    extra +
                                    "[[party.attacks]]\nname = \"staff\"\n"
                                    "attack_bonus = 7\ndamage = \"1d4\"\n",
                                "ac = 16\n") +
           test::combatant_text("opponents", "ogre", "hp", 40, 0,
                                "attack_bonus = 9\ndamage = \"1d10+4\"", "ac = 15\nreflex = 4\n");
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
  CHECK(died > 10);
}

TEST_CASE("pf2 saves: bad keys are located", "[pf2][party][errors]") {
  auto error = [](const std::string& spell) {
    return test::error_of([&] { test::load_text(arc(spell, 2, 10)); });
  };
  CHECK_THAT(error("name = \"x\"\nattack_bonus = 5\ndamage = \"1\"\nsave = \"will\"\n"),
             Catch::Contains("save without save_dc") && Catch::Contains("add save_dc"));
  CHECK_THAT(error("name = \"x\"\nattack_bonus = 5\ndamage = \"1\"\ntargets = 2\n"),
             Catch::Contains("targets without save_dc"));
  CHECK_THAT(error("name = \"x\"\nhit_chance = 0.5\nsave_dc = 12\ndamage = \"1\"\n"),
             Catch::Contains("both save_dc and hit_chance"));
  CHECK_THAT(error("name = \"x\"\nsave_dc = 12\nagile = true\ndamage = \"1\"\n"),
             Catch::Contains("agile") && Catch::Contains("multiple attack penalty"));
  CHECK_THAT(error("name = \"x\"\nsave_dc = 12\nsave = \"reflexes\"\ndamage = \"1\"\n"),
             Catch::Contains("one of: fortitude, reflex, will"));
  CHECK_THAT(error("name = \"x\"\nsave_dc = 12\nactions = 2\ndamage = \"1\"\n[[party.attacks]]\n"
                   "name = \"y\"\nattack_bonus = 5\ndamage = \"1\"\nstrikes = 2\n"),
             Catch::Contains("4 actions of attacks in one turn") &&
                 Catch::Contains("party[1].attacks[2].strikes"));
}

TEST_CASE("pf2 uses: a turn with a slot left casts the spell instead of the other",
          "[pf2][party][scripted]") {
  const std::string turn =
      "name = \"arc\"\nsave_dc = 20\nactions = 2\ndamage = \"5\"\n"
      "[[party.attacks]]\nname = \"fire\"\nsave_dc = 20\nactions = 2\ndamage = \"20\"\n"
      "uses = 1\ninstead_of = \"arc\"\n"
      "[[party.attacks]]\nname = \"staff\"\nattack_bonus = 0\ndamage = \"1\"\n";
  const LoadedScenario ls = test::load_text(arc(turn, 1, 100), "arc.toml");
  const pf2::Party& p = test::party_of<pf2::Model>(ls);
  pf2::Party::Body w = p.fresh(0), o = p.fresh(1);
  Script sc;
  sc.d(20, 15);  // turn 1: fire, the wolf's save 15 < 20: a failure, 20
  sc.d(20, 15);  // the staff: 15 vs AC 10, 1
  sc.d(20, 15);  // turn 2, no slot left: arc, a failure, 5
  sc.d(20, 15);  // the staff
  TrialRng rng(sc);
  Stream s = rng.stream(Purpose::Test);
  EventLog log;
  CHECK_FALSE(p.strike(0, 0, w, o, s, 0, &log));  // the arc, replaced
  CHECK(p.strike(0, 1, w, o, s, 0, &log));
  CHECK(p.strike(0, 2, w, o, s, 0, &log));
  CHECK(o.hp == 79);
  CHECK(p.strike(0, 0, w, o, s, 6, &log));
  CHECK_FALSE(p.strike(0, 1, w, o, s, 6, &log));  // no slot left
  CHECK(p.strike(0, 2, w, o, s, 6, &log));
  CHECK(o.hp == 73);
  CHECK(sc.done());
  const std::string story = log.render();
  INFO(story);
  CHECK(test::has(story, "[0:00:00] wizard spends a use of fire (0 left)"));
  CHECK(test::count(story, "spends a use") == 1);
}

TEST_CASE("pf2 uses: spent at most per_encounter a fight, back after the night",
          "[pf2][party]") {
  // The party template's wizard: Breathe Fire's two slots, one a fight, over a day of three
  // fights played twice.
  std::string text = pf2::party_template();
  text.replace(text.find("encounters = 1"), 14, "encounters = 3");
  text.replace(text.find("days = 1"), 8, "days = 2");
  const LoadedScenario ls = test::load_text(text, "template.toml");
  int two_days = 0;
  for (uint64_t trial = 0; trial < 200; ++trial) {
    EventLog log;
    const Outcome o = replay_trial(ls, 0, 3, trial, &log);
    const std::string story = log.render();
    INFO(story);
    // The counter uses_spent: the spends the story tells.
    CHECK(test::counter(ls, o, "uses_spent") == test::count(story, "spends a use of"));
    const size_t night = story.find("wakes from the night's rest");
    const std::string first = story.substr(0, night), second =
        night == std::string::npos ? std::string() : story.substr(night);
    CHECK(test::count(first, "spends a use of breathe fire") <= 2);
    CHECK(test::count(second, "spends a use of breathe fire") <= 2);
    two_days += test::count(story, "spends a use of breathe fire") > 2;
    // One a fight: between two encounters' starts, at most one spend.
    size_t from = 0;
    for (int e = 2; e <= 7; ++e) {
      const size_t to = e <= 6 ? story.find("encounter " + std::to_string(e) + " of 6 begins")
                               : std::string::npos;
      const size_t end = to == std::string::npos ? story.size() : to;
      CHECK(test::count(story.substr(from, end - from), "spends a use of breathe fire") <= 1);
      if (to == std::string::npos) break;
      from = to;
    }
  }
  CHECK(two_days > 20);  // the night gave them back
}

TEST_CASE("pf2 party: an opponent's level is a creature's, -1 to 25; a member's 1 to 20",
          "[pf2][party][errors]") {
  // A level -1 goblin warrior (Monster Core) loads; a member of level 0 does not.
  CHECK_NOTHROW(test::load_text(arc(kArc, 2, 6, "level = -1\n")));
  CHECK_THAT(test::error_of([] { test::load_text(arc(kArc, 2, 6, "level = -2\n")); }),
             Catch::Contains("level") && Catch::Contains("from -1 to 25"));
  const std::string text = arc(kArc, 2, 6);
  std::string member = text;
  member.insert(member.find("max_hp = 20"), "level = 0\n");
  CHECK_THAT(test::error_of([&] { test::load_text(member); }),
             Catch::Contains("level") && Catch::Contains("from 1 to 20"));
}
