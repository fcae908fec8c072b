// Long runs: checkpoints (written atomically, checked on load: a truncated or altered one is an
// error, never a silent wrong answer), `run --resume` giving the bytes of an uninterrupted run,
// a SIGKILLed run resumed, `--shard K/N` and `lethality merge` giving the bytes of a single run.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>
#include <sstream>
#include <thread>

#include "sim/cli/cli.h"
#include "sim/cli/plan.h"
#include "sim/core/sha256.h"
#include "sim/engine/checkpoint.h"
#include "tests/cli_support.h"
#include "tests/support.h"

using namespace leth;
namespace fs = std::filesystem;

namespace {

using Result = test::CliResult;
using test::cli;
using test::fresh_path;
using test::read_file;

std::string scenario_file(const std::string& name = "resume.toml") {
  return test::write_file(name, test::pf2_scenario(R"([[variants]]
name = "flat"
options = { recovery_check = "flat" }
)"));
}

const std::vector<std::string> kCsv = {"summary.csv",  "end_states.csv", "histograms.csv",
                                       "sequelae.csv", "examples.csv",   "comparisons.csv"};

// Every CSV byte for byte, and run.json without its measured fields (elapsed_s, threads,
// trials_per_second, peak_memory_mib).
void check_same_results(const std::string& a, const std::string& b) {
  for (const std::string& f : kCsv) {
    INFO(f);
    CHECK(read_file(a + "/" + f) == read_file(b + "/" + f));
  }
  auto run = [](const std::string& dir) {
    nlohmann::json j = nlohmann::json::parse(read_file(dir + "/run.json"));
    j.erase("elapsed_s");
    j.erase("threads");
    j.erase("trials_per_second");
    j.erase("peak_memory_mib");
    return j.dump(2);
  };
  CHECK(run(a) == run(b));
}

// 200,000 trials: four chunks of 65,536 (the last one short).
const std::string kTrials = "200000";

// A checkpoint of `file` after `chunks` chunks, as a run interrupted there would have left.
Checkpoint checkpoint_after(const std::string& file, uint64_t chunks, RunSettings settings = {}) {
  const LoadedScenario ls = load_scenario(file);
  settings.trials = 200000;
  Checkpoint c = new_checkpoint(ls, settings);
  uint64_t seen = 0;
  c.tally = drive(ls, c.seed, c.plan(), [&](const RunTally&) { return ++seen < chunks; });
  return c;
}

}  // namespace

TEST_CASE("checkpoint: written, read back and continued exactly", "[resume]") {
  const std::string file = scenario_file();
  const Checkpoint c = checkpoint_after(file, 2);
  CHECK(c.tally.ranges.text() == "[0, 131072)");
  const std::string path = test::temp_dir() + "/cp-roundtrip/x.checkpoint.json";
  write_file_atomically(path, checkpoint_text(c));
  const Checkpoint back = read_checkpoint(path);
  CHECK(checkpoint_text(back) == checkpoint_text(c));
  CHECK(back.difference(c) == "");
  CHECK_FALSE(back.complete());
  const DrivePlan rest = back.rest();
  CHECK(rest.first == 131072);
  CHECK(rest.count == 200000 - 131072);
  // No temporary file is left beside it.
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(fs::path(path).parent_path()))
    names.push_back(e.path().filename().string());
  CHECK(names == std::vector<std::string>{"x.checkpoint.json"});
}

