#include "sim/engine/driver.h"

#include <stdexcept>

namespace leth {

std::vector<TrialRanges::Range> chunk_schedule(const DrivePlan& plan) {
  if (plan.chunk_trials == 0) throw std::invalid_argument("drive: a chunk holds no trials");
  std::vector<TrialRanges::Range> chunks;
  const uint64_t end = plan.first + plan.count;
  for (uint64_t lo = plan.first; lo < end;) {
    const uint64_t boundary = (lo / plan.chunk_trials + 1) * plan.chunk_trials;
    const uint64_t hi = std::min(end, boundary);
    chunks.emplace_back(lo, hi);
    lo = hi;
  }
  return chunks;
}

RunTally drive(const LoadedScenario& s, uint64_t seed, RunTally start, const DrivePlan& plan,
               const ChunkHook& hook, std::atomic<uint64_t>* done) {
  // Refuse a wrong start before spending any time on trials.
  RunTally planned = empty_tally(s, seed);
  planned.ranges.add(plan.first, plan.first + plan.count);
  RunTally probe = start;
  probe.merge(planned);
  for (const auto& [lo, hi] : chunk_schedule(plan)) {
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
