// What a model's run_trial() is given: the trial's random streams, a log when one is wanted
// (replay), and a timeline whose storage the runner keeps between trials (so a trial makes
// no heap allocation). A trial is a pure function of (model, seed, trial index).
#pragma once

#include "sim/core/event_log.h"
#include "sim/core/stream.h"
#include "sim/core/timeline.h"

namespace leth {

struct TrialContext {
  TrialRng& rng;
  EventLog* log;       // null in runs: logging then costs nothing
  Timeline& timeline;  // empty when the trial starts
};

}  // namespace leth
