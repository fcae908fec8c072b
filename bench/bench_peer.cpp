// The engine against its hand-written peer on one question: the pf2 dying track
// (bench/pf2-dying-track.toml, bench/peer_dying_track.h). Both run on 1 thread in the same
// process; after the runs it prints the time per trial of each, the ratio engine / peer (the
// speed goal is <= 3), the engine's floor (bench/pf2-nothing-happens.toml: the same fight with a
// blow that always misses) against the peer, and both death rates with standard errors on a
// fixed sample, so a reader sees that the two answer the same question.
//
//   build/bench/lethality_bench_peer [--benchmark_min_time=2] [--benchmark_repetitions=5]
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "bench/bench_scenario.h"
#include "bench/peer_dying_track.h"
#include "bench/per_trial_reporter.h"
#include "sim/engine/load.h"
#include "sim/engine/runner.h"

namespace {

using leth::LoadedScenario;

const LoadedScenario& scenario() {
  return bench::scenario("pf2-dying-track.toml");
}

constexpr uint64_t kTrialsPerIteration = 16 * leth::kBlockTrials;
constexpr uint64_t kSeed = 2026;

// Exactly as bench/bench_trials.cpp runs pf2-bench.toml.
void BM_EngineDyingTrack(benchmark::State& state) {
  leth::ThreadLimit one(1);
  uint64_t first = 0;
  for (auto _ : state) {
    leth::RunTally t = leth::run_trials(scenario(), kSeed, first, kTrialsPerIteration);
    benchmark::DoNotOptimize(t);
    first += kTrialsPerIteration;
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * kTrialsPerIteration));
}

// The engine's floor: the same fight, the blow always missing (bench/pf2-nothing-happens.toml).
void BM_EngineNothingHappens(benchmark::State& state) {
  leth::ThreadLimit one(1);
  const LoadedScenario& nothing = bench::scenario("pf2-nothing-happens.toml");
  uint64_t first = 0;
  for (auto _ : state) {
    leth::RunTally t = leth::run_trials(nothing, kSeed, first, kTrialsPerIteration);
    benchmark::DoNotOptimize(t);
    first += kTrialsPerIteration;
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * kTrialsPerIteration));
}

void BM_PeerDyingTrack(benchmark::State& state) {
  bench::time_peer<peer::DyingTrackPeer, peer::Totals>(state, peer::DyingTrackPeer(), kSeed,
                                                       kTrialsPerIteration);
}

BENCHMARK(BM_EngineDyingTrack)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_PeerDyingTrack)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_EngineNothingHappens)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  bench::PerTrialReporter reporter(kTrialsPerIteration);
  benchmark::RunSpecifiedBenchmarks(&reporter);
  std::printf("\n");
  bench::print_ratios(reporter, "BM_EngineDyingTrack", "BM_PeerDyingTrack", 1);
  for (const auto* m : {&reporter.ns_per_item, &reporter.cpu_ns_per_item}) {
    const auto p = m->find("BM_PeerDyingTrack");
    if (p == m->end()) continue;
    const auto f = m->find("BM_EngineNothingHappens");
    if (f != m->end())
      std::printf(
          "  the engine's floor (a trial in which the blow misses), %s: %.1f ns = %.1f x the "
          "peer's whole trial\n",
          m == &reporter.ns_per_item ? "wall" : "CPU ", bench::mean(f->second),
          bench::mean(f->second) / bench::mean(p->second));
  }

  // The same question? Death rates on a fixed sample (not the timed runs), with SEs.
  constexpr uint64_t n = 1'000'000;
  leth::RunTally et;
  {
    leth::ThreadLimit one(1);
    et = leth::run_trials(scenario(), kSeed, 0, n);
  }
  peer::Totals pt;
  const peer::DyingTrackPeer peer;
  peer.run(kSeed, 0, n, pt);
  const leth::Tally& x = et.variants.at(0);
  const double exact = peer.exact_death();
  auto report = [&](const char* who, uint64_t deaths, uint64_t recovered, double mean_death,
                    double mean_full, uint64_t draws) {
    const double p_hat = static_cast<double>(deaths) / static_cast<double>(n);
    const double se = std::sqrt(p_hat * (1 - p_hat) / static_cast<double>(n));
    std::printf(
        "%-6s P(death) %.5f +- %.5f (%+.1f SE from exact), mean time of death %.2f s, "
        "survivors full at %.0f s (%llu recovered), %.2f draws/trial\n",
        who, p_hat, se, (p_hat - exact) / se, mean_death, mean_full,
        static_cast<unsigned long long>(recovered),
        static_cast<double>(draws) / static_cast<double>(n));
  };
  std::printf("\nthe same question, %llu trials each, seed %llu; exact P(death) %.5f\n",
              static_cast<unsigned long long>(n), static_cast<unsigned long long>(kSeed), exact);
  const leth::MetricSpec& m = leth::metrics_of(scenario().models.at(0));
  const uint64_t deaths = x.ends_in(m.end_mask(leth::EndKind::Died));
  const uint64_t recovered = x.ends_in(m.end_mask(leth::EndKind::Recovered));
  const leth::LogHistogram& to_death = x.durations.at(size_t(m.duration_index(leth::kTimeToDeath)));
  const leth::LogHistogram& downtime = x.durations.at(size_t(m.duration_index(leth::kDowntime)));
  report("engine", deaths, recovered, to_death.mean(), downtime.mean(), x.draws);
  report("peer", pt.deaths, pt.recovered,
         static_cast<double>(pt.death_time_sum) / static_cast<double>(pt.deaths),
         static_cast<double>(pt.full_time_sum) / static_cast<double>(pt.recovered), pt.draws);
  const double pe = static_cast<double>(deaths) / n, pp = static_cast<double>(pt.deaths) / n;
  const double se_diff = std::sqrt(pe * (1 - pe) / n + pp * (1 - pp) / n);
  std::printf("engine - peer: %+.5f = %+.1f SE\n", pe - pp, (pe - pp) / se_diff);
  benchmark::Shutdown();
  return 0;
}
