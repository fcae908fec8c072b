#include "sim/core/clock.h"

#include <cmath>
#include <cstdio>

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
  struct Unit {
    double size;
    const char* name;
  };
  static constexpr Unit units[] = {{1.0 * kDay, "d"}, {1.0 * kHour, "h"}, {1.0 * kMinute, "min"}};
  char buf[64];
  for (const Unit& u : units) {
    if (std::fabs(seconds) >= u.size) {
      // Days are the largest unit: 1000 days and more in whole days, not "1.2e+03 d".
      const double v = seconds / u.size;
      std::snprintf(buf, sizeof buf, std::fabs(v) >= 999.5 ? "%.0f %s" : "%.3g %s", v, u.name);
      return buf;
    }
  }
  std::snprintf(buf, sizeof buf, "%.3g s", seconds);
  return buf;
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
