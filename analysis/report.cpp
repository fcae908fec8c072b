#include "analysis/report.h"

#include <cmath>
#include <cstdio>
#include <functional>

#include <nlohmann/json.hpp>

#include "analysis/csv.h"
#include "analysis/life_table.h"
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
      rows.back().member = m.counters[c].member;
      // Per trial, with the normal interval of a mean (Tally::counter_sq).
      rows.push_back({name, m.counters[c].name + "_mean",
                      mean_from_sums(static_cast<double>(x.counter_total[c]),
                                     to_double(x.counter_sq[c]), x.trials),
                      x.trials, x.trials, m.counters[c].member});
    }
    ends(EndKind::Recovered, "recovered_rate");
    ends(EndKind::Unresolved, "unresolved_rate");
    if (m.adventures > 0) {  // a campaign: the adventures lived through (life_table.h)
      rows.push_back({name, "adventures_mean", adventures_mean(x), x.trials, x.trials});
      const std::optional<int> median = adventures_median(x);
      rows.push_back({name, "adventures_median", point(median ? *median : NAN), x.trials,
                      x.trials});
    }
    for (size_t d = 0; d < m.durations.size(); ++d) {
      const LogHistogram& h = x.durations[d];
      const std::string& q = m.durations[d].name;
      const bool ok = estimable(h.count());
      auto stat = [&](const char* suffix, Estimate e) {
        rows.push_back(
            {name, q + suffix, ok ? e : point(NAN), h.count(), x.trials, m.durations[d].member});
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
    for (size_t c = 0; c < m.counters.size(); ++c) {
      rate(m.counters[c].name + "_rate_difference", p.only_baseline_counter[c],
           p.only_variant_counter[c], x.counter_trials[c], y.counter_trials[c]);
      rows.back().member = m.counters[c].member;
    }
    for (size_t c = 0; c < m.counters.size(); ++c) {  // the mean count, paired
      const Sums d{to_double(p.counter_diff_sum[c]), to_double(p.counter_diff_sq[c]), p.n};
      const Sums a{static_cast<double>(x.counter_total[c]), to_double(x.counter_sq[c]), x.trials};
      const Sums b{static_cast<double>(y.counter_total[c]), to_double(y.counter_sq[c]), y.trials};
      rows.push_back({name, ref, m.counters[c].name + "_mean_difference",
                      paired_mean_difference(d.sum, d.sum_sq, d.n), p.n, std::nullopt,
                      std::nullopt, std::nullopt, paired_mean_variance_ratio(a, b, d),
                      m.counters[c].member});
    }
    if (m.adventures > 0)
      rows.push_back({name, ref, "adventures_mean_difference", adventures_mean_difference(p), p.n,
                      std::nullopt, std::nullopt, std::nullopt,
                      adventures_variance_ratio(x, y, p)});
    for (size_t q = 0; q < m.sequelae.size(); ++q)
      rate("sequela_" + m.sequelae[q].name + "_rate_difference", p.only_baseline_sequela[q],
           p.only_variant_sequela[q], x.sequela_trials[q], y.sequela_trials[q]);
    for (size_t d = 0; d < m.durations.size(); ++d) {
      const double sum = to_double(p.diff_sum[d]), sq = to_double(p.diff_sq[d]);
      rows.push_back(
          {name, ref, m.durations[d].name + "_mean_difference_s",
           paired_mean_difference(sum, sq, p.both_measured[d]), p.both_measured[d], std::nullopt,
           std::nullopt, std::nullopt,
           paired_mean_variance_ratio(x.durations[d], y.durations[d], sum, sq, p.both_measured[d]),
           m.durations[d].member});
    }
  }
  return rows;
}

nlohmann::json metrics_json(const MetricSpec& m) {
  nlohmann::json ends = nlohmann::json::array(), counters = nlohmann::json::array(),
                 durations = nlohmann::json::array(), sequelae = nlohmann::json::array();
  for (const EndSpec& e : m.ends)
    ends.push_back({{"name", e.name()},
                    {"kind", end_kind_name(e.kind)},
                    {"detail", e.detail},
                    {"help", e.help}});
  // "member" only where a metric is about one member of a party: a single character's
  // declaration reads as before.
  for (const CounterSpec& c : m.counters) {
    counters.push_back({{"name", c.name}, {"help", c.help}});
    if (!c.member.empty()) counters.back()["member"] = c.member;
  }
  for (const DurationSpec& d : m.durations) {
    durations.push_back({{"name", d.name}, {"help", d.help}});
    if (!d.member.empty()) durations.back()["member"] = d.member;
  }
  for (const SequelaSpec& q : m.sequelae)
    sequelae.push_back({{"name", q.name}, {"unit", q.unit}, {"help", q.help}});
  nlohmann::json j = {
      {"ends", ends}, {"counters", counters}, {"durations", durations}, {"sequelae", sequelae}};
  if (m.adventures > 0) j["adventures"] = m.adventures;  // a campaign's (docs/campaigns.md)
  return j;
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

}  // namespace leth
