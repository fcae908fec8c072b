// A sweep's results: sweep.csv (every point of every variant, every summary metric),
// sweep_fit.csv (the logistic fit of the death rate against x, per variant and per y of a
// grid, and where it crosses the target) and the sentence the terminal summary ends with.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "analysis/logistic_fit.h"
#include "analysis/report.h"
#include "scenarios/scenario.h"

namespace leth {

// One curve: the points of variant `of` at y index `yi` (0 without a grid), in x order.
struct SweepCurve {
  size_t of = 0;
  size_t yi = 0;
  std::vector<size_t> variants;  // indices into Scenario::variants, one per x
  std::vector<BinomialPoint> deaths;
  std::optional<LogisticFit> fit;
  std::optional<Crossing> crossing;  // only when it lies within the swept range of x
};
std::vector<SweepCurve> sweep_curves(const Scenario& s, const RunInfo& info, const RunTally& t);

// Appends sweep.csv and sweep_fit.csv to `files` when the scenario has a sweep.
void add_sweep_files(std::vector<std::pair<std::string, std::string>>& files, const Scenario& s,
                     const RunInfo& info, const RunTally& t);

// "  sweep: help must arrive within 3.4 rounds [2.9, 3.9] to keep deaths under 5% (baseline)"
// lines, one per curve; "" without a sweep or a target.
std::string sweep_summary(const Scenario& s, const RunInfo& info, const RunTally& t);

}  // namespace leth
