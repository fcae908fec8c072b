// Where a swept death rate crosses a target, from the points alone: no curve shape is
// assumed. The answer lies where the data put it — inside the bracket of neighbouring points
// whose observed rates lie on either side of the target — and its interval comes from the
// points' own intervals. Used for sweeps (sweep_report.h); docs/numbers.md "The sweep's crossing".
#pragma once

#include <cmath>
#include <vector>

#include "analysis/interval.h"
#include "analysis/monotone_fit.h"

namespace leth {

enum class CrossingAnswer {
  Crossed,     // the points go from one side of the target to the other, and so does the fit
  StaysAbove,  // every observed rate is at or above the target
  StaysBelow,  // every observed rate is below the target
  NoTrend,     // the points straddle the target, but rise and fall: the monotone fit does not
};
const char* crossing_answer_name(CrossingAnswer a);  // "crossed", "above", "below", "no_trend"

struct SweepCrossing {
  CrossingAnswer answer = CrossingAnswer::StaysBelow;
  std::vector<BinomialPoint> points;  // with trials, in increasing x
  std::vector<Estimate> bands;        // each point's own 95% interval
  MonotoneFit fit;                    // of the points, in the same order
  // What the data say: the bracket, from the first to the last pair of neighbouring points
  // whose observed rates lie on either side of the target (one below it, one at or above
  // it) — a single pair when the observed rates are monotone. NaN without one.
  double bracket_lo = NAN, bracket_hi = NAN;
  // The estimate: where the monotone fit, linear between neighbouring points, reaches the
  // target (rising: the first x where it is at the target or above; falling: the last x
  // where it is). Always inside the bracket. NaN unless Crossed.
  double x = NAN;
  // Its 95% interval, the x-range where the points' intervals do not rule the crossing out:
  // from the last point whose interval lies wholly on the near side of the target (rising:
  // below it) to the first point whose interval lies wholly on the far side. -inf / +inf
  // when no point is that sure (the crossing may lie beyond the swept range); widened to
  // hold x. NaN unless Crossed.
  double lo = NAN, hi = NAN;
};

// `points` in any order; points without trials are left out. `target` in (0, 1).
SweepCrossing find_crossing(std::vector<BinomialPoint> points, double target,
                            IntervalKind kind = IntervalKind::Wilson);

}  // namespace leth
