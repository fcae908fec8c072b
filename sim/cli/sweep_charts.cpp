#include "sim/cli/sweep_charts.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "analysis/csv.h"
#include "analysis/monotone_fit.h"

namespace leth {

namespace {

std::string num(double x) {
  return std::isfinite(x) ? format_number(x) : std::string("NaN");
}

// The palette of the other charts (charts.cpp), so a variant keeps its colour from chart to
// chart when the curves are the variants.
const char* const kColours[] = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd",
                                "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"};
std::string colour(size_t i) {
  return std::string("rgb '") + kColours[i % std::size(kColours)] + "'";
}

bool same_number(const std::string& a, const std::string& b) {
  if (a.empty() || b.empty()) return a.empty() && b.empty();
  return std::strtod(a.c_str(), nullptr) == std::strtod(b.c_str(), nullptr);
}

// One curve of sweep.csv: a variant as written (and a y of a grid), its rows of one metric.
struct Group {
  std::string variant, y;
  std::vector<size_t> rows;  // in x order
};

// The curves of `metric` in sweep.csv, in the order they first appear.
std::vector<Group> groups_of(const CsvTable& s, const std::string& metric) {
  std::vector<Group> groups;
  for (size_t i = 0; i < s.rows(); ++i) {
    if (s.at(i, "metric") != metric) continue;
    auto g = std::find_if(groups.begin(), groups.end(), [&](const Group& g) {
      return g.variant == s.at(i, "variant") && same_number(g.y, s.at(i, "y"));
    });
    if (g == groups.end()) {
      groups.push_back({s.at(i, "variant"), s.at(i, "y"), {}});
      g = groups.end() - 1;
    }
    g->rows.push_back(i);
  }
  for (Group& g : groups)
    std::stable_sort(g.rows.begin(), g.rows.end(),
                     [&](size_t a, size_t b) { return s.number(a, "x") < s.number(b, "x"); });
  return groups;
}

std::string group_label(const CsvTable& s, const Group& g) {
  if (g.rows.empty() || s.at(g.rows[0], "y_name").empty()) return g.variant;
  const std::string& unit = s.at(g.rows[0], "y_unit");
  return g.variant + ", " + s.at(g.rows[0], "y_name") + " = " + g.y +
         (unit.empty() ? "" : " " + unit);
}

// The x range of sweep.csv's rows, padded by 3% on each side.
std::pair<double, double> x_range(const CsvTable& s) {
  double lo = INFINITY, hi = -INFINITY;
  for (size_t i = 0; i < s.rows(); ++i)
    lo = std::min(lo, s.number(i, "x")), hi = std::max(hi, s.number(i, "x"));
  const double pad = hi > lo ? 0.03 * (hi - lo) : 0.5;
  return {lo - pad, hi + pad};
}

// A row of a group's points: x, estimate, low, high in % of trials.
std::string point_rows(const CsvTable& s, const Group& g) {
  std::string d;
  for (size_t i : g.rows)
    d += num(s.number(i, "x")) + " " + num(100 * s.number(i, "estimate")) + " " +
         num(100 * s.number(i, "ci_low")) + " " + num(100 * s.number(i, "ci_high")) + "\n";
  return d;
}

// The monotone fit of a group's death rates (crossing.h's estimator draws on it): x, fit in %.
std::string fit_rows(const CsvTable& s, const Group& g) {
  std::vector<BinomialPoint> pts;
  for (size_t i : g.rows) {
    const double n = s.number(i, "n"), p = s.number(i, "estimate");
    if (!(n > 0) || !std::isfinite(p)) continue;
    pts.push_back(
        {s.number(i, "x"), static_cast<uint64_t>(std::llround(p * n)), static_cast<uint64_t>(n)});
  }
  const MonotoneFit f = monotone_fit(pts);
  std::string d;
  for (size_t i = 0; i < pts.size(); ++i) d += num(pts[i].x) + " " + num(100 * f.rate[i]) + "\n";
  return d;
}

// What crossing.csv says of a group, for its key entry: "crosses 5% between 4 and 5: about
// 4.9 (95%: 4 to 6)", "stays above 5%". Empty without a crossing.csv row.
struct CrossingRow {
  bool found = false;
  std::string answer, unit;  // unit: the swept value's ("rounds"), "" for a plain number
  double target = NAN, bracket_lo = NAN, bracket_hi = NAN, x = NAN, lo = NAN, hi = NAN;
};
CrossingRow crossing_of(const ResultsFolder& r, const Group& g) {
  CrossingRow c;
  if (!r.crossing) return c;
  const CsvTable& t = *r.crossing;
  for (size_t i = 0; i < t.rows(); ++i) {
    if (t.at(i, "variant") != g.variant || !same_number(t.at(i, "y"), g.y)) continue;
    c.found = true;
    c.answer = t.at(i, "answer");
    c.unit = t.at(i, "x_unit");
    c.target = t.number(i, "target");
    c.bracket_lo = t.number(i, "bracket_low");
    c.bracket_hi = t.number(i, "bracket_high");
    c.x = t.number(i, "crossing");
    c.lo = t.number(i, "crossing_low");
    c.hi = t.number(i, "crossing_high");
    break;
  }
  return c;
}

std::string short_number(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, std::fabs(x) >= 999.5 ? "%.0f" : "%.3g", x);
  return buf;
}

