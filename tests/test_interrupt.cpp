// Ctrl-C and SIGTERM on the real program (sim/cli/interrupt.h): the run answers within the
// trial in hand, not at the end of its chunk — a chunk of a heavy scenario can take hours —
// with a checkpoint that holds exactly the trials run, which resumes to the bytes of an
// uninterrupted run.
#include <signal.h>
#include <sys/wait.h>

#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <thread>

#include "sim/cli/plan.h"
#include "sim/engine/checkpoint.h"
#include "tests/cli_support.h"
#include "tests/support.h"

using namespace leth;
namespace fs = std::filesystem;

namespace {

// A scenario whose chunks are slow on one thread: 64 variants (2016 pairs tallied per trial).
std::string heavy_scenario() {
  std::string variants;
  for (int i = 1; i < 64; ++i)
    variants += "[[variants]]\nname = \"v" + std::to_string(i) +
                "\"\noptions = { recovery_check = \"" + (i % 2 ? "flat" : "fortitude") + "\" }\n";
  return test::write_file("heavy.toml", test::pf2_scenario(variants));
}

double seconds_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

}  // namespace

TEST_CASE("SIGTERM stops a run inside its chunk, at once, and the run resumes byte for byte",
          "[interrupt]") {
  const std::string file = heavy_scenario();
  const std::string trials = "70000";  // a chunk of 65,536 and a short one
  const std::string out = test::fresh_path("sigterm-out");
  test::Spawn how;
  how.err_path = test::fresh_path("sigterm-out.err");
  const int pid = test::spawn(
      {"run", file, "--trials", trials, "--threads", "1", "--out", out, "-q", "--log-every", "0"},
      how);
  REQUIRE(pid > 0);
  // Well inside the first chunk (which takes seconds on one thread), then the signal.
  std::this_thread::sleep_for(std::chrono::milliseconds(700));
  const auto signalled = std::chrono::steady_clock::now();
  REQUIRE(::kill(pid, SIGTERM) == 0);
  const int status = test::wait_for(pid);
  const double answered = seconds_since(signalled);
  REQUIRE(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 143);
  // Within the trial in hand (64 variants of one trial: well under a millisecond) and the
  // writing of a checkpoint and partial results.
  CHECK(answered < 1.0);
  const Checkpoint cp = read_checkpoint(checkpoint_path(out));
  INFO("stopped with " << cp.tally.ranges.text() << " after " << answered << " s");
  // Inside the first chunk: not at a chunk boundary, as it would have been before.
  REQUIRE(cp.tally.trials() > 0);
  CHECK(cp.tally.trials() < kChunkTrials);
  CHECK(nlohmann::json::parse(test::read_file(out + "/run.json")).at("partial") == true);
  // The exact command that resumes it, on stderr.
  CHECK_THAT(test::read_file(how.err_path),
             Catch::Contains("interrupted; resume with: lethality run " + file + " --trials " +
                             trials + " --threads 1 --out " + out + " -q --log-every 0 --resume"));

  const test::CliResult resumed = test::cli(
      {"run", file, "--trials", trials, "--out", out, "--resume", "--threads", "2", "-q"});
  INFO(resumed.err);
  REQUIRE(resumed.status == 0);
  const std::string whole = test::fresh_path("sigterm-whole");
  REQUIRE(
      test::cli({"run", file, "--trials", trials, "--out", whole, "--threads", "2", "-q"}).status ==
      0);
  for (const char* f : {"summary.csv", "end_states.csv", "histograms.csv", "sequelae.csv",
                        "examples.csv", "comparisons.csv"}) {
    INFO(f);
    CHECK(test::read_file(out + "/" + f) == test::read_file(whole + "/" + f));
  }
}
