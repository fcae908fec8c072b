#include "sim/engine/runner.h"

#include <new>
#include <thread>

#include <tbb/blocked_range.h>
#include <tbb/combinable.h>
#include <tbb/info.h>
#include <tbb/parallel_for.h>

namespace leth {

TallyIdentity identity_of(const LoadedScenario& s, uint64_t seed) {
  TallyIdentity id;
  id.tool_version = kToolVersion;
  id.scenario = s.scenario.name;
  id.scenario_sha256 = s.scenario.sha256;
  id.ruleset = s.scenario.ruleset;
  id.seed = seed;
  for (const VariantSpec& v : s.scenario.variants) id.variants.push_back(v.name);
  return id;
}

RunTally empty_tally(const LoadedScenario& s, uint64_t seed) {
  return RunTally(identity_of(s, seed), metrics_of(s));
}

namespace {

// Trials of blocks [b_lo, b_hi) into `t`, and their range into t.ranges: every variant of a
// trial on the same streams. A stop request ends a block after the trial in hand.
void run_blocks(const LoadedScenario& s, uint64_t seed, uint64_t first, uint64_t count,
                uint64_t b_lo, uint64_t b_hi, RunTally& t, std::atomic<uint64_t>* done,
                const std::atomic<int>* stop) {
  const size_t nv = s.models.size();
  std::vector<Outcome> out(nv);  // once per range of blocks, not per trial
  Timeline timeline;             // likewise: its storage serves every trial of the range
  for (uint64_t b = b_lo; b < b_hi; ++b) {
    const uint64_t lo = first + b * kBlockTrials;
    uint64_t hi = std::min(first + count, lo + kBlockTrials);
    for (uint64_t trial = lo; trial < hi; ++trial) {
      if (stop && stop->load(std::memory_order_relaxed) != 0) {
        hi = trial;  // the block's trials so far are tallied, and said so in the ranges
        break;
      }
      for (size_t v = 0; v < nv; ++v) {
        // Common random numbers: every variant replays trial i from the same streams.
        TrialRng rng(seed, trial);
        timeline.clear();
        TrialContext ctx{rng, nullptr, timeline};
        new (&out[v]) Outcome(play_trial(s, v, ctx));  // built in place: no copy
        t.variants[v].add(out[v], rng.draws(), trial);
      }
      t.add_pairs(out.data());
    }
    t.ranges.add(lo, hi);
    if (done) done->fetch_add(hi - lo, std::memory_order_relaxed);
  }
}

void merge_into(RunTally& out, const RunTally& t) {
  out.ranges.merge(t.ranges);
  for (size_t v = 0; v < out.variants.size(); ++v) out.variants[v].merge(t.variants[v]);
  for (size_t p = 0; p < out.paired.size(); ++p) out.paired[p].merge(t.paired[p]);
}

}  // namespace

RunTally run_trials(const LoadedScenario& s, uint64_t seed, uint64_t first, uint64_t count,
                    std::atomic<uint64_t>* done, const std::atomic<int>* stop) {
  const RunTally empty = empty_tally(s, seed);
  const uint64_t blocks = (count + kBlockTrials - 1) / kBlockTrials;
  RunTally out = empty;
#ifndef LETHALITY_STD_THREADS
  tbb::combinable<RunTally> partial([&] { return empty; });
  tbb::parallel_for(tbb::blocked_range<uint64_t>(0, blocks, 1), [&](const auto& range) {
    run_blocks(s, seed, first, count, range.begin(), range.end(), partial.local(), done, stop);
  });
  partial.combine_each([&](const RunTally& t) { merge_into(out, t); });
#else
  // ThreadSanitizer builds only: Debian's libtbb is not instrumented, so TSan cannot see its
  // synchronisation or its recycling of task memory and reports races that are not there.
  // Plain threads claiming the same blocks give TSan the whole picture of our own code.
  const size_t workers =
      tbb::global_control::active_value(tbb::global_control::max_allowed_parallelism);
  std::vector<RunTally> partial(workers, empty);
  std::atomic<uint64_t> next{0};
  std::vector<std::thread> threads;
  for (size_t w = 0; w < workers; ++w)
    threads.emplace_back([&, w] {
      for (uint64_t b; (b = next.fetch_add(1)) < blocks;)
        run_blocks(s, seed, first, count, b, b + 1, partial[w], done, stop);
    });
  for (std::thread& th : threads) th.join();
  for (const RunTally& t : partial) merge_into(out, t);
#endif
  return out;
}

Outcome replay_trial(const LoadedScenario& s, size_t variant, uint64_t seed, uint64_t trial,
                     EventLog* log, uint64_t* draws) {
  TrialRng rng(seed, trial);
  Timeline timeline;
  TrialContext ctx{rng, log, timeline};
  const Outcome o = play_trial(s, variant, ctx);
  if (draws) *draws = rng.draws();
  return o;
}

int default_threads() {
  return tbb::info::default_concurrency();
}

ThreadLimit::ThreadLimit(int n)
    : threads_(n > 0 ? n : default_threads()),
      control_(tbb::global_control::max_allowed_parallelism, static_cast<size_t>(threads_)) {}

}  // namespace leth
