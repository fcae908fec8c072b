// Tallies shaped by a model's declared metrics: counting outcomes, merging in any order, the
// JSON checkpoint form and its validation, equality, the paired (common random numbers)
// counters, the identity and trial ranges that refuse a wrong merge, and counts far beyond 2^32.
#include <catch2/catch.hpp>

#include <cstdint>
#include <stdexcept>
#include <vector>

#include "analysis/tally.h"
#include "sim/core/stream.h"
#include "tests/support.h"

using namespace leth;
using leth::test::test_metrics;

namespace {

// Indices into test_metrics().
enum : uint16_t { kDiedCombat, kDiedDying, kRecovered, kStillDying, kLostMadness };
enum : size_t { kKnockedOut, kResuscitated };
enum : size_t { kDowntime_, kOutOfAction_, kTimeToDeath_ };
enum : uint16_t { kScar, kStrengthLoss, kLostEye };

Outcome died(uint16_t end, Seconds t, uint32_t ko = 1) {
  Outcome o;
  o.end = end;
  o.end_time = t;
  o.measure(kTimeToDeath_, t);
  if (ko) o.count(kKnockedOut, ko);
  return o;
}

Outcome recovered(Seconds t, uint32_t ko = 0) {
  Outcome o;
  o.end = kRecovered;
  o.end_time = t;
  o.measure(kDowntime_, t);
  if (ko) {
    o.count(kKnockedOut, ko);
    o.measure(kOutOfAction_, t / 2);
  }
  return o;
}

// A random outcome, drawn from a fixed stream (for merge and round-trip tests).
Outcome random_outcome(Stream& s) {
  Outcome o;
  switch (s.below(4)) {
    case 0:
      o = died(static_cast<uint16_t>(s.below(2)), static_cast<Seconds>(s.below(100000)),
               static_cast<uint32_t>(s.below(3)));
      break;
    case 1:
      o = recovered(static_cast<Seconds>(s.below(uint64_t{1} << s.below(30))),
                    static_cast<uint32_t>(s.below(2)));
      break;
    case 2:
      o.end = kStillDying;
      o.end_time = 30 * kDay;
      break;
    default:
      o.end = kLostMadness;
      o.end_time = static_cast<Seconds>(s.below(kWeek));
      if (s.chance(0.3)) o.count(kResuscitated);
      break;
  }
  const uint64_t kinds = s.below(4);
  for (uint64_t i = 0; i < kinds; ++i) {
    const auto id = static_cast<uint16_t>(s.below(3));
    o.add_sequela(id, id == kStrengthLoss ? -static_cast<int32_t>(1 + s.below(3)) : 0,
                  static_cast<uint16_t>(1 + s.below(2)));
  }
  return o;
}

Tally random_tally(uint64_t seed, int n) {
  Tally t(test_metrics());
  TrialRng rng(seed, 0);
  Stream s = rng.stream(Purpose::Test);
  for (int i = 0; i < n; ++i) t.add(random_outcome(s), s.below(100), static_cast<uint64_t>(i));
  return t;
}

TallyIdentity identity(uint64_t seed = 7) {
  return {"0.2.0", "ambush", "ab12cd", "pf2", seed, {"baseline", "player-core"}};
}

RunTally run_part(uint64_t first, uint64_t count, uint64_t seed = 7) {
  RunTally r(identity(seed), test_metrics());
  TrialRng rng(seed, first);
  Stream s = rng.stream(Purpose::Test);
  for (uint64_t i = 0; i < count; ++i) {
    const Outcome b = random_outcome(s), v = random_outcome(s);
    r.variants[0].add(b, 10, first + i);
    r.variants[1].add(v, 12, first + i);
    const Outcome both[] = {b, v};
    r.add_pairs(both);
  }
  r.ranges.add(first, first + count);
  return r;
}

}  // namespace

