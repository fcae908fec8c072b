// What common random numbers cost and what they buy (issue #12, "Benchmarks"), on
// bench/pf2-bench.toml:
//  - BM_OneRun/k: k variants of the scenario in one run — every trial plays all k on the same
//    streams and tallies every pair — against BM_SeparateRuns/k: k runs of one variant each.
//    Both report time per variant-trial; the ratio printed at the end is what one run of k
//    variants costs over k separate runs.
//  - After the timings: the trials a death-rate difference needs for a given precision with
//    pairing (from the discordant trials) and without (two independent runs), for the bundled
//    scenario's two variants.
//
//   build/bench/lethality_bench_pairing [--benchmark_min_time=1]
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "bench/ratio_reporter.h"
#include "analysis/interval.h"
#include "sim/engine/load.h"
#include "sim/engine/runner.h"

namespace {

constexpr uint64_t kTrials = 8 * leth::kBlockTrials;

std::string read(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// bench/pf2-bench.toml without its variants; `options` replaces its [options] line.
std::string base_text() {
  const std::string text = read(std::string(LETHALITY_SOURCE_DIR) + "/bench/pf2-bench.toml");
  return text.substr(0, text.find("[[variants]]"));
}

// The k rule variants compared: the seed's Fortitude recovery check and Player Core's flat
// check with wounded, alternating, so every variant costs about what a run of it alone does.
// Each as an inline table (for a variant) and as [options] lines (for a run of it alone).
struct RuleVariant {
  const char* inline_table;
  const char* lines;
};
const RuleVariant kVariants[] = {
    {"{ recovery_check = \"fortitude\" }", "recovery_check = \"fortitude\"\n"},
    {"{ recovery_check = \"flat\", wounded = true }",
     "recovery_check = \"flat\"\nwounded = true\n"}};

const leth::LoadedScenario& load_text(const std::string& name, const std::string& text) {
  static std::map<std::string, leth::LoadedScenario> loaded;
  auto it = loaded.find(name);
  if (it == loaded.end()) {
    const auto path =
        std::filesystem::temp_directory_path() / ("lethality-bench-" + name + ".toml");
    std::ofstream(path) << text;
    it = loaded.emplace(name, leth::load_scenario(path.string())).first;
    std::filesystem::remove(path);
  }
  return it->second;
}

// One scenario with k variants: the baseline and k - 1 more.
const leth::LoadedScenario& k_variants(int k) {
  std::string text = base_text();
  for (int v = 1; v < k; ++v) {
    text.append("[[variants]]\nname = \"v").append(std::to_string(v));
    text.append("\"\noptions = ").append(kVariants[v % 2].inline_table).append("\n");
  }
  std::string name = "k";
  name.append(std::to_string(k));
  return load_text(name, text);
}

// One scenario of variant v alone: its options in the file's [options] table.
const leth::LoadedScenario& alone(int v) {
  std::string text = base_text();
  const size_t o = text.find("[options]\n");
  const size_t end = text.find("\n\n", o);
  std::string out = text.substr(0, o);
  out.append("[options]\n").append(kVariants[v % 2].lines).append(text, end + 1);
  std::string name = "alone";
  name.append(std::to_string(v % 2));
  return load_text(name, out);
}

void BM_OneRun(benchmark::State& state) {
  const int k = static_cast<int>(state.range(0));
  leth::ThreadLimit one(1);
  const leth::LoadedScenario& ls = k_variants(k);
  uint64_t first = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(leth::run_trials(ls, 1, first, kTrials));
    first += kTrials;
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * kTrials * k));
}

void BM_SeparateRuns(benchmark::State& state) {
  const int k = static_cast<int>(state.range(0));
  leth::ThreadLimit one(1);
  uint64_t first = 0;
  for (auto _ : state) {
    for (int v = 0; v < k; ++v)
      benchmark::DoNotOptimize(leth::run_trials(alone(v), 1, first, kTrials));
    first += kTrials;
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * kTrials * k));
}

BENCHMARK(BM_OneRun)->Arg(2)->Arg(4)->Arg(8)->Arg(16)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SeparateRuns)->Arg(2)->Arg(4)->Arg(8)->Arg(16)->Unit(benchmark::kMillisecond);

// Trials for a 95% half-width `h` on the death-rate difference of the bundled scenario's two
// variants: paired, from the per-trial variance of the difference; unpaired, from the two
// rates' binomial variances (two independent runs of that many trials each).
void trials_needed(double h) {
  const leth::LoadedScenario& ls = k_variants(2);
  const leth::RunTally t = leth::run_trials(ls, 1, 0, 32 * leth::kBlockTrials);
  const uint64_t died = leth::metrics_of(ls.models.front()).end_mask(leth::EndKind::Died);
  const double n = static_cast<double>(t.trials());
  const double p1 = static_cast<double>(t.variants[0].ends_in(died)) / n;
  const double p2 = static_cast<double>(t.variants[1].ends_in(died)) / n;
  const leth::PairedTally& pair = t.paired.at(1);
  const double b = static_cast<double>(pair.only_baseline_died) / n;
  const double c = static_cast<double>(pair.only_variant_died) / n;
  const double paired_var = (b + c) - (c - b) * (c - b);
  const double unpaired_var = p1 * (1 - p1) + p2 * (1 - p2);
  const double z2 = leth::kZ95 * leth::kZ95;
  std::printf(
      "\ndeath-rate difference, %s vs baseline (%.2f%% vs %.2f%%, %.0f trials):\n"
      "  trials for a 95%% half-width of %.3f: paired %.0f, two independent runs %.0f each "
      "(%.1fx)\n",
      "flat check", 100 * p2, 100 * p1, n, h, z2 * paired_var / (h * h),
      z2 * unpaired_var / (h * h), unpaired_var / paired_var);
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  bench::RatioReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  std::printf("\none run of k variants (common random numbers, every pair tallied) vs k runs:\n");
  for (int k : {2, 4, 8, 16}) {
    const double one = reporter.ns_per_item["BM_OneRun/" + std::to_string(k)];
    const double sep = reporter.ns_per_item["BM_SeparateRuns/" + std::to_string(k)];
    if (one > 0 && sep > 0)
      std::printf("  k = %2d: %.0f ns vs %.0f ns per variant-trial: %.2fx\n", k, one, sep,
                  one / sep);
  }
  trials_needed(0.002);
  benchmark::Shutdown();
  return 0;
}
