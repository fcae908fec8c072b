#include "sim/core/check.h"

#include "sim/core/stream.h"

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

Degree degree_of(int natural, int total, int dc) {
  int step;
  if (total >= dc + 10)
    step = 3;
  else if (total >= dc)
    step = 2;
  else if (total <= dc - 10)
    step = 0;
  else
    step = 1;
  if (natural == 20 && step < 3) ++step;
  if (natural == 1 && step > 0) --step;
  return static_cast<Degree>(step);
}

CheckResult roll_check(Stream& rng, int modifier, int dc) {
  const int nat = rng.die(20);
  const int total = nat + modifier;
  return {nat, total, degree_of(nat, total, dc)};
}

std::string check_text(const CheckResult& r, int modifier, int dc) {
  std::string s = "d20 " + std::to_string(r.natural);
  if (modifier > 0) s += " + " + std::to_string(modifier) + " = " + std::to_string(r.total);
  if (modifier < 0) s += " - " + std::to_string(-modifier) + " = " + std::to_string(r.total);
  s += " vs DC " + std::to_string(dc) + ": " + degree_name(r.degree);
  return s;
}

}  // namespace leth
