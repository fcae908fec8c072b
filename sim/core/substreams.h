// Every sub-stream a model opens, named in one place. A sub-stream is a purpose (which part
// of the story the numbers are for) and an index (which creature's turn, which check). Two
// variants of a scenario that differ only in, say, the dying rules open the same encounter
// sub-streams and so see the same attack rolls: common random numbers by purpose.
//
// Indices of one purpose must never collide within a trial; each function below says how
// its index is made. Purpose::Test is for tests and benchmarks only.
#pragma once

#include <cstdint>

#include "sim/core/stream.h"

namespace leth {

struct SubStream {
  Purpose purpose;
  uint64_t index;
};

inline Stream open(TrialRng& rng, SubStream s) {
  return rng.stream(s.purpose, s.index);
}

namespace streams {

// Encounter: the fight's length and set-up.
inline constexpr SubStream fight_setup() {
  return {Purpose::Encounter, 0};
}
// Encounter: one creature's turn in one round (round >= 1, actor < 2^16): its attack rolls,
// damage, and whether it keeps striking a fallen character.
inline constexpr SubStream creature_turn(int round, uint64_t actor) {
  return {Purpose::Encounter, (static_cast<uint64_t>(round) << 16) | (actor & 0xffff)};
}
inline constexpr uint64_t kMaxActors = 1u << 16;

// Care: when help arrives.
inline constexpr SubStream help_arrival() {
  return {Purpose::Care, 0};
}
// Care: the n-th act of care in the trial (n >= 1): a heal, first aid, a treatment.
inline constexpr SubStream care_action(uint64_t n) {
  return {Purpose::Care, n};
}

// Dying: the n-th check of the dying track (n >= 0): a recovery save, a survival test.
inline constexpr SubStream dying_check(uint64_t n) {
  return {Purpose::Dying, n};
}

// Recovery: the n-th time an unconscious, stable character is set to wake (n >= 0).
inline constexpr SubStream wake(uint64_t n) {
  return {Purpose::Recovery, n};
}

// harmonies (rules/harmonies): the indices below start at 2^40, above every index the
// functions above make, so they never collide with them within a purpose.
inline constexpr uint64_t kHarmoniesBase = uint64_t{1} << 40;
// Dying: the n-th fainting roll (Rs+It) of the trial (n >= 1).
inline constexpr SubStream fainting_roll(uint64_t n) {
  return {Purpose::Dying, kHarmoniesBase | n};
}
// Care: the n-th surveillance of a therapeutic rest (n >= 1): whether it is missed.
inline constexpr SubStream surveillance(uint64_t n) {
  return {Purpose::Care, kHarmoniesBase | n};
}
// Encounter: whether the character's sudden effort in round `round` (>= 1) worsens a wound.
inline constexpr SubStream sudden_effort(int round) {
  return {Purpose::Encounter, kHarmoniesBase | static_cast<uint64_t>(round)};
}

}  // namespace streams
}  // namespace leth
