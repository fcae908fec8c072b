// The dnd5e injury tables: sampled frequencies against the tables' own probabilities, the
// built-in data files' validation (a bad file is a located error), bad scenario sections
// through the command line (status 2, nothing written), and the run invariants.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>

#include "rules/common/data.h"
#include "rules/dnd5e/injuries.h"
#include "sim/engine/registry.h"
#include "sim/engine/runner.h"
#include "tests/cli_support.h"
#include "tests/support.h"

using namespace leth;
using namespace leth::dnd5e;
namespace fs = std::filesystem;

namespace {

std::vector<std::pair<std::string, std::string>> builtin_tables() {
  std::vector<std::pair<std::string, std::string>> t;
  for (const std::string& type : damage_types()) {
    const std::string path = "rules/dnd5e/data/" + type + ".toml";
    t.emplace_back(path, std::string(rule_data(path)));
  }
  return t;
}
const std::string kSeverityPath = "rules/dnd5e/data/severity.toml";

// One blow of `type` always leaves the character at exactly 0 HP; then nothing.
std::string fall_scenario(const std::string& type, const std::string& options) {
  return "name = \"fall\"\nruleset = \"dnd5e\"\nhorizon = \"1 minute\"\n[options]\n" + options +
         "[character]\nmax_hp = 10\n[recovery]\nrest = \"none\"\nshort_rest = false\n"
         "[encounter]\nrounds = 1\n[[encounter.attackers]]\nhit_chance = 1.0\nmelee = false\n"
         "damage = \"10\"\ndamage_type = \"" +
         type + "\"\n";
}

}  // namespace

TEST_CASE("dnd5e: the built-in tables load: 13 types, 6 rows each, every row kept",
          "[dnd5e][data]") {
  const InjuryCatalog& c = InjuryCatalog::builtin();
  CHECK(c.injuries().size() == 13 * 6);
  for (size_t t = 0; t < 13; ++t) CHECK(c.table(t).table.size() == 6);
  // Spot checks of the seed's rows and flags.
  const InjuryDef& burn = c.injury(c.pick(3, 4, Severity::Severe, RowBy::Roll));  // fire 03-05
  CHECK(burn.label == "Grand Brûlé");
  CHECK(burn.no_natural_healing);
  const InjuryDef& acid = c.injury(c.pick(0, 4, Severity::Severe, RowBy::Roll));
  CHECK(acid.label == "Grand Brûlé");
  CHECK_FALSE(acid.no_natural_healing);  // the acid row carries no flag
  const InjuryDef& coma = c.injury(c.pick(9, 1, Severity::Serious, RowBy::Roll));
  CHECK(coma.condition == Condition::Unconscious);
  CHECK(coma.requires_magic);
}

TEST_CASE("dnd5e: injury severities sampled by the model match the mapping",
          "[dnd5e][statistics]") {
  struct Case {
    const char* mapping;
    std::array<double, 4> p;  // light, moderate, severe, serious
  };
  const Case cases[] = {{"seed", {10 / 20.0, 5 / 20.0, 3 / 20.0, 2 / 20.0}},
                        {"mild", {10 / 20.0, 7 / 20.0, 2 / 20.0, 1 / 20.0}}};
  uint64_t seed = 700;
  for (const Case& c : cases) {
    for (const char* type : {"slashing", "fire", "psychic"}) {
      INFO(c.mapping << " " << type);
      const LoadedScenario ls = test::load_text(
          fall_scenario(type, std::string("injury_severity = \"") + c.mapping + "\"\n"));
      const uint64_t n = 100'000;
      const RunTally t = run_trials(ls, ++seed, 0, n);
      const Tally& x = t.variants[0];
      REQUIRE(x.counter_trials[metric::kInjuries] == n);  // every trial fell once
      for (size_t s = 0; s < 4; ++s) {
        const double p = static_cast<double>(x.counter_trials[metric::kInjuriesLight + s]) / n;
        const double se = std::sqrt(c.p[s] * (1 - c.p[s]) / n);
        INFO("severity " << s << ": " << p << " vs " << c.p[s]);
        CHECK(std::fabs(p - c.p[s]) <= 4 * se);
      }
    }
  }
}

