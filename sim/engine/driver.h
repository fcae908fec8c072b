// The run driver: a fixed schedule of trial chunks in trial-index space. Chunk boundaries are
// multiples of the chunk size (whatever the first trial), tallies are merged at each boundary
// and a hook sees the tally there — where a stopping rule, a checkpoint or a progress report
// looks. Because the boundaries and the tallies at them depend only on (scenario, seed,
// trials), so does every decision taken there: never the thread count, shard or machine.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>

#include "sim/engine/runner.h"

namespace leth {

inline constexpr uint64_t kChunkTrials = 64 * kBlockTrials;  // 65,536

struct DrivePlan {
  uint64_t first = 0;  // the first trial index
  uint64_t count = 0;  // trials at most
  uint64_t chunk_trials = kChunkTrials;
  // A shard runs only the chunks it owns: chunk i (trials [i*chunk, (i+1)*chunk), counted
  // from trial 0 whatever `first`) belongs to shard i mod shards (0-based here).
  uint64_t shard = 0;
  uint64_t shards = 1;
};

// Sees the tally after each chunk (all trials from plan.first so far); false stops the run
// at this boundary.
using ChunkHook = std::function<bool(const RunTally& so_far)>;

// The chunks of a plan that its shard owns, in order: [first, last) pairs.
std::vector<TrialRanges::Range> chunk_schedule(const DrivePlan& plan);

// Runs the plan's chunks in order from an empty tally.
RunTally drive(const LoadedScenario& s, uint64_t seed, const DrivePlan& plan,
               const ChunkHook& hook = {}, std::atomic<uint64_t>* done = nullptr);
// The same, merging each chunk into `start`: a tally of earlier trials of this very run
// (scenario, seed, version, variants). Anything else — another run's tally, or trials that
// `start` already covers — is refused with TallyMismatch before any trial runs.
RunTally drive(const LoadedScenario& s, uint64_t seed, RunTally start, const DrivePlan& plan,
               const ChunkHook& hook = {}, std::atomic<uint64_t>* done = nullptr);

}  // namespace leth
