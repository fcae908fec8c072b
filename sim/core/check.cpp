#include "sim/core/check.h"

namespace leth {

const char* degree_name(Degree d) {
  switch (d) {
    case Degree::CriticalFailure:
      return "critical failure";
    case Degree::Failure:
      return "failure";
    case Degree::Success:
      return "success";
    case Degree::CriticalSuccess:
      return "critical success";
  }
  return "?";
}

std::string check_text(const CheckResult& r, int modifier, int dc, const char* against) {
  std::string s = "d20 " + std::to_string(r.natural);
  if (modifier > 0) s += " + " + std::to_string(modifier) + " = " + std::to_string(r.total);
  if (modifier < 0) s += " - " + std::to_string(-modifier) + " = " + std::to_string(r.total);
  s += std::string(" vs ") + against + " " + std::to_string(dc) + ": " + degree_name(r.degree);
  return s;
}

}  // namespace leth