TEST_CASE("dnd5e: injury rows sampled from every table match their bands", "[dnd5e][statistics]") {
  const InjuryCatalog& c = InjuryCatalog::builtin();
  // The bands as the seed prints them, by row: 18-20, 15-17, 11-14, 06-10, 03-05, 01-02.
  const std::array<double, 6> by_roll = {3 / 20.0, 3 / 20.0, 4 / 20.0,
                                         5 / 20.0, 3 / 20.0, 2 / 20.0};
  // Mild mapping, row by severity: 1 -> 01-02; 2-3 -> 03-05; 4-10 -> 06-10; light by roll.
  const std::array<double, 6> mild = {3 / 20.0, 3 / 20.0, 4 / 20.0, 7 / 20.0, 2 / 20.0, 1 / 20.0};
  TrialRng rng(3, 0);
  Stream s = rng.stream(Purpose::Test, 0);
  const int n = 60'000;
  for (size_t type = 0; type < 13; ++type) {
    INFO(damage_types()[type]);
    const InjuryTable& tab = c.table(type);
    std::map<uint16_t, int> seed_counts, mild_counts;
    for (int i = 0; i < n; ++i) {
      const int roll = s.die(20);
      ++seed_counts[c.pick(type, roll, c.seed_mapping().of(roll), RowBy::Severity)];
      ++mild_counts[c.pick(type, roll, c.mild_mapping().of(roll), RowBy::Severity)];
    }
    for (size_t row = 0; row < 6; ++row) {
      const uint16_t id = tab.injury[row];
      const double ps = static_cast<double>(seed_counts[id]) / n;
      const double pm = static_cast<double>(mild_counts[id]) / n;
      const double ses = std::sqrt(by_roll[row] * (1 - by_roll[row]) / n);
      const double sem = std::sqrt(mild[row] * (1 - mild[row]) / n);
      INFO("row " << c.injury(id).name << ": seed " << ps << " vs " << by_roll[row] << ", mild "
                  << pm << " vs " << mild[row]);
      CHECK(std::fabs(ps - by_roll[row]) <= 4 * ses);
      CHECK(std::fabs(pm - mild[row]) <= 4 * sem);
      CHECK(static_cast<double>(tab.table.range(row).hi - tab.table.range(row).lo + 1) / 20 ==
            Approx(by_roll[row]));
    }
  }
}

TEST_CASE("dnd5e: a bad injury data file is a located error", "[dnd5e][data][errors]") {
  const auto tables = builtin_tables();
  const std::string sev(rule_data(kSeverityPath));
  auto with = [&](size_t type, const std::string& from, const std::string& to) {
    auto t = tables;
    const size_t at = t[type].second.find(from);
    REQUIRE(at != std::string::npos);
    t[type].second.replace(at, from.size(), to);
    return test::error_of([&] { InjuryCatalog::parse(sev, kSeverityPath, t); });
  };
  CHECK_THAT(with(0, "range = \"06-10\"", "range = \"06-09\""),
             Catch::StartsWith("rules/dnd5e/data/acid.toml:") && Catch::Contains("10"));
  CHECK_THAT(with(0, "range = \"06-10\"", "range = \"06-11\""),
             Catch::StartsWith("rules/dnd5e/data/acid.toml:"));
  CHECK_THAT(with(2, "severity = \"moderate\"", "severity = \"grave\""),
             Catch::StartsWith("rules/dnd5e/data/cold.toml:") && Catch::Contains("severity"));
  CHECK_THAT(with(3, "name = \"heatstroke\"", "name = \"heatstroke\"\ncolour = 1"),
             Catch::StartsWith("rules/dnd5e/data/fire.toml:") && Catch::Contains("colour"));
  CHECK_THAT(with(2, "worsens_to = \"severe_frostbite\"", "worsens_to = \"nothing\""),
             Catch::Contains("no other injury named 'nothing'"));
  CHECK_THAT(with(7, "ongoing = \"piercing_wound\"", "ongoing = \"bleeding\""),
             Catch::StartsWith("rules/dnd5e/data/piercing.toml:") && Catch::Contains("ongoing"));
  // The injury's effect on its bearer's turns in a party fight, and its save's DC.
  CHECK_THAT(with(0, "combat = \"attack_disadvantage\"", "combat = \"retching\""),
             Catch::StartsWith("rules/dnd5e/data/acid.toml:") && Catch::Contains("combat") &&
                 Catch::Contains("action_save"));
  CHECK_THAT(with(0, "save_dc = 8\n", ""),
             Catch::StartsWith("rules/dnd5e/data/acid.toml:") && Catch::Contains("save_dc"));
  CHECK_THAT(with(0, "combat = \"attack_disadvantage\"", "save_dc = 8"),
             Catch::Contains("save_dc needs combat = \"action_save\""));
  CHECK_THAT(with(11, "damage_type = \"slashing\"", "damage_type = \"piercing\""),
             Catch::Contains("this file is for \"piercing\""));
  CHECK_THAT(with(4, "severity = \"serious\"", "severity = \"severe\""),
             Catch::Contains("no serious injury"));
  CHECK_THAT(with(5, "damage_type", "damage_typ"), Catch::Contains("damage_type"));
  const std::string bad_sev = sev.substr(0, sev.find("[[mappings]]\nname = \"mild\""));
  CHECK_THAT(test::error_of([&] { InjuryCatalog::parse(bad_sev, kSeverityPath, tables); }),
             Catch::StartsWith("rules/dnd5e/data/severity.toml:") && Catch::Contains("mild"));
  // A mapping without its name (a missing key, not a crash).
  std::string nameless = sev;
  nameless.replace(nameless.find("name = \"mild\""), 13, "");
  CHECK_THAT(test::error_of([&] { InjuryCatalog::parse(nameless, kSeverityPath, tables); }),
             Catch::StartsWith("rules/dnd5e/data/severity.toml:") &&
                 Catch::Contains("missing key 'name'"));
  // The built-in files themselves load.
  CHECK(test::error_of([&] { InjuryCatalog::parse(sev, kSeverityPath, tables); }).empty());
}