TEST_CASE("checkpoint: truncated or altered anywhere, it is refused or reads back the same",
          "[resume]") {
  const std::string text = checkpoint_text(checkpoint_after(scenario_file(), 1));
  REQUIRE(text.size() > 1000);
  // Every truncation point in steps, and the empty file.
  for (size_t n = 0; n < text.size(); n += 97) {
    INFO("truncated to " << n << " bytes");
    CHECK_THROWS_AS(parse_checkpoint(text.substr(0, n)), CheckpointError);
  }
  // One flipped bit at positions spread over the file: an error, or (a flip in white space
  // the JSON reader ignores) the very same checkpoint — never different numbers.
  size_t refused = 0;
  for (size_t i = 0; i < text.size(); i += 13) {
    for (int bit : {0, 3, 6}) {
      std::string bad = text;
      bad[i] = static_cast<char>(bad[i] ^ (1 << bit));
      INFO("byte " << i << " bit " << bit);
      std::string back;
      try {
        back = checkpoint_text(parse_checkpoint(bad));
      } catch (const CheckpointError&) {
        ++refused;
        continue;
      }
      CHECK(back == text);
    }
  }
  CHECK(refused > 0);
  // A digit changed and the checksum recomputed still has to add up (RunTally's own checks).
  nlohmann::json doc = nlohmann::json::parse(text);
  doc["body"]["tally"]["variants"][0]["ends"][0] =
      doc["body"]["tally"]["variants"][0]["ends"][0].get<uint64_t>() + 1;
  CHECK_THROWS_WITH(parse_checkpoint(doc.dump()), Catch::Contains("checksum"));
  doc["body_sha256"] = sha256_hex(doc["body"].dump());
  CHECK_THROWS_WITH(parse_checkpoint(doc.dump()), Catch::Contains("does not add up"));
}

TEST_CASE("run --resume continues a checkpoint to the bytes of an uninterrupted run", "[resume]") {
  const std::string file = scenario_file();
  const std::string whole = fresh_path("resume-whole");
  const Result w = cli({"run", file, "--trials", kTrials, "--out", whole, "--quiet"});
  REQUIRE(w.status == 0);
  CHECK_FALSE(fs::exists(whole + ".checkpoint.json"));  // a finished run keeps none

  const std::string out = fresh_path("resume-out");
  const std::string cp_path = checkpoint_path(out);
  write_file_atomically(cp_path, checkpoint_text(checkpoint_after(file, 2)));

  SECTION("the same run resumes and gives the same bytes") {
    const Result r =
        cli({"run", file, "--trials", kTrials, "--out", out, "--resume", "--threads", "1"});
    INFO(r.err);
    REQUIRE(r.status == 0);
    check_same_results(whole, out);
    CHECK(read_file(out + "/run.json") != "");
    CHECK_FALSE(nlohmann::json::parse(read_file(out + "/run.json")).contains("partial"));
    CHECK_FALSE(fs::exists(cp_path));
  }
  SECTION("without --trials and --seed, the checkpoint's are taken") {
    const Result r = cli({"run", file, "--out", out, "--resume", "--threads", "1"});
    INFO(r.err);
    REQUIRE(r.status == 0);
    check_same_results(whole, out);
  }
  SECTION("another seed is refused") {
    const Result r =
        cli({"run", file, "--trials", kTrials, "--out", out, "--resume", "--seed", "8"});
    CHECK(r.status == 2);
    CHECK_THAT(r.err,
               Catch::Contains("checkpoint is of another run (checkpoint vs now): seed 7 vs 8"));
    CHECK_FALSE(fs::exists(out));
    CHECK(fs::exists(cp_path));  // kept: it may still be resumed with the right seed
  }
  SECTION("other trials planned are refused") {
    const Result r = cli({"run", file, "--trials", "300000", "--out", out, "--resume"});
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains("trials planned 200000 vs 300000"));
  }
  SECTION("a changed scenario file is refused") {
    test::write_file("resume.toml", read_file(file) + "# edited\n");
    const Result r = cli({"run", file, "--trials", kTrials, "--out", out, "--resume"});
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains("scenario file sha256"));
    scenario_file();
  }
  SECTION("another tool version is refused") {
    Checkpoint c = read_checkpoint(cp_path);
    c.tool_version = c.tally.identity.tool_version = "0.0.1";
    write_file_atomically(cp_path, checkpoint_text(c));
    const Result r = cli({"run", file, "--trials", kTrials, "--out", out, "--resume"});
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains("tool version 0.0.1 vs"));
  }
  SECTION("a truncated checkpoint is refused") {
    const std::string text = read_file(cp_path);
    std::ofstream(cp_path, std::ios::binary) << text.substr(0, text.size() / 2);
    const Result r = cli({"run", file, "--trials", kTrials, "--out", out, "--resume"});
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains("truncated"));
    CHECK_THAT(r.err, Catch::Contains("delete it and run without --resume"));
    CHECK_FALSE(fs::exists(out));
  }
  SECTION("a checkpoint with a flipped byte is refused") {
    std::string text = read_file(cp_path);
    const size_t at = text.find("\"draws\":") + 9;
    text[at] = text[at] == '1' ? '2' : '1';
    std::ofstream(cp_path, std::ios::binary) << text;
    const Result r = cli({"run", file, "--trials", kTrials, "--out", out, "--resume"});
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains("checksum does not match"));
  }
  SECTION("--resume without a checkpoint is refused") {
    fs::remove(cp_path);
    const Result r = cli({"run", file, "--trials", kTrials, "--out", out, "--resume"});
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains("no checkpoint here"));
  }
}

