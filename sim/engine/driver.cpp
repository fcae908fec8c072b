#include "sim/engine/driver.h"

#include <stdexcept>
#include <string>

namespace leth {

ChunkSchedule::ChunkSchedule(const DrivePlan& plan)
    : first_(plan.first),
      end_(plan.first + plan.count),
      chunk_(plan.chunk_trials),
      shards_(plan.shards) {
  if (plan.chunk_trials == 0) throw std::invalid_argument("drive: a chunk holds no trials");
  if (plan.shards == 0 || plan.shard >= plan.shards)
    throw std::invalid_argument("drive: shard " + std::to_string(plan.shard) + " of " +
                                std::to_string(plan.shards));
  if (plan.count == 0) return;
  const uint64_t lo = first_ / chunk_, hi = (end_ - 1) / chunk_;  // chunk indices, inclusive
  first_chunk_ = lo + (plan.shard + shards_ - lo % shards_) % shards_;
  if (first_chunk_ > hi) return;
  size_ = (hi - first_chunk_) / shards_ + 1;
}

TrialRanges::Range ChunkSchedule::operator[](uint64_t j) const {
  const uint64_t i = first_chunk_ + j * shards_;
  return {std::max(first_, i * chunk_), std::min(end_, (i + 1) * chunk_)};
}

uint64_t ChunkSchedule::index_of(uint64_t t) const {
  if (size_ == 0 || t < first_ || t >= end_) return npos;
  const uint64_t i = t / chunk_;
  if (i < first_chunk_ || (i - first_chunk_) % shards_ != 0) return npos;
  return (i - first_chunk_) / shards_;
}

uint64_t ChunkSchedule::trials() const {
  if (size_ == 0) return 0;
  // Whole chunks, less what the plan's two ends cut off the first and the last.
  const auto [lo, lo_end] = (*this)[0];
  const auto [hi_begin, hi] = (*this)[size_ - 1];
  if (size_ == 1) return hi - lo;
  return (lo_end - lo) + (hi - hi_begin) + (size_ - 2) * chunk_;
}

ChunkSchedule chunk_schedule(const DrivePlan& plan) {
  return ChunkSchedule(plan);
}

std::vector<TrialRanges::Range> missing_trials(const RunTally& start,
                                               const TrialRanges::Range& chunk) {
  std::vector<TrialRanges::Range> holes;
  uint64_t at = chunk.first;
  for (const auto& [a, b] : start.ranges.ranges()) {
    if (b <= at) continue;
    if (a >= chunk.second) break;
    if (a > at) holes.emplace_back(at, a);
    at = std::max(at, b);
  }
  if (at < chunk.second) holes.emplace_back(at, chunk.second);
  return holes;
}

void check_start(const LoadedScenario& s, uint64_t seed, const RunTally& start,
                 const DrivePlan& plan) {
  RunTally probe = start;
  probe.merge(empty_tally(s, seed));  // another run, or another shape: refused
  const ChunkSchedule chunks(plan);
  auto twice = [](uint64_t a, uint64_t b) {
    throw TallyMismatch("trials [" + std::to_string(a) + ", " + std::to_string(b) +
                        ") are already counted: the same trials would be counted twice");
  };
  // Only an interrupted first chunk may be begun already, and not wholly.
  const uint64_t open_chunk = plan.continues_chunk ? 0 : ChunkSchedule::npos;
  if (plan.continues_chunk && !chunks.empty() && missing_trials(start, chunks[0]).empty())
    twice(chunks[0].first, chunks[0].second);
  // Each range of `start` against the chunks it meets: no more work than ranges it holds.
  for (const auto& [a, b] : start.ranges.ranges()) {
    const uint64_t lo = std::max(a, plan.first), hi = std::min(b, plan.first + plan.count);
    if (lo >= hi || chunks.empty()) continue;
    // The first owned chunk at or after lo's chunk: does it begin before hi?
    const uint64_t c = lo / plan.chunk_trials;
    uint64_t i = c + (plan.shard + plan.shards - c % plan.shards) % plan.shards;
    for (;; i += plan.shards) {
      const uint64_t chunk_lo = std::max(plan.first, i * plan.chunk_trials);
      if (chunk_lo >= hi) break;
      const uint64_t j = chunks.index_of(chunk_lo);
      if (j == ChunkSchedule::npos) break;
      if (j != open_chunk) twice(std::max(lo, chunk_lo), std::min(hi, chunks[j].second));
    }
  }
}

RunTally drive(const LoadedScenario& s, uint64_t seed, RunTally start, const DrivePlan& plan,
               const ChunkHook& hook, std::atomic<uint64_t>* done, const std::atomic<int>* stop) {
  check_start(s, seed, start, plan);  // before spending any time on trials
  const ChunkSchedule chunks(plan);
  for (uint64_t j = 0; j < chunks.size(); ++j) {
    const TrialRanges::Range chunk = chunks[j];
    const auto todo = j == 0 && plan.continues_chunk ? missing_trials(start, chunk)
                                                     : std::vector<TrialRanges::Range>{chunk};
    for (const auto& [lo, hi] : todo) {
      const RunTally part = run_trials(s, seed, lo, hi - lo, done, stop);
      start.merge(part);
      if (part.trials() < hi - lo) return start;  // stopped inside the chunk
    }
    if (hook && !hook(start)) break;
  }
  return start;
}

RunTally drive(const LoadedScenario& s, uint64_t seed, const DrivePlan& plan, const ChunkHook& hook,
               std::atomic<uint64_t>* done, const std::atomic<int>* stop) {
  return drive(s, seed, empty_tally(s, seed), plan, hook, done, stop);
}

}  // namespace leth
