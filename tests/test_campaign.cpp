// Campaigns (sim/engine/campaign.h, docs/campaigns.md): the scenario's trial played as
// adventure after adventure. Checked here: the survival curve of independent identical
// adventures is geometric, exactly; the first adventure is the scenario's own trial; the life
// table adds up, merges and reads back; retirement; thread-count independence; a variant equal
// to the baseline differs by exactly zero; the story; bad input.
#include <catch2/catch.hpp>

#include <cmath>
#include <fstream>
#include <iterator>

#include "analysis/life_table.h"
#include "sim/engine/campaign.h"
#include "sim/engine/runner.h"
#include "tests/cli_support.h"
#include "tests/support.h"

using namespace leth;

namespace {

// One attacker, one blow: it hits with chance 0.3 for 20 damage against 10 HP, which is
// massive damage (the 10 left reach the maximum): death at once. A miss leaves the character
// whole. So an adventure kills with probability exactly 0.3, and nothing else happens.
std::string geometric(int adventures, const std::string& more = "") {
  return "name = \"geo\"\nruleset = \"dnd5e\"\nhorizon = \"1 day\"\n[options]\n"
         "lingering_injuries = false\nmassive_damage = true\n[character]\nmax_hp = 10\n"
         "[encounter]\nrounds = 1\n[[encounter.attackers]]\nhit_chance = 0.3\ndamage = \"20\"\n"
         "[campaign]\nadventures = " +
         std::to_string(adventures) + "\n" + more;
}

// A bundled scenario with a [campaign] table before its first table.
std::string as_campaign(const std::string& example, const std::string& campaign) {
  std::ifstream in(test::source_path("scenarios/examples/" + example));
  std::string toml((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  toml.insert(toml.find("\n["), "\n[campaign]\n" + campaign);
  return toml;
}

}  // namespace

TEST_CASE("campaign: independent adventures give a geometric survival curve", "[campaign]") {
  const int n_adv = 8;
  const LoadedScenario ls = test::load_text(geometric(n_adv));
  const uint64_t n = 200'000;
  const RunTally t = run_trials(ls, 11, 0, n);
  const Tally& x = t.variants[0];
  REQUIRE(x.died_in.size() == n_adv + 1);
  const double p = 0.3, dn = static_cast<double>(n);
  const std::vector<LifeRow> rows = life_table(x, IntervalKind::Wilson);
  for (int k = 1; k <= n_adv; ++k) {
    INFO("adventure " << k);
    // Died in adventure k: (1-p)^(k-1) p; alive after k: (1-p)^k. Binomial counts, 4 SE.
    const double q = std::pow(1 - p, k - 1) * p, s = std::pow(1 - p, k);
    CHECK(std::abs(static_cast<double>(x.died_in[k]) - dn * q) <= 4 * std::sqrt(dn * q * (1 - q)));
    CHECK(std::abs(rows[k].alive.value - s) <= 4 * std::sqrt(s * (1 - s) / dn));
    // The hazard is p at every adventure: each begun adventure kills with chance p.
    const double r = static_cast<double>(rows[k].at_risk);
    CHECK(std::abs(rows[k].hazard.value - p) <= 4 * std::sqrt(p * (1 - p) / r));
  }
  // Nobody leaves alive before the last adventure; all survivors leave after it.
  for (int k = 0; k < n_adv; ++k) CHECK(x.left_after[k] == 0);
  CHECK(x.left_after[n_adv] == x.trials - x.ends_in(metrics_of(ls).end_mask(EndKind::Died)));
  // The mean adventures lived: sum over k = 1..N of (1-p)^k; the median: the largest k with
  // (1-p)^k >= 1/2, 0.7^1 = 0.7 >= 0.5 > 0.7^2 = 0.49.
  double mean = 0;
  for (int k = 1; k <= n_adv; ++k) mean += std::pow(1 - p, k);
  const Estimate m = adventures_mean(x);
  CHECK(std::abs(m.value - mean) <= 4 * (m.hi - m.value) / kZ95);
  CHECK(adventures_median(x) == 1);
  test::check_ends_add_up(ls, t, n);
}

TEST_CASE("campaign: the first adventure is the scenario's own trial", "[campaign]") {
  // The bundled flux scout, as written and as a campaign: the deaths of adventure 1 are the
  // scenario's deaths, trial for trial (TrialRng::adventure(0) is the trial's own rng).
  const LoadedScenario plain =
      load_scenario(test::source_path("scenarios/examples/flux-scout-coma.toml"));
  const LoadedScenario camp =
      test::load_text(as_campaign("flux-scout-coma.toml", "adventures = 4\n"), "scout.toml");
  const uint64_t n = 20'000;
  const RunTally a = run_trials(plain, 2027, 0, n), b = run_trials(camp, 2027, 0, n);
  const uint64_t died = metrics_of(plain).end_mask(EndKind::Died);
  for (size_t v = 0; v < a.variants.size(); ++v) {
    INFO("variant " << plain.scenario.variants[v].name);
    CHECK(b.variants[v].died_in[1] == a.variants[v].ends_in(died));
    // Later adventures kill too: the campaign's deaths are more.
    CHECK(b.variants[v].ends_in(died) > a.variants[v].ends_in(died));
  }
  // Each trial: replayed alone, adventure 1's outcome is the plain trial's end when it died.
  for (uint64_t trial : {0u, 1u, 2u, 3u, 17u}) {
    const Outcome o = replay_trial(plain, 0, 2027, trial, nullptr);
    const Outcome c = replay_trial(camp, 0, 2027, trial, nullptr);
    if ((died >> o.end) & 1) {
      CHECK(c.adventures == 0);
      CHECK(c.end == o.end);
      CHECK(c.end_time == o.end_time);
    } else {
      CHECK(c.adventures >= 1);  // adventure 1 lived through, as the scenario's trial
    }
  }
  test::check_ends_add_up(camp, b, n);
}

TEST_CASE("campaign: retirement, the life table's sums, and what adds up", "[campaign]") {
  // The scout retires once he carries one lasting injury.
  const LoadedScenario ls = test::load_text(
      as_campaign("flux-scout-coma.toml", "adventures = 6\nretire_sequelae = 1\n"), "r.toml");
  const MetricSpec& m = metrics_of(ls);
  REQUIRE(m.adventures == 6);
  REQUIRE(m.ends.back().name() == "lost_retired");
  const uint64_t n = 20'000;
  const RunTally t = run_trials(ls, 5, 0, n);
  test::check_ends_add_up(ls, t, n);
  for (size_t v = 0; v < t.variants.size(); ++v) {
    const Tally& x = t.variants[v];
    INFO("variant " << ls.scenario.variants[v].name);
    CHECK(x.ends.back() > 0);  // some retire
    x.check();                 // died_in + left_after = trials, died_in = the deaths
    // Retired only after an adventure short of the last: left after 1..5 are the retired
    // and those not whole at the horizon (none here: the scout's 30 days suffice).
    uint64_t left_early = 0;
    for (int k = 0; k < 6; ++k) left_early += x.left_after[k];
    CHECK(left_early == x.ends.back() + x.ends_in(m.end_mask(EndKind::Unresolved)));
  }
  // Replayed: a retired trial carries a lasting injury and says why it stopped.
  const uint64_t trial = t.variants[0].end_examples.back().front();
  EventLog log;
  const Outcome o = replay_trial(ls, 0, 5, trial, &log);
  CHECK(o.end == m.ends.size() - 1);
  CHECK(o.sequela_kinds >= 1);
  CHECK(log.render().find("retired after adventure " + std::to_string(o.adventures)) !=
        std::string::npos);
  // The tally reads back from JSON, life table included.
  CHECK(RunTally::from_json(t.to_json()).variants == t.variants);
}

TEST_CASE("campaign: the story is told adventure by adventure on one clock", "[campaign]") {
  const LoadedScenario ls = test::load_text(geometric(3));
  for (uint64_t trial = 0; trial < 50; ++trial) {
    EventLog log;
    const Outcome o = replay_trial(ls, 0, 11, trial, &log);
    const std::string story = log.render();
    const bool died = (metrics_of(ls).end_mask(EndKind::Died) >> o.end) & 1;
    // A survivor plays every adventure here; a death in adventure a + 1 ends the campaign.
    const int begun = died ? o.adventures + 1 : 3;
    if (!died) CHECK(o.adventures == 3);
    for (int k = 1; k <= 3; ++k)
      CHECK((story.find("adventure " + std::to_string(k) + " of 3 begins") != std::string::npos) ==
            (k <= begun));
  }
}

TEST_CASE("campaign: same answer on 1 or 2 threads; an equal variant differs by zero",
          "[campaign]") {
  const LoadedScenario ls = test::load_text(
      as_campaign("flux-scout-coma.toml", "adventures = 5\n") +
          "\n[[variants]]\nname = \"same\"\ndescription = \"the baseline again\"\n",
      "same.toml");
  RunTally one, two;
  {
    ThreadLimit limit(1);
    one = run_trials(ls, 3, 0, 5000);
  }
  {
    ThreadLimit limit(2);
    two = run_trials(ls, 3, 0, 5000);
  }
  CHECK(one.variants == two.variants);
  CHECK(one.paired == two.paired);
  // The variant "same" (index after the file's own variants) against the baseline.
  const size_t v = ls.scenario.variants.size() - 1;
  const PairedTally p = one.pair(0, v);
  CHECK(p.lived_diff_sum[0] == 0);
  CHECK(p.lived_diff_sq[0] == 0);
  for (size_t k = 0; k < p.only_baseline_alive.size(); ++k) {
    CHECK(p.only_baseline_alive[k] == 0);
    CHECK(p.only_variant_alive[k] == 0);
  }
  CHECK(one.variants[v] == one.variants[0]);
}

TEST_CASE("campaign: mistakes in [campaign] are located and explained", "[campaign]") {
  auto err = [](const std::string& campaign, const std::string& more = "") {
    return test::error_of([&] {
      test::load_text("name = \"geo\"\nruleset = \"dnd5e\"\n[character]\nmax_hp = 10\n"
                      "[encounter]\n[[encounter.attackers]]\nhit_chance = 0.3\ndamage = \"20\"\n"
                      "[campaign]\n" + campaign + more,
                      "bad.toml");
    });
  };
  CHECK_THAT(err(""), Catch::Contains("missing key 'adventures'") &&
                          Catch::Contains("adventures = 20"));
  CHECK_THAT(err("adventures = 0\n"), Catch::Contains("adventures"));
  CHECK_THAT(err("adventures = 1001\n"), Catch::Contains("adventures"));
  CHECK_THAT(err("adventures = 3\nretire_sequela = 2\n"), Catch::Contains("retire_sequela"));
  CHECK_THAT(err("adventures = 3\n", "[[variants]]\nname = \"v\"\ncampaign = { adventures = 4 }\n"),
             Catch::Contains("a variant cannot change campaign"));
  CHECK(err("adventures = 3\nretire_sequelae = 2\n") == "");
  CHECK(err("adventures = 1e1\n") == "");  // a whole number however written, as trials are
  CHECK_THAT(err("adventures = 2.5\n"), Catch::Contains("adventures"));
  // Not a table: the hint says how to write one (not how a variant removes one).
  const std::string not_table = test::error_of([] {
    test::load_text("name = \"geo\"\nruleset = \"dnd5e\"\ncampaign = 5\n[character]\nmax_hp = 10\n"
                    "[encounter]\n[[encounter.attackers]]\nhit_chance = 0.3\ndamage = \"20\"\n",
                    "bad.toml");
  });
  CHECK_THAT(not_table, Catch::Contains("bad.toml:3:12") && Catch::Contains("[campaign]") &&
                            Catch::Contains("adventures = 5") && !Catch::Contains("variant"));
}

TEST_CASE("campaign: the end lost_retired exists only with a retirement rule", "[campaign]") {
  const LoadedScenario plain = test::load_text(geometric(3));
  for (const EndSpec& e : metrics_of(plain).ends) CHECK(e.name() != "lost_retired");
  const LoadedScenario rule = test::load_text(geometric(3, "retire_sequelae = 2\n"));
  CHECK(metrics_of(rule).ends.back().name() == "lost_retired");
}

TEST_CASE("campaign: scripted dice, adventure after adventure", "[campaign]") {
  // Missed in adventures 1 and 2, hit in adventure 3: dead in adventure 3, two lived through.
  Script script;
  script.no().no().yes();
  const test::Played p = test::play_scripted(geometric(5), script);
  CHECK(p.outcome.adventures == 2);
  const LoadedScenario ls = test::load_text(geometric(5));
  const MetricSpec& m = metrics_of(ls);
  CHECK(m.ends[p.outcome.end].kind == EndKind::Died);
  CHECK(p.log.find("10 damage past 0 HP >= maximum 10") != std::string::npos);
  INFO(p.log);
  CHECK(p.log.find("adventure 3 of 5 begins") != std::string::npos);
  CHECK(p.log.find("adventure 4 of 5 begins") == std::string::npos);
}

TEST_CASE("campaign: validate says a trial is a campaign; run writes survival.csv", "[campaign][cli]") {
  const std::string file = test::write_file("geo-campaign.toml", geometric(4));
  const test::CliResult v = test::cli({"validate", file});
  CHECK(v.status == 0);
  CHECK(v.out == "ok  " + file + ": geo (dnd5e, 1 variant, 100000 campaigns of up to 4 adventures)\n");
  const std::string out = test::fresh_path("geo-campaign-out");
  const test::CliResult r = test::cli({"run", file, "--trials", "2000", "--out", out});
  CHECK(r.status == 0);
  CHECK_THAT(r.out, Catch::Contains("a campaign of 4 adventures") &&
                        Catch::Contains("baseline: lived through") &&
                        Catch::Contains(", alive after 4: "));
  CHECK_THAT(r.out, !Catch::Contains("retired"));  // no retirement rule, no retirement line
  const std::string life = test::read_file(out + "/survival.csv");
  CHECK_THAT(life, Catch::StartsWith("scenario,variant,adventure,at_risk,died,left,alive"));
  CHECK_THAT(life, Catch::Contains("geo,baseline,0,2000,0,0,1,"));
  // report.html gives the life table in a few columns, its numbers survival.csv's.
  const test::CliResult p = test::cli({"plot", out});
  INFO(p.err);
  REQUIRE(p.status == 0);
  // Nobody takes a lasting injury here (no lingering injuries): no plot-carried.
  CHECK(test::read_file(out + "/plot-survival.svg").find("</svg>") != std::string::npos);
  CHECK_FALSE(std::ifstream(out + "/plot-carried.svg").good());
  const std::string html = test::read_file(out + "/report.html");
  CHECK_THAT(html, Catch::Contains("<h2>Campaign: how many adventures they live through</h2>") &&
                       Catch::Contains("<th>alive after 1</th>") &&
                       Catch::Contains("<th>alive after 4</th></tr>"));
  const size_t row = life.find("geo,baseline,4,");
  REQUIRE(row != std::string::npos);
  std::vector<std::string> f;
  std::string cell;
  for (size_t i = row; i < life.size() && life[i] != '\n'; ++i)
    if (life[i] == ',') {
      f.push_back(cell);
      cell.clear();
    } else {
      cell += life[i];
    }
  REQUIRE(f.size() > 8);
  char want[96];
  std::snprintf(want, sizeof want, "<td>%.2f%% (%.2f%%–%.2f%%)</td></tr>", 100 * std::stod(f[6]),
                100 * std::stod(f[7]), 100 * std::stod(f[8]));
  CHECK_THAT(html, Catch::Contains(want));
}

TEST_CASE("campaign: each duration says how a campaign counts it, members' included",
          "[campaign]") {
  // Declared by the models (DurationSpec::campaign), not guessed from names: a moment from the
  // start counts from the campaign's start, a span adds up.
  auto kind = [](const MetricSpec& m, const std::string& name) {
    const int i = m.duration_index(name);
    REQUIRE(i >= 0);
    CampaignSpec spec;
    spec.adventures = 3;
    const Campaign c(m, spec);
    return c.time[static_cast<size_t>(i)];
  };
  const MetricSpec& harmonies = *find_ruleset("harmonies")->metrics;
  CHECK(kind(harmonies, "downtime") == CampaignTime::FromStart);
  CHECK(kind(harmonies, "time_to_death") == CampaignTime::FirstFromStart);
  CHECK(kind(harmonies, "time_to_loss") == CampaignTime::FromStart);
  CHECK(kind(harmonies, "time_out_of_action") == CampaignTime::AddedUpWhole);
  CHECK(kind(harmonies, "time_unstable") == CampaignTime::AddedUp);
  const LoadedScenario party = test::load_text(test::read_file(
      test::source_path("scenarios/examples/pf2-party-ambush.toml")));
  const MetricSpec& m = metrics_of(party);
  for (const DurationSpec& d : m.durations) {
    if (d.member.empty()) continue;
    INFO(d.name);
    CampaignTime want = CampaignTime::FromStart;
    if (d.name.starts_with("time_out_of_action")) want = CampaignTime::AddedUpWhole;
    if (d.name.starts_with("time_to_death")) want = CampaignTime::FirstFromStart;
    CHECK(kind(m, d.name) == want);
  }
}