TEST_CASE("a run killed with SIGKILL resumes to the bytes of an uninterrupted run", "[resume]") {
  const std::string file = test::source_path("bench/pf2-bench.toml");
  const std::string trials = "3000000";
  const std::string whole = fresh_path("kill-whole");
  REQUIRE(cli({"run", file, "--trials", trials, "--out", whole, "--quiet"}).status == 0);

  const std::string out = fresh_path("kill-out");
  const std::string cp_path = checkpoint_path(out);
  const pid_t pid = ::fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    ::execl(test::lethality_binary(), test::lethality_binary(), "run", file.c_str(), "--trials",
            trials.c_str(), "--out", out.c_str(), "--threads", "1", "--checkpoint-every", "1",
            "--quiet", static_cast<char*>(nullptr));
    ::_exit(127);
  }
  // Wait for the first checkpoint, then kill at once: no chance to clean up.
  bool exited = false;
  int status = 0;
  while (!fs::exists(cp_path)) {
    if (::waitpid(pid, &status, WNOHANG) == pid) {
      exited = true;
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  REQUIRE_FALSE(exited);  // 3,000,000 trials take seconds; the first chunk far less
  ::kill(pid, SIGKILL);
  ::waitpid(pid, &status, 0);
  REQUIRE(WIFSIGNALED(status));
  const Checkpoint cp = read_checkpoint(cp_path);
  CHECK_FALSE(cp.complete());
  CHECK_FALSE(fs::exists(out));  // results only at the end

  const Result r = cli({"run", file, "--trials", trials, "--out", out, "--resume", "--quiet"});
  INFO(r.err);
  REQUIRE(r.status == 0);
  check_same_results(whole, out);
}

TEST_CASE("run with a shard K/N runs its chunks; merge in any order gives a single run's bytes",
          "[resume]") {
  const std::string file = scenario_file();
  const std::string whole = fresh_path("shard-whole");
  REQUIRE(cli({"run", file, "--trials", kTrials, "--out", whole, "--quiet"}).status == 0);
  std::vector<std::string> dirs;
  for (int k = 1; k <= 3; ++k) {
    const std::string dir = fresh_path("shard-" + std::to_string(k));
    const Result r =
        cli({"run", file, "--trials", kTrials, "--shard", std::to_string(k) + "/3", "--out", dir});
    INFO(r.err);
    REQUIRE(r.status == 0);
    CHECK_THAT(r.out, Catch::Contains("PARTIAL"));
    const nlohmann::json run = nlohmann::json::parse(read_file(dir + "/run.json"));
    CHECK(run.at("partial") == true);
    CHECK(run.at("shard").at("index") == k);
    dirs.push_back(dir);
  }
  // Chunk i goes to shard i mod 3: shard 1 has chunks 0 and 3.
  CHECK(read_checkpoint(dirs[0] + "/tally.json").tally.ranges.text() ==
        "[0, 65536) [196608, 200000)");
  CHECK(read_checkpoint(dirs[1] + "/tally.json").tally.ranges.text() == "[65536, 131072)");

  const std::string m1 = fresh_path("merged-1"), m2 = fresh_path("merged-2");
  const Result r1 = cli({"merge", dirs[0], dirs[1], dirs[2], "--out", m1, "--quiet"});
  INFO(r1.err);
  REQUIRE(r1.status == 0);
  const Result r2 = cli({"merge", dirs[2], dirs[0], dirs[1], "--out", m2, "--quiet"});
  REQUIRE(r2.status == 0);
  check_same_results(whole, m1);
  check_same_results(whole, m2);
  for (const std::string& f : kCsv) CHECK(read_file(m1 + "/" + f) == read_file(m2 + "/" + f));
  CHECK_FALSE(fs::exists(m1 + "/tally.json"));

  SECTION("the same shard twice is refused") {
    const std::string m = fresh_path("merged-twice");
    const Result r = cli({"merge", dirs[0], dirs[1], dirs[0], "--out", m});
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains("counted twice"));
    CHECK_FALSE(fs::exists(m));
  }
  SECTION("a shard of another run is refused") {
    const std::string other = fresh_path("shard-other");
    REQUIRE(cli({"run", file, "--trials", kTrials, "--shard", "3/3", "--seed", "8", "--out", other,
                 "--quiet"})
                .status == 0);
    const std::string m = fresh_path("merged-other");
    const Result r = cli({"merge", dirs[0], dirs[1], other, "--out", m});
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains("refusing to merge tallies of different runs: seed 7 vs 8"));
    CHECK_FALSE(fs::exists(m));
  }
  SECTION("a shard of another split is refused") {
    const std::string other = fresh_path("shard-of-4");
    REQUIRE(cli({"run", file, "--trials", kTrials, "--shard", "1/4", "--out", other, "--quiet"})
                .status == 0);
    const std::string m = fresh_path("merged-split");
    const Result r = cli({"merge", dirs[1], other, "--out", m});
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains("not a shard of the same run as " + dirs[1] +
                                      ": shard count 3 vs 4"));
    CHECK_FALSE(fs::exists(m));
  }
  SECTION("missing shards give results marked partial") {
    const std::string m = fresh_path("merged-some");
    const Result r = cli({"merge", dirs[0], dirs[2], "--out", m});
    CHECK(r.status == 0);
    CHECK_THAT(r.out, Catch::Contains("PARTIAL: 134464 of 200000 trials"));
    CHECK(nlohmann::json::parse(read_file(m + "/run.json")).at("partial") == true);
  }
  SECTION("a shard that owns no chunk is refused before running") {
    const Result r = cli({"run", file, "--shard", "5/5", "--out", fresh_path("shard-none")});
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains("owns no chunk"));
    const Result bad = cli({"run", file, "--shard", "4/3"});
    CHECK(bad.status == 2);
    CHECK_THAT(bad.err, Catch::Contains("does not exist"));
  }
}

