// SplitMix64 (Steele, Lea & Flood, OOPSLA 2014) for the hand-written peers: one add and one
// mix per draw, the fastest sound 64-bit generator we know, seeded per trial. The same
// function as the engine's stream (sim/core/stream.h), written out so the peers use no engine
// code.
#pragma once

#include <cstdint>

namespace peer {

inline constexpr uint64_t kGamma = 0x9e3779b97f4a7c15ULL;

inline uint64_t mix64(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

}  // namespace peer
