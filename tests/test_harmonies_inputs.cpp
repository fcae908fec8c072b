// Harmonies: bad inputs (scenario sections and the wound data files: a located error, exit
// status 2 and nothing written), the options' effects on known cases, and invariants (a
// variant equal to the baseline, thread count).
#include <catch2/catch.hpp>

#include <filesystem>

#include "rules/harmonies/model.h"
#include "rules/harmonies/roll.h"
#include "sim/engine/runner.h"
#include "tests/cli_support.h"
#include "tests/support.h"

using namespace leth;
namespace hm = leth::harmonies;
namespace fs = std::filesystem;

namespace {

// A small valid scenario; `extra` goes at the end.
std::string good(const std::string& extra = "") {
  return "name = \"h\"\nruleset = \"harmonies\"\ntrials = 1000\nseed = 3\nhorizon = \"30 days\"\n"
         "[character]\nsurvival = 8\n"
         "[encounter]\nrounds = 3\n"
         "[[encounter.attackers]]\nname = \"blade\"\nhit_chance = 0.5\n"
         "wound = { light = 0.6, grave = 0.3, critical = 0.1 }\n"
         "[aftercare]\nhelp_arrives = \"5 minutes\"\nfirst_aid = 2\nhealer = 0\n" +
         extra;
}

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const size_t at = text.find(from);
  REQUIRE(at != std::string::npos);
  return text.replace(at, from.size(), to);
}

struct BadCase {
  std::string name;
  std::string toml;
  std::string where;  // ":line:col: error: " expected after the path
  std::string what;   // a part of the message
};

std::vector<BadCase> catalogue() {
  const std::string g = good();
  return {
      {"no-survival", replaced(g, "survival = 8\n", "fainting = 3\n"),
       ":6:1: error: ", "missing key 'survival'"},
      {"wound-and-damage",
       replaced(g, "hit_chance = 0.5\n", "hit_chance = 0.5\ndamage = \"1d6\"\n"),
       ":13:10: error: ", "both wound and damage"},
      {"no-wound", replaced(g, "wound = { light = 0.6, grave = 0.3, critical = 0.1 }\n", ""),
       ":10:1: error: ", "missing the wound a hit inflicts"},
      {"thresholds",
       replaced(g, "wound = { light = 0.6, grave = 0.3, critical = 0.1 }\n",
                "damage = \"1d10\"\ngrave_at = 6\ncritical_at = 6\n"),
       ":15:15: error: ", "critical_at 6 is not above grave_at 6"},
      {"chances-over-one", replaced(g, "light = 0.6", "light = 0.9"),
       ":13:9: error: ", "add up to more than 1"},
      {"wounds-over-cap",
       replaced(g, "survival = 8\n", "survival = 8\nwounds = { critical = 2 }\n"),
       ":8:23: error: ", "2 critical wounds, over the cap 1"},
      {"attempt-dice", good("attempt_time = \"1d4 minutes\"\n"),
       ":18:16: error: ", "attempt_time must be a fixed time"},
      {"attempt-zero", good("attempt_time = \"0 s\"\n"),
       ":18:16: error: ", "attempt_time must be longer than 0"},
      {"typo", good("helper = 2\n"), ":18:1: error: ", "did you mean 'helpers'"},
      {"bad-option", good("[options]\nsuccess = \"above\"\n"), ":19:11: error: ", "above"},
      {"pain-without-wounds", replaced(g, "survival = 8\n", "survival = 8\npain = 11\n"),
       ":8:8: error: ", "character.pain: pain without starting wounds"},
      // The first real error wins: not a guessed typo of a key the reader had not read yet
      // (a third attacker, no count, its wound unread when hit_chance or track fails).
      {"third-attacker-hit-chance",
       g + "[[encounter.attackers]]\nname = \"b\"\nwound = { light = 1.0 }\n"
           "[[encounter.attackers]]\nname = \"c\"\nhit_chance = 1.5\nwound = { light = 1.0 }\n",
       ":23:14: error: ", "encounter.attackers[3].hit_chance: 1.5 is out of range"},
      {"third-attacker-track",
       g + "[[encounter.attackers]]\nname = \"b\"\nwound = { light = 1.0 }\n"
           "[[encounter.attackers]]\nname = \"c\"\ntrack = \"mentl\"\nwound = { light = 1.0 }\n",
       ":23:9: error: ", "encounter.attackers[3].track: \"mentl\""},
      {"nothing-hurts",
       "name = \"h\"\nruleset = \"harmonies\"\nhorizon = \"1 day\"\n[character]\nsurvival = 8\n",
       ":1:1: error: ", "nothing can hurt the character"},
  };
}

}  // namespace

