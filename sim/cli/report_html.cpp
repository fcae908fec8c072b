#include "sim/cli/report_html.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

#include "analysis/report.h"
#include "sim/cli/time_scale.h"
#include "sim/core/clock.h"

namespace leth {

namespace {

std::string pct(double x) {
  if (!std::isfinite(x)) return "–";
  char buf[32];
  std::snprintf(buf, sizeof buf, (x != 0 && std::fabs(x) < 0.001) ? "%.3f%%" : "%.2f%%", 100 * x);
  return buf;
}

std::string pp(double x) {  // a difference in percentage points
  if (!std::isfinite(x)) return "–";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%+.3f pp", 100 * x);
  return buf;
}

// A duration's statistic as summary.csv holds it: the time, or why there is none (fewer than
// kMinMeasured trials measured it: the CSV leaves the figure empty).
std::string statistic(const Metric& m) {
  if (std::isfinite(m.estimate)) return duration_text(m.estimate);
  if (!(m.n > 0)) return "–";
  return m.n < static_cast<double>(kMinMeasured) ? "not estimable" : "–";
}

// The trials a duration's statistics are over, and their share of all trials: "1303 (65.2%)".
std::string population(const Metric& m, double trials) {
  if (!std::isfinite(m.n)) return "–";
  return population_text(static_cast<uint64_t>(m.n),
                         trials > 0 ? static_cast<uint64_t>(trials) : 0);
}

std::string replace_all(std::string s, const std::string& from, const std::string& to) {
  for (size_t i = s.find(from); i != std::string::npos; i = s.find(from, i + to.size()))
    s.replace(i, from.size(), to);
  return s;
}

std::string td(const std::string& s, const char* cls = nullptr) {
  return std::string("<td") + (cls ? std::string(" class=\"") + cls + "\"" : "") + ">" +
         html_escape(s) + "</td>";
}

std::string json_text(const nlohmann::json& j) {
  if (j.is_string()) return j.get<std::string>();
  return j.dump();
}

// With a sweep, the tables of one row per variant show the variants as written; the points
// are in the sweep's own table and chart.
std::vector<std::string> shown_variant_names(const ResultsFolder& r) {
  std::vector<std::string> out;
  for (const std::string& v : r.variants)
    if (v.find('@') == std::string::npos) out.push_back(v);
  return out.empty() ? r.variants : out;
}

std::string variant_description(const ResultsFolder& r, const std::string& v) {
  if (r.run.is_object() && r.run.contains("variants"))
    for (const auto& x : r.run["variants"])
      if (x.value("name", "") == v) return x.value("description", "");
  return "";
}

std::string top_sequelae(const ResultsFolder& r, const std::string& v) {
  if (!r.sequelae) return "–";
  std::vector<std::pair<double, std::string>> s;
  for (size_t i = 0; i < r.sequelae->rows(); ++i)
    if (r.sequelae->at(i, "variant") == v && r.sequelae->number(i, "rate") > 0)
      s.emplace_back(-r.sequelae->number(i, "rate"), r.sequelae->at(i, "sequela"));
  std::sort(s.begin(), s.end());
  std::string out;
  for (size_t i = 0; i < s.size() && i < 3; ++i)
    out += (i ? ", " : "") + s[i].second + " " + pct(-s[i].first);
  return out.empty() ? "none" : out;
}

std::string comparison_table(const ResultsFolder& r) {
  std::string h =
      "<p>Time to full health (downtime) is over the trials that recovered, time out of action "
      "over those out of action that ended able to act: each with how many trials that is "
      "(n) and their share of all trials. Under " +
      std::to_string(kMinMeasured) +
      " such trials a figure is not estimable.</p>\n"
      "<table><thead><tr><th>variant</th><th>deaths (95% CI)</th><th>difference vs reference "
      "(95% CI)</th><th>downtime p50</th><th>downtime p90</th><th>n (share)</th>"
      "<th>out of action p50</th><th>n (share)</th>"
      "<th>top sequelae</th><th>what it changes</th></tr></thead><tbody>\n";
  for (const std::string& v : r.variants) {
    const Metric d = summary_metric(r, v, "death_rate");
    std::string diff = "reference";
    if (r.comparisons) {
      const CsvTable& c = *r.comparisons;
      for (size_t i = 0; i < c.rows(); ++i)
        if (c.at(i, "variant") == v && c.at(i, "metric") == "death_rate_difference") {
          diff = pp(c.number(i, "difference")) + " (" + pp(c.number(i, "ci_low")) + " to " +
                 pp(c.number(i, "ci_high")) + ") vs " + c.at(i, "reference");
          break;
        }
    }
    h += "<tr class=\"variant\">" + td(v, "name") +
         td(pct(d.estimate) + " (" + pct(d.lo) + "–" + pct(d.hi) + ")") + td(diff, "text") +
         td(statistic(summary_metric(r, v, "downtime_median_s"))) +
         td(statistic(summary_metric(r, v, "downtime_p90_s"))) +
         td(population(summary_metric(r, v, "downtime_median_s"), d.n)) +
         td(statistic(summary_metric(r, v, "time_out_of_action_median_s"))) +
         td(population(summary_metric(r, v, "time_out_of_action_median_s"), d.n)) +
         td(top_sequelae(r, v), "text") + td(variant_description(r, v), "text") + "</tr>\n";
  }
  return h + "</tbody></table>\n";
}

std::string pairs_table(const ResultsFolder& r) {
  if (!r.comparisons) return "";
  const CsvTable& c = *r.comparisons;
  std::string rows;
  for (size_t i = 0; i < c.rows(); ++i) {
    if (c.at(i, "metric") != "death_rate_difference") continue;
    char ratio[32] = "–";
    if (std::isfinite(c.number(i, "variance_ratio")))
      std::snprintf(ratio, sizeof ratio, "%.2f×", c.number(i, "variance_ratio"));
    char p[32] = "–";
    if (std::isfinite(c.number(i, "p_value")))
      std::snprintf(p, sizeof p, c.number(i, "p_value") < 1e-300 ? "< 1e-300" : "%.3g",
                    c.number(i, "p_value"));
    rows += "<tr>" + td(c.at(i, "variant")) + td(c.at(i, "reference")) +
            td(pp(c.number(i, "difference")) + " (" + pp(c.number(i, "ci_low")) + " to " +
               pp(c.number(i, "ci_high")) + ")") +
            td(c.at(i, "n")) + td(c.at(i, "only_reference")) + td(c.at(i, "only_variant")) + td(p) +
            td(ratio) + "</tr>\n";
  }
  if (rows.empty()) return "";
  return "<h2>Paired comparisons of the death rate</h2>\n<p>Variant minus reference, on the "
         "same trials: a negative difference means the variant kills less. The discordant "
         "trials are those where only one of the pair died; McNemar's exact p-value tests "
         "that they are equally likely; <em>pairing worth</em> is how many times the trials "
         "two independent runs would have needed for the same precision.</p>\n"
         "<table><thead><tr><th>variant</th><th>reference</th><th>difference (95% CI)</th>"
         "<th>trials</th><th>died only in reference</th><th>died only in variant</th>"
         "<th>McNemar p</th><th>pairing worth</th></tr></thead><tbody>\n" +
         rows + "</tbody></table>\n";
}

// How every trial ended: each declared end's rate with its interval (end_states.csv), a
// column per end, a row per variant.
std::string end_states_table(const ResultsFolder& r) {
  if (!r.end_states || r.end_states->rows() == 0) return "";
  const CsvTable& e = *r.end_states;
  std::vector<std::string> ends;
  for (size_t i = 0; i < e.rows(); ++i) {
    const std::string name =
        e.at(i, "end") + (e.at(i, "detail").empty() ? "" : "_" + e.at(i, "detail"));
    if (std::find(ends.begin(), ends.end(), name) == ends.end()) ends.push_back(name);
  }
  auto help = [&](const std::string& end) {
    if (r.run.is_object() && r.run.contains("metrics"))
      for (const auto& x : r.run["metrics"].value("ends", nlohmann::json::array()))
        if (x.value("name", "") == end) return x.value("help", "");
    return std::string();
  };
  std::string h =
      "<h2>How the trials ended</h2>\n<p>Every trial ends one way, as the ruleset declares "
      "(<code>end_states.csv</code>; the same rates are in <code>summary.csv</code>): the share "
      "of trials with its 95% interval. Hover over an end for what it means.</p>\n"
      "<table><thead><tr><th>variant</th>";
  for (const std::string& end : ends)
    h += "<th title=\"" + html_escape(help(end)) + "\">" + html_escape(end) + "</th>";
  h += "</tr></thead><tbody>\n";
  for (const std::string& v : shown_variant_names(r)) {
    h += "<tr>" + td(v);
    for (const std::string& end : ends) {
      std::string cell = "–";
      for (size_t i = 0; i < e.rows(); ++i)
        if (e.at(i, "variant") == v &&
            e.at(i, "end") + (e.at(i, "detail").empty() ? "" : "_" + e.at(i, "detail")) == end)
          cell = pct(e.number(i, "rate")) + " (" + pct(e.number(i, "ci_low")) + "–" +
                 pct(e.number(i, "ci_high")) + ")";
      h += td(cell);
    }
    h += "</tr>\n";
  }
  return h + "</tbody></table>\n";
}

// The metrics about one member each (summary.csv's `member` column, a party fight's): a row per
// member and variant, a column per metric — each counter's share of trials with its interval,
// each duration's median. Empty for one character, or a folder written before the column.
std::string members_table(const ResultsFolder& r) {
  if (!r.summary || !r.summary->has_column("member")) return "";
  const CsvTable& s = *r.summary;
  std::vector<std::string> members, columns;  // columns: a metric without its member's name
  std::map<std::pair<std::string, std::string>, std::map<std::string, size_t>> cells;
  for (size_t i = 0; i < s.rows(); ++i) {
    const std::string& who = s.at(i, "member");
    if (who.empty()) continue;
    std::string metric = s.at(i, "metric");
    if (!metric.ends_with("_rate") && !metric.ends_with("_median_s")) continue;
    const size_t at = metric.find("_" + who);
    if (at != std::string::npos) metric.erase(at, who.size() + 1);
    if (std::find(members.begin(), members.end(), who) == members.end()) members.push_back(who);
    if (std::find(columns.begin(), columns.end(), metric) == columns.end())
      columns.push_back(metric);
    cells[{who, s.at(i, "variant")}][metric] = i;
  }
  if (members.empty()) return "";
  std::string h =
      "<h2>Per member</h2>\n<p>Each member of the party (<code>summary.csv</code>'s "
      "<code>member</code> column): the share of trials in which each counter happened at least "
      "once, with its 95% interval, and each time's median over the trials that measured "
      "it.</p>\n<table><thead><tr><th>member</th><th>variant</th>";
  for (const std::string& c : columns) h += "<th>" + html_escape(c) + "</th>";
  h += "</tr></thead><tbody>\n";
  for (const std::string& who : members)
    for (const std::string& v : shown_variant_names(r)) {
      h += "<tr>" + td(who) + td(v);
      const auto row = cells.find({who, v});
      for (const std::string& c : columns) {
        std::string cell = "–";
        if (row != cells.end() && row->second.count(c)) {
          const size_t i = row->second.at(c);
          cell = c.ends_with("_s")
                     ? statistic(summary_metric(r, v, s.at(i, "metric")))
                     : pct(s.number(i, "estimate")) + " (" + pct(s.number(i, "ci_low")) + "–" +
                           pct(s.number(i, "ci_high")) + ")";
        }
        h += td(cell);
      }
      h += "</tr>\n";
    }
  return h + "</tbody></table>\n";
}

std::string deaths_by_table(const ResultsFolder& r) {
  const std::vector<std::string> variants = shown_variant_names(r);
  std::vector<std::vector<Bin>> bins;
  std::vector<double> trials;
  double t_max = 0;
  for (const std::string& v : variants) {
    bins.push_back(histogram_of(r, v, "time_to_death"));
    trials.push_back(summary_metric(r, v, "death_rate").n);
    for (const Bin& b : bins.back())
      if (b.count > 0) t_max = std::max(t_max, b.high);
  }
  // The scenario's own time scale: a column wherever deaths came since the one before.
  const std::vector<TableColumn> cols = death_table_columns(
      variants.size(), [&](size_t v, double t) { return count_by(bins[v], t).count; }, t_max);
  std::string h =
      "<h2>Deaths over time</h2>\n<p>The share of all trials dead by each time since the trial "
      "began, from the <code>time_to_death</code> histogram, at the times where deaths came "
      "(a round is 6 s: dead by the end of round k is dead within 6k s); ≥ marks a time that "
      "falls inside a histogram bin, where only the bins wholly before it are counted.</p>\n"
      "<table><thead><tr><th>variant</th>";
  for (const TableColumn& c : cols) h += "<th>" + html_escape(c.label) + "</th>";
  h += "<th>in all</th></tr></thead><tbody>\n";
  bool any = false;
  for (size_t v = 0; v < variants.size(); ++v) {
    if (!(trials[v] > 0)) continue;
    any = true;
    h += "<tr>" + td(variants[v]);
    for (const TableColumn& c : cols) {
      const CountBy by = count_by(bins[v], c.s);
      h += td((by.exact ? "" : "≥ ") + pct(by.count / trials[v]));
    }
    h += td(pct(summary_metric(r, variants[v], "death_rate").estimate)) + "</tr>\n";
  }
  return any ? h + "</tbody></table>\n" : "";
}

// A campaign's life table (survival.csv) in a few columns: each variant's adventures lived
// through on average (summary.csv's adventures_mean, with its interval), the adventure by which
// half have died, and the share alive after some adventures — all of them up to 10, else ten
// spread evenly to the last — with the retired counted alive, as survival.csv counts them.
std::string campaign_table(const ResultsFolder& r) {
  if (!r.survival || r.survival->rows() == 0) return "";
  const CsvTable& s = *r.survival;
  int last = 0;
  for (size_t i = 0; i < s.rows(); ++i)
    last = std::max(last, static_cast<int>(s.number(i, "adventure")));
  if (last <= 0) return "";
  std::vector<int> ks;
  const int shown = std::min(last, 10);
  for (int j = 1; j <= shown; ++j) {
    const int k = static_cast<int>(std::lround(static_cast<double>(j) * last / shown));
    if (ks.empty() || ks.back() != k) ks.push_back(k);
  }
  std::string h =
      "<h2>Campaign: how many adventures they live through</h2>\n<p>Each trial is a campaign of "
      "up to " +
      std::to_string(last) +
      " adventures (<code>survival.csv</code> has its life table, <code>plot-survival</code> "
      "its curves): the adventures lived through on average, with its 95% interval; the "
      "adventure by which half have died; and the share of all trials alive after k "
      "adventures (a retired character counts as alive: it left the danger).</p>\n"
      "<table><thead><tr><th>variant</th><th>adventures lived</th><th>half dead by</th>";
  for (int k : ks) h += "<th>alive after " + std::to_string(k) + "</th>";
  h += "</tr></thead><tbody>\n";
  for (const std::string& v : shown_variant_names(r)) {
    const Metric mean = summary_metric(r, v, "adventures_mean");
    const Metric median = summary_metric(r, v, "adventures_median");
    char buf[96];
    std::snprintf(buf, sizeof buf, "%.2f (%.2f–%.2f)", mean.estimate, mean.lo, mean.hi);
    h += "<tr>" + td(v) + td(std::isfinite(mean.estimate) ? buf : "–") +
         td(std::isfinite(median.estimate)
                ? "adventure " + std::to_string(static_cast<int>(median.estimate) + 1)
                : "fewer than half die");
    for (int k : ks) {
      std::string cell = "–";
      for (size_t i = 0; i < s.rows(); ++i)
        if (s.at(i, "variant") == v && static_cast<int>(s.number(i, "adventure")) == k)
          cell = pct(s.number(i, "alive")) + " (" + pct(s.number(i, "ci_low")) + "–" +
                 pct(s.number(i, "ci_high")) + ")";
      h += td(cell);
    }
    h += "</tr>\n";
  }
  return h + "</tbody></table>\n";
}

// The sweep's answer (crossing.csv): for each variant, the bracket of sweep points whose death
// rates lie on either side of the target, the estimate inside it and its 95% interval, in the
// sweep's unit, then the same in words.
std::string sweep_table(const ResultsFolder& r) {
  if (!r.crossing || r.crossing->rows() == 0) return "";
  const CsvTable& f = *r.crossing;
  const std::string unit = f.at(0, "x_unit");
  const bool grid = !f.at(0, "y_name").empty();
  auto g = [](double x) {
    char buf[32];
    std::snprintf(buf, sizeof buf, std::fabs(x) >= 999.5 ? "%.0f" : "%.3g", x);
    return std::string(buf);
  };
  auto in_unit = [&](const std::string& v) { return unit.empty() ? v : v + " " + unit; };
  std::string h =
      "<h2>Sweep: where the death rate crosses the target</h2>\n<p>From the sweep points of "
      "<code>" +
      html_escape(f.at(0, "x_name")) + "</code>" +
      (unit.empty() ? std::string() : " (in " + html_escape(unit) + ")") +
      ": the two neighbouring points whose death rates lie on either side of the target, the "
      "estimate between them (where the monotone fit of the points reaches the target), and "
      "its 95% interval, from the last point whose own interval lies wholly on one side of the "
      "target to the first wholly on the other (\"…\": no point is that sure, the crossing may "
      "lie beyond the swept range).</p>\n<table><thead><tr><th>variant</th>" +
      (grid ? "<th>" + html_escape(f.at(0, "y_name")) + "</th>" : std::string()) +
      "<th>target</th><th>the points cross it</th><th>estimate</th><th>95% interval</th>"
      "</tr></thead><tbody>\n";
  std::string words;
  for (size_t i = 0; i < f.rows(); ++i) {
    const std::string answer = f.at(i, "answer");
    std::string bracket = "–", estimate = "–", interval = "–";
    if (answer == "crossed" || answer == "no_trend")
      bracket = "between " + g(f.number(i, "bracket_low")) + " and " +
                in_unit(g(f.number(i, "bracket_high")));
    if (answer == "above") bracket = "no: at or above it at every point";
    if (answer == "below") bracket = "no: below it at every point";
    if (answer == "crossed") {
      const double lo = f.number(i, "crossing_low"), hi = f.number(i, "crossing_high");
      estimate = in_unit(g(f.number(i, "crossing")));
      interval = (std::isfinite(lo) ? g(lo) : std::string("…")) + " to " +
                 in_unit(std::isfinite(hi) ? g(hi) : std::string("…"));
    } else if (answer == "no_trend") {
      bracket += " (neither rising nor falling steadily)";
    }
    const std::string y =
        grid ? f.at(i, "y") + (f.at(i, "y_unit").empty() ? "" : " " + f.at(i, "y_unit")) : "";
    h += "<tr>" + td(f.at(i, "variant")) + (grid ? td(y) : std::string()) +
         td(pct(f.number(i, "target"))) + td(bracket) + td(estimate) + td(interval) + "</tr>\n";
    words += "<li>" +
             html_escape(f.at(i, "variant") + (grid ? ", " + f.at(i, "y_name") + " = " + y : "")) +
             ": " + html_escape(f.at(i, "answer_text")) + "</li>\n";
  }
  return h + "</tbody></table>\n<ul>\n" + words + "</ul>\n";
}

std::string metadata_table(const ResultsFolder& r) {
  if (!r.run.is_object()) return "<p>This folder has no run.json.</p>\n";
  std::string h = "<table class=\"meta\"><tbody>\n";
  auto row = [&](const std::string& k, const std::string& v) {
    h += "<tr><th>" + html_escape(k) + "</th>" + td(v) + "</tr>\n";
  };
  const nlohmann::json& j = r.run;
  if (j.contains("scenario"))
    for (const char* k : {"name", "file", "sha256", "ruleset"})
      if (j["scenario"].contains(k)) row(std::string("scenario ") + k, json_text(j["scenario"][k]));
  for (const char* k : {"version", "seed", "trials", "stopped", "precision", "interval", "threads",
                        "elapsed_s", "trials_per_second", "peak_memory_mib", "partial"})
    if (j.contains(k)) row(k, json_text(j[k]));
  if (j.contains("trial_ranges")) row("trial_ranges", j["trial_ranges"].dump());
  return h + "</tbody></table>\n";
}

const char* kStyle = R"(<style>
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 1400px; color: #222; padding: 0 1em; }
h1 { margin-bottom: 0.2em; }
table { border-collapse: collapse; margin: 1em 0; font-size: 0.88em; }
th, td { border: 1px solid #ccc; padding: 0.3em 0.6em; text-align: left; vertical-align: top; }
td { white-space: nowrap; }
td.text { white-space: normal; min-width: 8em; }
thead th { background: #f0f0f0; }
td.name { font-weight: bold; white-space: nowrap; }
table.meta th { background: #f7f7f7; font-weight: normal; }
figure { margin: 1.5em 0; }
figure svg { width: 100%; height: auto; max-width: 900px; display: block; }
figcaption { font-style: italic; margin-top: 0.3em; }
pre { background: #f7f7f7; border: 1px solid #ddd; padding: 1em; overflow-x: auto; font-size: 0.88em; }
.note { color: #8a4b00; }
</style>
)";

}  // namespace

std::string html_escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string inline_svg(const std::string& svg, const std::string& prefix) {
  const size_t start = svg.find("<svg");
  std::string s = start == std::string::npos ? svg : svg.substr(start);
  for (const char* q : {"'", "\""}) {
    s = replace_all(s, std::string("id=") + q, std::string("id=") + q + prefix);
    s = replace_all(s, std::string("href=") + q + "#", std::string("href=") + q + "#" + prefix);
  }
  return replace_all(s, "url(#", "url(#" + prefix);
}

std::string report_html(const ResultsFolder& r,
                        const std::vector<std::pair<Chart, std::string>>& charts,
                        const ScenarioText& scenario, const std::string& version) {
  std::string description;
  if (r.run.is_object() && r.run.contains("scenario"))
    description = r.run["scenario"].value("description", "");
  std::string h = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>" +
                  html_escape(r.scenario) + " — lethality report</title>\n" + kStyle +
                  "</head>\n<body>\n<h1>" + html_escape(r.scenario) + "</h1>\n";
  if (!description.empty()) h += "<p>" + html_escape(description) + "</p>\n";
  if (r.run.is_object() && r.run.value("partial", false))
    h += "<p class=\"note\">PARTIAL: this run was interrupted or is one shard; the trials it "
         "covers are listed under Run.</p>\n";
  if (r.summary) h += "<h2>Variants</h2>\n" + comparison_table(r);
  h +=
      pairs_table(r) + end_states_table(r) + members_table(r) + campaign_table(r) +
      deaths_by_table(r) + sweep_table(r);
  if (!charts.empty()) h += "<h2>Charts</h2>\n";
  for (size_t i = 0; i < charts.size(); ++i)
    h += "<figure id=\"" + charts[i].first.name + "\">\n" +
         inline_svg(charts[i].second, std::string("c") + std::to_string(i) + "-") +
         "\n<figcaption>" + html_escape(charts[i].first.title) + " (" + charts[i].first.name +
         ".svg)</figcaption>\n</figure>\n";
  if (r.sequelae && r.sequelae->rows() == 0)
    h += "<p>This ruleset declares no lasting injuries (sequelae.csv is empty).</p>\n";
  h += "<h2>Run</h2>\n" + metadata_table(r);
  h += "<h2>Scenario file</h2>\n";
  if (!scenario.path.empty()) h += "<p><code>" + html_escape(scenario.path) + "</code></p>\n";
  if (!scenario.note.empty()) h += "<p class=\"note\">" + html_escape(scenario.note) + "</p>\n";
  if (!scenario.text.empty()) h += "<pre>" + html_escape(scenario.text) + "</pre>\n";
  h += "<p><small>Written by lethality " + html_escape(version) +
       " (<code>lethality plot</code>) from the files in this "
       "folder.</small></p>\n</body>\n</html>\n";
  return h;
}

std::string batch_report_html(const CsvTable& summary, const std::vector<std::string>& folders,
                              const std::string& version, const std::string& partial) {
  // The batch's summary.csv: a row per scenario, variant and metric.
  struct Row {
    std::string scenario, ruleset, variant;
    std::map<std::string, size_t> metrics;  // metric -> row of summary.csv
  };
  std::vector<Row> rows;
  for (size_t i = 0; i < summary.rows(); ++i) {
    const std::string& sc = summary.at(i, "scenario");
    const std::string& v = summary.at(i, "variant");
    if (rows.empty() || rows.back().scenario != sc || rows.back().variant != v)
      rows.push_back({sc, summary.at(i, "ruleset"), v, {}});
    rows.back().metrics[summary.at(i, "metric")] = i;
  }
  auto number = [&](const Row& r, const std::string& metric, const char* column) {
    const auto it = r.metrics.find(metric);
    return it == r.metrics.end() ? NAN : summary.number(it->second, column);
  };
  auto metric = [&](const Row& r, const std::string& name) {
    return Metric{number(r, name, "estimate"), number(r, name, "ci_low"),
                  number(r, name, "ci_high"), number(r, name, "n")};
  };
  std::string h =
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta name=\"generator\" content=\"" +
      std::string(kBatchReportGenerator) + "\">\n<title>batch of " +
      std::to_string(folders.size()) + " scenarios — lethality report</title>\n" + kStyle +
      "</head>\n<body>\n<h1>A batch of " + std::to_string(folders.size()) + " scenarios</h1>\n" +
      (partial.empty() ? std::string() : "<p class=\"note\">" + html_escape(partial) + "</p>\n") +
      "<p>Each scenario's own report, with its charts, comparisons and scenario file, is linked "
      "from its name.</p>\n<table><thead><tr><th>scenario</th><th>ruleset</th><th>variant</th>"
      "<th>deaths</th><th>95% CI</th><th>downtime p50</th><th>downtime p90</th><th>n (share)</th>"
      "<th>out of action p50</th><th>n (share)</th><th>unresolved</th></tr></thead><tbody>\n";
  for (const Row& r : rows) {
    const bool linked = std::find(folders.begin(), folders.end(), r.scenario) != folders.end();
    h += "<tr>";
    h += linked ? "<td class=\"name\"><a href=\"" + html_escape(r.scenario) + "/report.html\">" +
                      html_escape(r.scenario) + "</a></td>"
                : td(r.scenario, "name");
    h += td(r.ruleset) + td(r.variant) + td(pct(number(r, "death_rate", "estimate"))) +
         td(pct(number(r, "death_rate", "ci_low")) + " – " +
            pct(number(r, "death_rate", "ci_high"))) +
         td(statistic(metric(r, "downtime_median_s"))) +
         td(statistic(metric(r, "downtime_p90_s"))) +
         td(population(metric(r, "downtime_median_s"), number(r, "death_rate", "n"))) +
         td(statistic(metric(r, "time_out_of_action_median_s"))) +
         td(population(metric(r, "time_out_of_action_median_s"), number(r, "death_rate", "n"))) +
         td(pct(number(r, "unresolved_rate", "estimate"))) + "</tr>\n";
  }
  h += "</tbody></table>\n<p><small>Written by lethality " + html_escape(version) +
       " (<code>lethality plot</code>) from the batch's summary.csv.</small></p>\n"
       "</body>\n</html>\n";
  return h;
}

}  // namespace leth
