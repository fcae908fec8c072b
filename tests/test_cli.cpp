// The command line, driven through leth::cli_main as main() drives it: exit statuses, the
// messages on stderr, and what `run` writes — whole results folders or nothing at all.
#include <sys/wait.h>

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "analysis/csv.h"
#include "rules/pf2/config.h"
#include "sim/cli/cli.h"
#include "sim/cli/output.h"
#include "sim/cli/plan.h"
#include "sim/core/number.h"
#include "sim/core/sha256.h"
#include "sim/engine/driver.h"
#include "sim/engine/registry.h"
#include "tests/cli_support.h"
#include "tests/support.h"

using namespace leth;
namespace fs = std::filesystem;

namespace {

using Result = test::CliResult;
using test::cli;
using test::fresh_path;
using test::read_file;

// Every entry under `dir` whose name marks a staging folder of an interrupted write.
std::vector<std::string> partial_leftovers(const std::string& dir) {
  std::vector<std::string> found;
  for (const auto& e : fs::recursive_directory_iterator(dir))
    if (e.path().filename().string().find(".partial-") != std::string::npos)
      found.push_back(e.path().string());
  return found;
}

const std::string kGoodName = "cli-good.toml";

// The minimal scenario with a second variant, so that runs write comparisons.
std::string good_scenario() {
  return test::pf2_scenario(R"([[variants]]
name = "flat"
options = { recovery_check = "flat" }
)");
}

std::string bad_scenario() {
  std::string s = test::pf2_scenario();
  s.replace(s.find("trials = 1000"), 13, "trails = 1000");
  return s;
}

const char* kRunUsage =
    "usage: lethality run FILE|DIR... [--trials N | --precision H] [--max-trials N] "
    "[--min-trials N]\n"
    "       [--min-deaths N] [--seed S] [--threads T] [--out DIR] [--quiet] [--log-every "
    "SECONDS]\n"
    "       [--reference NAME | --all-pairs] [--interval wilson|clopper-pearson]\n"
    "       [--checkpoint-every N] [--resume] [--shard K/N]\n";

}  // namespace

TEST_CASE("rules lists the rulesets", "[cli]") {
  const Result r = cli({"rules"});
  CHECK(r.status == 0);
  CHECK(r.err == "");
  CHECK_THAT(r.out, Catch::StartsWith("pf2  Pathfinder 2e: hit points, dying and recovery (seed "
                                      "004_3cd47c20af020d45.txt)\n"));
  // One line per registered ruleset, in registry order.
  std::string expected;
  for (const leth::RulesetInfo& info : leth::rulesets())
    expected += info.id + "  " + info.title + " (seed " + info.seed_file + ")\n";
  CHECK(r.out == expected);
}

TEST_CASE("rules pf2 lists every pf2 option with its default, values and help", "[cli]") {
  const Result r = cli({"rules", "pf2"});
  CHECK(r.status == 0);
  CHECK(r.err == "");
  std::string expected =
      "pf2: Pathfinder 2e: hit points, dying and recovery (seed 004_3cd47c20af020d45.txt)\n"
      "options ([options] in a scenario, or options = { ... } in a variant):\n";
  for (const OptionSpec& o : pf2::option_specs())
    expected += "  " + o.name + " = " + o.default_value + "\n      values: " + option_kind_text(o) +
                "\n      " + o.help + "\n";
  CHECK(r.out.rfind(expected, 0) == 0);
  // Then what a trial reports, from the model's declaration.
  CHECK_THAT(r.out, Catch::Contains("ends (end_states.csv):\n  died_combat: "));
  CHECK_THAT(r.out, Catch::Contains("\n  unresolved_injured: conscious but below full HP"));
  CHECK_THAT(r.out, Catch::Contains("counters (summary.csv: <name>_rate, <name>_mean):\n"
                                    "  knocked_out: times the character fell to 0 HP\n"));
  CHECK_THAT(r.out, Catch::Contains(
                        "\n  time_out_of_action: from the first moment the character cannot act"));
  CHECK_THAT(r.out, Catch::Contains("sequelae (sequelae.csv): none\n"));
  // And every scenario key, from the loader's calls on the template.
  CHECK_THAT(r.out, Catch::Contains("  [character]\n    level "));
  CHECK_THAT(r.out, Catch::Contains("    max_hp                  integer 1..10000, required\n"));
  CHECK_THAT(r.out, Catch::Contains("  [aftercare.healer]\n"));
  // The common [campaign] table, which the one-fight template does not hold (docs/campaigns.md).
  CHECK_THAT(r.out, Catch::Contains("  [campaign]\n    adventures              whole number 1..1000 "
                                    "(2e1 reads as 20)\n    retire_sequelae         integer "
                                    "0..10000, default 0\n"));
  // Spot checks that do not go through the same spec list.
  CHECK_THAT(r.out, Catch::Contains("  recovery_check = \"fortitude\"\n"
                                    "      values: \"fortitude\" | \"flat\"\n"));
  CHECK_THAT(r.out, Catch::Contains("  wounded = false\n      values: true | false\n"));
}

