// The ways to say "nobody comes": a duration of "never", a variant's `aftercare = "none"`
// (any optional table removed from the baseline), and help that can do nothing refused instead
// of silently accepted (rules/common/aftercare.h).
#include <toml++/toml.h>
#include <catch2/catch.hpp>

#include <algorithm>

#include <sstream>
#include <string>
#include <vector>

#include "analysis/csv.h"
#include "sim/core/error.h"
#include "tests/cli_support.h"
#include "tests/support.h"

using namespace leth;
using test::cli;
using test::fresh_path;
using test::read_file;

namespace {

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const size_t at = text.find(from);
  REQUIRE(at != std::string::npos);
  return text.replace(at, from.size(), to);
}

const std::vector<std::string> kCsv = {"summary.csv",  "end_states.csv",  "histograms.csv",
                                       "sequelae.csv", "comparisons.csv", "examples.csv"};

// Runs `toml` (2000 trials) and returns its CSV files' bytes, file by file.
std::vector<std::string> csv_of(const std::string& toml, const std::string& name) {
  const std::string file = test::write_file(name + ".toml", toml);
  const std::string out = fresh_path(name);
  const auto r = cli({"run", file, "--trials", "2000", "--out", out, "--quiet"});
  INFO(r.err);
  REQUIRE(r.status == 0);
  std::vector<std::string> csv;
  for (const std::string& f : kCsv) csv.push_back(read_file(out + "/" + f));
  return csv;
}

// The rows of a CSV whose variant column is `v`, with that field renamed to `as`.
std::vector<std::vector<std::string>> rows_of(const std::string& csv, const std::string& v,
                                              const std::string& as) {
  const CsvTable t = CsvTable::parse(csv, "results.csv", CsvTable::LineEnds::CrlfOnly);
  const auto& h = t.header();
  const size_t column = static_cast<size_t>(std::find(h.begin(), h.end(), "variant") - h.begin());
  std::vector<std::vector<std::string>> out;
  for (size_t r = 0; r < t.rows(); ++r)
    if (t.at(r, "variant") == v) {
      out.push_back(t.row(r));
      out.back().at(column) = as;
    }
  return out;
}

}  // namespace

TEST_CASE("\"never\": help that never comes runs as help past every horizon", "[nobody]") {
  // In each ruleset, a bundled scenario's first help: "never" and "3650 days" (past the
  // scenario's horizon) give the same trials, byte for byte.
  struct Case {
    const char* file;
    const char* key;  // the key's text in the file, replaced by "never" and by "3650 days"
  };
  for (const Case& c : {Case{"pf2-lone-fighter-ambush", "help_arrives = \"1d4+1 rounds\""},
                        Case{"dnd5e-goblin-ambush", "help_arrives = \"1d4 rounds\""},
                        Case{"flux-bandit-ambush", "help_arrives = \"1d4 hours\""},
                        Case{"harmonies-siege", "help_arrives = \"1d4 minutes\""},
                        Case{"unisystem-alley-shootout", "arrives = \"2 minutes\""}}) {
    INFO(c.file);
    const std::string text =
        read_file(test::source_path(std::string("scenarios/examples/") + c.file + ".toml"));
    const std::string key = std::string(c.key).substr(0, std::string(c.key).find(" = "));
    const auto never = csv_of(replaced(text, c.key, key + " = \"never\""), "never-" + key);
    const auto far = csv_of(replaced(text, c.key, key + " = \"3650 days\""), "far-" + key);
    for (size_t i = 0; i < kCsv.size(); ++i) {
      INFO(kCsv[i]);
      CHECK(never[i] == far[i]);
    }
  }
}

TEST_CASE("\"never\" is refused where a duration is a length, and for the horizon", "[nobody]") {
  CHECK_THAT(
      test::error_of([] {
        test::load_text(test::pf2_scenario("[recovery]\nfirst_rest = \"never\"\n"), "n1.toml");
      }),
      Catch::Contains("n1.toml:21:14: error: recovery.first_rest: \"never\" is not a length for "
                      "this (at most 7 days; \"never\" is for when something happens"));
  CHECK_THAT(test::error_of([] {
               test::load_text(
                   replaced(test::pf2_scenario(), "seed = 7\n", "seed = 7\nhorizon = \"never\"\n"),
                   "n2.toml");
             }),
             Catch::Contains("n2.toml:5:11: error: horizon: \"never\" is not a length for this "
                             "(at most 3650 days"));
  // `lethality rules` says which keys take it.
  std::istringstream rules(cli({"rules", "pf2"}).out);
  std::string horizon, help;
  for (std::string line; std::getline(rules, line);) {
    if (line.rfind("    horizon ", 0) == 0) horizon = line;
    if (line.rfind("    help_arrives ", 0) == 0) help = line;
  }
  CHECK_THAT(help, Catch::EndsWith("at most 3650 days, or \"never\""));
  CHECK_THAT(horizon, Catch::EndsWith("at most 3650 days"));
}

