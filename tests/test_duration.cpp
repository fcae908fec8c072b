// Durations: an amount (number or dice) and a unit; bounds, sampling, and error messages.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include "sim/core/duration.h"
#include "sim/core/stream.h"

using namespace leth;

namespace {
std::string parse_error(const std::string& text) {
  try {
    Duration::parse(text, SourceLoc{"s.toml", 4, 16});
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}
}  // namespace

TEST_CASE("duration: the forms scenario files write", "[duration]") {
  struct Case {
    const char* text;
    Seconds unit, min, max;
    bool fixed;
    const char* amount;
  };
  const Case cases[] = {
      {"1d4 rounds", kRound, 6, 24, false, "1d4"},
      {"10 minutes", kMinute, 600, 600, true, "10"},
      {"2d6 hours", kHour, 2 * kHour, 12 * kHour, false, "2d6"},
      {"30 days", kDay, 30 * kDay, 30 * kDay, true, "30"},
      {"1d6 x 10 minutes", kMinute, 10 * kMinute, 60 * kMinute, false, "1d6x10"},
      {"2d6h", kHour, 2 * kHour, 12 * kHour, false, "2d6"},
      {"  10 Minutes  ", kMinute, 600, 600, true, "10"},
      {"0 rounds", kRound, 0, 0, true, "0"},
      {"1 week", kWeek, kWeek, kWeek, true, "1"},
      {"d4-1 rounds", kRound, 0, 18, false, "1d4-1"},
      {"1d20 adv seconds", kSecond, 1, 20, false, "2d20kh1"},
  };
  for (const Case& c : cases) {
    INFO(c.text);
    const Duration d = Duration::parse(c.text);
    CHECK(d.unit() == c.unit);
    CHECK(d.min() == c.min);
    CHECK(d.max() == c.max);
    CHECK(d.is_fixed() == c.fixed);
    CHECK(d.amount().str() == c.amount);
    CHECK(d.str() == c.text);  // the text as written, for messages and logs
  }
}

TEST_CASE("duration: every unit name", "[duration]") {
  struct Unit {
    const char* name;
    Seconds size;
  };
  const Unit units[] = {
      {"s", 1},          {"sec", 1},      {"second", 1},  {"seconds", 1},  {"round", 6},
      {"rounds", 6},     {"min", 60},     {"minute", 60}, {"minutes", 60}, {"h", 3600},
      {"hour", 3600},    {"hours", 3600}, {"day", 86400}, {"days", 86400}, {"week", 604800},
      {"weeks", 604800}, {"HOURS", 3600}, {"Rounds", 6},
  };
  for (const Unit& u : units) {
    INFO(u.name);
    const Duration d = Duration::parse(std::string("3 ") + u.name);
    CHECK(d.unit() == u.size);
    CHECK(d.min() == 3 * u.size);
  }
  CHECK(kRound == 6);
  CHECK(kWeek == 604800);
  CHECK(duration_units_help() ==
        "seconds (s, sec), rounds (6 s), minutes (min), hours (h), days, weeks");
}

TEST_CASE("duration: fixed and default durations", "[duration]") {
  const Duration d = Duration::fixed(90);
  CHECK(d.str() == "90 seconds");
  CHECK(d.min() == 90);
  CHECK(d.max() == 90);
  CHECK(d.is_fixed());
  CHECK(d.unit() == kSecond);
  TrialRng rng(1, 2);
  Stream s = rng.stream(Purpose::Test);
  CHECK(d.sample(s) == 90);
  const Duration zero;
  CHECK(zero.str() == "0 seconds");
  CHECK(zero.min() == 0);
  CHECK(zero.max() == 0);
  CHECK(zero.sample(s) == 0);
  CHECK(rng.draws() == 0);
}

TEST_CASE("duration: the largest amount the dice limits allow fits in seconds", "[duration]") {
  const Duration d = Duration::parse("1000d1000x1000 weeks");
  CHECK(d.max() == int64_t{1000000000} * kWeek);
  CHECK(d.min() == int64_t{1000000} * kWeek);
}

TEST_CASE("duration: scripted samples are amount x unit", "[duration]") {
  Script script;
  script.d(4, 3).d(6, 2).d(6, 6).d(4, 1).d(6, 4);
  TrialRng rng(script);
  Stream s = rng.stream(Purpose::Care);
  CHECK(Duration::parse("1d4 rounds").sample(s) == 18);
  CHECK(Duration::parse("2d6 hours").sample(s) == 8 * kHour);
  CHECK(Duration::parse("d4-1 rounds").sample(s) == 0);  // a roll of 1 - 1 is no time at all
  CHECK(Duration::parse("1d6 x 10 minutes").sample(s) == 40 * kMinute);
  CHECK(script.done());
}

TEST_CASE("duration: samples lie in [min, max] with the dice's mean", "[duration][statistics]") {
  const Duration d = Duration::parse("2d6 hours");
  TrialRng rng(11, 3);
  Stream s = rng.stream(Purpose::Test);
  const int n = 100000;
  double sum = 0;
  for (int i = 0; i < n; ++i) {
    const Seconds x = d.sample(s);
    REQUIRE(x >= d.min());
    REQUIRE(x <= d.max());
    REQUIRE(x % kHour == 0);
    sum += static_cast<double>(x);
  }
  // 2d6 has variance 35/6; the mean is 7 hours.
  const double se = std::sqrt(35.0 / 6.0 / n) * kHour;
  CHECK(std::fabs(sum / n - 7 * kHour) < 5 * se);
}

TEST_CASE("duration: error messages", "[duration]") {
  const std::string help =
      "units: seconds (s, sec), rounds (6 s), minutes (min), hours (h), days, weeks)";
  const std::string units =
      "write an amount and a unit, e.g. \"1d4 rounds\" or \"8 hours\"; " + help;
  // The text starts at column 16; a unit error points at the unit.
  CHECK(parse_error("3 fortnights") ==
        "s.toml:4:18: error: \"3 fortnights\" is not a duration: unknown unit 'fortnights' (" +
            units);
  CHECK(parse_error("1d4") == "s.toml:4:19: error: \"1d4\" is not a duration: no unit (" + units);
  CHECK(parse_error("2d d") ==
        "s.toml:4:19: error: \"2d d\" is not a duration: unknown unit 'd' (" + units);
  CHECK(parse_error("") == "s.toml:4:16: error: \"\" is not a duration: no unit (" + units);
  CHECK(parse_error("rounds") ==
        "s.toml:4:16: error: \"rounds\" is not a duration: no amount (write an amount and a unit, "
        "e.g. \"1d4 rounds\" or \"8 hours\")");
  // Errors in the amount come from the dice parser, at the column of the bad token.
  CHECK(parse_error("1d4x rounds") ==
        "s.toml:4:20: error: expected a multiplier after 'x' in \"1d4x\"");
  CHECK(parse_error("1d1001 days") ==
        "s.toml:4:18: error: a d1001 die in \"1d1001\" (at most 1000 sides)");
}

TEST_CASE("duration: a negative duration is refused plainly", "[duration]") {
  CHECK(parse_error("-1 rounds") ==
        "s.toml:4:16: error: \"-1 rounds\": a duration must not be negative (write 0 or more)");
  CHECK(parse_error("-3 days") ==
        "s.toml:4:16: error: \"-3 days\": a duration must not be negative (write 0 or more)");
  CHECK(parse_error("1d4-2 rounds") ==
        "s.toml:4:16: error: \"1d4-2 rounds\": a duration must not be negative, and this one can "
        "be -1 rounds (make the smallest roll 0 or more)");
  CHECK(Duration::parse("1d4-1 rounds").min() == 0);  // 0 is allowed
}

TEST_CASE("duration: turns are not a unit", "[duration]") {
  // pf2 turns are parts of a round, not 6 s: "1d4 turns" would silently mean 1d4 rounds.
  const std::string help =
      "units: seconds (s, sec), rounds (6 s), minutes (min), hours (h), days, weeks)";
  CHECK(parse_error("1d4 turns") ==
        "s.toml:4:20: error: \"1d4 turns\" is not a duration: unknown unit 'turns' (a turn is "
        "not a fixed length (in pf2 it is one creature's part of a round): write rounds (6 s); " +
            help);
  CHECK(parse_error("1 turn") ==
        "s.toml:4:18: error: \"1 turn\" is not a duration: unknown unit 'turn' (a turn is not a "
        "fixed length (in pf2 it is one creature's part of a round): write rounds (6 s); " +
            help);
}

TEST_CASE("duration: years and months suggest days", "[duration]") {
  // The horizon limit is ten years = 3650 days, so a year is counted as 365 days.
  const std::string help =
      "units: seconds (s, sec), rounds (6 s), minutes (min), hours (h), days, weeks)";
  CHECK(parse_error("11 years") ==
        "s.toml:4:19: error: \"11 years\" is not a duration: unknown unit 'years' (write "
        "\"4015 days\": a year is 365 days here; " +
            help);
  CHECK(parse_error("1 year") ==
        "s.toml:4:18: error: \"1 year\" is not a duration: unknown unit 'year' (write \"365 "
        "days\": a year is 365 days here; " +
            help);
  CHECK(parse_error("2 months") ==
        "s.toml:4:18: error: \"2 months\" is not a duration: unknown unit 'months' (write \"60 "
        "days\": a month is 30 days here; " +
            help);
  CHECK(parse_error("1d6 months") ==
        "s.toml:4:20: error: \"1d6 months\" is not a duration: unknown unit 'months' (write "
        "\"1d6 x 30 days\": a month is 30 days here; " +
            help);
  // The suggestions themselves parse to the same length.
  CHECK(Duration::parse("4015 days").max() == 11 * 365 * kDay);
  CHECK(Duration::parse("1d6 x 30 days").max() == 180 * kDay);
  // No suggestion when the amount is not something to multiply.
  CHECK(parse_error("1d6x10 years") ==
        "s.toml:4:23: error: \"1d6x10 years\" is not a duration: unknown unit 'years' (a year is "
        "365 days here; " +
            help);
}

TEST_CASE("duration: decimal amounts, in whole seconds", "[duration]") {
  struct Case {
    const char* text;
    Seconds unit, seconds;
  };
  const Case cases[] = {
      {"1.5 hours", kHour, 5400}, {"0.5 h", kHour, 1800},     {"2.5 minutes", kMinute, 150},
      {"1.5 rounds", kRound, 9},  {"0.25 days", kDay, 21600}, {"1.0 week", kWeek, kWeek},
      {"3.75 min", kMinute, 225}, {"007.0 s", kSecond, 7},
  };
  for (const Case& c : cases) {
    INFO(c.text);
    const Duration d = Duration::parse(c.text);
    CHECK(d.unit() == c.unit);  // shown in the unit written
    CHECK(d.step() == kSecond);
    CHECK(d.min() == c.seconds);
    CHECK(d.max() == c.seconds);
    CHECK(d.is_fixed());
    CHECK(d.str() == c.text);
    TrialRng rng(1, 2);
    Stream s = rng.stream(Purpose::Test);
    CHECK(d.sample(s) == c.seconds);
    CHECK(rng.draws() == 0);
  }
  // Whole amounts and dice keep their unit as the step.
  CHECK(Duration::parse("2 hours").step() == kHour);
  CHECK(Duration::parse("1d4 rounds").step() == kRound);
  // Exact, not floating point: 0.1 hour is 360 s, 0.3 minutes 18 s.
  CHECK(Duration::parse("0.1 hours").max() == 360);
  CHECK(Duration::parse("0.3 minutes").max() == 18);
}

TEST_CASE("duration: a decimal that is not a whole number of seconds is refused", "[duration]") {
  CHECK(parse_error("0.1 rounds") ==
        "s.toml:4:16: error: \"0.1 rounds\" is not a whole number of seconds (0.6 s) (trial "
        "time is counted in whole seconds: write e.g. \"1 second\")");
  CHECK(parse_error("1.5 s") ==
        "s.toml:4:16: error: \"1.5 s\" is not a whole number of seconds (1.5 s) (trial time is "
        "counted in whole seconds: write e.g. \"2 seconds\")");
  CHECK(parse_error("-1.5 hours") ==
        "s.toml:4:16: error: \"-1.5 hours\": a duration must not be negative (write 0 or more)");
  CHECK(parse_error("10000000.5 days") ==
        "s.toml:4:16: error: \"10000000.5 days\": the amount is too large or too long (at most "
        "1000000, with at most 9 digits after the point)");
  // Not decimals: left to the dice parser.
  CHECK(parse_error("1.5d6 hours").find("error:") != std::string::npos);
  CHECK(parse_error(".5 hours").find("error:") != std::string::npos);
}
