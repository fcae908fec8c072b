#include "analysis/sweep_report.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

#include "analysis/csv.h"
#include "sim/core/clock.h"

namespace leth {

std::vector<SweepCurve> sweep_curves(const Scenario& s, const RunInfo& info, const RunTally& t) {
  std::vector<SweepCurve> out;
  if (!s.sweep) return out;
  const Sweep& sw = *s.sweep;
  const uint64_t died = info.metrics.end_mask(EndKind::Died);
  const size_t ny = sw.y ? sw.y->x.size() : 1;
  std::map<std::pair<size_t, size_t>, size_t> index;  // (of, yi) -> curve
  for (size_t v = 0; v < s.variants.size(); ++v) {
    const VariantSpec& spec = s.variants[v];
    if (spec.sweep_point < 0) {
      for (size_t j = 0; j < ny; ++j) {
        index[{v, j}] = out.size();
        out.push_back(SweepCurve{v, j, {}, {}, {}});
      }
      continue;
    }
    const size_t p = static_cast<size_t>(spec.sweep_point);
    SweepCurve& c = out[index.at({spec.of, sw.yi(p)})];
    c.variants.push_back(v);
    c.deaths.push_back({sw.x.x[sw.xi(p)], t.variants[v].ends_in(died), t.variants[v].trials});
  }
  if (sw.target)
    for (SweepCurve& c : out) c.crossing = find_crossing(c.deaths, *sw.target, info.interval);
  return out;
}

std::vector<size_t> sweep_references(const Scenario& s) {
  std::vector<size_t> refs;
  for (const VariantSpec& v : s.variants) refs.push_back(v.sweep_point >= 0 ? v.of : kNoVariant);
  return refs;
}

namespace {

// x in the axis's unit: a number of rounds, hours... for a duration, the number itself else.
double in_unit(const SweepAxis& a, double x) {
  return a.duration ? x / a.unit_seconds : x;
}
// "4.9" (the number in the axis's unit) and "4.9 rounds" (with the unit's word).
std::string number_of(const SweepAxis& a, double x) {
  return amount_number(in_unit(a, x));
}
std::string value_of(const SweepAxis& a, double x) {
  return a.duration ? amount_text(in_unit(a, x), static_cast<Seconds>(a.unit_seconds))
                    : amount_number(x);
}

std::string percent(double p) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g%%", p * 100);
  return buf;
}
// An observed rate: "24.0%", "4.54%", "0.46%".
std::string rate_text(double p) {
  char buf[32];
  const double q = 100 * p;
  std::snprintf(buf, sizeof buf, q >= 10 ? "%.1f%%" : q >= 1 ? "%.2f%%" : "%.2g%%", q);
  return buf;
}

// "95% interval 4 to 6 rounds", or with an end the points cannot bound.
std::string interval_words(const SweepAxis& a, double lo, double hi) {
  const bool l = std::isfinite(lo), h = std::isfinite(hi);
  if (l && h) return "95% interval " + number_of(a, lo) + " to " + value_of(a, hi);
  if (h) return "95% interval: at most " + value_of(a, hi);
  if (l) return "95% interval: at least " + value_of(a, lo);
  return "95% interval: unbounded, no point's own interval excludes the target";
}

// "(5.2% at 1 round to 31% at 8 rounds)": the first and the last point.
std::string range_words(const SweepAxis& a, const SweepCrossing& c) {
  const BinomialPoint &f = c.points.front(), &l = c.points.back();
  std::string s = "(";  // built by +=: GCC 12 warns falsely (-Wrestrict) on "(" + string
  s += rate_text(f.rate()) + " at " + value_of(a, f.x) + " to " + rate_text(l.rate()) + " at " +
       value_of(a, l.x) + ")";
  return s;
}

}  // namespace

std::string crossing_sentence(const Sweep& sw, const SweepCrossing& c, double target) {
  const SweepAxis& a = sw.x;
  const std::string goal = "deaths under " + percent(target);
  if (c.points.empty()) return "no point has trials";
  switch (c.answer) {
    case CrossingAnswer::StaysAbove:
    case CrossingAnswer::StaysBelow: {
      const bool above = c.answer == CrossingAnswer::StaysAbove;
      double lowest = 1;
      for (const BinomialPoint& p : c.points) lowest = std::min(lowest, p.rate());
      std::string s = std::string("deaths stay ") +
                      (above ? (lowest == target ? "at or above " : "above ") : "below ") +
                      percent(target) + " at every point swept " + range_words(a, c);
      // Where the crossing would be, if the trend goes on past the swept range — said only
      // when the trend is clear: the first and the last point's intervals do not overlap.
      const bool before = (c.fit.trend == Trend::Rising) == above;
      const Estimate &first = c.bands.front(), &last = c.bands.back();
      const bool clear = first.hi < last.lo || last.hi < first.lo;
      if (c.fit.trend != Trend::Flat && clear)
        s +=
            ": the crossing, if any, lies " + (before ? "below " + value_of(a, c.points.front().x)
                                                      : "beyond " + value_of(a, c.points.back().x));
      return s;
    }
    case CrossingAnswer::NoTrend:
      return "the observed rates cross " + percent(target) + " between " +
             number_of(a, c.bracket_lo) + " and " + value_of(a, c.bracket_hi) +
             " but neither rise nor fall steadily: no crossing estimated (see sweep.csv)";
    case CrossingAnswer::Crossed:
      break;
  }
  // What the data say: the bracket, with the two rates when it is one pair of points.
  std::string s = "deaths cross " + percent(target) + " between " + number_of(a, c.bracket_lo) +
                  " and " + value_of(a, c.bracket_hi);
  size_t i = 0;
  while (i < c.points.size() && c.points[i].x != c.bracket_lo) ++i;
  if (i + 1 < c.points.size() && c.points[i + 1].x == c.bracket_hi)
    s += " (" + rate_text(c.points[i].rate()) + " at " + number_of(a, c.bracket_lo) + ", " +
         rate_text(c.points[i + 1].rate()) + " at " + number_of(a, c.bracket_hi) + ")";
  else
    s += " (the observed rates cross it more than once there)";
  // Then the estimate: deaths rise with x, keep x below the crossing; else above it.
  const bool rising = c.fit.trend == Trend::Rising;
  const std::string ci = " (" + interval_words(a, c.lo, c.hi) + ")";
  if (a.leaf == "help_arrives" && rising)
    s += ": help must arrive within " + value_of(a, c.x) + ci;
  else
    s += ": " + a.key + (rising ? " must be at most " : " must be at least ") + value_of(a, c.x) +
         ci;
  return s + " to keep " + goal;
}

