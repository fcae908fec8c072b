// A console reporter that also keeps each run's time per trial, wall clock and CPU, by
// benchmark function, so a program can print the engine / peer ratio of one run after its
// benchmarks (bench/bench_peer.cpp, bench/bench_party.cpp). CPU time leaves out the time
// another process held the core (the VM's cores are shared). Skipped runs are left out.
#pragma once

#include <benchmark/benchmark.h>

#include <cstdint>
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

}  // namespace bench
