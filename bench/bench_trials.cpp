// Trials per second for each ruleset's benchmark scenario (bench/*-bench.toml), on one thread and
// on all, next to the cost of the same number of bare random draws — the floor no trial can beat.
// After the runs it prints the ratios measured in this one run: trial time over the draw floor, and
// the all-threads speed-up.
//
//   build/bench/lethality_bench [--benchmark_min_time=2]
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include <Random123/philox.h>
#include <Random123/threefry.h>

#include "bench/ratio_reporter.h"
#include "bench/bench_scenario.h"
#include "sim/core/stream.h"
#include "sim/engine/load.h"
#include "sim/engine/runner.h"

namespace {

using leth::LoadedScenario;

// Every bench/<ruleset>-bench.toml: each ruleset's benchmark scenario.
std::vector<std::string> bench_files() {
  std::vector<std::string> files;
  for (const auto& e :
       std::filesystem::directory_iterator(std::string(LETHALITY_SOURCE_DIR) + "/bench")) {
    const std::string name = e.path().filename().string();
    if (name.size() > 11 && name.ends_with("-bench.toml")) files.push_back(name);
  }
  std::sort(files.begin(), files.end());
  return files;
}

std::string label_of(const std::string& file) {
  return file.substr(0, file.size() - std::string("-bench.toml").size());
}

constexpr uint64_t kTrialsPerIteration = 16 * leth::kBlockTrials;

// Raw draws per trial (all variants), measured on a fixed sample.
double draws_per_trial(const std::string& file) {
  static std::map<std::string, double> cache;
  auto it = cache.find(file);
  if (it != cache.end()) return it->second;
  leth::ThreadLimit one(1);
  const leth::RunTally t = leth::run_trials(bench::scenario(file), 1, 0, 8 * leth::kBlockTrials);
  uint64_t draws = 0;
  for (const auto& v : t.variants) draws += v.draws;
  const double d = static_cast<double>(draws) / static_cast<double>(t.trials());
  cache.emplace(file, d);
  return d;
}

void BM_Trials(benchmark::State& state, const std::string& file) {
  const int threads = static_cast<int>(state.range(0));
  leth::ThreadLimit limit(threads);
  const LoadedScenario& scenario = bench::scenario(file);
  uint64_t first = 0;
  for (auto _ : state) {
    leth::RunTally t = leth::run_trials(scenario, 1, first, kTrialsPerIteration);
    benchmark::DoNotOptimize(t);
    first += kTrialsPerIteration;
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * kTrialsPerIteration));
  state.counters["threads"] = limit.threads();
  state.counters["draws_per_trial"] = draws_per_trial(file);
}

// The same number of raw 64-bit draws a trial makes, from per-trial streams, one thread.
void BM_BareDraws(benchmark::State& state, const std::string& file) {
  const auto per_trial = static_cast<uint64_t>(draws_per_trial(file) + 0.5);
  uint64_t trial = 0, sink = 0;
  for (auto _ : state) {
    for (uint64_t i = 0; i < kTrialsPerIteration; ++i, ++trial) {
      leth::TrialRng rng(1, trial);
      leth::Stream s = rng.stream(leth::Purpose::Test);
      for (uint64_t k = 0; k < per_trial; ++k) sink += s.next();
    }
  }
  benchmark::DoNotOptimize(sink);
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * kTrialsPerIteration));
  state.counters["draws_per_trial"] = static_cast<double>(per_trial);
}

// The stream's generator against Random123's other counter-based choice, per 64-bit draw.
template <typename Generator>
void BM_CounterBased(benchmark::State& state) {
  Generator g;
  typename Generator::ctr_type c{};
  typename Generator::key_type k{};
  k.v[0] = 1;
  uint64_t sink = 0;
  for (auto _ : state) {
    ++c.v[0];
    const auto r = g(c, k);
    sink += r.v[0] ^ r.v[1] ^ r.v[2] ^ r.v[3];
  }
  benchmark::DoNotOptimize(sink);
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * 4));
}

BENCHMARK_TEMPLATE(BM_CounterBased, r123::Philox4x64);
BENCHMARK_TEMPLATE(BM_CounterBased, r123::Threefry4x64);

void register_scenarios() {
  for (const std::string& file : bench_files()) {
    const std::string label = label_of(file);
    benchmark::RegisterBenchmark(("BM_Trials/" + label).c_str(), BM_Trials, file)
        ->Arg(1)
        ->Arg(0)
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime();
    benchmark::RegisterBenchmark(("BM_BareDraws/" + label).c_str(), BM_BareDraws, file)
        ->Unit(benchmark::kMillisecond);
  }
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  register_scenarios();
  bench::RatioReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  const auto& m = reporter.ns_per_item;
  auto get = [&](const std::string& name) {
    auto it = m.find(name);
    return it == m.end() ? 0.0 : it->second;
  };
  for (const std::string& file : bench_files()) {
    const std::string label = label_of(file);
    const double one = get("BM_Trials/" + label + "/1/real_time");
    const double all = get("BM_Trials/" + label + "/0/real_time");
    const double floor = get("BM_BareDraws/" + label);
    if (one <= 0 && all <= 0) continue;  // filtered out
    std::printf("\n%s: random draws per trial (all variants): %.1f\n", label.c_str(),
                draws_per_trial(file));
    if (one > 0 && floor > 0)
      std::printf(
          "%s: one trial (1 thread): %.0f ns = %.1f x the cost of its bare draws (%.0f ns)\n",
          label.c_str(), one, one / floor, floor);
    if (one > 0 && all > 0)
      std::printf("%s: all threads (%d) vs 1: %.2f x the trials per second\n", label.c_str(),
                  leth::default_threads(), one / all);
  }
  benchmark::Shutdown();
  return 0;
}