TEST_CASE("rules pf2 --template prints a scenario that validates and runs", "[cli]") {
  const Result r = cli({"rules", "pf2", "--template"});
  CHECK(r.status == 0);
  CHECK(r.err == "");
  CHECK(r.out == pf2::scenario_template());
  const std::string file = test::write_file("from-template.toml", r.out);
  const Result v = cli({"validate", file});
  CHECK(v.status == 0);
  CHECK_THAT(v.out, Catch::Contains("my-scenario (pf2, 2 variants, 100000 trials)"));
}

TEST_CASE("cli: rules ID --party lists a party fight's keys and prints its template",
          "[cli][party]") {
  const Result keys = cli({"rules", "dnd5e", "--party"});
  CHECK(keys.status == 0);
  CHECK_THAT(keys.out, Catch::Contains("[party[].heals]") && Catch::Contains("strike_fallen"));
  const Result t = cli({"rules", "dnd5e", "--party", "--template"});
  CHECK(t.status == 0);
  CHECK_THAT(t.out, Catch::StartsWith("# A dnd5e party fight"));
  // Every ruleset has one.
  for (const char* id : {"dnd5e", "pf2", "unisystem", "harmonies", "flux"}) {
    INFO(id);
    const Result p = cli({"rules", id, "--party", "--template"});
    CHECK(p.status == 0);
    CHECK_THAT(p.out, Catch::StartsWith(std::string("# A ") + id + " party fight"));
  }
}

TEST_CASE("rules with an unknown ruleset suggests the nearest", "[cli]") {
  const Result r = cli({"rules", "pf3"});
  CHECK(r.status == 2);
  CHECK(r.out == "");
  CHECK(r.err == "error: no ruleset 'pf3' (did you mean 'pf2'?); `lethality rules` lists them\n");
}

TEST_CASE("validate accepts a good file and locates the error in a bad one", "[cli]") {
  const std::string good = test::write_file(kGoodName, good_scenario());
  const std::string bad = test::write_file("cli-bad.toml", bad_scenario());

  const Result ok = cli({"validate", good});
  CHECK(ok.status == 0);
  CHECK(ok.err == "");
  CHECK(ok.out == "ok  " + good + ": test (pf2, 2 variants, 1000 trials)\n");

  const Result ko = cli({"validate", bad});
  CHECK(ko.status == 2);
  CHECK(ko.out == "");
  CHECK(ko.err == bad + ":3:1: error: trails: unknown key (did you mean 'trials'?)\n");

  // Both at once: each file gets its line, and the status is 2.
  const Result both = cli({"validate", good, bad});
  CHECK(both.status == 2);
  CHECK(both.out == ok.out);
  CHECK(both.err == ko.err);

  // The trials it names are the ones run would run: the command line's over the file's.
  CHECK(cli({"validate", good, "--trials", "5"}).out ==
        "ok  " + good + ": test (pf2, 2 variants, 5 trials)\n");
  CHECK(cli({"validate", good, "--trials", "1"}).out ==
        "ok  " + good + ": test (pf2, 2 variants, 1 trial)\n");
  CHECK(cli({"validate", good, "--precision", "5%", "--max-trials", "1e7"}).out ==
        "ok  " + good +
            ": test (pf2, 2 variants, to a precision of 5%, at most 10000000 trials)\n");
}

TEST_CASE("validate rejects what run rejects: two files with one scenario name", "[cli]") {
  // Both files are valid alone; together their results would share a folder.
  const std::string a = test::write_file("cli-same-name/a.toml", good_scenario());
  const std::string b = test::write_file("cli-same-name/b.toml", good_scenario());
  const std::string dir = test::temp_dir() + "/cli-same-name";
  const std::string out = fresh_path("cli-same-name-out");
  const std::string expected = b + ": error: scenario name \"test\" is also used by " + a +
                               " (their results would share a folder; rename one)\n";

  const Result v = cli({"validate", dir, "--out", out});
  CHECK(v.status == 2);
  CHECK(v.err == expected);
  CHECK(v.out == "ok  " + a + ": test (pf2, 2 variants, 1000 trials)\n");

  const Result r = cli({"run", dir, "--trials", "1000", "--out", out, "-q"});
  CHECK(r.status == 2);
  CHECK(r.out == "");
  CHECK(r.err == expected);
  CHECK_FALSE(fs::exists(out));
}

