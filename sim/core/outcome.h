// What one trial produced, in the terms its model declared (sim/core/metrics.h): which end,
// when, how many times each counted thing happened, the durations measured, and the lasting
// injuries with their magnitudes. Fixed-size and allocation-free: millions are made a second.
#pragma once

#include <array>
#include <cstdint>

#include "sim/core/clock.h"

namespace leth {

struct SequelaEntry {
  uint16_t id;        // index into the model's MetricSpec::sequelae
  uint16_t count;     // how many the character carries
  int32_t magnitude;  // summed magnitudes (Strength -2 twice: -4); 0 where the rule has none
};

// A campaign's (sim/engine/campaign.h): `count` lasting injuries taken in adventure `adventure`
// (from 1), one step of what the character carries from then on.
struct LastingStep {
  uint16_t adventure;
  uint32_t count;
};

struct Outcome {
  static constexpr size_t kMaxEnds = 64;
  // A party of five: 8 + 2 per member + dnd5e's 6 + a day's encounters; and a campaign's
  // retirements, and why (sim/engine/campaign.h).
  static constexpr size_t kMaxCounters = 28;
  static constexpr size_t kMaxDurations = 20;     // a party of five: 4 + 3 per member
  static constexpr size_t kMaxSequelae = 16;      // distinct kinds in one trial
  static constexpr size_t kMaxSequelaIds = 4096;  // kinds a model may declare
  static constexpr size_t kMaxLastingSteps = 32;  // a campaign's adventures that added some
  static constexpr size_t kMaxMembers = 8;        // a party campaign's member life tables

  uint16_t end = 0;      // index into MetricSpec::ends
  // A campaign's (MetricSpec::adventures > 0): the adventures lived through — a death is in
  // adventure `adventures + 1`. 0 for a trial of one adventure.
  uint16_t adventures = 0;
  Seconds end_time = 0;  // when it ended: death, full recovery, or the horizon
  static_assert(kMaxDurations <= 32, "measured holds a bit per duration");
  uint32_t measured = 0;  // bit d: durations[d] was measured in this trial
  uint8_t sequela_kinds = 0;
  uint16_t sequela_overflow = 0;  // sequelae beyond kMaxSequelae distinct kinds
  // A campaign's: the adventures that added lasting injuries, in order (lasting[i], i <
  // lasting_steps). Past kMaxLastingSteps of them, the later ones join the last step and
  // lasting_merged is set (the tally counts such trials; docs/campaigns.md).
  uint8_t lasting_steps = 0;
  bool lasting_merged = false;
  std::array<uint32_t, kMaxCounters> counters{};
  // A party campaign's, by member j (the j-th counter of MetricSpec::member_death_mask): the
  // adventure (from 1) in which its first death fell; 0: none. With after_a_death = "replace"
  // a member dies in an adventure the campaign goes on from; otherwise its death ends it.
  std::array<uint16_t, kMaxMembers> member_died_in{};
  // And the adventure (from 1) after which the campaign's rule retired it, alive (its place
  // then empty, or a newcomer's whose death is not dated here); 0: never retired.
  std::array<uint16_t, kMaxMembers> member_retired_after{};
  // Only durations[d] with has(d), sequelae[i] with i < sequela_kinds and lasting[i] with
  // i < lasting_steps hold anything: the rest is left unset (not zeroed), as a trial's outcome
  // is made millions of times a second. Read them through has(), sequela_kinds and
  // lasting_steps; == compares only what is set.
  std::array<Seconds, kMaxDurations> durations;
  std::array<SequelaEntry, kMaxSequelae> sequelae;
  std::array<LastingStep, kMaxLastingSteps> lasting;

  void count(size_t counter, uint32_t n = 1) { counters[counter] += n; }
  void measure(size_t duration, Seconds s) {
    durations[duration] = s;
    measured |= 1u << duration;
  }
  bool has(size_t duration) const { return (measured >> duration) & 1u; }
  void add_sequela(uint16_t id, int32_t magnitude = 0, uint16_t n = 1);
  // A campaign's: n > 0 lasting injuries taken in adventure `adventure` (from 1, increasing).
  void add_lasting(uint16_t adventure, uint32_t n);

  bool operator==(const Outcome& o) const;
};

}  // namespace leth
