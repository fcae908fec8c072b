// `lethality plot RESULTS_DIR`: the charts of a results folder, drawn by gnuplot (SVG and
// PNG), and report.html, one page holding them with the tables, the scenario and the run.
#include <filesystem>
#include <fstream>
#include <ostream>
#include <sstream>

#include "sim/cli/batch_record.h"
#include "sim/cli/charts.h"
#include "sim/cli/cli.h"
#include "sim/cli/cli_parse.h"
#include "sim/cli/gnuplot.h"
#include "sim/cli/report_html.h"
#include "sim/cli/results_folder.h"
#include "sim/core/error.h"
#include "sim/core/sha256.h"
#include "sim/engine/checkpoint.h"

namespace leth {

namespace {

// The scenario file the run recorded (or --scenario), checked against run.json's hash: the
// page shows the text that made these numbers, or says why it cannot.
ScenarioText scenario_text(const ResultsFolder& r, const std::string& given) {
  ScenarioText s;
  std::string recorded_hash;
  if (r.run.is_object() && r.run.contains("scenario")) {
    s.path = r.run["scenario"].value("file", "");
    recorded_hash = r.run["scenario"].value("sha256", "");
  }
  if (!given.empty()) s.path = given;
  if (s.path.empty()) {
    s.note = "run.json names no scenario file; give it with --scenario FILE.";
    return s;
  }
  std::ifstream in(s.path, std::ios::binary);
  if (!in) {
    if (!given.empty()) throw InputError({given}, "cannot read the scenario file");
    s.note =
        "The scenario file is not at this path (relative to where `lethality plot` ran); "
        "give it with --scenario FILE to show its text here.";
    return s;
  }
  std::ostringstream text;
  text << in.rdbuf();
  if (!recorded_hash.empty() && sha256_hex(text.str()) != recorded_hash) {
    if (!given.empty())
      throw InputError({given},
                       "this is not the scenario file of the run (sha256 " +
                           sha256_hex(text.str()).substr(0, 12) + ", run.json's " +
                           recorded_hash.substr(0, 12) + ")",
                       "give --scenario the file that ran");
    s.note =
        "The file at this path has changed since the run (its sha256 differs from "
        "run.json's), so its text is not shown; give the file that ran with --scenario.";
    return s;
  }
  s.text = text.str();
  return s;
}

// Renders every chart and report.html of one scenario's results folder, then writes them:
// a failure leaves the folder as it was.
void plot_folder(const std::string& dir, const std::string& format, const std::string& scenario,
                 std::ostream& out, std::ostream& err) {
  const ResultsFolder r = read_results_folder(dir);
  const ScenarioText text = scenario_text(r, scenario);
  std::vector<std::pair<std::string, std::string>> files;  // name, contents
  std::vector<std::pair<Chart, std::string>> svgs;
  for (const Chart& c : charts_of(r)) {
    std::string svg = run_gnuplot(chart_script(c, ImageFormat::Svg));
    if (format != "png") files.emplace_back(c.name + ".svg", svg);
    if (format != "svg")
      files.emplace_back(c.name + ".png", run_gnuplot(chart_script(c, ImageFormat::Png)));
    svgs.emplace_back(c, std::move(svg));
  }
  files.emplace_back("report.html", report_html(r, svgs, text, kVersion));
  for (const auto& [name, contents] : files) {
    try {
      write_file_atomically(dir + "/" + name, contents);
    } catch (const CheckpointError& e) {
      throw InputError({dir + "/" + name}, std::string("cannot write the file: ") + e.what());
    }
    out << dir << "/" << name << "\n";
  }
  if (!text.note.empty()) err << "note: " << dir << ": " << text.note << "\n";
}

}  // namespace

int cmd_plot(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  CommandSpec spec{
      "lethality plot RESULTS_DIR [--format png|svg|both] [--scenario FILE]",
      "Draws the charts of a results folder with gnuplot (Debian package gnuplot-nox) and\n"
      "writes them into it as plot-<chart>.svg and .png: deaths per variant with 95%\n"
      "intervals, deaths over time (dead by round, minute, hour, day), time out of action and\n"
      "time to full health as CDFs, lasting injuries per variant, and a sweep's curve with\n"
      "its fit when sweep.csv is there. Also writes report.html: one self-contained page\n"
      "with the charts, the comparison tables, the scenario file and the run's metadata.\n"
      "The scenario file is read from the path run.json recorded (or --scenario FILE) and\n"
      "shown only if its sha256 matches. A later `lethality run` into the same folder\n"
      "replaces them all. Given a batch's folder (a run of several scenarios), plots each\n"
      "scenario's folder in it and writes the batch's report.html, the scenarios side by\n"
      "side with links to their own reports.",
      po::options_description("options"),
      {}};
  std::string dir, format = "both", scenario;
  spec.options.add_options()("format", po::value<std::string>(&format),
                             "png, svg or both (default both); report.html always inlines SVG")(
      "scenario", po::value<std::string>(&scenario),
      "the scenario file, if not at the path run.json recorded")(
      "dir", po::value<std::string>(&dir), "the results folder");
  spec.positional.add("dir", 1);
  po::variables_map vm;
  if (auto status = parse_command(args, spec, vm, out, err)) return *status;
  if (dir.empty()) {
    err << "error: no results folder given\nusage: " << spec.usage << "\n";
    return 2;
  }
  if (format != "png" && format != "svg" && format != "both") {
    err << "error: --format: '" << format << "' is not png, svg or both\n";
    return 2;
  }
  try {
    const std::vector<std::string> scenarios = batch_scenario_folders(dir);
    if (scenarios.empty()) {
      plot_folder(dir, format, scenario, out, err);
    } else {
      if (!scenario.empty())
        throw InputError({dir},
                         "--scenario names one scenario's file, and this is a batch's folder",
                         "plot one scenario's folder with --scenario, or the batch without it");
      for (const std::string& d : scenarios) plot_folder(d, format, "", out, err);
      // The batch's own page, when the batch wrote its summary.csv.
      if (const auto summary = CsvTable::read(dir + "/summary.csv")) {
        std::vector<std::string> names;
        for (const std::string& d : scenarios)
          names.push_back(std::filesystem::path(d).filename().string());
        const std::string page = dir + "/report.html";
        const std::string partial = partial_batch_note(dir);
        if (!partial.empty()) err << "note: " << partial << "\n";
        try {
          write_file_atomically(page, batch_report_html(*summary, names, kVersion, partial));
        } catch (const CheckpointError& e) {
          throw InputError({page}, std::string("cannot write the file: ") + e.what());
        }
        out << page << "\n";
      }
    }
  } catch (const InputError& e) {
    err << e.what() << "\n";
    return 2;
  } catch (const GnuplotMissing& e) {
    err << "error: " << e.what()
        << " (install the Debian package gnuplot-nox: apt-get install gnuplot-nox; "
           "scripts/deps.sh lists it)\n";
    return 2;
  }
  return 0;
}

}  // namespace leth
