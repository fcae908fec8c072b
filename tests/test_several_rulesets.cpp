// One file, the same fight under several rulesets (`rulesets = [...]`, each ruleset's sections
// under a table of its name): one scenario per ruleset, each exactly what a file of that
// ruleset alone would give; variants change each ruleset under its name; mistakes located.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include "tests/cli_support.h"
#include "tests/support.h"

using namespace leth;
using test::cli;
using test::fresh_path;
using test::read_file;

namespace {

// test::pf2_scenario()'s sections, under [pf2.*] when `under` is "pf2.".
std::string pf2_sections(const std::string& under) {
  return "[" + under + "character]\nmax_hp = 20\nac = 18\nfortitude = 7\ncon = 2\n[" + under +
         "encounter]\nrounds = 3\n[[" + under +
         "encounter.attackers]]\nname = \"goblin\"\nattack_bonus = 8\ndamage = \"1d6\"\ndc = 16\n";
}

std::string dnd5e_sections(const std::string& under) {
  return "[" + under + "character]\nmax_hp = 12\nac = 16\ncon = 14\nhit_die = 10\n[" + under +
         "encounter]\nrounds = 2\n[[" + under +
         "encounter.attackers]]\nname = \"goblin\"\nattack_bonus = 4\ndamage = \"1d6+2\"\n"
         "damage_type = \"slashing\"\n";
}

const std::string kHead = "name = \"fight\"\ntrials = 3000\nseed = 11\n";

std::string both(const std::string& extra = "") {
  return kHead + "rulesets = [\"pf2\", \"dnd5e\"]\n" + pf2_sections("pf2.") +
         dnd5e_sections("dnd5e.") + extra;
}

std::string error_loading(const std::string& text, const std::string& name) {
  const std::string path = test::write_file("several/" + name, text);
  return test::error_of([&] { load_scenarios(path); });
}

// A CSV with the scenario's name replaced, to compare two runs of differently named files.
std::string renamed(std::string csv, const std::string& from, const std::string& to) {
  for (size_t at = csv.find(from); at != std::string::npos; at = csv.find(from, at + to.size()))
    csv.replace(at, from.size(), to);
  return csv;
}

}  // namespace

TEST_CASE("several rulesets: one scenario each, read from the table of its name", "[several]") {
  const std::string path = test::write_file(
      "several/load.toml",
      both("[[variants]]\nname = \"flat\"\npf2 = { options = { recovery_check = \"flat\" } }\n"));
  const std::vector<LoadedScenario> all = load_scenarios(path);
  REQUIRE(all.size() == 2);
  CHECK(all[0].scenario.name == "fight-pf2");
  CHECK(all[0].scenario.ruleset == "pf2");
  CHECK(all[1].scenario.name == "fight-dnd5e");
  CHECK(all[1].scenario.ruleset == "dnd5e");
  for (const LoadedScenario& ls : all) {
    CHECK(ls.scenario.trials == 3000);
    CHECK(ls.scenario.seed == 11);
    REQUIRE(ls.scenario.variants.size() == 2);
    CHECK(ls.scenario.variants[1].name == "flat");
  }
  // load_scenario needs to be told which.
  CHECK_THAT(test::error_of([&] { load_scenario(path); }),
             Catch::Contains("several rulesets (pf2, dnd5e)") && Catch::Contains("--ruleset"));
  CHECK(load_scenario(path, "dnd5e").scenario.name == "fight-dnd5e");
  CHECK_THAT(test::error_of([&] { load_scenario(path, "flux"); }),
             Catch::Contains("no ruleset \"flux\""));
}

