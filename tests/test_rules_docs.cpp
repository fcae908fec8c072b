// rules/<id>/README.md and `lethality rules <id>` must agree: every option the code declares
// is in the README's options table with the same default, and the table lists nothing else.
#include <catch2/catch.hpp>

#include <fstream>
#include <map>
#include <sstream>

#include "sim/engine/registry.h"
#include "tests/support.h"

using namespace leth;

namespace {

// The rows of the "## Options" table: `name` -> default (the third column, backticks removed).
std::map<std::string, std::string> readme_options(const std::string& id) {
  std::ifstream in(test::source_path("rules/" + id + "/README.md"));
  REQUIRE(in);
  std::map<std::string, std::string> out;
  std::string line;
  bool in_section = false;
  while (std::getline(in, line)) {
    if (line.rfind("## ", 0) == 0) in_section = line.rfind("## Options", 0) == 0;
    if (!in_section || line.rfind("| `", 0) != 0) continue;
    std::vector<std::string> cells;
    std::stringstream row(line.substr(1));
    std::string cell;
    while (std::getline(row, cell, '|')) {
      const auto a = cell.find_first_not_of(' '), b = cell.find_last_not_of(' ');
      cells.push_back(a == std::string::npos ? "" : cell.substr(a, b - a + 1));
    }
    REQUIRE(cells.size() >= 3);
    auto strip = [](std::string s) {
      std::string o;
      for (char c : s)
        if (c != '`') o += c;
      return o;
    };
    out[strip(cells[0])] = strip(cells[2]);
  }
  return out;
}

}  // namespace

TEST_CASE("every ruleset's README lists exactly its options, with their defaults", "[docs]") {
  for (const RulesetInfo& r : rulesets()) {
    INFO("ruleset " << r.id);
    const auto documented = readme_options(r.id);
    CHECK(documented.size() == r.options->size());
    for (const OptionSpec& o : *r.options) {
      INFO("option " << o.name);
      const auto it = documented.find(o.name);
      REQUIRE(it != documented.end());
      CHECK(it->second == o.default_value);
    }
  }
}

TEST_CASE("every ruleset has a README naming its seed document", "[docs]") {
  for (const RulesetInfo& r : rulesets()) {
    std::ifstream in(test::source_path("rules/" + r.id + "/README.md"));
    REQUIRE(in);
    std::stringstream text;
    text << in.rdbuf();
    CHECK(text.str().find(r.seed_file) != std::string::npos);
  }
}
