#include "analysis/sweep_report.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

#include "analysis/csv.h"

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
        out.push_back(SweepCurve{v, j, {}, {}, {}, {}});
      }
      continue;
    }
    const size_t p = static_cast<size_t>(spec.sweep_point);
    SweepCurve& c = out[index.at({spec.of, sw.yi(p)})];
    c.variants.push_back(v);
    c.deaths.push_back({sw.x.x[sw.xi(p)], t.variants[v].ends_in(died), t.variants[v].trials});
  }
  for (SweepCurve& c : out) {
    c.fit = fit_logistic(c.deaths);
    if (c.fit && sw.target) {
      auto x = crossing(*c.fit, *sw.target);
      double lo = INFINITY, hi = -INFINITY;
      for (const BinomialPoint& p : c.deaths) lo = std::min(lo, p.x), hi = std::max(hi, p.x);
      if (x && x->x >= lo && x->x <= hi) c.crossing = x;
    }
  }
  return out;
}

void add_sweep_files(std::vector<std::pair<std::string, std::string>>& files, const Scenario& s,
                     const RunInfo& info, const RunTally& t) {
  if (!s.sweep) return;
  const Sweep& sw = *s.sweep;
  std::map<std::string, std::vector<const MetricRow*>> by_variant;
  const std::vector<MetricRow> rows = summary_rows(info, t);
  for (const MetricRow& r : rows) by_variant[r.variant].push_back(&r);

  Csv points({"scenario", "variant", "x_name", "x", "y_name", "y", "metric", "estimate", "ci_low",
              "ci_high", "n"});
  for (const VariantSpec& spec : s.variants) {
    if (spec.sweep_point < 0) continue;
    const size_t p = static_cast<size_t>(spec.sweep_point);
    for (const MetricRow* r : by_variant[spec.name]) {
      points.field(s.name).field(s.variants[spec.of].name).field(sw.x.key).field(sw.x.x[sw.xi(p)]);
      if (sw.y)
        points.field(sw.y->key).field(sw.y->x[sw.yi(p)]);
      else
        points.field("").field("");
      points.field(r->metric)
          .field(r->estimate.value)
          .field(r->estimate.lo)
          .field(r->estimate.hi)
          .field(r->n);
      points.end_row();
    }
  }

  Csv fits({"scenario", "variant", "x_name", "y_name", "y", "target", "intercept", "slope",
            "se_intercept", "se_slope", "cov_intercept_slope", "crossing", "crossing_low",
            "crossing_high"});
  const double nan = std::nan("");
  for (const SweepCurve& c : sweep_curves(s, info, t)) {
    fits.field(s.name).field(s.variants[c.of].name).field(sw.x.key);
    if (sw.y)
      fits.field(sw.y->key).field(sw.y->x[c.yi]);
    else
      fits.field("").field("");
    fits.field(sw.target ? *sw.target : nan);
    LogisticFit f;
    if (c.fit)
      f = *c.fit;
    else
      f.intercept = f.slope = f.se_intercept = f.se_slope = f.cov = nan;
    fits.field(f.intercept).field(f.slope).field(f.se_intercept).field(f.se_slope).field(f.cov);
    // An unbounded end of the interval is left empty, like a crossing outside the range.
    auto finite = [&](double x) { return std::isfinite(x) ? x : nan; };
    const Crossing x = c.crossing.value_or(Crossing{nan, nan, nan});
    fits.field(x.x).field(finite(x.lo)).field(finite(x.hi));
    fits.end_row();
  }
  files.emplace_back("sweep.csv", points.text());
  files.emplace_back("sweep_fit.csv", fits.text());
}

namespace {

// x in the unit the scenario wrote it in, to 3 significant digits: "3.4", "3.4 rounds".
std::string number_in(const SweepAxis& a, double x) {
  if (!std::isfinite(x)) return x > 0 ? "inf" : "-inf";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.3g", x / a.unit_seconds);
  return buf;
}
std::string in_unit(const SweepAxis& a, double x) {
  return a.unit.empty() ? number_in(a, x) : number_in(a, x) + " " + a.unit;
}

// Where the observed rates cross the target: the first pair of neighbouring points (in x
// order) on either side of it, as " (observed: between 4 and 5 rounds)"; "" if none.
std::string observed_bracket(const SweepAxis& a, const SweepCurve& c, double target) {
  std::vector<std::pair<double, double>> xy;
  for (const BinomialPoint& p : c.deaths)
    xy.emplace_back(p.x, static_cast<double>(p.k) / static_cast<double>(p.n));
  std::sort(xy.begin(), xy.end());
  for (size_t i = 0; i + 1 < xy.size(); ++i)
    if ((xy[i].second - target) * (xy[i + 1].second - target) <= 0)
      return " (observed: between " + number_in(a, xy[i].first) + " and " +
             in_unit(a, xy[i + 1].first) + ")";
  return "";
}

std::string percent(double p) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g%%", p * 100);
  return buf;
}

}  // namespace

std::string sweep_summary(const Scenario& s, const RunInfo& info, const RunTally& t) {
  if (!s.sweep || !s.sweep->target) return "";
  const Sweep& sw = *s.sweep;
  std::string out;
  for (const SweepCurve& c : sweep_curves(s, info, t)) {
    std::string who = s.variants[c.of].name;
    if (sw.y) who += ", " + sw.y->key + " = " + sw.y->text[c.yi];
    std::string line = "  sweep (" + who + "): ";
    const std::string goal = "deaths under " + percent(*sw.target);
    if (!c.fit) {
      line += "no logistic fit (every point the same, or separated): see sweep.csv";
    } else if (!c.crossing) {
      const bool above = c.fit->rate(c.deaths.front().x) > *sw.target;
      line += "the fitted death rate stays " + std::string(above ? "above " : "below ") +
              percent(*sw.target) + " from " + in_unit(sw.x, c.deaths.front().x) + " to " +
              in_unit(sw.x, c.deaths.back().x);
    } else {
      const Crossing& x = *c.crossing;
      const std::string ci =
          std::isnan(x.lo) ? " [interval unbounded]"
                           : " [" + number_in(sw.x, x.lo) + ", " + number_in(sw.x, x.hi) + "]";
      // Deaths rise with x: keep x below the crossing; else above it.
      const bool at_most = c.fit->slope > 0;
      if (sw.x.leaf == "help_arrives" && at_most)
        line += "help must arrive within " + in_unit(sw.x, x.x) + ci + " to keep " + goal;
      else
        line += sw.x.key + (at_most ? " must be at most " : " must be at least ") +
                in_unit(sw.x, x.x) + ci + " to keep " + goal;
      line += observed_bracket(sw.x, c, *sw.target);
      if (c.fit->dispersion > 4)  // X^2/df: the points stray from the curve by 2 SE or more
        line += "; the logistic curve fits loosely (X^2/df = " +
                number_in(SweepAxis{}, c.fit->dispersion) + "), its interval widened to match";
    }
    out += line + "\n";
  }
  return out;
}

}  // namespace leth