TEST_CASE("tally: each outcome lands in its declared counters", "[tally]") {
  Tally t(test_metrics());
  REQUIRE(t.ends.size() == 5);
  REQUIRE(t.durations.size() == 3);
  t.add(died(kDiedCombat, 12, 2), 40, 0);
  t.add(died(kDiedDying, 600), 10, 1);
  t.add(recovered(6 * kHour, 1), 7, 2);
  t.add(recovered(0), 3, 3);
  Outcome lost;
  lost.end = kLostMadness;
  lost.count(kResuscitated);
  lost.add_sequela(kStrengthLoss, -2);
  lost.add_sequela(kStrengthLoss, -1);
  lost.add_sequela(kScar);
  t.add(lost, 0, 4);
  CHECK(t.trials == 5);
  CHECK(t.draws == 60);
  CHECK(t.ends == std::vector<uint64_t>{1, 1, 2, 0, 1});
  CHECK(t.ends_in(test_metrics().end_mask(EndKind::Died)) == 2);
  CHECK(t.counter_trials == std::vector<uint64_t>{3, 1});
  CHECK(t.counter_total == std::vector<uint64_t>{4, 1});
  CHECK(t.durations[kDowntime_].count() == 2);
  CHECK(t.durations[kOutOfAction_].count() == 1);
  CHECK(t.durations[kOutOfAction_].sum() == 3 * kHour);
  CHECK(t.durations[kTimeToDeath_].sum() == 612);
  CHECK(t.sequela_trials == std::vector<uint64_t>{1, 1, 0});
  CHECK(t.sequela_total == std::vector<uint64_t>{1, 2, 0});
  CHECK(t.sequela_magnitude == std::vector<int64_t>{0, -3, 0});
  CHECK(t.end_examples == Tally::Examples{{0}, {1}, {2, 3}, {}, {4}});
  CHECK(t.counter_examples == Tally::Examples{{0, 1, 2}, {4}});
  CHECK(t.sequela_examples == Tally::Examples{{4}, {4}, {}});
  CHECK_NOTHROW(t.check());
}

TEST_CASE("tally: sequelae beyond the distinct kinds an outcome holds are counted", "[tally]") {
  Outcome o;
  for (uint16_t id = 0; id < Outcome::kMaxSequelae + 3; ++id) o.add_sequela(id);
  CHECK(o.sequela_kinds == Outcome::kMaxSequelae);
  CHECK(o.sequela_overflow == 3);
}

TEST_CASE("tally: merging parts in any order equals tallying the whole", "[tally]") {
  Tally whole(test_metrics());
  std::vector<Tally> parts;
  TrialRng rng(5, 0);
  Stream s = rng.stream(Purpose::Test);
  for (int p = 0; p < 6; ++p) {
    parts.emplace_back(test_metrics());
    for (int i = 0; i < 300; ++i) {
      const Outcome o = random_outcome(s);
      const uint64_t trial = static_cast<uint64_t>(p * 300 + i);
      whole.add(o, 4, trial);
      parts.back().add(o, 4, trial);
    }
  }
  Tally forward(test_metrics()), backward(test_metrics());
  for (const Tally& p : parts) forward.merge(p);
  for (auto it = parts.rbegin(); it != parts.rend(); ++it) backward.merge(*it);
  CHECK(forward == whole);
  CHECK(backward == whole);
  Tally other_shape;  // a tally of another declaration does not merge
  CHECK_THROWS_AS(forward.merge(other_shape), TallyMismatch);
}

