// What `lethality run` makes of one played scenario: run.json's description, the files of
// its results folder, and its lines on the terminal.
#pragma once

#include <ostream>
#include <string>

#include "analysis/report.h"
#include "sim/cli/drive_scenario.h"
#include "sim/cli/output.h"
#include "sim/cli/plan.h"

namespace leth {

// The run's description as run.json records it (measured fields: this session's).
RunInfo scenario_info(const PlannedScenario& p, const RunSettings& settings,
                      const DrivenScenario& d, int threads);

// The results folder's files: the CSVs, the sweep's, run.json (marked partial when the run is
// not complete or is a shard's) and, for a shard, tally.json.
FileSet scenario_files(const PlannedScenario& p, const RunSettings& settings,
                       const DrivenScenario& d, const RunInfo& info);

// The text of one file of a FileSet ("" if it has none).
const std::string& file_text(const FileSet& files, const std::string& name);

// The terminal's lines for the scenario: its table (unless quiet), a PARTIAL line, where the
// results and the checkpoint are.
void print_scenario(std::ostream& out, const PlannedScenario& p, const RunSettings& settings,
                    const DrivenScenario& d, const RunInfo& info, bool quiet);

}  // namespace leth
