#include "sim/cli/time_scale.h"

#include <cmath>

#include "sim/core/clock.h"

namespace leth {

const std::vector<TimeMark>& time_ladder() {
  static const std::vector<TimeMark> ladder = {
      {1, "1 s", 2},
      {kRound, "1 round", 1},
      {2 * kRound, "2 rounds", 3},
      {3 * kRound, "3 rounds", 2},
      {30, "30 s", 3},
      {kMinute, "1 min", 0},
      {2 * kMinute, "2 min", 3},
      {5 * kMinute, "5 min", 2},
      {10 * kMinute, "10 min", 1},
      {30 * kMinute, "30 min", 2},
      {kHour, "1 h", 0},
      {2 * kHour, "2 h", 2},
      {4 * kHour, "4 h", 2},
      {8 * kHour, "8 h", 1},
      {12 * kHour, "12 h", 3},
      {kDay, "1 day", 0},
      {2 * kDay, "2 days", 3},
      {3 * kDay, "3 days", 2},
      {kWeek, "1 week", 0},
      {2 * kWeek, "2 weeks", 2},
      {30 * kDay, "30 days", 1},
      {90 * kDay, "90 days", 2},
      {180 * kDay, "180 days", 3},
      {365 * kDay, "1 year", 0},
      {2 * 365 * kDay, "2 years", 3},
      {5 * 365 * kDay, "5 years", 2},
      {3650 * kDay, "10 years", 1},
  };
  return ladder;
}

const std::vector<TableColumn>& table_candidates() {
  static const std::vector<TableColumn> columns = [] {
    // Round k runs from 6(k - 1) s to 6k s and times are whole seconds: dead by the end of
    // round k is a time of at most 6k - 1 s.
    std::vector<TableColumn> c = {
        {kRound - 1, "round 1"}, {2 * kRound - 1, "round 2"}, {3 * kRound - 1, "round 3"}};
    for (const TimeMark& m : time_ladder())
      if (m.s >= kMinute) c.push_back({m.s, m.label, m.rank});
    return c;
  }();
  return columns;
}

double axis_position(const TimeAxis& a, double t, double width_px) {
  return width_px * std::log(t / a.lo) / std::log(a.hi / a.lo);
}

TimeAxis time_axis_for(double t_min, double t_max, double width_px, double char_px) {
  TimeAxis a;
  // The left end a little before the first time, at a mark; the right end past the last.
  a.lo = 1;
  if (t_min >= 2)
    for (const TimeMark& m : time_ladder())
      if (m.s <= t_min / 1.5) a.lo = m.s;
  a.hi = std::max({60.0, t_max * 1.5, a.lo * 10});
  // The marks in order of rank, each kept if its label clears every label kept before.
  std::vector<const TimeMark*> order;
  for (int rank = 0; rank <= 3; ++rank)
    for (const TimeMark& m : time_ladder())
      if (m.rank == rank && m.s >= a.lo && m.s <= a.hi) order.push_back(&m);
  constexpr double kGap = 14;  // pixels between two labels at least
  std::vector<const TimeMark*> kept;
  for (const TimeMark* m : order) {
    const double x = axis_position(a, m->s, width_px);
    const double w = static_cast<double>(m->label.size()) * char_px;
    bool clear = true;
    for (const TimeMark* k : kept) {
      const double xk = axis_position(a, k->s, width_px);
      const double wk = static_cast<double>(k->label.size()) * char_px;
      if (std::fabs(x - xk) < (w + wk) / 2 + kGap) clear = false;
    }
    if (clear) kept.push_back(m);
  }
  for (const TimeMark& m : time_ladder())
    for (const TimeMark* k : kept)
      if (k == &m) a.marks.push_back(m);
  return a;
}

}  // namespace leth
