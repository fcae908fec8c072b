#include "sim/cli/charts.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "analysis/csv.h"
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
  return std::string("rgb '") + kColours[i % std::size(kColours)] + "'";
}

Chart death_rate_chart(const ResultsFolder& r) {
  Chart c{"plot-death-rate", "Deaths per variant, with 95% intervals", ""};
  std::string data = "$d << EOD\n";
  size_t i = 0;
  for (const std::string& v : r.variants) {
    const Metric m = summary_metric(r, v, "death_rate");
    data += std::to_string(i++) + " " + data_label(v) + " " + num(100 * m.estimate) + " " +
            num(100 * m.lo) + " " + num(100 * m.hi) + "\n";
  }
  data += "EOD\n";
  std::string colours = "set linetype cycle " + std::to_string(std::size(kColours)) + "\n";
  for (size_t k = 0; k < std::size(kColours); ++k)
    colours += "set linetype " + std::to_string(k + 1) + " lc " + colour(k) + "\n";
  c.body =
      data + colours + "set title " + gp_quote(r.scenario + ": deaths per variant (95% interval)") +
      "\nset ylabel 'deaths (% of trials)'\nset yrange [0:*]\nset xrange [-0.6:" +
      num(static_cast<double>(i) - 0.4) +
      "]\nset offsets 0, 0, graph 0.12, 0\nset style fill solid 0.5 border -1\nset boxwidth 0.6\n"
      "set grid ytics\nset key off\n" +
      (i > 4 ? "set xtics rotate by -30\n" : "") +
      "plot $d using 1:3:($1+1):xtic(2) with boxes lc variable, \\\n"
      "     $d using 1:3:4:5 with yerrorbars lc rgb 'black' pt 7 ps 0.5, \\\n"
      "     $d using 1:5:(sprintf('%.2f%%', $3)) with labels offset 0,0.8\n";
  return c;
}

double axis_end(double t_max) {
  return std::max(60.0, t_max * 1.5);
}

// A log time axis from 1 s to axis_end(t_max), labelled in the units a designer thinks in.
std::string time_axis(double t_max) {
  const double hi = axis_end(t_max);
  struct Tic {
    const char* label;
    double s;
  };
  const Tic tics[] = {{"1 s", 1},           {"1 round", 6},       {"3 rounds", 18},
                      {"1 min", 60},        {"10 min", 600},      {"1 h", 3600},
                      {"8 h", 28800},       {"1 day", 86400},     {"1 week", 604800},
                      {"30 days", 2592000}, {"1 year", 31536000}, {"10 years", 315360000}};
  std::string s = "set logscale x\nunset mxtics\nset xrange [1:" + num(hi) + "]\nset xtics (";
  bool first = true;
  for (const Tic& t : tics) {
    if (t.s > hi) break;
    s += std::string(first ? "" : ", ") + gp_quote(t.label) + " " + num(t.s);
    first = false;
  }
  return s + ")\nset grid xtics ytics\n";
}

// One curve per variant from a histogram quantity, over `denominator(variant, bins)`.
template <class Denominator>
std::string curves(const ResultsFolder& r, const std::string& quantity, Denominator denominator,
                   bool& any) {
  double t_max = 60;
  for (const std::string& v : r.variants)
    for (const Bin& b : histogram_of(r, v, quantity))
      if (b.count > 0) t_max = std::max(t_max, b.high);
  std::string data, plot = "plot ";
  size_t k = 0;
  for (size_t vi = 0; vi < r.variants.size(); ++vi) {
    const std::vector<Bin> bins = histogram_of(r, r.variants[vi], quantity);
    auto pts = cumulative_curve(bins, denominator(r.variants[vi], bins));
    if (pts.empty()) continue;
    any = true;
    // The last step runs on to the right edge: nothing happens after the last bin.
    pts.emplace_back(axis_end(t_max), pts.back().second);
    const std::string name = "$c" + std::to_string(k);
    data += name + " << EOD\n";
    for (const auto& [t, y] : pts) data += num(t) + " " + num(y) + "\n";
    data += "EOD\n";
    plot += std::string(k ? ", \\\n     " : "") + name + " using 1:2 with steps lw 2 lc " +
            colour(vi) + " title " + gp_quote(r.variants[vi]);
    ++k;
  }
  return data + time_axis(t_max) + "set yrange [0:*]\nset key left top\n" + plot + "\n";
}

Chart deaths_over_time_chart(const ResultsFolder& r, bool& any) {
  Chart c{"plot-deaths-over-time",
          "Deaths over time: the share of all trials dead by then (round, minute, hour, day)", ""};
  auto trials = [&](const std::string& v, const std::vector<Bin>&) {
    return summary_metric(r, v, "death_rate").n;
  };
  c.body =
      "set title " + gp_quote(r.scenario + ": deaths over time") +
      "\nset ylabel 'dead by then (% of all trials)'\nset xlabel 'time since the fight began'\n" +
      curves(r, "time_to_death", trials, any);
  return c;
}

