// A precision target as a designer writes it — on the command line (`--precision 5%`) or in a
// scenario file (`precision = "0.5%"`): a half-width of the death rate's 95% interval, absolute
// ("0.001", above 0 and below 0.5) or relative to the estimate ("5%", above 0% and below 100%).
// Both read it with parse_precision_text(), so they cannot drift.
#pragma once

#include <string_view>

#include "sim/core/error.h"

namespace leth {

struct PrecisionText {
  double half_width = 0;  // 0.05 for "5%"
  bool relative = false;
};

// Throws InputError at `at` ("\"0\" is not a precision") with the accepted forms as its hint;
// callers put the flag or key in front.
PrecisionText parse_precision_text(std::string_view text, const SourceLoc& at = {});

}  // namespace leth
