#include "sim/cli/report_html.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

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

std::string seconds(double s) {
  return std::isfinite(s) ? duration_text(s) : "–";
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
      "<table><thead><tr><th>variant</th><th>deaths (95% CI)</th><th>difference vs reference "
      "(95% CI)</th><th>downtime p50</th><th>downtime p90</th><th>out of action p50</th>"
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
         td(pct(d.estimate) + " (" + pct(d.lo) + "–" + pct(d.hi) + ")") + td(diff) +
         td(seconds(summary_metric(r, v, "downtime_median_s").estimate)) +
         td(seconds(summary_metric(r, v, "downtime_p90_s").estimate)) +
         td(seconds(summary_metric(r, v, "time_out_of_action_median_s").estimate)) +
         td(top_sequelae(r, v)) + td(variant_description(r, v)) + "</tr>\n";
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

std::string deaths_by_table(const ResultsFolder& r) {
  struct Col {
    const char* label;
    double s;
  };
  // Round k runs from 6(k - 1) s to 6k s, and times are whole seconds: dead by the end of
  // round k is a time_to_death of at most 6k - 1 s.
  const Col cols[] = {{"round 1", 5},  {"round 2", 11}, {"round 3", 17},  {"1 min", 60},
                      {"10 min", 600}, {"1 h", 3600},   {"1 day", 86400}, {"1 week", 604800}};
  std::string h =
      "<h2>Deaths over time</h2>\n<p>The share of all trials dead by the end of round 1, 2 "
      "and 3 (a round is 6 s; round k ends at 6k s) and within each time since the fight "
      "began, from the <code>time_to_death</code> histogram; ≥ marks a time that falls "
      "inside a histogram bin, where only the bins wholly before it are counted.</p>\n"
      "<table><thead><tr><th>variant</th>";
  for (const Col& c : cols) h += "<th>" + std::string(c.label) + "</th>";
  h += "<th>in all</th></tr></thead><tbody>\n";
  bool any = false;
  for (const std::string& v : r.variants) {
    const std::vector<Bin> bins = histogram_of(r, v, "time_to_death");
    const Metric d = summary_metric(r, v, "death_rate");
    if (!(d.n > 0)) continue;
    any = true;
    h += "<tr>" + td(v);
    for (const Col& c : cols) {
      const CountBy by = count_by(bins, c.s);
      h += td((by.exact ? "" : "≥ ") + pct(by.count / d.n));
    }
    h += td(pct(d.estimate)) + "</tr>\n";
  }
  return any ? h + "</tbody></table>\n" : "";
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
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 1100px; color: #222; padding: 0 1em; }
h1 { margin-bottom: 0.2em; }
table { border-collapse: collapse; margin: 1em 0; font-size: 0.92em; }
th, td { border: 1px solid #ccc; padding: 0.3em 0.6em; text-align: left; vertical-align: top; }
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
  h += pairs_table(r) + deaths_by_table(r) + sweep_table(r);
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
                              const std::string& version) {
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
  std::string h =
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta name=\"generator\" content=\"" +
      std::string(kBatchReportGenerator) + "\">\n<title>batch of " +
      std::to_string(folders.size()) + " scenarios — lethality report</title>\n" + kStyle +
      "</head>\n<body>\n<h1>A batch of " + std::to_string(folders.size()) +
      " scenarios</h1>\n"
      "<p>Each scenario's own report, with its charts, comparisons and scenario file, is linked "
      "from its name.</p>\n<table><thead><tr><th>scenario</th><th>ruleset</th><th>variant</th>"
      "<th>deaths</th><th>95% CI</th><th>downtime p50</th><th>downtime p90</th>"
      "<th>out of action p50</th><th>unresolved</th></tr></thead><tbody>\n";
  for (const Row& r : rows) {
    const bool linked = std::find(folders.begin(), folders.end(), r.scenario) != folders.end();
    h += "<tr>";
    h += linked ? "<td class=\"name\"><a href=\"" + html_escape(r.scenario) + "/report.html\">" +
                      html_escape(r.scenario) + "</a></td>"
                : td(r.scenario, "name");
    h += td(r.ruleset) + td(r.variant) + td(pct(number(r, "death_rate", "estimate"))) +
         td(pct(number(r, "death_rate", "ci_low")) + " – " +
            pct(number(r, "death_rate", "ci_high"))) +
         td(seconds(number(r, "downtime_median_s", "estimate"))) +
         td(seconds(number(r, "downtime_p90_s", "estimate"))) +
         td(seconds(number(r, "time_out_of_action_median_s", "estimate"))) +
         td(pct(number(r, "unresolved_rate", "estimate"))) + "</tr>\n";
  }
  h += "</tbody></table>\n<p><small>Written by lethality " + html_escape(version) +
       " (<code>lethality plot</code>) from the batch's summary.csv.</small></p>\n"
       "</body>\n</html>\n";
  return h;
}

}  // namespace leth
