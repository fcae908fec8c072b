#include "analysis/report.h"

#include <cmath>
#include <cstdio>

#include <nlohmann/json.hpp>

#include "analysis/csv.h"
#include "sim/core/clock.h"
#include "sim/core/outcome.h"

namespace leth {

namespace {

Estimate point(double x) {
  return {x, NAN, NAN};
}

}  // namespace

std::vector<MetricRow> summary_rows(const RunInfo& info, const RunTally& t) {
  std::vector<MetricRow> rows;
  for (size_t v = 0; v < t.variants.size(); ++v) {
    const Tally& x = t.variants[v];
    const std::string& name = info.variants.at(v);
    auto rate = [&](const char* metric, uint64_t k) {
      rows.push_back({name, metric, wilson(k, x.trials), x.trials});
    };
    rate("death_rate", x.deaths);
    rate("death_rate_combat", x.deaths_by_phase[static_cast<size_t>(Phase::Combat)]);
    rate("death_rate_dying", x.deaths_by_phase[static_cast<size_t>(Phase::Dying)]);
    rate("death_rate_recovery", x.deaths_by_phase[static_cast<size_t>(Phase::Recovery)]);
    rate("knocked_out_rate", x.knocked_out);
    rate("recovered_rate", x.recovered);
    rate("unresolved_rate", x.unresolved);
    const uint64_t nr = x.downtime.count();
    rows.push_back({name, "downtime_mean_s", mean_interval(x.downtime), nr});
    rows.push_back({name, "downtime_median_s", quantile_interval(x.downtime, 0.5), nr});
    rows.push_back({name, "downtime_p90_s", quantile_interval(x.downtime, 0.9), nr});
    rows.push_back({name, "downtime_p99_s", quantile_interval(x.downtime, 0.99), nr});
    const uint64_t nd = x.time_to_death.count();
    rows.push_back({name, "time_to_death_mean_s", mean_interval(x.time_to_death), nd});
    rows.push_back({name, "time_to_death_median_s", quantile_interval(x.time_to_death, 0.5), nd});
    rows.push_back(
        {name, "random_draws_per_trial",
         point(x.trials ? static_cast<double>(x.draws) / static_cast<double>(x.trials) : NAN),
         x.trials});
  }
  return rows;
}

std::vector<MetricRow> comparison_rows(const RunInfo& info, const RunTally& t) {
  std::vector<MetricRow> rows;
  for (size_t v = 1; v < t.variants.size(); ++v) {
    const PairedTally& p = t.paired[v];
    const std::string& name = info.variants.at(v);
    rows.push_back({name, "death_rate_difference",
                    paired_rate_difference(p.only_baseline_died, p.only_variant_died, p.n), p.n});
    rows.push_back({name, "knocked_out_rate_difference",
                    paired_rate_difference(p.only_baseline_ko, p.only_variant_ko, p.n), p.n});
    rows.push_back({name, "downtime_mean_difference_s",
                    paired_mean_difference(to_double(p.downtime_diff_sum),
                                           to_double(p.downtime_diff_sq), p.both_recovered),
                    p.both_recovered});
  }
  return rows;
}

std::vector<std::pair<std::string, std::string>> csv_files(const RunInfo& info, const RunTally& t) {
  std::vector<std::pair<std::string, std::string>> files;

  Csv summary({"scenario", "ruleset", "variant", "metric", "estimate", "ci_low", "ci_high", "n"});
  for (const MetricRow& r : summary_rows(info, t)) {
    summary.field(info.scenario).field(info.ruleset).field(r.variant).field(r.metric);
    summary.field(r.estimate.value).field(r.estimate.lo).field(r.estimate.hi).field(r.n);
    summary.end_row();
  }
  files.emplace_back("summary.csv", summary.text());

  Csv ends({"scenario", "variant", "end", "detail", "count", "rate", "ci_low", "ci_high"});
  for (size_t v = 0; v < t.variants.size(); ++v) {
    const Tally& x = t.variants[v];
    auto row = [&](const char* end, const std::string& detail, uint64_t k) {
      const Estimate e = wilson(k, x.trials);
      ends.field(info.scenario).field(info.variants[v]).field(end).field(detail).field(k);
      ends.field(e.value).field(e.lo).field(e.hi);
      ends.end_row();
    };
    for (int p = 0; p < kPhaseCount; ++p)
      row("died", phase_name(static_cast<Phase>(p)), x.deaths_by_phase[static_cast<size_t>(p)]);
    row("recovered", "", x.recovered);
    for (size_t c = 0; c < info.conditions.size(); ++c)
      row("unresolved", info.conditions[c],
          c < x.unresolved_by_condition.size() ? x.unresolved_by_condition[c] : 0);
  }
  files.emplace_back("end_states.csv", ends.text());

  Csv hist({"scenario", "variant", "quantity", "bin_low_s", "bin_high_s", "count"});
  for (size_t v = 0; v < t.variants.size(); ++v) {
    auto emit = [&](const char* quantity, const LogHistogram& h) {
      for (const LogHistogram::Bin& b : h.bins()) {
        hist.field(info.scenario).field(info.variants[v]).field(quantity);
        hist.field(b.low).field(b.high).field(b.count);
        hist.end_row();
      }
    };
    emit("downtime", t.variants[v].downtime);
    emit("time_to_death", t.variants[v].time_to_death);
  }
  files.emplace_back("histograms.csv", hist.text());

  Csv seq({"scenario", "variant", "sequela", "trials_with", "rate", "ci_low", "ci_high",
           "total_count"});
  for (size_t v = 0; v < t.variants.size(); ++v) {
    const Tally& x = t.variants[v];
    for (size_t s = 0; s < info.sequelae.size(); ++s) {
      const uint64_t k = s < x.sequela_trials.size() ? x.sequela_trials[s] : 0;
      const Estimate e = wilson(k, x.trials);
      seq.field(info.scenario).field(info.variants[v]).field(info.sequelae[s]).field(k);
      seq.field(e.value).field(e.lo).field(e.hi);
      seq.field(s < x.sequela_total.size() ? x.sequela_total[s] : uint64_t{0});
      seq.end_row();
    }
  }
  files.emplace_back("sequelae.csv", seq.text());

  Csv cmp({"scenario", "variant", "baseline", "metric", "difference", "ci_low", "ci_high", "n"});
  for (const MetricRow& r : comparison_rows(info, t)) {
    cmp.field(info.scenario).field(r.variant).field(info.variants[0]).field(r.metric);
    cmp.field(r.estimate.value).field(r.estimate.lo).field(r.estimate.hi).field(r.n);
    cmp.end_row();
  }
  files.emplace_back("comparisons.csv", cmp.text());
  return files;
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
      {"trials", info.trials},
      {"first_trial", t.first_trial},
      {"threads", info.threads},
      {"elapsed_s", info.elapsed_s},
      {"variants", variants},
  };
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

std::string pad(const std::string& s, size_t w) {
  return s.size() >= w ? s + " " : s + std::string(w - s.size(), ' ');
}

}  // namespace