TEST_CASE("a --precision run resumes from its checkpoint to an uninterrupted run's bytes",
          "[resume][precision]") {
  const std::string file = scenario_file();
  const std::string whole = fresh_path("precision-whole");
  const Result w = cli({"run", file, "--precision", "4%", "--out", whole, "--quiet"});
  REQUIRE(w.status == 0);
  const nlohmann::json run = nlohmann::json::parse(read_file(whole + "/run.json"));
  REQUIRE(run.at("stopped") == "precision");
  REQUIRE(run.at("trials").get<uint64_t>() > 2 * kChunkTrials);  // interrupted before precise

  // The checkpoint a run with the same target leaves after two chunks.
  const LoadedScenario ls = load_scenario(file);
  RunSettings settings;
  settings.precision = parse_precision("4%");
  Checkpoint c = new_checkpoint(ls, settings);
  CHECK(c.stopping == "precision 4% wilson, min_trials 10000, min_deaths 20");
  uint64_t seen = 0;
  c.tally = drive(ls, c.seed, c.plan(), [&](const RunTally&) { return ++seen < 2; });
  const std::string out = fresh_path("precision-out");
  write_file_atomically(checkpoint_path(out), checkpoint_text(c));

  SECTION("the same target resumes and stops at the same trial, byte for byte") {
    const Result r = cli({"run", file, "--precision", "4%", "--out", out, "--resume", "--quiet"});
    INFO(r.err);
    REQUIRE(r.status == 0);
    check_same_results(whole, out);
  }
  SECTION("another target, or a trial count, is another run") {
    const Result r = cli({"run", file, "--precision", "3%", "--out", out, "--resume"});
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains("stopping rule \"precision 4% wilson, min_trials 10000, "
                                      "min_deaths 20\" vs \"precision 3% wilson"));
    const Result t = cli({"run", file, "--trials", "1e9", "--out", out, "--resume"});
    CHECK(t.status == 2);
    CHECK_THAT(t.err, Catch::Contains("vs \"a fixed trial count\""));
  }
}

