// Tallies: counting outcomes, merging in any order, the JSON checkpoint form, equality, the
// paired (common random numbers) counters, and counts far beyond 2^32.
#include <catch2/catch.hpp>

#include <cstdint>
#include <stdexcept>
#include <vector>

#include "analysis/tally.h"
#include "sim/core/stream.h"

using namespace leth;

namespace {

Outcome died(Phase phase, Seconds t, bool ko = true) {
  Outcome o;
  o.end = End::Died;
  o.death_phase = phase;
  o.time = t;
  o.knocked_out = ko;
  return o;
}

Outcome recovered(Seconds t, bool ko = false) {
  Outcome o;
  o.end = End::Recovered;
  o.time = t;
  o.knocked_out = ko;
  return o;
}

Outcome unresolved(uint8_t condition, Seconds horizon) {
  Outcome o;
  o.end = End::Unresolved;
  o.condition = condition;
  o.time = horizon;
  o.knocked_out = true;
  return o;
}

// A random outcome, drawn from a fixed stream (for merge and round-trip tests).
Outcome random_outcome(Stream& s) {
  Outcome o;
  switch (s.below(3)) {
    case 0:
      o = died(static_cast<Phase>(s.below(3)), static_cast<Seconds>(s.below(100000)),
               s.chance(0.8));
      break;
    case 1:
      o = recovered(static_cast<Seconds>(s.below(uint64_t{1} << s.below(30))), s.chance(0.5));
      break;
    default:
      o = unresolved(static_cast<uint8_t>(s.below(3)), 30 * kDay);
      break;
  }
  const uint64_t kinds = s.below(4);
  for (uint64_t i = 0; i < kinds; ++i)
    o.add_sequela(static_cast<uint16_t>(s.below(5)), static_cast<uint16_t>(1 + s.below(3)));
  return o;
}

}  // namespace

TEST_CASE("tally: each outcome lands in its counters", "[tally]") {
  Tally t(3, 5);
  CHECK(t.unresolved_by_condition.size() == 3);
  CHECK(t.sequela_trials.size() == 5);
  CHECK(t.sequela_total.size() == 5);

  t.add(died(Phase::Combat, 12), 40);
  t.add(died(Phase::Dying, 120), 60);
  t.add(died(Phase::Dying, 300, false), 1);
  Outcome r = recovered(7 * kDay, true);
  r.add_sequela(2);
  r.add_sequela(4, 3);
  r.add_sequela(2);
  t.add(r, 100);
  t.add(recovered(kHour), 5);
  t.add(unresolved(1, 30 * kDay), 9);
  t.add(unresolved(1, 30 * kDay), 9);
  t.add(unresolved(2, 30 * kDay), 9);

  CHECK(t.trials == 8);
  CHECK(t.draws == 233);
  CHECK(t.deaths == 3);
  CHECK(t.deaths_by_phase == std::array<uint64_t, kPhaseCount>{1, 2, 0});
  CHECK(t.knocked_out == 6);
  CHECK(t.recovered == 2);
  CHECK(t.unresolved == 3);
  CHECK(t.unresolved_by_condition == std::vector<uint64_t>{0, 2, 1});
  CHECK(t.time_to_death.count() == 3);
  CHECK(t.time_to_death.sum() == 432);
  CHECK(t.downtime.count() == 2);
  CHECK(t.downtime.sum() == 7 * kDay + kHour);
  CHECK(t.sequela_trials == std::vector<uint64_t>{0, 0, 1, 0, 1});
  CHECK(t.sequela_total == std::vector<uint64_t>{0, 0, 2, 0, 3});
  CHECK(t.sequela_overflow == 0);
}

TEST_CASE("tally: sequelae beyond the distinct kinds an outcome holds are counted", "[tally]") {
  Outcome o = recovered(kDay);
  for (uint16_t id = 0; id < Outcome::kMaxSequelaKinds; ++id) o.add_sequela(id);
  o.add_sequela(100, 2);  // a 17th kind overflows
  o.add_sequela(101);
  CHECK(o.sequela_kinds == Outcome::kMaxSequelaKinds);
  CHECK(o.sequela_overflow == 3);
  Tally t(0, Outcome::kMaxSequelaKinds);
  t.add(o, 0);
  t.add(o, 0);
  CHECK(t.sequela_overflow == 6);
  CHECK(t.sequela_trials[0] == 2);
  CHECK(t.sequela_total[15] == 2);
}

