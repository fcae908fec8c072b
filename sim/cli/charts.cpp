#include "sim/cli/charts.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

#include "analysis/csv.h"
#include "analysis/report.h"
#include "sim/cli/time_scale.h"
#include "sim/core/clock.h"
#include "sim/cli/sweep_charts.h"

namespace leth {

namespace {

std::string num(double x) {
  return std::isfinite(x) ? format_number(x) : std::string("NaN");
}

// A label inside a data block: double-quoted, so no double quote inside.
std::string data_label(std::string s) {
  std::replace(s.begin(), s.end(), '"', '\'');
  return "\"" + s + "\"";
}

const char* const kColours[] = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd",
                                "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"};

std::string colour(size_t i) {
  return "rgb '" + variant_style(i).colour + "'";
}

// The lines of a title or label as one gnuplot string expression: 'a'."\n".'b'.
std::string gp_lines(const std::vector<std::string>& lines) {
  std::string out;
  for (size_t i = 0; i < lines.size(); ++i) out += (i ? ".\"\\n\"." : "") + gp_quote(lines[i]);
  return out.empty() ? gp_quote("") : out;
}

// `text` cut at spaces into lines of at most `width` characters.
std::vector<std::string> wrap(const std::string& text, size_t width) {
  std::vector<std::string> lines;
  std::string line;
  size_t at = 0;
  while (at < text.size()) {
    size_t end = text.find(' ', at);
    if (end == std::string::npos) end = text.size();
    const std::string word = text.substr(at, end - at);
    if (!line.empty() && line.size() + 1 + word.size() > width) {
      lines.push_back(line);
      line.clear();
    }
    line += (line.empty() ? "" : " ") + word;
    at = end + 1;
  }
  if (!line.empty()) lines.push_back(line);
  return lines;
}

std::string spaced(std::string name) {
  std::replace(name.begin(), name.end(), '_', ' ');
  return name;
}

// What the ruleset declared a duration to be (run.json "metrics", analysis/report.h): what it
// measures, and over which trials — its help text split at the first "; ".
struct Declared {
  std::string what, over;
};
Declared declared_duration(const ResultsFolder& r, const std::string& name) {
  std::string help;
  if (r.run.is_object() && r.run.contains("metrics") && r.run["metrics"].contains("durations"))
    for (const auto& d : r.run["metrics"]["durations"])
      if (d.value("name", "") == name) help = d.value("help", "");
  if (help.empty()) return {spaced(name), "over the trials that measured it"};
  const size_t semi = help.find("; ");
  if (semi == std::string::npos) return {help, "over the trials that measured it"};
  return {help.substr(0, semi), help.substr(semi + 2)};
}

// The variants a chart of one curve or bar group per variant shows: with a sweep, the
// variants as written (the points are plot-sweep's), else all of them.
std::vector<size_t> shown_variants(const ResultsFolder& r) {
  std::vector<size_t> shown;
  for (size_t v = 0; v < r.variants.size(); ++v)
    if (r.variants[v].find('@') == std::string::npos) shown.push_back(v);
  if (shown.empty())
    for (size_t v = 0; v < r.variants.size(); ++v) shown.push_back(v);
  return shown;
}

bool has_sweep_points(const ResultsFolder& r) {
  return shown_variants(r).size() < r.variants.size();
}

// The linetypes 1..n in the variants' styles, for `lc variable` and `lt k`.
std::string linetypes(size_t n) {
  std::string s = "set linetype cycle " + std::to_string(std::max<size_t>(n, 1)) + "\n";
  for (size_t k = 0; k < n; ++k)
    s += "set linetype " + std::to_string(k + 1) + " lc " + colour(k) + " dt " +
         std::to_string(variant_style(k).dash) + "\n";
  return s;
}

// One row per variant, names on the axis at the left, where they never collide however many
// variants a sweep makes; the chart grows taller with them.
Chart death_rate_chart(const ResultsFolder& r) {
  Chart c{"plot-death-rate", "Deaths per variant, with 95% intervals", "", kChartHeight};
  const size_t n = r.variants.size();
  c.height = std::max(kChartHeight, static_cast<int>(110 + 24 * n));
  std::string data = "$d << EOD\n";
  for (size_t i = 0; i < n; ++i) {
    const Metric m = summary_metric(r, r.variants[i], "death_rate");
    data += std::to_string(i) + " " + data_label(r.variants[i]) + " " + num(100 * m.estimate) +
            " " + num(100 * m.lo) + " " + num(100 * m.hi) + " " + std::to_string(i + 1) + "\n";
  }
  data += "EOD\n";
  c.body = data + linetypes(n) + "set title " +
           gp_quote(r.scenario + ": deaths per variant (95% interval)") +
           "\nset xlabel 'deaths (% of trials)'\nset xrange [0:*]\nset yrange [" +
           num(static_cast<double>(n) - 0.4) +
           ":-0.6]\nset offsets 0, graph 0.15, 0, 0\nset ytics nomirror\n"
           "set style fill solid 0.5 border -1\nset grid xtics\nset key off\n"
           "plot $d using 3:1:(0):3:($1-0.3):($1+0.3):6:ytic(2) with boxxyerror lc variable, \\\n"
           "     $d using 3:1:4:5 with xerrorbars lc rgb 'black' pt 7 ps 0.5, \\\n"
           "     $d using 5:1:(sprintf('%.2f%%', $3)) with labels left offset 0.8,0\n";
  return c;
}

// "30 min" for the ladder's mark at t, else the time in words.
std::string axis_label(double t) {
  for (const TimeMark& m : time_ladder())
    if (m.s == t) return m.label;
  return duration_text(t);
}

// The x axis of a curve chart: log time from the data's own first time to past its last.
std::string time_axis_commands(const TimeAxis& a) {
  std::string s = "set logscale x\nunset mxtics\nset xrange [" + num(a.lo) + ":" + num(a.hi) +
                  "]\nset xtics nomirror (";
  for (size_t i = 0; i < a.marks.size(); ++i)
    s += std::string(i ? ", " : "") + gp_quote(a.marks[i].label) + " " + num(a.marks[i].s);
  return s + ")\nset grid xtics ytics\n";
}

// One curve per shown variant from a histogram quantity, over `denominator(variant, bins)`;
// `legend(variant, bins)` names it. A curve identical to an earlier one would hide under it:
// its legend says which it equals.
template <class Denominator, class Legend>
std::string curves(const ResultsFolder& r, const std::string& quantity,
                   std::vector<std::string> xlabel, Denominator denominator, Legend legend,
                   bool& any) {
  double t_min = INFINITY, t_max = 0;
  for (size_t v : shown_variants(r))
    for (const Bin& b : histogram_of(r, r.variants[v], quantity))
      if (b.count > 0) {
        t_max = std::max(t_max, b.high);
        if (b.high > 0) t_min = std::min(t_min, std::max(b.low, 1.0));
      }
  const TimeAxis axis = time_axis_for(std::isfinite(t_min) ? t_min : 0, t_max);
  std::string data, plot = "plot ";
  std::vector<std::pair<std::string, std::vector<std::pair<double, double>>>> drawn;
  size_t k = 0;
  for (size_t vi : shown_variants(r)) {
    const std::string& v = r.variants[vi];
    const std::vector<Bin> bins = histogram_of(r, v, quantity);
    const double of = denominator(v, bins);
    auto pts = cumulative_curve(bins, of, axis.lo);
    std::string title = legend(v, bins);
    if (pts.empty()) {
      // Nothing measured: a variant where nobody died is a line at 0 (over all its trials, the
      // deaths' curve is the one with a denominator when empty); one with no times at all
      // keeps its legend entry (and its population), with nothing to draw.
      if (of > 0) {
        pts = {{axis.lo, 0.0}};
        title += " (nobody died)";
      } else {
        pts = {{axis.lo, NAN}};
      }
    } else {
      any = true;
      for (const auto& [other, theirs] : drawn)
        if (theirs == pts) {
          title += " (the same as " + other + ")";
          break;
        }
      drawn.emplace_back(v, pts);
    }
    // The last step runs on to the right edge: nothing happens after the last bin.
    pts.emplace_back(axis.hi, pts.back().second);
    const std::string name = "$c" + std::to_string(k);
    data += name + " << EOD\n";
    for (const auto& [t, y] : pts) data += num(t) + " " + num(y) + "\n";
    data += "EOD\n";
    plot += std::string(k ? ", \\\n     " : "") + name + " using 1:2 with steps lw 2 lt " +
            std::to_string(vi + 1) + " title " + gp_quote(title);
    ++k;
  }
  // Times before the axis' left end (0 s: a character never hurt) are drawn at it: say so.
  bool before = false, zero = false;
  for (size_t vi : shown_variants(r))
    for (const Bin& b : histogram_of(r, r.variants[vi], quantity))
      if (b.count > 0 && b.high < axis.lo) {
        before = true;
        zero = zero || b.low == 0;
      }
  if (before)
    xlabel.push_back("(times under " + axis_label(axis.lo) + (zero ? ", 0 s among them," : "") +
                     " are drawn at the left edge)");
  return data + linetypes(r.variants.size()) + time_axis_commands(axis) + "set xlabel " +
         gp_lines(xlabel) +
         "\nset yrange [0:*]\nset key outside below left Left reverse height 1 width 2\n" + plot + "\n";
}

// "(the variants as written; the sweep's points are in plot-sweep)" when a sweep made more.
std::string sweep_note(const ResultsFolder& r) {
  return has_sweep_points(r) ? " (the variants as written; each sweep point is in plot-sweep)" : "";
}

Chart deaths_over_time_chart(const ResultsFolder& r, bool& any) {
  Chart c{
      "plot-deaths-over-time",
      "Deaths over time: the share of all trials dead by each time since the start" + sweep_note(r),
      "", kChartHeight};
  auto trials = [&](const std::string& v, const std::vector<Bin>&) {
    return summary_metric(r, v, "death_rate").n;
  };
  auto name = [](const std::string& v, const std::vector<Bin>&) { return v; };
  c.body = "set title " +
           gp_lines({r.scenario + ": deaths over time",
                     "the share of all trials dead by then; its right end is the death rate"}) +
           "\nset ylabel 'dead by then (% of all trials)'\n" +
           curves(r, "time_to_death", {"time since the start of the trial"}, trials, name, any);
  return c;
}

Chart cdf_chart(const ResultsFolder& r, const std::string& q, bool& any) {
  std::string stem = q;
  std::replace(stem.begin(), stem.end(), '_', '-');
  const Declared d = declared_duration(r, q);
  Chart c{"plot-cdf-" + stem,
          spaced(q) + ": " + d.what + "; " + d.over + ". The share of them done by each time" +
              sweep_note(r),
          "", kChartHeight};
  auto total = [](const std::string&, const std::vector<Bin>& bins) {
    double n = 0;
    for (const Bin& b : bins) n += b.count;
    return n;
  };
  // Each variant's population in its legend: how many trials the curve is over.
  auto population = [&](const std::string& v, const std::vector<Bin>& bins) {
    const double n = total(v, bins), trials = summary_metric(r, v, "death_rate").n;
    char buf[64];
    if (n == 0 && trials > 0)
      std::snprintf(buf, sizeof buf, ": none of %.0f trials", trials);
    else if (trials > 0)
      std::snprintf(buf, sizeof buf, ": %.0f of %.0f trials (%.1f%%)", n, trials, 100 * n / trials);
    else
      std::snprintf(buf, sizeof buf, ": %.0f trials", n);
    // As in summary.csv: under kMinMeasured trials the quantiles are not estimated.
    return v + buf +
           (n > 0 && n < static_cast<double>(kMinMeasured) ? ", too few for quantiles" : "");
  };
  std::vector<std::string> title = {r.scenario + ": " + spaced(q)};
  for (const std::string& line : wrap(d.over, 110)) title.push_back(line);
  std::vector<std::string> xlabel = wrap(d.what, 110);
  c.body = "set title " + gp_lines(title) + "\nset ylabel '% of them done by then'\n" +
           curves(r, q, xlabel, total, population, any);
  return c;
}

Chart sequela_chart(const ResultsFolder& r, bool& any) {
  Chart c{
      "plot-sequelae",
      "Lasting injuries (sequelae): share of all trials with each, 95% intervals" + sweep_note(r),
      "", kChartHeight};
  const CsvTable& s = *r.sequelae;
  const std::vector<size_t> shown = shown_variants(r);
  auto is_shown = [&](const std::string& v) {
    for (size_t i : shown)
      if (r.variants[i] == v) return true;
    return false;
  };
  // The sequelae in order of their highest rate, at most 25 of them.
  std::map<std::string, double> top;
  for (size_t i = 0; i < s.rows(); ++i) {
    if (!is_shown(s.at(i, "variant"))) continue;
    double& t = top[s.at(i, "sequela")];
    t = std::max(t, s.number(i, "rate"));
  }
  std::vector<std::pair<double, std::string>> order;
  for (const auto& [name, rate] : top)
    if (rate > 0) order.emplace_back(-rate, name);
  std::sort(order.begin(), order.end());
  const size_t count = std::min<size_t>(order.size(), 25);
  if (count == 0) return c;
  any = true;
  const double nv = static_cast<double>(shown.size());
  const double w = 0.8 / nv;
  std::string data, xtics = "set xtics nomirror (", plot = "plot ";
  for (size_t j = 0; j < count; ++j)
    xtics += std::string(j ? ", " : "") + gp_quote(order[j].second) + " " + std::to_string(j);
  for (size_t k = 0; k < shown.size(); ++k) {
    const size_t v = shown[k];
    const std::string name = "$q" + std::to_string(k);
    data += name + " << EOD\n";
    for (size_t j = 0; j < count; ++j)
      for (size_t i = 0; i < s.rows(); ++i)
        if (s.at(i, "variant") == r.variants[v] && s.at(i, "sequela") == order[j].second)
          data += num(static_cast<double>(j) + (static_cast<double>(k) - (nv - 1) / 2) * w) + " " +
                  num(100 * s.number(i, "rate")) + " " + num(100 * s.number(i, "ci_low")) + " " +
                  num(100 * s.number(i, "ci_high")) + "\n";
    data += "EOD\n";
    plot += std::string(k ? ", \\\n     " : "") + name + " using 1:2 with boxes lt " +
            std::to_string(v + 1) + " title " + gp_quote(r.variants[v]) + ", " + name +
            " using 1:2:3:4 with yerrorbars lc rgb 'black' pt 7 ps 0.3 notitle";
  }
  c.body =
      data + linetypes(r.variants.size()) + "set title " +
      gp_quote(r.scenario + ": lasting injuries" +
               (count < order.size() ? " (the " + std::to_string(count) + " most frequent of " +
                                           std::to_string(order.size()) + ")"
                                     : std::string())) +
      "\nset ylabel 'trials with it (% of all trials)'\nset yrange [0:*]\nset offsets 0, 0, "
      "graph 0.05, 0\nset xrange [-0.6:" +
      num(static_cast<double>(count) - 0.4) + "]\n" + xtics +
      ")\nset xtics rotate by -35\nset style fill solid 0.6 border -1\nset boxwidth " + num(w) +
      "\nset grid ytics\nset key outside below left Left reverse height 1 width 2\n" + plot + "\n";
  return c;
}

// A curve per variant over a campaign's adventures, from survival.csv: `column` with its 95%
// interval (`low`, `high`) at each adventure from `first`, times `scale`.
struct LifeCurve {
  const char* column;
  const char* low;
  const char* high;
  double scale;
  int first;
};

// Returns the data blocks and line types, and the plot command in `plot`.
std::string life_curves(const ResultsFolder& r, const LifeCurve& lc, bool& any, double& last,
                        std::string& plot) {
  const CsvTable& s = *r.survival;
  std::string data;
  plot = "plot ";
  std::vector<std::pair<std::string, std::string>> drawn;  // (variant, its rows)
  for (size_t i = 0; i < s.rows(); ++i) last = std::max(last, s.number(i, "adventure"));
  for (size_t v : shown_variants(r)) {
    const std::string name = "$s" + std::to_string(v);
    std::string rows;
    for (size_t i = 0; i < s.rows(); ++i)
      if (s.at(i, "variant") == r.variants[v] && s.number(i, "adventure") >= lc.first &&
          !std::isnan(s.number(i, lc.column)))
        rows += s.at(i, "adventure") + " " + num(lc.scale * s.number(i, lc.column)) + " " +
                num(lc.scale * s.number(i, lc.low)) + " " + num(lc.scale * s.number(i, lc.high)) +
                "\n";
    if (rows.empty()) continue;
    // A curve identical to an earlier one would hide under it: its legend says so.
    std::string title = r.variants[v];
    for (const auto& [other, theirs] : drawn)
      if (theirs == rows) {
        title += " (the same as " + other + ")";
        break;
      }
    drawn.emplace_back(r.variants[v], rows);
    data += name + " << EOD\n" + rows + "EOD\n";
    plot += std::string(any ? ", \\\n     " : "") + name + " using 1:2:3:4 with yerrorlines lw 2 lt " +
            std::to_string(v + 1) + " pt 7 ps 0.5 title " + gp_quote(title);
    any = true;
  }
  return data + linetypes(r.variants.size());
}

// Whole-number ticks on the adventures axis, about ten of them.
std::string adventure_tics(double last) {
  double step = 1;
  for (double m = 1; step * 10 < last; m *= 10)
    for (double f : {1.0, 2.0, 5.0})
      if (step * 10 < last) step = f * m;
  return "set xtics " + num(step) + "\n";
}

// A chart over a campaign's adventures: its title, axes' labels, y range ("[0:100]"), the
// adventures' ticks up to `last`, the key below, then the plot command.
std::string adventure_chart(const std::string& title, const std::string& xlabel,
                            const std::string& ylabel, const std::string& yrange, double last,
                            const std::string& plot) {
  return "set title " + gp_quote(title) + "\nset xlabel " + gp_quote(xlabel) + "\nset ylabel " +
         gp_quote(ylabel) + "\nset yrange " + yrange + "\nset xrange [0:*]\n" +
         adventure_tics(last) +
         "set grid\nset key outside below left Left reverse height 1 width 2\n" + plot + "\n";
}

// A campaign's survival curves (survival.csv): the share alive after k adventures, a point per
// adventure with its 95% interval, one curve per variant as written.
Chart survival_chart(const ResultsFolder& r, bool& any) {
  Chart c{"plot-survival",
          "Survival over the campaign's adventures: alive after k adventures, 95% intervals" +
              sweep_note(r),
          "", kChartHeight};
  double last = 1;
  std::string plot;
  const std::string data =
      life_curves(r, {"alive", "ci_low", "ci_high", 100, 0}, any, last, plot);
  c.body = data + adventure_chart(r.scenario + ": alive after k adventures (95% interval)",
                                  "adventures played", "alive (% of trials, retired included)",
                                  "[0:100]", last, plot);
  return c;
}

// What a campaign's survivors carry (survival.csv): the lasting injuries a survivor of
// adventure k had taken by then, on average, from k = 1, one curve per variant. Results written
// before survival.csv had the column have no such chart.
Chart carried_chart(const ResultsFolder& r, bool& any) {
  Chart c{"plot-carried",
          "What survivors carry: lasting injuries per survivor of k adventures, 95% intervals" +
              sweep_note(r),
          "", kChartHeight};
  const CsvTable& s = *r.survival;
  if (!s.has_column("lasting_per_survivor")) return c;
  bool carried = false;  // a flat 0 (pf2 declares no lasting injury) is not worth a chart
  for (size_t i = 0; i < s.rows(); ++i) carried = carried || s.number(i, "lasting_per_survivor") > 0;
  if (!carried) return c;
  double last = 1;
  std::string plot;
  const std::string data = life_curves(
      r, {"lasting_per_survivor", "lasting_ci_low", "lasting_ci_high", 1, 1}, any, last, plot);
  c.body = data + adventure_chart(
                      r.scenario + ": lasting injuries per survivor of k adventures (95% interval)",
                      "adventures lived through", "lasting injuries taken, per survivor", "[0:*]",
                      last, plot);
  return c;
}

// A party campaign's members (member_survival.csv): the share of all trials in which each
// member died by adventure k, a colour per member, each variant in its dash and point, with 95%
// intervals.
Chart members_chart(const ResultsFolder& r, bool& any) {
  Chart c{"plot-members",
          "Who dies: the share of campaigns in which each member died by adventure k, 95% "
          "intervals (the campaign ends at the party's first death)" +
              sweep_note(r),
          "", kChartHeight};
  const CsvTable& s = *r.member_survival;
  std::vector<std::string> members;
  double last = 1;
  for (size_t i = 0; i < s.rows(); ++i) {
    if (std::find(members.begin(), members.end(), s.at(i, "member")) == members.end())
      members.push_back(s.at(i, "member"));
    last = std::max(last, s.number(i, "adventure"));
  }
  const std::vector<size_t> shown = shown_variants(r);
  std::string data, plot = "plot ";
  // Each variant in its own dash and point: a member's curves share its colour.
  constexpr int kPoints[] = {7, 5, 9, 13, 11};
  for (size_t m = 0; m < members.size(); ++m)
    for (size_t k = 0; k < shown.size(); ++k) {
      const size_t v = shown[k];
      std::string rows;
      for (size_t i = 0; i < s.rows(); ++i)
        if (s.at(i, "variant") == r.variants[v] && s.at(i, "member") == members[m])
          rows += s.at(i, "adventure") + " " + num(100 * s.number(i, "dead_by")) + " " +
                  num(100 * s.number(i, "ci_low")) + " " + num(100 * s.number(i, "ci_high")) +
                  "\n";
      if (rows.empty()) continue;
      const std::string name = "$m" + std::to_string(m) + "v" + std::to_string(v);
      data += name + " << EOD\n" + rows + "EOD\n";
      plot += std::string(any ? ", \\\n     " : "") + name +
              " using 1:2:3:4 with yerrorlines lw 2 lc " + colour(m) + " dt " +
              std::to_string(1 + k % 5) + " pt " + std::to_string(kPoints[k % 5]) +
              " ps 0.8 title " +
              gp_quote(shown.size() > 1 ? members[m] + " (" + r.variants[v] + ")" : members[m]);
      any = true;
    }
  c.body = data + adventure_chart(r.scenario + ": died by adventure k, each member (95% interval)",
                                  "adventures played", "died (% of trials)", "[0:*]", last, plot);
  return c;
}

}  // namespace

