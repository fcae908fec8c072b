// A precision target instead of a trial count: the run goes on, chunk by chunk, until every
// variant's death-rate interval is narrow enough. The decision reads only integer tallies, so
// taken at the driver's chunk boundaries (sim/engine/driver.h) it stops every run of the same
// scenario and seed at the same trial, whatever the thread count.
#pragma once

#include <cstdint>
#include <string>

#include "analysis/interval.h"
#include "analysis/tally.h"

namespace leth {

struct PrecisionTarget {
  // The 95% interval's half-width, (hi - lo) / 2: at most `half_width` (absolute), or at most
  // `half_width` times the estimate (relative; 0.05 for "5%").
  double half_width = 0;
  bool relative = false;
  uint64_t min_trials = 10'000;  // never stop before this many trials
  uint64_t min_deaths = 20;      // ... nor before each variant has this many deaths
  IntervalKind interval = IntervalKind::Wilson;

  // As written on the command line: "0.001" or "5%".
  std::string text() const;
};

// True when every variant of `t` meets the target: at least min_trials trials and min_deaths
// deaths (`died_mask`: the declared ends that are deaths), and its death-rate interval no
// wider than asked. A variant that never dies is never precise: its run goes to the cap.
bool precise_enough(const PrecisionTarget& target, const RunTally& t, uint64_t died_mask);

// An estimate of the trials the target needs, for a progress line's ETA (never for stopping):
// each variant's interval narrows as 1/sqrt(trials), so it needs trials x (half-width /
// allowed)^2, and at least min_trials, and trials x min_deaths / deaths (deaths counted as 1
// when there are none yet); the most any variant needs. 0 when the tally is empty.
uint64_t trials_needed(const PrecisionTarget& target, const RunTally& t, uint64_t died_mask);

}  // namespace leth
