// A results folder read back for `lethality plot` (sim/cli/results_folder.h): a damaged
// run.json is an error with status 2 or is read for what it holds, never an internal error
// (a run.json whose variants were not objects ended plot with exit 1).
#include <catch2/catch.hpp>

#include <string>

#include "sim/cli/results_folder.h"
#include "tests/cli_support.h"
#include "tests/support.h"

using namespace leth;

TEST_CASE("a run.json nested 100,000 levels deep is refused, not crashed on", "[plot]") {
  const std::string deep = std::string(100'000, '[') + std::string(100'000, ']');
  const std::string run = test::write_file("deep-results/run.json", "{\"variants\": " + deep + "}");
  const std::string dir = test::temp_dir() + "/deep-results";
  CHECK(test::error_of([&] { read_results_folder(dir); }) ==
        run +
            ": error: not a run.json: nested deeper than 64 levels (run the scenario again to "
            "write it)");
}

TEST_CASE("a run.json of the wrong shape is read for what it holds", "[plot]") {
  test::write_file(
      "odd-results/run.json",
      "{\"variants\": [1, [2], {\"name\": 3}, {\"name\": \"kept\"}], \"scenario\": 4}");
  const std::string dir = test::temp_dir() + "/odd-results";
  ResultsFolder r;
  CHECK(test::error_of([&] { r = read_results_folder(dir); }) == "");
  CHECK(r.variants == std::vector<std::string>{"kept"});
  CHECK(r.scenario == "odd-results");  // from the folder's name
  // Whatever else plot meets in it is a damaged file, status 2.
  test::write_file("odd-results/run.json", "{\"scenario\": {\"file\": 5}}");
  const test::CliResult plot = test::cli({"plot", dir});
  CHECK(plot.status == 2);
  CHECK_THAT(plot.err, Catch::Contains("a run.json does not read as `lethality run` writes it"));
}