TEST_CASE("tally: JSON round trip, and a checkpoint that does not add up is refused", "[tally]") {
  const Tally t = random_tally(9, 2000);
  const nlohmann::json j = t.to_json();
  for (const char* key :
       {"trials", "draws", "ends", "counter_trials", "counter_total", "durations", "sequela_trials",
        "sequela_total", "sequela_magnitude", "sequela_overflow"})
    CHECK(j.contains(key));
  const Tally back = Tally::from_json(nlohmann::json::parse(j.dump()));
  CHECK(back == t);
  CHECK(back.to_json().dump() == j.dump());

  nlohmann::json bad = j;
  bad["trials"] = t.trials + 1;
  CHECK_THROWS_WITH(Tally::from_json(bad),
                    Catch::Contains("ends add up to 2000, not to 2001 trials"));
  bad = j;
  bad["counter_trials"][0] = t.trials + 5;
  CHECK_THROWS_AS(Tally::from_json(bad), TallyMismatch);
  bad = j;
  bad.erase("draws");
  CHECK_THROWS_AS(Tally::from_json(bad), TallyMismatch);
}

TEST_CASE("tally: equality sees a change in any field", "[tally]") {
  const Tally t = random_tally(11, 500);
  int fields = 0;
  Tally::fields([&](const char*, const auto&) { ++fields; }, t);
  CHECK(fields == 27);
  Tally u = t;
  CHECK(u == t);
  u.left_after.push_back(1);  // a campaign's life table (empty here)
  CHECK_FALSE(u == t);
  u = t;
  u.lasting_sq.push_back(1);  // what a campaign's survivors carry
  CHECK_FALSE(u == t);
  u = t;
  ++u.lasting_merged;
  CHECK_FALSE(u == t);
  u = t;
  u.member_died_in.push_back(1);  // a party campaign's life table per member
  CHECK_FALSE(u == t);
  u = t;
  u.member_left_after.push_back(1);
  CHECK_FALSE(u == t);
  u = t;
  u.member_retired.push_back(1);  // and its members retired
  CHECK_FALSE(u == t);
  u = t;
  u.member_death_mask = 1;
  CHECK_FALSE(u == t);
  u = t;
  u.sequela_magnitude[1] -= 1;
  CHECK_FALSE(u == t);
  u = t;
  u.durations[kOutOfAction_].add(5);
  CHECK_FALSE(u == t);
  u = t;
  ++u.draws;
  CHECK_FALSE(u == t);
}

TEST_CASE("tally: a sequela of a trial that ended in death is not a survivor's", "[tally]") {
  // sequelae.csv's rate_survivors is over the trials that did not end in death: its numerator
  // too (it once took every trial with the sequela, deaths included: a flux character who
  // woke with one and died in a second coma counted as a survivor who kept it).
  Tally t(test_metrics());
  Outcome a = died(kDiedCombat, 6);
  a.add_sequela(1, -1, 1);
  Outcome b = recovered(100);
  b.add_sequela(1, -1, 1);
  t.add(a, 0, 0);
  t.add(b, 0, 1);
  t.add(recovered(50), 0, 2);
  CHECK(t.sequela_trials[1] == 2);
  CHECK(t.sequela_trials_lived[1] == 1);
  Tally u(test_metrics());
  u.add(a, 0, 3);
  u.merge(t);
  CHECK(u.sequela_trials_lived[1] == 1);
  CHECK(u.died_mask == t.died_mask);  // merged, not summed
  CHECK(Tally::from_json(u.to_json()) == u);
  nlohmann::json bad = u.to_json();
  bad["sequela_trials_lived"][1] = 5;  // more than the trials with it
  CHECK_THROWS_AS(Tally::from_json(bad), TallyMismatch);
}

