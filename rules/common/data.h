// Rule data files: the tables a seed prints (injury tables, creature tables, fall tables) kept
// as TOML under rules/<id>/data/. Every one is embedded in the program at build time
// (cmake/embed_rule_data.cmake), so `lethality` runs from anywhere; and a designer can edit a
// table without recompiling: with LETHALITY_RULES_DIR=DIR set, DIR/<id>/data/<file>.toml, where
// it exists, is read instead of the built-in copy. A ruleset parses a file with
// Document::parse_string(rule_data(path), rule_data_name(path)), so every error names the file
// that was actually read.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <string_view>

namespace leth {

struct RuleDataFile {
  std::string_view path;  // from the source tree's top: "rules/dnd5e/data/fire.toml"
  std::string_view text;  // the file's bytes
};

// Every embedded file, sorted by path.
std::span<const RuleDataFile> rule_data_files();

// The environment variable naming a folder of replacement tables (laid out as rules/).
inline constexpr const char* kRulesDirVariable = "LETHALITY_RULES_DIR";

// The text of a rule data file: the replacement under LETHALITY_RULES_DIR if there is one,
// else the embedded copy. Read once per process (the view stays valid to the end). Throws
// std::logic_error when `path` was not embedded (the program was built without it, which no
// scenario can cause), and InputError when a replacement exists but cannot be read.
std::string_view rule_data(std::string_view path);

// The name to report errors in `path`'s text under: the replacement file's path, or `path`
// itself for the built-in copy.
std::string rule_data_name(std::string_view path);

namespace detail {
extern const RuleDataFile* const kRuleData;
extern const size_t kRuleDataCount;
}  // namespace detail

}  // namespace leth
