#include "sim/core/duration.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <numeric>
#include <optional>
#include <string>

namespace leth {

namespace {
struct UnitName {
  const char* name;
  Seconds size;
};
// The documented units (docs/scenarios.md: seconds, rounds of 6 s, minutes, hours, days, weeks),
// singular and plural, and the abbreviations duration_units_help() lists. Not "turn": in pf2 a turn
// is one creature's part of a round, not 6 s, so "1d4 turns" would not mean what it says.
constexpr UnitName kUnits[] = {
    {"s", kSecond},       {"sec", kSecond},   {"second", kSecond}, {"seconds", kSecond},
    {"round", kRound},    {"rounds", kRound}, {"min", kMinute},    {"minute", kMinute},
    {"minutes", kMinute}, {"h", kHour},       {"hour", kHour},     {"hours", kHour},
    {"day", kDay},        {"days", kDay},     {"week", kWeek},     {"weeks", kWeek},
};

// Calendar units are not fixed lengths; they are counted in days as the horizon limit is
// (ten years = 3650 days).
struct CalendarUnit {
  const char* name;
  int64_t days;
};
constexpr CalendarUnit kCalendar[] = {
    {"year", 365}, {"years", 365}, {"yr", 365}, {"month", 30}, {"months", 30},
};

// "0.6", "2.5": a number of seconds for a message.
std::string format_seconds(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.9g", s);
  return buf;
}

const char* const kWriteHint = "write an amount and a unit, e.g. \"1d4 rounds\" or \"8 hours\"";

// What to write instead of an unknown unit, when there is something better to say.
std::string unknown_unit_hint(const std::string& unit, std::string_view amount) {
  const std::string units = "; units: " + duration_units_help();
  if (unit == "turn" || unit == "turns")
    return "a turn is not a fixed length (in pf2 it is one creature's part of a round): write "
           "rounds (6 s)" +
           units;
  for (const CalendarUnit& c : kCalendar) {
    if (unit != c.name) continue;
    const std::string per = "a " + std::string(c.days == 365 ? "year" : "month") + " is " +
                            std::to_string(c.days) + " days here";
    std::string days;
    try {
      const Dice a = Dice::parse(amount);
      if (a.is_constant() && a.min() >= 0)
        days = std::to_string(a.min() * c.days) + " days";
      else if (a.str().find('x') == std::string::npos)
        days = a.str() + " x " + std::to_string(c.days) + " days";
      if (!days.empty()) (void)Duration::parse(days);  // suggest only what parses
    } catch (const InputError&) {
      days.clear();
    }
    if (days.empty()) return per + units;
    return "write \"" + days + "\": " + per + units;
  }
  return std::string(kWriteHint) + units;
}

// A decimal amount ("1.5", "0.25") of `unit` in whole seconds, computed exactly (digits, not
// floating point); nullopt when `amount` is not a decimal number, so dice and whole numbers
// go to the dice parser. Throws when it is one but not a whole number of seconds, negative,
// or larger than the largest whole amount a duration may have.
std::optional<Seconds> decimal_seconds(std::string_view amount, Seconds unit, std::string_view text,
                                       const SourceLoc& where) {
  size_t i = 0;
  while (i < amount.size() && std::isspace(static_cast<unsigned char>(amount[i]))) ++i;
  const bool negative = i < amount.size() && amount[i] == '-';
  if (negative) ++i;
  const std::string_view number = amount.substr(i);
  const size_t dot = number.find('.');
  if (dot == std::string_view::npos || dot == 0 || dot + 1 == number.size()) return std::nullopt;
  auto digits = [](std::string_view s) {
    return std::all_of(s.begin(), s.end(),
                       [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
  };
  const std::string_view whole = number.substr(0, dot), fraction = number.substr(dot + 1);
  if (!digits(whole) || !digits(fraction)) return std::nullopt;
  if (negative)
    throw InputError(where, "\"" + std::string(text) + "\": a duration must not be negative",
                     "write 0 or more");
  // The same bound as a whole amount (Dice::kMaxConstant), and few enough digits that
  // mantissa x unit stays far inside int64.
  const std::string_view trimmed =
      whole.substr(std::min(whole.find_first_not_of('0'), whole.size()));
  if (trimmed.size() > 7 || fraction.size() > 9 ||
      std::stoll(std::string(whole)) > Dice::kMaxConstant)
    throw InputError(where, "\"" + std::string(text) + "\": the amount is too large or too long",
                     "at most " + std::to_string(Dice::kMaxConstant) +
                         ", with at most 9 digits after the point");
  int64_t mantissa = 0, scale = 1;
  for (char c : whole) mantissa = mantissa * 10 + (c - '0');
  for (char c : fraction) mantissa = mantissa * 10 + (c - '0'), scale *= 10;
  // mantissa / scale units of `unit` seconds: whole seconds when scale / gcd divides mantissa.
  const int64_t g = std::gcd(unit, scale);
  if (mantissa % (scale / g) != 0) {
    const double seconds =
        static_cast<double>(mantissa) / static_cast<double>(scale) * static_cast<double>(unit);
    const int64_t nearest = std::max<int64_t>(1, std::llround(seconds));
    throw InputError(where,
                     "\"" + std::string(text) + "\" is not a whole number of seconds (" +
                         format_seconds(seconds) + " s)",
                     "trial time is counted in whole seconds: write e.g. \"" +
                         std::to_string(nearest) + (nearest == 1 ? " second" : " seconds") + "\"");
  }
  return mantissa / (scale / g) * (unit / g);
}

}  // namespace

std::string duration_units_help() {
  return "seconds (s, sec), rounds (6 s), minutes (min), hours (h), days, weeks";
}

Duration Duration::parse(std::string_view text, const SourceLoc& where) {
  // The unit is the trailing run of letters; everything before it is the amount.
  size_t end = text.size();
  while (end > 0 && std::isspace(static_cast<unsigned char>(text[end - 1]))) --end;
  size_t start = end;
  while (start > 0 && std::isalpha(static_cast<unsigned char>(text[start - 1]))) --start;
  const std::string_view unit_text = text.substr(start, end - start);
  std::string unit;
  for (char c : unit_text) unit += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  const auto* found = std::find_if(std::begin(kUnits), std::end(kUnits),
                                   [&](const UnitName& u) { return unit == u.name; });
  if (unit.empty() || found == std::end(kUnits)) {
    SourceLoc loc = where;
    if (loc.line != 0) loc.column += static_cast<uint32_t>(start);
    if (unit.empty())
      throw InputError(loc, "\"" + std::string(text) + "\" is not a duration: no unit",
                       std::string(kWriteHint) + "; units: " + duration_units_help());
    throw InputError(loc,
                     "\"" + std::string(text) + "\" is not a duration: unknown unit '" + unit + "'",
                     unknown_unit_hint(unit, text.substr(0, start)));
  }
  // Dice letters ('d', 'x') never end a duration's amount, so "2d6 h" keeps its dice.
  std::string_view amount = text.substr(0, start);
  while (!amount.empty() && std::isspace(static_cast<unsigned char>(amount.back())))
    amount.remove_suffix(1);
  if (std::all_of(amount.begin(), amount.end(),
                  [](char c) { return std::isspace(static_cast<unsigned char>(c)); }))
    throw InputError(where, "\"" + std::string(text) + "\" is not a duration: no amount",
                     kWriteHint);
  Duration d;
  d.unit_ = found->size;
  d.step_ = found->size;
  d.text_ = std::string(text);
  if (const auto seconds = decimal_seconds(amount, found->size, text, where)) {
    d.amount_ = Dice::constant(*seconds);
    d.step_ = kSecond;
    return d;
  }
  d.amount_ = Dice::parse(amount, where);
  if (d.amount_.min() < 0) {
    const std::string lowest = std::to_string(d.amount_.min()) + " " + std::string(unit_text);
    if (d.amount_.is_constant())
      throw InputError(where, "\"" + std::string(text) + "\": a duration must not be negative",
                       "write 0 or more");
    throw InputError(where,
                     "\"" + std::string(text) +
                         "\": a duration must not be negative, and this one can be " + lowest,
                     "make the smallest roll 0 or more");
  }
  return d;
}

Duration Duration::fixed(Seconds s) {
  Duration d;
  d.amount_ = Dice::constant(s);
  d.step_ = kSecond;
  d.unit_ = kSecond;
  d.text_ = std::to_string(s) + " seconds";
  return d;
}

Seconds Duration::sample(Stream& rng) const {
  const int64_t a = amount_.roll(rng);
  return a <= 0 ? 0 : a * step_;
}

Seconds Duration::min() const {
  return std::max<int64_t>(0, amount_.min()) * step_;
}
Seconds Duration::max() const {
  return std::max<int64_t>(0, amount_.max()) * step_;
}

std::string duration_words(Seconds s) {
  struct Unit {
    Seconds size;
    const char* one;
    const char* many;
  };
  static const Unit kUnits[] = {{kDay, "day", "days"},
                                {kHour, "hour", "hours"},
                                {kMinute, "minute", "minutes"},
                                {kSecond, "second", "seconds"}};
  for (const Unit& u : kUnits)
    if (s % u.size == 0 || u.size == kSecond)
      return std::to_string(s / u.size) + " " + (s / u.size == 1 ? u.one : u.many);
  return "";
}

}  // namespace leth
