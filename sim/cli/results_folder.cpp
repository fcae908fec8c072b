#include "sim/cli/results_folder.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "sim/core/error.h"
#include "sim/engine/bounded_json.h"

namespace leth {

namespace fs = std::filesystem;

std::vector<std::string> batch_scenario_folders(const std::string& dir) {
  std::vector<std::string> out;
  std::error_code ec;
  if (fs::is_regular_file(fs::path(dir) / "run.json", ec)) return out;
  for (const auto& e : fs::directory_iterator(dir, ec))
    if (fs::is_regular_file(e.path() / "run.json", ec)) out.push_back(e.path().string());
  std::sort(out.begin(), out.end());
  return out;
}

ResultsFolder read_results_folder(const std::string& dir) {
  ResultsFolder r;
  r.dir = dir;
  std::error_code ec;
  if (!fs::is_directory(dir, ec))
    throw InputError({dir}, "no such folder", "give the results folder of `lethality run`");
  const std::string run_path = dir + "/run.json";
  if (fs::is_regular_file(run_path, ec)) {
    std::ifstream in(run_path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    try {
      r.run = parse_bounded_json(text.str());  // a damaged file must not crash the reader
    } catch (const nlohmann::json::exception& e) {
      throw InputError({run_path}, std::string("not valid JSON: ") + e.what(),
                       "run the scenario again to write it");
    } catch (const JsonTooDeep& e) {
      throw InputError({run_path}, std::string("not a run.json: ") + e.what(),
                       "run the scenario again to write it");
    }
  }
  r.summary = CsvTable::read(dir + "/summary.csv");
  r.end_states = CsvTable::read(dir + "/end_states.csv");
  r.histograms = CsvTable::read(dir + "/histograms.csv");
  r.sequelae = CsvTable::read(dir + "/sequelae.csv");
  r.comparisons = CsvTable::read(dir + "/comparisons.csv");
  r.sweep = CsvTable::read(dir + "/sweep.csv");
  r.crossing = CsvTable::read(dir + "/crossing.csv");
  r.survival = CsvTable::read(dir + "/survival.csv");
  r.member_survival = CsvTable::read(dir + "/member_survival.csv");
  if (r.run.is_null() && !r.summary && !r.sweep)
    throw InputError({dir}, "not a results folder: no run.json, summary.csv or sweep.csv",
                     "give the results folder of `lethality run` (it holds run.json)");
  auto see = [&](const std::string& v) {
    if (std::find(r.variants.begin(), r.variants.end(), v) == r.variants.end())
      r.variants.push_back(v);
  };
  // A hand-edited run.json may hold anything: what is not of the expected shape is left out.
  auto name_of = [](const nlohmann::json& j) {
    return j.is_object() && j.contains("name") && j["name"].is_string()
               ? j["name"].get<std::string>()
               : std::string();
  };
  if (r.run.is_object() && r.run.contains("variants") && r.run["variants"].is_array())
    for (const auto& v : r.run["variants"])
      if (!name_of(v).empty()) see(name_of(v));
  if (r.summary)
    for (size_t i = 0; i < r.summary->rows(); ++i) see(r.summary->at(i, "variant"));
  if (r.sweep)
    for (size_t i = 0; i < r.sweep->rows(); ++i) see(r.sweep->at(i, "variant"));
  if (r.run.is_object() && r.run.contains("scenario")) r.scenario = name_of(r.run["scenario"]);
  if (r.scenario.empty() && r.summary && r.summary->rows())
    r.scenario = r.summary->at(0, "scenario");
  if (r.scenario.empty() && r.sweep && r.sweep->rows()) r.scenario = r.sweep->at(0, "scenario");
  if (r.scenario.empty()) r.scenario = fs::path(dir).lexically_normal().filename().string();
  return r;
}

std::vector<Bin> histogram_of(const ResultsFolder& r, const std::string& variant,
                              const std::string& quantity) {
  std::vector<Bin> bins;
  if (!r.histograms) return bins;
  const CsvTable& h = *r.histograms;
  for (size_t i = 0; i < h.rows(); ++i)
    if (h.at(i, "variant") == variant && h.at(i, "quantity") == quantity)
      bins.push_back({h.number(i, "bin_low_s"), h.number(i, "bin_high_s"), h.number(i, "count")});
  std::sort(bins.begin(), bins.end(), [](const Bin& a, const Bin& b) { return a.low < b.low; });
  return bins;
}

std::vector<std::string> histogram_quantities(const ResultsFolder& r) {
  std::vector<std::string> q;
  if (!r.histograms) return q;
  for (size_t i = 0; i < r.histograms->rows(); ++i) {
    const std::string& s = r.histograms->at(i, "quantity");
    if (std::find(q.begin(), q.end(), s) == q.end()) q.push_back(s);
  }
  return q;
}

Metric summary_metric(const ResultsFolder& r, const std::string& variant,
                      const std::string& metric) {
  Metric m;
  if (!r.summary) return m;
  const CsvTable& s = *r.summary;
  for (size_t i = 0; i < s.rows(); ++i)
    if (s.at(i, "variant") == variant && s.at(i, "metric") == metric)
      return {s.number(i, "estimate"), s.number(i, "ci_low"), s.number(i, "ci_high"),
              s.number(i, "n")};
  return m;
}

}  // namespace leth
