// Sweeps (scenarios/sweep.h, analysis/sweep_report.h): the [sweep] table's errors, located
// and with a suggestion; the points as variants layered over the file; and a pf2 sweep end
// to end through the command line — common random numbers, a monotone death rate, the files.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <sstream>
#include <variant>

#include "analysis/csv.h"
#include "analysis/sweep_report.h"
#include "rules/pf2/config.h"
#include "sim/engine/runner.h"
#include "tests/cli_support.h"
#include "tests/support.h"

using namespace leth;

namespace {

// test::pf2_scenario() with three goblins that sometimes keep hitting the fallen, a healer
// whose arrival is `arrives`, and `sweep` appended: the sweep starts on line 32.
std::string sweep_scenario(const std::string& sweep, const std::string& arrives = "3 rounds") {
  std::string s = test::pf2_scenario(
      "count = 3\nstrikes = 1\nmap = 4\nkeep_attacking_downed = 0.25\n\n[aftercare]\n"
      "help_arrives = \"" +
      arrives +
      "\"\n\n[aftercare.healer]\nmedicine = 5\n"
      "heal = \"1d8+8\"\n\n" +
      sweep);
  return s;
}

std::string error_of_text(const std::string& toml, const std::string& name) {
  const std::string path = test::write_file(name, toml);
  return test::error_of([&] { load_scenario(path); });
}

const pf2::Config& config_of(const LoadedScenario& ls, size_t v) {
  return std::get<pf2::Model>(ls.models.at(v)).config();
}

// A CSV file as rows of named fields (read by the product's reader: the sentences in
// crossing.csv hold commas, quoted).
std::vector<std::map<std::string, std::string>> read_csv(const std::string& text) {
  const CsvTable t = CsvTable::parse(text, "test.csv");
  std::vector<std::map<std::string, std::string>> rows;
  for (size_t i = 0; i < t.rows(); ++i) {
    std::map<std::string, std::string> row;
    for (const std::string& c : t.header()) row[c] = t.at(i, c);
    rows.push_back(row);
  }
  return rows;
}

}  // namespace

TEST_CASE("a sweep's points are variants layered over the file and its variants", "[sweep]") {
  const LoadedScenario ls = test::load_text(
      sweep_scenario("[sweep]\nkey = \"aftercare.help_arrives\"\nfrom = 1\nto = 3\nstep = 1\n"
                     "unit = \"rounds\"\n\n[sweep.y]\nkey = \"character.max_hp\"\n"
                     "values = [10, 30]\n\n[[variants]]\nname = \"tough\"\n"
                     "character = { max_hp = 40 }\n"),
      "grid.toml");
  const Scenario& s = ls.scenario;
  REQUIRE(s.sweep);
  CHECK(s.sweep->points() == 6);
  REQUIRE(s.variants.size() == 2 + 2 * 6);
  CHECK(s.variants[2].name == "baseline@help_arrives=1round,max_hp=10");
  CHECK(s.variants[7].name == "baseline@help_arrives=3rounds,max_hp=30");
  CHECK(s.variants[8].name == "tough@help_arrives=1round,max_hp=10");
  CHECK(s.sweep->x.x == std::vector<double>{6, 12, 18});  // durations in seconds
  // The point wins over the variant's own value (the sweep names what it varies); the rest of
  // the variant stays.
  CHECK(config_of(ls, 1).character.max_hp == 40);
  CHECK(config_of(ls, 8).character.max_hp == 10);
  CHECK(config_of(ls, 13).character.max_hp == 30);
  CHECK(s.variants[13].of == 1);
  // Half rounds are written to the ruleset in seconds; x is in seconds either way.
  const LoadedScenario half =
      test::load_text(sweep_scenario("[sweep]\nkey = \"aftercare.help_arrives\"\nfrom = 1\nto = 2\n"
                                     "step = 0.5\nunit = \"rounds\"\n"),
                      "half.toml");
  CHECK(half.scenario.sweep->x.x == std::vector<double>{6, 9, 12});
  CHECK(half.scenario.variants[2].name == "baseline@help_arrives=1.5rounds");
}

