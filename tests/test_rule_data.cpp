// The rule data files embedded at build time (rules/common/data.h) are exactly the files of
// rules/*/data/*.toml in the source tree, byte for byte: no table is left out, none is stale.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>

#include "rules/common/data.h"

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
  const fs::path top = LETHALITY_SOURCE_DIR;
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
