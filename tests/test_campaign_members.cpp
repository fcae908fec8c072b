// A party campaign's life table per member (Tally::member_death_mask, member_died_in;
// analysis/life_table.h's member_life_table; member_survival.csv and the terminal's "died in
// the campaign" line): each member's deaths by adventure, counted again here trial by trial
// from replays, and the tally's arithmetic on outcomes made by hand.
#include <catch2/catch.hpp>

#include <fstream>

#include "analysis/life_table.h"
#include "rules/common/party_report.h"
#include "sim/engine/campaign.h"
#include "sim/engine/runner.h"
#include "tests/cli_support.h"
#include "tests/support.h"

using namespace leth;

namespace {

const char* const kRoad = "scenarios/examples/pf2-party-road-campaign.toml";

}  // namespace

TEST_CASE("campaign members: each member's deaths by adventure are its replays'",
          "[campaign][party]") {
  const LoadedScenario camp = load_scenario(test::source_path(kRoad));
  const MetricSpec& m = metrics_of(camp);
  const std::vector<std::string> names = member_names(m);
  REQUIRE(names == std::vector<std::string>{"fighter", "cleric", "rogue", "wizard"});
  const uint64_t n = 1500, seed = 31;
  const RunTally t = run_trials(camp, seed, 0, n);
  const uint64_t died = m.end_mask(EndKind::Died);
  const size_t rows = static_cast<size_t>(m.adventures) + 1;
  // By variant, trial and member: the adventure the member died in (rows: never).
  std::vector<std::vector<size_t>> death_of(camp.scenario.variants.size(),
                                            std::vector<size_t>(n * names.size(), rows));
  for (size_t v = 0; v < camp.scenario.variants.size(); ++v) {
    INFO("variant " << camp.scenario.variants[v].name);
    const Tally& x = t.variants[v];
    std::vector<uint64_t> want(names.size() * rows, 0);
    for (uint64_t trial = 0; trial < n; ++trial) {
      const Outcome o = replay_trial(camp, v, seed, trial, nullptr);
      if (!((died >> o.end) & 1)) continue;
      for (size_t j = 0; j < names.size(); ++j)
        if (o.counters[static_cast<size_t>(m.counter_index("died_" + names[j]))] > 0) {
          ++want[j * rows + o.adventures + 1u];
          death_of[v][trial * names.size() + j] = o.adventures + 1u;
        }
    }
    CHECK(x.member_died_in == want);
    uint64_t member_deaths = 0;
    for (uint64_t d : want) member_deaths += d;
    REQUIRE(member_deaths > 50);  // deaths to count: the check can fail
    // Each member's rows: the party's at-risk counts, its deaths, their running share.
    const std::vector<LifeRow> party = life_table(x, IntervalKind::Wilson);
    const std::vector<MemberLifeRow> each = member_life_table(x, IntervalKind::Wilson);
    REQUIRE(each.size() == names.size() * rows);
    for (size_t j = 0; j < names.size(); ++j) {
      uint64_t dead = 0;
      for (size_t k = 0; k < rows; ++k) {
        const MemberLifeRow& r = each[j * rows + k];
        CHECK(r.member == j);
        CHECK(r.adventure == static_cast<int>(k));
        CHECK(r.at_risk == party[k].at_risk);
        CHECK(r.died == want[j * rows + k]);
        dead += r.died;
        CHECK(r.dead_by.value == Approx(static_cast<double>(dead) / n));
      }
      // A member's deaths over the campaign are the trials its died_ counter counted.
      CHECK(dead == x.counter_trials[static_cast<size_t>(m.counter_index("died_" + names[j]))]);
    }
    // Several may die in one adventure: the members' deaths there are at least the party's.
    for (size_t k = 0; k < rows; ++k) {
      uint64_t sum = 0;
      for (size_t j = 0; j < names.size(); ++j) sum += want[j * rows + k];
      CHECK(sum >= x.died_in[k]);
    }
  }
  // Paired with the baseline, trial by trial: dead by k in one of the two only.
  for (size_t v = 1; v < camp.scenario.variants.size(); ++v) {
    INFO("variant " << camp.scenario.variants[v].name);
    std::vector<uint64_t> only_b(names.size() * rows, 0), only_v(names.size() * rows, 0);
    for (uint64_t trial = 0; trial < n; ++trial)
      for (size_t j = 0; j < names.size(); ++j) {
        const size_t b = death_of[0][trial * names.size() + j];
        const size_t w = death_of[v][trial * names.size() + j];
        for (size_t k = 1; k < rows; ++k) {
          only_b[j * rows + k] += b <= k && w > k;
          only_v[j * rows + k] += w <= k && b > k;
        }
      }
    const PairedTally p = t.pair(0, v);
    CHECK(p.only_baseline_dead_by == only_b);
    CHECK(p.only_variant_dead_by == only_v);
    uint64_t discordant = 0;
    for (uint64_t d : only_v) discordant += d;
    CHECK(discordant > 0);  // the variants kill differently: the check can fail
    // Seen from the variant's side, the two swap.
    CHECK(t.pair(0, v).reversed().only_baseline_dead_by == only_v);
  }
}