TEST_CASE("tally: merging parts in any order equals tallying the whole", "[tally]") {
  TrialRng rng(2026, 0);
  Stream s = rng.stream(Purpose::Test);
  std::vector<Outcome> outcomes;
  for (int i = 0; i < 3000; ++i) outcomes.push_back(random_outcome(s));
  Tally whole(3, 5);
  for (size_t i = 0; i < outcomes.size(); ++i) whole.add(outcomes[i], i % 17);

  std::vector<Tally> parts(3, Tally(3, 5));
  for (size_t i = 0; i < outcomes.size(); ++i) parts[(i / 7) % 3].add(outcomes[i], i % 17);
  Tally a = parts[0];
  a.merge(parts[1]);
  a.merge(parts[2]);
  Tally b = parts[2];
  Tally c = parts[1];
  c.merge(parts[0]);
  b.merge(c);
  Tally d;  // a default tally has no per-condition or per-sequela slots: merge grows them
  for (int i = 2; i >= 0; --i) d.merge(parts[static_cast<size_t>(i)]);
  CHECK(a == whole);
  CHECK(b == whole);
  CHECK(d == whole);
  CHECK(a.to_json().dump() == whole.to_json().dump());
  CHECK(whole.trials == 3000);
  CHECK(whole.deaths + whole.recovered + whole.unresolved == 3000);
}

TEST_CASE("tally: JSON round trip and its field names", "[tally]") {
  TrialRng rng(5, 5);
  Stream s = rng.stream(Purpose::Test);
  Tally t(3, 5);
  for (int i = 0; i < 500; ++i) t.add(random_outcome(s), 11);
  const nlohmann::json j = t.to_json();
  for (const char* key : {"trials", "deaths", "deaths_by_phase", "knocked_out", "recovered",
                          "unresolved", "unresolved_by_condition", "downtime", "time_to_death",
                          "sequela_trials", "sequela_total", "sequela_overflow", "draws"})
    CHECK(j.contains(key));
  CHECK(j.size() == 13);
  const Tally back = Tally::from_json(nlohmann::json::parse(j.dump()));
  CHECK(back == t);
  CHECK(back.to_json().dump() == j.dump());

  CHECK(Tally::from_json(Tally{}.to_json()) == Tally{});
  CHECK(Tally{}.to_json().dump() ==
        "{\"deaths\":0,\"deaths_by_phase\":[0,0,0],\"downtime\":{\"bins\":[],\"count\":0,\"sum\":"
        "\"0\",\"sum_squares\":\"0\"},\"draws\":0,\"knocked_out\":0,\"recovered\":0,"
        "\"sequela_overflow\":0,\"sequela_total\":[],\"sequela_trials\":[],\"time_to_death\":{"
        "\"bins\":[],\"count\":0,\"sum\":\"0\",\"sum_squares\":\"0\"},\"trials\":0,\"unresolved\":"
        "0,\"unresolved_by_condition\":[]}");

  nlohmann::json missing = j;
  missing.erase("draws");
  CHECK_THROWS_AS(Tally::from_json(missing), nlohmann::json::exception);
}

TEST_CASE("tally: equality sees a change in any field", "[tally]") {
  TrialRng rng(8, 8);
  Stream s = rng.stream(Purpose::Test);
  Tally base(3, 5);
  for (int i = 0; i < 200; ++i) base.add(random_outcome(s), 3);
  const std::vector<void (*)(Tally&)> changes = {
      [](Tally& t) { ++t.trials; },
      [](Tally& t) { ++t.deaths; },
      [](Tally& t) { ++t.deaths_by_phase[2]; },
      [](Tally& t) { ++t.knocked_out; },
      [](Tally& t) { ++t.recovered; },
      [](Tally& t) { ++t.unresolved; },
      [](Tally& t) { ++t.unresolved_by_condition[1]; },
      [](Tally& t) { t.downtime.add(1); },
      [](Tally& t) { t.time_to_death.add(1); },
      [](Tally& t) { ++t.sequela_trials[4]; },
      [](Tally& t) { ++t.sequela_total[0]; },
      [](Tally& t) { ++t.sequela_overflow; },
      [](Tally& t) { ++t.draws; },
  };
  CHECK(base == base);
  for (size_t i = 0; i < changes.size(); ++i) {
    INFO(i);
    Tally t = base;
    changes[i](t);
    CHECK_FALSE(t == base);
    CHECK_FALSE(Tally::from_json(t.to_json()) == base);
  }
}

