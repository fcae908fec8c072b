// What a campaign's survivors carry (Tally::lasting_holders, lasting_sum, lasting_sq;
// survival.csv's survivors, with_lasting_share, lasting_per_survivor) and its deaths by
// adventure (examples.csv's died_in_adventure). The flux chain's exact count per survivor is in
// test_flux_coma_chain.cpp; the tally's arithmetic in test_tally.cpp.
#include <catch2/catch.hpp>

#include <fstream>
#include <iterator>

#include "analysis/life_table.h"
#include "sim/engine/runner.h"
#include "tests/cli_support.h"
#include "tests/support.h"

using namespace leth;

namespace {

const char* const kScout = "scenarios/examples/flux-scout-coma.toml";

std::string scout_campaign(const std::string& campaign) {
  std::string toml = test::read_file(test::source_path(kScout));
  toml.insert(toml.find("\n["), "\n[campaign]\n" + campaign);
  return toml;
}

}  // namespace

TEST_CASE("campaign survivors: after adventure 1 they carry what the scenario's survivors kept",
          "[campaign]") {
  // Adventure 1 is the scenario's own trial (no downtime): its survivors, those of them with a
  // lasting injury and the injuries they kept are the plain trials', counted one by one here.
  const LoadedScenario plain = load_scenario(test::source_path(kScout));
  const LoadedScenario camp = test::load_text(scout_campaign("adventures = 4\n"), "scout.toml");
  const uint64_t n = 3000, seed = 2027;
  const RunTally t = run_trials(camp, seed, 0, n);
  const uint64_t died = metrics_of(plain).end_mask(EndKind::Died);
  for (size_t v = 0; v < plain.scenario.variants.size(); ++v) {
    INFO("variant " << plain.scenario.variants[v].name);
    uint64_t survivors = 0, holders = 0, sum = 0;
    for (uint64_t trial = 0; trial < n; ++trial) {
      const Outcome o = replay_trial(plain, v, seed, trial, nullptr);
      if ((died >> o.end) & 1) continue;
      uint64_t taken = o.sequela_overflow;
      for (uint8_t i = 0; i < o.sequela_kinds; ++i) taken += o.sequelae[i].count;
      ++survivors;
      holders += taken > 0;
      sum += taken;
    }
    const LifeRow row = life_table(t.variants[v], IntervalKind::Wilson)[1];
    CHECK(row.survivors == survivors);
    CHECK(row.with_lasting == holders);
    CHECK(t.variants[v].lasting_sum[1] == sum);
    REQUIRE(holders > 20);  // the scout keeps some: the check can fail
    // Later survivors carry more: the injuries of adventure 1 stay, new ones come.
    const std::vector<LifeRow> rows = life_table(t.variants[v], IntervalKind::Wilson);
    CHECK(rows[4].lasting_per_survivor.value > rows[1].lasting_per_survivor.value);
    CHECK(rows[4].with_lasting_share.value > rows[1].with_lasting_share.value);
  }
}

TEST_CASE("campaign survivors: the deaths of each adventure are examples that replay to it",
          "[campaign]") {
  const LoadedScenario camp = test::load_text(scout_campaign("adventures = 4\n"), "scout.toml");
  const RunTally t = run_trials(camp, 5, 0, 4000);
  const Tally& x = t.variants[0];
  const uint64_t died = metrics_of(camp).end_mask(EndKind::Died);
  for (size_t k = 1; k < x.died_in_examples.size(); ++k) {
    INFO("adventure " << k);
    REQUIRE(x.died_in_examples[k].size() == std::min<uint64_t>(x.died_in[k], Tally::kExamples));
    REQUIRE(!x.died_in_examples[k].empty());
    for (uint64_t trial : x.died_in_examples[k]) {
      const Outcome o = replay_trial(camp, 0, 5, trial, nullptr);
      CHECK(((died >> o.end) & 1) == 1);
      CHECK(o.adventures + 1u == k);
    }
  }
}

TEST_CASE("campaign survivors: survival.csv, examples.csv and the terminal say what they carry",
          "[campaign][cli]") {
  const std::string file =
      test::write_file("scout-camp.toml", scout_campaign("adventures = 3\nretire_sequelae = 2\n"));
  const std::string out = test::fresh_path("scout-camp-out");
  const test::CliResult r = test::cli({"run", file, "--trials", "3000", "--out", out});
  INFO(r.err);
  REQUIRE(r.status == 0);
  CHECK_THAT(r.out, Catch::Contains("who lived through all 3 carry ") &&
                        Catch::Contains(" lasting injuries each (95% CI "));
  const std::string life = test::read_file(out + "/survival.csv");
  CHECK_THAT(life, Catch::StartsWith(
                       "scenario,variant,adventure,at_risk,died,left,alive,ci_low,ci_high,hazard,"
                       "hazard_ci_low,hazard_ci_high,reference,alive_difference,difference_ci_low,"
                       "difference_ci_high,survivors,with_lasting,with_lasting_share,"
                       "with_lasting_ci_low,with_lasting_ci_high,lasting_per_survivor,"
                       "lasting_ci_low,lasting_ci_high\r\n"));
  const std::string ex = test::read_file(out + "/examples.csv");
  CHECK_THAT(ex, Catch::Contains(",baseline,died_in_adventure,1,") &&
                     Catch::Contains(",baseline,died_in_adventure,3,"));
  // plot-carried draws lasting_per_survivor, a curve per variant.
  const test::CliResult p = test::cli({"plot", out, "--format", "svg"});
  INFO(p.err);
  REQUIRE(p.status == 0);
  const std::string svg = test::read_file(out + "/plot-carried.svg");
  CHECK_THAT(svg, Catch::Contains("lasting injuries per survivor of k adventures") &&
                      Catch::Contains("baseline") && Catch::Contains("</svg>"));
}
