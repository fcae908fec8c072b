// 128-bit sums and their decimal text: round trips at the extremes, and refusals.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>

#include "analysis/wide_int.h"

using namespace leth;

namespace {
constexpr u128 kU128Max = ~u128{0};
constexpr i128 kI128Max = static_cast<i128>(kU128Max >> 1);
constexpr i128 kI128Min = -kI128Max - 1;
}  // namespace

TEST_CASE("wide_int: u128 to text", "[wide_int]") {
  CHECK(to_string_u128(0) == "0");
  CHECK(to_string_u128(7) == "7");
  CHECK(to_string_u128(UINT64_MAX) == "18446744073709551615");
  CHECK(to_string_u128(u128{UINT64_MAX} + 1) == "18446744073709551616");
  CHECK(to_string_u128(kU128Max) == "340282366920938463463374607431768211455");
  // 10^12 trials of ten years each: past 2^64.
  CHECK(to_string_u128(u128{1000000000000ULL} * 315360000) == "315360000000000000000");
}

TEST_CASE("wide_int: i128 to text", "[wide_int]") {
  CHECK(to_string_i128(0) == "0");
  CHECK(to_string_i128(-1) == "-1");
  CHECK(to_string_i128(42) == "42");
  CHECK(to_string_i128(-static_cast<i128>(u128{UINT64_MAX} + 1)) == "-18446744073709551616");
  CHECK(to_string_i128(kI128Max) == "170141183460469231731687303715884105727");
  CHECK(to_string_i128(kI128Min) == "-170141183460469231731687303715884105728");
}

TEST_CASE("wide_int: parse round trips", "[wide_int]") {
  for (u128 v : {u128{0}, u128{1}, u128{UINT64_MAX}, u128{UINT64_MAX} + 1, kU128Max, kU128Max - 1,
                 u128{1000000000000ULL} * 315360000 * 315360000}) {
    CHECK(parse_u128(to_string_u128(v)) == v);
  }
  for (i128 v : {i128{0}, i128{-1}, i128{1}, kI128Max, kI128Min, kI128Min + 1,
                 -static_cast<i128>(u128{1000000000000ULL} * 315360000)}) {
    CHECK(parse_i128(to_string_i128(v)) == v);
  }
  CHECK(parse_u128("007") == 7);
  CHECK(parse_i128("-0") == 0);
  CHECK(parse_i128("-170141183460469231731687303715884105728") == kI128Min);
  CHECK(parse_u128("340282366920938463463374607431768211455") == kU128Max);
}

TEST_CASE("wide_int: parse refuses what is not a 128-bit decimal count", "[wide_int]") {
  CHECK_THROWS_WITH(parse_u128(""), "not a 128-bit count: ");
  CHECK_THROWS_WITH(parse_u128("12a"), "not a 128-bit count: 12a");
  CHECK_THROWS_WITH(parse_u128("-1"), "not a 128-bit count: -1");
  CHECK_THROWS_WITH(parse_u128("+1"), "not a 128-bit count: +1");
  CHECK_THROWS_WITH(parse_u128(" 1"), "not a 128-bit count:  1");
  CHECK_THROWS_WITH(parse_u128("1.5"), "not a 128-bit count: 1.5");
  // 2^128 has 39 digits but does not fit; 40 digits never fit.
  CHECK_THROWS_WITH(parse_u128("340282366920938463463374607431768211456"),
                    "128-bit count overflows: 340282366920938463463374607431768211456");
  CHECK_THROWS_WITH(parse_u128("999999999999999999999999999999999999999"),
                    "128-bit count overflows: 999999999999999999999999999999999999999");
  CHECK_THROWS_WITH(parse_u128("1000000000000000000000000000000000000000"),
                    "not a 128-bit count: 1000000000000000000000000000000000000000");
  CHECK_THROWS_AS(parse_u128("x"), std::invalid_argument);

  CHECK_THROWS_WITH(parse_i128("170141183460469231731687303715884105728"),
                    "i128 overflow: 170141183460469231731687303715884105728");
  CHECK_THROWS_WITH(parse_i128("-170141183460469231731687303715884105729"),
                    "i128 overflow: -170141183460469231731687303715884105729");
  CHECK_THROWS_WITH(parse_i128("-"), "not a 128-bit count: ");
  CHECK_THROWS_WITH(parse_i128("--1"), "not a 128-bit count: -1");
  CHECK_THROWS_AS(parse_i128(""), std::invalid_argument);
}

TEST_CASE("wide_int: to_double", "[wide_int]") {
  CHECK(to_double(u128{1000000000000ULL} * 315360000) == 3.1536e20);
  CHECK(to_double(kU128Max) == std::ldexp(1.0, 128));
  CHECK(to_double(i128{-5}) == -5.0);
  CHECK(to_double(kI128Min) == -std::ldexp(1.0, 127));
}
