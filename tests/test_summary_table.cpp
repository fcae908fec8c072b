// The terminal summary: one row per variant with the death rate, the paired difference from
// the reference, the declared counters, time to full health p50 and p90, out of action, the
// unresolved share and the two most frequent sequelae.
#include <catch2/catch.hpp>

#include <sstream>
#include <string>

#include "analysis/report.h"
#include "tests/support.h"

using namespace leth;

namespace {

// Indices into test::test_metrics().
enum : uint16_t { kDiedCombat, kDiedDying, kRecovered };
enum : size_t { kDowntime, kOutOfAction, kTimeToDeath };
enum : uint16_t { kScar, kStrengthLoss, kLostEye };

Outcome recovered(Seconds downtime) {
  Outcome o;
  o.end = kRecovered;
  o.end_time = downtime;
  o.measure(kDowntime, downtime);
  return o;
}

Outcome died() {
  Outcome o;
  o.end = kDiedCombat;
  o.end_time = 6;
  o.measure(kTimeToDeath, 6);
  return o;
}

// The line of the table that starts with this variant's name.
std::string row_of(const std::string& table, const std::string& variant) {
  std::istringstream in(table);
  for (std::string line; std::getline(in, line);)
    if (line.rfind("  " + variant + " ", 0) == 0) return line;
  return "";
}

}  // namespace

TEST_CASE("summary table: difference from the reference, p90, top sequelae", "[report]") {
  RunInfo info;
  info.scenario = "table";
  info.ruleset = "test";
  info.variants = {"baseline", "harsher"};
  info.variant_descriptions = {"", ""};
  info.metrics = test::test_metrics();
  RunTally t({"v", "table", "ab", "test", 1, info.variants}, info.metrics);
  // 100 trials. Both variants recover in 60 s (90 trials) or 600 s (10), except that the
  // harsher one kills trials 0-9, which the baseline survives in 60 s. Sequelae: the baseline
  // has a scar in trials 0-19 and a lost eye in 0-4; the harsher one a strength loss in 20-49.
  for (uint64_t i = 0; i < 100; ++i) {
    Outcome b = recovered(i >= 90 ? 600 : 60);
    Outcome h = i < 10 ? died() : b;
    if (i < 20) b.add_sequela(kScar, 0, 1);
    if (i < 5) b.add_sequela(kLostEye, 0, 1);
    if (i >= 20 && i < 50) h.add_sequela(kStrengthLoss, -1, 1);
    t.variants[0].add(b, 1, i);
    t.variants[1].add(h, 1, i);
    const Outcome both[] = {b, h};
    t.add_pairs(both);
  }
  t.ranges.add(0, 100);
  const std::string table = summary_table(info, t);
  INFO(table);
  CHECK_THAT(table, Catch::Contains("vs baseline (95% CI)"));
  CHECK_THAT(table, Catch::Contains("downtime p50  p90"));
  const std::string base = row_of(table, "baseline");
  const std::string harsh = row_of(table, "harsher");
  REQUIRE_FALSE(base.empty());
  REQUIRE_FALSE(harsh.empty());
  // +10 pp: ten trials died only under the harsher rules.
  CHECK_THAT(harsh, Catch::Contains("+10.00 pp ("));
  CHECK_THAT(base, Catch::Contains("0.00% (0.00%-"));
  // Downtime: median 1 min, p90 1 min for the baseline (the 90th of 100 is still 60 s).
  CHECK_THAT(base, Catch::Contains("1 min"));
  // Top sequelae, most frequent first; the variant without the scar shows its own.
  CHECK_THAT(base, Catch::EndsWith("scar 20.00%, lost_eye 5.00%"));
  CHECK_THAT(harsh, Catch::EndsWith("strength_loss 30.00%"));
}

