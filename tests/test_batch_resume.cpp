// A batch resumes as one thing: `run FILES... --resume --out OUT` keeps the scenarios that
// finished, continues the interrupted one from its checkpoint, runs the rest and rebuilds the
// batch's summary.csv and batch.json — every file byte for byte as an uninterrupted batch's
// (run.json without its measured fields), a file of two rulesets included, without repeating
// --trials. The real program is stopped with SIGTERM and with SIGKILL (LETHALITY_TEST_KILL_AT).
#include <signal.h>
#include <sys/wait.h>

#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <thread>

#include "tests/cli_support.h"
#include "tests/support.h"

using namespace leth;
namespace fs = std::filesystem;
using test::cli;
using test::fresh_path;
using test::read_file;

namespace {

std::string named(const std::string& name) {
  std::string s = test::pf2_scenario(
      "[[variants]]\nname = \"flat\"\noptions = { recovery_check = \"flat\" }\n");
  return s.replace(s.find("\"test\""), 6, "\"" + name + "\"");
}

// alpha (pf2), a file of two rulesets (goblin-ambush-pf2, goblin-ambush-dnd5e), omega (pf2).
std::vector<std::string> batch_files() {
  return {test::write_file("batch-resume/alpha.toml", named("alpha")),
          test::source_path("scenarios/examples/goblin-ambush-two-rulesets.toml"),
          test::write_file("batch-resume/omega.toml", named("omega"))};
}

std::vector<std::string> with(std::vector<std::string> args, const std::vector<std::string>& more) {
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

// Every file under `dir`, relative to it, sorted.
std::vector<std::string> tree(const std::string& dir) {
  std::vector<std::string> out;
  for (const auto& e : fs::recursive_directory_iterator(dir))
    if (e.is_regular_file()) out.push_back(fs::relative(e.path(), dir).string());
  std::sort(out.begin(), out.end());
  return out;
}

// run.json without the fields a run measures (as tests/test_resume.cpp and the goldens).
std::string unmeasured(const std::string& text) {
  nlohmann::json j = nlohmann::json::parse(text);
  for (const char* f : {"elapsed_s", "threads", "trials_per_second", "peak_memory_mib"}) j.erase(f);
  return j.dump(2);
}

// The two folders hold the same files, byte for byte but for run.json's measured fields.
void check_same_folders(const std::string& a, const std::string& b) {
  const std::vector<std::string> files = tree(a);
  REQUIRE(files == tree(b));
  for (const std::string& f : files) {
    INFO(f);
    if (fs::path(f).filename() == "run.json")
      CHECK(unmeasured(read_file(a + "/" + f)) == unmeasured(read_file(b + "/" + f)));
    else
      CHECK(read_file(a + "/" + f) == read_file(b + "/" + f));
  }
}

const std::string kTrials = "300000";  // five chunks: a scenario takes a good part of a second

// The uninterrupted batch, made once.
const std::string& whole_batch() {
  static const std::string whole = [] {
    const std::string out = fresh_path("batch-resume-whole");
    const auto r =
        cli(with(with({"run"}, batch_files()), {"--trials", kTrials, "--out", out, "-q"}));
    REQUIRE(r.status == 0);
    return out;
  }();
  return whole;
}

nlohmann::json record_of(const std::string& out) {
  return nlohmann::json::parse(read_file(out + "/batch.json"));
}

}  // namespace

TEST_CASE("a batch stopped by SIGTERM mid-way resumes to the bytes of an uninterrupted one",
          "[batch][resume]") {
  const std::string whole = whole_batch();
  const nlohmann::json done = record_of(whole);
  CHECK(done.at("partial") == false);
  CHECK(done.at("not_run").empty());
  CHECK(done.at("scenarios").size() == 4);

  const std::string out = fresh_path("batch-resume-cut");
  const std::string log = fresh_path("batch-resume-cut.err");
  test::Spawn how;
  how.err_path = log;
  const int pid = test::spawn(
      with(with({"run"}, batch_files()), {"--trials", kTrials, "--out", out, "--threads", "1",
                                          "--checkpoint-every", "65536", "-q", "--log-every", "0"}),
      how);
  REQUIRE(pid > 0);
  // Once alpha is written, the two-ruleset file is running: stop the batch there.
  const auto t0 = std::chrono::steady_clock::now();
  while (!fs::exists(out + "/alpha/run.json") &&
         std::chrono::steady_clock::now() - t0 < std::chrono::seconds(60))
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  REQUIRE(::kill(pid, SIGTERM) == 0);
  const int status = test::wait_for(pid);
  REQUIRE(WIFEXITED(status));
  REQUIRE(WEXITSTATUS(status) == 143);

  // The partial batch says so: in batch.json, and on the terminal with the command to resume.
  const nlohmann::json cut = record_of(out);
  CHECK(cut.at("partial") == true);
  CHECK(cut.at("scenarios").at(0).at("state") == "done");
  CHECK(cut.at("not_run").back() == "omega");
  const std::string err = read_file(log);
  INFO(err);
  CHECK_THAT(err, Catch::Contains("batch interrupted: 1 of 4 scenarios done"));
  CHECK_THAT(err, Catch::Contains("did not run: "));
  CHECK_THAT(err, Catch::Contains("omega"));
  CHECK_THAT(err, Catch::Contains("\"partial\": true"));
  CHECK_THAT(err, Catch::Contains("resume the batch with: lethality run "));
  const std::string alpha_before = read_file(out + "/alpha/run.json");

  // Resumed without --trials (batch.json has it), on other threads.
  const auto r =
      cli(with(with({"run"}, batch_files()), {"--out", out, "--resume", "--threads", "2", "-q"}));
  INFO(r.err);
  REQUIRE(r.status == 0);
  check_same_folders(whole, out);
  CHECK(read_file(out + "/alpha/run.json") == alpha_before);  // kept, not run again
  CHECK(tree(out) == tree(whole));                            // and no checkpoint left
  CHECK_FALSE(fs::exists(out + "/goblin-ambush-pf2.checkpoint.json"));
}

TEST_CASE("a batch killed while writing a scenario resumes to the same bytes", "[batch][resume]") {
  const std::string whole = whole_batch();
  const std::string out = fresh_path("batch-resume-killed");
  test::Spawn how;
  how.env = {"LETHALITY_TEST_KILL_AT=swapped"};  // SIGKILL once alpha's folder is in place
  const int status = test::run_binary(
      with(with({"run"}, batch_files()),
           {"--trials", kTrials, "--out", out, "--checkpoint-every", "65536", "-q"}),
      how);
  REQUIRE(status == 128 + SIGKILL);
  CHECK(record_of(out).at("not_run").size() == 4);  // killed before the batch's files moved on
  const auto r = cli(with(with({"run"}, batch_files()), {"--out", out, "--resume", "-q"}));
  INFO(r.err);
  REQUIRE(r.status == 0);
  check_same_folders(whole, out);
}

TEST_CASE("resuming a batch that finished rebuilds the same files and runs nothing",
          "[batch][resume]") {
  const std::vector<std::string> files = batch_files();
  const std::string out = fresh_path("batch-resume-done");
  REQUIRE(cli(with(with({"run"}, files), {"--trials", "3000", "--out", out, "-q"})).status == 0);
  // A batch page `lethality plot` made: still true of the results, so it stays.
  const std::string page = out + "/report.html";
  { std::ofstream(page) << "<meta name=\"generator\" content=\"lethality plot (batch)\">"; }
  std::map<std::string, std::string> before;
  for (const std::string& f : tree(out)) before[f] = read_file(out + "/" + f);
  const auto r = cli(with(with({"run"}, files), {"--out", out, "--resume"}));
  INFO(r.err);
  REQUIRE(r.status == 0);
  CHECK_THAT(r.out, Catch::Contains("alpha: finished before, kept: "));
  CHECK_THAT(r.out, Catch::Contains("4 of 4 scenarios kept from before"));
  std::map<std::string, std::string> after;
  for (const std::string& f : tree(out)) after[f] = read_file(out + "/" + f);
  CHECK(after == before);  // every byte, the measured fields of run.json included

  SECTION("a batch that runs again removes the page it makes stale") {
    REQUIRE(cli(with(with({"run"}, files), {"--trials", "3000", "--out", out, "-q"})).status == 0);
    CHECK_FALSE(fs::exists(page));
  }
}

TEST_CASE("a batch's resume refuses options that differ from what it recorded", "[batch][resume]") {
  const std::vector<std::string> files = batch_files();
  const std::string out = fresh_path("batch-resume-bad");
  REQUIRE(cli(with(with({"run"}, files), {"--trials", "3000", "--out", out, "-q"})).status == 0);
  const std::string record = read_file(out + "/batch.json");
  auto refused = [&](const std::vector<std::string>& args, const std::string& message) {
    const auto r = cli(args);
    INFO(r.err);
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains(message));
    CHECK(read_file(out + "/batch.json") == record);  // nothing written
  };
  SECTION("another trial count") {
    refused(
        with(with({"run"}, files), {"--trials", "5000", "--out", out, "--resume"}),
        "--resume: the batch was started with --trials 3000, not --trials 5000 (give the option as "
        "the batch was started, or leave it out: --resume reads it from " +
            out + "/batch.json)");
  }
  SECTION("another seed") {
    refused(with(with({"run"}, files), {"--seed", "9", "--out", out, "--resume"}),
            "the batch was started with no --seed, not --seed 9");
  }
  SECTION("a precision target instead of the count") {
    refused(with(with({"run"}, files), {"--precision", "5%", "--out", out, "--resume"}),
            "the batch was started with --trials 3000, not no --trials");
  }
  SECTION("other files") {
    refused({"run", files[0], files[2], "--out", out, "--resume"},
            "--resume: this batch ran the scenarios alpha, goblin-ambush-pf2, "
            "goblin-ambush-dnd5e, omega, not alpha, omega");
  }
  SECTION("without its record, a finished scenario of other trials") {
    fs::remove(out + "/batch.json");
    const auto r = cli(with(with({"run"}, files), {"--trials", "5000", "--out", out, "--resume"}));
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains("alpha/run.json"));
    CHECK_THAT(r.err, Catch::Contains("holds a finished run of another run (then vs now): "
                                      "trials 3000 vs 5000"));
  }
}

TEST_CASE("the page of a partial batch says what is missing", "[batch][resume][plot]") {
  const std::vector<std::string> files = batch_files();
  const std::string out = fresh_path("batch-resume-plot");
  REQUIRE(cli({"run", files[0], files[2], "--trials", "2000", "--out", out, "-q"}).status == 0);
  // As an interrupted batch leaves it: omega never ran (its folder removed, its state too).
  nlohmann::json record = record_of(out);
  record["scenarios"][1]["state"] = "not run";
  std::ofstream(out + "/batch.json") << record.dump(2) << "\n";
  fs::remove_all(out + "/omega");
  const auto r = cli({"plot", out, "--format", "svg"});
  INFO(r.err);
  REQUIRE(r.status == 0);
  const std::string note = "PARTIAL batch: 1 of 2 scenarios done; did not run: omega";
  CHECK_THAT(r.err, Catch::Contains("note: " + note));
  CHECK_THAT(read_file(out + "/report.html"), Catch::Contains("<p class=\"note\">" + note));
}