std::string crossing_words(const CrossingRow& c) {
  const std::string t = short_number(100 * c.target) + "%";
  if (c.answer == "above") return "stays at or above " + t + " at every point";
  if (c.answer == "below") return "stays below " + t + " at every point";
  if (c.answer == "no_trend") return "crosses " + t + " but neither rises nor falls steadily";
  const std::string unit = c.unit.empty() ? "" : " " + c.unit;
  const std::string lo = std::isfinite(c.lo) ? short_number(c.lo) : "...";
  const std::string hi = std::isfinite(c.hi) ? short_number(c.hi) : "...";
  return "crosses " + t + " between " + short_number(c.bracket_lo) + " and " +
         short_number(c.bracket_hi) + unit + ": about " + short_number(c.x) + unit +
         " (95% interval " + lo + " to " + hi + ")";
}

Chart death_rate_sweep(const ResultsFolder& r, bool& any) {
  Chart c{"plot-sweep",
          "Sweep: the death rate against the swept value, with where it crosses the target", ""};
  const CsvTable& s = *r.sweep;
  const std::vector<Group> groups = groups_of(s, "death_rate");
  if (groups.empty()) return c;
  any = true;
  const std::string x_name = s.at(groups[0].rows[0], "x_name");
  const std::string unit = s.at(groups[0].rows[0], "x_unit");
  const auto [x_lo, x_hi] = x_range(s);
  std::string data, setup, plot = "plot ";
  double target = NAN;
  for (size_t k = 0; k < groups.size(); ++k) {
    const Group& g = groups[k];
    const std::string K = std::to_string(k), lc = colour(k);
    const CrossingRow x = crossing_of(r, g);
    // One line of the key per curve: its name, and what its points say of the target.
    const std::string label = group_label(s, g) + (x.found ? ": " + crossing_words(x) : "");
    data += "$s" + K + " << EOD\n" + point_rows(s, g) + "EOD\n";
    data += "$f" + K + " << EOD\n" + fit_rows(s, g) + "EOD\n";
    plot += std::string(k ? ", \\\n     " : "") + "$f" + K + " using 1:2 with lines lw 2 lc " + lc +
            " notitle, \\\n     $s" + K + " using 1:2:3:4 with yerrorbars pt 7 ps 0.7 lc " + lc +
            " title " + gp_quote(label);
    if (!x.found) continue;
    target = x.target;
    if (x.answer == "crossed") {
      // The 95% interval shaded (to the edge of the chart where it is unbounded), the estimate
      // a diamond on the target line.
      const double lo = std::isfinite(x.lo) ? x.lo : x_lo, hi = std::isfinite(x.hi) ? x.hi : x_hi;
      setup += "set object rect from first " + num(lo) + ", graph 0 to first " + num(hi) +
               ", graph 1 fs transparent solid 0.10 noborder fc " + lc + " behind\n";
      data += "$x" + K + " << EOD\n" + num(x.x) + " " + num(100 * x.target) + "\nEOD\n";
      plot += ", \\\n     $x" + K + " using 1:2 with points pt 13 ps 2 lc " + lc + " notitle";
    }
  }
  // The rates' own range, the target kept inside it (an unseen point): the question is where
  // they cross it, and a long way down to 0 would flatten them.
  if (std::isfinite(target)) {
    data += "$t << EOD\n" + num(x_lo) + " " + num(100 * target) + "\nEOD\n";
    plot += ", \\\n     $t using 1:2 with points ps 0 lc rgb '#ffffff' notitle";
  }
  if (std::isfinite(target))
    setup += "set arrow from graph 0, first " + num(100 * target) + " to graph 1, first " +
             num(100 * target) + " nohead dt 2 lc rgb 'black'\nset label " +
             gp_quote("target " + short_number(100 * target) + "%") +
             " right at graph 0.99, first " + num(100 * target) + " offset 0,0.6\n";
  c.body =
      data + "set title " + gp_quote(r.scenario + ": deaths against " + x_name) + "\nset xlabel " +
      gp_quote(swept_axis_label(x_name, unit)) +
      "\nset ylabel 'deaths (% of trials)'\nset xrange [" + num(x_lo) + ":" + num(x_hi) +
      "]\nset yrange [0<*:*<100]\nset offsets 0, 0, graph 0.08, graph 0.08\nset grid xtics ytics\n"
      "set key outside below left Left reverse maxcols 1 samplen 2 height 1\n" +
      setup + plot + "\n";
  return c;
}