TEST_CASE("validate checks the results folder as run does, and leaves nothing", "[cli]") {
  const std::string file = test::write_file(kGoodName, good_scenario());
  const std::string a_file = test::write_file("cli-v-file", "just a file");
  const std::string expected = a_file +
                               "/sub: error: cannot write the output folder: Not a directory "
                               "(choose a writable place with --out)\n";
  const Result v = cli({"validate", file, "--out", a_file + "/sub"});
  CHECK(v.status == 2);
  CHECK(v.out == "");
  CHECK(v.err == expected);
  CHECK(cli({"run", file, "--trials", "1000", "--out", a_file + "/sub"}).err == expected);

  const std::string out = fresh_path("cli-v-out");
  const Result ok = cli({"validate", file, "--out", out});
  CHECK(ok.status == 0);
  CHECK(ok.err == "");
  CHECK_FALSE(fs::exists(out));
  CHECK(partial_leftovers(test::temp_dir()).empty());
}

TEST_CASE("run writes the whole results folder", "[cli]") {
  const std::string file = test::write_file(kGoodName, good_scenario());
  const std::string out = fresh_path("cli-run-out");
  const Result r = cli({"run", file, "--trials", "2000", "--threads", "2", "--out", out});
  REQUIRE(r.err == "");
  REQUIRE(r.status == 0);
  CHECK_THAT(r.out, Catch::Contains("  results: " + out + "/\n"));

  const std::vector<std::pair<std::string, std::string>> headers = {
      {"summary.csv",
       "scenario,ruleset,variant,metric,estimate,ci_low,ci_high,n,share_of_trials,estimate_h,"
       "ci_low_h,ci_high_h,"
       "estimate_text,member"},
      {"end_states.csv", "scenario,variant,end,detail,count,rate,ci_low,ci_high"},
      {"histograms.csv",
       "scenario,variant,quantity,bin_low_s,bin_high_s,count,bin_low_h,bin_high_h,bin_text,"
       "member"},
      {"sequelae.csv",
       "scenario,variant,sequela,trials_with,rate,ci_low,ci_high,total_count,unit,"
       "total_magnitude,survivors,rate_survivors,ci_low_survivors,ci_high_survivors"},
      {"comparisons.csv",
       "scenario,variant,reference,metric,difference,ci_low,ci_high,n,only_reference,"
       "only_variant,p_value,variance_ratio,member"},
      {"examples.csv", "scenario,variant,kind,name,trial"},
  };
  for (const auto& [name, header] : headers) {
    INFO(name);
    const std::string csv = read_file(out + "/" + name);
    CHECK(csv.rfind(header + "\r\n", 0) == 0);
    // RFC 4180: every line ends in CRLF, including the last.
    REQUIRE(csv.size() >= 2);
    CHECK(csv.substr(csv.size() - 2) == "\r\n");
    for (size_t i = csv.find('\n'); i != std::string::npos; i = csv.find('\n', i + 1))
      CHECK((i > 0 && csv[i - 1] == '\r'));
  }
  CHECK_THAT(read_file(out + "/summary.csv"), Catch::Contains("\r\ntest,pf2,baseline,"));
  CHECK_THAT(read_file(out + "/comparisons.csv"), Catch::Contains("\r\ntest,flat,baseline,"));

  const nlohmann::json run = nlohmann::json::parse(read_file(out + "/run.json"));
  CHECK(run.at("seed") == 7);
  CHECK(run.at("trials") == 2000);
  CHECK(run.at("stopped") == "trials");
  CHECK(run.at("interval") == "wilson");
  CHECK_FALSE(run.contains("precision"));
  CHECK(run.at("threads") == 2);
  CHECK(run.at("scenario").at("name") == "test");
  CHECK(run.at("scenario").at("sha256") == sha256_hex(read_file(file)));
  // The digest is SHA-256 itself (FIPS 180-4 test vector), not some other hash.
  CHECK(sha256_hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");

  // Exactly these files, and no staging folder beside them.
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(out)) names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  CHECK(names == std::vector<std::string>{"comparisons.csv", "end_states.csv", "examples.csv",
                                          "histograms.csv", "run.json", "sequelae.csv",
                                          "summary.csv"});
  CHECK(partial_leftovers(test::temp_dir()).empty());

  SECTION("a second run replaces an earlier results folder") {
    std::ofstream(out + "/stale.csv") << "old\r\n";
    const Result again =
        cli({"run", file, "--trials", "1000", "--seed", "11", "--out", out, "--quiet"});
    CHECK(again.err == "");
    CHECK(again.status == 0);
    CHECK(again.out == "");
    CHECK_FALSE(fs::exists(out + "/stale.csv"));
    CHECK(nlohmann::json::parse(read_file(out + "/run.json")).at("seed") == 11);
  }
}

