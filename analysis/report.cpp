#include "analysis/report.h"

#include <cmath>
#include <cstdio>
#include <functional>

#include <nlohmann/json.hpp>

#include "analysis/csv.h"
#include "sim/core/clock.h"

namespace leth {

namespace {

Estimate point(double x) {
  return {x, NAN, NAN};
}

}  // namespace

std::string not_estimable_text(uint64_t n) {
  if (n == 0) return "none measured";
  return "not estimable (n = " + std::to_string(n) + " < " + std::to_string(kMinMeasured) + ")";
}

std::string population_text(uint64_t n, uint64_t trials) {
  char share[32];
  const double f = trials ? static_cast<double>(n) / static_cast<double>(trials) : NAN;
  if (std::isnan(f))
    std::snprintf(share, sizeof share, "-");
  else if (f != 0 && f < 0.001)
    std::snprintf(share, sizeof share, "%.3f%%", 100 * f);
  else
    std::snprintf(share, sizeof share, "%.1f%%", 100 * f);
  return std::to_string(n) + " (" + share + ")";
}

std::vector<MetricRow> summary_rows(const RunInfo& info, const RunTally& t) {
  const MetricSpec& m = info.metrics;
  std::vector<MetricRow> rows;
  for (size_t v = 0; v < t.variants.size(); ++v) {
    const Tally& x = t.variants[v];
    const std::string& name = info.variants.at(v);
    auto rate = [&](const std::string& metric, uint64_t k) {
      rows.push_back({name, metric, rate_interval(info.interval, k, x.trials), x.trials, x.trials});
    };
    // Each kind of end, then each declared end of that kind by its detail (death_rate_combat,
    // unresolved_rate_stable): one file answers how every trial ended, with intervals.
    auto ends = [&](EndKind kind, const std::string& metric) {
      rate(metric, x.ends_in(m.end_mask(kind)));
      for (size_t e = 0; e < m.ends.size(); ++e)
        if (m.ends[e].kind == kind && !m.ends[e].detail.empty())
          rate(metric + "_" + m.ends[e].detail, x.ends[e]);
    };
    ends(EndKind::Died, "death_rate");
    if (m.has_kind(EndKind::Lost)) ends(EndKind::Lost, "lost_rate");
    for (size_t c = 0; c < m.counters.size(); ++c) {
      rate(m.counters[c].name + "_rate", x.counter_trials[c]);
      const double mean =
          x.trials ? static_cast<double>(x.counter_total[c]) / static_cast<double>(x.trials) : NAN;
      rows.push_back({name, m.counters[c].name + "_mean", point(mean), x.trials, x.trials});
    }
    ends(EndKind::Recovered, "recovered_rate");
    ends(EndKind::Unresolved, "unresolved_rate");
    for (size_t d = 0; d < m.durations.size(); ++d) {
      const LogHistogram& h = x.durations[d];
      const std::string& q = m.durations[d].name;
      const bool ok = estimable(h.count());
      auto stat = [&](const char* suffix, Estimate e) {
        rows.push_back({name, q + suffix, ok ? e : point(NAN), h.count(), x.trials});
      };
      stat("_mean_s", ok ? mean_interval(h) : point(NAN));
      stat("_median_s", ok ? quantile_interval(h, 0.5) : point(NAN));
      stat("_p90_s", ok ? quantile_interval(h, 0.9) : point(NAN));
      stat("_p99_s", ok ? quantile_interval(h, 0.99) : point(NAN));
    }
    rows.push_back(
        {name, "random_draws_per_trial",
         point(x.trials ? static_cast<double>(x.draws) / static_cast<double>(x.trials) : NAN),
         x.trials, x.trials});
  }
  return rows;
}

std::vector<std::pair<size_t, size_t>> comparison_pairs(const RunInfo& info) {
  const size_t k = info.variants.size();
  std::vector<std::pair<size_t, size_t>> pairs;
  if (info.all_pairs) {
    for (size_t a = 0; a < k; ++a)
      for (size_t b = a + 1; b < k; ++b) pairs.emplace_back(a, b);
  } else {
    for (size_t v = 0; v < k; ++v)
      if (v != reference_of(info, v)) pairs.emplace_back(reference_of(info, v), v);
  }
  return pairs;
}

size_t reference_of(const RunInfo& info, size_t v) {
  const size_t own = v < info.compared_with.size() ? info.compared_with[v] : kNoVariant;
  return own == kNoVariant ? info.reference : own;
}

std::vector<ComparisonRow> comparison_rows(const RunInfo& info, const RunTally& t) {
  const MetricSpec& m = info.metrics;
  std::vector<ComparisonRow> rows;
  for (const auto& [r, v] : comparison_pairs(info)) {
    const PairedTally p = t.pair(r, v);
    const Tally &x = t.variants.at(r), &y = t.variants.at(v);
    const std::string &name = info.variants.at(v), &ref = info.variants.at(r);
    // A rate: discordant counts b (reference only) and c (variant only), marginals kr and kv.
    auto rate = [&](const std::string& metric, uint64_t b, uint64_t c, uint64_t kr, uint64_t kv) {
      rows.push_back({name, ref, metric, paired_rate_difference(b, c, p.n), p.n, b, c,
                      mcnemar_exact_p(b, c), paired_rate_variance_ratio(kr, kv, b, c, p.n)});
    };
    const uint64_t died = m.end_mask(EndKind::Died);
    rate("death_rate_difference", p.only_baseline_died, p.only_variant_died, x.ends_in(died),
         y.ends_in(died));
    for (size_t c = 0; c < m.counters.size(); ++c)
      rate(m.counters[c].name + "_rate_difference", p.only_baseline_counter[c],
           p.only_variant_counter[c], x.counter_trials[c], y.counter_trials[c]);
    for (size_t q = 0; q < m.sequelae.size(); ++q)
      rate("sequela_" + m.sequelae[q].name + "_rate_difference", p.only_baseline_sequela[q],
           p.only_variant_sequela[q], x.sequela_trials[q], y.sequela_trials[q]);
    for (size_t d = 0; d < m.durations.size(); ++d) {
      const double sum = to_double(p.diff_sum[d]), sq = to_double(p.diff_sq[d]);
      rows.push_back({name, ref, m.durations[d].name + "_mean_difference_s",
                      paired_mean_difference(sum, sq, p.both_measured[d]), p.both_measured[d],
                      std::nullopt, std::nullopt, std::nullopt,
                      paired_mean_variance_ratio(x.durations[d], y.durations[d], sum, sq,
                                                 p.both_measured[d])});
    }
  }
  return rows;
}

std::vector<std::pair<std::string, std::string>> csv_files(const RunInfo& info, const RunTally& t) {
  const MetricSpec& m = info.metrics;
  std::vector<std::pair<std::string, std::string>> files;

  // Durations (metrics ending in "_s") also in hours, for plotting, and in words, for reading.
  // share_of_trials: n over the variant's trials, the population a duration's figure is over.
  // A duration under kMinMeasured trials has no figure, and its text says why.
  Csv summary({"scenario", "ruleset", "variant", "metric", "estimate", "ci_low", "ci_high", "n",
               "share_of_trials", "estimate_h", "ci_low_h", "ci_high_h", "estimate_text"});
  for (const MetricRow& r : summary_rows(info, t)) {
    summary.field(info.scenario).field(info.ruleset).field(r.variant).field(r.metric);
    summary.field(r.estimate.value).field(r.estimate.lo).field(r.estimate.hi).field(r.n);
    summary.field(r.trials ? static_cast<double>(r.n) / static_cast<double>(r.trials) : NAN);
    const bool seconds = r.metric.size() > 2 && r.metric.ends_with("_s");
    if (seconds && !std::isnan(r.estimate.value)) {
      summary.field(r.estimate.value / 3600)
          .field(r.estimate.lo / 3600)
          .field(r.estimate.hi / 3600);
      summary.field(duration_text(r.estimate.value));
    } else {
      summary.field(NAN).field(NAN).field(NAN);
      summary.field(seconds && !estimable(r.n) ? not_estimable_text(r.n) : std::string());
    }
    summary.end_row();
  }
  files.emplace_back("summary.csv", summary.text());

  Csv ends({"scenario", "variant", "end", "detail", "count", "rate", "ci_low", "ci_high"});
  for (size_t v = 0; v < t.variants.size(); ++v) {
    const Tally& x = t.variants[v];
    for (size_t e = 0; e < m.ends.size(); ++e) {
      const Estimate est = rate_interval(info.interval, x.ends[e], x.trials);
      ends.field(info.scenario).field(info.variants[v]).field(end_kind_name(m.ends[e].kind));
      ends.field(m.ends[e].detail).field(x.ends[e]);
      ends.field(est.value).field(est.lo).field(est.hi);
      ends.end_row();
    }
  }
  files.emplace_back("end_states.csv", ends.text());

  // Bins in seconds, and in hours and words beside them.
  Csv hist({"scenario", "variant", "quantity", "bin_low_s", "bin_high_s", "count", "bin_low_h",
            "bin_high_h", "bin_text"});
  for (size_t v = 0; v < t.variants.size(); ++v)
    for (size_t d = 0; d < m.durations.size(); ++d)
      for (const LogHistogram::Bin& b : t.variants[v].durations[d].bins()) {
        hist.field(info.scenario).field(info.variants[v]).field(m.durations[d].name);
        hist.field(b.low).field(b.high).field(b.count);
        hist.field(static_cast<double>(b.low) / 3600).field(static_cast<double>(b.high) / 3600);
        hist.field(b.low == b.high ? duration_text(static_cast<double>(b.low))
                                   : duration_text(static_cast<double>(b.low)) + " to " +
                                         duration_text(static_cast<double>(b.high)));
        hist.end_row();
      }
  files.emplace_back("histograms.csv", hist.text());

  // Each sequela's share of all trials, and of the survivors (trials that did not end in
  // death): what a designer asks of a lasting injury is how many of those who live keep it.
  Csv seq({"scenario", "variant", "sequela", "trials_with", "rate", "ci_low", "ci_high",
           "total_count", "unit", "total_magnitude", "survivors", "rate_survivors",
           "ci_low_survivors", "ci_high_survivors"});
  const uint64_t died_mask = m.end_mask(EndKind::Died);
  for (size_t v = 0; v < t.variants.size(); ++v) {
    const Tally& x = t.variants[v];
    const uint64_t survivors = x.trials - x.ends_in(died_mask);
    for (size_t s = 0; s < m.sequelae.size(); ++s) {
      const Estimate e = rate_interval(info.interval, x.sequela_trials[s], x.trials);
      seq.field(info.scenario).field(info.variants[v]).field(m.sequelae[s].name);
      seq.field(x.sequela_trials[s]).field(e.value).field(e.lo).field(e.hi);
      seq.field(x.sequela_total[s]).field(m.sequelae[s].unit);
      if (m.sequelae[s].unit.empty())
        seq.field(std::string());
      else
        seq.field(x.sequela_magnitude[s]);
      // A sequela of a trial that ended in death (a model may report one) is not a survivor's.
      const uint64_t with = std::min(x.sequela_trials[s], survivors);
      const Estimate k = rate_interval(info.interval, with, survivors);
      seq.field(survivors);
      if (survivors > 0)
        seq.field(k.value).field(k.lo).field(k.hi);
      else
        seq.field(NAN).field(NAN).field(NAN);
      seq.end_row();
    }
  }
  files.emplace_back("sequelae.csv", seq.text());

  // The trials worth replaying: the first few of each end, counter and sequela.
  Csv ex({"scenario", "variant", "kind", "name", "trial"});
  for (size_t v = 0; v < t.variants.size(); ++v) {
    const Tally& x = t.variants[v];
    auto emit = [&](const char* kind, const std::string& name,
                    const std::vector<uint64_t>& trials) {
      for (uint64_t trial : trials) {
        ex.field(info.scenario).field(info.variants[v]).field(kind).field(name).field(trial);
        ex.end_row();
      }
    };
    for (size_t e = 0; e < m.ends.size(); ++e) emit("end", m.ends[e].name(), x.end_examples[e]);
    for (size_t c = 0; c < m.counters.size(); ++c)
      emit("counter", m.counters[c].name, x.counter_examples[c]);
    for (size_t q = 0; q < m.sequelae.size(); ++q)
      emit("sequela", m.sequelae[q].name, x.sequela_examples[q]);
  }
  files.emplace_back("examples.csv", ex.text());

  Csv cmp({"scenario", "variant", "reference", "metric", "difference", "ci_low", "ci_high", "n",
           "only_reference", "only_variant", "p_value", "variance_ratio"});
  for (const ComparisonRow& r : comparison_rows(info, t)) {
    cmp.field(info.scenario).field(r.variant).field(r.reference).field(r.metric);
    cmp.field(r.difference.value).field(r.difference.lo).field(r.difference.hi).field(r.n);
    if (r.only_reference)
      cmp.field(*r.only_reference).field(*r.only_variant).field(*r.p_value);
    else
      cmp.field(std::string()).field(std::string()).field(std::string());
    cmp.field(r.variance_ratio);
    cmp.end_row();
  }
  files.emplace_back("comparisons.csv", cmp.text());
  return files;
}

nlohmann::json metrics_json(const MetricSpec& m) {
  nlohmann::json ends = nlohmann::json::array(), counters = nlohmann::json::array(),
                 durations = nlohmann::json::array(), sequelae = nlohmann::json::array();
  for (const EndSpec& e : m.ends)
    ends.push_back({{"name", e.name()},
                    {"kind", end_kind_name(e.kind)},
                    {"detail", e.detail},
                    {"help", e.help}});
  for (const CounterSpec& c : m.counters) counters.push_back({{"name", c.name}, {"help", c.help}});
  for (const DurationSpec& d : m.durations)
    durations.push_back({{"name", d.name}, {"help", d.help}});
  for (const SequelaSpec& q : m.sequelae)
    sequelae.push_back({{"name", q.name}, {"unit", q.unit}, {"help", q.help}});
  return {{"ends", ends}, {"counters", counters}, {"durations", durations}, {"sequelae", sequelae}};
}

std::string run_json(const RunInfo& info, const RunTally& t) {
  nlohmann::json variants = nlohmann::json::array();
  for (size_t v = 0; v < info.variants.size(); ++v)
    variants.push_back({{"name", info.variants[v]},
                        {"description", info.variant_descriptions.at(v)},
                        {"trials", t.variants.at(v).trials},
                        {"random_draws", t.variants.at(v).draws}});
  nlohmann::json j = {
      {"version", info.version},
      {"scenario",
       {{"name", info.scenario},
        {"description", info.description},
        {"ruleset", info.ruleset},
        {"file", info.file},
        {"sha256", info.sha256}}},
      {"seed", info.seed},
      {"trials", t.trials()},
      {"trial_ranges", t.ranges.to_json()},
      {"stopped", info.stop_reason},
      {"interval", interval_name(info.interval)},
      {"threads", info.threads},
      {"elapsed_s", info.elapsed_s},
      {"trials_per_second", info.trials_per_second},
      {"peak_memory_mib", info.peak_memory_mib},
      {"variants", variants},
  };
  if (!info.precision.empty()) j["precision"] = info.precision;
  j["metrics"] = metrics_json(info.metrics);
  return j.dump(2) + "\n";
}

namespace {

std::string pct(double x) {
  if (std::isnan(x)) return "-";
  char buf[32];
  if (x != 0 && std::fabs(x) < 0.001)
    std::snprintf(buf, sizeof buf, "%.3f%%", 100 * x);
  else
    std::snprintf(buf, sizeof buf, "%.2f%%", 100 * x);
  return buf;
}

// "= 0.0123", or "< 1e-300" where the binomial tail is below what a double holds.
std::string p_text(double p) {
  char buf[32];
  if (p < 1e-300)
    std::snprintf(buf, sizeof buf, "< 1e-300");
  else
    std::snprintf(buf, sizeof buf, "= %.3g", p);
  return buf;
}

std::string pad(const std::string& s, size_t w) {
  return s.size() >= w ? s + " " : s + std::string(w - s.size(), ' ');
}

}  // namespace

std::string summary_table(const RunInfo& info, const RunTally& t) {
  const MetricSpec& m = info.metrics;
  std::string out;
  char buf[1024];
  std::snprintf(buf, sizeof buf, "%s (%s): %llu trials, seed %llu, %d thread%s, %.2f s\n",
                info.scenario.c_str(), info.ruleset.c_str(),
                static_cast<unsigned long long>(t.trials()),
                static_cast<unsigned long long>(info.seed), info.threads,
                info.threads == 1 ? "" : "s", info.elapsed_s);
  out += buf;
  // Columns follow the declaration: deaths, the difference from the reference, where, each
  // counter, then the times every model reports (time to full health p50 and p90, out of
  // action p50), what was unresolved and the most frequent sequelae.
  struct Column {
    std::string head;
    std::function<std::string(size_t v)> cell;  // v: the variant
  };
  std::vector<Column> cols;
  auto frac = [](const Tally& x, uint64_t k) {
    return x.trials > 0 ? static_cast<double>(k) / static_cast<double>(x.trials) : NAN;
  };
  const uint64_t died = m.end_mask(EndKind::Died);
  const IntervalKind kind = info.interval;
  const std::vector<Tally>& tv = t.variants;
  cols.push_back({"deaths (95% CI)", [&, kind, died](size_t v) {
                    const Estimate d = rate_interval(kind, tv[v].ends_in(died), tv[v].trials);
                    return pct(d.value) + " (" + pct(d.lo) + "-" + pct(d.hi) + ")";
                  }});
  // The death-rate difference from the reference (the baseline unless --reference), paired.
  const std::vector<ComparisonRow> comparisons = comparison_rows(info, t);
  if (info.variants.size() > 1) {
    // A sweep point is compared with its own variant: then the column names no one variant.
    bool one_reference = true;
    for (size_t v = 0; v < info.variants.size(); ++v)
      one_reference =
          one_reference && (reference_of(info, v) == info.reference || v == info.reference);
    const std::string head = one_reference ? info.variants.at(info.reference) : "reference";
    cols.push_back({"vs " + head + " (95% CI)", [&](size_t v) -> std::string {
                      const std::string& ref = info.variants.at(reference_of(info, v));
                      if (info.variants[v] == ref) return "-";
                      for (const ComparisonRow& r : comparisons)
                        if (r.metric == "death_rate_difference" && r.reference == ref &&
                            r.variant == info.variants[v]) {
                          char cell[96];
                          std::snprintf(cell, sizeof cell, "%+.2f pp (%+.2f to %+.2f)",
                                        100 * r.difference.value, 100 * r.difference.lo,
                                        100 * r.difference.hi);
                          return cell;
                        }
                      return "-";
                    }});
  }
  for (size_t e = 0; e < m.ends.size(); ++e)
    if (m.ends[e].kind == EndKind::Died && !m.ends[e].detail.empty())
      cols.push_back(
          {m.ends[e].detail, [&, e](size_t v) { return pct(frac(tv[v], tv[v].ends[e])); }});
  if (m.has_kind(EndKind::Lost)) {
    const uint64_t lost = m.end_mask(EndKind::Lost);
    cols.push_back({"lost", [&, lost](size_t v) { return pct(frac(tv[v], tv[v].ends_in(lost))); }});
  }
  // The counters: columns here, unless the row would then be too wide to read (see below).
  const size_t counters_at = cols.size();
  std::vector<Column> counter_cols;
  for (size_t c = 0; c < m.counters.size(); ++c)
    counter_cols.push_back({m.counters[c].name, [&, c](size_t v) {
                              return pct(frac(tv[v], tv[v].counter_trials[c]));
                            }});
  // A quantile is over the trials that measured the duration: beside it, how many they are
  // and their share of the trials; under kMinMeasured of them, no figure.
  auto quantile = [&](const char* duration, double q, const char* head) {
    const int d = m.duration_index(duration);
    if (d >= 0)
      cols.push_back({head, [&, d, q](size_t v) {
                        const LogHistogram& h = tv[v].durations[static_cast<size_t>(d)];
                        if (h.count() == 0) return std::string("-");
                        if (!estimable(h.count())) return std::string("not estimable");
                        return duration_text(h.quantile(q));
                      }});
  };
  auto population = [&](const char* duration) {
    const int d = m.duration_index(duration);
    if (d >= 0)
      cols.push_back({"n (share)", [&, d](size_t v) {
                        return population_text(tv[v].durations[static_cast<size_t>(d)].count(),
                                               tv[v].trials);
                      }});
  };
  quantile(kDowntime, 0.5, "downtime p50");
  quantile(kDowntime, 0.9, "p90");
  population(kDowntime);
  quantile(kTimeOutOfAction, 0.5, "out of action p50");
  population(kTimeOutOfAction);
  const uint64_t unresolved = m.end_mask(EndKind::Unresolved);
  cols.push_back({"unresolved", [&, unresolved](size_t v) {
                    return pct(frac(tv[v], tv[v].ends_in(unresolved)));
                  }});
  // The two most frequent sequelae (share of trials with at least one), last: the widest.
  if (!m.sequelae.empty())
    cols.push_back({"top sequelae", [&](size_t v) -> std::string {
                      std::vector<size_t> order(m.sequelae.size());
                      for (size_t q = 0; q < order.size(); ++q) order[q] = q;
                      std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
                        return tv[v].sequela_trials[a] > tv[v].sequela_trials[b];
                      });
                      std::string cell;
                      for (size_t i = 0; i < std::min<size_t>(2, order.size()); ++i) {
                        const size_t q = order[i];
                        if (tv[v].sequela_trials[q] == 0) break;
                        if (!cell.empty()) cell += ", ";
                        cell +=
                            m.sequelae[q].name + " " + pct(frac(tv[v], tv[v].sequela_trials[q]));
                      }
                      return cell.empty() ? std::string("-") : cell;
                    }});

  size_t w = 10;
  for (const std::string& v : info.variants) w = std::max(w, v.size() + 2);
  auto width_of = [&](const Column& c) {
    size_t cw = c.head.size() + 2;
    for (size_t v = 0; v < tv.size(); ++v) cw = std::max(cw, c.cell(v).size() + 2);
    return cw;
  };
  // A ruleset with many counters (dnd5e declares 14) would make each row several screens
  // wide: past kMaxTableWidth the counters go into a table of their own, one row per counter
  // and a column per variant, which stays readable however many the model declares.
  size_t row_width = 2 + w;
  for (const Column& c : cols) row_width += width_of(c);
  for (const Column& c : counter_cols) row_width += width_of(c);
  const bool counters_apart = row_width > kMaxTableWidth;
  if (!counters_apart)
    cols.insert(cols.begin() + static_cast<std::ptrdiff_t>(counters_at), counter_cols.begin(),
                counter_cols.end());
  std::vector<size_t> widths;
  for (const Column& c : cols) widths.push_back(width_of(c));
  auto line = [&](std::string text) {  // no trailing blanks after the last column
    text.erase(text.find_last_not_of(' ') + 1);
    out += text + "\n";
  };
  std::string head = "  " + pad("variant", w);
  for (size_t i = 0; i < cols.size(); ++i) head += pad(cols[i].head, widths[i]);
  line(head);
  for (size_t v = 0; v < tv.size(); ++v) {
    std::string row = "  " + pad(info.variants[v], w);
    for (size_t i = 0; i < cols.size(); ++i) row += pad(cols[i].cell(v), widths[i]);
    line(row);
  }
  if (counters_apart) {
    size_t cw = std::string("trials with at least one").size() + 2;
    for (const Column& c : counter_cols) cw = std::max(cw, c.head.size() + 4);
    std::vector<size_t> vw;
    for (size_t v = 0; v < tv.size(); ++v) {
      size_t x = info.variants[v].size() + 2;
      for (const Column& c : counter_cols) x = std::max(x, c.cell(v).size() + 2);
      vw.push_back(x);
    }
    std::string h = "  " + pad("trials with at least one", cw);
    for (size_t v = 0; v < tv.size(); ++v) h += pad(info.variants[v], vw[v]);
    line(h);
    for (const Column& c : counter_cols) {
      std::string row = "    " + pad(c.head, cw - 2);
      for (size_t v = 0; v < tv.size(); ++v) row += pad(c.cell(v), vw[v]);
      line(row);
    }
  }
  // The paired comparisons: death rate difference, discordant trials, McNemar, and what
  // pairing bought (an independent-streams run would need that many times the trials).
  for (const ComparisonRow& r : comparisons) {
    if (r.metric != "death_rate_difference") continue;
    std::snprintf(buf, sizeof buf,
                  "  %s vs %s: deaths %+.3f pp (95%% CI %+.3f to %+.3f), paired over %llu "
                  "trials: %llu died only in %s, %llu only in %s, McNemar p %s",
                  r.variant.c_str(), r.reference.c_str(), 100 * r.difference.value,
                  100 * r.difference.lo, 100 * r.difference.hi,
                  static_cast<unsigned long long>(r.n),
                  static_cast<unsigned long long>(*r.only_reference), r.reference.c_str(),
                  static_cast<unsigned long long>(*r.only_variant), r.variant.c_str(),
                  p_text(*r.p_value).c_str());
    out += buf;
    if (!std::isnan(r.variance_ratio)) {
      std::snprintf(buf, sizeof buf, "; pairing worth %.1fx the trials", r.variance_ratio);
      out += buf;
    }
    out += "\n";
  }
  return out;
}

