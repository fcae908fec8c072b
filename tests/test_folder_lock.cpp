// One writer per results folder (sim/cli/folder_lock.h): while a run holds its folder, a second
// run, a merge or a validate on the same --out is refused at once, naming the process that
// holds it; a killed holder blocks nobody; the lock file goes with the lock.
#include <signal.h>
#include <unistd.h>

#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <thread>

#include "sim/cli/folder_lock.h"
#include "tests/cli_support.h"
#include "tests/support.h"

using namespace leth;
namespace fs = std::filesystem;

namespace {

// Kills the child when the test leaves early (a failed REQUIRE): it would run 10^12 trials.
struct KillOnExit {
  int pid;
  ~KillOnExit() {
    if (pid <= 0) return;
    ::kill(pid, SIGKILL);
    test::wait_for(pid);
  }
};

}  // namespace

TEST_CASE("a second run on a folder in use is refused at once, naming the holder", "[lock]") {
  const std::string file = test::source_path("bench/pf2-bench.toml");
  const std::string out = test::fresh_path("locked-out");
  // The holder: a real process, long enough to be caught running (10^12 trials).
  const int pid = test::spawn(
      {"run", file, "--trials", "1e12", "--threads", "1", "--out", out, "-q", "--log-every", "0"});
  REQUIRE(pid > 0);
  KillOnExit guard{pid};
  const auto t0 = std::chrono::steady_clock::now();
  while (!fs::exists(out + ".lock") &&
         std::chrono::steady_clock::now() - t0 < std::chrono::seconds(30))
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  REQUIRE(fs::exists(out + ".lock"));
  std::this_thread::sleep_for(std::chrono::milliseconds(100));  // its PID written

  const auto t1 = std::chrono::steady_clock::now();
  const test::CliResult r = test::cli({"run", file, "--trials", "1000", "--out", out});
  const double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - t1).count();
  CHECK(r.status == 2);
  CHECK(r.err == out + ": error: the results folder is in use by process " + std::to_string(pid) +
                     " (its lock: " + out +
                     ".lock) (wait for that run to finish, or give --out "
                     "another folder)\n");
  CHECK(took < 5);  // refused before running anything
  CHECK(test::cli({"validate", file, "--out", out}).status == 2);
  CHECK_FALSE(fs::exists(out));  // the holder's results are not written yet, nor touched

  SECTION("a killed holder blocks nobody") {
    ::kill(pid, SIGKILL);
    test::wait_for(pid);
    guard.pid = 0;
    CHECK(fs::exists(out + ".lock"));  // left behind, but not held
    const test::CliResult again = test::cli({"run", file, "--trials", "1000", "--out", out, "-q"});
    INFO(again.err);
    CHECK(again.status == 0);
    CHECK_FALSE(fs::exists(out + ".lock"));  // released with its lock
  }
  SECTION("a stopped holder writes its results and releases the folder") {
    ::kill(pid, SIGTERM);
    CHECK(test::wait_for(pid) >> 8 == 143);
    guard.pid = 0;
    CHECK(fs::exists(out + "/run.json"));
    CHECK_FALSE(fs::exists(out + ".lock"));
    CHECK(test::cli({"run", file, "--trials", "1000", "--out", out, "-q"}).status == 0);
  }
}

TEST_CASE("a merge onto a folder in use is refused", "[lock]") {
  const std::string file = test::write_file("lock-merge.toml", test::pf2_scenario());
  const std::string s1 = test::fresh_path("lock-shard-1"), s2 = test::fresh_path("lock-shard-2");
  REQUIRE(
      test::cli({"run", file, "--trials", "70000", "--shard", "1/2", "--out", s1, "-q"}).status ==
      0);
  REQUIRE(
      test::cli({"run", file, "--trials", "70000", "--shard", "2/2", "--out", s2, "-q"}).status ==
      0);
  const std::string out = test::fresh_path("lock-merged");
  const FolderLock held(out);  // as a run writing there would hold it
  const test::CliResult r = test::cli({"merge", s1, s2, "--out", out});
  CHECK(r.status == 2);
  CHECK_THAT(r.err, Catch::Contains("is in use by process " + std::to_string(::getpid())));
  CHECK_FALSE(fs::exists(out));
}

TEST_CASE("the lock is released with its file; parents made for it go if still empty", "[lock]") {
  const std::string base = test::fresh_path("lock-parents");
  {
    const FolderLock lock(base + "/a/b/out");
    CHECK(fs::exists(base + "/a/b/out.lock"));
    CHECK_THROWS_WITH(FolderLock(base + "/a/b/out"), Catch::Contains("in use by process"));
  }
  CHECK_FALSE(fs::exists(base + "/a"));
  const FolderLock again(base + "/a/b/out");  // free again
  CHECK(fs::exists(base + "/a/b/out.lock"));
}

TEST_CASE("a batch locks its summary.csv as well as each results folder", "[lock]") {
  std::string b = test::pf2_scenario();
  b.replace(b.find("name = \"test\""), 13, "name = \"other\"");
  const std::string one = test::write_file("lock-batch/a.toml", test::pf2_scenario());
  test::write_file("lock-batch/b.toml", b);
  const std::string root = test::fresh_path("lock-batch-out");
  {
    const FolderLock held(root + "/summary.csv");
    const test::CliResult r = test::cli({"run", test::temp_dir() + "/lock-batch", "--out", root});
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains(root + "/summary.csv: error: the results folder is in use"));
    CHECK_FALSE(fs::exists(root + "/test"));
  }
  {
    const FolderLock held(root + "/other");  // one scenario's folder
    CHECK(test::cli({"run", test::temp_dir() + "/lock-batch", "--out", root}).status == 2);
  }
  CHECK(test::cli({"run", test::temp_dir() + "/lock-batch", "--out", root, "-q"}).status == 0);
  CHECK(fs::exists(root + "/summary.csv"));
  CHECK(test::names_in(root) ==
        std::vector<std::string>{"batch.json", "other", "summary.csv", "test"});
  (void)one;
}