TEST_CASE("run refuses to replace a folder that is not a results folder", "[cli]") {
  const std::string file = test::write_file(kGoodName, good_scenario());
  const std::string notes = test::write_file("cli-precious/notes.txt", "keep me");
  const std::string out = test::temp_dir() + "/cli-precious";
  const Result r = cli({"run", file, "--trials", "1000", "--out", out, "-q"});
  CHECK(r.status == 2);
  CHECK(r.out == "");
  CHECK(r.err == out +
                     ": error: the output folder exists and is not an earlier results folder (its "
                     "contents would be replaced; give --out a new or empty folder)\n");
  CHECK(read_file(notes) == "keep me");
  // '.' and '..' would replace the working folder itself; this only checks, never writes.
  CHECK(test::error_of([] { check_output_dir("."); }) ==
        ".: error: the output folder must be named, not '.', '..' or '/' (give --out a new "
        "folder, e.g. --out results/run1)");
  CHECK(test::error_of([] { check_output_dir("sub/.."); }) ==
        "sub/..: error: the output folder must be named, not '.', '..' or '/' (give --out a new "
        "folder, e.g. --out results/run1)");
}

TEST_CASE("run on a folder without scenario files exits 2", "[cli]") {
  test::write_file("cli-empty-folder/readme.txt", "no scenarios here");
  const std::string dir = test::temp_dir() + "/cli-empty-folder";
  const std::string out = fresh_path("cli-empty-out");
  const Result r = cli({"run", dir, "--out", out});
  CHECK(r.status == 2);
  CHECK(r.out == "");
  CHECK(r.err == dir +
                     ": error: the folder holds no scenario files (scenario files end in .toml; "
                     "`lethality rules ID --template > mine.toml` writes one to start from "
                     "(`lethality rules` lists the ids))\n");
  CHECK_FALSE(fs::exists(out));
}

TEST_CASE("run with one good and one bad file writes nothing for either", "[cli]") {
  const std::string good = test::write_file("cli-mixed/a-good.toml", good_scenario());
  const std::string bad = test::write_file("cli-mixed/b-bad.toml", bad_scenario());
  const std::string expected_err =
      bad + ":3:1: error: trails: unknown key (did you mean 'trials'?)\n";

  SECTION("as a folder") {
    const std::string out = fresh_path("cli-mixed-out");
    const Result r =
        cli({"run", test::temp_dir() + "/cli-mixed", "--trials", "1000", "--out", out});
    CHECK(r.status == 2);
    CHECK(r.out == "");
    CHECK(r.err == expected_err);
    CHECK_FALSE(fs::exists(out));
  }
  SECTION("as two files, the good one first") {
    const std::string out = fresh_path("cli-mixed-out2");
    const Result r = cli({"run", good, bad, "--trials", "1000", "--out", out});
    CHECK(r.status == 2);
    CHECK(r.err == expected_err);
    CHECK_FALSE(fs::exists(out));
    CHECK_FALSE(fs::exists(out + "/test"));
  }
  CHECK(partial_leftovers(test::temp_dir()).empty());
}

TEST_CASE("run with --out under a regular file exits 2 and leaves nothing", "[cli]") {
  const std::string file = test::write_file(kGoodName, good_scenario());
  const std::string a_file = test::write_file("cli-a_file", "just a file");
  const std::string out = a_file + "/sub";
  const Result r = cli({"run", file, "--trials", "1000", "--out", out});
  CHECK(r.status == 2);
  CHECK(r.out == "");
  CHECK(r.err == out +
                     ": error: cannot write the output folder: Not a directory (choose a writable "
                     "place with --out)\n");
  CHECK(fs::is_regular_file(a_file));
  CHECK(read_file(a_file) == "just a file");
  CHECK(partial_leftovers(test::temp_dir()).empty());
}

TEST_CASE("run rejects bad command lines with status 2", "[cli]") {
  const std::string file = test::write_file(kGoodName, good_scenario());
  const std::string out = fresh_path("cli-badline-out");

  SECTION("an unknown option suggests the nearest") {
    const Result r = cli({"run", file, "--trails", "2000", "--out", out});
    CHECK(r.status == 2);
    CHECK(r.err ==
          std::string("error: unknown option '--trails' (did you mean '--trials'?)\n") + kRunUsage);
  }
  SECTION("--trials 0") {
    const Result r = cli({"run", file, "--trials", "0", "--out", out});
    CHECK(r.status == 2);
    CHECK(r.err == "error: --trials 0 is out of range (expected 1 to 10^12)\n");
  }
  SECTION("--trials that is not a number") {
    const Result r = cli({"run", file, "--trials", "many", "--out", out});
    CHECK(r.status == 2);
    CHECK(r.err == std::string("error: --trials many is not a number (expected 1 to 10^12; ") +
                       kWholeNumberForms + ")\n");
  }
  SECTION("no file") {
    const Result r = cli({"run", "--out", out});
    CHECK(r.status == 2);
    CHECK(r.err == std::string("error: no scenario files given\n") + kRunUsage);
  }
  CHECK_FALSE(fs::exists(out));
}

