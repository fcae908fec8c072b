// Dice expressions as the rule texts write them: "2d6+3", "1D6 x 4" (Unisystem),
// "20", "1d20 adv", "4d6kh3", "d8-1".
//
// Grammar (case-insensitive, blanks ignored):
//   expr   := ['+'|'-'] term (('+'|'-') term)*
//   term   := factor [('x'|'*') INT]        -- the multiplier binds to this factor only
//   factor := [INT] 'd' INT [keep] | INT
//   keep   := 'kh' INT | 'kl' INT | 'adv' | 'advantage' | 'dis' | 'disadvantage'
// so "1D6 x 2 + 9" is (1d6 x 2) + 9, and "1d20 adv" is 2d20 keep the highest.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "sim/core/error.h"

namespace leth {

class Stream;

struct DiceTerm {
  int sign = 1;            // +1 or -1
  int64_t count = 0;       // dice rolled; 0 for a constant term
  int64_t sides = 0;       // faces per die
  int64_t constant = 0;    // the value of a constant term
  int64_t multiplier = 1;  // "x K"
  int64_t keep = 0;        // 0: all dice; k > 0: the k highest; k < 0: the |k| lowest
};

class Dice {
 public:
  // Limits that keep every roll inside int64 and every trial short.
  static constexpr int64_t kMaxDice = 1000;  // per term
  static constexpr int64_t kMaxSides = 1000;
  static constexpr int64_t kMaxConstant = 1000000;
  static constexpr int64_t kMaxMultiplier = 1000;
  static constexpr int64_t kMaxKeepDice = 20;  // dice in a term that keeps some of them
  static constexpr size_t kMaxTerms = 32;

  Dice() = default;
  // Parses `text`; `where` locates the first character of the text (for the column of an
  // error). Throws InputError.
  static Dice parse(std::string_view text, const SourceLoc& where = {});
  static Dice constant(int64_t value);

  int64_t roll(Stream& rng) const;
  int64_t min() const;
  int64_t max() const;
  double mean() const;
  bool is_constant() const;
  // The exact distribution: element i is P(roll == min() + i). For tests and exact models;
  // throws std::length_error when the support is larger than `max_support`.
  std::vector<double> pmf(size_t max_support = 1 << 20) const;
  // Canonical text, e.g. "1d6x4+9".
  std::string str() const;
  const std::vector<DiceTerm>& terms() const { return terms_; }

 private:
  std::vector<DiceTerm> terms_;
};

}  // namespace leth
