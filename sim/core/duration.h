// Durations as scenario files write them: an amount (a number, a decimal number or dice) and
// a unit — "1d4 rounds", "10 minutes", "1.5 hours", "2d6 hours", "30 days", "1d6 x 10 minutes".
// A decimal amount must come to a whole number of seconds ("0.1 rounds" is 0.6 s: refused),
// since trial time is counted in whole seconds.
#pragma once

#include <string>
#include <string_view>

#include "sim/core/clock.h"
#include "sim/core/dice.h"

namespace leth {

class Stream;

class Duration {
 public:
  Duration() = default;
  static Duration parse(std::string_view text, const SourceLoc& where = {});
  static Duration fixed(Seconds s);

  // A sample in seconds (never negative).
  Seconds sample(Stream& rng) const;
  Seconds min() const;
  Seconds max() const;
  bool is_fixed() const { return amount_.is_constant(); }
  // The amount counts steps of step() seconds: the unit for a whole or dice amount ("1d4
  // rounds": 1d4 steps of 6 s), one second for a decimal one ("1.5 hours": 5400 steps of 1 s).
  const Dice& amount() const { return amount_; }
  Seconds step() const { return step_; }
  // The unit as written ("1.5 hours": an hour), for showing the duration in it.
  Seconds unit() const { return unit_; }
  std::string str() const { return text_; }

 private:
  Dice amount_ = Dice::constant(0);
  Seconds step_ = kSecond;
  Seconds unit_ = kSecond;
  std::string text_ = "0 seconds";
};

// The unit names accepted, for error messages: "seconds, rounds, minutes, hours, days, weeks".
std::string duration_units_help();

// A time in the largest unit that states it exactly, for messages: "1 day", "3650 days",
// "90 minutes", "86401 seconds".
std::string duration_words(Seconds s);

}  // namespace leth
