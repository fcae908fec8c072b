// From integer tallies to what a designer reads: estimates with intervals per variant, the
// paired differences against the baseline, and the files and table that carry them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "analysis/interval.h"
#include "analysis/tally.h"
#include "sim/core/metrics.h"

namespace leth {

inline constexpr size_t kNoVariant = static_cast<size_t>(-1);

// What the writers need to know about the run besides the tallies.
struct RunInfo {
  std::string version;
  std::string scenario;
  std::string description;
  std::string ruleset;
  std::string file;
  std::string sha256;
  uint64_t seed = 0;
  uint64_t trials = 0;
  int threads = 1;
  double elapsed_s = 0;
  // Measured, like threads and elapsed_s: not the same from one run to the next.
  double trials_per_second = 0;       // trials / elapsed_s
  double peak_memory_mib = 0;         // the process's peak resident memory (getrusage), 0: unknown
  std::vector<std::string> variants;  // [0] = "baseline"
  std::vector<std::string> variant_descriptions;
  MetricSpec metrics;  // what the model declared it measures: the reports follow it
  IntervalKind interval = IntervalKind::Wilson;  // for every rate's interval
  // Comparisons: each variant against `reference` (an index into variants), or every pair.
  size_t reference = 0;
  bool all_pairs = false;
  // Per variant, the one it is compared with instead of `reference` (a sweep point: the
  // variant it is a point of, sweep_report.h); kNoVariant or absent: `reference`.
  std::vector<size_t> compared_with;
  // Why the run stopped ("trials": the fixed count; "precision": the target was met;
  // "max_trials": the cap came first) and, with a precision target, what it was.
  std::string stop_reason = "trials";
  std::string precision;  // e.g. "0.001" or "5%"; empty without a target
};

struct MetricRow {
  std::string variant;
  std::string metric;
  Estimate estimate;
  uint64_t n;               // the denominator: trials, recovered trials, deaths
  uint64_t trials;          // the variant's trials: n / trials is the share of them n is
  std::string member = {};  // the party member it is about (MetricSpec); empty: the whole
};

// A duration's statistics are over the trials that measured it (downtime over those that
// recovered, time to death over deaths). Under kMinMeasured of them its mean and quantiles
// are not estimated: every writer shows "not estimable" and that n, never a number that a
// handful of trials (the never-wounded, when nobody else recovers) would make look precise.
inline constexpr uint64_t kMinMeasured = 30;
inline bool estimable(uint64_t n) {
  return n >= kMinMeasured;
}
// What stands for a duration's figure that is not one: "not estimable (n = 12 < 30)", or
// "none measured" at n = 0.
std::string not_estimable_text(uint64_t n);
// n and its share of the variant's trials, for beside a quantile: "13220 (66.1%)".
std::string population_text(uint64_t n, uint64_t trials);

// summary.csv: one row per variant and metric, generated from the declared metrics: the rate
// of each kind of end and of each declared end (died, lost, recovered, unresolved, and each
// one's details), each counter's rate and mean, each duration's mean and quantiles (empty
// under kMinMeasured trials), and the random draws per trial.
std::vector<MetricRow> summary_rows(const RunInfo& info, const RunTally& t);
// The pairs compared, as (reference, variant) indices: every variant against info.reference
// (or its info.compared_with), or with info.all_pairs every pair (a, b), a < b, with a — the
// earlier in the file — as the reference.
std::vector<std::pair<size_t, size_t>> comparison_pairs(const RunInfo& info);
// The variant `v` is compared with when not every pair is: info.compared_with[v] or
// info.reference.
size_t reference_of(const RunInfo& info, size_t v);

struct ComparisonRow {
  std::string variant;
  std::string reference;
  std::string metric;
  Estimate difference;  // variant minus reference
  uint64_t n;           // paired trials (for a duration: trials where both measured it)
  // Rates only: the discordant counts and McNemar's exact p-value.
  std::optional<uint64_t> only_reference, only_variant;
  std::optional<double> p_value;
  double variance_ratio;    // unpaired / paired variance: what pairing bought (NaN: undefined)
  std::string member = {};  // the party member the metric is about; empty: the whole
};

// comparisons.csv: one row per compared pair and paired metric: the death rate, each counter's
// rate, each sequela's frequency and each duration's mean.
std::vector<ComparisonRow> comparison_rows(const RunInfo& info, const RunTally& t);

// The CSV files' contents, by file name: summary.csv, end_states.csv, histograms.csv,
// sequelae.csv, examples.csv, comparisons.csv.
std::vector<std::pair<std::string, std::string>> csv_files(const RunInfo& info, const RunTally& t);
// run.json's contents. Its "metrics" is the model's declaration (ends, counters, durations
// and sequelae with their help texts), so that a results folder says what its columns mean
// and `lethality plot` titles each chart in the ruleset's own words.
std::string run_json(const RunInfo& info, const RunTally& t);
nlohmann::json metrics_json(const MetricSpec& m);
// The terminal summary: a row per variant. When the counters as columns would make a row
// wider than kMaxTableWidth characters, they follow in a table of their own instead (a row
// per counter, a column per variant).
inline constexpr size_t kMaxTableWidth = 200;
std::string summary_table(const RunInfo& info, const RunTally& t);

// A batch side by side — the same fight under several rulesets, or a folder of scenarios: one
// row per scenario and variant, in the terms every ruleset shares (deaths with their 95%
// interval, time to full health p50 and p90, time out of action p50, unresolved).
std::string side_by_side_table(const std::vector<std::pair<RunInfo, RunTally>>& runs);

}  // namespace leth
