// d20 checks with four degrees of success (PF2 and its flat checks), shared by rulesets that
// roll "d20 + modifier against a DC".
#pragma once

#include <string>

#include "sim/core/stream.h"

namespace leth {

enum class Degree : int { CriticalFailure = 0, Failure = 1, Success = 2, CriticalSuccess = 3 };
const char* degree_name(Degree d);

// Total >= dc + 10: critical success; >= dc: success; <= dc - 10: critical failure; else
// failure. A natural 20 then improves and a natural 1 worsens the degree by one step.
// Branch-free: the die decides these, so branches on them would be mispredicted half the time
// in the hottest loop of a run (inline, with roll_check, for the same reason).
inline Degree degree_of(int natural, int total, int dc) {
  int step = (total > dc - 10) + (total >= dc) + (total >= dc + 10);
  step += (natural == 20) & (step < 3);
  step -= (natural == 1) & (step > 0);
  return static_cast<Degree>(step);
}

struct CheckResult {
  int natural;  // the die
  int total;    // die + modifier
  Degree degree;
};

// Rolls d20 + modifier against dc. A flat check is modifier 0.
inline CheckResult roll_check(Stream& rng, int modifier, int dc) {
  const int nat = rng.die(20);
  const int total = nat + modifier;
  return {nat, total, degree_of(nat, total, dc)};
}

// "d20 17 + 5 = 22 vs DC 18: success" — for event logs; against "AC" for an attack.
std::string check_text(const CheckResult& r, int modifier, int dc, const char* against = "DC");

}  // namespace leth
