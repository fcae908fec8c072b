#include "rules/unisystem/roll.h"

#include <algorithm>

#include "sim/core/stream.h"

namespace leth::unisystem {

int success_levels(int total) {
  if (total < kTarget) return 0;
  if (total <= 16) return (total - kTarget) / 2 + 1;  // 9-10, 11-12, 13-14, 15-16
  if (total <= 20) return 5;
  return 6 + (total - 21) / 3;  // 21-23 -> 6, 24-26 -> 7, ...
}

TestResult roll_test(Stream& s, int base) {
  TestResult r;
  r.die = s.die(10);
  r.total = r.die + base;
  r.levels = success_levels(r.total);
  return r;
}

std::string test_text(const TestResult& r, int base) {
  std::string t = "D10 " + std::to_string(r.die);
  t += (base >= 0 ? " + " : " - ") + std::to_string(base >= 0 ? base : -base);
  t += " = " + std::to_string(r.total) + ": ";
  if (!r.passed()) return t + "failure";
  return t + std::to_string(r.levels) + (r.levels == 1 ? " level" : " levels");
}

int groups_below(int64_t points, int64_t zero, int group, bool round_up) {
  if (points >= zero) return 0;
  const int64_t below = zero - points;
  const int64_t g = round_up ? (below + group - 1) / group : below / group;
  return static_cast<int>(std::min<int64_t>(g, 1'000'000));
}

int cared_day(int hp, int con) {
  return hp + (hp < 0 ? con : kDailyAboveZero);
}

UntreatedDay untreated_day(Stream& s, int hp, int survival_base, int con, const int* threshold,
                           bool failure_kills) {
  UntreatedDay d;
  d.base = survival_base - groups_below(hp, 0, 10, false);
  d.test = roll_test(s, d.base);
  d.hp = hp + (d.test.passed() ? std::min(d.test.levels, con) : -1);
  d.kills = !d.test.passed() && failure_kills && threshold && d.hp <= *threshold;
  return d;
}

Severity severity_of(int64_t damage) {
  if (damage <= 0) return Severity::None;
  if (damage <= 2) return Severity::Superficial;  // "moins de 2"; 2 itself: README, choice 3
  if (damage <= 5) return Severity::Deep;
  if (damage <= 10) return Severity::Serious;
  if (damage <= 15) return Severity::LifeThreatening;
  return Severity::Massive;
}

const char* severity_name(Severity s) {
  switch (s) {
    case Severity::None:
      return "none";
    case Severity::Superficial:
      return "superficial";
    case Severity::Deep:
      return "deep";
    case Severity::Serious:
      return "serious";
    case Severity::LifeThreatening:
      return "life-threatening";
    case Severity::Massive:
      return "beyond life-threatening";
  }
  return "?";
}

int sleep_shortfall_loss(int hours_slept) {
  return std::max(0, kSleepNeeded - hours_slept);
}

int awake_loss(int hours_awake) {
  if (hours_awake < 24) return 0;
  return sleep_shortfall_loss(0) + (hours_awake - 24);
}

}  // namespace leth::unisystem
