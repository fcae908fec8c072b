// Results folders (sim/cli/output.h): `--out` named once and normalised, a folder replaced in
// one step — the real program SIGKILLed between every two steps of the replacement leaves the
// old folder whole or the new one whole — the leftovers of killed runs removed by the next
// run, a full disk found before the run, and a shard's folder kept from merge.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "sim/cli/output.h"
#include "sim/cli/plan.h"
#include "tests/cli_support.h"
#include "tests/support.h"

using namespace leth;
namespace fs = std::filesystem;

namespace {

using test::cli;
using test::fresh_path;
using test::read_file;

std::string scenario_file() {
  return test::write_file("out-dir.toml", test::pf2_scenario(R"([[variants]]
name = "flat"
options = { recovery_check = "flat" }
)"));
}

// A results folder's files and their bytes, run.json without its measured fields.
std::map<std::string, std::string> contents(const std::string& dir) {
  std::map<std::string, std::string> files;
  for (const std::string& name : test::names_in(dir)) {
    std::string text = read_file(dir + "/" + name);
    if (name == "run.json") {
      nlohmann::json j = nlohmann::json::parse(text);
      for (const char* k : {"elapsed_s", "threads", "trials_per_second", "peak_memory_mib"})
        j.erase(k);
      text = j.dump();
    }
    files[name] = text;
  }
  return files;
}

// Entries beside `dir` (in its parent) whose names start with its own and a dot: staging
// folders, moved-aside folders, temporary files, locks.
std::vector<std::string> beside(const std::string& dir) {
  std::vector<std::string> found;
  const std::string base = fs::path(dir).filename().string() + ".";
  for (const std::string& n : test::names_in(fs::path(dir).parent_path().string()))
    if (n.rfind(base, 0) == 0) found.push_back(n);
  return found;
}

// The real program, made to SIGKILL itself at a step of its folder's replacement.
test::Spawn killed_at(ReplaceStep step) {
  test::Spawn how;
  how.env = {"LETHALITY_TEST_KILL_AT=" + std::string(step_name(step))};
  return how;
}

}  // namespace

TEST_CASE("run: --out naming an earlier results folder through '.', './' or '..' replaces it",
          "[output]") {
  const std::string file = scenario_file();
  const std::string od = fresh_path("od");
  REQUIRE(cli({"run", file, "--out", od, "-q"}).status == 0);
  const std::string tmp = test::temp_dir();
  for (const std::string& given :
       {od + "/.", od + "/./", tmp + "/./od/.", od + "/../od", od + "//"}) {
    INFO(given);
    const test::CliResult r = cli({"run", file, "--out", given, "--seed", "8", "-q"});
    INFO(r.err);
    CHECK(r.status == 0);
    // Replaced, not lost: the folder holds the new run's results.
    REQUIRE(fs::exists(od + "/run.json"));
    CHECK(nlohmann::json::parse(read_file(od + "/run.json")).at("seed") == 8);
    CHECK(beside(od).empty());
    REQUIRE(cli({"run", file, "--out", od, "-q"}).status == 0);  // seed 7 again
  }
  SECTION("merge --out is normalised the same way") {
    const std::string s1 = fresh_path("od-shard-1"), s2 = fresh_path("od-shard-2");
    REQUIRE(cli({"run", file, "--trials", "70000", "--shard", "1/2", "--out", s1, "-q"}).status ==
            0);
    REQUIRE(cli({"run", file, "--trials", "70000", "--shard", "2/2", "--out", s2, "-q"}).status ==
            0);
    const std::string mo = fresh_path("mo");
    REQUIRE(cli({"merge", s1, s2, "--out", mo, "-q"}).status == 0);
    const test::CliResult r = cli({"merge", s1, s2, "--out", mo + "/.", "-q"});
    INFO(r.err);
    CHECK(r.status == 0);
    CHECK(fs::exists(mo + "/run.json"));
    CHECK(beside(mo).empty());
  }
  SECTION("what names no folder of its own is refused before anything runs") {
    for (const std::string& given :
         {std::string("."), std::string("sub/.."), std::string("/"), std::string("./")}) {
      INFO(given);
      const test::CliResult r = cli({"run", file, "--out", given});
      CHECK(r.status == 2);
      CHECK_THAT(r.err, Catch::Contains("--out names no folder of its own"));
      const test::CliResult v = cli({"validate", file, "--out", given});
      CHECK(v.status == 2);
    }
    CHECK(cli({"merge", od, "--out", "."}).status == 2);
  }
  SECTION("a '..' after a symbolic link, which leads elsewhere than it reads, is refused") {
    fs::create_directories(tmp + "/od-elsewhere/deep");
    fs::remove(tmp + "/od-link");
    fs::create_directory_symlink(tmp + "/od-elsewhere/deep", tmp + "/od-link");
    const test::CliResult r = cli({"run", file, "--out", tmp + "/od-link/../od"});
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains("leads through a symbolic link and '..'"));
  }
}