TEST_CASE("summary table: many counters go into a table of their own", "[report]") {
  // Few counters stay columns (test_metrics declares two).
  RunInfo few;
  few.scenario = "few";
  few.ruleset = "test";
  few.variants = {"baseline"};
  few.variant_descriptions = {""};
  few.metrics = test::test_metrics();
  RunTally f({"v", "few", "ab", "test", 1, few.variants}, few.metrics);
  Outcome o = recovered(60);
  o.count(0);
  f.variants[0].add(o, 1, 0);
  f.ranges.add(0, 1);
  const std::string narrow = summary_table(few, f);
  INFO(narrow);
  CHECK_THAT(row_of(narrow, "variant"), Catch::Contains("knocked_out  resuscitated"));
  CHECK_THAT(narrow, !Catch::Contains("trials with at least one"));

  // Sixteen long-named counters would make a row far wider than kMaxTableWidth.
  MetricSpec many = test::test_metrics();
  many.counters.clear();
  for (int c = 0; c < 16; ++c)
    many.counters.push_back({"a_counter_with_a_long_name_" + std::to_string(c), ""});
  many.validate();
  RunInfo info = few;
  info.variants = {"baseline", "other"};
  info.variant_descriptions = {"", ""};
  info.metrics = many;
  RunTally t({"v", "many", "ab", "test", 1, info.variants}, many);
  for (uint64_t i = 0; i < 4; ++i) {
    Outcome b = recovered(60), v = recovered(60);
    b.count(3);              // every trial of the baseline
    if (i == 0) v.count(3);  // one trial in four of the other
    t.variants[0].add(b, 1, i);
    t.variants[1].add(v, 1, i);
    const Outcome both[] = {b, v};
    t.add_pairs(both);
  }
  t.ranges.add(0, 4);
  const std::string table = summary_table(info, t);
  INFO(table);
  std::istringstream in(table);
  for (std::string line; std::getline(in, line);) CHECK(line.size() <= kMaxTableWidth);
  CHECK_THAT(table, Catch::Contains("trials with at least one"));
  CHECK_THAT(row_of(table, "variant"), !Catch::Contains("a_counter_with_a_long_name_"));
  // One row per counter, a column per variant, in the declared order.
  CHECK_THAT(row_of(table, "  a_counter_with_a_long_name_3"),
             Catch::Contains("100.00%") && Catch::Contains("25.00%"));
  CHECK(table.find("a_counter_with_a_long_name_0") < table.find("a_counter_with_a_long_name_15"));
}

TEST_CASE("summary table: each quantile's population beside it, none under the floor", "[report]") {
  RunInfo info;
  info.scenario = "few";
  info.ruleset = "test";
  info.variants = {"baseline", "deadly"};
  info.variant_descriptions = {"", ""};
  info.metrics = test::test_metrics();
  RunTally t({"v", "few", "ab", "test", 1, info.variants}, info.metrics);
  // 200 trials: the baseline recovers in all of them; the deadly variant kills all but the
  // kMinMeasured - 1 first, which recover at once (never hurt: downtime 0).
  for (uint64_t i = 0; i < 200; ++i) {
    Outcome b = recovered(600);
    Outcome d = i + 1 < kMinMeasured ? recovered(0) : died();
    t.variants[0].add(b, 1, i);
    t.variants[1].add(d, 1, i);
    const Outcome both[] = {b, d};
    t.add_pairs(both);
  }
  t.ranges.add(0, 200);
  const std::string table = summary_table(info, t);
  INFO(table);
  // The columns, with the runs of blanks between them squeezed to one.
  auto squeezed = [](const std::string& line) {
    std::string out;
    for (char c : line)
      if (c != ' ' || out.empty() || out.back() != ' ') out += c;
    return out;
  };
  CHECK_THAT(squeezed(row_of(table, "variant")),
             Catch::Contains("downtime p50 p90 n (share) out of action p50 n (share) unresolved"));
  CHECK_THAT(squeezed(row_of(table, "baseline")), Catch::Contains("10 min 10 min 200 (100.0%)"));
  // 29 recovered, every one never hurt: a median of 0 s would say "they heal at once".
  const std::string deadly = squeezed(row_of(table, "deadly"));
  CHECK_THAT(deadly, Catch::Contains("not estimable not estimable 29 (14.5%)"));
  CHECK_THAT(deadly, !Catch::Contains("0 s"));
  // Nobody measured time out of action: no figure, and n = 0 says so.
  CHECK_THAT(deadly, Catch::Contains("29 (14.5%) - 0 (0.0%)"));
  std::string side;
  std::istringstream lines(side_by_side_table({{info, t}}));
  for (std::string line; std::getline(lines, line);)
    if (line.find("deadly") != std::string::npos) side = squeezed(line);
  CHECK_THAT(side, Catch::Contains("not estimable not estimable 29 (14.5%) - 0 (0.0%)"));

  CHECK(population_text(13220, 20000) == "13220 (66.1%)");
  CHECK(population_text(1, 1000000) == "1 (0.000%)");
  CHECK(not_estimable_text(12) == "not estimable (n = 12 < 30)");
  CHECK(not_estimable_text(0) == "none measured");
}
