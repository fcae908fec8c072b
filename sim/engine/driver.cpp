#include "sim/engine/driver.h"

#include <stdexcept>
#include <string>

namespace leth {

std::vector<TrialRanges::Range> chunk_schedule(const DrivePlan& plan) {
  if (plan.chunk_trials == 0) throw std::invalid_argument("drive: a chunk holds no trials");
  if (plan.shards == 0 || plan.shard >= plan.shards)
    throw std::invalid_argument("drive: shard " + std::to_string(plan.shard) + " of " +
                                std::to_string(plan.shards));
  std::vector<TrialRanges::Range> chunks;
  const uint64_t end = plan.first + plan.count;
  for (uint64_t lo = plan.first; lo < end;) {
    const uint64_t boundary = (lo / plan.chunk_trials + 1) * plan.chunk_trials;
    const uint64_t hi = std::min(end, boundary);
    if ((lo / plan.chunk_trials) % plan.shards == plan.shard) chunks.emplace_back(lo, hi);
    lo = hi;
  }
  return chunks;
}

RunTally drive(const LoadedScenario& s, uint64_t seed, RunTally start, const DrivePlan& plan,
               const ChunkHook& hook, std::atomic<uint64_t>* done) {
  // Refuse a wrong start before spending any time on trials.
  const auto chunks = chunk_schedule(plan);
  RunTally planned = empty_tally(s, seed);
  for (const auto& [lo, hi] : chunks) planned.ranges.add(lo, hi);
  RunTally probe = start;
  probe.merge(planned);
  for (const auto& [lo, hi] : chunks) {
    start.merge(run_trials(s, seed, lo, hi - lo, done));
    if (hook && !hook(start)) break;
  }
  return start;
}

RunTally drive(const LoadedScenario& s, uint64_t seed, const DrivePlan& plan, const ChunkHook& hook,
               std::atomic<uint64_t>* done) {
  return drive(s, seed, empty_tally(s, seed), plan, hook, done);
}

}  // namespace leth