std::string summary_table(const RunInfo& info, const RunTally& t) {
  std::string out;
  char buf[256];
  std::snprintf(buf, sizeof buf, "%s (%s): %llu trials, seed %llu, %d thread%s, %.2f s\n",
                info.scenario.c_str(), info.ruleset.c_str(),
                static_cast<unsigned long long>(info.trials),
                static_cast<unsigned long long>(info.seed), info.threads,
                info.threads == 1 ? "" : "s", info.elapsed_s);
  out += buf;
  size_t w = 10;
  for (const std::string& v : info.variants) w = std::max(w, v.size() + 2);
  out += "  " + pad("variant", w) + pad("deaths (95% CI)", 28) + pad("combat", 9) +
         pad("dying", 9) + pad("recovery", 9) + pad("KO", 9) + pad("downtime p50", 14) +
         pad("p90", 10) + "unresolved\n";
  for (size_t v = 0; v < t.variants.size(); ++v) {
    const Tally& x = t.variants[v];
    const Estimate d = wilson(x.deaths, x.trials);
    const double n = static_cast<double>(x.trials);
    auto frac = [&](uint64_t k) { return n > 0 ? static_cast<double>(k) / n : NAN; };
    const std::string deaths = pct(d.value) + " (" + pct(d.lo) + "-" + pct(d.hi) + ")";
    out += "  " + pad(info.variants[v], w) + pad(deaths, 28) +
           pad(pct(frac(x.deaths_by_phase[0])), 9) + pad(pct(frac(x.deaths_by_phase[1])), 9) +
           pad(pct(frac(x.deaths_by_phase[2])), 9) + pad(pct(frac(x.knocked_out)), 9) +
           pad(duration_text(x.downtime.quantile(0.5)), 14) +
           pad(duration_text(x.downtime.quantile(0.9)), 10) + pct(frac(x.unresolved)) + "\n";
  }
  for (size_t v = 1; v < t.variants.size(); ++v) {
    const PairedTally& p = t.paired[v];
    const Estimate e = paired_rate_difference(p.only_baseline_died, p.only_variant_died, p.n);
    std::snprintf(buf, sizeof buf,
                  "  %s vs baseline: deaths %+.3f pp (95%% CI %+.3f to %+.3f), paired over %llu "
                  "trials\n",
                  info.variants[v].c_str(), 100 * e.value, 100 * e.lo, 100 * e.hi,
                  static_cast<unsigned long long>(p.n));
    out += buf;
  }
  return out;
}

}  // namespace leth