TEST_CASE("paired tally: discordant counts and downtime differences", "[tally]") {
  PairedTally p;
  p.add(died(Phase::Dying, 60), recovered(kDay, true));     // only the baseline died
  p.add(recovered(kDay), died(Phase::Recovery, 2 * kDay));  // only the variant died
  p.add(died(Phase::Dying, 60), died(Phase::Combat, 6));    // both died: concordant
  p.add(recovered(100, true), recovered(40, false));        // variant 60 s faster, KO only in base
  p.add(recovered(100), recovered(400, true));              // variant 300 s slower, KO only in var
  p.add(unresolved(0, kDay), recovered(10));
  CHECK(p.n == 6);
  CHECK(p.only_baseline_died == 1);
  CHECK(p.only_variant_died == 1);
  CHECK(p.only_baseline_ko == 2);  // the 4th and 6th trials (unresolved(...) is knocked out)
  CHECK(p.only_variant_ko == 2);   // the 2nd (died(...) is knocked out) and the 5th
  CHECK(p.both_recovered == 2);
  CHECK(p.downtime_diff_sum == -60 + 300);
  CHECK(p.downtime_diff_sq == 60 * 60 + 300 * 300);

  const nlohmann::json j = p.to_json();
  CHECK(j.at("downtime_diff_sum") == "240");
  CHECK(j.at("downtime_diff_sq") == "93600");
  CHECK(PairedTally::from_json(nlohmann::json::parse(j.dump())) == p);

  PairedTally neg;
  neg.add(recovered(10 * kDay), recovered(kDay));
  CHECK(neg.downtime_diff_sum == -9 * kDay);
  CHECK(neg.to_json().at("downtime_diff_sum") == "-777600");
  CHECK(PairedTally::from_json(neg.to_json()) == neg);
}

TEST_CASE("paired tally: a variant identical to the baseline differs by exactly nothing",
          "[tally]") {
  TrialRng rng(13, 0);
  Stream s = rng.stream(Purpose::Test);
  PairedTally p;
  for (int i = 0; i < 5000; ++i) {
    const Outcome o = random_outcome(s);
    p.add(o, o);
  }
  CHECK(p.n == 5000);
  CHECK(p.only_baseline_died == 0);
  CHECK(p.only_variant_died == 0);
  CHECK(p.only_baseline_ko == 0);
  CHECK(p.only_variant_ko == 0);
  CHECK(p.both_recovered > 1000);
  CHECK(p.downtime_diff_sum == 0);
  CHECK(p.downtime_diff_sq == 0);
}

TEST_CASE("paired tally: merge is addition", "[tally]") {
  TrialRng rng(21, 0);
  Stream s = rng.stream(Purpose::Test);
  PairedTally whole, a, b;
  for (int i = 0; i < 2000; ++i) {
    const Outcome x = random_outcome(s), y = random_outcome(s);
    whole.add(x, y);
    (i % 3 == 0 ? a : b).add(x, y);
  }
  PairedTally ab = a, ba = b;
  ab.merge(b);
  ba.merge(a);
  CHECK(ab == whole);
  CHECK(ba == whole);
  CHECK(whole.only_baseline_died > 0);
  CHECK(whole.downtime_diff_sum != 0);
}