TEST_CASE("several rulesets: each runs exactly as a file of its ruleset alone", "[several]") {
  const std::string file = test::write_file(
      "several/run.toml",
      both("[[variants]]\nname = \"flat\"\npf2 = { options = { recovery_check = \"flat\" } }\n"));
  const std::string out = fresh_path("several-out");
  const auto r = cli({"run", file, "--out", out});
  INFO(r.err);
  REQUIRE(r.status == 0);
  CHECK(std::filesystem::is_directory(out + "/fight-pf2"));
  CHECK(std::filesystem::is_directory(out + "/fight-dnd5e"));
  CHECK_THAT(read_file(out + "/summary.csv"), Catch::Contains("\r\nfight-dnd5e,dnd5e,flat,"));
  // The table side by side: one row per ruleset and variant.
  CHECK_THAT(r.out, Catch::Contains("side by side:"));
  CHECK_THAT(r.out, Catch::Contains("fight-pf2    pf2      flat"));
  CHECK_THAT(r.out, Catch::Contains("fight-dnd5e  dnd5e    baseline"));

  // The same sections in files of one ruleset: the same numbers, byte for byte.
  const std::string pf2 = test::write_file(
      "several/pf2-alone.toml",
      kHead + "ruleset = \"pf2\"\n" + pf2_sections("") +
          "[[variants]]\nname = \"flat\"\noptions = { recovery_check = \"flat\" }\n");
  const std::string dnd5e = test::write_file(
      "several/dnd5e-alone.toml",
      kHead + "ruleset = \"dnd5e\"\n" + dnd5e_sections("") + "[[variants]]\nname = \"flat\"\n");
  const std::string a = fresh_path("several-pf2"), b = fresh_path("several-dnd5e");
  REQUIRE(cli({"run", pf2, "--out", a, "--quiet"}).status == 0);
  REQUIRE(cli({"run", dnd5e, "--out", b, "--quiet"}).status == 0);
  for (const char* csv : {"summary.csv", "end_states.csv", "histograms.csv", "comparisons.csv"}) {
    INFO(csv);
    CHECK(renamed(read_file(out + "/fight-pf2/" + csv), "fight-pf2", "fight") ==
          read_file(a + "/" + csv));
    CHECK(renamed(read_file(out + "/fight-dnd5e/" + csv), "fight-dnd5e", "fight") ==
          read_file(b + "/" + csv));
  }
  // A variant that does not name a ruleset leaves it as written: exactly no difference.
  CHECK_THAT(read_file(out + "/fight-dnd5e/comparisons.csv"),
             Catch::Contains("fight-dnd5e,flat,baseline,death_rate_difference,0,"));

  // replay picks the ruleset.
  const auto replay = cli({"replay", file, "--trial", "4", "--ruleset", "dnd5e"});
  CHECK(replay.status == 0);
  CHECK_THAT(replay.out, Catch::StartsWith("fight-dnd5e (dnd5e)"));
}

TEST_CASE("several rulesets: mistakes are located and explained", "[several]") {
  CHECK_THAT(error_loading("ruleset = \"pf2\"\n" + both(), "both-keys.toml"),
             Catch::Contains("the file sets both ruleset and rulesets"));
  CHECK_THAT(error_loading(kHead + "rulesets = [\"pf2\", \"dnd5\"]\n" + pf2_sections("pf2."),
                           "unknown.toml"),
             Catch::Contains("unknown.toml:4:") &&
                 Catch::Contains("rulesets: \"dnd5\" is not one of") &&
                 Catch::Contains("did you mean \"dnd5e\"?"));
  CHECK_THAT(
      error_loading(kHead + "rulesets = [\"pf2\", \"pf2\"]\n" + pf2_sections("pf2."), "twice.toml"),
      Catch::Contains("\"pf2\" is named twice"));
  CHECK_THAT(error_loading(kHead + "rulesets = []\n", "empty.toml"),
             Catch::Contains("rulesets: the array is empty"));
  CHECK_THAT(error_loading(kHead + "rulesets = [\"pf2\", \"dnd5e\"]\n" + pf2_sections("pf2."),
                           "missing.toml"),
             Catch::Contains("rulesets names \"dnd5e\" but the file has no [dnd5e] table"));
  // Sections outside the rulesets' tables are nobody's.
  CHECK_THAT(error_loading(both("[character]\nmax_hp = 3\n"), "stray.toml"),
             Catch::Contains("character: unknown key"));
  // A variant's changes go under a ruleset's name.
  CHECK_THAT(error_loading(both("[[variants]]\nname = \"v\"\noptions = { wounded = true }\n"),
                           "variant.toml"),
             Catch::Contains("variants[1].options: unknown key"));
  // A mistake inside a ruleset's table names its path.
  CHECK_THAT(error_loading(both("[pf2.aftercare]\nhelp_arive = \"1 round\"\n"), "typo.toml"),
             Catch::Contains("pf2.aftercare.help_arive: unknown key") &&
                 Catch::Contains("did you mean 'help_arrives'?"));
  CHECK_THAT(
      error_loading(both("[sweep]\nkey = \"character.max_hp\"\nvalues = [10, 20]\n"), "sweep.toml"),
      Catch::Contains("a file of several rulesets cannot sweep"));
}

