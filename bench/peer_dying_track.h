// The hand-written peer of bench/pf2-dying-track.toml: the tightest single-purpose loop that
// answers the same question as the engine (how often the knocked-out fighter dies, when, and
// when the survivors are back to full HP), with no engine code. The engine's speed goal is
// measured against it (bench/bench_peer.cpp, bench/README.md).
#pragma once

#include <cstdint>

namespace peer {

// The numbers of bench/pf2-dying-track.toml and the pf2 rules it runs (rules/pf2/README.md).
struct DyingTrack {
  int fortitude = 7;  // recovery save modifier
  int dc = 16;        // knock-out DC; each save is vs dc + dying
  int max_hp = 20;
  int level = 1;
  int con = 2;                    // a night's rest heals max(con, 1) x level
  int64_t round = 6;              // seconds between recovery saves
  int64_t fight_end = 6;          // one round; the knock-out is in it, the first save at its end
  int64_t stable_wake = 600;      // option stable_wake, default 10 minutes
  int64_t first_rest = 8 * 3600;  // after the fight
  int64_t rest = 8 * 3600;
  int64_t day = 86400;
  int64_t horizon = 30 * 86400;
};

struct Totals {
  uint64_t trials = 0;
  uint64_t deaths = 0;
  uint64_t recovered = 0;
  uint64_t unresolved = 0;
  uint64_t death_time_sum = 0;  // seconds, over deaths
  uint64_t full_time_sum = 0;   // seconds from the start of the fight, over the recovered
  uint64_t draws = 0;           // 64-bit random draws
};

// Precomputes the recovery-save transition table; then runs trials [first, first + count).
class DyingTrackPeer {
 public:
  explicit DyingTrackPeer(const DyingTrack& d = {});
  void run(uint64_t seed, uint64_t first, uint64_t count, Totals& out) const;
  // The exact P(death) from dying 1 (the absorbing chain, by value iteration).
  double exact_death() const;

 private:
  DyingTrack d_;
  int8_t next_[4][20];  // next dying value by (dying 1..3, natural d20 - 1); 0 stable, 4 dead
  // Two saves from one draw of 0..399 (two d20s): the dying value after them (or where the
  // first ended the track) | the number of saves taken (1 or 2) << 3.
  uint8_t two_[4][400];
  int64_t nights_;  // nights of rest from 1 HP to full
};

}  // namespace peer