TEST_CASE("a precision target with a shard is refused: a shard cannot see the whole run",
          "[resume]") {
  const Result r = cli({"run", scenario_file(), "--precision", "4%", "--shard", "1/2", "--out",
                        fresh_path("precision-shard")});
  CHECK(r.status == 2);
  CHECK_THAT(r.err, Catch::Contains("--precision cannot be combined with --shard"));
  CHECK_THAT(r.err, Catch::Contains("mpirun"));
}

namespace {

// A checkpoint's text with `edit` applied to its JSON and the checksum recomputed: a forged
// or hand-edited file that the checksum alone cannot catch.
std::string forged(const std::string& text, const std::function<void(nlohmann::json&)>& edit) {
  nlohmann::json doc = nlohmann::json::parse(text);
  edit(doc["body"]);
  doc["body_sha256"] = sha256_hex(doc["body"].dump());
  return doc.dump(1) + "\n";
}

}  // namespace

TEST_CASE("a damaged or forged checkpoint is refused with status 2, never a crash", "[resume]") {
  const std::string file = scenario_file();
  const std::string out = fresh_path("forged-out");
  const std::string cp_path = checkpoint_path(out);
  const std::string good = checkpoint_text(checkpoint_after(file, 2));
  auto resume = [&](const std::string& text) {
    std::ofstream(cp_path, std::ios::binary) << text;
    const Result r = cli({"run", file, "--trials", kTrials, "--out", out, "--resume"});
    CHECK_FALSE(fs::exists(out));
    return r;
  };
  SECTION("100,000 nested arrays: refused before anything recurses on them") {
    const std::string deep = std::string(100'000, '[') + std::string(100'000, ']');
    Result r = resume(deep);
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains("nested deeper than 64 levels"));
    // As the body, whose checksum is computed over its JSON text: that crashed the reader.
    r = resume(R"({"format": "lethality-checkpoint", "format_version": 5, "body": )" + deep +
               R"(, "body_sha256": "0"})");
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains("nested deeper than 64 levels"));
  }
  SECTION("its variants swapped") {
    const Result r = resume(forged(good, [](nlohmann::json& body) {
      auto& v = body["tally"]["identity"]["variants"];
      std::swap(v[0], v[1]);
    }));
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains("the checkpoint's tally is not of this run: refusing to "
                                      "merge tallies of different runs"));
  }
  SECTION("a duration removed from every tally") {
    const Result r = resume(forged(good, [](nlohmann::json& body) {
      for (auto& v : body["tally"]["variants"]) v["durations"].erase(v["durations"].size() - 1);
      for (auto& p : body["tally"]["paired"])
        for (const char* f : {"both_measured", "diff_sum", "diff_sq"}) p[f].erase(p[f].size() - 1);
    }));
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains("the checkpoint's tally is not of this run"));
  }
  SECTION("2^64 - 1 trials planned: refused at once, not planned chunk by chunk") {
    const auto t0 = std::chrono::steady_clock::now();
    const Result r =
        resume(forged(good, [](nlohmann::json& body) { body["trials_planned"] = ~uint64_t{0}; }));
    CHECK(std::chrono::steady_clock::now() - t0 < std::chrono::seconds(5));
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains("it plans 18446744073709551615 trials; a run makes 1 to "
                                      "10^12"));
  }
  SECTION("a count written as a float too large for it (found by the checkpoint fuzzer)") {
    for (const char* field : {"seed", "trials_planned", "chunk_trials"}) {
      INFO(field);
      const Result r = resume(forged(good, [field](nlohmann::json& b) { b[field] = 1.9e19; }));
      CHECK(r.status == 2);
      CHECK_THAT(r.err, Catch::Contains("is not a whole number of 0 or more"));
    }
    const Result r = resume(
        forged(good, [](nlohmann::json& b) { b["tally"]["variants"][0]["trials"] = 1.9e19; }));
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains("its tally holds a number that is not a whole number"));
  }
  SECTION("a chunk of 2^64 - 1 trials, a shard of 2^64 - 1") {
    CHECK(resume(forged(good, [](nlohmann::json& b) {
            b["chunk_trials"] = ~uint64_t{0};
          })).status == 2);
    CHECK(resume(forged(good, [](nlohmann::json& b) {
            b["shard"] = {~uint64_t{0}, ~uint64_t{0}};
          })).status == 2);
  }
  SECTION("a negative or endless elapsed time, a scenario name that is a path") {
    for (double t : {-1e308, 1e308}) {
      const Result r = resume(forged(good, [t](nlohmann::json& b) { b["elapsed_s"] = t; }));
      CHECK(r.status == 2);
      CHECK_THAT(r.err, Catch::Contains("elapsed time"));
    }
    const Result r = resume(forged(good, [](nlohmann::json& b) {
      b["scenario"]["name"] = "..";
      b["tally"]["identity"]["scenario"] = "..";
    }));
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains("its scenario name cannot name a results folder"));
  }
  SECTION("not a regular file, or larger than any checkpoint") {
    fs::remove(cp_path);
    fs::create_symlink("/dev/zero", cp_path);
    Result r = cli({"run", file, "--trials", kTrials, "--out", out, "--resume"});
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains("not a regular file"));
    fs::remove(cp_path);
    std::ofstream(cp_path).close();
    fs::resize_file(cp_path, uintmax_t{2} << 30);  // sparse: costs no disk
    r = cli({"run", file, "--trials", kTrials, "--out", out, "--resume"});
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains("2048 MiB, larger than any checkpoint (at most 1024 MiB)"));
    fs::remove(cp_path);
  }
}

