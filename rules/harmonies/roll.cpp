#include "rules/harmonies/roll.h"

#include "rules/harmonies/config.h"
#include "sim/core/stream.h"

namespace leth::harmonies {

namespace {
// One die of a ±d10; open: a 10 adds 10 and rolls again (seeds/README, ±d10°).
int open_die(Stream& s, bool open) {
  int total = 0;
  int face = s.die(10);
  total += face;
  while (open && face == 10) {
    face = s.die(10);
    total += face;
  }
  return total;
}
}  // namespace

int roll_pm_d10(Stream& s, bool open) {
  const int plus = open_die(s, open);
  const int minus = open_die(s, open);
  return plus - minus;
}

TestResult resolve_test(int roll, int modifiers, bool strict) {
  TestResult r;
  r.roll = roll;
  r.total = roll + modifiers;
  r.success = strict ? r.total > 0 : r.total >= 0;
  return r;
}

// Built by appending: GCC 12 warns falsely (-Wrestrict) on `const char* + std::string`.
std::string signed_text(int v) {
  std::string s(v >= 0 ? "+" : "");
  s.append(std::to_string(v));
  return s;
}

std::string mod_text(int v) {
  std::string s(" ");
  s.append(signed_text(v));
  return s;
}

std::string test_text(const TestResult& r, const std::string& modifiers) {
  return "±d10 " + signed_text(r.roll) + modifiers + " = " + signed_text(r.total) + ": " +
         (r.success ? "success" : "failure");
}

bool possible(const Options& opt, int modifiers) {
  return opt.open_rolls || modifiers + kBestClosedRoll >= (opt.strict_success ? 1 : 0);
}

bool certain(const Options& opt, int modifiers) {
  return !opt.open_rolls && modifiers - kBestClosedRoll >= (opt.strict_success ? 1 : 0);
}

}  // namespace leth::harmonies
