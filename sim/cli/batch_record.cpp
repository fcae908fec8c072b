#include "sim/cli/batch_record.h"

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "sim/cli/cli.h"
#include "sim/core/error.h"
#include "sim/engine/bounded_json.h"

namespace leth {

namespace {

using nlohmann::json;

json settings_json(const RunSettings& s) {
  json j;
  j["trials"] = s.trials ? json(*s.trials) : json(nullptr);
  j["seed"] = s.seed ? json(*s.seed) : json(nullptr);
  if (s.precision)
    j["precision"] = {{"target", s.precision->text()},
                      {"min_trials", s.precision->min_trials},
                      {"min_deaths", s.precision->min_deaths},
                      {"max_trials", s.max_trials}};
  else
    j["precision"] = nullptr;
  j["interval"] = interval_name(s.interval);
  j["reference"] = s.reference;
  j["all_pairs"] = s.all_pairs;
  return j;
}

RunSettings settings_of(const json& j) {
  RunSettings s;
  if (!j.at("trials").is_null()) s.trials = j.at("trials").get<uint64_t>();
  if (!j.at("seed").is_null()) s.seed = j.at("seed").get<uint64_t>();
  const std::string interval = j.at("interval").get<std::string>();
  if (interval == "wilson")
    s.interval = IntervalKind::Wilson;
  else if (interval == "clopper-pearson")
    s.interval = IntervalKind::ClopperPearson;
  else
    throw std::invalid_argument("unknown interval " + interval);
  if (const json& p = j.at("precision"); !p.is_null()) {
    s.precision = parse_precision(p.at("target").get<std::string>());
    s.precision->min_trials = p.at("min_trials").get<uint64_t>();
    s.precision->min_deaths = p.at("min_deaths").get<uint64_t>();
    s.precision->interval = s.interval;
    s.max_trials = p.at("max_trials").get<uint64_t>();
  }
  s.reference = j.at("reference").get<std::string>();
  s.all_pairs = j.at("all_pairs").get<bool>();
  return s;
}

// An option as a command line would give it: "--trials 3000", or "no --trials".
template <class T>
std::string shown(const std::string& flag, const std::optional<T>& v) {
  if (!v) return "no " + flag;
  std::ostringstream o;
  o << flag << " " << *v;
  return o.str();
}

}  // namespace

bool BatchRecord::partial() const {
  for (const Entry& e : scenarios)
    if (e.state != "done") return true;
  return false;
}

std::vector<std::string> BatchRecord::named(const std::string& state) const {
  std::vector<std::string> out;
  for (const Entry& e : scenarios)
    if (e.state == state) out.push_back(e.name);
  return out;
}

BatchRecord new_batch_record(const RunPlan& plan, const RunSettings& settings) {
  BatchRecord r;
  for (const PlannedScenario& p : plan.scenarios)
    r.scenarios.push_back(
        {p.loaded.scenario.name, p.loaded.scenario.file, p.loaded.scenario.sha256, "not run"});
  r.settings = settings;
  return r;
}

std::string batch_record_text(const BatchRecord& r) {
  json scenarios = json::array();
  for (const BatchRecord::Entry& e : r.scenarios)
    scenarios.push_back({{"name", e.name},
                         {"file", e.file},
                         {"sha256", e.sha256},
                         {"results", e.name},
                         {"state", e.state}});
  const json j = {{"format", "lethality-batch"},
                  {"format_version", 1},
                  {"version", kVersion},
                  {"partial", r.partial()},
                  {"not_run", r.named("not run")},
                  {"interrupted", r.named("partial")},
                  {"settings", settings_json(r.settings)},
                  {"scenarios", scenarios}};
  return j.dump(2) + "\n";
}

std::optional<BatchRecord> read_batch_record(const std::string& root) {
  const std::string path = root + "/" + kBatchRecordName;
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) return std::nullopt;
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  try {
    const json j = parse_bounded_json(text.str());
    if (j.at("format") != "lethality-batch" || j.at("format_version") != 1)
      throw std::invalid_argument("not a lethality-batch record of format 1");
    BatchRecord r;
    r.settings = settings_of(j.at("settings"));
    for (const json& e : j.at("scenarios"))
      r.scenarios.push_back({e.at("name").get<std::string>(), e.at("file").get<std::string>(),
                             e.at("sha256").get<std::string>(), e.at("state").get<std::string>()});
    return r;
  } catch (const std::exception& e) {
    throw InputError({path}, std::string("--resume: the batch's record does not read: ") + e.what(),
                     "run without --resume to start the batch over");
  }
}