TEST_CASE("run tally: merge, JSON round trip and refusals", "[tally]") {
  TrialRng rng(34, 0);
  Stream s = rng.stream(Purpose::Test);
  auto make = [&](uint64_t first, uint64_t trials) {
    RunTally r;
    r.variants.assign(2, Tally(3, 5));
    r.paired.assign(2, PairedTally{});
    r.first_trial = first;
    r.trials = trials;
    for (uint64_t i = 0; i < trials; ++i) {
      const Outcome base = random_outcome(s), var = random_outcome(s);
      r.variants[0].add(base, 10);
      r.variants[1].add(var, 12);
      r.paired[0].add(base, base);
      r.paired[1].add(base, var);
    }
    return r;
  };
  const RunTally first = make(0, 300), second = make(300, 200);

  RunTally merged;  // an empty run tally takes the first one it is given
  merged.merge(second);
  merged.merge(first);
  CHECK(merged.first_trial == 0);
  CHECK(merged.trials == 500);
  CHECK(merged.variants[1].trials == 500);
  CHECK(merged.paired[1].n == 500);
  RunTally other = first;
  other.merge(second);
  CHECK(other.variants[0] == merged.variants[0]);
  CHECK(other.variants[1] == merged.variants[1]);
  CHECK(other.paired[1] == merged.paired[1]);

  // An empty tally is the identity on the right too, and a sized tally of no trials does not
  // pull the range down to trial 0.
  RunTally same = second;
  same.merge(RunTally{});
  CHECK(same.trials == 200);
  CHECK(same.first_trial == 300);
  RunTally sized;
  sized.variants.assign(2, Tally(3, 5));
  sized.paired.assign(2, PairedTally{});
  sized.merge(second);
  CHECK(sized.first_trial == 300);
  CHECK(sized.trials == 200);
  CHECK(sized.variants[1] == second.variants[1]);

  const nlohmann::json j = merged.to_json();
  const RunTally back = RunTally::from_json(nlohmann::json::parse(j.dump()));
  CHECK(back.first_trial == 0);
  CHECK(back.trials == 500);
  REQUIRE(back.variants.size() == 2);
  CHECK(back.variants[0] == merged.variants[0]);
  CHECK(back.variants[1] == merged.variants[1]);
  CHECK(back.paired[0] == merged.paired[0]);
  CHECK(back.paired[1] == merged.paired[1]);
  CHECK(back.to_json().dump() == j.dump());

  RunTally three = make(500, 1);
  three.variants.emplace_back(3, 5);
  three.paired.emplace_back();
  CHECK_THROWS_WITH(merged.merge(three), "merging tallies of different scenarios");
  nlohmann::json bad = j;
  bad["paired"].erase(1);
  CHECK_THROWS_WITH(RunTally::from_json(bad), "tally: variants/paired mismatch");
}

TEST_CASE("tally: counts of 10^12 trials merge and round-trip exactly", "[tally][overflow]") {
  // Synthetic shards of 10^12 trials: every ten-year recovery, a quarter of them dying first.
  constexpr uint64_t kTrials = 1000000000000ULL;
  constexpr uint64_t kTenYears = 315360000;
  Tally shard(2, 1);
  shard.trials = kTrials;
  shard.deaths = kTrials / 4;
  shard.deaths_by_phase = {kTrials / 8, kTrials / 16, kTrials / 16};
  shard.knocked_out = kTrials;
  shard.recovered = kTrials / 2;
  shard.unresolved = kTrials / 4;
  shard.unresolved_by_condition = {kTrials / 8, kTrials / 8};
  shard.downtime.add_many(kTenYears, kTrials / 2);
  shard.time_to_death.add_many(kTenYears - 1, kTrials / 4);
  shard.sequela_trials = {kTrials / 3};
  shard.sequela_total = {kTrials};
  shard.draws = 50 * kTrials;

  Tally all;
  for (int i = 0; i < 8; ++i)
    all.merge(Tally::from_json(nlohmann::json::parse(shard.to_json().dump())));
  CHECK(all.trials == 8 * kTrials);
  CHECK(all.deaths == 2 * kTrials);
  CHECK(all.deaths_by_phase ==
        std::array<uint64_t, kPhaseCount>{kTrials, kTrials / 2, kTrials / 2});
  CHECK(all.draws == 400 * kTrials);  // 4e14
  CHECK(all.downtime.count() == 4 * kTrials);
  CHECK(all.downtime.sum() == u128{kTenYears} * 4 * kTrials);
  CHECK(all.downtime.sum_squares() == u128{kTenYears} * kTenYears * 4 * kTrials);
  CHECK(all.time_to_death.sum() == u128{kTenYears - 1} * 2 * kTrials);
  CHECK(all.sequela_total == std::vector<uint64_t>{8 * kTrials});
  CHECK(all.downtime.mean() == static_cast<double>(kTenYears));
  CHECK(Tally::from_json(nlohmann::json::parse(all.to_json().dump())) == all);

  PairedTally p;
  p.n = kTrials;
  p.both_recovered = kTrials;
  p.downtime_diff_sum = -static_cast<i128>(u128{kTenYears} * kTrials);
  p.downtime_diff_sq = u128{kTenYears} * kTenYears * kTrials;
  PairedTally q = PairedTally::from_json(nlohmann::json::parse(p.to_json().dump()));
  CHECK(q == p);
  q.merge(p);
  CHECK(q.downtime_diff_sum == -2 * static_cast<i128>(u128{kTenYears} * kTrials));
  CHECK(to_string_i128(q.downtime_diff_sum) == "-630720000000000000000");
  CHECK(to_string_u128(q.downtime_diff_sq) == "198903859200000000000000000000");
}
