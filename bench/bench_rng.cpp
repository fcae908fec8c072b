// The stream's generator: candidates (bench/rng_candidates.h) against each other and against
// the engine's own Stream (sim/core/stream.h), on the two costs that matter to a model —
// opening a sub-stream and taking one value (most sub-streams take one or two), and the cost
// per value in a long stream.
//
//   build/bench/lethality_bench_rng [--benchmark_repetitions=5]
#include <benchmark/benchmark.h>

#include "bench/rng_candidates.h"
#include "sim/core/stream.h"

namespace {

constexpr uint64_t kSeed = 2026;
constexpr int kStreamsPerTrial = 4;

// A trial key per 4 streams, then open (purpose, index) and take one value: per stream.
template <typename G>
void BM_OpenAndOne(benchmark::State& state) {
  uint64_t trial = 0, sink = 0;
  for (auto _ : state) {
    const typename G::Trial t(kSeed, trial++);
    for (int i = 0; i < kStreamsPerTrial; ++i) {
      typename G::Stream s(t, 2, static_cast<uint64_t>(i));
      sink += s.next();
    }
  }
  benchmark::DoNotOptimize(sink);
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * kStreamsPerTrial));
}

// One stream, many values: per value.
template <typename G>
void BM_LongStream(benchmark::State& state) {
  const typename G::Trial t(kSeed, 1);
  typename G::Stream s(t, 2, 0);
  uint64_t sink = 0;
  for (auto _ : state) {
    for (int i = 0; i < 1024; ++i) sink += s.next();
  }
  benchmark::DoNotOptimize(sink);
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * 1024));
}

// The engine's Stream itself (whatever sim/core/stream.h implements), the same two ways.
void BM_EngineOpenAndOne(benchmark::State& state) {
  uint64_t trial = 0, sink = 0;
  for (auto _ : state) {
    leth::TrialRng rng(kSeed, trial++);
    for (int i = 0; i < kStreamsPerTrial; ++i)
      sink += rng.stream(leth::Purpose::Dying, static_cast<uint64_t>(i)).next();
    benchmark::DoNotOptimize(rng);
  }
  benchmark::DoNotOptimize(sink);
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * kStreamsPerTrial));
}

void BM_EngineLongStream(benchmark::State& state) {
  leth::TrialRng rng(kSeed, 1);
  leth::Stream s = rng.stream(leth::Purpose::Dying);
  uint64_t sink = 0;
  for (auto _ : state) {
    for (int i = 0; i < 1024; ++i) sink += s.next();
  }
  benchmark::DoNotOptimize(sink);
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * 1024));
}

// A d20 the way models roll it (Lemire's bounded integer over the engine's Stream).
void BM_EngineD20(benchmark::State& state) {
  leth::TrialRng rng(kSeed, 1);
  leth::Stream s = rng.stream(leth::Purpose::Dying);
  int64_t sink = 0;
  for (auto _ : state) {
    for (int i = 0; i < 1024; ++i) sink += s.die(20);
  }
  benchmark::DoNotOptimize(sink);
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * 1024));
}

BENCHMARK_TEMPLATE(BM_OpenAndOne, cand::Philox);
BENCHMARK_TEMPLATE(BM_OpenAndOne, cand::SplitMix);
BENCHMARK_TEMPLATE(BM_OpenAndOne, cand::WyRand);
BENCHMARK(BM_EngineOpenAndOne);
BENCHMARK_TEMPLATE(BM_LongStream, cand::Philox);
BENCHMARK_TEMPLATE(BM_LongStream, cand::SplitMix);
BENCHMARK_TEMPLATE(BM_LongStream, cand::WyRand);
BENCHMARK(BM_EngineLongStream);
BENCHMARK(BM_EngineD20);

}  // namespace

BENCHMARK_MAIN();