std::string gp_quote(const std::string& s) {
  std::string out = "'";
  for (char ch : s) {
    if (ch == '\'') out += '\'';
    if (ch == '\n' || ch == '\r') ch = ' ';
    out += ch;
  }
  return out + "'";
}

std::vector<std::pair<double, double>> cumulative_curve(const std::vector<Bin>& bins,
                                                        double denominator, double left) {
  std::vector<std::pair<double, double>> pts;
  if (!(denominator > 0)) return pts;
  double total = 0;
  for (const Bin& b : bins) {
    if (b.count <= 0) continue;
    const double t = std::max(b.high, left);
    total += b.count;
    if (pts.empty() && t > left) pts.emplace_back(left, 0.0);
    if (!pts.empty() && pts.back().first == t)
      pts.back().second = 100 * total / denominator;
    else
      pts.emplace_back(t, 100 * total / denominator);
  }
  return pts;
}

CountBy count_by(const std::vector<Bin>& bins, double t) {
  CountBy c{0, true};
  for (const Bin& b : bins) {
    if (b.high <= t)
      c.count += b.count;
    else if (b.low <= t && b.count > 0)
      c.exact = false;
  }
  return c;
}

std::string chart_script(const Chart& c, ImageFormat f) {
  const std::string size = "size " + std::to_string(kChartWidth) + "," + std::to_string(c.height);
  const std::string terminal =
      f == ImageFormat::Svg
          ? "set terminal svg " + size + " noenhanced font 'sans,13' background '#ffffff'\n"
          : "set terminal pngcairo " + size + " noenhanced font 'sans,10' background '#ffffff'\n";
  return terminal + "set encoding utf8\n" + c.body;
}

