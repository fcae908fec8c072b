// --resume of a batch: whether a scenario's results folder already holds its run, finished —
// run.json whole (not "partial") and of this very run (lethality version, scenario name and
// file hash, seed, trials or precision target, interval).
#pragma once

#include <string>

#include "sim/cli/plan.h"

namespace leth {

struct FinishedRun {
  bool finished = false;   // the folder holds this run, whole: keep it
  std::string difference;  // a finished run of another run: what differs ("seed 7 vs 8")
  std::string summary;     // when finished: its summary.csv
};

// Nothing finished (no run.json, or a partial one) gives {false, ""}. Throws InputError for
// a run.json or summary.csv that does not read.
FinishedRun finished_run(const PlannedScenario& p, const RunSettings& settings);

}  // namespace leth
