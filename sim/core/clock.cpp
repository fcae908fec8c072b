#include "sim/core/clock.h"

#include <cmath>
#include <cstdio>
#include <iterator>

namespace leth {

std::string clock_text(Seconds t) {
  const char* sign = t < 0 ? "-" : "";
  if (t < 0) t = -t;
  const Seconds days = t / kDay;
  const Seconds h = (t % kDay) / kHour;
  const Seconds m = (t % kHour) / kMinute;
  const Seconds s = t % kMinute;
  char buf[64];
  if (days > 0)
    std::snprintf(buf, sizeof buf, "%s%lldd %02lld:%02lld:%02lld", sign,
                  static_cast<long long>(days), static_cast<long long>(h),
                  static_cast<long long>(m), static_cast<long long>(s));
  else
    std::snprintf(buf, sizeof buf, "%s%lld:%02lld:%02lld", sign, static_cast<long long>(h),
                  static_cast<long long>(m), static_cast<long long>(s));
  return buf;
}

std::string duration_text(double seconds) {
  if (!std::isfinite(seconds)) return "-";
  char buf[64];
  const char* sign = seconds < 0 ? "-" : "";
  const double a = std::fabs(seconds);
  if (a < kMinute) {
    std::snprintf(buf, sizeof buf, "%s%.3g s", sign, a);
    return buf;
  }
  // Two units, the smaller rounded: "4 h 40 min", not "4.67 h", which needs a calculator.
  struct Pair {
    Seconds big, small;
    const char *big_name, *small_name;
  };
  static constexpr Pair pairs[] = {
      {kMinute, kSecond, "min", "s"}, {kHour, kMinute, "h", "min"}, {kDay, kHour, "d", "h"}};
  for (size_t i = 0; i < std::size(pairs); ++i) {
    const Pair& p = pairs[i];
    const long long n = std::llround(a / static_cast<double>(p.small));
    const long long per = p.big / p.small;
    const bool last = i + 1 == std::size(pairs);
    if (!last && n * p.small >= pairs[i + 1].big) continue;  // rounds up to the next unit
    // From 100 days on, whole days: "3650 d", not "3650 d 0 h".
    if (last && a >= 100.0 * kDay) {
      std::snprintf(buf, sizeof buf, "%s%.0f d", sign, a / kDay);
    } else if (n % per == 0) {
      std::snprintf(buf, sizeof buf, "%s%lld %s", sign, n / per, p.big_name);
    } else {
      std::snprintf(buf, sizeof buf, "%s%lld %s %lld %s", sign, n / per, p.big_name, n % per,
                    p.small_name);
    }
    return buf;
  }
  return buf;  // not reached: the last pair always returns
}

std::string unit_name(Seconds unit, double amount) {
  struct Name {
    Seconds size;
    const char *one, *many;
  };
  static constexpr Name names[] = {{kSecond, "second", "seconds"}, {kRound, "round", "rounds"},
                                   {kMinute, "minute", "minutes"}, {kHour, "hour", "hours"},
                                   {kDay, "day", "days"},          {kWeek, "week", "weeks"}};
  const bool one = amount == 1;
  for (const Name& n : names)
    if (n.size == unit) return one ? n.one : n.many;
  return one ? "second" : "seconds";
}

std::string amount_number(double amount) {
  if (!std::isfinite(amount)) return amount > 0 ? "inf" : amount < 0 ? "-inf" : "nan";
  char buf[64];
  std::snprintf(buf, sizeof buf, std::fabs(amount) >= 999.5 ? "%.0f" : "%.3g", amount);
  return buf;
}

std::string amount_text(double amount, Seconds unit) {
  const std::string number = amount_number(amount);
  return number + " " + unit_name(unit, number == "1" ? 1.0 : 2.0);
}

}  // namespace leth
