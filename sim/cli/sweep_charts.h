// A sweep's charts (docs/outputs.md "Plots and report"), from sweep.csv and crossing.csv: the death
// rate against the swept value with the monotone fit and each curve's crossing of the target, and
// the lasting injuries against the swept value. The swept value is in the sweep's unit.
#pragma once

#include <string>
#include <vector>

#include "sim/cli/charts.h"
#include "sim/cli/results_folder.h"

namespace leth {

// plot-sweep, and plot-sweep-sequelae when any lasting injury happened at a point.
std::vector<Chart> sweep_charts(const ResultsFolder& r);

// "aftercare.help_arrives (rounds)": a swept key with the unit its values are shown in.
std::string swept_axis_label(const std::string& key, const std::string& unit);

}  // namespace leth
