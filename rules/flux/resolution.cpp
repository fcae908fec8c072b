#include "rules/flux/resolution.h"

#include "sim/core/stream.h"

namespace leth::flux {

TestRoll roll_test(Stream& s, int modifier, int difficulty, bool odd_counts_zero) {
  TestRoll r;
  r.natural = s.die(20);
  r.die = odd_counts_zero && r.natural % 2 == 1 ? 0 : r.natural;
  r.total = r.die + modifier;
  r.success = r.total >= difficulty;
  return r;
}

std::string test_text(const TestRoll& r, int modifier, int difficulty) {
  std::string t = "d20 " + std::to_string(r.natural);
  if (r.die != r.natural) t += " (odd: 0)";
  if (modifier != 0)
    t += (modifier > 0 ? " + " : " - ") + std::to_string(modifier > 0 ? modifier : -modifier) +
         " = " + std::to_string(r.total);
  return t + " vs " + std::to_string(difficulty) + (r.success ? ": success" : ": failure");
}

}  // namespace leth::flux
