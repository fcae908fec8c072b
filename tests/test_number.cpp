// Whole numbers as the scenario file and the command line both read them (sim/core/number.h).
#include <catch2/catch.hpp>

#include "sim/core/number.h"
#include "tests/support.h"

using namespace leth;

TEST_CASE("whole numbers: digits, underscores between digits, exact exponent forms", "[number]") {
  CHECK(parse_whole_number("0") == 0);
  CHECK(parse_whole_number("100000") == 100000);
  CHECK(parse_whole_number("1_000_000") == 1000000);
  CHECK(parse_whole_number("1e5") == 100000);
  CHECK(parse_whole_number("1E5") == 100000);
  CHECK(parse_whole_number("2.5e6") == 2500000);
  CHECK(parse_whole_number("1.5e1") == 15);
  CHECK(parse_whole_number("100.0") == 100);
  CHECK(parse_whole_number("1e+3") == 1000);
  CHECK(parse_whole_number("2000e-3") == 2);
  CHECK(parse_whole_number("0.0e-7") == 0);
  CHECK(parse_whole_number("1e12") == 1'000'000'000'000);
  CHECK(parse_whole_number("-5") == -5);
  CHECK(parse_whole_number("+5") == 5);
  CHECK(parse_whole_number("9223372036854775807") == INT64_MAX);
  CHECK(parse_whole_number("9.223372036854775807e18") == INT64_MAX);
}

TEST_CASE("whole numbers: fractions, bad underscores and junk are refused", "[number]") {
  const std::string forms = std::string(" (") + kWholeNumberForms + ")";
  auto msg = [](const char* text) { return test::error_of([&] { parse_whole_number(text); }); };
  CHECK(msg("1.5") == "error: 1.5 is not a whole number" + forms);
  CHECK(msg("1e-3") == "error: 1e-3 is not a whole number" + forms);
  CHECK(msg("1500e-3") == "error: 1500e-3 is not a whole number" + forms);
  CHECK(msg("10x") == "error: 10x is not a number" + forms);
  CHECK(msg("") == "error: \"\" is not a number" + forms);
  for (const char* bad :
       {"_1", "1_", "1__0", "1._5", "1.", ".5", "e5", "1e", "1e_5", "0x10", "inf", "nan", "--1"})
    CHECK(msg(bad) == "error: " + std::string(bad) + " is not a number" + forms);
  // What cannot be seen is shown: a field cut from a CRLF file ends in a carriage return.
  CHECK(msg("1 000") == "error: \"1 000\" is not a number" + forms);
  CHECK(msg(" 1") == "error: \" 1\" is not a number" + forms);
  CHECK(msg("7\r") == "error: \"7\\r\" is not a number" + forms);
  CHECK(msg("7\t\x01") == "error: \"7\\t\\x01\" is not a number" + forms);
  CHECK(msg("9223372036854775808") ==
        "error: 9223372036854775808 is too large (at most 9223372036854775807)");
  CHECK(msg("1e19") == "error: 1e19 is too large (at most 9223372036854775807)");
  CHECK(msg("1e100000000000") ==
        "error: 1e100000000000 is too large (at most 9223372036854775807)");
  // The location, when given, leads the message.
  CHECK(test::error_of([] {
          parse_whole_number("1.5", SourceLoc{"f.toml", 3, 10});
        }) == "f.toml:3:10: error: 1.5 is not a whole number" + forms);
}