TEST_CASE("dnd5e: bad scenario sections: status 2, a located message, nothing written",
          "[dnd5e][errors][cli]") {
  const std::string good = fall_scenario("slashing", "");
  auto with = [&](const std::string& from, const std::string& to) {
    std::string s = good;
    const size_t at = s.find(from);
    REQUIRE(at != std::string::npos);
    return s.replace(at, from.size(), to);
  };
  const std::vector<std::tuple<std::string, std::string, std::string>> catalogue = {
      {"custom-without-rows", with("[options]\n", "[options]\ninjury_severity = \"custom\"\n"),
       "needs [[injury_severity]]"},
      {"custom-gap",
       with("[options]\n", "[options]\ninjury_severity = \"custom\"\n") +
           "[[injury_severity]]\nrange = \"1-19\"\nseverity = \"light\"\n",
       "20"},
      {"bad-damage-type", with("\"slashing\"", "\"slahing\""), "slashing"},
      {"bad-option", with("[options]\n", "[options]\ninjury_trigger = \"each_hit\"\n"),
       "injury_trigger"},
      {"kit-missing",
       good + "[aftercare]\nhelp_arrives = \"1 round\"\n[aftercare.healer]\n"
              "medicine = 3\ntreat_injuries = true\n",
       "herbalism kit"},
      {"bad-hit-die", with("max_hp = 10\n", "max_hp = 10\nhit_die = 7\n"), "Hit Die"},
      {"nonlethal", with("melee = false\n", "melee = false\nchannel = \"nonlethal\"\n"), "channel"},
  };
  for (const auto& [name, text, expect] : catalogue) {
    INFO(name);
    const std::string file = test::write_file("dnd5e-errors/" + name + ".toml", text);
    const std::string out = test::fresh_path("dnd5e-errors-out-" + name);
    const test::CliResult r = test::cli({"run", file, "--out", out, "--trials", "10"});
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK(r.err.rfind(file + ":", 0) == 0);
    CHECK(r.err.find(":0:") == std::string::npos);
    CHECK_THAT(r.err, Catch::Contains(expect));
    CHECK_FALSE(fs::exists(out));
  }
}

TEST_CASE("dnd5e: injury_severity = \"custom\" without rows is located at the option",
          "[dnd5e][errors]") {
  // Not at 1:1 with no key path: at the value that asks for the rows, in the file or a variant.
  const std::string good = fall_scenario("slashing", "");
  std::string text = good;
  text.replace(text.find("[options]\n"), 10, "[options]\ninjury_severity = \"custom\"\n");
  const size_t line = 1 + static_cast<size_t>(std::count(
                              text.begin(), text.begin() + text.find("injury_severity"), '\n'));
  CHECK_THAT(test::error_of([&] { test::load_text(text, "custom.toml"); }),
             Catch::Contains("custom.toml:" + std::to_string(line) +
                             ":19: error: options.injury_severity: \"custom\" needs") &&
                 Catch::Contains("[[injury_severity]]"));
  const std::string variant =
      good + "[[variants]]\nname = \"mine\"\noptions = { injury_severity = \"custom\" }\n";
  CHECK_THAT(test::error_of([&] { test::load_text(variant, "custom.toml"); }),
             Catch::Contains("error: variants[1].options.injury_severity: \"custom\" needs"));
}

