// The CSV files of a results folder (docs/outputs.md), one writer per file; csv_files()
// (analysis/report.h) gathers them. summary.csv, histograms.csv and comparisons.csv end with a
// `member` column: the party member a row is about, empty for the whole party or the one
// character (filter on it to plot one member, or group by it to plot them side by side).
#include <cmath>

#include "analysis/csv.h"
#include "analysis/life_table.h"
#include "analysis/report.h"
#include "sim/core/clock.h"

namespace leth {

namespace {

// Durations (metrics ending in "_s") also in hours, for plotting, and in words, for reading.
// share_of_trials: n over the variant's trials, the population a duration's figure is over.
// A duration under kMinMeasured trials has no figure, and its text says why.
std::string summary_csv(const RunInfo& info, const RunTally& t) {
  Csv summary({"scenario", "ruleset", "variant", "metric", "estimate", "ci_low", "ci_high", "n",
               "share_of_trials", "estimate_h", "ci_low_h", "ci_high_h", "estimate_text",
               "member"});
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
    summary.field(r.member);
    summary.end_row();
  }
  return summary.text();
}

std::string end_states_csv(const RunInfo& info, const RunTally& t) {
  const MetricSpec& m = info.metrics;
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
  return ends.text();
}

// Bins in seconds, and in hours and words beside them.
std::string histograms_csv(const RunInfo& info, const RunTally& t) {
  const MetricSpec& m = info.metrics;
  Csv hist({"scenario", "variant", "quantity", "bin_low_s", "bin_high_s", "count", "bin_low_h",
            "bin_high_h", "bin_text", "member"});
  for (size_t v = 0; v < t.variants.size(); ++v)
    for (size_t d = 0; d < m.durations.size(); ++d)
      for (const LogHistogram::Bin& b : t.variants[v].durations[d].bins()) {
        hist.field(info.scenario).field(info.variants[v]).field(m.durations[d].name);
        hist.field(b.low).field(b.high).field(b.count);
        hist.field(static_cast<double>(b.low) / 3600).field(static_cast<double>(b.high) / 3600);
        hist.field(b.low == b.high ? duration_text(static_cast<double>(b.low))
                                   : duration_text(static_cast<double>(b.low)) + " to " +
                                         duration_text(static_cast<double>(b.high)));
        hist.field(m.durations[d].member);
        hist.end_row();
      }
  return hist.text();
}

// Each sequela's share of all trials, and of the survivors (trials that did not end in
// death): what a designer asks of a lasting injury is how many of those who live keep it.
std::string sequelae_csv(const RunInfo& info, const RunTally& t) {
  const MetricSpec& m = info.metrics;
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
      // A sequela of a trial that ended in death (a model may report one: flux's character
      // who wakes with one and dies in a second coma) is not a survivor's.
      const uint64_t with = x.sequela_trials_lived[s];
      const Estimate k = rate_interval(info.interval, with, survivors);
      seq.field(survivors);
      if (survivors > 0)
        seq.field(k.value).field(k.lo).field(k.hi);
      else
        seq.field(NAN).field(NAN).field(NAN);
      seq.end_row();
    }
  }
  return seq.text();
}

// The trials worth replaying: the first few of each end, counter and sequela.
std::string examples_csv(const RunInfo& info, const RunTally& t) {
  const MetricSpec& m = info.metrics;
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
    for (size_t k = 1; k < x.died_in_examples.size(); ++k)  // a campaign's
      emit("died_in_adventure", std::to_string(k), x.died_in_examples[k]);
  }
  return ex.text();
}

std::string comparisons_csv(const RunInfo& info, const RunTally& t) {
  Csv cmp({"scenario", "variant", "reference", "metric", "difference", "ci_low", "ci_high", "n",
           "only_reference", "only_variant", "p_value", "variance_ratio", "member"});
  for (const ComparisonRow& r : comparison_rows(info, t)) {
    cmp.field(info.scenario).field(r.variant).field(r.reference).field(r.metric);
    cmp.field(r.difference.value).field(r.difference.lo).field(r.difference.hi).field(r.n);
    if (r.only_reference)
      cmp.field(*r.only_reference).field(*r.only_variant).field(*r.p_value);
    else
      cmp.field(std::string()).field(std::string()).field(std::string());
    cmp.field(r.variance_ratio);
    cmp.field(r.member);
    cmp.end_row();
  }
  return cmp.text();
}

