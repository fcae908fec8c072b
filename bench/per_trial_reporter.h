// A console reporter that also keeps each run's time per trial, wall clock and CPU, by
// benchmark function, so a program can print the engine / peer ratio of one run after its
// benchmarks (bench/bench_peer.cpp, bench/bench_party.cpp). CPU time leaves out the time
// another process held the core (the VM's cores are shared). Skipped runs are left out.
#pragma once

#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

namespace bench {

class PerTrialReporter : public benchmark::ConsoleReporter {
 public:
  explicit PerTrialReporter(uint64_t trials_per_iteration) : trials_(trials_per_iteration) {}
  std::map<std::string, std::vector<double>> ns_per_item, cpu_ns_per_item;
  void ReportRuns(const std::vector<Run>& runs) override {
    ConsoleReporter::ReportRuns(runs);
    for (const Run& r : runs) {
      if (r.run_type != Run::RT_Iteration || r.iterations == 0 || r.error_occurred) continue;
      const double items = static_cast<double>(r.iterations) * static_cast<double>(trials_);
      ns_per_item[r.run_name.function_name].push_back(r.real_accumulated_time * 1e9 / items);
      cpu_ns_per_item[r.run_name.function_name].push_back(r.cpu_accumulated_time * 1e9 / items);
    }
  }

 private:
  uint64_t trials_;
};

inline double mean(const std::vector<double>& v) {
  double s = 0;
  for (double x : v) s += x;
  return v.empty() ? 0 : s / static_cast<double>(v.size());
}

// Times a hand-written peer: `peer.run(seed, first, n, totals)` on fresh totals each iteration,
// `n` trials an iteration from where the last one stopped.
template <typename Peer, typename Totals>
void time_peer(benchmark::State& state, const Peer& peer, uint64_t seed, uint64_t n) {
  uint64_t first = 0;
  for (auto _ : state) {
    Totals t;
    peer.run(seed, first, n, t);
    benchmark::DoNotOptimize(t);
    first += n;
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * n));
}

// Prints, wall clock then CPU, the time per trial of benchmark functions `engine` and `peer` and
// their ratio engine / peer, with each repetition's ratio; `digits` decimals on the peer's time
// and on the ratios. A clock without the peer's time prints nothing; without the engine's, the
// peer's time alone.
inline void print_ratios(const PerTrialReporter& r, const char* engine, const char* peer,
                         int digits) {
  for (const auto* m : {&r.ns_per_item, &r.cpu_ns_per_item}) {
    const char* clock = m == &r.ns_per_item ? "wall" : "CPU ";
    const auto e = m->find(engine), p = m->find(peer);
    if (p == m->end()) continue;
    if (e == m->end()) {
      std::printf("per trial, 1 thread, %s: peer %.*f ns\n", clock, digits, mean(p->second));
      continue;
    }
    std::printf("per trial, 1 thread, %s: engine %.1f ns, peer %.*f ns: engine / peer = %.*f",
                clock, mean(e->second), digits, mean(p->second), digits,
                mean(e->second) / mean(p->second));
    if (e->second.size() == p->second.size() && e->second.size() > 1) {
      std::printf(" (repetitions:");
      for (size_t i = 0; i < e->second.size(); ++i)
        std::printf(" %.*f", digits, e->second[i] / p->second[i]);
      std::printf(")");
    }
    std::printf("\n");
  }
}

}  // namespace bench
