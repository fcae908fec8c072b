// Bad inputs of the flux sections and data files: each gets a located message (file, line,
// column, key) with a suggestion; through the command line, exit status 2, nothing on stdout
// and no output folder.
#include <catch2/catch.hpp>

#include <filesystem>

#include "rules/common/data.h"
#include "rules/flux/tables.h"
#include "tests/cli_support.h"
#include "tests/support.h"

using namespace leth;

namespace {

// A valid flux scenario: lines 1-4 the header, [character] on line 5.
std::string good() {
  return "name = \"f\"\n"
         "ruleset = \"flux\"\n"
         "trials = 100\n"
         "horizon = \"5 days\"\n"
         "[character]\n"
         "max_pv = 12\n"
         "vai = 3\n"
         "[encounter]\n"
         "rounds = 2\n"
         "[[encounter.attackers]]\n"
         "damage = \"1d6\"\n"
         "[encounter.fall]\n"
         "floors = 2\n"
         "[aftercare]\n"
         "help_arrives = \"1 hour\"\n"
         "medicine = 4\n"
         "[recovery]\n"
         "sleep = \"8 hours\"\n";
}

std::string with(const std::string& from, const std::string& to) {
  std::string s = good();
  const size_t at = s.find(from);
  REQUIRE(at != std::string::npos);
  return s.replace(at, from.size(), to);
}

std::string load_error(const std::string& toml) {
  return test::error_of([&] { test::load_text(toml, "flux-bad.toml"); });
}

}  // namespace

TEST_CASE("flux errors: the good scenario and the bundled ones load", "[flux][errors]") {
  CHECK(load_error(good()) == "");
  for (const char* f : {"flux-ruin-crawl", "flux-bandit-ambush", "flux-marsh-fever"})
    CHECK(test::error_of([&] {
            load_scenario(test::source_path(std::string("scenarios/examples/") + f + ".toml"));
          }) == "");
}

TEST_CASE("flux errors: each bad key is located, with a suggestion", "[flux][errors]") {
  CHECK_THAT(
      load_error(with("max_pv = 12", "max_pvv = 12")),
      Catch::Contains("flux-bad.toml:6:1: error: character.max_pvv: unknown key (did you mean "
                      "'max_pv'?)"));
  CHECK_THAT(load_error(with("vai = 3", "vai = 3\nvia = 2")),
             Catch::Contains(":8:1: error: character.via: unknown key (did you mean 'vai'?)"));
  CHECK_THAT(
      load_error(with("vai = 3", "vai = 3\nstates = \"shakn\"")),
      Catch::Contains("character.states: unknown state \"shakn\" (did you mean \"shaken\"?)"));
  CHECK_THAT(load_error(with("floors = 2", "floors = 7")),
             Catch::Contains(":13:10: error: encounter.fall.floors"));
  CHECK_THAT(load_error(with("floors = 2", "floors = 2\nmoving = true")),
             Catch::Contains("give floors or moving = true, not both"));
  CHECK_THAT(load_error(with("floors = 2", "moving = false")),
             Catch::Contains("missing key 'floors'"));
  CHECK_THAT(load_error(with("floors = 2", "floors = 2\nsurface = \"rocky\"")),
             Catch::Contains("encounter.fall.surface"));
  CHECK_THAT(load_error(with("[aftercare]", "[encounter.disease]\nonset = \"1 day\"\n[aftercare]")),
             Catch::Contains("missing key 'severity'"));
  CHECK_THAT(load_error(with("sleep = \"8 hours\"", "concoction = \"1d4\"")),
             Catch::Contains("recovery.concoction: a concoction without a clinic"));
  // `lethality rules flux` lists rounds as 1..600 (an hour of 6-second rounds): the loader's
  // own range.
  CHECK_THAT(load_error(with("rounds = 2", "rounds = 700")),
             Catch::Contains("encounter.rounds: \"700\" ranges from 700 to 700 (values must lie "
                             "from 1 to 600)"));
  CHECK(load_error(with("rounds = 2", "rounds = 600")).empty());
  CHECK_THAT(load_error(with("medicine = 4", "medicine = 4\nattempts_per_hour = 0")),
             Catch::Contains("aftercare.attempts_per_hour"));
  // Flux attackers have no attack profiles: `attacks` is not a flux key (not listed by
  // `lethality rules flux`); the advice is one: damage on the attacker.
  CHECK_THAT(load_error(with("damage = \"1d6\"",
                             "name = \"x\"\n[[encounter.attackers.attacks]]\ndamage = 3")),
             Catch::Contains("encounter.attackers[1]: missing key 'damage' (add damage"));
  CHECK_THAT(load_error(with("damage = \"1d6\"",
                             "damage = \"1d6\"\n[[encounter.attackers.attacks]]\ndamage = 3")),
             Catch::Contains("encounter.attackers[1].attacks: unknown key"));
  CHECK_THAT(load_error(with("help_arrives = \"1 hour\"\n", "")),
             Catch::Contains("missing key 'help_arrives'"));
  // The listed ends (`lethality rules flux`: "at least 2 h", "longer than 0") are the
  // loader's.
  CHECK_THAT(load_error(with("sleep = \"8 hours\"", "hour_rest_every = \"1 hour\"")),
             Catch::Contains("recovery.hour_rest_every: hour_rest_every must be at least 2 h"));
  CHECK(
      load_error(with("sleep = \"8 hours\"", "sleep = \"8 hours\"\nhour_rest_every = \"2 hours\""))
          .empty());
  CHECK_THAT(load_error(with("sleep = \"8 hours\"", "sleep = \"0 s\"")),
             Catch::Contains("recovery.sleep: sleep must be longer than 0"));
  CHECK(load_error(with("sleep = \"8 hours\"", "sleep = \"1 s\"")).empty());
  CHECK_THAT(load_error(with("[character]", "[options]\nstat_floor = 11\n[character]")),
             Catch::Contains("options.stat_floor"));
}

