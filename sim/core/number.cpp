#include "sim/core/number.h"

#include <cstdio>

#include <algorithm>
#include <string>

namespace leth {

const char* const kWholeNumberForms =
    "write digits, with '_' only between digits, e.g. 1000000 or 1_000_000, or an exact "
    "exponent form, e.g. 1e6 or 2.5e6";

namespace {

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

// Reads digits with '_' only between two digits, appending the digits to `out`. Returns false
// if there is no digit at `i` or an underscore is misplaced.
bool read_digits(std::string_view t, size_t& i, std::string& out) {
  if (i >= t.size() || !is_digit(t[i])) return false;
  while (i < t.size()) {
    if (is_digit(t[i])) {
      out += t[i++];
    } else if (t[i] == '_') {
      if (i + 1 >= t.size() || !is_digit(t[i + 1])) return false;
      ++i;
    } else {
      break;
    }
  }
  return true;
}

// The text as an error shows it: bare, or quoted with \r, \n, \t, space and other bytes
// below 0x20 visible when it is empty or holds any.
std::string shown(std::string_view text) {
  bool plain = !text.empty();
  for (char c : text)
    if (static_cast<unsigned char>(c) <= 0x20) plain = false;
  if (plain) return std::string(text);
  std::string out = "\"";
  for (char c : text) {
    if (c == '\r')
      out += "\\r";
    else if (c == '\n')
      out += "\\n";
    else if (c == '\t')
      out += "\\t";
    else if (static_cast<unsigned char>(c) < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", static_cast<unsigned>(c));
      out += buf;
    } else
      out += c;
  }
  return out + "\"";
}

}  // namespace

int64_t parse_whole_number(std::string_view text, const SourceLoc& at) {
  // Quoted only when empty or holding what cannot be seen: "10x is not a number" reads better
  // than "\"10x\" is ...", but a carriage return (a field cut from a CRLF file) must show.
  const std::string quoted = shown(text);
  auto not_a_number = [&] {
    return InputError(at, quoted + " is not a number", kWholeNumberForms);
  };
  size_t i = 0;
  bool negative = false;
  if (i < text.size() && (text[i] == '+' || text[i] == '-')) negative = text[i++] == '-';
  std::string digits;  // integer part, then fraction digits
  if (!read_digits(text, i, digits)) throw not_a_number();
  int64_t exponent = 0;  // of the last digit in `digits`
  if (i < text.size() && text[i] == '.') {
    ++i;
    const size_t before = digits.size();
    if (!read_digits(text, i, digits)) throw not_a_number();
    exponent -= static_cast<int64_t>(digits.size() - before);
  }
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    ++i;
    bool exp_negative = false;
    if (i < text.size() && (text[i] == '+' || text[i] == '-')) exp_negative = text[i++] == '-';
    std::string exp_digits;
    if (!read_digits(text, i, exp_digits)) throw not_a_number();
    int64_t e = 0;
    for (char c : exp_digits) e = std::min<int64_t>(e * 10 + (c - '0'), 100'000);  // saturate
    exponent += exp_negative ? -e : e;
  }
  if (i != text.size()) throw not_a_number();

  // value = digits × 10^exponent: drop leading zeros, move trailing zeros into the exponent.
  const size_t first = digits.find_first_not_of('0');
  if (first == std::string::npos) return 0;
  digits.erase(0, first);
  while (exponent < 0 && digits.back() == '0') {
    digits.pop_back();
    ++exponent;
  }
  if (exponent < 0) throw InputError(at, quoted + " is not a whole number", kWholeNumberForms);
  if (static_cast<int64_t>(digits.size()) + exponent > 19)
    throw InputError(at, quoted + " is too large", "at most 9223372036854775807");
  digits.append(static_cast<size_t>(exponent), '0');
  uint64_t v = 0;
  for (char c : digits) v = v * 10 + static_cast<uint64_t>(c - '0');  // < 10^19 < 2^64
  if (v > static_cast<uint64_t>(INT64_MAX))
    throw InputError(at, quoted + " is too large", "at most 9223372036854775807");
  return negative ? -static_cast<int64_t>(v) : static_cast<int64_t>(v);
}

}  // namespace leth
