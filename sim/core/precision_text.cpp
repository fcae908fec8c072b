#include "sim/core/precision_text.h"

#include <cmath>
#include <cstdlib>
#include <string>

namespace leth {

PrecisionText parse_precision_text(std::string_view text, const SourceLoc& at) {
  const bool relative = !text.empty() && text.back() == '%';
  const std::string number(relative ? text.substr(0, text.size() - 1) : text);
  char* end = nullptr;
  const double x = number.empty() ? NAN : std::strtod(number.c_str(), &end);
  const bool whole = end && *end == '\0';
  if (!whole || !std::isfinite(x) || x <= 0 || (relative ? x >= 100 : x >= 0.5))
    throw InputError(at, "\"" + std::string(text) + "\" is not a precision",
                     "expected a half-width above 0 and below 0.5 (e.g. 0.001), or a percentage "
                     "of the estimate above 0% and below 100% (e.g. 5%)");
  return {relative ? x / 100 : x, relative};
}

}  // namespace leth