void add_sweep_files(std::vector<std::pair<std::string, std::string>>& files, const Scenario& s,
                     const RunInfo& info, const RunTally& t) {
  if (!s.sweep) return;
  const Sweep& sw = *s.sweep;
  const MetricSpec& m = info.metrics;
  std::map<std::string, std::vector<const MetricRow*>> by_variant;
  const std::vector<MetricRow> rows = summary_rows(info, t);
  for (const MetricRow& r : rows) by_variant[r.variant].push_back(&r);
  const double nan = std::nan("");

  // A value of an axis: in its unit, the unit's name, and in seconds for a duration.
  auto axis_fields = [&](Csv& csv, const SweepAxis& a, double x) {
    csv.field(in_unit(a, x)).field(a.unit).field(a.duration ? x : nan);
  };
  Csv points({"scenario", "variant", "x_name", "x", "x_unit", "x_s", "y_name", "y", "y_unit", "y_s",
              "metric", "estimate", "ci_low", "ci_high", "n", "estimate_text"});
  for (size_t v = 0; v < s.variants.size(); ++v) {
    const VariantSpec& spec = s.variants[v];
    if (spec.sweep_point < 0) continue;
    const size_t p = static_cast<size_t>(spec.sweep_point);
    auto row = [&](const std::string& metric, const Estimate& e, uint64_t n) {
      points.field(s.name).field(s.variants[spec.of].name).field(sw.x.key);
      axis_fields(points, sw.x, sw.x.x[sw.xi(p)]);
      if (sw.y) {
        points.field(sw.y->key);
        axis_fields(points, *sw.y, sw.y->x[sw.yi(p)]);
      } else {
        points.field("").field(nan).field("").field(nan);
      }
      const bool seconds = metric.size() > 2 && metric.ends_with("_s");
      points.field(metric).field(e.value).field(e.lo).field(e.hi).field(n);
      points.field(seconds && std::isfinite(e.value) ? duration_text(e.value) : std::string());
      points.end_row();
    };
    for (const MetricRow* r : by_variant[spec.name]) row(r->metric, r->estimate, r->n);
    // Each lasting injury against the swept value: the share of trials with it.
    const Tally& x = t.variants[v];
    for (size_t q = 0; q < m.sequelae.size(); ++q)
      row("sequela_" + m.sequelae[q].name + "_rate",
          rate_interval(info.interval, x.sequela_trials[q], x.trials), x.trials);
  }
  files.emplace_back("sweep.csv", points.text());
  if (!sw.target) return;

  Csv cross({"scenario",       "variant",         "x_name",
             "x_unit",         "y_name",          "y",
             "y_unit",         "target",          "trend",
             "answer",         "bracket_low",     "bracket_high",
             "crossing",       "crossing_low",    "crossing_high",
             "bracket_low_s",  "bracket_high_s",  "crossing_s",
             "crossing_low_s", "crossing_high_s", "answer_text"});
  auto finite = [&](double x) { return std::isfinite(x) ? x : nan; };
  for (const SweepCurve& c : sweep_curves(s, info, t)) {
    const SweepCrossing& x = *c.crossing;
    cross.field(s.name).field(s.variants[c.of].name).field(sw.x.key).field(sw.x.unit);
    if (sw.y)
      cross.field(sw.y->key).field(in_unit(*sw.y, sw.y->x[c.yi])).field(sw.y->unit);
    else
      cross.field("").field(nan).field("");
    cross.field(*sw.target).field(trend_name(x.fit.trend)).field(crossing_answer_name(x.answer));
    // An unbounded end of the interval is left empty, like a crossing that is not there.
    const double ends[] = {x.bracket_lo, x.bracket_hi, x.x, x.lo, x.hi};
    for (double e : ends) cross.field(finite(in_unit(sw.x, e)));
    for (double e : ends) cross.field(sw.x.duration ? finite(e) : nan);
    cross.field(crossing_sentence(sw, x, *sw.target));
    cross.end_row();
  }
  files.emplace_back("crossing.csv", cross.text());
}

std::string sweep_summary(const Scenario& s, const RunInfo& info, const RunTally& t) {
  if (!s.sweep || !s.sweep->target) return "";
  const Sweep& sw = *s.sweep;
  std::string out;
  for (const SweepCurve& c : sweep_curves(s, info, t)) {
    std::string who = s.variants[c.of].name;
    if (sw.y) who += ", " + sw.y->key + " = " + sw.y->text[c.yi];
    out += "  sweep (" + who + "): " + crossing_sentence(sw, *c.crossing, *sw.target) + "\n";
  }
  return out;
}

}  // namespace leth