TEST_CASE("sweep mistakes are located, with the nearest key", "[sweep]") {
  const std::string base = "[sweep]\nkey = \"aftercare.help_arrives\"\n";
  std::string e = error_of_text(
      sweep_scenario("[sweep]\nkey = \"aftercare.help_arive\"\nvalues = [1, 2]\n"), "typo.toml");
  CHECK(e.find("typo.toml:33:7: error: sweep.key: \"aftercare.help_arive\" is not a key the pf2 "
               "ruleset reads (did you mean 'aftercare.help_arrives'?)") != std::string::npos);
  e = error_of_text(sweep_scenario(base), "none.toml");
  CHECK(e.find("none.toml:32:1: error: sweep: missing the values to sweep") != std::string::npos);
  e = error_of_text(sweep_scenario(base + "values = [1]\n"), "one.toml");
  CHECK(e.find("one.toml:34:10: error: sweep.values: expected a list of at least 2 values") !=
        std::string::npos);
  e = error_of_text(sweep_scenario(base + "values = [1, 2]\nfrom = 1\n"), "both.toml");
  CHECK(e.find("sweep.values: give either values or from/to/step, not both") != std::string::npos);
  e = error_of_text(sweep_scenario(base + "from = 3\nto = 1\nstep = 1\n"), "down.toml");
  CHECK(e.find("down.toml:35:6: error: sweep.to: 'to' must be greater than 'from'") !=
        std::string::npos);
  e = error_of_text(sweep_scenario(base + "values = [\"1 round\", \"1d4 rounds\"]\n"), "dice.toml");
  CHECK(e.find("dice.toml:34:22: error: sweep.values: a sweep value must be a fixed time") !=
        std::string::npos);
  e = error_of_text(sweep_scenario(base + "values = [1, 2]\ntarget = 5\n"), "target.toml");
  CHECK(e.find("sweep.target:") != std::string::npos);
  e = error_of_text(sweep_scenario(base + "values = [1, 2]\nunit = \"rnds\"\n"), "unit.toml");
  CHECK(e.find("sweep.unit: \"rnds\" is not a unit of time") != std::string::npos);
  e = error_of_text(sweep_scenario("[sweep]\nkey = \"aftercare..x\"\nvalues = [1, 2]\n"),
                    "bad.toml");
  CHECK(e.find("sweep.key: \"aftercare..x\" is not a key path") != std::string::npos);
  e = error_of_text(sweep_scenario(base + "values = [1, 2]\nstep = 1\n"), "extra.toml");
  CHECK(e.find("not both") != std::string::npos);
  // A value that is no duration names its key, like any other (issue 20, item 13).
  e = error_of_text(sweep_scenario(base + "values = [\"flat\", \"2 rounds\"]\n"), "flat.toml");
  CHECK(e.find("flat.toml:34:11: error: sweep.values: \"flat\" is not a duration") !=
        std::string::npos);
  e = error_of_text(sweep_scenario(base + "values = [\"1 round\", \"6 s\"]\n"), "twice.toml");
  CHECK(e.find("twice.toml:34:22: error: sweep.values: 6 s is swept twice (as 1 round)") !=
        std::string::npos);
  // A value the ruleset refuses is located at the value, for the point's variant.
  e = error_of_text(sweep_scenario("[sweep]\nkey = \"character.max_hp\"\nvalues = [10, 0]\n"),
                    "value.toml");
  CHECK(e.find("value.toml:34:15: error: character.max_hp:") != std::string::npos);
  CHECK(e.find("for variant \"baseline@max_hp=0\"") != std::string::npos);
  // An array element by number: the attackers' damage.
  CHECK(test::error_of([] {
          test::load_text(sweep_scenario("[sweep]\nkey = \"encounter.attackers[1].damage\"\n"
                                         "values = [2, 4]\n"),
                          "damage.toml");
        }) == "");
  e = error_of_text(sweep_scenario("[sweep]\nkey = \"encounter.attackers[1].damag\"\n"
                                   "values = [2, 4]\n"),
                    "damag.toml");
  CHECK(e.find("(did you mean 'encounter.attackers[1].damage'?)") != std::string::npos);
  // Too many variants: every pair is tallied on every trial.
  e = error_of_text(sweep_scenario(base + "from = 1\nto = 100\nstep = 1\nunit = \"rounds\"\n\n"
                                          "[[variants]]\nname = \"b\"\n"),
                    "big.toml");
  CHECK(e.find("big.toml:32:1: error: sweep: the sweep makes 202 variants") != std::string::npos);
}