VariantStyle variant_style(size_t i) {
  VariantStyle s;
  s.dash = 1 + static_cast<int>((i / std::size(kColours)) % 5);
  if (i < std::size(kColours)) {
    s.colour = kColours[i];
    return s;
  }
  // Past the ten colours: hues spread by the golden angle, two lightnesses, each with its own
  // dash type, so that no two variants of a sweep share a style.
  const double h = std::fmod(static_cast<double>(i) * 0.6180339887498949, 1.0) * 6;
  const double sat = 0.75, val = (i % 2) ? 0.55 : 0.8;
  const double f = h - std::floor(h), p = val * (1 - sat), q = val * (1 - sat * f),
               t = val * (1 - sat * (1 - f));
  double rgb[3];
  switch (static_cast<int>(h) % 6) {
    case 0:
      rgb[0] = val, rgb[1] = t, rgb[2] = p;
      break;
    case 1:
      rgb[0] = q, rgb[1] = val, rgb[2] = p;
      break;
    case 2:
      rgb[0] = p, rgb[1] = val, rgb[2] = t;
      break;
    case 3:
      rgb[0] = p, rgb[1] = q, rgb[2] = val;
      break;
    case 4:
      rgb[0] = t, rgb[1] = p, rgb[2] = val;
      break;
    default:
      rgb[0] = val, rgb[1] = p, rgb[2] = q;
      break;
  }
  char buf[8];
  std::snprintf(buf, sizeof buf, "#%02x%02x%02x", static_cast<int>(std::lround(255 * rgb[0])),
                static_cast<int>(std::lround(255 * rgb[1])),
                static_cast<int>(std::lround(255 * rgb[2])));
  s.colour = buf;
  return s;
}

