// report.html: one self-contained page for a results folder (docs/outputs.md "Plots and report"):
// the comparison table, deaths by round / hour / day, the charts as inline SVG, the scenario file's
// text and the run's metadata. No script, no external file: it can be mailed.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "sim/cli/charts.h"
#include "sim/cli/results_folder.h"

namespace leth {

struct ScenarioText {
  std::string path;
  std::string text;  // the file's bytes; empty when not found
  std::string note;  // why the text is missing or may differ ("" when it matches run.json)
};

// `charts` pairs each chart with its SVG as gnuplot wrote it.
std::string report_html(const ResultsFolder& r,
                        const std::vector<std::pair<Chart, std::string>>& charts,
                        const ScenarioText& scenario, const std::string& version);

// The SVG of one chart ready to sit inside HTML: the XML prologue dropped and its ids (and the
// references to them) prefixed with `prefix`, so two charts' ids never clash.
std::string inline_svg(const std::string& svg, const std::string& prefix);

std::string html_escape(const std::string& s);

// The page a batch's folder gets (`lethality plot` of a run of several scenarios): the batch's
// summary.csv side by side, a row per scenario and variant, each scenario linked to its own
// report.html when its folder is among `folders` (names relative to the batch's folder).
// It names itself with kBatchReportGenerator, so that the next batch run, which makes it
// stale, knows it may remove it. `partial`: what the batch's batch.json says is missing (""
// for a whole batch), shown at the top.
inline constexpr const char* kBatchReportGenerator = "lethality plot (batch)";
std::string batch_report_html(const CsvTable& summary, const std::vector<std::string>& folders,
                              const std::string& version, const std::string& partial = "");

}  // namespace leth
