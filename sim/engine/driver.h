// The run driver: a fixed schedule of trial chunks in trial-index space. Chunk boundaries are
// multiples of the chunk size (whatever the first trial), tallies are merged at each boundary
// and a hook sees the tally there — where a stopping rule, a checkpoint or a progress report
// looks. Because the boundaries and the tallies at them depend only on (scenario, seed,
// trials), so does every decision taken there: never the thread count, shard or machine.
//
// A stop request (Ctrl-C) need not wait for a boundary: the runner stops after the trials in
// hand, and the tally says exactly which trials it holds. A run continued from such a tally
// runs the rest of the interrupted chunk before the next boundary, so the hook sees there the
// very tally an uninterrupted run would have shown it (tallies merge exactly).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <iterator>

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
  // The first chunk was begun by a run that was stopped inside it: the starting tally holds
  // some of its trials (not all), which are not run again.
  bool continues_chunk = false;
};

// Sees the tally after each chunk (all trials from plan.first so far); false stops the run
// at this boundary.
using ChunkHook = std::function<bool(const RunTally& so_far)>;

// The chunks of a plan that its shard owns, in order: [first, last) ranges, computed when
// asked rather than listed, so that a plan of 10^12 trials takes no more memory than one of
// 10^6.
class ChunkSchedule {
 public:
  static constexpr uint64_t npos = ~uint64_t{0};

  // Throws std::invalid_argument for a chunk of no trials or a shard that does not exist.
  explicit ChunkSchedule(const DrivePlan& plan);

  uint64_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  TrialRanges::Range operator[](uint64_t j) const;
  // The index of the chunk holding trial t, or npos when none of these chunks does.
  uint64_t index_of(uint64_t t) const;
  // The trials in all of these chunks.
  uint64_t trials() const;

  class iterator {
   public:
    using iterator_category = std::input_iterator_tag;
    using value_type = TrialRanges::Range;
    using difference_type = std::ptrdiff_t;
    using pointer = void;
    using reference = TrialRanges::Range;
    iterator(const ChunkSchedule* s, uint64_t j) : s_(s), j_(j) {}
    TrialRanges::Range operator*() const { return (*s_)[j_]; }
    iterator& operator++() {
      ++j_;
      return *this;
    }
    bool operator==(const iterator& o) const { return j_ == o.j_; }

   private:
    const ChunkSchedule* s_;
    uint64_t j_;
  };
  iterator begin() const { return {this, 0}; }
  iterator end() const { return {this, size_}; }

 private:
  uint64_t first_, end_, chunk_, shards_;
  uint64_t first_chunk_ = 0;  // the index (from trial 0) of the first chunk owned
  uint64_t size_ = 0;
};

ChunkSchedule chunk_schedule(const DrivePlan& plan);

// Runs the plan's chunks in order from an empty tally.
RunTally drive(const LoadedScenario& s, uint64_t seed, const DrivePlan& plan,
               const ChunkHook& hook = {}, std::atomic<uint64_t>* done = nullptr,
               const std::atomic<int>* stop = nullptr);
// The same, merging each chunk into `start`: a tally of earlier trials of this very run
// (scenario, seed, version, variants). Anything else — another run's tally, or trials that
// `start` already covers (but those of an interrupted first chunk, plan.continues_chunk) — is
// refused with TallyMismatch before any trial runs. When `stop` becomes non-zero the run
// stops after the trials in hand, inside a chunk if need be: the tally returned holds exactly
// the trials that ran, and no hook is called for the unfinished chunk.
RunTally drive(const LoadedScenario& s, uint64_t seed, RunTally start, const DrivePlan& plan,
               const ChunkHook& hook = {}, std::atomic<uint64_t>* done = nullptr,
               const std::atomic<int>* stop = nullptr);

// Checks `start` against the plan as drive() does; throws TallyMismatch.
void check_start(const LoadedScenario& s, uint64_t seed, const RunTally& start,
                 const DrivePlan& plan);
// The trials of `chunk` that `start` does not hold yet, in order.
std::vector<TrialRanges::Range> missing_trials(const RunTally& start,
                                               const TrialRanges::Range& chunk);

}  // namespace leth
