// Candidate generators for sim/core/stream.h, measured by bench/bench_rng.cpp. Each gives the
// same shape as a Stream: a per-trial key made once (TrialRng), a stream opened by
// (purpose, index), raw 64-bit draws. Only the generator differs; the winner's construction is
// what sim/core/stream.h implements (bench/README.md has the figures).
#pragma once

#include <Random123/philox.h>

#include <cstdint>

namespace cand {

inline constexpr uint64_t kGamma = 0x9e3779b97f4a7c15ULL;  // 2^64 / golden ratio, odd

// Stafford's Mix13, SplitMix64's output function: a bijection with full avalanche.
inline uint64_t mix64(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

inline uint64_t purpose_index(uint16_t purpose, uint64_t index) {
  return (static_cast<uint64_t>(purpose) << 48) | (index & ((uint64_t{1} << 48) - 1));
}

// Today's stream: Philox4x64-10, key (seed, purpose|index), counter (trial, block); a block
// of 4 values per 10 rounds.
struct Philox {
  struct Trial {
    uint64_t seed, trial;
    Trial(uint64_t s, uint64_t t) : seed(s), trial(t) {}
  };
  struct Stream {
    r123::Philox4x64::key_type key;
    r123::Philox4x64::ctr_type ctr, buf;
    unsigned pos = 4;
    Stream(const Trial& t, uint16_t p, uint64_t i) {
      key = {{t.seed, purpose_index(p, i)}};
      ctr = {{t.trial, 0, 0, 0}};
    }
    uint64_t next() {
      if (pos == 4) {
        buf = r123::Philox4x64()(ctr, key);
        ++ctr.v[1];
        pos = 0;
      }
      return buf.v[pos++];
    }
  };
};

// Keyed SplitMix64: trial key = mix64(mix64(seed) ^ trial), stream key =
// mix64(trial key ^ purpose|index) (one mix per open), draw k = mix64(key + (k+1) gamma).
struct SplitMix {
  struct Trial {
    uint64_t key;
    Trial(uint64_t s, uint64_t t) : key(mix64(mix64(s) ^ t)) {}
  };
  struct Stream {
    uint64_t state;
    Stream(const Trial& t, uint16_t p, uint64_t i) : state(mix64(t.key ^ purpose_index(p, i))) {}
    uint64_t next() { return mix64(state += kGamma); }
  };
};

// The same keys, wyrand's output (Wang Yi): one 64x64->128 multiply, hi ^ lo.
struct WyRand {
  struct Trial {
    uint64_t key;
    Trial(uint64_t s, uint64_t t) : key(mix64(mix64(s) ^ t)) {}
  };
  struct Stream {
    uint64_t state;
    Stream(const Trial& t, uint16_t p, uint64_t i) : state(mix64(t.key ^ purpose_index(p, i))) {}
    uint64_t next() {
      state += 0xa0761d6478bd642fULL;
      const unsigned __int128 m =
          static_cast<unsigned __int128>(state) * (state ^ 0xe7037ed1a0b428dbULL);
      return static_cast<uint64_t>(m >> 64) ^ static_cast<uint64_t>(m);
    }
  };
};

}  // namespace cand
