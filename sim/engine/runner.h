// Runs trials: fixed blocks of trial indices spread over oneTBB workers, every variant of a
// trial on the same random streams, integer tallies merged exactly. The result depends only
// on (scenario, seed, trial range) — not on the thread count or the order blocks finish in.
// The run driver (sim/engine/driver.h) calls this chunk by chunk.
#pragma once

#include <atomic>
#include <cstdint>

#include <tbb/global_control.h>

#include "analysis/tally.h"
#include "sim/core/event_log.h"
#include "sim/engine/load.h"

namespace leth {

inline constexpr uint64_t kBlockTrials = 1024;
inline constexpr const char* kToolVersion = LETHALITY_VERSION;

// Which run a tally of this scenario and seed belongs to.
TallyIdentity identity_of(const LoadedScenario& s, uint64_t seed);
// An empty tally shaped for the scenario's variants and the model's declared metrics.
RunTally empty_tally(const LoadedScenario& s, uint64_t seed);

// Trials [first, first + count). Uses the TBB parallelism in force (see ThreadLimit).
// `done`, when given, is advanced as blocks finish (for a progress line). When `stop` becomes
// non-zero, every worker stops after the trial in hand: the tally then holds fewer trials, and
// its ranges say exactly which (any subset of the range, each block's trials from its start).
RunTally run_trials(const LoadedScenario& s, uint64_t seed, uint64_t first, uint64_t count,
                    std::atomic<uint64_t>* done = nullptr, const std::atomic<int>* stop = nullptr);

// One trial of one variant, alone, with its event log: the same trial as inside a run.
Outcome replay_trial(const LoadedScenario& s, size_t variant, uint64_t seed, uint64_t trial,
                     EventLog* log, uint64_t* draws = nullptr);

// Limits TBB to n threads while alive (n = 0: all cores).
class ThreadLimit {
 public:
  explicit ThreadLimit(int n);
  int threads() const { return threads_; }

 private:
  int threads_;
  tbb::global_control control_;
};

int default_threads();

}  // namespace leth
