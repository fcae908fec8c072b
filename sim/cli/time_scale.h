// The times a chart's axis and the report's tables are marked at, chosen from the scenario's
// own data: a fight of rounds reads in rounds and minutes, a coma of hours in hours, a
// convalescence in days and weeks. One ladder of times a designer thinks in ("1 round",
// "10 min", "8 h", "1 week"), from which each axis and table takes the marks its data reach.
#pragma once

#include <algorithm>
#include <cstddef>
#include <string>
#include <vector>

namespace leth {

struct TimeMark {
  double s;           // seconds
  std::string label;  // "3 rounds", "8 h", "1 week"
  int rank;           // 0 for the marks an axis keeps first (1 min, 1 h, 1 day, ...), then 1, 2, 3
};

// Every mark, in increasing time: 1 s, rounds 1-3, minutes, hours, days, weeks, years.
const std::vector<TimeMark>& time_ladder();

// A log time axis over data from `t_min` (the shortest positive time, or 0 when none) to
// `t_max` seconds: its ends, and the marks to label, thinned so that no two labels, each
// about `char_px` pixels a character, come closer than a gap on a plot `width_px` wide.
struct TimeAxis {
  double lo = 1, hi = 60;
  std::vector<TimeMark> marks;
};
TimeAxis time_axis_for(double t_min, double t_max, double width_px = 700, double char_px = 7.8);

// The pixel centre of time t on an axis of `width_px` from a.lo to a.hi (log scale).
double axis_position(const TimeAxis& a, double t, double width_px);

// The columns of a "dead by then" table: the times at which `counts` (per variant, a function
// giving how many are dead by time t) changed since the column before, from the ladder's marks
// ("round 1" is 5 s: dead by the end of round 1), merged where they are too many (at most
// `max_columns`: the column whose deaths are fewest goes into the next, the coarse marks last;
// the last, by which every death has come, stays). Empty when nobody died.
struct TableColumn {
  double s;           // dead by this time (inclusive)
  std::string label;  // "round 2", "1 h", "3 days"
  int rank = 1;       // 0: a mark kept before any other (1 min, 1 h, 1 day, 1 week, 1 year)
};
template <class CountBy>
std::vector<TableColumn> death_table_columns(size_t variants, CountBy count_by, double t_max,
                                             size_t max_columns = 12);
// The candidate columns death_table_columns chooses from: rounds 1-3 by their end, then the
// ladder from 1 min on.
const std::vector<TableColumn>& table_candidates();

template <class CountBy>
std::vector<TableColumn> death_table_columns(size_t variants, CountBy count_by, double t_max,
                                             size_t max_columns) {
  const std::vector<TableColumn>& all = table_candidates();
  // Keep a candidate where some variant's count rose since the previous candidate, up to the
  // first candidate at or past t_max (everything is dead by then).
  std::vector<TableColumn> keep;
  std::vector<double> rise;  // the largest rise over the variants, into each kept column
  std::vector<double> at_kept(variants, 0), now(variants, 0);
  for (const TableColumn& c : all) {
    double most = 0;
    for (size_t v = 0; v < variants; ++v) {
      now[v] = count_by(v, c.s);
      most = std::max(most, now[v] - at_kept[v]);
    }
    if (most > 0) {
      keep.push_back(c);
      rise.push_back(most);
      at_kept = now;
    }
    if (c.s >= t_max) break;
  }
  // Too many: fold the column with the smallest rise into the next one, the earliest first on
  // ties, and the coarse marks (1 min, 1 h, 1 day, ...) only once no other is left. The last
  // column stays (by then every death has come): when it rises least, the one before it is
  // folded into it.
  while (keep.size() > max_columns) {
    size_t k = keep.size();
    for (int pass = 0; pass < 2 && k == keep.size(); ++pass)
      for (size_t i = 0; i < keep.size(); ++i)
        if ((pass == 1 || keep[i].rank > 0) && (k == keep.size() || rise[i] < rise[k])) k = i;
    if (k + 1 == keep.size()) --k;
    rise[k + 1] += rise[k];
    keep.erase(keep.begin() + static_cast<std::ptrdiff_t>(k));
    rise.erase(rise.begin() + static_cast<std::ptrdiff_t>(k));
  }
  return keep;
}

}  // namespace leth
