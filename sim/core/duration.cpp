#include "sim/core/duration.h"

#include <algorithm>
#include <cctype>

namespace leth {

namespace {
struct UnitName {
  const char* name;
  Seconds size;
};
constexpr UnitName kUnits[] = {
    {"s", kSecond},    {"sec", kSecond},    {"second", kSecond},  {"seconds", kSecond},
    {"round", kRound}, {"rounds", kRound},  {"turn", kRound},     {"turns", kRound},
    {"min", kMinute},  {"minute", kMinute}, {"minutes", kMinute}, {"h", kHour},
    {"hour", kHour},   {"hours", kHour},    {"day", kDay},        {"days", kDay},
    {"week", kWeek},   {"weeks", kWeek},
};
}  // namespace

std::string duration_units_help() {
  return "seconds, rounds (6 s), minutes, hours, days, weeks";
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
    throw InputError(loc,
                     "\"" + std::string(text) + "\" is not a duration: " +
                         (unit.empty() ? std::string("no unit") : "unknown unit '" + unit + "'"),
                     "write an amount and a unit, e.g. \"1d4 rounds\" or \"8 hours\"; units: " +
                         duration_units_help());
  }
  // Dice letters ('d', 'x') never end a duration's amount, so "2d6 h" keeps its dice.
  std::string_view amount = text.substr(0, start);
  while (!amount.empty() && std::isspace(static_cast<unsigned char>(amount.back())))
    amount.remove_suffix(1);
  if (std::all_of(amount.begin(), amount.end(),
                  [](char c) { return std::isspace(static_cast<unsigned char>(c)); }))
    throw InputError(where, "\"" + std::string(text) + "\" is not a duration: no amount",
                     "write an amount and a unit, e.g. \"1d4 rounds\" or \"8 hours\"");
  Duration d;
  d.amount_ = Dice::parse(amount, where);
  if (d.amount_.min() < 0) {
    throw InputError(where, "\"" + std::string(text) + "\" can be negative",
                     "a duration's amount must be 0 or more");
  }
  d.unit_ = found->size;
  d.text_ = std::string(text);
  return d;
}

Duration Duration::fixed(Seconds s) {
  Duration d;
  d.amount_ = Dice::constant(s);
  d.unit_ = kSecond;
  d.text_ = std::to_string(s) + " seconds";
  return d;
}

Seconds Duration::sample(Stream& rng) const {
  const int64_t a = amount_.roll(rng);
  return a <= 0 ? 0 : a * unit_;
}

Seconds Duration::min() const {
  return std::max<int64_t>(0, amount_.min()) * unit_;
}
Seconds Duration::max() const {
  return std::max<int64_t>(0, amount_.max()) * unit_;
}

}  // namespace leth
