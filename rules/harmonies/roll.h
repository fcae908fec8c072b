// The Harmonies test (seeds/README): roll ±d10 (one d10 minus another, -9..+9; open, ±d10°,
// a 10 rolls again and adds 10, on either die) + level + difficulty, a success at 0 or more
// (option: above 0).
#pragma once

#include <string>

namespace leth {
class Stream;
}

namespace leth::harmonies {

struct Options;

// seeds/README: a closed ±d10 is at most 10 - 1.
inline constexpr int kBestClosedRoll = 9;

// ±d10: the positive die minus the negative die; with `open`, each die showing 10 adds 10 and
// is rolled again, as often as it shows 10.
int roll_pm_d10(Stream& s, bool open);

struct TestResult {
  int roll = 0;
  int total = 0;  // roll + every modifier
  bool success = false;
};

// Resolves a test: roll + modifiers (summed by the caller) against 0.
TestResult resolve_test(int roll, int modifiers, bool strict);

// Whether a test with these modifiers can succeed at all (always with open rolls), and whether
// it cannot fail (never with open rolls): an attempt that cannot succeed is not tried, a roll
// that cannot fail is not played.
bool possible(const Options& opt, int modifiers);
bool certain(const Options& opt, int modifiers);

// "±d10 +6 -2 -3 = +1: success": the roll and each modifier, for event logs.
std::string test_text(const TestResult& r, const std::string& modifiers);
// "+3", "-5", "+0"
std::string signed_text(int v);
// " +3", " -5": a modifier after another term
std::string mod_text(int v);

}  // namespace leth::harmonies
