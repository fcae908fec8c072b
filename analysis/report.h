// From integer tallies to what a designer reads: estimates with intervals per variant, the
// paired differences against the baseline, and the files and table that carry them.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "analysis/interval.h"
#include "analysis/tally.h"
#include "sim/core/metrics.h"

namespace leth {

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
  std::vector<std::string> variants;  // [0] = "baseline"
  std::vector<std::string> variant_descriptions;
  MetricSpec metrics;  // what the model declared it measures: the reports follow it
};

struct MetricRow {
  std::string variant;
  std::string metric;
  Estimate estimate;
  uint64_t n;  // the denominator: trials, recovered trials, deaths
};

// summary.csv: one row per variant and metric, generated from the declared metrics: the rate
// of each kind of end and of each death detail, each counter's rate and mean, each
// duration's mean and quantiles, and the random draws per trial.
std::vector<MetricRow> summary_rows(const RunInfo& info, const RunTally& t);
// comparisons.csv: one row per non-baseline variant and paired metric.
std::vector<MetricRow> comparison_rows(const RunInfo& info, const RunTally& t);

// The CSV files' contents, by file name: summary.csv, end_states.csv, histograms.csv,
// sequelae.csv, examples.csv, comparisons.csv.
std::vector<std::pair<std::string, std::string>> csv_files(const RunInfo& info, const RunTally& t);
// run.json's contents.
std::string run_json(const RunInfo& info, const RunTally& t);
// The terminal summary.
std::string summary_table(const RunInfo& info, const RunTally& t);

}  // namespace leth
