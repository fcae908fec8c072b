#include "sim/cli/results.h"

#include "analysis/sweep_report.h"
#include "sim/cli/cli.h"

namespace leth {

RunInfo run_info_of(const LoadedScenario& ls, uint64_t seed, uint64_t trials, int threads,
                    double elapsed) {
  const Scenario& s = ls.scenario;
  RunInfo info;
  info.version = kVersion;
  info.scenario = s.name;
  info.description = s.description;
  info.ruleset = s.ruleset;
  info.file = s.file;
  info.sha256 = s.sha256;
  info.seed = seed;
  info.trials = trials;
  info.threads = threads;
  info.elapsed_s = elapsed;
  info.trials_per_second = elapsed > 0 ? static_cast<double>(trials) / elapsed : 0;
  info.peak_memory_mib = peak_memory_mib();
  for (const VariantSpec& v : s.variants) {
    info.variants.push_back(v.name);
    info.variant_descriptions.push_back(v.description);
  }
  info.metrics = metrics_of(ls);
  info.compared_with = sweep_references(s);  // a sweep point against its own variant
  return info;
}

std::string mark_partial(const std::string& run_json_text, bool partial, const Checkpoint& cp) {
  if (!partial) return run_json_text;  // a whole run's run.json is left exactly as it was
  nlohmann::json j = nlohmann::json::parse(run_json_text);
  j["partial"] = true;
  if (cp.shards > 1) j["shard"] = {{"index", cp.shard}, {"count", cp.shards}};
  return j.dump(2) + "\n";
}

}  // namespace leth