TEST_CASE("a pf2 sweep through the command line: CRN, monotone deaths, the fit", "[sweep]") {
  const std::string file = test::write_file(
      "arrival.toml",
      sweep_scenario("[sweep]\nkey = \"aftercare.help_arrives\"\n"
                     "values = [\"1 round\", \"2 rounds\", \"3 rounds\", \"5 rounds\", "
                     "\"8 rounds\", \"12 rounds\"]\ntarget = 0.05\n"));
  const std::string out = test::fresh_path("arrival");
  const test::CliResult r =
      test::cli({"run", file, "--trials", "20000", "--threads", "2", "--out", out});
  INFO(r.err);
  REQUIRE(r.status == 0);
  // The point equal to the baseline ("3 rounds") differs from it by exactly zero: the same
  // trials on the same streams, not merely the same rate.
  bool seen = false;
  for (const auto& row : read_csv(test::read_file(out + "/comparisons.csv")))
    if (row.at("variant") == "baseline@help_arrives=3rounds" && row.at("reference") == "baseline") {
      INFO(row.at("metric"));
      seen = seen || row.at("metric") == "death_rate_difference";
      CHECK(row.at("difference") == "0");  // every paired metric, not only deaths
      CHECK((row.at("only_reference") == "0" || row.at("only_reference") == ""));
      CHECK((row.at("only_variant") == "0" || row.at("only_variant") == ""));
    }
  CHECK(seen);
  // sweep.csv: the death rate rises with the time help takes to arrive; x in rounds, as the
  // values were written, and in seconds.
  std::vector<double> x, x_s, rate;
  for (const auto& row : read_csv(test::read_file(out + "/sweep.csv"))) {
    CHECK(row.at("scenario") == "test");
    CHECK(row.at("variant") == "baseline");
    CHECK(row.at("x_name") == "aftercare.help_arrives");
    CHECK(row.at("x_unit") == "rounds");
    CHECK(row.at("y_name") == "");
    CHECK(row.at("n") != "");
    if (row.at("metric") != "death_rate") continue;
    x.push_back(std::stod(row.at("x")));
    x_s.push_back(std::stod(row.at("x_s")));
    rate.push_back(std::stod(row.at("estimate")));
  }
  REQUIRE(x == std::vector<double>{1, 2, 3, 5, 8, 12});
  REQUIRE(x_s == std::vector<double>{6, 12, 18, 30, 48, 72});
  for (size_t i = 1; i < rate.size(); ++i) CHECK(rate[i] >= rate[i - 1]);
  CHECK(rate.back() > rate.front() + 0.02);
  // crossing.csv: one row, rising, the crossing inside the bracket of the two points whose
  // rates lie on either side of 5%, and inside its interval.
  const auto cross = read_csv(test::read_file(out + "/crossing.csv"));
  REQUIRE(cross.size() == 1);
  const auto& c = cross[0];
  CHECK(c.at("target") == "0.05");
  CHECK(c.at("trend") == "rising");
  REQUIRE(c.at("answer") == "crossed");
  CHECK(c.at("x_unit") == "rounds");
  const double lo = std::stod(c.at("bracket_low")), hi = std::stod(c.at("bracket_high"));
  const size_t i = static_cast<size_t>(std::find(x.begin(), x.end(), lo) - x.begin());
  REQUIRE(i + 1 < x.size());
  CHECK(x[i + 1] == hi);  // neighbours
  CHECK(rate[i] < 0.05);
  CHECK(rate[i + 1] >= 0.05);
  const double at = std::stod(c.at("crossing"));
  CHECK(lo <= at);
  CHECK(at <= hi);
  CHECK(std::stod(c.at("crossing_low")) <= at);
  CHECK(std::stod(c.at("crossing_high")) >= at);
  CHECK(std::stod(c.at("crossing_s")) == Approx(6 * at));
  // The answer in words, after the table: what the points say, then the estimate.
  const std::string lead = "  sweep (baseline): deaths cross 5% between " + c.at("bracket_low") +
                           " and " + c.at("bracket_high") + " rounds (";
  CHECK(r.out.find(lead) != std::string::npos);
  CHECK(r.out.find("): help must arrive within ") != std::string::npos);
  CHECK(r.out.find("to keep deaths under 5%") != std::string::npos);
  CHECK(r.out.find("  sweep (baseline): " + c.at("answer_text") + "\n") != std::string::npos);
}

