// Golden results: every bundled scenario (scenarios/examples/ and bench/) run at a fixed seed
// and a small trial count, its CSV files and run.json (without the measured fields) compared
// byte for byte with tests/golden/<results folder>/. A change that moves a golden file must say
// why in its commit. To refresh them after such a change:
//
//   LETHALITY_UPDATE_GOLDEN=1 build/tests/lethality_tests "golden*"
//
// which rewrites every golden folder from the current build (and removes golden folders whose
// scenario is gone); `git diff tests/golden` then shows what moved.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "sim/engine/load.h"
#include "tests/cli_support.h"
#include "tests/support.h"

using namespace leth;
namespace fs = std::filesystem;

namespace {

constexpr const char* kTrials = "2000";
constexpr const char* kSeed = "11";

bool updating() {
  const char* u = std::getenv("LETHALITY_UPDATE_GOLDEN");
  return u != nullptr && std::string(u) == "1";
}

std::string golden_root() {
  return test::source_path("tests/golden");
}

// run.json without what a run measures (time, memory, threads) or where the file was.
std::string stable_run_json(const std::string& path) {
  nlohmann::json j = nlohmann::json::parse(test::read_file(path));
  for (const char* k : {"elapsed_s", "peak_memory_mib", "threads", "trials_per_second"}) j.erase(k);
  j["scenario"].erase("file");
  return j.dump(2) + "\n";
}

// The files of one results folder that the golden keeps: name -> bytes.
std::map<std::string, std::string> golden_files(const fs::path& results) {
  std::map<std::string, std::string> files;
  for (const auto& e : fs::directory_iterator(results)) {
    const std::string name = e.path().filename().string();
    if (e.path().extension() == ".csv") files[name] = test::read_file(e.path().string());
  }
  files["run.json"] = stable_run_json((results / "run.json").string());
  return files;
}

// The results folders a run into `out` made: `out` itself for one scenario, its subfolders for
// a file of several rulesets.
std::vector<fs::path> results_folders(const fs::path& out) {
  if (fs::exists(out / "run.json")) return {out};
  std::vector<fs::path> dirs;
  for (const auto& e : fs::directory_iterator(out))
    if (e.is_directory()) dirs.push_back(e.path());
  std::sort(dirs.begin(), dirs.end());
  return dirs;
}

// "line 12 differs: ... / ..." for the first difference, and how many lines differ.
std::string first_difference(const std::string& want, const std::string& got) {
  std::istringstream a(want), b(got);
  std::string la, lb;
  size_t line = 0, differ = 0;
  std::string first;
  while (true) {
    const bool ga = static_cast<bool>(std::getline(a, la));
    const bool gb = static_cast<bool>(std::getline(b, lb));
    if (!ga && !gb) break;
    ++line;
    if (ga && gb && la == lb) continue;
    ++differ;
    if (first.empty())
      first = "line " + std::to_string(line) + ":\n  golden: " + (ga ? la : "<none>") +
              "\n  now:    " + (gb ? lb : "<none>");
  }
  return std::to_string(differ) + " line(s) differ; first at " + first;
}

void write_golden(const fs::path& dir, const std::map<std::string, std::string>& files) {
  fs::remove_all(dir);
  fs::create_directories(dir);
  for (const auto& [name, bytes] : files) std::ofstream(dir / name, std::ios::binary) << bytes;
}

}  // namespace

TEST_CASE("golden: every bundled scenario's results are the committed ones", "[golden]") {
  const std::vector<std::string> files =
      expand_scenario_paths({test::source_path("scenarios/examples"), test::source_path("bench")});
  REQUIRE(files.size() >= 20);
  std::set<std::string> seen;
  for (const std::string& file : files) {
    const std::string out = test::fresh_path("golden-" + fs::path(file).stem().string());
    const test::CliResult r = test::cli({"run", file, "--trials", kTrials, "--seed", kSeed,
                                         "--threads", "2", "--out", out, "--quiet"});
    INFO(file << "\n" << r.err);
    REQUIRE(r.status == 0);
    const std::vector<fs::path> folders = results_folders(out);
    REQUIRE_FALSE(folders.empty());
    for (const fs::path& folder : folders) {
      // Named after the scenario, as its results folder would be (results/<name>/).
      const std::string name = nlohmann::json::parse(
          test::read_file((folder / "run.json").string()))["scenario"]["name"];
      INFO("results folder " << name);
      CHECK(seen.insert(name).second);  // one golden folder per results folder
      const fs::path golden = fs::path(golden_root()) / name;
      const auto now = golden_files(folder);
      if (updating()) {
        write_golden(golden, now);
        continue;
      }
      REQUIRE(fs::is_directory(golden));  // a new scenario: LETHALITY_UPDATE_GOLDEN=1
      std::set<std::string> kept;
      for (const auto& e : fs::directory_iterator(golden))
        kept.insert(e.path().filename().string());
      for (const auto& [f, bytes] : now) {
        INFO(name << "/" << f);
        REQUIRE(kept.count(f) == 1);  // a file the run writes now and the golden lacks
        kept.erase(f);
        const std::string want = test::read_file((golden / f).string());
        if (want != bytes) FAIL_CHECK(first_difference(want, bytes));
      }
      CHECK(kept.empty());  // a golden file the run no longer writes
    }
  }
  // Every golden folder belongs to a bundled scenario.
  for (const auto& e : fs::directory_iterator(golden_root())) {
    const std::string name = e.path().filename().string();
    if (!e.is_directory()) continue;
    if (seen.count(name) == 0) {
      if (updating())
        fs::remove_all(e.path());
      else
        FAIL_CHECK("tests/golden/" << name << " belongs to no bundled scenario");
    }
  }
}

TEST_CASE("golden: a changed result is caught, line located", "[golden]") {
  CHECK(first_difference("a\nb\nc\n", "a\nb\nc\n") == "0 line(s) differ; first at ");
  CHECK(first_difference("a\nb\nc\n", "a\nB\nc\nd\n") ==
        "2 line(s) differ; first at line 2:\n  golden: b\n  now:    B");
}
