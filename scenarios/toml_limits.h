// What a TOML file may hold before the parser sees it: a size and a depth of nesting. toml++
// recurses once per level of tables within tables (a dotted key or a table header of 40,000
// segments overflows the stack), so a file nested deeper than any scenario or rule table needs
// is refused, located, by a scan that does not recurse.
#pragma once

#include <cstddef>
#include <string>

namespace leth {

// The largest scenario or rule-table file read: the bundled ones are under 4 KiB.
inline constexpr size_t kMaxTomlBytes = 1 << 20;  // 1 MiB
// The deepest nesting accepted: a table, array or inline table, or a segment of a dotted key
// or a table header, each counts one level. The deepest bundled file nests 6 levels.
inline constexpr size_t kMaxTomlDepth = 64;

// Throws InputError at the first place `text` nests deeper than kMaxTomlDepth. Does not check
// the syntax: a file it lets through may still be refused by the parser.
void check_toml_depth(const std::string& text, const std::string& path);

}  // namespace leth
