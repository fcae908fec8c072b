// Rule data files: the tables a seed prints (injury tables, creature tables, fall tables) kept
// as TOML under rules/<id>/data/ and embedded in the program at build time
// (cmake/embed_rule_data.cmake), so `lethality` reads them from wherever it runs. A ruleset
// parses one with Document::parse_string(rule_data(path), path), so every error names the file.
#pragma once

#include <cstddef>
#include <span>
#include <string_view>

namespace leth {

struct RuleDataFile {
  std::string_view path;  // from the source tree's top: "rules/dnd5e/data/fire.toml"
  std::string_view text;  // the file's bytes
};

// Every embedded file, sorted by path.
std::span<const RuleDataFile> rule_data_files();

// The text of one embedded file. Throws std::logic_error when `path` was not embedded: the
// program was built without it, which no scenario can cause.
std::string_view rule_data(std::string_view path);

namespace detail {
extern const RuleDataFile* const kRuleData;
extern const size_t kRuleDataCount;
}  // namespace detail

}  // namespace leth