Chart sequela_sweep(const ResultsFolder& r, bool& any) {
  Chart c{"plot-sweep-sequelae",
          "Sweep: lasting injuries (sequelae) against the swept value, share of trials with each",
          ""};
  const CsvTable& s = *r.sweep;
  // The sequelae by their highest rate at any point.
  std::map<std::string, double> top;
  for (size_t i = 0; i < s.rows(); ++i) {
    const std::string& m = s.at(i, "metric");
    if (m.rfind("sequela_", 0) != 0 || !m.ends_with("_rate")) continue;
    double& t = top[m];
    t = std::max(t, s.number(i, "estimate"));
  }
  std::vector<std::pair<double, std::string>> order;
  for (const auto& [m, rate] : top)
    if (rate > 0) order.emplace_back(-rate, m);
  std::sort(order.begin(), order.end());
  if (order.empty()) return c;
  // At most 12 curves: the most frequent sequelae for every variant (and y) drawn.
  const size_t curves_per = groups_of(s, order[0].second).size();
  const size_t shown =
      std::min(order.size(), std::max<size_t>(1, std::min<size_t>(6, 12 / curves_per)));
  any = true;
  const auto [x_lo, x_hi] = x_range(s);
  std::string data, plot = "plot ";
  size_t n = 0;
  for (size_t j = 0; j < shown; ++j) {
    const std::string& metric = order[j].second;
    const std::string name = metric.substr(8, metric.size() - 8 - 5);  // sequela_<name>_rate
    const std::vector<Group> groups = groups_of(s, metric);
    for (size_t k = 0; k < groups.size(); ++k) {
      const std::string D = std::to_string(n++);
      data += "$q" + D + " << EOD\n" + point_rows(s, groups[k]) + "EOD\n";
      const std::string style = " lc " + colour(j) + " dt " + std::to_string(k + 1) + " pt " +
                                std::to_string(7 + 2 * static_cast<int>(k % 4));
      plot += std::string(n > 1 ? ", \\\n     " : "") + "$q" + D + " using 1:2 with lines lw 2" +
              style + " notitle, \\\n     $q" + D + " using 1:2:3:4 with yerrorbars ps 0.6" +
              style + " title " +
              gp_quote(groups.size() > 1 ? name + " (" + group_label(s, groups[k]) + ")" : name);
    }
  }
  const std::string x_name = s.at(0, "x_name"), unit = s.at(0, "x_unit");
  c.body =
      data + "set title " +
      gp_quote(r.scenario + ": lasting injuries against " + x_name +
               (shown < order.size() ? " (the " + std::to_string(shown) + " most frequent of " +
                                           std::to_string(order.size()) + ")"
                                     : std::string())) +
      "\nset xlabel " + gp_quote(swept_axis_label(x_name, unit)) +
      "\nset ylabel 'trials with it (%)'\nset xrange [" + num(x_lo) + ":" + num(x_hi) +
      "]\nset yrange [0:*]\nset grid xtics ytics\nset key outside right top samplen 3\n" + plot +
      "\n";
  return c;
}

}  // namespace

std::string swept_axis_label(const std::string& key, const std::string& unit) {
  return unit.empty() ? key : key + " (" + unit + ")";
}

std::vector<Chart> sweep_charts(const ResultsFolder& r) {
  std::vector<Chart> out;
  if (!r.sweep) return out;
  bool any = false;
  Chart d = death_rate_sweep(r, any);
  if (any) out.push_back(d);
  any = false;
  Chart q = sequela_sweep(r, any);
  if (any) out.push_back(q);
  return out;
}

}  // namespace leth