TEST_CASE("numbers on the command line read as in a scenario file", "[cli]") {
  const std::string file = test::write_file(kGoodName, good_scenario());
  const std::string forms = std::string("; ") + kWholeNumberForms + ")\n";

  SECTION("underscores and exact exponent forms are whole numbers") {
    const std::string out = fresh_path("cli-numbers-out");
    const Result r = cli({"run", file, "--trials", "2.5e3", "--seed", "1_234", "--threads", "1e0",
                          "--out", out, "-q"});
    REQUIRE(r.err == "");
    REQUIRE(r.status == 0);
    const nlohmann::json run = nlohmann::json::parse(read_file(out + "/run.json"));
    CHECK(run.at("trials") == 2500);
    CHECK(run.at("seed") == 1234);
    CHECK(run.at("threads") == 1);
    const Result again = cli({"run", file, "--trials", "1_000", "--out", out, "-q"});
    CHECK(again.status == 0);
    CHECK(nlohmann::json::parse(read_file(out + "/run.json")).at("trials") == 1000);
  }
  SECTION("fractions and junk are refused, naming the flag") {
    const std::string out = fresh_path("cli-numbers-bad");
    const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
        {{"--trials", "1.5"}, "error: --trials 1.5 is not a whole number (expected 1 to 10^12"},
        {{"--trials", "1e-3"}, "error: --trials 1e-3 is not a whole number (expected 1 to 10^12"},
        {{"--trials", "10x"}, "error: --trials 10x is not a number (expected 1 to 10^12"},
        {{"--seed", "7.5"}, "error: --seed 7.5 is not a whole number (expected 0 or more"},
        {{"--threads", "2_"},
         "error: --threads 2_ is not a number (expected 0 = all cores, or 1 to 4096"},
    };
    for (const auto& [flags, message] : cases) {
      INFO(flags[0] + " " + flags[1]);
      std::vector<std::string> line = {"run", file, "--out", out};
      line.insert(line.end(), flags.begin(), flags.end());
      const Result r = cli(line);
      CHECK(r.status == 2);
      CHECK(r.out == "");
      CHECK(r.err == message + forms);
      // validate takes run's options and refuses the same.
      line[0] = "validate";
      const Result v = cli(line);
      CHECK(v.status == 2);
      CHECK(v.err == r.err);
    }
    CHECK(cli({"run", file, "--trials", "1e13", "--out", out}).err ==
          "error: --trials 10000000000000 is out of range (expected 1 to 10^12)\n");
    CHECK_FALSE(fs::exists(out));
  }
  SECTION("replay's --trial and --seed") {
    const Result plain = cli({"replay", file, "--trial", "10", "--seed", "3000"});
    REQUIRE(plain.status == 0);
    CHECK(cli({"replay", file, "--trial", "1e1", "--seed", "3e3"}).out == plain.out);
    CHECK(cli({"replay", file, "--trial", "1_0", "--seed", "3_000"}).out == plain.out);
    const Result half = cli({"replay", file, "--trial", "0.5"});
    CHECK(half.status == 2);
    CHECK(half.err ==
          "error: --trial 0.5 is not a whole number (expected 0 or more (trials are numbered "
          "from 0)" +
              forms);
  }
}

TEST_CASE("replay prints one trial's events and its outcome", "[cli]") {
  const std::string file = test::write_file(kGoodName, good_scenario());
  const Result r = cli({"replay", file, "--trial", "5"});
  CHECK(r.status == 0);
  CHECK(r.err == "");
  CHECK(r.out.rfind("test (pf2), variant baseline, seed 7, trial 5\n[0:00:00] ", 0) == 0);
  CHECK_THAT(r.out, Catch::Contains("\noutcome: "));
  CHECK_THAT(r.out, Catch::EndsWith(" random draws\n"));
  // The same trial again tells the same story; another trial, another one.
  CHECK(cli({"replay", file, "--trial", "5"}).out == r.out);
  const Result flat = cli({"replay", file, "--trial", "5", "--variant", "flat", "--seed", "3"});
  CHECK(flat.status == 0);
  CHECK(flat.out.rfind("test (pf2), variant flat, seed 3, trial 5\n", 0) == 0);
}

TEST_CASE("replay of an unknown variant exits 2 and names the variants", "[cli]") {
  const std::string file = test::write_file(kGoodName, good_scenario());
  const Result none = cli({"replay", file, "--trial", "5", "--variant", "nosuch"});
  CHECK(none.status == 2);
  CHECK(none.out == "");
  CHECK(none.err == file + ": error: no variant named \"nosuch\" (its variants: baseline, flat)\n");
  const Result near = cli({"replay", file, "--trial", "5", "--variant", "flta"});
  CHECK(near.status == 2);
  CHECK(near.err == file + ": error: no variant named \"flta\" (did you mean \"flat\"?)\n");
}