std::vector<Chart> charts_of(const ResultsFolder& r) {
  std::vector<Chart> out;
  // With a sweep, the charts of a curve or bar group per variant show the variants as written
  // (shown_variants); every point has its row in the death-rate chart and is drawn against the
  // swept value by the sweep's own charts (sweep_charts.h).
  if (r.summary) out.push_back(death_rate_chart(r));
  if (r.histograms) {
    bool any = false;
    Chart d = deaths_over_time_chart(r, any);
    if (any) out.push_back(d);
    for (const std::string& q : histogram_quantities(r)) {
      if (q == "time_to_death") continue;
      any = false;
      Chart c = cdf_chart(r, q, any);
      if (any) out.push_back(c);
    }
  }
  if (r.sequelae) {
    bool any = false;
    Chart c = sequela_chart(r, any);
    if (any) out.push_back(c);
  }
  if (r.survival) {
    bool any = false;
    Chart c = survival_chart(r, any);
    if (any) out.push_back(c);
    any = false;
    Chart carried = carried_chart(r, any);
    if (any) out.push_back(carried);
  }
  if (r.member_survival) {
    bool any = false;
    Chart c = members_chart(r, any);
    if (any) out.push_back(c);
  }
  for (Chart& c : sweep_charts(r)) out.push_back(std::move(c));
  return out;
}

}  // namespace leth
