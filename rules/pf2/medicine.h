// Player Core's Medicine healing, shared by the single character's healer (model.cpp) and a
// party's medic (party.cpp): Treat Wounds, and Battle Medicine, which heals as Treat Wounds.
#pragma once

#include "sim/core/check.h"

namespace leth {
class Reader;
}

namespace leth::pf2 {

// The Treat Wounds DC of a healer table ([aftercare.healer] or [party.heals]): 15 (trained,
// the default), 20, 30 or 40. Throws InputError on any other value.
int read_treat_wounds_dc(Reader& h);

// seeds/README (Player Core): Treat Wounds against DC 15 / 20 / 30 / 40 heals 2d8 + 0 / 10 /
// 30 / 50, 4d8 instead of 2d8 on a critical success; a critical failure deals 1d8 damage.
// The HP healed (> 0), the damage dealt (< 0), or 0 on a failure; the d8s from `s`.
inline int medicine_healing(Stream& s, int dc, Degree degree) {
  if (degree == Degree::CriticalFailure) return -s.die(8);
  if (degree == Degree::Failure) return 0;
  int amount = dc == 15 ? 0 : dc == 20 ? 10 : dc == 30 ? 30 : 50;
  const int dice = degree == Degree::CriticalSuccess ? 4 : 2;
  for (int i = 0; i < dice; ++i) amount += s.die(8);
  return amount;
}

}  // namespace leth::pf2
