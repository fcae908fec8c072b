// How a flux test is rolled. Seed 002 does not state its resolution roll; seeds/README: a d20
// game where a higher die is better, modelled as d20 + stat (+ skill, - malus) >= difficulty,
// the difficulty a scenario parameter ([resolution] difficulty).
#pragma once

#include <string>

namespace leth {
class Stream;
}

namespace leth::flux {

struct TestRoll {
  int natural = 0;  // the d20
  int die = 0;      // what it counts for: 0 for an odd result when exhausted or immobilised
  int total = 0;    // die + modifier
  bool success = false;
};

// 002 "Exténué" / "Immobilisé": "Les résultats impairs sur le D20 valent 0."
TestRoll roll_test(Stream& s, int modifier, int difficulty, bool odd_counts_zero);

// "d20 7 (odd: 0) + 3 = 3 vs 15: failure" — for event logs.
std::string test_text(const TestRoll& r, int modifier, int difficulty);

}  // namespace leth::flux
