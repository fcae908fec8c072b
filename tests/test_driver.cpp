// The run driver: a fixed schedule of chunks in trial-index space, a hook at each boundary,
// results independent of the chunk size and thread count, and runs resumed from a tally.
#include <csignal>

#include <catch2/catch.hpp>

#include <atomic>
#include <thread>

#include "sim/engine/checkpoint.h"
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
  const auto later = chunk_schedule(DrivePlan{2000, 5000, 1000, 1, 3});
  REQUIRE(later.size() == 1);
  CHECK(later[0] == TrialRanges::Range{4000, 5000});
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

TEST_CASE("driver: the schedule of 10^12 trials is computed, not listed", "[driver]") {
  const uint64_t n = 1'000'000'000'000;
  const auto c = chunk_schedule(DrivePlan{0, n});
  CHECK(c.size() == (n + kChunkTrials - 1) / kChunkTrials);
  CHECK(c[c.size() - 1] == TrialRanges::Range{(c.size() - 1) * kChunkTrials, n});
  CHECK(c.trials() == n);
  CHECK(c.index_of(n - 1) == c.size() - 1);
  CHECK(c.index_of(n) == ChunkSchedule::npos);
  // A shard's: its chunks, their trials and where a trial falls.
  const auto s = chunk_schedule(DrivePlan{0, 7000, 1000, 1, 3});
  CHECK(s.trials() == 2000);
  CHECK(s.index_of(4500) == 1);
  CHECK(s.index_of(2500) == ChunkSchedule::npos);
  const auto cut = chunk_schedule(DrivePlan{1500, 3700, 1000, 1, 3});  // [1500, 5200)
  REQUIRE(cut.size() == 2);
  CHECK(cut[0] == TrialRanges::Range{1500, 2000});
  CHECK(cut[1] == TrialRanges::Range{4000, 5000});
  CHECK(cut.trials() == 1500);
  uint64_t listed = 0;
  for (const auto& [lo, hi] : cut) listed += hi - lo;
  CHECK(listed == cut.trials());
}

TEST_CASE(
    "driver: a stop inside a chunk keeps exactly the trials run, and continuing it "
    "gives the uninterrupted tally",
    "[driver]") {
  const LoadedScenario ls = load_scenario(test::source_path(kScenario));
  const DrivePlan plan{0, 5 * kChunkTrials};
  const RunTally whole = drive(ls, 9, plan);
  for (int threads : {1, 2}) {
    ThreadLimit limit(threads);
    std::atomic<uint64_t> done{0};
    std::atomic<int> stop{0};
    std::vector<uint64_t> seen;  // the trials at each boundary the hook sees
    auto hook = [&](const RunTally& t) {
      seen.push_back(t.trials());
      return true;
    };
    // Stopped from another thread once a chunk and a half has run, as a signal would.
    std::thread stopper([&] {
      while (done.load() < kChunkTrials + kChunkTrials / 2) std::this_thread::yield();
      stop = SIGTERM;
    });
    const RunTally part = drive(ls, 9, plan, hook, &done, &stop);
    stopper.join();
    INFO("threads " << threads << ": stopped with " << part.ranges.text());
    CHECK(part.trials() < whole.trials());
    CHECK(part.trials() == done.load());  // every trial run is in the tally, and only those
    CHECK(seen.front() == kChunkTrials);  // the hook saw the boundaries passed, no other
    // The rest, as a resumed run does it: the interrupted chunk's missing trials first.
    Checkpoint c;
    c.trials_planned = plan.count;
    c.tally = part;
    const DrivePlan rest = c.rest();
    std::vector<uint64_t> after;
    const RunTally resumed = drive(ls, 9, part, rest, [&](const RunTally& t) {
      after.push_back(t.trials());
      return true;
    });
    CHECK(resumed.to_json() == whole.to_json());
    // The boundaries a resumed run sees are those an uninterrupted run would have seen.
    seen.insert(seen.end(), after.begin(), after.end());
    CHECK(seen == std::vector<uint64_t>{1 * kChunkTrials, 2 * kChunkTrials, 3 * kChunkTrials,
                                        4 * kChunkTrials, 5 * kChunkTrials});
  }
}
