// What a campaign trial costs (issue 22, docs/campaigns.md): one campaign of N adventures
// (sim/engine/campaign.h) against the same adventures run one by one as trials of the scenario
// without [campaign]. Both report time per adventure played, on one thread, through the run
// driver's own path (run_trials: tallies included); the ratio printed at the end is what
// playing adventures inside a campaign trial costs over playing them as separate trials.
// Scenarios: bench/flux-bench.toml (one character) and bench/dnd5e-party-bench.toml (the party
// benchmark), each with `[campaign] adventures = 10` added.
// And an adventuring day (docs/days.md): the party benchmark with `[day] encounters = 6,
// short_rests = 2` against its fight as a trial, time per encounter fought.
//
//   build/bench/lethality_bench_campaign [--benchmark_min_time=2]
#include <benchmark/benchmark.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include "bench/ratio_reporter.h"
#include "sim/engine/load.h"
#include "sim/engine/runner.h"

namespace {

constexpr uint64_t kTrials = 4 * leth::kBlockTrials;
const char* const kFiles[] = {"flux-bench.toml", "dnd5e-party-bench.toml"};

// bench/<file>, as it is (campaign false) or with a [campaign] of 10 adventures, or with the
// table `extra` instead.
const leth::LoadedScenario& scenario(const std::string& file, bool campaign,
                                     const std::string& extra = "") {
  static std::map<std::string, leth::LoadedScenario> loaded;
  const std::string key = file + (campaign ? "+campaign" : "") + (extra.empty() ? "" : "+day");
  auto it = loaded.find(key);
  if (it == loaded.end()) {
    std::ifstream in(std::string(LETHALITY_SOURCE_DIR) + "/bench/" + file);
    std::ostringstream s;
    s << in.rdbuf();
    std::string text = s.str();
    if (campaign) text.insert(text.find("\n["), "\n[campaign]\nadventures = 10\n");
    if (!extra.empty()) text.insert(text.find("\n["), "\n" + extra);
    const auto path = std::filesystem::temp_directory_path() / ("lethality-bench-" + key);
    std::ofstream(path) << text;
    it = loaded.emplace(key, leth::load_scenario(path.string())).first;
    std::filesystem::remove(path);
  }
  return it->second;
}

// Adventures begun in a campaign run: a death in adventure k counts k, a survivor its own.
uint64_t adventures_played(const leth::RunTally& t) {
  uint64_t n = 0;
  for (const leth::Tally& x : t.variants)
    for (size_t k = 0; k < x.died_in.size(); ++k) n += k * (x.died_in[k] + x.left_after[k]);
  return n;
}

void BM_CampaignTrials(benchmark::State& state) {
  leth::ThreadLimit one(1);
  const leth::LoadedScenario& ls = scenario(kFiles[state.range(0)], true);
  uint64_t first = 0, adventures = 0;
  for (auto _ : state) {
    const leth::RunTally t = leth::run_trials(ls, 1, first, kTrials);
    adventures += adventures_played(t);
    first += kTrials;
  }
  state.SetItemsProcessed(static_cast<int64_t>(adventures));
  state.SetLabel(kFiles[state.range(0)]);
}

void BM_AdventuresOneByOne(benchmark::State& state) {
  leth::ThreadLimit one(1);
  const leth::LoadedScenario& ls = scenario(kFiles[state.range(0)], false);
  uint64_t first = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(leth::run_trials(ls, 1, first, kTrials));
    first += kTrials;
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * kTrials *
                                               ls.models.size()));
  state.SetLabel(kFiles[state.range(0)]);
}

// A day of six encounters (two short rests) of the party benchmark, per encounter fought (the
// counter `encounters`: the day stops at a death); its fight alone is BM_AdventuresOneByOne/1.
void BM_DayTrials(benchmark::State& state) {
  leth::ThreadLimit one(1);
  const leth::LoadedScenario& ls =
      scenario(kFiles[1], false, "[day]\nencounters = 6\nshort_rests = 2\n");
  const auto& counters = leth::metrics_of(ls.models[0]).counters;
  size_t at = 0;
  while (at < counters.size() && counters[at].name != "encounters") ++at;
  uint64_t first = 0, encounters = 0;
  for (auto _ : state) {
    const leth::RunTally t = leth::run_trials(ls, 1, first, kTrials);
    for (const leth::Tally& x : t.variants) encounters += x.counter_total.at(at);
    first += kTrials;
  }
  state.SetItemsProcessed(static_cast<int64_t>(encounters));
  state.SetLabel(kFiles[1]);
}

BENCHMARK(BM_DayTrials)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_CampaignTrials)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_AdventuresOneByOne)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  bench::RatioReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  std::printf("\nan adventure inside a campaign trial vs the same adventure as a trial:\n");
  for (int f = 0; f < 2; ++f) {
    const double c = reporter.ns_per_item["BM_CampaignTrials/" + std::to_string(f)];
    const double o = reporter.ns_per_item["BM_AdventuresOneByOne/" + std::to_string(f)];
    if (c > 0 && o > 0)
      std::printf("  %s: %.0f ns vs %.0f ns per adventure: %.2fx\n", kFiles[f], c, o, c / o);
  }
  const double d = reporter.ns_per_item["BM_DayTrials"];
  const double f = reporter.ns_per_item["BM_AdventuresOneByOne/1"];
  if (d > 0 && f > 0)
    std::printf("an encounter inside a day vs the same fight as a trial:\n  %s: %.0f ns vs %.0f ns "
                "per fight: %.2fx\n",
                kFiles[1], d, f, d / f);
  benchmark::Shutdown();
  return 0;
}
