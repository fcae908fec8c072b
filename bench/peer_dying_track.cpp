#include "bench/peer_dying_track.h"

#include <algorithm>

#include "bench/splitmix.h"

namespace peer {

namespace {

// Two d20s at once, 0..399 without bias (Lemire): 2^64 mod 400 = 16, so the rejection loop
// almost never runs.
inline unsigned two_d20(uint64_t& state, uint64_t& draws) {
  for (;;) {
    state += kGamma;
    ++draws;
    const unsigned __int128 m = static_cast<unsigned __int128>(mix64(state)) * 400;
    if (static_cast<uint64_t>(m) >= 16) return static_cast<unsigned>(m >> 64);
  }
}

int degree(int natural, int total, int dc) {
  int d = total >= dc + 10 ? 3 : total >= dc ? 2 : total <= dc - 10 ? 0 : 1;
  if (natural == 20) d = std::min(3, d + 1);
  if (natural == 1) d = std::max(0, d - 1);
  return d;
}

}  // namespace

DyingTrackPeer::DyingTrackPeer(const DyingTrack& d) : d_(d) {
  static constexpr int kShift[] = {+2, +1, -1, -2};  // by degree
  for (int dying = 1; dying <= 3; ++dying)
    for (int r = 1; r <= 20; ++r)
      next_[dying][r - 1] = static_cast<int8_t>(
          std::clamp(dying + kShift[degree(r, r + d.fortitude, d.dc + dying)], 0, 4));
  for (int dying = 1; dying <= 3; ++dying)
    for (int r = 0; r < 400; ++r) {
      const int first = next_[dying][r / 20];
      const bool ended = first == 0 || first == 4;
      two_[dying][r] =
          static_cast<uint8_t>((ended ? first : next_[first][r % 20]) | (ended ? 1 : 2) << 3);
    }
  const int gain = std::max(d.con, 1) * d.level;
  const int nights = (d.max_hp - 1 + gain - 1) / gain;  // from 1 HP
  nights_ = nights;
}

void DyingTrackPeer::run(uint64_t seed, uint64_t first, uint64_t count, Totals& out) const {
  const uint64_t seed_key = mix64(seed);
  const int64_t rest_start = d_.fight_end + d_.first_rest;
  const int64_t nights = nights_;
  uint64_t draws = 0, deaths = 0, recovered = 0, unresolved = 0, tdeath = 0, tfull = 0;
  for (uint64_t trial = first; trial < first + count; ++trial) {
    uint64_t state = mix64(seed_key ^ trial);
    unsigned dying = 1;
    int64_t t = d_.fight_end - d_.round;  // the time of the last save taken
    for (;;) {
      const unsigned e = two_[dying][two_d20(state, draws)];
      dying = e & 7;
      t += (e >> 3) * d_.round;
      if (dying == 0 || dying == 4) break;
    }
    if (t > d_.horizon) {
      ++unresolved;
    } else if (dying == 4) {
      ++deaths;
      tdeath += static_cast<uint64_t>(t);
    } else {
      // Stable at t: wakes at 1 HP; rests only while conscious, one a day from rest_start.
      const int64_t wake = t + d_.stable_wake;
      int64_t first_night = rest_start;
      if (wake > first_night) first_night += (wake - first_night + d_.day - 1) / d_.day * d_.day;
      const int64_t full = first_night + (nights - 1) * d_.day + d_.rest;
      if (full > d_.horizon) {
        ++unresolved;
      } else {
        ++recovered;
        tfull += static_cast<uint64_t>(full);
      }
    }
  }
  out.trials += count;
  out.deaths += deaths;
  out.recovered += recovered;
  out.unresolved += unresolved;
  out.death_time_sum += tdeath;
  out.full_time_sum += tfull;
  out.draws += draws;
}

double DyingTrackPeer::exact_death() const {
  double h[5] = {0, 0, 0, 0, 1};  // P(death | dying); 0 stable, 4 dead
  for (int it = 0; it < 10000; ++it)
    for (int dying = 1; dying <= 3; ++dying) {
      double s = 0;
      for (int r = 0; r < 20; ++r) s += h[next_[dying][r]];
      h[dying] = s / 20;
    }
  return h[1];
}

}  // namespace peer
