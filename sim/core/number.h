// Whole numbers as a designer writes them — in a scenario file (`trials = 1e5`) or on the
// command line (`--trials 1_000_000`): digits with '_' only between digits, as TOML writes
// integers, or an exact integer in exponent or decimal form ("1e5", "2.5e6", "100.0").
// The scenario reader and the command line both read counts with parse_whole_number(), so
// the two cannot drift.
#pragma once

#include <cstdint>
#include <string_view>

#include "sim/core/error.h"

namespace leth {

// The accepted forms, for hints.
extern const char* const kWholeNumberForms;

// Parses `text` (a sign is allowed; callers check the range). Throws InputError at `at` with a
// message about the text alone — "1.5 is not a whole number", "10x is not a number",
// "1e30 is too large" — and kWholeNumberForms as its hint; callers rethrow it with the key
// or flag in front.
int64_t parse_whole_number(std::string_view text, const SourceLoc& at = {});

}  // namespace leth
