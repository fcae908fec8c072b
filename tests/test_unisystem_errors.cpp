// The unisystem sections and creature table, bad inputs: every mistake is a located error
// (file:line:col, the key, a hint), exit status 2 and nothing written; and the invariants of a
// run (a variant equal to the baseline differs by exactly zero; 1 and 2 threads agree).
#include <catch2/catch.hpp>

#include <filesystem>

#include "rules/unisystem/creatures.h"
#include "sim/engine/load.h"
#include "sim/engine/registry.h"
#include "sim/engine/runner.h"
#include "tests/cli_support.h"
#include "tests/support.h"

using namespace leth;
namespace fs = std::filesystem;

namespace {

std::string good() {
  return R"(name = "u"
ruleset = "unisystem"
trials = 1000
seed = 7
horizon = "30 days"

[options]
pain_penalty = 3

[character]
max_hp = 30
con = 2
will = 2

[encounter]
rounds = 2

[[encounter.attackers]]
name = "gunman"
attack_bonus = 3
damage = "1D6 x 3"
damage_type = "bullet"

[aftercare.first_aider]
arrives = "2 minutes"
skill = 4

[aftercare.bystander]
arrives = "1 minute"
chance = 0.2

[recovery]
care = "none"
)";
}

std::string with(const std::string& from, const std::string& to) {
  std::string s = good();
  const size_t at = s.find(from);
  REQUIRE(at != std::string::npos);
  return s.replace(at, from.size(), to);
}

}  // namespace

TEST_CASE("unisystem: bad scenario inputs are located errors", "[unisystem][catalogue]") {
  struct Case {
    std::string name, text, message;
  };
  const std::vector<Case> cases = {
      {"no-attack", with("attack_bonus = 3\n", ""), "missing key 'attack_bonus'"},
      {"attack-and-chance", with("attack_bonus = 3\n", "attack_bonus = 3\nhit_chance = 0.5\n"),
       "give only one of attack_bonus and hit_chance"},
      {"critical", with("attack_bonus = 3\n", "hit_chance = 0.5\ncrit_chance = 0.1\n"),
       "unisystem has no critical hits"},
      {"creature", with("max_hp = 30", "max_hp = 30\ncreature = \"vampire\""), "creature"},
      {"damage-type", with("\"bullet\"", "\"bullets\""), "damage_type"},
      {"helper-skill", with("skill = 4\n", ""), "missing key 'skill'"},
      {"bystander-chance", with("chance = 0.2\n", ""), "missing key 'chance'"},
      {"care", with("care = \"none\"", "care = \"hospital\""), "care"},
      {"hp-above-max", with("max_hp = 30", "max_hp = 30\nhp = 31"), "hp"},
      {"pain", with("pain_penalty = 3", "pain_penalty = 7"), "pain_penalty"},
      {"option-typo", with("pain_penalty = 3", "pain_penalty = 3\nhouse_rules = true"),
       "house_rule"},
      {"attacks-and-damage",
       with("damage_type = \"bullet\"\n",
            "damage_type = \"bullet\"\n[[encounter.attackers.attacks]]\nattack_bonus = 2\n"
            "damage = \"1d6\"\n"),
       "damage on an attacker that has attacks"},
      {"attacks-and-attack",
       with("damage = \"1D6 x 3\"\ndamage_type = \"bullet\"\n",
            "[[encounter.attackers.attacks]]\nattack_bonus = 2\ndamage = \"1d6\"\n"),
       "attack_bonus on an attacker that has attacks"},
      {"burst", with("attack_bonus = 3\n", "attack_bonus = 3\nburst = 0\n"), "burst"},
      {"armor", with("max_hp = 30", "max_hp = 30\narmor = \"1d0\""), "armor"},
      {"section-typo", with("[aftercare.first_aider]", "[aftercare.first_aid]"), "first_aid"},
  };
  for (const Case& c : cases) {
    INFO(c.name);
    const std::string msg = test::error_of([&] { test::load_text(c.text, c.name + ".toml"); });
    CHECK_THAT(msg, Catch::Contains(c.message));
    CHECK_THAT(msg, Catch::Contains(c.name + ".toml:"));
    // Through the command line: status 2, file:line:col, nothing written.
    const std::string file = test::write_file("unisystem-catalogue/" + c.name + ".toml", c.text);
    const std::string out = test::fresh_path("unisystem-catalogue-out-" + c.name);
    const test::CliResult r = test::cli({"run", file, "--out", out});
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK(r.err.rfind(file + ":", 0) == 0);
    CHECK(r.err.find(":0:") == std::string::npos);
    CHECK_FALSE(fs::exists(out));
  }
}