TEST_CASE("paired tally: discordant deaths and counters, differences of durations", "[tally]") {
  PairedTally p(test_metrics());
  p.add(died(kDiedCombat, 6), recovered(100, 1));    // only the baseline died; both KO
  p.add(recovered(100), recovered(160, 1));          // downtime +60; KO only in the variant
  p.add(recovered(50, 1), died(kDiedDying, 30, 0));  // only the variant died; KO only in base
  p.add(recovered(10, 1), recovered(10, 1));
  CHECK(p.n == 4);
  CHECK(p.only_baseline_died == 1);
  CHECK(p.only_variant_died == 1);
  CHECK(p.only_baseline_counter[kKnockedOut] == 1);
  CHECK(p.only_variant_counter[kKnockedOut] == 1);
  CHECK(p.only_baseline_counter[kResuscitated] + p.only_variant_counter[kResuscitated] == 0);
  CHECK(p.both_measured[kDowntime_] == 2);
  CHECK(p.diff_sum[kDowntime_] == 60);
  CHECK(p.diff_sq[kDowntime_] == 3600);
  CHECK(p.both_measured[kOutOfAction_] == 1);
  CHECK(p.both_measured[kTimeToDeath_] == 0);
  // Knockouts, variant - baseline, by trial: 0, +1, -1, 0 (a counter's mean difference).
  CHECK(p.counter_diff_sum[kKnockedOut] == 0);
  CHECK(p.counter_diff_sq[kKnockedOut] == 2);
  CHECK(p.counter_diff_sum[kResuscitated] == 0);
  CHECK(p.counter_diff_sq[kResuscitated] == 0);
  PairedTally q(test_metrics());
  q.add(recovered(10, 1), died(kDiedCombat, 5, 4));  // +3
  q.add(recovered(10, 2), recovered(10, 0));          // -2
  CHECK(q.counter_diff_sum[kKnockedOut] == 1);
  CHECK(q.counter_diff_sq[kKnockedOut] == 13);
  CHECK(q.reversed().counter_diff_sum[kKnockedOut] == -1);
  CHECK(q.reversed().counter_diff_sq[kKnockedOut] == 13);
  CHECK(PairedTally::from_json(nlohmann::json::parse(p.to_json().dump())) == p);
}

TEST_CASE("tally: a counter's squares give its mean an interval", "[tally]") {
  Tally t(test_metrics());
  t.add(recovered(10, 3), 0, 0);
  t.add(recovered(10, 1), 0, 1);
  t.add(recovered(10, 0), 0, 2);
  t.add(died(kDiedCombat, 5, 2), 0, 3);
  CHECK(t.counter_total[kKnockedOut] == 6);
  CHECK(t.counter_sq[kKnockedOut] == 14);
  t.check();
  nlohmann::json bad = t.to_json();
  bad["counter_sq"][kKnockedOut] = "5";  // below the sum: a count of 1 squares to 1, more to more
  CHECK_THROWS_AS(Tally::from_json(bad), TallyMismatch);
}

TEST_CASE("paired tally: a variant identical to the baseline differs by exactly nothing",
          "[tally]") {
  PairedTally p(test_metrics());
  TrialRng rng(13, 0);
  Stream s = rng.stream(Purpose::Test);
  for (int i = 0; i < 5000; ++i) {
    const Outcome o = random_outcome(s);
    p.add(o, o);
  }
  CHECK(p.only_baseline_died + p.only_variant_died == 0);
  for (size_t c = 0; c < 2; ++c) {
    CHECK(p.only_baseline_counter[c] + p.only_variant_counter[c] == 0);
    CHECK(p.counter_diff_sum[c] == 0);
    CHECK(p.counter_diff_sq[c] == 0);
  }
  for (size_t d = 0; d < 3; ++d) {
    CHECK(p.diff_sum[d] == 0);
    CHECK(p.diff_sq[d] == 0);
  }
  CHECK(p.both_measured[kDowntime_] > 500);
}