TEST_CASE("sweep points are compared with their own variant", "[sweep]") {
  const std::string file =
      test::write_file("own-variant.toml",
                       sweep_scenario("[sweep]\nkey = \"aftercare.help_arrives\"\nvalues = [1, 3]\n"
                                      "unit = \"rounds\"\n\n[[variants]]\nname = \"tough\"\n"
                                      "character = { max_hp = 40 }\n"));
  const std::string out = test::fresh_path("own-variant");
  const test::CliResult r =
      test::cli({"run", file, "--trials", "3000", "--threads", "2", "--out", out});
  INFO(r.err);
  REQUIRE(r.status == 0);
  std::map<std::string, std::string> reference;
  for (const auto& row : read_csv(test::read_file(out + "/comparisons.csv")))
    if (row.at("metric") == "death_rate_difference")
      reference[row.at("variant")] = row.at("reference");
  CHECK(reference ==
        std::map<std::string, std::string>{{"tough", "baseline"},
                                           {"baseline@help_arrives=1round", "baseline"},
                                           {"baseline@help_arrives=3rounds", "baseline"},
                                           {"tough@help_arrives=1round", "tough"},
                                           {"tough@help_arrives=3rounds", "tough"}});
  // The point equal to its variant ("3 rounds" as written) differs from it by exactly zero.
  for (const auto& row : read_csv(test::read_file(out + "/comparisons.csv")))
    if (row.at("variant") == "tough@help_arrives=3rounds") CHECK(row.at("difference") == "0");
  CHECK(r.out.find("vs reference (95% CI)") != std::string::npos);
  CHECK(r.out.find("tough@help_arrives=1round vs tough: deaths ") != std::string::npos);
}

TEST_CASE("the bundled sweep example loads", "[sweep]") {
  const LoadedScenario ls =
      load_scenario(test::source_path("scenarios/examples/pf2-cleric-arrival-sweep.toml"));
  REQUIRE(ls.scenario.sweep);
  CHECK(ls.scenario.sweep->target == 0.05);
  CHECK(ls.scenario.variants.size() == 2 * (1 + 8));
}