TEST_CASE("unisystem: the bundled scenarios load; the template is a good scenario", "[unisystem]") {
  for (const char* f :
       {"scenarios/examples/unisystem-alley-shootout.toml",
        "scenarios/examples/unisystem-knife-fight.toml",
        "scenarios/examples/unisystem-vampyre.toml", "bench/unisystem-bench.toml"}) {
    INFO(f);
    const LoadedScenario ls = load_scenario(test::source_path(f));
    CHECK(ls.models.size() >= 2);  // each has at least one variant
  }
}

TEST_CASE("unisystem: bad creature tables are located errors", "[unisystem][catalogue]") {
  const std::string human =
      "[[creature]]\nid = \"human\"\nnames = \"Humain\"\nhp = { rule = \"medical\" }\n"
      "survival_threshold = -10\nsurvival_test = \"con_will\"\nendurance = { rule = \"rest\" }\n"
      "essence = { rule = \"standard\" }\n";
  auto error = [](const std::string& text) {
    return test::error_of([&] { unisystem::parse_creatures(text, "creatures.toml"); });
  };
  CHECK(error(human).empty());
  const std::string unknown = human + "speed = 3\n";
  CHECK_THAT(error(unknown), Catch::Contains("creatures.toml:9:1") && Catch::Contains("speed"));
  std::string nothing = human;
  nothing.replace(nothing.find("{ rule = \"standard\" }"), 21, "{ per = \"hour\" }");
  CHECK_THAT(error(nothing), Catch::Contains("a formula that restores nothing"));
  std::string no_threshold = human;
  no_threshold.replace(no_threshold.find("survival_threshold = -10\n"), 25, "");
  CHECK_THAT(error(no_threshold), Catch::Contains("without a survival_threshold"));
  CHECK_THAT(error(human + human), Catch::Contains("appears twice"));
  std::string other = human;
  other.replace(other.find("\"human\""), 7, "\"elf\"");
  CHECK_THAT(error(other), Catch::Contains("no creature with id = \"human\""));
  std::string per = human;
  per.replace(per.find("{ rule = \"standard\" }"), 21, "{ will = 1, per = \"week\" }");
  CHECK_THAT(error(per), Catch::Contains("creatures.toml:8:") && Catch::Contains("per"));
  std::string positive = human;
  positive.replace(positive.find("-10"), 3, "10");
  CHECK_THAT(error(positive), Catch::Contains("survival_threshold"));
  CHECK_THAT(error("creature = 3\n"), Catch::Contains("creature"));
  // Found by fuzz_unisystem: a formula without its period, a row without survival_test.
  std::string no_per = human;
  no_per.replace(no_per.find("{ rule = \"standard\" }"), 21, "{ will = 1 }");
  CHECK_THAT(error(no_per), Catch::Contains("creatures.toml:8:") &&
                                Catch::Contains("missing key 'per'") &&
                                Catch::Contains("one of: turn, minute, 5 minutes, hour, day"));
  std::string no_test = human;
  no_test.replace(no_test.find("survival_test = \"con_will\"\n"), 27, "");
  CHECK_THAT(error(no_test), Catch::Contains("missing key 'survival_test'"));
  // A second rate only where the first counts channelling; each track by a rule it can use.
  std::string second = human;
  second.replace(
      second.find("{ rule = \"standard\" }"), 21,
      "{ will = 1, per = \"minute\", without_channelling = { will = 2, per = \"hour\" } }");
  CHECK_THAT(error(second), Catch::Contains("creatures.toml:8:") &&
                                Catch::Contains("a second rate on a formula without channelling"));
  std::string essence_rest = human;
  essence_rest.replace(essence_rest.find("{ rule = \"standard\" }"), 21, "{ rule = \"rest\" }");
  CHECK_THAT(error(essence_rest), Catch::Contains("essence recovers by"));
  std::string endurance_medical = human;
  endurance_medical.replace(endurance_medical.find("{ rule = \"rest\" }"), 17,
                            "{ rule = \"medical\" }");
  CHECK_THAT(error(endurance_medical), Catch::Contains("endurance recovers by"));
  // The fuzzer's own input: a formula for essence with no `per`.
  const std::string crash = test::read_file(
      test::source_path("tests/fuzz/regressions/unisystem-essence-without-per.toml"));
  REQUIRE_FALSE(crash.empty());
  CHECK_THAT(error(crash), Catch::Contains("missing key"));
}

