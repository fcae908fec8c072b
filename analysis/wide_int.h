// 128-bit integer sums, so tallies of 10^12 trials of up to 10 years each cannot overflow
// (10^12 x 3.2e8 s = 3.2e20 > 2^64; squares need 128 bits too), and their decimal text.
#pragma once

#include <cstdint>
#include <string>

namespace leth {

using u128 = unsigned __int128;
using i128 = __int128;

std::string to_string_u128(u128 v);
std::string to_string_i128(i128 v);
// Throws std::invalid_argument on anything but decimal digits (and a leading '-' for i128).
u128 parse_u128(const std::string& s);
i128 parse_i128(const std::string& s);

inline double to_double(u128 v) {
  return static_cast<double>(v);
}
inline double to_double(i128 v) {
  return static_cast<double>(v);
}

}  // namespace leth