TEST_CASE("a grid's files: one fit per variant and y, every point's metrics", "[sweep]") {
  const LoadedScenario ls = test::load_text(
      sweep_scenario("[sweep]\nkey = \"aftercare.help_arrives\"\nvalues = [\"1 round\", "
                     "\"4 rounds\", \"10 rounds\"]\ntarget = 0.05\n\n[sweep.y]\n"
                     "key = \"character.max_hp\"\nvalues = [15, 25]\n\n[[variants]]\n"
                     "name = \"flat\"\noptions = { recovery_check = \"flat\" }\n"),
      "grid-files.toml");
  REQUIRE(ls.scenario.variants.size() == 2 * (1 + 6));
  ThreadLimit one(1);
  const RunTally t = run_trials(ls, 7, 0, 4000);
  RunInfo info;
  for (const VariantSpec& v : ls.scenario.variants) info.variants.push_back(v.name);
  info.metrics = metrics_of(ls.models.front());
  std::vector<std::pair<std::string, std::string>> files;
  add_sweep_files(files, ls.scenario, info, t);
  REQUIRE(files.size() == 2);
  CHECK(files[0].first == "sweep.csv");
  CHECK(files[1].first == "crossing.csv");
  const auto fits = read_csv(files[1].second);
  REQUIRE(fits.size() == 4);  // (baseline, flat) x (max_hp 15, 25)
  CHECK(fits[0].at("variant") == "baseline");
  CHECK(fits[0].at("y_name") == "character.max_hp");
  CHECK(fits[0].at("y") == "15");
  CHECK(fits[0].at("y_unit") == "");
  CHECK(fits[1].at("y") == "25");
  CHECK(fits[2].at("variant") == "flat");
  // The crossing's counts are the tallies': each death_rate row of sweep.csv is a point's own
  // rate.
  const uint64_t died = info.metrics.end_mask(EndKind::Died);
  size_t rates = 0;
  for (const auto& row : read_csv(files[0].second)) {
    if (row.at("metric") != "death_rate") continue;
    ++rates;
    const std::string name = row.at("variant") + "@help_arrives=" +
                             (row.at("x") == "1"   ? "1round"
                              : row.at("x") == "4" ? "4rounds"
                                                   : "10rounds") +
                             ",max_hp=" + row.at("y");
    const int v = ls.scenario.variant_index(name);
    REQUIRE(v >= 0);
    const Tally& x = t.variants[static_cast<size_t>(v)];
    CHECK(std::stod(row.at("estimate")) ==
          Approx(static_cast<double>(x.ends_in(died)) / static_cast<double>(x.trials)));
    CHECK(row.at("n") == "4000");
  }
  CHECK(rates == 12);
  // One sentence per curve.
  const std::string words = sweep_summary(ls.scenario, info, t);
  CHECK(std::count(words.begin(), words.end(), '\n') == 4);
}

TEST_CASE("a sweep run in shards and merged writes a single run's sweep files", "[sweep]") {
  const std::string file = test::write_file(
      "arrival-shards.toml",
      sweep_scenario("[sweep]\nkey = \"aftercare.help_arrives\"\n"
                     "values = [\"1 round\", \"4 rounds\", \"10 rounds\"]\ntarget = 0.05\n"));
  const std::string trials = "100000";  // two chunks of 65536
  const std::string whole = test::fresh_path("sweep-whole");
  REQUIRE(test::cli({"run", file, "--trials", trials, "--out", whole, "--quiet"}).status == 0);
  std::vector<std::string> dirs;
  for (int k = 1; k <= 2; ++k) {
    dirs.push_back(test::fresh_path("sweep-shard-" + std::to_string(k)));
    REQUIRE(test::cli({"run", file, "--trials", trials, "--shard", std::to_string(k) + "/2",
                       "--out", dirs.back(), "--quiet"})
                .status == 0);
  }
  const std::string merged = test::fresh_path("sweep-merged");
  const test::CliResult m = test::cli({"merge", dirs[1], dirs[0], "--out", merged});
  INFO(m.err);
  REQUIRE(m.status == 0);
  for (const char* f : {"sweep.csv", "crossing.csv"}) {
    INFO(f);
    const std::string a = test::read_file(whole + "/" + f);
    CHECK(!a.empty());
    CHECK(a == test::read_file(merged + "/" + f));
  }
  CHECK(m.out.find("  sweep (baseline): ") != std::string::npos);
}

