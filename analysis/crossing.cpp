#include "analysis/crossing.h"

#include <algorithm>
#include <limits>

namespace leth {

const char* crossing_answer_name(CrossingAnswer a) {
  switch (a) {
    case CrossingAnswer::Crossed:
      return "crossed";
    case CrossingAnswer::StaysAbove:
      return "above";
    case CrossingAnswer::StaysBelow:
      return "below";
    case CrossingAnswer::NoTrend:
      break;
  }
  return "no_trend";
}

namespace {

// Where the fit, linear between points i - 1 and i, reaches `target` (the two fitted rates
// on either side of it, or the second on it).
double interpolate(const SweepCrossing& c, size_t i, double target) {
  const double x0 = c.points[i - 1].x, x1 = c.points[i].x;
  const double f0 = c.fit.rate[i - 1], f1 = c.fit.rate[i];
  if (f1 == target) return x1;
  return x0 + (target - f0) / (f1 - f0) * (x1 - x0);
}

}  // namespace

SweepCrossing find_crossing(std::vector<BinomialPoint> points, double target, IntervalKind kind) {
  SweepCrossing c;
  std::erase_if(points, [](const BinomialPoint& p) { return p.n == 0; });
  std::sort(points.begin(), points.end(),
            [](const BinomialPoint& a, const BinomialPoint& b) { return a.x < b.x; });
  c.points = points;
  for (const BinomialPoint& p : points) c.bands.push_back(rate_interval(kind, p.k, p.n));
  c.fit = monotone_fit(points);
  if (points.empty()) return c;

  // The bracket: the outermost neighbouring pairs on either side of the target.
  auto below = [&](size_t i) { return points[i].rate() < target; };
  for (size_t i = 1; i < points.size(); ++i)
    if (below(i - 1) != below(i)) {
      if (std::isnan(c.bracket_lo)) c.bracket_lo = points[i - 1].x;
      c.bracket_hi = points[i].x;
    }
  if (std::isnan(c.bracket_lo)) {
    c.answer = below(0) ? CrossingAnswer::StaysBelow : CrossingAnswer::StaysAbove;
    return c;
  }

  // The estimate, on the monotone fit. Rising: the first point fitted at or above the target;
  // falling: the first fitted below it. Either way the fit must start on the other side.
  const bool rising = c.fit.trend == Trend::Rising;
  auto far_side = [&](size_t i) {
    return rising ? c.fit.rate[i] >= target : c.fit.rate[i] < target;
  };
  size_t first = 0;
  while (first < points.size() && !far_side(first)) ++first;
  if (c.fit.trend == Trend::Flat || first == 0 || first == points.size()) {
    c.answer = CrossingAnswer::NoTrend;
    return c;
  }
  c.answer = CrossingAnswer::Crossed;
  if (rising) {
    c.x = interpolate(c, first, target);
  } else {
    // Falling: the last x where the fit is at the target or above, between first - 1 and first.
    const double x0 = points[first - 1].x, x1 = points[first].x;
    const double f0 = c.fit.rate[first - 1], f1 = c.fit.rate[first];
    c.x = f0 == target ? x0 : x0 + (f0 - target) / (f0 - f1) * (x1 - x0);
  }

  // The interval: a point whose interval lies wholly below the target (rising) is on the near
  // side of the crossing, one wholly above it on the far side; the crossing lies between the
  // last sure point of the one and the first of the other.
  const double inf = std::numeric_limits<double>::infinity();
  c.lo = -inf;
  c.hi = inf;
  for (size_t i = 0; i < points.size(); ++i) {
    const bool sure_below = c.bands[i].hi<target, sure_above = c.bands[i].lo> target;
    const bool near = rising ? sure_below : sure_above, far = rising ? sure_above : sure_below;
    if (near) c.lo = std::max(c.lo, points[i].x);
    if (far) c.hi = std::min(c.hi, points[i].x);
  }
  // Points that contradict the trend (a sure point on the wrong side of the estimate) widen
  // the interval to the estimate rather than exclude it.
  c.lo = std::min(c.lo, c.x);
  c.hi = std::max(c.hi, c.x);
  return c;
}

}  // namespace leth