TEST_CASE("paired tally: sequelae discordant by trial, and the pair seen from the other side",
          "[tally]") {
  PairedTally p(test_metrics());
  Outcome scarred = recovered(100), maimed = recovered(300);
  scarred.add_sequela(kScar);
  scarred.add_sequela(kStrengthLoss, -1);
  maimed.add_sequela(kStrengthLoss, -2);
  maimed.add_sequela(kStrengthLoss, -1);  // twice in one trial: still one trial
  maimed.add_sequela(kLostEye);
  p.add(scarred, maimed);  // scar in the baseline only; eye in the variant only; strength both
  p.add(maimed, recovered(50));
  CHECK(p.only_baseline_sequela == std::vector<uint64_t>{1, 1, 1});
  CHECK(p.only_variant_sequela == std::vector<uint64_t>{0, 0, 1});
  const PairedTally r = p.reversed();
  CHECK(r.only_baseline_sequela == p.only_variant_sequela);
  CHECK(r.only_variant_sequela == p.only_baseline_sequela);
  CHECK(r.diff_sum[kDowntime_] == -p.diff_sum[kDowntime_]);
  CHECK(p.diff_sum[kDowntime_] == 200 - 250);
  CHECK(r.diff_sq == p.diff_sq);
  CHECK(r.reversed() == p);
  // Reversing is the same as tallying the other way round.
  PairedTally q(test_metrics());
  q.add(maimed, scarred);
  q.add(recovered(50), maimed);
  CHECK(q == r);
}

TEST_CASE("run tally: every pair of variants is tallied once, on the same trials", "[tally]") {
  // Four variants: (0,v) at v, then (1,2), (1,3), (2,3).
  CHECK(RunTally::pair_count(1) == 1);
  CHECK(RunTally::pair_count(2) == 2);
  CHECK(RunTally::pair_count(4) == 7);
  CHECK(RunTally::pair_slot(0, 3, 4) == 3);
  CHECK(RunTally::pair_slot(1, 2, 4) == 4);
  CHECK(RunTally::pair_slot(1, 3, 4) == 5);
  CHECK(RunTally::pair_slot(2, 3, 4) == 6);
  CHECK(RunTally::pair_slot(3, 4, 6) == 5 + 4 + 3 + 0 + 1);
  CHECK_THROWS(RunTally::pair_slot(2, 2, 4));
  TallyIdentity id = identity();
  id.variants = {"baseline", "a", "b", "c"};
  RunTally t(id, test_metrics());
  REQUIRE(t.paired.size() == 7);
  TrialRng rng(5, 0);
  Stream s = rng.stream(Purpose::Test);
  std::vector<PairedTally> direct(16, PairedTally(test_metrics()));  // [ref * 4 + var]
  for (int i = 0; i < 2000; ++i) {
    Outcome out[4];
    for (Outcome& o : out) o = random_outcome(s);
    out[3] = out[1];  // c behaves exactly like a
    t.add_pairs(out);
    for (size_t a = 0; a < 4; ++a)
      for (size_t b = 0; b < 4; ++b)
        if (a != b) direct[a * 4 + b].add(out[a], out[b]);
  }
  for (const PairedTally& p : t.paired) CHECK(p.n == 2000);
  for (size_t a = 0; a < 4; ++a)
    for (size_t b = 0; b < 4; ++b)
      if (a != b) {
        INFO(a << " vs " << b);
        CHECK(t.pair(a, b) == direct[a * 4 + b]);
      }
  const PairedTally same = t.pair(1, 3);
  CHECK(same.only_baseline_died + same.only_variant_died == 0);
  CHECK((same.diff_sq == std::vector<u128>(3, 0)));
  CHECK(t.pair(2, 1).only_baseline_died > 0);
  CHECK_THROWS_AS(t.pair(2, 2), std::invalid_argument);
}

TEST_CASE("run tally: parts of one run merge in any order, and JSON round-trips", "[tally]") {
  const RunTally a = run_part(0, 300), b = run_part(300, 200), c = run_part(1000, 50);
  RunTally x = a, y = c;
  x.merge(b);
  x.merge(c);
  y.merge(b);
  y.merge(a);
  CHECK(x.trials() == 550);
  CHECK(x.ranges.text() == "[0, 500) [1000, 1050)");
  CHECK(x.ranges == y.ranges);
  CHECK(x.variants[1] == y.variants[1]);
  CHECK(x.paired[1] == y.paired[1]);
  const nlohmann::json j = x.to_json();
  const RunTally back = RunTally::from_json(nlohmann::json::parse(j.dump()));
  CHECK(back.identity == x.identity);
  CHECK(back.to_json().dump() == j.dump());
  // An empty tally of the same run is the identity.
  RunTally e(identity(), test_metrics());
  e.merge(x);
  CHECK(e.to_json().dump() == j.dump());
}

