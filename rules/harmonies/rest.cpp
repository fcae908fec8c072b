#include "rules/harmonies/rest.h"

namespace leth::harmonies {

int open_level(const WoundList& wounds, int level, const std::array<int, kLevels>& caps) {
  int l = level;
  while (l < kLevels && wounds.count(l) >= caps[static_cast<size_t>(l)]) ++l;
  return l;
}

Seconds minimum_rest_end(const WoundList& wounds, const WoundTable& table, bool restart) {
  const int l = wounds.worst_level();
  if (l < 0) return 0;
  if (restart) return kNever;
  Seconds end = 0;
  for (size_t i = 0; i < wounds.n; ++i)
    if (wounds.w[i].level == l) {
      if (wounds.w[i].since == kNotResting) return kNever;
      end = std::max(end, wounds.w[i].since + table[static_cast<size_t>(l)].healing);
    }
  return end;
}

void rest_from(WoundList& wounds, Seconds t, bool restart) {
  for (size_t i = 0; i < wounds.n; ++i)
    if (restart || wounds.w[i].since == kNotResting) wounds.w[i].since = t;
}

Seconds surveillance_at(const WoundList& wounds, const WoundTable& table, Seconds from,
                        bool restart, const Options& opt) {
  if (wounds.n == 0) return -1;
  const Seconds at = from + table[static_cast<size_t>(wounds.worst_level())].surveillance;
  if (!opt.surveillance_until_healed && at > minimum_rest_end(wounds, table, restart)) return -1;
  return at;
}

Seconds healing_ready(const WoundList& wounds, const WoundTable& table) {
  const int l = wounds.lightest_level();
  Seconds when = -1;
  for (size_t i = 0; i < wounds.n; ++i)
    if (wounds.w[i].level == l) {
      const Seconds ready = wounds.w[i].since + table[static_cast<size_t>(l)].healing;
      if (when < 0 || ready < when) when = ready;
    }
  return when;
}

size_t ready_to_heal(const WoundList& wounds, const WoundTable& table, Seconds t) {
  const int l = wounds.lightest_level();
  for (size_t i = 0; i < wounds.n; ++i)
    if (wounds.w[i].level == l && wounds.w[i].since + table[static_cast<size_t>(l)].healing <= t)
      return i;
  return wounds.n;
}

void healed(WoundList& wounds, size_t i, Seconds t, const Options& opt) {
  const int l = wounds.w[i].level;
  if (l == kLight) {
    wounds.remove(i);
    return;
  }
  wounds.w[i].level = static_cast<uint8_t>(l - 1);
  if (opt.full_period_after_drop) wounds.w[i].since = t;
}

void healing_failed(WoundList& wounds, size_t i, const Options& opt, bool& restart) {
  if (opt.failed_healing_restarts_all)
    restart = true;
  else
    wounds.w[i].since = kNotResting;
}

}  // namespace leth::harmonies
