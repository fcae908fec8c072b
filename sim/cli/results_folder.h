// A results folder read back for `lethality plot`: run.json and the CSV files `run` writes
// (docs/outputs.md "The files"), plus sweep.csv / crossing.csv when a sweep wrote them.
#pragma once

#include <cmath>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "analysis/csv.h"

namespace leth {

struct ResultsFolder {
  std::string dir;
  nlohmann::json run;  // run.json; null if the folder has none
  std::optional<CsvTable> summary, end_states, histograms, sequelae, comparisons, sweep, crossing,
      survival,          // survival.csv: a campaign's life table
      member_survival;   // member_survival.csv: a party campaign's, per member
  std::vector<std::string> variants;  // in the file's order: run.json's, else as first seen
  std::string scenario;               // the scenario's name
};

// A batch's folder (`lethality run` of several scenarios) holds one results folder per
// scenario and the batch's summary.csv, but no run.json: its scenario folders (those holding
// run.json), sorted. Empty for any other folder.
std::vector<std::string> batch_scenario_folders(const std::string& dir);

// Throws InputError (exit 2) if `dir` is not a results folder: no run.json and none of the
// CSV files, or a file that does not read back.
ResultsFolder read_results_folder(const std::string& dir);

// One duration histogram of one variant: bins [low, high] (inclusive, seconds) and counts.
struct Bin {
  double low, high;
  double count;
};
std::vector<Bin> histogram_of(const ResultsFolder& r, const std::string& variant,
                              const std::string& quantity);
// The quantities in histograms.csv, in the order they first appear.
std::vector<std::string> histogram_quantities(const ResultsFolder& r);

// A summary.csv metric of a variant: estimate, ci_low, ci_high, n (NaN when absent).
struct Metric {
  double estimate = NAN, lo = NAN, hi = NAN, n = NAN;
};
Metric summary_metric(const ResultsFolder& r, const std::string& variant,
                      const std::string& metric);

}  // namespace leth
