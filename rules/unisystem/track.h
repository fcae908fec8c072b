// Endurance and essence as values of time (seed 000, "Récupérer des points d'endurance",
// "Récupérer des points d'essence"): a track holds a value since its last change and gets
// points back by its rule from then on, so a test made at any time reads the value at that
// time — the −3 of an essence at 1 or less lifts as essence comes back (issue #18).
#pragma once

#include <cstdint>
#include <limits>

#include "sim/core/clock.h"

namespace leth::unisystem {

// A time that never comes (a track that does not recover, a helper who never arrives).
inline constexpr Seconds kNever = std::numeric_limits<Seconds>::max() / 4;

class Track {
 public:
  enum class Mode : uint8_t {
    Still,   // nothing comes back: endurance at rest during the fight, a rate of 0
    Steady,  // `points` every `per`: the creature tables' rates, essence's rates
    // 000: "un point d'endurance par niveau de constitution par demi-heure de sommeil, ou le
    // même nombre de points par heure de repos. Les points d'endurance perdus par le manque de
    // sommeil se récupèrent uniquement en dormant."
    Awake,   // resting: `points` an hour for what damage took, then what lack of sleep took
             // by sleeping, `points` every half hour (README, interpretation 23)
    Asleep,  // asleep or unconscious: `points` every half hour, all of it
  };

  Track() = default;
  // `max` points, holding `value` from time 0; `sleep_owed` of what it lacks (at most that)
  // comes back only by sleep.
  Track(int max, int value, int sleep_owed = 0);

  int max() const { return max_; }
  // The value at time t (t at or after the last change).
  int at(Seconds t) const {
    if (value_ >= max_ || t <= base_ || points_ <= 0) return value_;  // the common case
    return static_cast<int>(value_ + gained(t));
  }
  // Loses `points` at t, not below `floor`. A steady rate's ticks keep their times.
  void lose(int points, Seconds t, int floor);
  // From t on, points come back by `mode`, `points` a tick (every `per` seconds for Steady).
  void recover(Seconds t, Mode mode, int points, Seconds per = 0);
  // When the track is full again: 0 if it never lacked anything, the time it came back if it
  // has, kNever if it never will.
  Seconds full_at() const;
  // What only sleep can restore, at time t (at or after the last change).
  int owed(Seconds t) const { return owed_at(t); }

 private:
  int64_t gained(Seconds t) const;  // points back between the last change and t
  int owed_at(Seconds t) const;     // what only sleep can restore, at t
  void rebase(Seconds t);

  int max_ = 0;
  int value_ = 0;  // at base_
  int owed_ = 0;   // of max_ - value_, what only sleep restores
  Seconds base_ = 0;
  Mode mode_ = Mode::Still;
  int points_ = 0;
  Seconds per_ = 0;
};

}  // namespace leth::unisystem
