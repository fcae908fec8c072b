// d20 checks with four degrees of success (PF2 and its flat checks), shared by rulesets that
// roll "d20 + modifier against a DC".
#pragma once

#include <string>

namespace leth {

class Stream;

enum class Degree : int { CriticalFailure = 0, Failure = 1, Success = 2, CriticalSuccess = 3 };
const char* degree_name(Degree d);

// Total >= dc + 10: critical success; >= dc: success; <= dc - 10: critical failure; else
// failure. A natural 20 then improves and a natural 1 worsens the degree by one step.
Degree degree_of(int natural, int total, int dc);

struct CheckResult {
  int natural;  // the die
  int total;    // die + modifier
  Degree degree;
};

// Rolls d20 + modifier against dc. A flat check is modifier 0.
CheckResult roll_check(Stream& rng, int modifier, int dc);

// "d20 17 + 5 = 22 vs DC 18: success" — for event logs.
std::string check_text(const CheckResult& r, int modifier, int dc);

}  // namespace leth