std::string cdf_axis(const std::string& q) {
  if (q == "downtime") return "time from the start of the fight to full health";
  if (q == "time_out_of_action") return "time from the first fall until conscious for good";
  return q;
}

std::string cdf_title(const std::string& q) {
  if (q == "downtime") return "Time to full health (downtime), over the trials that recovered";
  if (q == "time_out_of_action")
    return "Time out of action, over the trials knocked out that ended conscious";
  return q + " (CDF), over the trials that measured it";
}

Chart cdf_chart(const ResultsFolder& r, const std::string& q, bool& any) {
  std::string stem = q;
  std::replace(stem.begin(), stem.end(), '_', '-');
  Chart c{"plot-cdf-" + stem, cdf_title(q), ""};
  auto total = [](const std::string&, const std::vector<Bin>& bins) {
    double n = 0;
    for (const Bin& b : bins) n += b.count;
    return n;
  };
  c.body = "set title " + gp_quote(r.scenario + ": " + cdf_title(q)) +
           "\nset ylabel '% of them done by then'\nset xlabel " + gp_quote(cdf_axis(q)) + "\n" +
           curves(r, q, total, any);
  return c;
}

Chart sequela_chart(const ResultsFolder& r, bool& any) {
  Chart c{"plot-sequelae", "Lasting injuries (sequelae): share of trials with each, 95% intervals",
          ""};
  const CsvTable& s = *r.sequelae;
  // The sequelae in order of their highest rate, at most 25 of them.
  std::map<std::string, double> top;
  for (size_t i = 0; i < s.rows(); ++i) {
    double& t = top[s.at(i, "sequela")];
    t = std::max(t, s.number(i, "rate"));
  }
  std::vector<std::pair<double, std::string>> order;
  for (const auto& [name, rate] : top)
    if (rate > 0) order.emplace_back(-rate, name);
  std::sort(order.begin(), order.end());
  const size_t shown = std::min<size_t>(order.size(), 25);
  if (shown == 0) return c;
  any = true;
  const double nv = static_cast<double>(r.variants.size());
  const double w = 0.8 / nv;
  std::string data, xtics = "set xtics (", plot = "plot ";
  for (size_t j = 0; j < shown; ++j)
    xtics += std::string(j ? ", " : "") + gp_quote(order[j].second) + " " + std::to_string(j);
  for (size_t v = 0; v < r.variants.size(); ++v) {
    const std::string name = "$q" + std::to_string(v);
    data += name + " << EOD\n";
    for (size_t j = 0; j < shown; ++j)
      for (size_t i = 0; i < s.rows(); ++i)
        if (s.at(i, "variant") == r.variants[v] && s.at(i, "sequela") == order[j].second)
          data += num(static_cast<double>(j) + (static_cast<double>(v) - (nv - 1) / 2) * w) + " " +
                  num(100 * s.number(i, "rate")) + " " + num(100 * s.number(i, "ci_low")) + " " +
                  num(100 * s.number(i, "ci_high")) + "\n";
    data += "EOD\n";
    plot += std::string(v ? ", \\\n     " : "") + name + " using 1:2 with boxes lc " + colour(v) +
            " title " + gp_quote(r.variants[v]) + ", " + name +
            " using 1:2:3:4 with yerrorbars lc rgb 'black' pt 7 ps 0.3 notitle";
  }
  c.body =
      data + "set title " +
      gp_quote(r.scenario + ": lasting injuries" +
               (shown < order.size() ? " (the " + std::to_string(shown) + " most frequent of " +
                                           std::to_string(order.size()) + ")"
                                     : std::string())) +
      "\nset ylabel 'trials with it (%)'\nset yrange [0:*]\nset xrange [-0.6:" +
      num(static_cast<double>(shown) - 0.4) + "]\n" + xtics +
      ")\nset xtics rotate by -35\nset style fill solid 0.6 border -1\nset boxwidth " + num(w) +
      "\nset grid ytics\nset key right top\n" + plot + "\n";
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
                                                        double denominator) {
  std::vector<std::pair<double, double>> pts;
  if (!(denominator > 0)) return pts;
  double total = 0;
  for (const Bin& b : bins) {
    if (b.count <= 0) continue;
    const double t = std::max(b.high, 1.0);
    total += b.count;
    if (pts.empty() && t > 1) pts.emplace_back(1.0, 0.0);
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
  const std::string terminal =
      f == ImageFormat::Svg
          ? "set terminal svg size 900,500 noenhanced font 'sans,13' background '#ffffff'\n"
          : "set terminal pngcairo size 900,500 noenhanced font 'sans,10' background '#ffffff'\n";
  return terminal + "set encoding utf8\n" + c.body;
}

std::vector<Chart> charts_of(const ResultsFolder& all) {
  std::vector<Chart> out;
  // With a sweep, the per-variant charts show the variants as written; every point is drawn
  // against the swept value by the sweep's own charts (sweep_charts.h).
  ResultsFolder r = all;
  r.variants = variants_as_written(all);
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
  for (Chart& c : sweep_charts(all)) out.push_back(std::move(c));
  return out;
}

}  // namespace leth