TEST_CASE("an unknown command suggests the nearest", "[cli]") {
  const Result r = cli({"valdate", "x.toml"});
  CHECK(r.status == 2);
  CHECK(r.out == "");
  CHECK(r.err.rfind("error: unknown command 'valdate' (did you mean 'validate'?)\n\nlethality",
                    0) == 0);
  // No command at all is a usage error too, reported on stderr.
  const Result empty = cli({});
  CHECK(empty.status == 2);
  CHECK(empty.out == "");
  CHECK(empty.err.rfind("lethality — ", 0) == 0);
}

TEST_CASE("the lethality executable reports bad input on stderr with status 2", "[cli]") {
  const std::string bad = test::write_file("cli-e2e-bad.toml", bad_scenario());
  const std::string out = fresh_path("cli-e2e-out");
  const std::string stdout_file = test::temp_dir() + "/cli-e2e.stdout";
  const std::string stderr_file = test::temp_dir() + "/cli-e2e.stderr";
  const std::string command = std::string("'") + test::lethality_binary() + "' run '" + bad +
                              "' --trials 1000 --out '" + out + "' >'" + stdout_file + "' 2>'" +
                              stderr_file + "'";
  const int status = std::system(command.c_str());
  REQUIRE(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 2);
  CHECK(read_file(stdout_file) == "");
  CHECK(read_file(stderr_file) ==
        bad + ":3:1: error: trails: unknown key (did you mean 'trials'?)\n");
  CHECK_FALSE(fs::exists(out));
}

TEST_CASE("every kind of bad input makes run exit 2, locate the error and write nothing",
          "[cli][catalogue]") {
  // The catalogue of tests/test_scenario_errors.cpp, through the command line: whatever the
  // mistake, status 2, a file:line:col message on stderr, nothing on stdout, no folder.
  auto with = [](const std::string& from, const std::string& to) {
    std::string s = good_scenario();
    const size_t at = s.find(from);
    REQUIRE(at != std::string::npos);
    return s.replace(at, from.size(), to);
  };
  const std::vector<std::pair<std::string, std::string>> catalogue = {
      {"malformed-toml", "name = \"x\"\nruleset = = \"pf2\"\n"},
      {"unknown-key", with("trials = 1000", "trails = 1000")},
      {"wrong-type", with("max_hp = 20", "max_hp = \"twenty\"")},
      {"zero-trials", with("trials = 1000", "trials = 0")},
      {"negative-trials", with("trials = 1000", "trials = -5")},
      {"d0", with("\"1d6\"", "\"1d0\"")},
      {"huge-dice", with("\"1d6\"", "\"1000000000000d6\"")},
      {"huge-horizon", with("seed = 7", "seed = 7\nhorizon = \"1000000000 days\"")},
      {"probability", with("dc = 16", "dc = 16\nkeep_attacking_downed = 1.5")},
      {"bad-ruleset", with("ruleset = \"pf2\"", "ruleset = \"pf3\"")},
      {"bad-option", with("[[variants]]", "[options]\nrecovery_check = \"flatt\"\n[[variants]]")},
      {"variant-option", with("recovery_check = \"flat\"", "recovery_chek = \"flat\"")},
      {"duration-unit", with("seed = 7", "seed = 7\nhorizon = \"3 fortnights\"")},
  };
  for (const auto& [name, text] : catalogue) {
    INFO(name);
    const std::string file = test::write_file("catalogue/" + name + ".toml", text);
    const std::string out_dir = fresh_path("catalogue-out-" + name);
    const Result r = cli({"run", file, "--out", out_dir});
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK(r.err.rfind(file + ":", 0) == 0);  // file:line:col: error: ...
    CHECK(r.err.find(": error: ") != std::string::npos);
    CHECK(r.err.find(":0:") == std::string::npos);  // a real line and column
    CHECK_FALSE(fs::exists(out_dir));
  }
  CHECK(partial_leftovers(test::temp_dir()).empty());
}

namespace {

// The good scenario with a third variant, for --reference and --all-pairs.
std::string three_variants() {
  return test::pf2_scenario(R"([[variants]]
name = "flat"
options = { recovery_check = "flat" }

[[variants]]
name = "wounded"
options = { recovery_check = "flat", wounded = true }
)");
}

std::vector<std::string> csv_column(const std::string& csv, size_t col, const std::string& metric) {
  const CsvTable t = CsvTable::parse(csv, "comparisons.csv", CsvTable::LineEnds::CrlfOnly);
  std::vector<std::string> out;
  for (size_t r = 0; r < t.rows(); ++r)
    if (t.at(r, "metric") == metric) out.push_back(t.row(r).at(col));
  return out;
}

}  // namespace