TEST_CASE("merge refuses forged shard tallies with status 2", "[resume]") {
  const std::string file = scenario_file();
  const std::string s1 = fresh_path("forged-shard-1"), s2 = fresh_path("forged-shard-2");
  REQUIRE(cli({"run", file, "--trials", kTrials, "--shard", "1/2", "--out", s1, "-q"}).status == 0);
  REQUIRE(cli({"run", file, "--trials", kTrials, "--shard", "2/2", "--out", s2, "-q"}).status == 0);
  const std::string tally = read_file(s2 + "/tally.json");
  const std::string m = fresh_path("forged-merged");
  SECTION("an elapsed time of -1e308") {
    std::ofstream(s2 + "/tally.json", std::ios::binary)
        << forged(tally, [](nlohmann::json& b) { b["elapsed_s"] = -1e308; });
    const Result r = cli({"merge", s1, s2, "--out", m});
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains("its elapsed time"));
    CHECK_FALSE(fs::exists(m));
  }
  SECTION("both shards' variants swapped: of another scenario than their file") {
    for (const std::string& d : {s1, s2}) {
      const std::string t = read_file(d + "/tally.json");
      std::ofstream(d + "/tally.json", std::ios::binary) << forged(t, [](nlohmann::json& b) {
        auto& v = b["tally"]["identity"]["variants"];
        std::swap(v[0], v[1]);
      });
    }
    const Result r = cli({"merge", s1, s2, "--out", m});
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains("the shards' tallies are not of this scenario"));
    CHECK_FALSE(fs::exists(m));
  }
  SECTION("a tally.json that is /dev/zero") {
    fs::remove(s2 + "/tally.json");
    fs::create_symlink("/dev/zero", s2 + "/tally.json");
    const Result r = cli({"merge", s1, s2, "--out", m});
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains("not a regular file"));
  }
}