TEST_CASE("campaign members: the tally merges, round-trips and checks the members' tables",
          "[campaign][party][tally]") {
  CampaignSpec spec;
  spec.adventures = 3;
  const MetricSpec m = campaign_metrics(fight::party_metrics({"ann", "bob"}), spec);
  REQUIRE(member_names(m) == std::vector<std::string>{"ann", "bob"});
  const int ann = m.counter_index("died_ann"), bob = m.counter_index("died_bob");
  const uint16_t one_dead = static_cast<uint16_t>(std::countr_zero(m.end_mask(EndKind::Died)));
  Outcome both;  // both die in adventure 2
  both.end = static_cast<uint16_t>(one_dead + 1);
  both.adventures = 1;
  both.counters[static_cast<size_t>(ann)] = 1;
  both.counters[static_cast<size_t>(bob)] = 1;
  both.member_died_in = {2, 2};
  Outcome bob_only = both;  // bob dies in adventure 3
  bob_only.end = one_dead;
  bob_only.adventures = 2;
  bob_only.counters[static_cast<size_t>(ann)] = 0;
  bob_only.member_died_in = {0, 3};
  Outcome lived;  // every adventure played
  lived.end = static_cast<uint16_t>(std::countr_zero(m.end_mask(EndKind::Recovered)));
  lived.adventures = 3;
  Tally a(m), b(m);
  a.add(both, 0, 0);
  a.add(lived, 0, 1);
  b.add(bob_only, 0, 2);
  a.merge(b);
  CHECK(a.member_died_in == std::vector<uint64_t>{0, 0, 1, 0, 0, 0, 1, 1});
  // Alive when the campaign ended: ann after all three, and after the third, which bob died in.
  CHECK(a.member_left_after == std::vector<uint64_t>{0, 0, 0, 2, 0, 0, 0, 1});
  CHECK(a.died_in == std::vector<uint64_t>{0, 0, 1, 1});
  const Tally back = Tally::from_json(a.to_json());
  CHECK(back == a);
  // Paired with itself, nobody died in one of the two only; against a variant in which ann
  // lives, she is dead by adventure 2 and 3 in the baseline only.
  PairedTally same(m), differ(m);
  same.add(both, both);
  CHECK(same.only_baseline_dead_by == std::vector<uint64_t>(8, 0));
  CHECK(same.only_variant_dead_by == std::vector<uint64_t>(8, 0));
  differ.add(both, bob_only);
  CHECK(differ.only_baseline_dead_by == std::vector<uint64_t>{0, 0, 1, 1, 0, 0, 1, 0});
  CHECK(differ.only_variant_dead_by == std::vector<uint64_t>(8, 0));
  CHECK(PairedTally::from_json(differ.to_json()) == differ);
  nlohmann::json pj = differ.to_json();
  pj["only_variant_dead_by"][2] = 1;  // dead by 2 in both "only" columns: more than one trial
  CHECK_THROWS_AS(PairedTally::from_json(pj), TallyMismatch);
  // Retired by k: ann retires after adventure 1 in the variant only.
  Outcome retires = lived;
  retires.member_retired_after = {1, 0};
  PairedTally gone(m);
  gone.add(lived, retires);
  CHECK(gone.only_variant_retired_by == std::vector<uint64_t>{0, 1, 1, 1, 0, 0, 0, 0});
  CHECK(gone.only_baseline_retired_by == std::vector<uint64_t>(8, 0));
  CHECK(gone.reversed().only_baseline_retired_by == gone.only_variant_retired_by);
  pj = gone.to_json();
  pj["only_baseline_retired_by"][1] = 1;  // both sides "only": more than one trial
  CHECK_THROWS_AS(PairedTally::from_json(pj), TallyMismatch);
  const std::vector<MemberLifeRow> rows = member_life_table(a, IntervalKind::Wilson);
  REQUIRE(rows.size() == 8);
  CHECK(rows[6].at_risk == 3);  // bob, adventure 2: all three campaigns began it
  CHECK(rows[7].at_risk == 2);  // adventure 3: one died in the second
  CHECK(rows[7].dead_by.value == Approx(2.0 / 3));
  CHECK(rows[7].hazard.value == Approx(0.5));
  CHECK(rows[3].dead_by.value == Approx(1.0 / 3));  // ann, by adventure 3
  // A member's life table holds every trial once.
  nlohmann::json j = a.to_json();
  j["member_died_in"][1] = 1;  // ann also in adventure 1
  CHECK_THROWS_AS(Tally::from_json(j), TallyMismatch);
  j = a.to_json();
  j["member_left_after"][3] = 1;  // a trial lost
  CHECK_THROWS_AS(Tally::from_json(j), TallyMismatch);
  // A retirement is one of the trials the member left after: never more of them, never at
  // the start.
  j = a.to_json();
  j["member_retired"][3] = 1;  // ann left after adventure 3 in two trials: one may have retired
  CHECK_NOTHROW(Tally::from_json(j));
  j["member_retired"][3] = 3;
  CHECK_THROWS_AS(Tally::from_json(j), TallyMismatch);
  j = a.to_json();
  j["member_retired"][4] = 1;  // bob retired before his first adventure
  CHECK_THROWS_AS(Tally::from_json(j), TallyMismatch);
  // Nor do tallies of different members merge.
  CampaignSpec one;
  one.adventures = 3;
  Tally c(campaign_metrics(fight::party_metrics({"ann"}), one));
  CHECK_THROWS_AS(a.merge(c), TallyMismatch);
  // A campaign of one character, and a party's single adventure, have no members' tables.
  CHECK(Tally(fight::party_metrics({"ann", "bob"})).member_died_in.empty());
}

