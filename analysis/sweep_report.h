// A sweep's results: sweep.csv (every point of every variant: every summary metric and every
// sequela's rate, x in the sweep's unit and in seconds), crossing.csv (with a target: where
// each variant's death rate crosses it, crossing.h) and the sentences the terminal summary
// ends with.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "analysis/crossing.h"
#include "analysis/report.h"
#include "scenarios/scenario.h"

namespace leth {

// One curve: the points of variant `of` at y index `yi` (0 without a grid), in x order.
struct SweepCurve {
  size_t of = 0;
  size_t yi = 0;
  std::vector<size_t> variants;           // indices into Scenario::variants, one per x
  std::vector<BinomialPoint> deaths;      // x as SweepAxis::x (seconds for a duration)
  std::optional<SweepCrossing> crossing;  // with a target
};
std::vector<SweepCurve> sweep_curves(const Scenario& s, const RunInfo& info, const RunTally& t);

// Per variant, the variant it is compared with (RunInfo::compared_with): a sweep point with
// the variant it is a point of; every other variant with no one in particular (kNoVariant).
std::vector<size_t> sweep_references(const Scenario& s);

// Appends sweep.csv (and crossing.csv with a target) to `files` when the scenario sweeps.
void add_sweep_files(std::vector<std::pair<std::string, std::string>>& files, const Scenario& s,
                     const RunInfo& info, const RunTally& t);

// One line per curve, what the data say first, then the estimate:
// "  sweep (baseline): deaths cross 5% between 4 and 5 rounds (4.54% at 4, 5.03% at 5): help
// must arrive within 4.9 rounds (95% interval 4 to 6 rounds) to keep deaths under 5%".
// "" without a sweep or a target.
std::string sweep_summary(const Scenario& s, const RunInfo& info, const RunTally& t);

// The sentence for one curve, without the "  sweep (...): " lead (crossing.csv's answer_text).
std::string crossing_sentence(const Sweep& sw, const SweepCrossing& c, double target);

}  // namespace leth
