// The scenario-key catalog: recorded from the loader's own calls, folded by section, and for
// each ruleset: its template loads and runs, reads every key the loader asks about (no branch
// left unread), and every key it lists is documented in the ruleset's README.
#include <catch2/catch.hpp>

#include <fstream>
#include <map>
#include <sstream>

#include "sim/engine/load.h"
#include "sim/engine/runner.h"
#include "tests/support.h"

using namespace leth;

TEST_CASE("key catalog: sections fold array indices; probes and reads merge", "[keys]") {
  KeyCatalog c;
  c.probe("encounter.attackers[1]", "attack_bonus");
  c.read("encounter.attackers[2]", "attack_bonus", "integer -20..80", "", true);
  c.read("character", "max_hp", "integer 1..10000", "", true);
  c.read("character", "level", "integer 1..20", "1");
  c.probe("character", "speed");
  REQUIRE(c.entries().size() == 4);
  CHECK(c.entries()[0].section == "encounter.attackers[]");
  CHECK(c.only_probed() == std::vector<std::string>{"character.speed"});
  const std::string t = c.text();
  CHECK_THAT(t, Catch::Contains("  [encounter.attackers[]]\n    attack_bonus  integer -20..80\n"));
  CHECK_THAT(t, Catch::Contains("    max_hp        integer 1..10000, required\n"));
  CHECK_THAT(t, Catch::Contains("    level         integer 1..20, default 1\n"));
  CHECK_THAT(c.text({"character"}), !Catch::Contains("max_hp"));
}

TEST_CASE("key catalog: each ruleset's template loads, runs and reads every branch", "[keys]") {
  for (const RulesetInfo& r : rulesets()) {
    INFO(r.id);
    const KeyCatalog c = scenario_keys(r);
    CHECK(c.only_probed().empty());  // a key the loader asks about that the template lacks
    CHECK(c.entries().size() > 20);
    const LoadedScenario ls = test::load_text(r.scenario_template(), r.id + "-template.toml");
    const RunTally t = run_trials(ls, 1, 0, 2000);
    CHECK(t.variants.at(0).trials == 2000);
  }
}

TEST_CASE("key catalog: every key a ruleset reads is in its README's scenario keys", "[keys]") {
  for (const RulesetInfo& r : rulesets()) {
    INFO(r.id);
    std::ifstream in(test::source_path("rules/" + r.id + "/README.md"));
    std::stringstream ss;
    ss << in.rdbuf();
    const std::string readme = ss.str();
    const size_t keys_at = readme.find("## Scenario keys");
    REQUIRE(keys_at != std::string::npos);
    const std::string keys = readme.substr(keys_at);
    const KeyCatalog catalog = scenario_keys(r);
    for (const KeyEntry& e : catalog.entries()) {
      // The common tables' keys are on docs/scenarios.md (the next test case).
      if (e.section.empty() || e.section == "options" || e.section == "variants[]" ||
          e.section.rfind("campaign", 0) == 0)
        continue;
      INFO("[" << e.section << "] " << e.key);
      // `key = ...` or `# key = ...` on a line, or the key's own [table] / [[array]] header.
      const bool documented = keys.find("\n" + e.key + " ") != std::string::npos ||
                              keys.find("# " + e.key + " ") != std::string::npos ||
                              keys.find("[" + e.section + "." + e.key + "]") != std::string::npos;
      CHECK(documented);
    }
  }
}

// The keys of the top level, of [[variants]] and of [campaign] are not on a ruleset's page but on
// docs/scenarios.md, in its "The common keys" section; a top-level key that one ruleset alone
// reads (flux's [resolution]) is on that ruleset's page, in "Scenario keys".
TEST_CASE("key catalog: every common key is in docs/scenarios.md's common keys", "[keys][docs]") {
  const auto read = [](const std::string& path, const std::string& heading) {
    std::ifstream in(test::source_path(path));
    std::stringstream ss;
    ss << in.rdbuf();
    const std::string page = ss.str();
    const size_t from = page.find("## " + heading);
    return from == std::string::npos ? std::string()
                                     : page.substr(from, page.find("\n## ", from + 1) - from);
  };
  // `key = ...` or `# key = ...` at the start of a line, or the key's own [table] / [[array]].
  const auto documented = [](const std::string& keys, const std::string& key) {
    return keys.find("\n" + key + " ") != std::string::npos ||
           keys.find("\n# " + key + " ") != std::string::npos ||
           keys.find("\n[" + key + "]") != std::string::npos ||
           keys.find("\n[[" + key + "]]") != std::string::npos;
  };
  const std::string common = read("docs/scenarios.md", "The common keys");
  REQUIRE(!common.empty());
  std::map<std::string, size_t> readers;  // "section.key" -> how many rulesets' templates read it
  for (const RulesetInfo& r : rulesets()) {
    const KeyCatalog catalog = scenario_keys(r);
    for (const KeyEntry& e : catalog.entries())
      if (e.section.empty() || e.section == "variants[]" || e.section.rfind("campaign", 0) == 0)
        ++readers[e.section + "." + e.key];
  }
  size_t shared = 0;
  for (const RulesetInfo& r : rulesets()) {
    const std::string own = read("rules/" + r.id + "/README.md", "Scenario keys");
    const KeyCatalog catalog = scenario_keys(r);
    for (const KeyEntry& e : catalog.entries()) {
      if (!e.section.empty() && e.section != "variants[]" && e.section.rfind("campaign", 0) != 0)
        continue;
      INFO(r.id << ": [" << e.section << "] " << e.key);
      if (e.section.rfind("campaign.", 0) == 0) {
        // A key of an inline table of [campaign] (retire_stat_loss = { sequela = ... }).
        CHECK(common.find(e.key + " = ") != std::string::npos);
        ++shared;
      } else if (readers[e.section + "." + e.key] > 1 || !e.section.empty()) {
        CHECK(documented(common, e.key));
        ++shared;
      } else {
        CHECK(e.section.empty());
        CHECK(documented(own, e.key));
      }
    }
  }
  CHECK(shared > 50);  // name, ruleset, trials, seed, horizon, ... for each of the rulesets
}

TEST_CASE("key catalog: each party template loads, runs, reads every branch, and docs/parties.md "
          "names every key",
          "[keys][party][docs]") {
  std::ifstream in(test::source_path("docs/parties.md"));
  std::stringstream ss;
  ss << in.rdbuf();
  const std::string page = ss.str();
  size_t templates = 0;
  for (const RulesetInfo& r : rulesets()) {
    if (!r.party_template) continue;
    ++templates;
    INFO(r.id);
    const KeyCatalog c = scenario_keys(r, true);
    CHECK(c.only_probed().empty());
    const LoadedScenario ls = test::load_text(r.party_template(), r.id + "-party-template.toml");
    const RunTally t = run_trials(ls, 1, 0, 2000);
    CHECK(t.variants.at(0).trials == 2000);
    for (const KeyEntry& e : c.entries()) {
      if (e.section == "options" || e.section.rfind("campaign", 0) == 0 ||
          (e.section.empty() && e.key != "party" && e.key != "fight" && e.key != "opponents"))
        continue;  // the options and the common keys are documented elsewhere
      INFO("[" << e.section << "] " << e.key);
      // `key`, or a table's header: [fight], [[party.attacks]], [party.heals]
      CHECK((page.find("`" + e.key + "`") != std::string::npos ||
             page.find(e.key + "]") != std::string::npos));
    }
  }
  CHECK(templates >= 2);  // dnd5e, pf2
}