TEST_CASE("campaign members: run writes member_survival.csv and names who died",
          "[campaign][party][cli]") {
  const std::string out = test::fresh_path("road-members-out");
  const test::CliResult r =
      test::cli({"run", test::source_path(kRoad), "--trials", "1000", "--out", out});
  INFO(r.err);
  REQUIRE(r.status == 0);
  CHECK_THAT(r.out, Catch::Contains("      died in the campaign: fighter "));
  CHECK_THAT(r.out, !Catch::Contains("retired in the campaign"));  // no rule to retire
  const std::string csv = test::read_file(out + "/member_survival.csv");
  CHECK_THAT(csv, Catch::StartsWith("scenario,variant,member,adventure,at_risk,died,dead_by,"
                                    "ci_low,ci_high,hazard,hazard_ci_low,hazard_ci_high,"
                                    "reference,dead_by_difference,difference_ci_low,"
                                    "difference_ci_high,retired,retired_by,retired_ci_low,"
                                    "retired_ci_high"));
  CHECK_THAT(csv, Catch::Contains("pf2-party-road-campaign,cleric-waits,wizard,0,1000,0,0,0,"));
  CHECK_THAT(csv, Catch::Contains(",0,0,0,baseline,0,"));  // adventure 0: nobody dead yet
  CHECK_THAT(csv, Catch::Contains("pf2-party-road-campaign,baseline,wizard,0,1000,0,0,"));
  // plot draws them: a colour per member, every variant's curve.
  const test::CliResult p = test::cli({"plot", out});
  INFO(p.err);
  REQUIRE(p.status == 0);
  const std::string svg = test::read_file(out + "/plot-members.svg");
  CHECK_THAT(svg, Catch::Contains("died by adventure k, each member") &&
                      Catch::Contains("cleric (baseline)") &&
                      Catch::Contains("wizard (cleric-waits)"));
  CHECK_THAT(test::read_file(out + "/report.html"), Catch::Contains("plot-members"));
  // A campaign of one character has no members: no such file.
  const std::string solo = test::fresh_path("scout-members-out");
  const test::CliResult s = test::cli(
      {"run", test::source_path("scenarios/examples/flux-scout-campaign.toml"), "--trials",
       "200", "--out", solo});
  REQUIRE(s.status == 0);
  CHECK_FALSE(std::ifstream(solo + "/member_survival.csv").good());
  REQUIRE(test::cli({"plot", solo}).status == 0);
  CHECK_FALSE(std::ifstream(solo + "/plot-members.svg").good());
  CHECK_THAT(s.out, !Catch::Contains("died in the campaign"));
}