std::string side_by_side_table(const std::vector<std::pair<RunInfo, RunTally>>& runs) {
  std::vector<std::vector<std::string>> rows;
  rows.push_back({"scenario", "ruleset", "variant", "deaths (95% CI)", "downtime p50", "p90",
                  "n (share)", "out of action p50", "n (share)", "unresolved"});
  auto quantile = [](const MetricSpec& m, const Tally& x, const char* name, double q) {
    const int d = m.duration_index(name);
    if (d < 0) return std::string("-");
    const LogHistogram& h = x.durations[static_cast<size_t>(d)];
    if (h.count() == 0) return std::string("-");
    return estimable(h.count()) ? duration_text(h.quantile(q)) : std::string("not estimable");
  };
  auto population = [](const MetricSpec& m, const Tally& x, const char* name) {
    const int d = m.duration_index(name);
    if (d < 0) return std::string("-");
    return population_text(x.durations[static_cast<size_t>(d)].count(), x.trials);
  };
  for (const auto& [info, t] : runs) {
    const MetricSpec& m = info.metrics;
    const uint64_t died = m.end_mask(EndKind::Died), open = m.end_mask(EndKind::Unresolved);
    for (size_t v = 0; v < t.variants.size(); ++v) {
      const Tally& x = t.variants[v];
      const Estimate d = rate_interval(info.interval, x.ends_in(died), x.trials);
      const double unresolved =
          x.trials ? static_cast<double>(x.ends_in(open)) / static_cast<double>(x.trials) : NAN;
      rows.push_back({info.scenario, info.ruleset, info.variants[v],
                      pct(d.value) + " (" + pct(d.lo) + "-" + pct(d.hi) + ")",
                      quantile(m, x, kDowntime, 0.5), quantile(m, x, kDowntime, 0.9),
                      population(m, x, kDowntime), quantile(m, x, kTimeOutOfAction, 0.5),
                      population(m, x, kTimeOutOfAction), pct(unresolved)});
    }
  }
  std::vector<size_t> widths(rows.front().size(), 0);
  for (const auto& r : rows)
    for (size_t i = 0; i < r.size(); ++i) widths[i] = std::max(widths[i], r[i].size() + 2);
  std::string out = "side by side:\n";
  for (const auto& r : rows) {
    std::string line = "  ";
    for (size_t i = 0; i < r.size(); ++i) line += pad(r[i], widths[i]);
    line.erase(line.find_last_not_of(' ') + 1);
    out += line + "\n";
  }
  return out;
}

}  // namespace leth
