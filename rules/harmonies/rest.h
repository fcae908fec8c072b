// Seed 001's therapeutic rest and healing ("Repos thérapeutique", "Guérison des blessures")
// over one character's list of wounds: the rules a single character's trial (model.cpp) and a
// party survivor's rest after the fight (party_rest.cpp) both play. Each caller keeps its own
// clock, streams, log and counters and asks these what the rules decide: when the minimum rest
// ends, when the next surveillance and healing roll are due, which wound a healing roll treats
// and what its success or failure does to the list, where a wound arriving or worsening lands.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>

#include "rules/harmonies/config.h"
#include "rules/harmonies/tables.h"
#include "sim/core/clock.h"

namespace leth::harmonies {

// A wound's `since` before its rest begins (fresh, worsened, or its rest to start over).
inline constexpr Seconds kNotResting = -1;
// A time that never comes (a minimum rest not yet begun).
inline constexpr Seconds kNever = std::numeric_limits<Seconds>::max();

struct Wound {
  uint8_t level;
  Seconds since;  // its rest counts from here
  bool carried = false;  // a mental wound from an adventure before (Model::Carried)
};

// A fixed-capacity list (no allocation per trial): at most kMaxCap wounds of each level.
struct WoundList {
  std::array<Wound, kLevels * kMaxCap> w;
  size_t n = 0;
  void add(int level, Seconds t) { w[n++] = {static_cast<uint8_t>(level), t}; }
  void remove(size_t i) {
    std::copy(w.begin() + static_cast<std::ptrdiff_t>(i) + 1,
              w.begin() + static_cast<std::ptrdiff_t>(n),
              w.begin() + static_cast<std::ptrdiff_t>(i));
    --n;
  }
  int count(int level) const {
    int c = 0;
    for (size_t i = 0; i < n; ++i) c += w[i].level == level;
    return c;
  }
  int worst_level() const {  // -1: no wound
    int l = -1;
    for (size_t i = 0; i < n; ++i) l = std::max(l, int{w[i].level});
    return l;
  }
  // The first wound of the worst level ("c'est toujours la blessure la plus grave").
  size_t worst() const {
    size_t best = 0;
    for (size_t i = 1; i < n; ++i)
      if (w[i].level > w[best].level) best = i;
    return best;
  }
  int lightest_level() const {  // kLevels: no wound
    int l = kLevels;
    for (size_t i = 0; i < n; ++i) l = std::min(l, int{w[i].level});
    return l;
  }
};

// 001 "Les blessures": the level a wound of `level` lands at, one higher for each full level
// (caps: wounds per level); kLevels: beyond the critical cap. Each step is an escalation.
int open_level(const WoundList& wounds, int level, const std::array<int, kLevels>& caps);

// 001 "La période de repos minimale ... Durant cette période, la victime devra se reposer tels
// qu'indiqué par sa blessure la plus grave": every wound of the worst level has rested that
// level's healing period; kNever while one of them has not begun to rest, or every wound's rest
// is to start over (`restart`); 0 without a wound.
Seconds minimum_rest_end(const WoundList& wounds, const WoundTable& table, bool restart);

// 001: rest (and the healing periods) start at the stabilisation that follows a wound's
// arrival; every wound's with `restart` (a missed surveillance's failed roll, a failed healing
// roll, option failed_stable_roll).
void rest_from(WoundList& wounds, Seconds t, bool restart);

// 001 "Repos thérapeutique": care at the worst wound's surveillance period from `from`; -1 past
// the minimum rest unless option surveillance is "until_healed" ("Durant cette période").
Seconds surveillance_at(const WoundList& wounds, const WoundTable& table, Seconds from,
                        bool restart, const Options& opt);

// 001 "Guérison": lightest wound first, once it has rested its healing period. When the first
// of the lightest level will have rested; the index of the first that has by `t` (n: none yet).
Seconds healing_ready(const WoundList& wounds, const WoundTable& table);
size_t ready_to_heal(const WoundList& wounds, const WoundTable& table, Seconds t);

// 001: a successful healing roll lowers the wound a level (a light one goes); it rests the new
// level's full period again with option healing_after_drop = "full_period".
void healed(WoundList& wounds, size_t i, Seconds t, const Options& opt);

// 001: "attendre la fin de la prochaine période de guérison pour continuer les traitements":
// after a failed healing roll every wound's rest starts over (`restart` set), or (option
// failed_healing_rest) the treated wound's only.
void healing_failed(WoundList& wounds, size_t i, const Options& opt, bool& restart);

}  // namespace leth::harmonies