TEST_CASE("dnd5e: `lethality rules` lists the Hit Dice the loader accepts", "[dnd5e][keys]") {
  const KeyCatalog keys = scenario_keys(dnd5e::Model::info());
  const auto it = std::find_if(keys.entries().begin(), keys.entries().end(), [](const KeyEntry& e) {
    return e.section == "character" && e.key == "hit_die";
  });
  REQUIRE(it != keys.entries().end());
  CHECK(it->kind == "integer 6..12, one of 6 | 8 | 10 | 12");
  for (int die = 3; die <= 13; ++die) {
    INFO("hit_die = " << die);
    std::string text = fall_scenario("slashing", "");
    text.replace(text.find("max_hp = 10\n"), 12,
                 "max_hp = 10\nhit_die = " + std::to_string(die) + "\n");
    const std::string error = test::error_of([&] { test::load_text(text); });
    const bool listed = die == 6 || die == 8 || die == 10 || die == 12;
    CHECK(error.empty() == listed);
    if (!listed) CHECK_THAT(error, Catch::Contains("character.hit_die"));
  }
}

TEST_CASE("dnd5e invariants: a variant equal to the baseline; 1 and 2 threads", "[dnd5e]") {
  const std::string file = test::source_path("scenarios/examples/dnd5e-goblin-ambush.toml");
  const std::string text =
      test::read_file(file) + "\n[[variants]]\nname = \"same\"\noptions = { death_save_dc = 10 }\n";
  const LoadedScenario ls = test::load_text(text);
  const size_t last = ls.models.size() - 1;
  RunTally one, two;
  {
    ThreadLimit limit(1);
    one = run_trials(ls, 9, 0, 20'000);
  }
  {
    ThreadLimit limit(2);
    two = run_trials(ls, 9, 0, 20'000);
  }
  CHECK(one.variants == two.variants);
  // The explicit default is the baseline exactly: same trials, same outcomes.
  CHECK(one.variants.at(0) == one.variants.at(last));
  // And the milder mapping is not.
  REQUIRE(ls.scenario.variants.at(1).name == "mild-injuries");
  CHECK_FALSE(one.variants.at(0) == one.variants.at(1));
}

TEST_CASE("dnd5e: many injuries in one trial stay within Outcome's 16 sequela kinds",
          "[dnd5e][statistics]") {
  // Every damage at 0 HP an injury, attackers who never stop: the most injuries a trial can get.
  const std::string file = test::source_path("scenarios/examples/dnd5e-long-haul.toml");
  std::string text = test::read_file(file);
  const std::string from = "keep_attacking_downed = 0.25";
  const size_t at = text.find(from);
  REQUIRE(at != std::string::npos);
  text.replace(at, from.size(), "keep_attacking_downed = 1.0");
  text +=
      "\n[options]\ninjury_trigger = \"each_damage_at_zero\"\nmassive_damage = false\n"
      "failures_to_die = 10\n";
  const LoadedScenario ls = test::load_text(text);
  const RunTally t = run_trials(ls, 77, 0, 20'000);
  const MetricSpec& m = metrics_of(ls.models[0]);
  REQUIRE(m.sequelae.size() <= Outcome::kMaxSequelae);
  for (const Tally& x : t.variants) {
    CHECK(x.sequela_overflow == 0);
    CHECK(x.counter_total[metric::kInjuries] > x.counter_trials[metric::kInjuries]);  // several
    const uint64_t survivors = x.trials - x.ends_in(m.end_mask(EndKind::Died));
    for (size_t s = 0; s < m.sequelae.size(); ++s) CHECK(x.sequela_trials[s] <= survivors);
  }
}

TEST_CASE("dnd5e stories tell apart two open injuries of the same name", "[dnd5e][injuries]") {
  // Catalog indices as the party body keeps them, in the order they were taken.
  const std::array<uint16_t, 5> open{7, 3, 7, 7, 3};
  CHECK(same_name_mark(open.data(), 0).empty());  // the first of its name stays plain
  CHECK(same_name_mark(open.data(), 1).empty());
  CHECK(same_name_mark(open.data(), 2) == " #2");
  CHECK(same_name_mark(open.data(), 3) == " #3");
  CHECK(same_name_mark(open.data(), 4) == " #2");
  // Anything with the index in `def` (an injury's course) is counted the same way.
  struct Held {
    uint16_t def;
  };
  const std::array<Held, 3> held{{{4}, {4}, {5}}};
  CHECK(same_name_mark(held.data(), 1) == " #2");
  CHECK(same_name_mark(held.data(), 2).empty());
}
