// summary.csv: every end state's rate with its interval (so that one file says how every
// trial ended), each figure's population (n and its share of the trials), and no duration
// figure under kMinMeasured trials.
#include <catch2/catch.hpp>

#include <map>
#include <string>

#include "analysis/csv.h"
#include "analysis/report.h"
#include "tests/support.h"

using namespace leth;

namespace {

// Indices into test::test_metrics().
enum : uint16_t { kDiedCombat, kDiedDying, kRecovered, kUnresolvedDying, kLostMadness };
enum : size_t { kDowntimeAt, kOutOfActionAt, kTimeToDeathAt };

struct Summary {
  CsvTable table;
  // (variant, metric) -> row
  std::map<std::pair<std::string, std::string>, size_t> rows;
};

Summary summary_of(const RunInfo& info, const RunTally& t) {
  std::string text;
  for (const auto& [name, contents] : csv_files(info, t))
    if (name == "summary.csv") text = contents;
  Summary s{CsvTable::parse(text, "summary.csv"), {}};
  for (size_t i = 0; i < s.table.rows(); ++i)
    s.rows[{s.table.at(i, "variant"), s.table.at(i, "metric")}] = i;
  return s;
}

}  // namespace

TEST_CASE("summary.csv: every end's rate, each figure's population, nothing under the floor",
          "[report][csv]") {
  RunInfo info;
  info.scenario = "ends";
  info.ruleset = "test";
  info.variants = {"baseline"};
  info.variant_descriptions = {""};
  info.metrics = test::test_metrics();
  RunTally t({"v", "ends", "ab", "test", 1, info.variants}, info.metrics);
  // 100 trials: 60 recover after 1 h, 20 are still dying at the horizon, 10 die in combat at
  // 6 s, 10 go mad. Only ten deaths: time_to_death is under the floor.
  for (uint64_t i = 0; i < 100; ++i) {
    Outcome o;
    if (i < 60) {
      o.end = kRecovered;
      o.measure(kDowntimeAt, 3600);
    } else if (i < 80) {
      o.end = kUnresolvedDying;
    } else if (i < 90) {
      o.end = kDiedCombat;
      o.measure(kTimeToDeathAt, 6);
    } else {
      o.end = kLostMadness;
    }
    t.variants[0].add(o, 1, i);
    const Outcome one[] = {o};
    t.add_pairs(one);
  }
  t.ranges.add(0, 100);
  const Summary s = summary_of(info, t);
  auto at = [&](const std::string& metric, const std::string& column) {
    const auto it = s.rows.find({"baseline", metric});
    REQUIRE(it != s.rows.end());
    return s.table.at(it->second, column);
  };
  CHECK(at("death_rate", "estimate") == "0.1");
  CHECK(at("death_rate_combat", "estimate") == "0.1");
  CHECK(at("death_rate_dying", "estimate") == "0");
  CHECK(at("lost_rate_madness", "estimate") == "0.1");
  CHECK(at("recovered_rate", "estimate") == "0.6");
  CHECK(at("unresolved_rate", "estimate") == "0.2");
  // The unresolved end by its detail, with its interval, as in end_states.csv.
  CHECK(at("unresolved_rate_dying", "estimate") == "0.2");
  CHECK(std::stod(at("unresolved_rate_dying", "ci_low")) < 0.2);
  CHECK(std::stod(at("unresolved_rate_dying", "ci_high")) > 0.2);
  // Rates are over every trial; a duration over the trials that measured it.
  CHECK(at("death_rate", "n") == "100");
  CHECK(at("death_rate", "share_of_trials") == "1");
  CHECK(at("downtime_median_s", "n") == "60");
  CHECK(at("downtime_median_s", "share_of_trials") == "0.6");
  CHECK(at("downtime_median_s", "estimate") == "3600");
  CHECK(at("downtime_median_s", "estimate_text") == "1 h");
  // Ten deaths: no time to death, and the text says why; n and its share stay.
  for (const char* m : {"time_to_death_mean_s", "time_to_death_median_s", "time_to_death_p90_s",
                        "time_to_death_p99_s"}) {
    INFO(m);
    CHECK(at(m, "estimate").empty());
    CHECK(at(m, "ci_low").empty());
    CHECK(at(m, "estimate_h").empty());
    CHECK(at(m, "n") == "10");
    CHECK(at(m, "share_of_trials") == "0.1");
    CHECK(at(m, "estimate_text") == "not estimable (n = 10 < 30)");
  }
  CHECK(at("time_out_of_action_median_s", "estimate_text") == "none measured");
}