TEST_CASE("unisystem: crit_chance is listed as what is accepted, 0 alone", "[unisystem][keys]") {
  // Issue #20 item 12: `lethality rules unisystem` listed crit_chance as 0..1, but unisystem
  // has no critical hits and refuses anything but 0.
  const RulesetInfo* info = nullptr;
  for (const RulesetInfo& r : rulesets())
    if (r.id == "unisystem") info = &r;
  REQUIRE(info != nullptr);
  const KeyCatalog c = scenario_keys(*info);
  const KeyEntry* crit = nullptr;
  for (const KeyEntry& e : c.entries())
    if (e.key == "crit_chance") crit = &e;
  REQUIRE(crit != nullptr);
  CHECK(crit->kind == "number 0..0");
  const std::string fixed = with("attack_bonus = 3\n", "hit_chance = 0.5\n");
  CHECK(test::error_of([&] { test::load_text(fixed, "fixed.toml"); }).empty());
  std::string zero = fixed;
  zero.replace(zero.find("hit_chance = 0.5\n"), 16, "hit_chance = 0.5\ncrit_chance = 0\n");
  CHECK(test::error_of([&] { test::load_text(zero, "zero.toml"); }).empty());
  std::string text = fixed;
  text.replace(text.find("hit_chance = 0.5\n"), 16, "hit_chance = 0.5\ncrit_chance = \"x\"\n");
  CHECK_THAT(test::error_of([&] { test::load_text(text, "text.toml"); }),
             Catch::Contains("text.toml:") &&
                 Catch::Contains("crit_chance: unisystem has no "
                                 "critical hits") &&
                 Catch::Contains("only crit_chance = 0 is accepted"));
}

TEST_CASE("unisystem: a variant equal to the baseline differs by exactly zero",
          "[unisystem][invariants]") {
  const LoadedScenario ls = test::load_text(
      good() + "[[variants]]\nname = \"same\"\noptions = { pain_penalty = 3, groups = \"down\" }\n",
      "same.toml");
  const RunTally t = run_trials(ls, 11, 0, 20'000);
  REQUIRE(t.variants.size() == 2);
  CHECK(t.variants[0].ends == t.variants[1].ends);
  CHECK(t.variants[0].counter_total == t.variants[1].counter_total);
  CHECK(t.variants[0].sequela_magnitude == t.variants[1].sequela_magnitude);
  CHECK(t.variants[0].durations[0].mean() == t.variants[1].durations[0].mean());
  CHECK(t.variants[0].draws == t.variants[1].draws);
}

TEST_CASE("unisystem: the alley shoot-out gives the same CSV on 1 and 2 threads",
          "[unisystem][invariants]") {
  const std::string file = test::source_path("scenarios/examples/unisystem-alley-shootout.toml");
  std::string csv[2];
  for (int i = 0; i < 2; ++i) {
    const std::string out = test::fresh_path("unisystem-threads-" + std::to_string(i));
    const test::CliResult r = test::cli(
        {"run", file, "--trials", "30000", "--threads", std::to_string(i + 1), "--out", out});
    REQUIRE(r.status == 0);
    csv[i] = test::read_file(out + "/summary.csv") + test::read_file(out + "/sequelae.csv") +
             test::read_file(out + "/histograms.csv");
    REQUIRE(!csv[i].empty());
  }
  CHECK(csv[0] == csv[1]);
}
