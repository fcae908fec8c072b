// The rule data files embedded at build time (rules/common/data.h) are exactly the files of
// rules/*/data/*.toml in the source tree, byte for byte: no table is left out, none is stale.
#include <catch2/catch.hpp>

#include <cstdlib>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>

#include "rules/common/data.h"
#include "tests/support.h"

namespace fs = std::filesystem;

namespace {

std::string read_bytes(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

TEST_CASE("rule data: every rules/<id>/data/*.toml is embedded, byte for byte", "[data]") {
  const fs::path top = leth::test::source_path("");
  std::set<std::string> on_disk;
  for (const auto& ruleset : fs::directory_iterator(top / "rules")) {
    const fs::path data = ruleset.path() / "data";
    if (!fs::is_directory(data)) continue;
    for (const auto& f : fs::directory_iterator(data))
      if (f.path().extension() == ".toml")
        on_disk.insert(fs::relative(f.path(), top).generic_string());
  }
  std::set<std::string> embedded;
  for (const leth::RuleDataFile& f : leth::rule_data_files()) {
    embedded.insert(std::string(f.path));
    INFO(f.path);
    CHECK(std::string(f.text) == read_bytes(top / std::string(f.path)));
    CHECK(leth::rule_data(f.path).data() == f.text.data());
  }
  CHECK(embedded == on_disk);
}

TEST_CASE("rule data: a file that was not embedded is a build error, not an input error",
          "[data]") {
  CHECK_THROWS_AS(leth::rule_data("rules/none/data/missing.toml"), std::logic_error);
}

TEST_CASE("rule data: LETHALITY_RULES_DIR replaces a table without recompiling", "[data]") {
  const auto files = leth::rule_data_files();
  REQUIRE_FALSE(files.empty());                // dnd5e, flux, harmonies and unisystem print tables
  const std::string path(files.front().path);  // "rules/<id>/data/<file>.toml"
  const std::string dir = leth::test::temp_dir() + "/rules-dir";
  const fs::path replacement = fs::path(dir) / path.substr(std::string("rules/").size());
  fs::create_directories(replacement.parent_path());
  std::ofstream(replacement, std::ios::binary) << "# edited by a designer\n";
  ::setenv(leth::kRulesDirVariable, dir.c_str(), 1);
  CHECK(std::string(leth::rule_data(path)) == "# edited by a designer\n");
  CHECK(leth::rule_data_name(path) == replacement.string());
  // A file the folder does not replace is the built-in one.
  if (files.size() > 1) {
    const std::string other(files.back().path);
    CHECK(leth::rule_data(other).data() == files.back().text.data());
    CHECK(leth::rule_data_name(other) == other);
  }
  ::unsetenv(leth::kRulesDirVariable);
  CHECK(leth::rule_data(path).data() == files.front().text.data());
  CHECK(leth::rule_data_name(path) == path);
}