TEST_CASE("a run stopped inside a chunk resumes to the bytes of an uninterrupted run",
          "[resume][precision]") {
  // The checkpoint a Ctrl-C inside chunk 2 leaves: chunks 0 and 1 whole, and the blocks of
  // chunk 2 its threads had finished — not a prefix of it.
  const std::string file = scenario_file();
  auto stopped_inside = [&](RunSettings settings) {
    const LoadedScenario ls = load_scenario(file);
    Checkpoint c = new_checkpoint(ls, settings);
    uint64_t seen = 0;
    c.tally = drive(ls, c.seed, c.plan(), [&](const RunTally&) { return ++seen < 2; });
    c.tally.merge(run_trials(ls, c.seed, 2 * kChunkTrials + 5000, 3000));
    c.tally.merge(run_trials(ls, c.seed, 2 * kChunkTrials + 20000, 1));
    c.tally.merge(run_trials(ls, c.seed, 2 * kChunkTrials, 1024));
    REQUIRE(c.tally.ranges.text() == "[0, 132096) [136072, 139072) [151072, 151073)");
    const DrivePlan rest = c.rest();
    CHECK(rest.first == 2 * kChunkTrials);
    CHECK(rest.continues_chunk);
    return c;
  };
  SECTION("a trial count") {
    const std::string whole = fresh_path("inside-whole");
    REQUIRE(cli({"run", file, "--trials", kTrials, "--out", whole, "-q"}).status == 0);
    RunSettings settings;
    settings.trials = 200000;
    const Checkpoint c = stopped_inside(settings);
    CHECK(c.trials_left() == 200000 - c.tally.trials());
    const std::string out = fresh_path("inside-out");
    write_file_atomically(checkpoint_path(out), checkpoint_text(c));
    const Result r = cli({"run", file, "--trials", kTrials, "--out", out, "--resume", "-q"});
    INFO(r.err);
    REQUIRE(r.status == 0);
    check_same_results(whole, out);
  }
  SECTION("a precision target stops at the same trial") {
    const std::string whole = fresh_path("inside-precision-whole");
    REQUIRE(cli({"run", file, "--precision", "4%", "--out", whole, "-q"}).status == 0);
    RunSettings settings;
    settings.precision = parse_precision("4%");
    const Checkpoint c = stopped_inside(settings);
    const std::string out = fresh_path("inside-precision-out");
    write_file_atomically(checkpoint_path(out), checkpoint_text(c));
    const Result r = cli({"run", file, "--precision", "4%", "--out", out, "--resume", "-q"});
    INFO(r.err);
    REQUIRE(r.status == 0);
    check_same_results(whole, out);
  }
  SECTION("trials outside the first chunks and the one begun are refused") {
    const LoadedScenario ls = load_scenario(file);
    RunSettings settings;
    settings.trials = 200000;
    Checkpoint c = new_checkpoint(ls, settings);
    c.tally.merge(run_trials(ls, c.seed, 0, 1000));
    c.tally.merge(run_trials(ls, c.seed, kChunkTrials + 10, 5));  // a second chunk begun
    CHECK_THROWS_WITH(c.rest(), Catch::Contains("are not the first chunks"));
    CHECK_THROWS_AS(parse_checkpoint(checkpoint_text(c)), CheckpointError);
  }
}
