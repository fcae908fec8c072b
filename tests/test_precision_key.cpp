// A scenario file's own precision target (`precision = "4%"`, `max_trials = ...`): run to it
// unless --trials asks for a count; the file's mistakes located like every other key.
#include <catch2/catch.hpp>

#include <string>

#include <nlohmann/json.hpp>

#include "tests/cli_support.h"
#include "tests/support.h"

using namespace leth;
using test::cli;
using test::fresh_path;
using test::read_file;

namespace {

// test::pf2_scenario() without its `trials = 1000` line, with `head` in its place.
std::string with_head(const std::string& head) {
  std::string s = test::pf2_scenario();
  const std::string line = "trials = 1000\n";
  return s.replace(s.find(line), line.size(), head);
}

std::string error_loading(const std::string& text, const std::string& name) {
  const std::string path = test::write_file(name, text);
  return test::error_of([&] { load_scenario(path); });
}

}  // namespace

TEST_CASE("a file's precision target runs like --precision; --trials overrides it",
          "[precision][keys]") {
  const std::string file =
      test::write_file("precision-key.toml", with_head("precision = \"8%\"\nmax_trials = 3e6\n"));
  const std::string out = fresh_path("precision-key");
  const auto r = cli({"run", file, "--out", out, "--quiet"});
  INFO(r.err);
  REQUIRE(r.status == 0);
  const nlohmann::json run = nlohmann::json::parse(read_file(out + "/run.json"));
  CHECK(run.at("stopped") == "precision");
  CHECK(run.at("precision") == "8%");
  CHECK(run.at("trials").get<uint64_t>() % 65536 == 0);  // a chunk boundary, below the cap
  CHECK(run.at("trials").get<uint64_t>() < 3'000'000);

  // The same target from the command line stops at the same trial, byte for byte.
  const std::string same = fresh_path("precision-flag");
  REQUIRE(cli({"run", file, "--precision", "8%", "--out", same, "--quiet"}).status == 0);
  CHECK(read_file(out + "/summary.csv") == read_file(same + "/summary.csv"));

  // --trials: a count, whatever the file says.
  const std::string counted = fresh_path("precision-counted");
  REQUIRE(cli({"run", file, "--trials", "5000", "--out", counted, "--quiet"}).status == 0);
  const nlohmann::json c = nlohmann::json::parse(read_file(counted + "/run.json"));
  CHECK(c.at("stopped") == "trials");
  CHECK(c.at("trials") == 5000);

  // A file's target cannot be sharded, like the flag's.
  const auto shard = cli({"run", file, "--shard", "1/2", "--out", fresh_path("precision-shard")});
  CHECK(shard.status == 2);
  CHECK_THAT(shard.err, Catch::Contains("precision target cannot be sharded"));
}

TEST_CASE("a file's precision keys: mistakes are located and explained", "[precision][keys]") {
  CHECK_THAT(error_loading(with_head("trials = 1000\nprecision = \"5%\"\n"), "both.toml"),
             Catch::Contains("both.toml:4:") && Catch::Contains("precision: the file sets both "
                                                               "trials and precision"));
  CHECK_THAT(error_loading(with_head("precision = \"0%\"\n"), "zero.toml"),
             Catch::Contains("zero.toml:3:") &&
                 Catch::Contains("precision: \"0%\" is not a precision") &&
                 Catch::Contains("e.g. 5%"));
  CHECK_THAT(error_loading(with_head("precision = 0.01\n"), "number.toml"),
             Catch::Contains("number.toml:3:") && Catch::Contains("precision"));
  CHECK_THAT(error_loading(with_head("max_trials = 1e6\n"), "cap.toml"),
             Catch::Contains("cap.toml:3:") &&
                 Catch::Contains("max_trials caps a precision target, and the file sets none"));
  CHECK_THAT(error_loading(with_head("precision = \"5%\"\n") +
                               "[[variants]]\nname = \"v\"\nprecision = \"1%\"\n",
                           "variant.toml"),
             Catch::Contains("a variant cannot change precision"));
}
