// A sweep's answer where the data put it, in the designer's unit (analysis/sweep_report.h),
// on whole scenarios: the two cases a designer met (issue 19) — a pf2 arrival swept in
// minutes whose death rate is flat then steep, and a flux coma swept at 1, 3 and 6 hours
// whose finer sweep puts the crossing between 4 and 4.5 h: the coarse answer's interval must
// hold the finer sweep's bracket, and every estimate lie in its own bracket. And the unit:
// "h" read as hours, decimal hours, "1 hour" in the singular, lasting injuries against x.
#include <catch2/catch.hpp>

#include <map>
#include <string>
#include <vector>

#include "analysis/csv.h"
#include "sim/engine/load.h"
#include "tests/cli_support.h"
#include "tests/support.h"

using namespace leth;

namespace {

// The bundled file's text without its [[variants]] and at `trials`, with `sweep` appended.
std::string bundled_with(const std::string& file, const std::string& sweep, uint64_t trials) {
  std::string s = test::read_file(test::source_path("scenarios/examples/" + file));
  REQUIRE(!s.empty());
  if (const size_t v = s.find("[[variants]]"); v != std::string::npos) s.erase(v);
  const size_t t = s.find("\ntrials = ");
  REQUIRE(t != std::string::npos);
  s.replace(t + 1, s.find('\n', t + 1) - t - 1, "trials = " + std::to_string(trials));
  return s + "\n" + sweep;
}

struct Answer {
  std::map<std::string, std::string> crossing;   // crossing.csv's one row
  std::vector<std::pair<double, double>> rates;  // sweep.csv: (x in the unit, death rate)
  std::string out;                               // the terminal
  std::string sweep_csv;
};

Answer run_sweep(const std::string& name, const std::string& toml) {
  const std::string file = test::write_file(name + ".toml", toml);
  const std::string out = test::fresh_path(name);
  const test::CliResult r = test::cli({"run", file, "--threads", "2", "--out", out});
  INFO(r.err);
  REQUIRE(r.status == 0);
  Answer a;
  a.out = r.out;
  const CsvTable c = CsvTable::parse(test::read_file(out + "/crossing.csv"), "crossing.csv");
  REQUIRE(c.rows() == 1);
  for (const std::string& h : c.header()) a.crossing[h] = c.at(0, h);
  a.sweep_csv = test::read_file(out + "/sweep.csv");
  const CsvTable s = CsvTable::parse(a.sweep_csv, "sweep.csv");
  for (size_t i = 0; i < s.rows(); ++i)
    if (s.at(i, "metric") == "death_rate")
      a.rates.emplace_back(s.number(i, "x"), s.number(i, "estimate"));
  return a;
}

double num(const Answer& a, const std::string& k) {
  return std::stod(a.crossing.at(k));
}

// The estimate lies in the bracket, the bracket is two neighbouring points on either side of
// the target, and the interval holds the estimate.
void check_answer(const Answer& a, double target) {
  INFO(a.crossing.at("answer_text"));
  REQUIRE(a.crossing.at("answer") == "crossed");
  const double lo = num(a, "bracket_low"), hi = num(a, "bracket_high"), x = num(a, "crossing");
  CHECK(lo <= x);
  CHECK(x <= hi);
  CHECK(num(a, "crossing_low") <= x);
  CHECK(x <= num(a, "crossing_high"));
  for (size_t i = 0; i + 1 < a.rates.size(); ++i)
    if (a.rates[i].first == lo) {
      CHECK(a.rates[i + 1].first == hi);
      CHECK(a.rates[i].second < target);
      CHECK(a.rates[i + 1].second >= target);
    }
}

}  // namespace

TEST_CASE("a pf2 arrival in minutes, flat then steep: the answer is in the bracket",
          "[sweep][answers]") {
  // The lone fighter against one goblin that fights on for 1d150 rounds: help arriving after
  // 5 minutes comes too late more and more often, then the fight is over anyway.
  std::string pf2 =
      test::read_file(test::source_path("scenarios/examples/pf2-lone-fighter-ambush.toml"));
  auto set = [&](const std::string& from, const std::string& to) {
    const size_t i = pf2.find(from);
    REQUIRE(i != std::string::npos);
    pf2.replace(i, from.size(), to);
  };
  set("rounds = \"1d3+1\"", "rounds = \"1d150\"");
  set("count = 3", "count = 1");
  set("attack_bonus = 8", "attack_bonus = -2");
  set("keep_attacking_downed = 0.25", "keep_attacking_downed = 0.5");
  set("max_hp = 20 ", "max_hp = 30 ");
  set("heal_uses = 2", "heal_uses = 5");
  auto with = [&](const std::string& sweep) {
    std::string s = pf2;
    s.erase(s.find("[[variants]]"));
    s.replace(s.find("trials = 1_000_000"), 18, "trials = 6000");
    return s + "\n" + sweep;
  };
  const Answer coarse = run_sweep(
      "pf2-minutes-coarse", with("[sweep]\nkey = \"aftercare.help_arrives\"\nfrom = 1\nto = 15\n"
                                 "step = 2\nunit = \"minutes\"\ntarget = 0.25\n"));
  check_answer(coarse, 0.25);
  // In minutes, everywhere a designer reads it.
  CHECK(coarse.crossing.at("x_unit") == "minutes");
  CHECK(coarse.out.find("  sweep (baseline): deaths cross 25% between ") != std::string::npos);
  CHECK(coarse.out.find(" minutes (") != std::string::npos);
  CHECK(coarse.sweep_csv.find(",aftercare.help_arrives,1,minutes,60,") != std::string::npos);
  // A finer sweep, in half minutes, around it: its bracket lies inside the coarse interval.
  const Answer fine =
      run_sweep("pf2-minutes-fine", with("[sweep]\nkey = \"aftercare.help_arrives\"\n"
                                         "from = 5\nto = 11\nstep = 0.5\nunit = \"minutes\"\n"
                                         "target = 0.25\n"));
  check_answer(fine, 0.25);
  CHECK(num(coarse, "crossing_low") <= num(fine, "bracket_low"));
  CHECK(num(fine, "bracket_high") <= num(coarse, "crossing_high"));
}

