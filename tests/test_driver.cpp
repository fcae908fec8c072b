// The run driver: a fixed schedule of chunks in trial-index space, a hook at each boundary,
// results independent of the chunk size and thread count, and runs resumed from a tally.
#include <catch2/catch.hpp>

#include "sim/engine/driver.h"
#include "tests/support.h"

using namespace leth;

namespace {
const std::string kScenario = "scenarios/examples/pf2-lone-fighter-ambush.toml";
}

TEST_CASE("driver: chunk boundaries are multiples of the chunk size", "[driver]") {
  const auto c = chunk_schedule(DrivePlan{1000, 5000, 2048});
  REQUIRE(c.size() == 3);
  CHECK(c[0] == TrialRanges::Range{1000, 2048});
  CHECK(c[1] == TrialRanges::Range{2048, 4096});
  CHECK(c[2] == TrialRanges::Range{4096, 6000});
  CHECK(chunk_schedule(DrivePlan{0, 0, 2048}).empty());
  CHECK_THROWS(chunk_schedule(DrivePlan{0, 10, 0}));
}

TEST_CASE("driver: the same tally whatever the chunk size and thread count", "[driver]") {
  const LoadedScenario ls = load_scenario(test::source_path(kScenario));
  const uint64_t n = 9 * kBlockTrials + 5;
  const RunTally direct = run_trials(ls, 11, 0, n);
  for (uint64_t chunk : {kBlockTrials, 3 * kBlockTrials + 1, kChunkTrials}) {
    for (int threads : {1, 2}) {
      ThreadLimit limit(threads);
      const RunTally t = drive(ls, 11, DrivePlan{0, n, chunk});
      CHECK(t.to_json() == direct.to_json());
    }
  }
}

TEST_CASE("driver: the hook sees every boundary and can stop the run there", "[driver]") {
  const LoadedScenario ls = load_scenario(test::source_path(kScenario));
  std::vector<uint64_t> seen;
  const RunTally t =
      drive(ls, 3, DrivePlan{0, 10 * kBlockTrials, 2 * kBlockTrials}, [&](const RunTally& so_far) {
        seen.push_back(so_far.trials());
        return so_far.trials() < 6 * kBlockTrials;
      });
  CHECK(seen == std::vector<uint64_t>{2048, 4096, 6144});
  CHECK(t.trials() == 6 * kBlockTrials);
  CHECK(t.ranges.text() == "[0, 6144)");
  // Resuming from the stopped tally gives the uninterrupted run, byte for byte.
  const RunTally rest = drive(ls, 3, t, DrivePlan{t.trials(), 4 * kBlockTrials, 2 * kBlockTrials});
  const RunTally whole = drive(ls, 3, DrivePlan{0, 10 * kBlockTrials, 2 * kBlockTrials});
  CHECK(rest.to_json() == whole.to_json());
  // Running the same trials again on top of it is refused.
  CHECK_THROWS_WITH(drive(ls, 3, t, DrivePlan{0, kBlockTrials}),
                    Catch::Contains("would be counted twice"));
  // And so is continuing another seed's run.
  CHECK_THROWS_WITH(drive(ls, 3, run_trials(ls, 4, 0, 10), DrivePlan{10, 10}),
                    Catch::Contains("different runs: seed 4 vs 3"));
}

TEST_CASE("driver: a shard runs chunk i when i mod shards is its index", "[driver]") {
  const auto c = chunk_schedule(DrivePlan{0, 7000, 1000, 1, 3});
  REQUIRE(c.size() == 2);
  CHECK(c[0] == TrialRanges::Range{1000, 2000});
  CHECK(c[1] == TrialRanges::Range{4000, 5000});
  // Counted from trial 0 whatever the first trial: resuming a shard keeps its chunks.
  CHECK(chunk_schedule(DrivePlan{2000, 5000, 1000, 1, 3}) ==
        std::vector<TrialRanges::Range>{{4000, 5000}});
  CHECK_THROWS(chunk_schedule(DrivePlan{0, 10, 5, 3, 3}));
  // The shards' tallies add up to the whole run's.
  const LoadedScenario ls = load_scenario(test::source_path(kScenario));
  const DrivePlan whole{0, 7 * kBlockTrials, 2 * kBlockTrials};
  RunTally sum = empty_tally(ls, 5);
  for (uint64_t k : {2, 0, 1}) {
    DrivePlan p = whole;
    p.shard = k;
    p.shards = 3;
    sum.merge(drive(ls, 5, p));
  }
  CHECK(sum.to_json() == drive(ls, 5, whole).to_json());
}
