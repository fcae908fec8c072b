// Durations as scenario files write them: an amount (a number or dice) and a unit —
// "1d4 rounds", "10 minutes", "2d6 hours", "30 days", "1d6 x 10 minutes".
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
  const Dice& amount() const { return amount_; }
  Seconds unit() const { return unit_; }
  std::string str() const { return text_; }

 private:
  Dice amount_ = Dice::constant(0);
  Seconds unit_ = kSecond;
  std::string text_ = "0 seconds";
};

// The unit names accepted, for error messages: "seconds, rounds, minutes, hours, days, weeks".
std::string duration_units_help();

// A time in the largest unit that states it exactly, for messages: "1 day", "3650 days",
// "90 minutes", "86401 seconds".
std::string duration_words(Seconds s);

}  // namespace leth