TEST_CASE("run tally: two runs of different seeds refuse to merge", "[tally][identity]") {
  RunTally a = run_part(0, 100, 7);
  const RunTally other = run_part(100, 100, 8);
  CHECK_THROWS_WITH(a.merge(other), "refusing to merge tallies of different runs: seed 7 vs 8");
  CHECK(a.trials() == 100);  // untouched
  RunTally renamed = run_part(100, 100, 7);
  renamed.identity.variants[1] = "flat-check";
  CHECK_THROWS_WITH(a.merge(renamed), Catch::Contains("variants baseline,player-core vs "
                                                      "baseline,flat-check"));
  RunTally edited = run_part(100, 100, 7);
  edited.identity.scenario_sha256 = "ffff";
  CHECK_THROWS_WITH(a.merge(edited), Catch::Contains("scenario file sha256"));
}

TEST_CASE("run tally: a range merged twice is refused", "[tally][identity]") {
  RunTally a = run_part(0, 1024);
  const RunTally b = run_part(1024, 1024);
  a.merge(b);
  CHECK_THROWS_WITH(a.merge(b),
                    "trials [1024, 2048) overlap trials [0, 2048) already counted: "
                    "the same trials would be counted twice");
  CHECK_THROWS_AS(a.merge(run_part(2000, 100)), TallyMismatch);  // a partial overlap
  CHECK(a.trials() == 2048);
  CHECK(a.variants[0].trials == 2048);  // a refused merge changes nothing
  TrialRanges r;
  r.add(10, 20);
  r.add(0, 10);
  r.add(30, 40);
  r.add(20, 30);
  CHECK(r.ranges().size() == 1);
  CHECK(r.total() == 40);
  CHECK_THROWS_AS(r.add(39, 41), TallyMismatch);
}

TEST_CASE("run tally: a checkpoint whose counts disagree with its ranges is refused",
          "[tally][identity]") {
  const nlohmann::json j = run_part(0, 100).to_json();
  nlohmann::json bad = j;
  bad["ranges"][0][1] = 101;
  CHECK_THROWS_WITH(RunTally::from_json(bad),
                    Catch::Contains("variant baseline counts 100 trials, the ranges 101"));
  bad = j;
  bad["paired"].erase(1);
  CHECK_THROWS_AS(RunTally::from_json(bad), TallyMismatch);
  bad = j;
  bad["identity"].erase("seed");
  CHECK_THROWS_AS(RunTally::from_json(bad), TallyMismatch);
}

