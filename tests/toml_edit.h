// Editing a scenario as TOML, for the tests that set keys of a ruleset's template one at a
// time (tests/test_extreme_keys.cpp, tests/test_listed_ranges.cpp).
#pragma once

#include <string>
#include <vector>

#include <toml++/toml.h>

namespace leth::test {

// Every table of the document that `section` names, as the key catalog writes sections
// ("encounter.attackers[]": each attacker; "" the top level).
std::vector<toml::table*> tables_at(toml::table& root, const std::string& section);
// Of those, the ones that give `key`; if none does, all of them.
std::vector<toml::table*> tables_for(toml::table& root, const std::string& section,
                                     const std::string& key);
// The document as a file's text.
std::string to_text(const toml::table& t);

}  // namespace leth::test