namespace {

// The bundled orog ambush with `sweep` before its variants.
std::string orog_sweep(const std::string& sweep) {
  std::string s = test::read_file(test::source_path("scenarios/examples/dnd5e-orog-ambush.toml"));
  const size_t v = s.find("[[variants]]");
  REQUIRE(v != std::string::npos);
  return s.substr(0, v) + sweep + "\n" + s.substr(v);
}

}  // namespace

TEST_CASE("a party sweeps a member's, an opponent's or a policy's key", "[sweep]") {
  // The keys are the party template's (`lethality rules dnd5e --party`), a member or an
  // opponent by name or number, as patch_party and patch_opponents take them.
  const LoadedScenario ls = test::load_text(
      orog_sweep("[sweep]\nkey = \"opponents[orog].hp\"\nvalues = [30, 42]\n\n[sweep.y]\n"
                 "key = \"party[fighter].attacks[1].damage\"\nvalues = [8, 12]\n"),
      "party-grid.toml");
  REQUIRE(ls.scenario.sweep);
  CHECK(ls.scenario.variants[4].name == "baseline@hp=30,damage=8");
  for (const char* key : {"fight.strike_fallen", "party[2].heals.uses", "party[cleric].ac"})
    CHECK(test::error_of([&] {
            test::load_text(orog_sweep("[sweep]\nkey = \"" + std::string(key) +
                                       "\"\nvalues = [0, 1]\n"),
                            "party-key.toml");
          }) == "");
  // A typo is named against the party's keys, and the hint lists them with --party.
  const std::string e = error_of_text(
      orog_sweep("[sweep]\nkey = \"party[fighter].max_pH\"\nvalues = [30, 40]\n"), "typo.toml");
  CHECK(e.find("sweep.key: \"party[fighter].max_pH\" is not a key a dnd5e party scenario reads "
               "(did you mean 'party[1].max_hp'?)") != std::string::npos);
  CHECK(e.find("`lethality rules dnd5e --party` lists its keys") != std::string::npos);
  // A single character's key is not a party's.
  CHECK(error_of_text(orog_sweep("[sweep]\nkey = \"character.max_hp\"\nvalues = [30, 40]\n"),
                      "single.toml")
            .find("is not a key a dnd5e party scenario reads") != std::string::npos);
}

TEST_CASE("a party sweep's point equal to the file differs from it by exactly zero", "[sweep]") {
  const std::string file = test::write_file(
      "orog-hp.toml", orog_sweep("[sweep]\nkey = \"opponents[orog].hp\"\nvalues = [30, 42, 54]\n"));
  const std::string out = test::fresh_path("orog-hp");
  const test::CliResult r =
      test::cli({"run", file, "--trials", "3000", "--threads", "2", "--out", out});
  INFO(r.err);
  REQUIRE(r.status == 0);
  bool seen = false;
  std::map<std::string, double> rate;
  for (const auto& row : read_csv(test::read_file(out + "/comparisons.csv")))
    if (row.at("variant") == "baseline@hp=42" && row.at("reference") == "baseline") {
      INFO(row.at("metric"));
      seen = seen || row.at("metric") == "death_rate_difference";
      CHECK(row.at("difference") == "0");  // the members' metrics too
    }
  CHECK(seen);
  for (const auto& row : read_csv(test::read_file(out + "/sweep.csv")))
    if (row.at("metric") == "death_rate" && row.at("variant") == "baseline")
      rate[row.at("x")] = std::stod(row.at("estimate"));
  REQUIRE(rate.size() == 3);
  CHECK(rate.at("30") < rate.at("42"));  // tougher orogs kill more (40% against 66% at 20,000)
  CHECK(rate.at("42") < rate.at("54"));
}