TEST_CASE("tally: counts of 10^12 trials merge and round-trip exactly", "[tally][overflow]") {
  // Synthetic shards of 10^12 trials: every ten-year recovery, a quarter of them dying first.
  constexpr uint64_t kTrials = 1000000000000ULL;
  constexpr uint64_t kTenYears = 315360000;
  Tally shard(test_metrics());
  shard.trials = kTrials;
  shard.ends = {kTrials / 8, kTrials / 8, kTrials / 2, kTrials / 8, kTrials / 8};
  shard.counter_trials = {kTrials, kTrials / 2};
  shard.counter_total = {3 * kTrials, kTrials / 2};
  shard.counter_sq = {9 * u128{kTrials}, kTrials / 2};  // 3 knockouts a trial; 1 each
  shard.durations[kDowntime_].add_many(kTenYears, kTrials / 2);
  shard.durations[kTimeToDeath_].add_many(kTenYears - 1, kTrials / 4);
  shard.sequela_trials = {kTrials / 3, kTrials / 3, 0};
  shard.sequela_total = {kTrials, kTrials / 3, 0};
  shard.sequela_magnitude = {0, -2 * static_cast<int64_t>(kTrials / 3), 0};
  shard.draws = 50 * kTrials;
  // The first trials of each kind (synthetic: the same five wherever there are any).
  auto first_five = [](Tally::Examples& ex, const std::vector<uint64_t>& counts) {
    for (size_t i = 0; i < ex.size(); ++i)
      if (counts[i] > 0) ex[i] = {0, 1, 2, 3, 4};
  };
  first_five(shard.end_examples, shard.ends);
  first_five(shard.counter_examples, shard.counter_trials);
  first_five(shard.sequela_examples, shard.sequela_trials);
  REQUIRE_NOTHROW(shard.check());

  Tally all(test_metrics());
  for (int i = 0; i < 8; ++i)
    all.merge(Tally::from_json(nlohmann::json::parse(shard.to_json().dump())));
  CHECK(all.trials == 8 * kTrials);
  CHECK(all.ends_in(test_metrics().end_mask(EndKind::Died)) == 2 * kTrials);
  CHECK(all.draws == 400 * kTrials);  // 4e14
  CHECK(all.counter_sq[kKnockedOut] == 72 * u128{kTrials});
  const LogHistogram& down = all.durations[kDowntime_];
  CHECK(down.count() == 4 * kTrials);
  CHECK(down.sum() == u128{kTenYears} * 4 * kTrials);
  CHECK(down.sum_squares() == u128{kTenYears} * kTenYears * 4 * kTrials);
  CHECK(all.durations[kTimeToDeath_].sum() == u128{kTenYears - 1} * 2 * kTrials);
  CHECK(all.sequela_magnitude[kStrengthLoss] == -16 * static_cast<int64_t>(kTrials / 3));
  CHECK(down.mean() == static_cast<double>(kTenYears));
  CHECK(Tally::from_json(nlohmann::json::parse(all.to_json().dump())) == all);

  PairedTally p(test_metrics());
  p.n = kTrials;
  p.both_measured[kDowntime_] = kTrials;
  p.diff_sum[kDowntime_] = -static_cast<i128>(u128{kTenYears} * kTrials);
  p.diff_sq[kDowntime_] = u128{kTenYears} * kTenYears * kTrials;
  PairedTally q = PairedTally::from_json(nlohmann::json::parse(p.to_json().dump()));
  CHECK(q == p);
  q.merge(p);
  CHECK(q.diff_sum[kDowntime_] == -2 * static_cast<i128>(u128{kTenYears} * kTrials));
  CHECK(to_string_i128(q.diff_sum[kDowntime_]) == "-630720000000000000000");
  CHECK(to_string_u128(q.diff_sq[kDowntime_]) == "198903859200000000000000000000");
}

TEST_CASE("tally: the examples are the first trials of each kind, whatever the merge order",
          "[tally][examples]") {
  Tally late(test_metrics()), early(test_metrics());
  for (uint64_t trial : {900, 400, 700, 300, 800, 500, 600}) late.add(recovered(10), 1, trial);
  for (uint64_t trial : {50, 20}) early.add(recovered(10), 1, trial);
  CHECK(late.end_examples[kRecovered] == std::vector<uint64_t>{300, 400, 500, 600, 700});
  Tally a = late, b = early;
  a.merge(early);
  b.merge(late);
  CHECK(a == b);
  CHECK(a.end_examples[kRecovered] == std::vector<uint64_t>{20, 50, 300, 400, 500});
  nlohmann::json j = a.to_json();
  j["end_examples"][kRecovered] = {50, 20, 300, 400, 500};  // not sorted: a corrupt checkpoint
  CHECK_THROWS_WITH(Tally::from_json(j), Catch::Contains("end examples do not match"));
}

