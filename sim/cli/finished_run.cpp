#include "sim/cli/finished_run.h"

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "sim/cli/cli.h"
#include "sim/core/error.h"
#include "sim/engine/bounded_json.h"

namespace leth {

namespace {

std::string text_of(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return "";
  std::ostringstream t;
  t << in.rdbuf();
  return t.str();
}

}  // namespace

FinishedRun finished_run(const PlannedScenario& p, const RunSettings& settings) {
  FinishedRun f;
  const std::string path = p.out_dir + "/run.json";
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) return f;
  nlohmann::json j;
  try {
    j = parse_bounded_json(text_of(path));
  } catch (const std::exception& e) {
    throw InputError({path}, std::string("--resume: run.json does not read: ") + e.what(),
                     "run without --resume to run the batch again");
  }
  if (!j.is_object() || j.value("partial", false)) return f;  // interrupted: run it again
  const Scenario& s = p.loaded.scenario;
  std::string d;
  auto differ = [&](const std::string& what, const std::string& was, const std::string& now) {
    if (was != now && d.empty()) d = what + " " + was + " vs " + now;
  };
  auto str = [&](const nlohmann::json& v) {
    return v.is_string() ? v.get<std::string>() : v.dump();
  };
  try {
    differ("lethality version", str(j.at("version")), kVersion);
    differ("scenario", str(j.at("scenario").at("name")), s.name);
    differ("scenario file sha256", str(j.at("scenario").at("sha256")), s.sha256);
    differ("seed", str(j.at("seed")), std::to_string(p.start.seed));
    differ("interval", str(j.at("interval")), interval_name(settings.interval));
    if (const auto target = precision_target(settings, s)) {
      differ("precision", j.contains("precision") ? str(j["precision"]) : "none", target->text());
      const std::string stopped = str(j.at("stopped"));
      if (stopped != "precision" && stopped != "max_trials")
        differ("stopped", stopped, "precision or max_trials");
    } else {
      differ("precision", j.contains("precision") ? str(j["precision"]) : "none", "none");
      differ("trials", str(j.at("trials")), std::to_string(p.start.trials_planned));
    }
  } catch (const nlohmann::json::exception& e) {
    throw InputError({path}, std::string("--resume: not a run.json: ") + e.what(),
                     "run without --resume to run the batch again");
  }
  if (!d.empty()) {
    f.difference = d;
    return f;
  }
  f.summary = text_of(p.out_dir + "/summary.csv");
  if (f.summary.empty())
    throw InputError({p.out_dir}, "--resume: a finished run without its summary.csv",
                     "run without --resume to run the batch again");
  f.finished = true;
  return f;
}

}  // namespace leth