TEST_CASE("output_path normalises once", "[output]") {
  CHECK(output_path("od/.") == "od");
  CHECK(output_path("./od/./") == "od");
  CHECK(output_path("od/../od") == "od");
  CHECK(output_path("a//b/") == "a/b");
  CHECK(output_path("/abs/od/.") == "/abs/od");
  CHECK(output_path("../up") == "../up");
  CHECK(test::error_of([] { output_path(""); }) ==
        "error: --out needs a folder (give --out a folder of its own, e.g. --out results/run1)");
  CHECK(test::error_of([] { output_path("od/.."); }) ==
        "od/..: error: --out names no folder of its own ('od/..' is '.') (give --out a folder "
        "of its own, e.g. --out results/run1)");
}

TEST_CASE(
    "a run killed between any two steps of replacing its folder leaves it old or new, "
    "whole",
    "[output]") {
  const std::string file = scenario_file();
  // What the folder holds before (seed 7) and what the new run writes (seed 8).
  const std::string old_ref = fresh_path("swap-old"), new_ref = fresh_path("swap-new");
  REQUIRE(cli({"run", file, "--out", old_ref, "-q"}).status == 0);
  REQUIRE(cli({"run", file, "--seed", "8", "--out", new_ref, "-q"}).status == 0);
  const auto old_files = contents(old_ref), new_files = contents(new_ref);
  REQUIRE(old_files.size() == 7);
  REQUIRE(old_files != new_files);

  for (ReplaceStep step : {ReplaceStep::Staging, ReplaceStep::Staged, ReplaceStep::Swapped,
                           ReplaceStep::Synced, ReplaceStep::Removed}) {
    const std::string name = step_name(step);
    INFO("killed at: " << name);
    const std::string out = fresh_path("swap-out");
    REQUIRE(cli({"run", file, "--out", out, "-q"}).status == 0);
    const int code =
        test::run_binary({"run", file, "--seed", "8", "--out", out, "-q"}, killed_at(step));
    REQUIRE(code == 128 + SIGKILL);  // killed at that very step
    const auto now = contents(out);
    // Never neither, never half: before the swap the old folder, from it on the new one.
    const bool swapped =
        step == ReplaceStep::Swapped || step == ReplaceStep::Synced || step == ReplaceStep::Removed;
    CHECK(now == (swapped ? new_files : old_files));
    // The next run removes what the killed one left beside the folder (item 4 of issue 20).
    const test::CliResult again = cli({"run", file, "--seed", "8", "--out", out, "-q"});
    INFO(again.err);
    REQUIRE(again.status == 0);
    CHECK(contents(out) == new_files);
    CHECK(beside(out).empty());
  }
  SECTION("a first run, killed before or after its folder appears") {
    for (ReplaceStep step : {ReplaceStep::Staged, ReplaceStep::Swapped}) {
      const std::string out = fresh_path("swap-first");
      REQUIRE(test::run_binary({"run", file, "--out", out, "-q"}, killed_at(step)) ==
              128 + SIGKILL);
      if (step == ReplaceStep::Staged)
        CHECK_FALSE(fs::exists(out));
      else
        CHECK(contents(out) == old_files);
    }
  }
}

TEST_CASE("without a one-step swap, a folder moved aside is put back by the next run", "[output]") {
  const FileSet old_set{{"run.json", "{\"old\": 1}\n"}, {"summary.csv", "old\n"}};
  const FileSet new_set{{"run.json", "{\"new\": 2}\n"}, {"summary.csv", "new\n"}};
  auto as_map = [](const FileSet& f) {
    return std::map<std::string, std::string>(f.begin(), f.end());
  };
  auto read_back = [](const std::string& dir) {
    std::map<std::string, std::string> m;
    for (const std::string& n : test::names_in(dir)) m[n] = read_file(dir + "/" + n);
    return m;
  };
  for (ReplaceStep step : {ReplaceStep::Staging, ReplaceStep::Staged, ReplaceStep::MovedAside,
                           ReplaceStep::Swapped, ReplaceStep::Synced, ReplaceStep::Removed}) {
    INFO("killed at: " << step_name(step));
    const std::string dir = fresh_path("aside-out");
    replace_output_dir(dir, old_set, {}, false);
    REQUIRE(read_back(dir) == as_map(old_set));
    // A child process (forked, not exec'd) replaces the folder and is killed at `step`.
    const pid_t pid = ::fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
      try {
        replace_output_dir(
            dir, new_set,
            [step](ReplaceStep s) {
              if (s == step) ::raise(SIGKILL);
            },
            false);
      } catch (...) {
      }
      ::_exit(0);
    }
    REQUIRE(test::wait_for(pid) == SIGKILL);  // killed by the signal, no exit status
    remove_leftovers(dir);                    // what the next run on the folder does first
    const bool replaced =
        step == ReplaceStep::Swapped || step == ReplaceStep::Synced || step == ReplaceStep::Removed;
    CHECK(read_back(dir) == as_map(replaced ? new_set : old_set));
    CHECK(beside(dir).empty());
  }
}