TEST_CASE("run --reference and --all-pairs choose the compared pairs", "[cli][paired]") {
  const std::string file = test::write_file("cli-pairs.toml", three_variants());
  const std::string def = fresh_path("cli-pairs-default"), ref = fresh_path("cli-pairs-ref"),
                    all = fresh_path("cli-pairs-all");
  REQUIRE(cli({"run", file, "--trials", "3000", "-q", "--out", def}).status == 0);
  const Result r = cli({"run", file, "--trials", "3000", "--reference", "flat", "--out", ref});
  REQUIRE(r.err == "");
  REQUIRE(r.status == 0);
  CHECK_THAT(r.out, Catch::Contains("  baseline vs flat: deaths "));
  CHECK_THAT(r.out, Catch::Contains("  wounded vs flat: deaths "));
  CHECK_THAT(r.out, Catch::Contains("McNemar p "));
  REQUIRE(cli({"run", file, "--trials", "3000", "-q", "--all-pairs", "--out", all}).status == 0);
  const std::string d = read_file(def + "/comparisons.csv"),
                    f = read_file(ref + "/comparisons.csv"),
                    a = read_file(all + "/comparisons.csv");
  // Columns: 1 variant, 2 reference, 4 difference, 8 only_reference, 9 only_variant.
  CHECK(csv_column(d, 1, "death_rate_difference") == std::vector<std::string>{"flat", "wounded"});
  CHECK(csv_column(d, 2, "death_rate_difference") ==
        std::vector<std::string>{"baseline", "baseline"});
  CHECK(csv_column(f, 1, "death_rate_difference") ==
        std::vector<std::string>{"baseline", "wounded"});
  CHECK(csv_column(a, 1, "death_rate_difference") ==
        std::vector<std::string>{"flat", "wounded", "wounded"});
  CHECK(csv_column(a, 2, "death_rate_difference") ==
        std::vector<std::string>{"baseline", "baseline", "flat"});
  // The same pair from either side: the counts swap and the difference changes sign.
  const auto fwd_b = csv_column(d, 8, "death_rate_difference")[0],
             fwd_c = csv_column(d, 9, "death_rate_difference")[0];
  CHECK(csv_column(f, 8, "death_rate_difference")[0] == fwd_c);
  CHECK(csv_column(f, 9, "death_rate_difference")[0] == fwd_b);
  CHECK(std::stod(csv_column(f, 4, "death_rate_difference")[0]) ==
        -std::stod(csv_column(d, 4, "death_rate_difference")[0]));
  // wounded vs flat, from its own paired tally, is the third row of --all-pairs and the second
  // of --reference flat.
  for (size_t col : {4, 8, 9})
    CHECK(csv_column(a, col, "death_rate_difference")[2] ==
          csv_column(f, col, "death_rate_difference")[1]);
}

TEST_CASE("run: bad comparison and precision flags exit 2 naming the flag", "[cli]") {
  const std::string file = test::write_file("cli-flags.toml", three_variants());
  const std::string out = fresh_path("cli-flags-out");
  auto err_of = [&](std::vector<std::string> extra) {
    std::vector<std::string> args{"run", file, "-q", "--out", out};
    args.insert(args.end(), extra.begin(), extra.end());
    const Result r = cli(args);
    CHECK(r.status == 2);
    CHECK_FALSE(fs::exists(out));
    return r.err;
  };
  CHECK_THAT(err_of({"--reference", "nobody"}),
             Catch::Contains("--reference nobody: no such variant in test") &&
                 Catch::Contains("expected one of baseline, flat, wounded"));
  CHECK_THAT(err_of({"--reference", "flat", "--all-pairs"}),
             Catch::Contains("--reference and --all-pairs cannot both be given"));
  CHECK_THAT(err_of({"--precision", "0"}),
             Catch::Contains("--precision \"0\" is not a precision") &&
                 Catch::Contains("expected a half-width above 0"));
  CHECK_THAT(err_of({"--precision", "5%%"}), Catch::Contains("--precision \"5%%\""));
  CHECK_THAT(err_of({"--precision", "abc"}), Catch::Contains("--precision \"abc\""));
  CHECK_THAT(err_of({"--precision", "120%"}), Catch::Contains("--precision \"120%\""));
  CHECK_THAT(err_of({"--precision", "0.01", "--trials", "1000"}),
             Catch::Contains("--precision and --trials cannot both be given"));
  CHECK_THAT(err_of({"--max-trials", "1000"}), Catch::Contains("--max-trials needs --precision"));
  CHECK_THAT(err_of({"--precision", "1%", "--max-trials", "0"}),
             Catch::Contains("--max-trials 0 is out of range"));
  CHECK_THAT(err_of({"--interval", "wald"}),
             Catch::Contains("--interval \"wald\" is not an interval") &&
                 Catch::Contains("expected wilson or clopper-pearson"));
  // validate makes the same checks.
  const Result v = cli({"validate", file, "--reference", "nobody"});
  CHECK(v.status == 2);
  CHECK_THAT(v.err, Catch::Contains("--reference nobody"));
}