TEST_CASE("a flux coma swept at 1, 3 and 6 hours holds the finer sweep's crossing",
          "[sweep][answers]") {
  // The caravan guard in a coma loses PV by the hour: deaths rise in steps, hour by hour.
  const std::string coarse_sweep =
      "[sweep]\nkey = \"aftercare.help_arrives\"\nvalues = [1, 3, 6]\nunit = \"h\"\n"
      "target = 0.3\n";
  const Answer coarse =
      run_sweep("flux-coarse", bundled_with("flux-bandit-ambush.toml", coarse_sweep, 20000));
  check_answer(coarse, 0.3);
  CHECK(num(coarse, "bracket_low") == 3);
  CHECK(num(coarse, "bracket_high") == 6);
  const Answer fine = run_sweep(
      "flux-fine", bundled_with("flux-bandit-ambush.toml",
                                "[sweep]\nkey = \"aftercare.help_arrives\"\nfrom = 3\nto = 6\n"
                                "step = 0.5\nunit = \"hours\"\ntarget = 0.3\n",
                                20000));
  check_answer(fine, 0.3);
  CHECK(num(fine, "bracket_low") == 4);
  CHECK(num(fine, "bracket_high") == 4.5);
  CHECK(num(coarse, "crossing_low") <= 4);
  CHECK(4.5 <= num(coarse, "crossing_high"));
  // "h" reads as hours; 1 is singular; decimal hours are played as they are written.
  CHECK(coarse.crossing.at("x_unit") == "hours");
  CHECK(coarse.out.find("between 3 and 6 hours (") != std::string::npos);
  CHECK(coarse.crossing.at("bracket_low_s") == "10800");
  CHECK(fine.sweep_csv.find(",aftercare.help_arrives,4.5,hours,16200,") != std::string::npos);
  const std::string file =
      test::write_file("flux-names.toml", bundled_with("flux-bandit-ambush.toml",
                                                       "[sweep]\nkey = \"aftercare.help_arrives\"\n"
                                                       "values = [1, 1.5]\nunit = \"hours\"\n",
                                                       10));
  const LoadedScenario ls = load_scenario(file);
  CHECK(ls.scenario.variants.at(1).name == "baseline@help_arrives=1hour");
  CHECK(ls.scenario.variants.at(2).name == "baseline@help_arrives=1.5hours");
  CHECK(ls.scenario.sweep->x.x == std::vector<double>{3600, 5400});
  // A list of durations in several units: shown in the largest in which every value is a
  // whole number of thousandths.
  auto unit_of = [&](const std::string& values) {
    const std::string f = test::write_file(
        "flux-units.toml",
        bundled_with("flux-bandit-ambush.toml",
                     "[sweep]\nkey = \"aftercare.help_arrives\"\nvalues = " + values + "\n", 10));
    const LoadedScenario ls = load_scenario(f);
    const SweepAxis& a = ls.scenario.sweep->x;
    return a.unit + " " + std::to_string(static_cast<int>(a.unit_seconds));
  };
  CHECK(unit_of("[\"30 minutes\", \"2 hours\", \"6 h\"]") == "hours 3600");
  CHECK(unit_of("[\"1 round\", \"1 hour\"]") == "rounds 6");
  CHECK(unit_of("[\"1 round\", \"7 s\"]") == "seconds 1");
}

TEST_CASE("a sweep's lasting injuries against the swept value", "[sweep][answers]") {
  const Answer a =
      run_sweep("flux-sequelae", bundled_with("flux-bandit-ambush.toml",
                                              "[sweep]\nkey = \"aftercare.help_arrives\"\n"
                                              "values = [1, 6]\nunit = \"hours\"\ntarget = 0.3\n",
                                              4000));
  // Every declared sequela at every point: its share of the trials, with its interval.
  const CsvTable s = CsvTable::parse(a.sweep_csv, "sweep.csv");
  std::map<std::string, int> points;
  for (size_t i = 0; i < s.rows(); ++i)
    if (s.at(i, "metric").rfind("sequela_", 0) == 0) {
      ++points[s.at(i, "metric")];
      CHECK(s.number(i, "ci_low") <= s.number(i, "estimate"));
      CHECK(s.number(i, "estimate") <= s.number(i, "ci_high"));
      CHECK(s.at(i, "n") == "4000");
    }
  CHECK(points.count("sequela_adr_loss_rate") == 1);
  for (const auto& [m, n] : points) CHECK(n == 2);
}