TEST_CASE("harmonies: bad scenario sections give located errors", "[harmonies][errors]") {
  for (const BadCase& c : catalogue()) {
    INFO(c.name);
    const std::string path = test::write_file("harmonies-bad/" + c.name + ".toml", c.toml);
    const std::string message = test::error_of([&] { load_scenario(path); });
    INFO(message);
    CHECK(message.rfind(path + c.where, 0) == 0);
    CHECK(message.find(c.what) != std::string::npos);
    CHECK(message.find(":0:") == std::string::npos);
  }
}

TEST_CASE("harmonies: bad scenarios through the command line: status 2, nothing written",
          "[harmonies][errors][cli]") {
  for (const BadCase& c : catalogue()) {
    INFO(c.name);
    const std::string file = test::write_file("harmonies-cli/" + c.name + ".toml", c.toml);
    const std::string out = test::fresh_path("harmonies-cli-out-" + c.name);
    const test::CliResult r = test::cli({"run", file, "--out", out});
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK(r.err.rfind(file + ":", 0) == 0);
    CHECK_FALSE(fs::exists(out));
  }
}

TEST_CASE("harmonies: bad wound data files name the file, line and key", "[harmonies][errors]") {
  const std::string path = "rules/harmonies/data/wounds.toml";
  const std::string text = R"([[level]]
name = "light"
max = 4
mortality = 1
pain = 3
unstable = "1 hour"
stable = "1 week"
surveillance = "1 day"
healing = "2 days"
difficulty = -1
)";
  auto err = [&](const std::string& t) {
    return test::error_of([&] { hm::parse_wound_table(t, path); });
  };
  // Only one level: the table needs three.
  CHECK_THAT(err(text), Catch::StartsWith(path + ":") && Catch::Contains("1 [[level]] rows"));
  const std::string three =
      text + replaced(text, "\"light\"", "\"grave\"") + replaced(text, "\"light\"", "\"critical\"");
  CHECK(err(three) == "");
  CHECK_THAT(err(replaced(three, "\"grave\"", "\"serious\"")),
             Catch::StartsWith(path + ":12:8: error: ") && Catch::Contains("write \"grave\""));
  CHECK_THAT(err(replaced(three, "\"1 hour\"", "\"1d4 hours\"")),
             Catch::StartsWith(path + ":6:12: error: ") && Catch::Contains("fixed, positive"));
  CHECK_THAT(err(replaced(three, "pain = 3", "pian = 3")),
             Catch::StartsWith(path + ":") && Catch::Contains("pain"));
  CHECK_THAT(err(replaced(three, "difficulty = -1", "difficulty = 2")),
             Catch::StartsWith(path + ":10:14: error: "));
  CHECK_THAT(err(three + "extra = 1\n"), Catch::Contains("extra"));
  const std::string mpath = "rules/harmonies/data/mental.toml";
  CHECK_THAT(
      test::error_of([&] { hm::parse_mental_table("[[level]]\nname = \"shock\"\n", mpath); }),
      Catch::StartsWith(mpath + ":"));
}

TEST_CASE("harmonies: ±d10, open rolls and the success threshold", "[harmonies]") {
  {
    Script s;
    s.d(10, 10).d(10, 3).d(10, 2);  // open: 10 + 3 on the positive die, 2 on the negative
    TrialRng rng(s);
    Stream st = rng.stream(Purpose::Test);
    CHECK(hm::roll_pm_d10(st, true) == 11);
  }
  {
    Script s;
    s.d(10, 1).d(10, 10).d(10, 10).d(10, 4);  // open: -(10 + 10 + 4)
    TrialRng rng(s);
    Stream st = rng.stream(Purpose::Test);
    CHECK(hm::roll_pm_d10(st, true) == -23);
  }
  {
    Script s;
    s.d(10, 10).d(10, 1);  // not open: 10 - 1
    TrialRng rng(s);
    Stream st = rng.stream(Purpose::Test);
    CHECK(hm::roll_pm_d10(st, false) == 9);
  }
  CHECK(hm::resolve_test(2, -2, false).success);
  CHECK_FALSE(hm::resolve_test(2, -2, true).success);
  CHECK(hm::resolve_test(3, -2, true).success);
}

namespace {

// A critical wound, stabilised at 1 minute by a certain first aid, healed by a healer who never
// fails: the downtime is exact.
std::string certain_healing(const std::string& option) {
  return "name = \"h\"\nruleset = \"harmonies\"\nhorizon = \"60 days\"\n[options]\n" + option +
         "[character]\nsurvival = 30\nwounds = { critical = 1 }\n"
         "[aftercare]\nhelp_arrives = \"0 seconds\"\nfirst_aid = 30\nhealer = 30\n";
}

}  // namespace

