// One scenario of `lethality run` played: its chunks driven (over MPI ranks when there are
// some), the progress line drawn, a checkpoint saved every --checkpoint-every trials, and the
// run stopped at a chunk boundary once precise enough (--precision) or, on Ctrl-C, after the
// trials in hand.
#pragma once

#include <cstddef>
#include <cstdint>

#include "sim/cli/plan.h"
#include "sim/engine/checkpoint.h"

namespace leth {

// The scenario's place in the batch, for the progress line.
struct ScenarioPlace {
  size_t index = 0, count = 1;  // scenario index + 1 of count
  uint64_t session_trials = 0;  // this scenario's trials in this session
  uint64_t batch_after = 0;     // the trials of the batch's scenarios after it
};

struct DrivenScenario {
  Checkpoint cp;         // the plan's start with every trial run added
  bool precise = false;  // --precision: the target was met (decided at a chunk boundary)
  bool stopped = false;  // Ctrl-C or SIGTERM stopped it
  bool complete() const { return cp.complete() || precise; }
};

// Throws CheckpointError when a checkpoint cannot be saved. `threads`: the run's thread count
// (recorded in checkpoints).
DrivenScenario drive_scenario(const PlannedScenario& p, const RunSettings& settings,
                              const ScenarioPlace& place, int threads, bool quiet);

}  // namespace leth
