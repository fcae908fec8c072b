// A console reporter that also keeps each run's time per item (from items_per_second), by
// benchmark name with its arguments ("BM_OneRun/4"), so a program can print ratios of one run
// after its benchmarks (bench_trials.cpp, bench_pairing.cpp, bench_campaign.cpp).
#pragma once

#include <benchmark/benchmark.h>

#include <map>
#include <string>
#include <vector>

namespace bench {

class RatioReporter : public benchmark::ConsoleReporter {
 public:
  std::map<std::string, double> ns_per_item;
  void ReportRuns(const std::vector<Run>& runs) override {
    ConsoleReporter::ReportRuns(runs);
    for (const Run& r : runs) {
      const auto it = r.counters.find("items_per_second");
      if (it != r.counters.end() && it->second.value > 0)
        ns_per_item[r.benchmark_name()] = 1e9 / it->second.value;
    }
  }
};

}  // namespace bench