std::string batch_progress(const BatchRecord& r) {
  auto listed = [](const std::vector<std::string>& names) {
    std::string t;
    for (const std::string& n : names) t += (t.empty() ? "" : ", ") + n;
    return t;
  };
  const std::vector<std::string> cut = r.named("partial"), never = r.named("not run");
  std::string t = std::to_string(r.named("done").size()) + " of " +
                  std::to_string(r.scenarios.size()) + " scenarios done";
  if (!cut.empty()) t += "; interrupted: " + listed(cut);
  if (!never.empty()) t += "; did not run: " + listed(never);
  return t;
}

std::string partial_batch_note(const std::string& root) {
  const auto r = read_batch_record(root);
  if (!r || !r->partial()) return "";
  return "PARTIAL batch: " + batch_progress(*r) + " (" + root + "/" + kBatchRecordName +
         "); resume it with `lethality run` of its files and --resume";
}

RunSettings resume_settings(const BatchRecord& record, RunSettings s,
                            const std::vector<std::string>& names, const std::string& path) {
  std::vector<std::string> recorded;
  for (const BatchRecord::Entry& e : record.scenarios) recorded.push_back(e.name);
  auto list = [](const std::vector<std::string>& v) {
    std::string t;
    for (const std::string& n : v) t += (t.empty() ? "" : ", ") + n;
    return t;
  };
  if (recorded != names)
    throw InputError(
        {path}, "--resume: this batch ran the scenarios " + list(recorded) + ", not " + list(names),
        "resume with the files and folders the batch was started with, or run "
        "without --resume to start over");
  const RunSettings& r = record.settings;
  const std::string how =
      "give the option as the batch was started, or leave it out: --resume reads it from " + path;
  auto conflict = [&](const std::string& was, const std::string& now) {
    throw InputError({path}, "--resume: the batch was started with " + was + ", not " + now, how);
  };
  auto given = [&](const char* flag) { return s.given.count(flag) > 0; };
  // The count or the precision target (with its options) decide the trials together.
  if (given("trials") || given("precision")) {
    if (s.trials != r.trials) conflict(shown("--trials", r.trials), shown("--trials", s.trials));
    auto target = [](const RunSettings& x) {
      return x.precision ? std::optional<std::string>(x.precision->text()) : std::nullopt;
    };
    if (target(r) != target(s))
      conflict(shown("--precision", target(r)), shown("--precision", target(s)));
    if (r.precision) {
      auto number = [](uint64_t n) { return std::optional<uint64_t>(n); };
      if (s.precision->min_trials != r.precision->min_trials)
        conflict(shown("--min-trials", number(r.precision->min_trials)),
                 shown("--min-trials", number(s.precision->min_trials)));
      if (s.precision->min_deaths != r.precision->min_deaths)
        conflict(shown("--min-deaths", number(r.precision->min_deaths)),
                 shown("--min-deaths", number(s.precision->min_deaths)));
      if (s.max_trials != r.max_trials)
        conflict(shown("--max-trials", number(r.max_trials)),
                 shown("--max-trials", number(s.max_trials)));
    }
  } else {
    s.trials = r.trials;
    s.precision = r.precision;
    s.max_trials = r.max_trials;
  }
  if (!given("seed"))
    s.seed = r.seed;
  else if (s.seed != r.seed)
    conflict(shown("--seed", r.seed), shown("--seed", s.seed));
  if (!given("interval"))
    s.interval = r.interval;
  else if (s.interval != r.interval)
    conflict(std::string("--interval ") + interval_name(r.interval),
             std::string("--interval ") + interval_name(s.interval));
  if (s.precision) s.precision->interval = s.interval;
  if (!given("reference") && !given("all-pairs")) {
    s.reference = r.reference;
    s.all_pairs = r.all_pairs;
  } else if (s.reference != r.reference || s.all_pairs != r.all_pairs) {
    auto show = [](const RunSettings& x) {
      return x.all_pairs ? std::string("--all-pairs")
                         : "--reference " + (x.reference.empty() ? "baseline" : x.reference);
    };
    conflict(show(r), show(s));
  }
  return s;
}

}  // namespace leth