TEST_CASE("harmonies: a critical wound heals in 2 weeks + 1 week + 2 days, or 2 weeks",
          "[harmonies]") {
  for (const auto& [option, days] : {std::pair<std::string, Seconds>{"", 14 + 7 + 2},
                                     {"healing_after_drop = \"counted_from_rest\"\n", 14}}) {
    INFO(option);
    const LoadedScenario ls = test::load_text(certain_healing(option), "certain.toml");
    const RunTally t = run_trials(ls, 5, 0, 50);
    const Tally& x = t.variants[0];
    CHECK(x.ends[hm::metric::kRecovered] == 50);
    const LogHistogram& d = x.durations[hm::metric::kDowntime];
    REQUIRE(d.count() == 50);
    CHECK(d.mean() == Approx(static_cast<double>(kMinute + days * kDay)));
    CHECK(d.variance() == Approx(0.0).margin(1e-9));
    CHECK(x.durations[hm::metric::kTimeToStable].mean() == Approx(60.0));
    // Out of action from the stabilisation for the minimum rest of the worst wound, each time
    // it is healed down a level with full_period (a new period of rest), so until healed.
    CHECK(x.durations[hm::metric::kOutOfAction].mean() == Approx(static_cast<double>(days * kDay)));
  }
}

TEST_CASE("harmonies: a mental wound beyond the psychosis cap loses the character", "[harmonies]") {
  const std::string toml =
      "name = \"h\"\nruleset = \"harmonies\"\nhorizon = \"1 day\"\n"
      "[character]\nsurvival = 5\nwill = -30\nmental_caps = { psychosis = 0 }\n"
      "[encounter]\nrounds = 1\n[[encounter.attackers]]\nname = \"abyss\"\ntrack = \"mental\"\n"
      "wound = { critical = 1.0 }\n";
  const LoadedScenario ls = test::load_text(toml, "lost.toml");
  Script s;
  s.yes().u(0.5);       // the abyss strikes the mind: a psychosis
  s.d(10, 5).d(10, 5);  // will: 0 - 30: failure
  TrialRng rng(s);
  EventLog log;
  Timeline timeline;
  TrialContext ctx{rng, &log, timeline};
  const Outcome o = run_trial(ls.models.at(0), ctx);
  INFO(log.render());
  CHECK(s.remaining() == 0);
  CHECK(o.end == hm::metric::kLostMadness);
  CHECK(hm::Model::info().metrics->ends.at(o.end).kind == EndKind::Lost);
  CHECK(o.counters[hm::metric::kMentalWounds] == 1);
}

TEST_CASE("harmonies: a variant equal to the baseline differs by exactly zero; 1 or 2 threads",
          "[harmonies][invariants]") {
  const std::string toml =
      good("neglect = 0.1\n[[variants]]\nname = \"same\"\naftercare = { neglect = 0.1 }\n");
  const LoadedScenario ls = test::load_text(toml, "same.toml");
  RunTally one, two;
  {
    ThreadLimit limit(1);
    one = run_trials(ls, 9, 0, 20'000);
  }
  {
    ThreadLimit limit(2);
    two = run_trials(ls, 9, 0, 20'000);
  }
  CHECK(one.variants.at(0) == one.variants.at(1));
  CHECK(one.variants.at(0).ends == two.variants.at(0).ends);
  CHECK(one.variants.at(0) == two.variants.at(0));
  const PairedTally p = one.pair(0, 1);
  CHECK(p.to_json() == two.pair(0, 1).to_json());
  // Not a degenerate run: people died and people recovered.
  CHECK(one.variants[0].ends[hm::metric::kRecovered] > 0);
  CHECK(one.variants[0].ends[hm::metric::kDiedWorsening] > 0);
}

TEST_CASE("harmonies: nobody tries a first aid that cannot succeed", "[harmonies]") {
  // Survival never fails and first aid at -30 - 5 cannot reach 0 with a closed ±d10: the
  // character stays unstable to the horizon (ten years) without an attempt every minute.
  const std::string toml =
      "name = \"h\"\nruleset = \"harmonies\"\nhorizon = \"3650 days\"\n"
      "[character]\nsurvival = 30\nfirst_aid = -30\nwounds = { critical = 1 }\n"
      "[aftercare]\nhelp_arrives = \"0 seconds\"\nfirst_aid = -30\n";
  const LoadedScenario ls = test::load_text(toml, "hopeless.toml");
  const RunTally t = run_trials(ls, 1, 0, 20);
  CHECK(t.variants[0].ends[hm::metric::kStillUnstable] == 20);
  CHECK(t.variants[0].counter_trials[hm::metric::kFirstAidRolls] == 0);
  // With open rolls a 10 can always come: the attempts are made.
  const LoadedScenario open =
      test::load_text(replaced(replaced(toml, "3650 days", "1 hour"), "[character]",
                               "[options]\nopen_rolls = true\n[character]"),
                      "hopeful.toml");
  const RunTally u = run_trials(open, 1, 0, 2);
  CHECK(u.variants[0].counter_trials[hm::metric::kFirstAidRolls] == 2);
}
