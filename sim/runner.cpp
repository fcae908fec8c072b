#include "sim/runner.h"

#include <tbb/blocked_range.h>
#include <tbb/combinable.h>
#include <tbb/info.h>
#include <tbb/parallel_for.h>

namespace leth {

RunTally empty_tally(const LoadedScenario& s) {
  RunTally t;
  for (const Model& m : s.models) {
    t.variants.emplace_back(condition_names(m).size(), sequela_names(m).size());
    t.paired.emplace_back();
  }
  return t;
}

RunTally run_trials(const LoadedScenario& s, uint64_t seed, uint64_t first, uint64_t count,
                    std::atomic<uint64_t>* done) {
  const RunTally empty = empty_tally(s);
  tbb::combinable<RunTally> partial([&] { return empty; });
  const uint64_t blocks = (count + kBlockTrials - 1) / kBlockTrials;
  const size_t nv = s.models.size();
  tbb::parallel_for(tbb::blocked_range<uint64_t>(0, blocks, 1), [&](const auto& range) {
    RunTally& t = partial.local();
    std::vector<Outcome> outcomes(nv);
    for (uint64_t b = range.begin(); b != range.end(); ++b) {
      const uint64_t lo = first + b * kBlockTrials;
      const uint64_t hi = std::min(first + count, lo + kBlockTrials);
      for (uint64_t trial = lo; trial < hi; ++trial) {
        for (size_t v = 0; v < nv; ++v) {
          // Common random numbers: every variant replays trial i from the same streams.
          TrialRng rng(seed, trial);
          outcomes[v] = run_trial(s.models[v], rng, nullptr);
          t.variants[v].add(outcomes[v], rng.draws());
          t.paired[v].add(outcomes[0], outcomes[v]);
        }
      }
      if (done) done->fetch_add(hi - lo, std::memory_order_relaxed);
    }
  });
  RunTally out = empty;
  partial.combine_each([&](const RunTally& t) {
    for (size_t v = 0; v < nv; ++v) {
      out.variants[v].merge(t.variants[v]);
      out.paired[v].merge(t.paired[v]);
    }
  });
  out.first_trial = first;
  out.trials = count;
  return out;
}

Outcome replay_trial(const LoadedScenario& s, size_t variant, uint64_t seed, uint64_t trial,
                     EventLog* log, uint64_t* draws) {
  TrialRng rng(seed, trial);
  const Outcome o = run_trial(s.models.at(variant), rng, log);
  if (draws) *draws = rng.draws();
  return o;
}

int default_threads() { return tbb::info::default_concurrency(); }

ThreadLimit::ThreadLimit(int n)
    : threads_(n > 0 ? n : default_threads()),
      control_(tbb::global_control::max_allowed_parallelism, static_cast<size_t>(threads_)) {}

}  // namespace leth
