// The party benchmark (issue 21 §5): four level-5 5e characters against three orogs, fought to
// the end, through the engine (dnd5e-party-bench.toml, in bench/ once written) and through the
// hand-written peer (bench/peer_party.h). Both run on 1 thread in the same process; after the runs
// it prints the time per trial of each and the ratio engine / peer (the speed goal is <= 3), then —
// on a fixed sample of 10^6 trials, seed 2026, not the timed runs — the peer's P(at least one
// death) with its standard error and the rest of its totals, so a reader sees what question both
// answer.
//
//   build/bench/lethality_bench_party [--benchmark_min_time=1] [--benchmark_repetitions=3]
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "bench/bench_scenario.h"
#include "bench/peer_party.h"
#include "bench/per_trial_reporter.h"
#include "sim/engine/load.h"
#include "sim/engine/runner.h"

namespace {

constexpr const char* kScenario = "dnd5e-party-bench.toml";
constexpr uint64_t kTrialsPerIteration = 16 * leth::kBlockTrials;
constexpr uint64_t kSeed = 2026;

// The engine: bench/dnd5e-party-bench.toml, exactly as bench/bench_peer.cpp runs its scenario,
// on 1 thread; and on 2 (trials/s at 2 threads against 1: the goal is >= 1.9).
void engine_party(benchmark::State& state, int threads) {
  const leth::LoadedScenario& s = bench::scenario(kScenario);
  leth::ThreadLimit limit(threads);
  uint64_t first = 0;
  for (auto _ : state) {
    leth::RunTally t = leth::run_trials(s, kSeed, first, kTrialsPerIteration);
    benchmark::DoNotOptimize(t);
    first += kTrialsPerIteration;
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * kTrialsPerIteration));
}
void BM_EngineParty(benchmark::State& state) {
  engine_party(state, 1);
}
void BM_EngineParty2Threads(benchmark::State& state) {
  engine_party(state, 2);
}

void BM_PeerParty(benchmark::State& state) {
  bench::time_peer<peer::PartyPeer, peer::PartyPeer::Totals>(state, peer::PartyPeer(), kSeed,
                                                             kTrialsPerIteration);
}

BENCHMARK(BM_EngineParty)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_EngineParty2Threads)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_PeerParty)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  bench::PerTrialReporter reporter(kTrialsPerIteration);
  benchmark::RunSpecifiedBenchmarks(&reporter);
  std::printf("\n");
  bench::print_ratios(reporter, "BM_EngineParty", "BM_PeerParty", 2);

  // The question, on a fixed sample (not the timed runs), with its standard error.
  constexpr uint64_t n = 1'000'000;
  const double dn = static_cast<double>(n);
  peer::PartyPeer::Totals pt;
  const peer::PartyPeer party;
  party.run(kSeed, 0, n, pt);
  const double p_hat = static_cast<double>(pt.trials_with_death) / dn;
  const double se = std::sqrt(p_hat * (1 - p_hat) / dn);
  auto share = [&](uint64_t k) { return static_cast<double>(k) / dn; };
  std::printf("\nthe same question, %llu trials, seed %llu\n", static_cast<unsigned long long>(n),
              static_cast<unsigned long long>(kSeed));
  std::printf(
      "peer   P(>=1 death) %.5f +- %.5f, deaths/trial %.4f, won %.5f, party fell %.5f, "
      "neither (round cap) %.5f, mean rounds %.3f, %.1f draws/trial\n",
      p_hat, se, share(pt.deaths), share(pt.fights_won), share(pt.party_fell),
      share(pt.trials - pt.fights_won - pt.party_fell), share(pt.rounds_sum), share(pt.draws));
  {
    const leth::LoadedScenario& s = bench::scenario(kScenario);
    const leth::RunTally t = leth::run_trials(s, kSeed, 0, n);
    const leth::MetricSpec& m = leth::metrics_of(s.models[0]);
    const leth::Tally& x = t.variants[0];
    const double e_hat = static_cast<double>(x.ends_in(m.end_mask(leth::EndKind::Died))) / dn;
    const double se_diff = std::sqrt((e_hat * (1 - e_hat) + p_hat * (1 - p_hat)) / dn);
    std::printf("engine P(>=1 death) %.5f +- %.5f: engine - peer = %+.2f standard errors\n", e_hat,
                std::sqrt(e_hat * (1 - e_hat) / dn), (e_hat - p_hat) / se_diff);
  }
  benchmark::Shutdown();
  return 0;
}
