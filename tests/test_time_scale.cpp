// The times charts and the report are marked at: an axis from the data's own first time to
// past its last, labels that never crowd, and a deaths table whose columns are where deaths
// came — coma deaths at hours show in hours.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "sim/cli/time_scale.h"
#include "sim/core/clock.h"

using namespace leth;

namespace {

std::vector<std::string> labels(const TimeAxis& a) {
  std::vector<std::string> out;
  for (const TimeMark& m : a.marks) out.push_back(m.label);
  return out;
}

std::vector<std::string> labels(const std::vector<TableColumn>& cols) {
  std::vector<std::string> out;
  for (const TableColumn& c : cols) out.push_back(c.label);
  return out;
}

}  // namespace

TEST_CASE("a time axis spans the data, in marks that never crowd", "[plot][time]") {
  // A fight of rounds: from 1 s, rounds and minutes.
  const TimeAxis fight = time_axis_for(6, 60);
  CHECK(fight.lo == 1);
  CHECK(fight.hi == 90);
  // "2 rounds" would crowd "3 rounds": the finer mark gives way.
  CHECK(labels(fight) == std::vector<std::string>{"1 s", "1 round", "3 rounds", "30 s", "1 min"});
  // A coma of hours: the axis starts at 30 min, not at 1 s, and reads in hours.
  const TimeAxis coma = time_axis_for(kHour, 8 * kHour);
  CHECK(coma.lo == 30 * kMinute);
  CHECK(labels(coma) == std::vector<std::string>{"30 min", "1 h", "2 h", "4 h", "8 h", "12 h"});
  // Seconds to months on one axis: "1 round" and "3 rounds" (and "1 week" and "30 days")
  // would collide; the coarser mark wins, and a mark further on fills the gap.
  const std::vector<std::string> wide = labels(time_axis_for(6, 60 * kDay));
  CHECK(wide == std::vector<std::string>{"1 s", "1 round", "1 min", "10 min", "1 h", "8 h", "1 day",
                                         "1 week", "90 days"});
  // Whatever the span, no two labels come closer than their half widths and a gap.
  for (double lo : {0.0, 6.0, 60.0, 3600.0, 86400.0})
    for (double hi : {60.0, 600.0, 7200.0, 86400.0, 2.6e6, 3.2e8}) {
      if (hi < lo) continue;
      const TimeAxis a = time_axis_for(lo, hi);
      INFO(lo << " " << hi);
      CHECK(a.lo <= std::max(lo, 1.0));
      CHECK(a.hi >= hi);
      CHECK(a.marks.size() >= 2);
      for (size_t i = 1; i < a.marks.size(); ++i) {
        const double gap =
            axis_position(a, a.marks[i].s, 700) - axis_position(a, a.marks[i - 1].s, 700);
        const double need =
            7.8 * static_cast<double>(a.marks[i].label.size() + a.marks[i - 1].label.size()) / 2;
        CHECK(gap >= need + 14);
      }
    }
}

TEST_CASE("the deaths table's columns are where deaths came", "[plot][time]") {
  // Deaths (per variant) at these times, each one death.
  auto table = [](std::vector<std::vector<double>> deaths, size_t max_columns = 12) {
    double t_max = 0;
    for (const auto& d : deaths)
      for (double t : d) t_max = std::max(t_max, t);
    return death_table_columns(
        deaths.size(),
        [&](size_t v, double t) {
          double n = 0;
          for (double x : deaths[v]) n += x <= t;
          return n;
        },
        t_max, max_columns);
  };
  // A fight that kills in rounds 2 and 3 and a dying that kills within the minute: no empty
  // "round 1", and nothing after the minute.
  CHECK(labels(table({{6, 12, 30}})) == std::vector<std::string>{"round 2", "round 3", "1 min"});
  // Coma deaths at 1-8 h after a fight (the flux coma loses a PV an hour): every hour visible.
  CHECK(labels(table({{6, 3600, 7200, 3 * 3600, 5 * 3600, 8 * 3600}, {14400}})) ==
        std::vector<std::string>{"round 2", "1 h", "2 h", "4 h", "8 h"});
  // Days and weeks of recovery.
  CHECK(labels(table({{2 * kDay, 10 * kDay, 40 * kDay}})) ==
        std::vector<std::string>{"2 days", "2 weeks", "90 days"});
  CHECK(table({{}, {}}).empty());
  // Too many: the column with the fewest deaths goes into the next one, the coarse marks
  // (1 min, 1 h, 1 day) last.
  std::vector<double> many = {5, 11, 17, 60, 120, 300, 600, 1800, 1800, 3600};
  CHECK(labels(table({many}, 4)) == std::vector<std::string>{"1 min", "5 min", "30 min", "1 h"});
  // A fight, then coma deaths hour by hour: 13 columns for 12, and the hour stays.
  std::vector<double> coma = {11,   17,   60,    120,   300,   600, 1800,
                              3600, 7200, 14400, 28800, 43200, kDay};
  const std::vector<std::string> cols = labels(table({coma}));
  CHECK(cols.size() == 12);
  CHECK(std::find(cols.begin(), cols.end(), "1 h") != cols.end());
  CHECK(std::find(cols.begin(), cols.end(), "1 min") != cols.end());
  CHECK(cols.back() == "1 day");
}