TEST_CASE("flux errors: through the command line, exit 2 and nothing written",
          "[flux][errors][cli]") {
  namespace fs = std::filesystem;
  const std::vector<std::pair<std::string, std::string>> catalogue = {
      {"flux-typo", with("max_pv = 12", "max_pvv = 12")},
      {"flux-state", with("vai = 3", "vai = 3\nstates = \"dizzy\"")},
      {"flux-floors", with("floors = 2", "floors = 0")},
      {"flux-severity",
       with("[aftercare]", "[encounter.disease]\nseverity = \"mild\"\n[aftercare]")},
      {"flux-concoction", with("sleep = \"8 hours\"", "concoction = \"1d4\"")},
      {"flux-cushion", with("floors = 2", "floors = 2\ncushion = \"magic\"")},
  };
  for (const auto& [name, text] : catalogue) {
    INFO(name);
    const std::string file = test::write_file("flux-catalogue/" + name + ".toml", text);
    const std::string out_dir = test::fresh_path("flux-catalogue-out-" + name);
    const test::CliResult r = test::cli({"run", file, "--out", out_dir});
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK(r.err.rfind(file + ":", 0) == 0);
    CHECK(r.err.find(": error: ") != std::string::npos);
    CHECK(r.err.find(":0:") == std::string::npos);
    CHECK_FALSE(fs::exists(out_dir));
  }
}

TEST_CASE("flux data: the embedded tables load; bad tables are located in their file",
          "[flux][errors][data]") {
  const flux::FallTable& falls = flux::fall_table();
  CHECK(falls.floors[0].damage.str() == "1d10");
  CHECK(falls.floors[4].damage.str() == "1d10+30");
  CHECK(falls.floors[3].cushion_malus == 6);
  CHECK(falls.floors[5].deadly);
  CHECK(falls.moving.cushion_malus == 3);
  CHECK(falls.rough == 1);
  CHECK(falls.soft == -1);
  const flux::SequelaTable& seq = flux::sequela_table();
  REQUIRE(seq.rolls.die() == 6);
  for (int d = 1; d <= 6; ++d) CHECK(seq.stat_for(d) == static_cast<flux::Stat>(d - 1));

  const std::string text(rule_data(flux::kFallsPath));
  auto fall_error = [&](const std::string& from, const std::string& to) {
    std::string t = text;
    const size_t at = t.find(from);
    REQUIRE(at != std::string::npos);
    t.replace(at, from.size(), to);
    return test::error_of([&] { flux::parse_fall_table(t, "rules/flux/data/falls.toml"); });
  };
  CHECK_THAT(fall_error("floors = 3", "floors = 4"),
             Catch::Contains("rules/flux/data/falls.toml:") &&
                 Catch::Contains("heights[3].floors: floors 4 in place 3"));
  CHECK_THAT(fall_error("deadly = true ", "deadly = true\ndamage = \"1d10\"\n"),
             Catch::Contains("damage on a deadly row"));
  CHECK_THAT(fall_error("damage = \"1d10+5\"", "damage = \"1d0\""),
             Catch::Contains("heights[2].damage"));
  CHECK_THAT(fall_error("soft = -1", "sfot = -1"), Catch::Contains("missing key 'soft'"));
  CHECK_THAT(fall_error("cushion_malus = 3", "cushion_malus = 3\nextra = 1"),
             Catch::Contains("moving.extra: unknown key"));

  const std::string seq_text(rule_data(flux::kSequelaePath));
  auto seq_error = [&](const std::string& from, const std::string& to) {
    std::string t = seq_text;
    const size_t at = t.find(from);
    REQUIRE(at != std::string::npos);
    t.replace(at, from.size(), to);
    return test::error_of([&] { flux::parse_sequela_table(t, "rules/flux/data/sequelae.toml"); });
  };
  CHECK_THAT(seq_error("range = \"6\"", "range = \"5\""),
             Catch::Contains("rules/flux/data/sequelae.toml:"));
  CHECK_THAT(seq_error("stat = \"SAV\"", "stat = \"SAVE\""),
             Catch::Contains("rows[6].stat") && Catch::Contains("SAV"));
}