// A campaign's life table (analysis/life_table.h), a row per variant and adventure k = 0..N,
// against the variant's reference the paired difference of the share alive after k, and what
// the survivors of adventure k carry.
std::string survival_csv(const RunInfo& info, const RunTally& t) {
  Csv life({"scenario", "variant", "adventure", "at_risk", "died", "left", "alive", "ci_low",
            "ci_high", "hazard", "hazard_ci_low", "hazard_ci_high", "reference",
            "alive_difference", "difference_ci_low", "difference_ci_high", "survivors",
            "with_lasting", "with_lasting_share", "with_lasting_ci_low", "with_lasting_ci_high",
            "lasting_per_survivor", "lasting_ci_low", "lasting_ci_high"});
  for (size_t v = 0; v < t.variants.size(); ++v) {
    const size_t r = reference_of(info, v);
    const std::optional<PairedTally> p =
        r != v && r < t.variants.size() ? std::optional(t.pair(r, v)) : std::nullopt;
    for (const LifeRow& row : life_table(t.variants[v], info.interval)) {
      life.field(info.scenario).field(info.variants[v]).field(row.adventure);
      life.field(row.at_risk).field(row.died).field(row.left);
      life.field(row.alive.value).field(row.alive.lo).field(row.alive.hi);
      life.field(row.hazard.value).field(row.hazard.lo).field(row.hazard.hi);
      if (p) {
        const size_t k = static_cast<size_t>(row.adventure);
        // Alive after k, variant - reference: the discordant trials of each side.
        const Estimate d =
            paired_rate_difference(p->only_baseline_alive[k], p->only_variant_alive[k], p->n);
        life.field(info.variants[r]).field(d.value).field(d.lo).field(d.hi);
      } else {
        life.field(std::string()).field(NAN).field(NAN).field(NAN);
      }
      life.field(row.survivors).field(row.with_lasting);
      const Estimate& w = row.with_lasting_share;
      const Estimate& l = row.lasting_per_survivor;
      life.field(w.value).field(w.lo).field(w.hi).field(l.value).field(l.lo).field(l.hi);
      life.end_row();
    }
  }
  return life.text();
}

// A party campaign's life table per member (analysis/life_table.h: its share of the party's
// deaths, the campaign ending at the first; and, a party that plays on, its retirements).
std::string member_survival_csv(const RunInfo& info, const RunTally& t) {
  Csv life({"scenario", "variant", "member", "adventure", "at_risk", "died", "dead_by",
            "ci_low", "ci_high", "hazard", "hazard_ci_low", "hazard_ci_high", "reference",
            "dead_by_difference", "difference_ci_low", "difference_ci_high", "retired",
            "retired_by", "retired_ci_low", "retired_ci_high", "retired_by_difference",
            "retired_difference_ci_low", "retired_difference_ci_high"});
  const std::vector<std::string> members = member_names(info.metrics);
  for (size_t v = 0; v < t.variants.size(); ++v) {
    const size_t r = reference_of(info, v);
    const std::optional<PairedTally> p =
        r != v && r < t.variants.size() ? std::optional(t.pair(r, v)) : std::nullopt;
    const size_t rows = t.variants[v].died_in.size();
    for (const MemberLifeRow& row : member_life_table(t.variants[v], info.interval)) {
      life.field(info.scenario).field(info.variants[v]).field(members.at(row.member));
      life.field(row.adventure).field(row.at_risk).field(row.died);
      life.field(row.dead_by.value).field(row.dead_by.lo).field(row.dead_by.hi);
      life.field(row.hazard.value).field(row.hazard.lo).field(row.hazard.hi);
      if (p) {
        // Dead by k, variant - reference: the discordant trials of each side.
        const size_t i = row.member * rows + static_cast<size_t>(row.adventure);
        const Estimate d =
            paired_rate_difference(p->only_baseline_dead_by[i], p->only_variant_dead_by[i], p->n);
        life.field(info.variants[r]).field(d.value).field(d.lo).field(d.hi);
      } else {
        life.field(std::string()).field(NAN).field(NAN).field(NAN);
      }
      life.field(row.retired);
      life.field(row.retired_by.value).field(row.retired_by.lo).field(row.retired_by.hi);
      if (p) {  // retired by k, variant - reference, as dead_by's
        const size_t i = row.member * rows + static_cast<size_t>(row.adventure);
        const Estimate d = paired_rate_difference(p->only_baseline_retired_by[i],
                                                  p->only_variant_retired_by[i], p->n);
        life.field(d.value).field(d.lo).field(d.hi);
      } else {
        life.field(NAN).field(NAN).field(NAN);
      }
      life.end_row();
    }
  }
  return life.text();
}

}  // namespace

std::vector<std::pair<std::string, std::string>> csv_files(const RunInfo& info, const RunTally& t) {
  std::vector<std::pair<std::string, std::string>> files = {
      {"summary.csv", summary_csv(info, t)},       {"end_states.csv", end_states_csv(info, t)},
      {"histograms.csv", histograms_csv(info, t)}, {"sequelae.csv", sequelae_csv(info, t)},
      {"examples.csv", examples_csv(info, t)},     {"comparisons.csv", comparisons_csv(info, t)}};
  if (info.metrics.adventures > 0) files.push_back({"survival.csv", survival_csv(info, t)});
  if (info.metrics.adventures > 0 && info.metrics.member_death_mask() != 0)
    files.push_back({"member_survival.csv", member_survival_csv(info, t)});
  return files;
}

}  // namespace leth