TEST_CASE("leftovers of a process still alive are not removed", "[output]") {
  const std::string dir = fresh_path("alive-out");
  const std::string mine = dir + ".partial-" + std::to_string(::getpid());
  const std::string init = dir + ".partial-1";  // init: always alive
  const std::string dead = dir + ".checkpoint.json.tmp-999999999";
  fs::create_directories(mine);
  fs::create_directories(init);
  std::ofstream(dead) << "x";
  remove_leftovers(dir);
  CHECK(fs::exists(mine));
  CHECK(fs::exists(init));
  CHECK_FALSE(fs::exists(dead));
  fs::remove_all(mine);
  fs::remove_all(init);
}

TEST_CASE("validate and run refuse a full disk before running, not after", "[output]") {
  const std::string file = scenario_file();
  const std::string out = fresh_path("full-disk");
  // A file size limit of 1 byte: every write fails as on a full disk, once it is flushed.
  test::Spawn full;
  full.file_size_limit = 1;
  std::string err;
  CHECK(test::run_binary({"validate", file, "--out", out}, full, &err) == 2);
  CHECK_THAT(err, Catch::Contains(out + ": error: cannot write the output folder: File too large"));
  CHECK_FALSE(fs::exists(out));
  CHECK(beside(out).empty());
  // The run refuses as validate does, before its trials: 10^12 of them would take days.
  CHECK(test::run_binary({"run", file, "--trials", "1e12", "--out", out}, full, &err) == 2);
  CHECK_THAT(err, Catch::Contains("cannot write the output folder: File too large"));
}

TEST_CASE("a symbolic link loop inside --out is a folder that is not results: status 2",
          "[output]") {
  const std::string file = scenario_file();
  const std::string out = fresh_path("loop-out");
  REQUIRE(cli({"run", file, "--out", out, "-q"}).status == 0);  // an earlier results folder
  fs::create_symlink(out + "/loop", out + "/loop");             // and a link to itself in it
  const test::CliResult r = cli({"run", file, "--out", out});
  CHECK(r.status == 2);
  CHECK_THAT(r.err, Catch::Contains("the output folder exists and is not an earlier results"));
  CHECK(fs::is_symlink(out + "/loop"));
  // And --out itself a loop.
  const std::string self = fresh_path("loop-self");
  fs::create_symlink(self, self);
  const test::CliResult s = cli({"run", file, "--out", self});
  CHECK(s.status == 2);
  CHECK_THAT(s.err, Catch::Contains("Too many levels of symbolic links"));
  fs::remove(self);
}

TEST_CASE("merge refuses to write over a shard's folder and its tally.json", "[output]") {
  const std::string file = scenario_file();
  const std::string s1 = fresh_path("keep-shard-1"), s2 = fresh_path("keep-shard-2");
  REQUIRE(cli({"run", file, "--trials", "70000", "--shard", "1/2", "--out", s1, "-q"}).status == 0);
  REQUIRE(cli({"run", file, "--trials", "70000", "--shard", "2/2", "--out", s2, "-q"}).status == 0);
  const std::string tally = read_file(s1 + "/tally.json");
  const test::CliResult r = cli({"merge", s1, s2, "--out", s1});
  CHECK(r.status == 2);
  CHECK_THAT(r.err, Catch::Contains(s1 + ": error: the output folder holds a shard's results and "
                                         "its tally.json"));
  CHECK(read_file(s1 + "/tally.json") == tally);
  // A run of the whole scenario must not replace it either; the shard itself may run again.
  CHECK(cli({"run", file, "--trials", "70000", "--out", s1, "-q"}).status == 2);
  CHECK(cli({"run", file, "--trials", "70000", "--shard", "1/2", "--out", s1, "-q"}).status == 0);
}