TEST_CASE("tally: a campaign's survivors carry the lasting injuries taken by then", "[tally][campaign]") {
  // Five adventures. Outcome::lasting holds the adventures that added lasting injuries; a
  // survivor of adventure k counts those of adventures 1..k, a death's own adventure none.
  MetricSpec m = test_metrics();
  m.adventures = 5;
  Tally t(m);
  Outcome a = recovered(100);  // lived all 5: 1 in adventure 2, 2 more in 4
  a.adventures = 5;
  a.add_lasting(2, 1);
  a.add_lasting(4, 2);
  Outcome b = died(kDiedCombat, 6);  // died in adventure 3, having taken 1 in 1 and 1 in 3
  b.adventures = 2;
  b.add_lasting(1, 1);
  b.add_lasting(3, 1);
  Outcome c = recovered(50);  // left after 3 (retired, say), 2 taken in 3
  c.adventures = 3;
  c.add_lasting(3, 2);
  t.add(a, 0, 0);
  t.add(b, 0, 1);
  t.add(c, 0, 2);
  t.add(died(kDiedDying, 9), 0, 3);  // died in adventure 1, nothing taken
  // By k: survivors a,b,c (k = 1), a,b,c (2), a,c (3), a (4, 5).
  CHECK(t.lasting_holders == std::vector<uint64_t>{0, 1, 2, 2, 1, 1});
  CHECK(t.lasting_sum == std::vector<uint64_t>{0, 1, 2, 3, 3, 3});
  CHECK(t.lasting_sq == std::vector<u128>{0, 1, 2, 5, 9, 9});
  CHECK(t.lasting_merged == 0);
  CHECK(t.died_in == std::vector<uint64_t>{0, 1, 0, 1, 0, 0});
  CHECK(t.died_in_examples == Tally::Examples{{}, {3}, {}, {1}, {}, {}});
  t.check();
  CHECK(Tally::from_json(t.to_json()) == t);
  // Merged in another order, the same counts.
  Tally u(m), w(m);
  u.add(c, 0, 2);
  u.add(died(kDiedDying, 9), 0, 3);
  w.add(b, 0, 1);
  w.add(a, 0, 0);
  u.merge(w);
  CHECK(u == t);
  // More holders than survivors, or a sum below its holders, is a damaged checkpoint.
  nlohmann::json bad = t.to_json();
  bad["lasting_holders"][4] = 2;  // only a lived through adventure 4
  CHECK_THROWS_AS(Tally::from_json(bad), TallyMismatch);
  bad = t.to_json();
  bad["lasting_sum"][2] = 1;
  CHECK_THROWS_AS(Tally::from_json(bad), TallyMismatch);
  bad = t.to_json();
  bad["died_in_examples"][3] = nlohmann::json::array();
  CHECK_THROWS_AS(Tally::from_json(bad), TallyMismatch);
}

TEST_CASE("tally: past the steps an outcome records, later lasting injuries join the last",
          "[tally][campaign]") {
  Outcome o;
  for (uint16_t k = 1; k <= Outcome::kMaxLastingSteps + 3; ++k) o.add_lasting(k, 1);
  CHECK(o.lasting_steps == Outcome::kMaxLastingSteps);
  CHECK(o.lasting_merged);
  CHECK(o.lasting[Outcome::kMaxLastingSteps - 1].count == 4);  // its own and the 3 after
  MetricSpec m = test_metrics();
  m.adventures = 40;
  Tally t(m);
  o.end = kRecovered;
  o.adventures = 40;
  t.add(o, 0, 0);
  CHECK(t.lasting_merged == 1);
  CHECK(t.lasting_sum[31] == 31);
  CHECK(t.lasting_sum[32] == 35);  // counted from the 32nd on: all 35
  CHECK(t.lasting_sum[40] == 35);
  t.check();
}