TEST_CASE("run --precision stops at the same trial with 1 and 2 threads", "[cli][precision]") {
  const std::string file = test::write_file("cli-precision.toml", three_variants());
  std::map<std::string, std::string> first;
  for (const char* threads : {"1", "2"}) {
    const std::string out = fresh_path(std::string("cli-precision-") + threads);
    const Result r = cli({"run", file, "-q", "--precision", "0.004", "--max-trials", "2e6",
                          "--threads", threads, "--interval", "clopper-pearson", "--out", out});
    REQUIRE(r.err == "");
    REQUIRE(r.status == 0);
    const nlohmann::json run = nlohmann::json::parse(read_file(out + "/run.json"));
    CHECK(run.at("stopped") == "precision");
    CHECK(run.at("precision") == "0.004");
    CHECK(run.at("interval") == "clopper-pearson");
    const uint64_t n = run.at("trials").get<uint64_t>();
    CHECK(n % kChunkTrials == 0);  // a chunk boundary
    CHECK(n < 2000000);
    for (const char* name : {"summary.csv", "comparisons.csv", "sequelae.csv", "end_states.csv",
                             "histograms.csv", "examples.csv"}) {
      INFO(name);
      const std::string csv = read_file(out + "/" + name);
      if (first.count(name))
        CHECK(csv == first[name]);
      else
        first[name] = csv;
    }
    if (!first.count("trials")) first["trials"] = std::to_string(n);
    CHECK(std::to_string(n) == first["trials"]);
  }
  // A cap below what the target needs: stopped by the cap, and run.json says so.
  const std::string out = fresh_path("cli-precision-cap");
  REQUIRE(cli({"run", file, "-q", "--precision", "0.0001", "--max-trials", "70000", "--out", out})
              .status == 0);
  const nlohmann::json run = nlohmann::json::parse(read_file(out + "/run.json"));
  CHECK(run.at("stopped") == "max_trials");
  CHECK(run.at("trials") == 70000);
}

TEST_CASE("every command's usage line names every option its --help lists", "[cli]") {
  // The positional arguments appear in the options as --file, --dir, --id: not flags.
  const std::set<std::string> positional = {"--file", "--dir", "--id", "--help"};
  for (const char* command : {"run", "validate", "merge", "replay", "rules", "plot"}) {
    INFO(command);
    const Result r = cli({command, "--help"});
    REQUIRE(r.status == 0);
    const size_t blank = r.out.find("\n\n");
    REQUIRE(r.out.rfind("usage: lethality ", 0) == 0);
    REQUIRE(blank != std::string::npos);
    const std::string usage = r.out.substr(0, blank);
    // The options block: lines "  --name arg  help" or "  -q [ --quiet ]  help".
    std::istringstream lines(r.out.substr(r.out.find("options:")));
    size_t listed = 0;
    for (std::string line; std::getline(lines, line);) {
      const size_t at = line.find("--");
      if (line.rfind("  -", 0) != 0 || at == std::string::npos) continue;
      size_t end = at + 2;
      while (end < line.size() &&
             (std::isalnum(static_cast<unsigned char>(line[end])) || line[end] == '-'))
        ++end;
      const std::string flag = line.substr(at, end - at);
      if (positional.count(flag)) continue;
      ++listed;
      INFO(flag);
      CHECK_THAT(usage, Catch::Contains("[" + flag) || Catch::Contains(" " + flag + " ") ||
                            Catch::Contains("| " + flag));
    }
    CHECK(listed > 0);
  }
}

TEST_CASE("run --quiet: no progress on stderr unless --log-every asks for it", "[cli]") {
  auto log_every = [](std::vector<std::string> args) {
    CommandSpec spec{"usage", "", po::options_description("options"), {}};
    RunArgs run_args;
    add_run_options(spec, run_args);
    po::variables_map vm;
    std::ostringstream out, err;
    REQUIRE_FALSE(parse_command(args, spec, vm, out, err));
    return read_run_settings(vm, run_args).log_every_s;
  };
  CHECK(log_every({"s.toml"}) == 30);  // log lines when stderr is not a terminal
  CHECK(log_every({"s.toml", "--quiet"}) == 0);
  CHECK(log_every({"s.toml", "-q"}) == 0);
  CHECK(log_every({"s.toml", "-q", "--log-every", "5"}) == 5);
  CHECK(log_every({"s.toml", "-q", "--log-every", "30"}) == 30);  // given, even at the default
  CHECK(log_every({"s.toml", "--log-every", "0"}) == 0);
}
