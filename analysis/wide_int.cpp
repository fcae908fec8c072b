#include "analysis/wide_int.h"

#include <algorithm>
#include <stdexcept>

namespace leth {

std::string to_string_u128(u128 v) {
  if (v == 0) return "0";
  std::string s;
  while (v > 0) {
    s.push_back(static_cast<char>('0' + static_cast<int>(v % 10)));
    v /= 10;
  }
  std::reverse(s.begin(), s.end());
  return s;
}

std::string to_string_i128(i128 v) {
  // Appends only: g++ 12 warns falsely (-Wrestrict) on "-" + std::string.
  if (v < 0) return std::string("-").append(to_string_u128(static_cast<u128>(-(v + 1)) + 1));
  return to_string_u128(static_cast<u128>(v));
}

u128 parse_u128(const std::string& s) {
  if (s.empty() || s.size() > 39) throw std::invalid_argument("not a 128-bit count: " + s);
  u128 v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') throw std::invalid_argument("not a 128-bit count: " + s);
    const u128 next = v * 10 + static_cast<unsigned>(c - '0');
    if (next / 10 != v) throw std::invalid_argument("128-bit count overflows: " + s);
    v = next;
  }
  return v;
}

i128 parse_i128(const std::string& s) {
  if (!s.empty() && s[0] == '-') {
    const u128 m = parse_u128(s.substr(1));
    if (m > (static_cast<u128>(1) << 127)) throw std::invalid_argument("i128 overflow: " + s);
    return m == (static_cast<u128>(1) << 127) ? static_cast<i128>(m) : -static_cast<i128>(m);
  }
  const u128 m = parse_u128(s);
  if (m >= (static_cast<u128>(1) << 127)) throw std::invalid_argument("i128 overflow: " + s);
  return static_cast<i128>(m);
}

}  // namespace leth
