// Trial time: the clock and duration texts of event logs and summaries.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "sim/core/clock.h"

using namespace leth;

TEST_CASE("clock_text: h:mm:ss, with days when there are any", "[clock]") {
  CHECK(clock_text(0) == "0:00:00");
  CHECK(clock_text(6) == "0:00:06");
  CHECK(clock_text(59) == "0:00:59");
  CHECK(clock_text(60) == "0:01:00");
  CHECK(clock_text(3 * kHour + 15 * kMinute) == "3:15:00");
  CHECK(clock_text(kDay - 1) == "23:59:59");
  CHECK(clock_text(kDay) == "1d 00:00:00");
  CHECK(clock_text(2 * kDay + 3 * kHour + 15 * kMinute) == "2d 03:15:00");
  CHECK(clock_text(3650 * kDay + 7) == "3650d 00:00:07");
  CHECK(clock_text(-6) == "-0:00:06");
  CHECK(clock_text(-(kDay + kHour)) == "-1d 01:00:00");
}

TEST_CASE("duration_text: in words, two units at most, the smaller rounded", "[clock]") {
  CHECK(duration_text(0) == "0 s");
  CHECK(duration_text(0.5) == "0.5 s");
  CHECK(duration_text(42) == "42 s");
  CHECK(duration_text(59.4) == "59.4 s");
  CHECK(duration_text(60) == "1 min");
  CHECK(duration_text(210) == "3 min 30 s");
  CHECK(duration_text(210.4) == "3 min 30 s");
  // Issue 19 item 2: a designer reads "4 h 40 min", never "4.67 h".
  CHECK(duration_text(4 * kHour + 40 * kMinute) == "4 h 40 min");
  CHECK(duration_text(16840) == "4 h 41 min");
  CHECK(duration_text(7.2 * kHour) == "7 h 12 min");
  CHECK(duration_text(kDay) == "1 d");
  CHECK(duration_text(12.4 * kDay) == "12 d 10 h");
  CHECK(duration_text(-120) == "-2 min");
  CHECK(duration_text(-(kHour + 30 * kMinute)) == "-1 h 30 min");
  // Rounding the smaller unit up carries into the larger: never "59 min 60 s" or "23 h 60 min".
  CHECK(duration_text(3599.7) == "1 h");
  CHECK(duration_text(kDay - 10) == "1 d");
  CHECK(duration_text(2 * kDay - 20 * kMinute) == "2 d");
  // From 100 days on, whole days, never "1e+03 d" (10-year horizons reach 3650).
  CHECK(duration_text(99.4 * kDay) == "99 d 10 h");
  CHECK(duration_text(123.4 * kDay) == "123 d");
  CHECK(duration_text(999.6 * kDay) == "1000 d");
  CHECK(duration_text(3650 * kDay) == "3650 d");
  CHECK(duration_text(-2000.0 * kDay) == "-2000 d");
  CHECK(duration_text(std::numeric_limits<double>::quiet_NaN()) == "-");
  CHECK(duration_text(std::numeric_limits<double>::infinity()) == "-");
}

TEST_CASE("unit_name and amount_text: singular for exactly 1, plural otherwise", "[clock]") {
  CHECK(unit_name(kHour, 1) == "hour");
  CHECK(unit_name(kHour, 4.5) == "hours");
  CHECK(unit_name(kHour, 0) == "hours");
  CHECK(unit_name(kRound, 1) == "round");
  CHECK(unit_name(kWeek, 2) == "weeks");
  CHECK(unit_name(7, 1) == "second");  // not a named unit: seconds' words
  CHECK(amount_text(1, kHour) == "1 hour");
  CHECK(amount_text(3, kMinute) == "3 minutes");
  CHECK(amount_text(4.5, kHour) == "4.5 hours");
  CHECK(amount_text(0.5, kMinute) == "0.5 minutes");
  CHECK(amount_text(1.0004, kHour) == "1 hour");  // the word follows the number as printed
  CHECK(amount_text(4.9381, kRound) == "4.94 rounds");
  CHECK(amount_text(1500, kDay) == "1500 days");
  CHECK(amount_text(1, kDay) == "1 day");
  CHECK(amount_text(1, kSecond) == "1 second");
  CHECK(amount_number(12.345) == "12.3");
  CHECK(amount_number(std::numeric_limits<double>::infinity()) == "inf");
}