namespace {

// A party of `names` under `under` ("pf2." or "dnd5e."), each with one attack, against one
// opponent.
std::string party_sections(const std::string& under, const std::vector<std::string>& names) {
  std::string s;
  for (const std::string& n : names)
    s += "[[" + under + "party]]\nname = \"" + n + "\"\nmax_hp = 20\nac = 15\n" +
         (under == "pf2." ? "level = 1\nfortitude = 5\n" : "") + "[[" + under +
         "party.attacks]]\nname = \"sword\"\nattack_bonus = 5\ndamage = \"1d8+2\"\n"
         "damage_type = \"slashing\"\n";
  return s + "[[" + under + "opponents]]\nname = \"brute\"\nhp = 30\nac = 14\n" +
         (under == "pf2." ? "dc = 16\n" : "") + "[[" + under +
         "opponents.attacks]]\nname = \"club\"\nattack_bonus = 5\ndamage = \"1d10+2\"\n"
         "damage_type = \"bludgeoning\"\n";
}

}  // namespace

TEST_CASE(
    "several rulesets: the same party under each, refused when the members differ, each "
    "member's fate side by side",
    "[several][party]") {
  const std::string two = kHead + "horizon = \"30 days\"\nrulesets = [\"pf2\", \"dnd5e\"]\n";
  const std::string ok = two + party_sections("pf2.", {"ann", "bob"}) +
                         "[dnd5e.options]\nlingering_injuries = false\n" +
                         party_sections("dnd5e.", {"ann", "bob"});
  const std::string path = test::write_file("several/same-party.toml", ok);
  const std::string out = fresh_path("several-party");
  const auto r = cli({"run", path, "--trials", "2000", "--out", out});
  INFO(r.err);
  REQUIRE(r.status == 0);
  INFO(r.out);
  CHECK_THAT(r.out, Catch::Contains("side by side, per member:"));
  // By member, then in the rulesets' order.
  // "member" is the widest cell of the first column: each name is padded to its 8.
  const size_t ann_pf2 = r.out.find("  ann     fight-pf2 "),
               ann_5e = r.out.find("  ann     fight-dnd5e "),
               bob_pf2 = r.out.find("  bob     fight-pf2 ");
  REQUIRE(ann_pf2 != std::string::npos);
  REQUIRE(ann_5e != std::string::npos);
  REQUIRE(bob_pf2 != std::string::npos);
  CHECK(ann_pf2 < ann_5e);
  CHECK(ann_5e < bob_pf2);

  // Other members, another order, or a party against one character: refused, located.
  auto refused = [&](const std::string& text, const std::string& name) {
    const std::string e = error_loading(text, name);
    CHECK_THAT(e, Catch::Contains(name) && Catch::Contains("dnd5e: the fight is not pf2's") &&
                      Catch::Contains("the same names in the same order"));
    return e;
  };
  CHECK_THAT(refused(two + party_sections("pf2.", {"ann", "bob"}) +
                         "[dnd5e.options]\nlingering_injuries = false\n" +
                         party_sections("dnd5e.", {"ann", "cy"}),
                     "other-members.toml"),
             Catch::Contains("pf2 plays ann, bob, dnd5e plays ann, cy"));
  refused(two + party_sections("pf2.", {"ann", "bob"}) +
              "[dnd5e.options]\nlingering_injuries = false\n" +
              party_sections("dnd5e.", {"bob", "ann"}),
          "other-order.toml");
  CHECK_THAT(refused(two + party_sections("pf2.", {"ann", "bob"}) + dnd5e_sections("dnd5e."),
                     "one-character.toml"),
             Catch::Contains("dnd5e plays one character"));
  CHECK_FALSE(std::filesystem::exists(out + "-nothing"));
}