TEST_CASE("a variant's `table = \"none\"` removes the file's table", "[nobody]") {
  const std::string aftercare =
      "\n[aftercare]\nhelp_arrives = \"1d4 rounds\"\n\n[aftercare.healer]\nmedicine = 5\n"
      "heal = \"2d8\"\n";
  const std::string variant = "\n[[variants]]\nname = \"alone\"\naftercare = \"none\"\n";
  // The variant plays exactly the trials of the file without [aftercare].
  const auto with = csv_of(test::pf2_scenario(aftercare + variant), "none-with");
  const auto without = csv_of(test::pf2_scenario(), "none-without");
  for (size_t i : {0, 1, 2}) {  // summary, end states, histograms
    INFO(kCsv[i]);
    const auto alone = rows_of(with[i], "alone", "baseline");
    CHECK_FALSE(alone.empty());
    CHECK(alone == rows_of(without[i], "baseline", "baseline"));
    CHECK(alone != rows_of(with[i], "baseline", "baseline"));  // the healer did change things
  }
  // A table inside a table: the healer removed, help_arrives is left without one.
  CHECK(test::error_of([&] {
          test::load_text(test::pf2_scenario(aftercare + "\n[[variants]]\nname = \"no-healer\"\n"
                                                         "aftercare = { healer = \"none\" }\n"),
                          "n3.toml");
        }) == test::temp_dir() +
                  "/n3.toml:30:13: error: variants[1].aftercare: help_arrives needs a healer "
                  "(add [aftercare.healer] with medicine, heal and "
                  "heal_uses)");
  // Any other string where a table belongs says how to remove one.
  CHECK_THAT(test::error_of([&] {
               test::load_text(
                   test::pf2_scenario(aftercare + "\n[[variants]]\nname = \"x\"\naftercare = "
                                                  "\"nobody\"\n"),
                   "n4.toml");
             }),
             Catch::Contains("expected a table, got a string") &&
                 Catch::Contains("aftercare = \"none\" in a variant to remove it"));
}

TEST_CASE("help that can do nothing is an error, not a quiet no-op", "[nobody]") {
  // harmonies: helpers who arrive with neither first aid nor a healer's level.
  const std::string duel = read_file(test::source_path("scenarios/examples/harmonies-duel.toml"));
  const std::string idle = replaced(replaced(duel, "first_aid = 3\n", ""),
                                    "healer = 1                  # the town's "
                                    "physician\n",
                                    "");
  CHECK_THAT(test::error_of([&] { test::load_text(idle, "idle-harmonies.toml"); }),
             Catch::Contains("idle-harmonies.toml:27:1: error: aftercare: the help that arrives "
                             "can do nothing here (give it first_aid = 3 (to stabilise) or "
                             "healer = -2 (to heal); if nobody comes, leave [aftercare] out, or "
                             "in a variant write aftercare = \"none\")"));
  // Either one is enough.
  CHECK_NOTHROW(test::load_text(replaced(duel, "first_aid = 3\n", ""), "heals.toml"));
  // dnd5e: a healer with a kit and nothing to use it with.
  const std::string goblins =
      read_file(test::source_path("scenarios/examples/dnd5e-goblin-ambush.toml"));
  const std::string kit_only =
      replaced(goblins,
               "medicine = 4            # a level-1 cleric: Wisdom +2, proficient\n"
               "herbalism_kit = true\nhealing = \"1d8+2\"       # cure wounds\nhealing_uses = 2\n"
               "potion = \"2d4+2\"\npotions = 1\n",
               "herbalism_kit = true\n");
  CHECK_THAT(test::error_of([&] { test::load_text(kit_only, "idle-dnd5e.toml"); }),
             Catch::Contains("error: aftercare.healer: the help that arrives can do nothing here"));
}

TEST_CASE("help that can do nothing because of a misspelt key names the key", "[nobody]") {
  // `heal` where dnd5e reads `healing` (pf2's word): the cause is the unknown key, not idle
  // help. Every key of the healer is read before that check, so none is falsely unknown.
  const std::string goblins =
      read_file(test::source_path("scenarios/examples/dnd5e-goblin-ambush.toml"));
  const std::string misspelt =
      replaced(goblins,
               "medicine = 4            # a level-1 cleric: Wisdom +2, proficient\n"
               "herbalism_kit = true\nhealing = \"1d8+2\"       # cure wounds\nhealing_uses = 2\n"
               "potion = \"2d4+2\"\npotions = 1\n",
               "heal = \"1d8+2\"\n");
  const std::string error =
      test::error_of([&] { test::load_text(misspelt, "misspelt-dnd5e.toml"); });
  CHECK_THAT(error, Catch::Contains("error: aftercare.healer.heal: unknown key") &&
                        Catch::Contains("healing"));
  // pf2: `healing` where pf2 reads `heal`.
  const std::string medic = read_file(test::source_path("scenarios/examples/pf2-field-medic.toml"));
  INFO(medic);
  toml::table doc = toml::parse(medic);
  toml::table* healer = doc["aftercare"]["healer"].as_table();
  REQUIRE(healer != nullptr);
  healer->clear();
  healer->insert("healing", "1d8+8");
  std::ostringstream text;
  text << doc;
  CHECK_THAT(test::error_of([&] { test::load_text(text.str(), "misspelt-pf2.toml"); }),
             Catch::Contains("error: aftercare.healer.healing: unknown key"));
}
