// What one trial produced. Small, fixed-size and allocation-free: millions are made a second.
#pragma once

#include <array>
#include <cstdint>

#include "sim/core/clock.h"

namespace leth {

enum class End : uint8_t {
  Died,        // the character is dead
  Recovered,   // alive, conscious and back to full health
  Unresolved,  // still alive but not recovered when the horizon came
};

// Where a death happened (DESIGN.md): during the fight, while dying after it, or later.
enum class Phase : uint8_t {
  Combat,    // before the encounter was over
  Dying,     // after the fight, from a dying episode that began in it
  Recovery,  // after the fight, from something that began after it
};
inline constexpr int kPhaseCount = 3;
const char* phase_name(Phase p);
const char* end_name(End e);

// Lasting injuries, by the model's own sequela ids (see the model's sequela_names()).
struct SequelaCount {
  uint16_t id;
  uint16_t count;
};

struct Outcome {
  static constexpr int kMaxSequelaKinds = 16;

  End end = End::Unresolved;
  Phase death_phase = Phase::Combat;  // meaningful when end == Died
  bool knocked_out = false;           // reached 0 HP (or the ruleset's "down") at least once
  uint8_t condition = 0;              // when Unresolved: the model's condition id at the horizon
  Seconds time = 0;  // Died: time of death; Recovered: downtime; Unresolved: the horizon
  uint8_t sequela_kinds = 0;
  uint16_t sequela_overflow = 0;  // sequelae beyond kMaxSequelaKinds distinct kinds
  std::array<SequelaCount, kMaxSequelaKinds> sequelae{};

  void add_sequela(uint16_t id, uint16_t n = 1) {
    for (uint8_t i = 0; i < sequela_kinds; ++i)
      if (sequelae[i].id == id) {
        sequelae[i].count = static_cast<uint16_t>(sequelae[i].count + n);
        return;
      }
    if (sequela_kinds == kMaxSequelaKinds) {
      sequela_overflow = static_cast<uint16_t>(sequela_overflow + n);
      return;
    }
    sequelae[sequela_kinds++] = SequelaCount{id, n};
  }
};

}  // namespace leth
