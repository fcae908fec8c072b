// Batches: several scenarios in one run get one summary.csv across them beside their folders,
// and a run whose stderr is not a terminal (or --quiet) logs a plain progress line every
// --log-every seconds, with the scenario's place in the batch, the rates, the ETAs and the
// death rate so far. run.json carries the measured speed and memory.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <regex>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "tests/cli_support.h"
#include "tests/support.h"

using namespace leth;
using test::cli;
using test::fresh_path;
using test::read_file;

namespace {

std::string named(const std::string& name) {
  std::string s = test::pf2_scenario();
  return s.replace(s.find("\"test\""), 6, "\"" + name + "\"");
}

// The lines of a CSV without its header.
std::string rows_of(const std::string& csv) {
  return csv.substr(csv.find('\n') + 1);
}

}  // namespace

TEST_CASE("several scenarios: one summary.csv across them, beside their folders", "[batch]") {
  const std::string a = test::write_file("batch/alpha.toml", named("alpha"));
  const std::string b = test::write_file("batch/beta.toml", named("beta"));
  const std::string out = fresh_path("batch-out");
  const auto r = cli({"run", a, b, "--trials", "3000", "--out", out, "--quiet"});
  REQUIRE(r.status == 0);
  const std::string all = read_file(out + "/summary.csv");
  const std::string alpha = read_file(out + "/alpha/summary.csv");
  const std::string beta = read_file(out + "/beta/summary.csv");
  REQUIRE_FALSE(alpha.empty());
  REQUIRE_FALSE(beta.empty());
  // One header, then every row of each scenario's own summary, in the order run.
  CHECK(all == alpha + rows_of(beta));
  CHECK_THAT(all, Catch::Contains("\r\nalpha,pf2,baseline,death_rate,"));
  CHECK_THAT(all, Catch::Contains("\r\nbeta,pf2,baseline,death_rate,"));

  SECTION("one scenario: its --out folder is its results folder, nothing combined") {
    const std::string one = fresh_path("batch-one");
    REQUIRE(cli({"run", a, "--trials", "1000", "--out", one, "--quiet"}).status == 0);
    CHECK_THAT(read_file(one + "/summary.csv"), !Catch::Contains("\r\nbeta,"));
    CHECK_FALSE(std::filesystem::exists(one + "/alpha"));
  }
}

TEST_CASE("run.json records the trials per second and the peak memory", "[batch]") {
  const std::string a = test::write_file("batch/gamma.toml", named("gamma"));
  const std::string out = fresh_path("batch-measured");
  REQUIRE(cli({"run", a, "--trials", "5000", "--out", out, "--quiet"}).status == 0);
  const nlohmann::json run = nlohmann::json::parse(read_file(out + "/run.json"));
  const double elapsed = run.at("elapsed_s").get<double>();
  const double rate = run.at("trials_per_second").get<double>();
  REQUIRE(elapsed > 0);
  CHECK(rate == Approx(5000 / elapsed).epsilon(1e-9));
  CHECK(run.at("peak_memory_mib").get<double>() > 1.0);  // a process holds more than 1 MiB
}

TEST_CASE("without a terminal, progress is a plain log line every --log-every seconds",
          "[batch][progress]") {
  // The real program, stderr to a file: not a terminal. Two scenarios of about two seconds
  // each at one thread, a line a second.
  const std::string a = test::source_path("bench/pf2-bench.toml");
  const std::string b = test::source_path("bench/pf2-dying-track.toml");
  const std::string out = fresh_path("batch-log");
  const std::string log = fresh_path("batch-log.err");
  const std::string command = std::string("'") + test::lethality_binary() + "' run '" + a + "' '" +
                              b + "' --trials 1500000 --threads 1 --log-every 1 --out '" + out +
                              "' > /dev/null 2> '" + log + "'";
  REQUIRE(std::system(command.c_str()) == 0);
  const std::string text = read_file(log);
  INFO(text);
  // "2026-11-30 15:29:34  pf2-bench (1/2)   48%  1436672/3000000 trials  7.16e+05 trials/s
  //  ETA 2.18 s  batch ETA 6.38 s  deaths 8.14% ±0.046%"
  const std::regex line(
      R"(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d  pf2-bench \(1/2\) +\d+%  \d+/1500000 trials  [0-9.e+]+ trials/s  ETA [^ ]+ [a-z]+  batch ETA [^ ]+ [a-z]+  deaths [0-9.e+-]+% ±[0-9.e+-]+%)");
  size_t lines = 0, matching = 0;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) {
    ++lines;
    if (std::regex_search(l, line)) ++matching;
  }
  CHECK(matching >= 1);
  CHECK(text.find('\r') == std::string::npos);     // plain lines, no redrawing
  CHECK(text.find("\x1b[") == std::string::npos);  // and no terminal escapes

  SECTION("--log-every 0: nothing at all") {
    const std::string quiet_out = fresh_path("batch-log-0");
    const std::string quiet_log = fresh_path("batch-log-0.err");
    const std::string c = std::string("'") + test::lethality_binary() + "' run '" + a +
                          "' --trials 1500000 --threads 1 --log-every 0 --out '" + quiet_out +
                          "' > /dev/null 2> '" + quiet_log + "'";
    REQUIRE(std::system(c.c_str()) == 0);
    CHECK(read_file(quiet_log) == "");
  }
}

TEST_CASE("the log interval flag is checked like every number flag", "[batch]") {
  const std::string a = test::write_file("batch/delta.toml", named("delta"));
  const std::string out = fresh_path("batch-bad-log");
  const auto r = cli({"run", a, "--log-every", "-3", "--out", out});
  CHECK(r.status == 2);
  CHECK_THAT(r.err, Catch::Contains("--log-every"));
  CHECK_THAT(r.err, Catch::Contains("0 to 86400"));
}
