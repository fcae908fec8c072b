// What a TOML file may hold before the parser sees it (scenarios/toml_limits.h): deep nesting
// of every shape is refused, located, before toml++ would overflow its stack on it, while the
// files a designer writes — every bundled one, every TOML construct — pass untouched; and
// what is not a regular file of a sane size is refused before it is read.
#include <sys/stat.h>
#include <unistd.h>

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "scenarios/reader.h"
#include "scenarios/toml_limits.h"
#include "tests/cli_support.h"
#include "tests/support.h"

using namespace leth;
namespace fs = std::filesystem;

namespace {

std::string repeat(const std::string& s, size_t n) {
  std::string out;
  for (size_t i = 0; i < n; ++i) out += s;
  return out;
}

// The message check_toml_depth gives for `text`, or "".
std::string depth_error(const std::string& text) {
  return test::error_of([&] { check_toml_depth(text, "deep.toml"); });
}

const std::string kTooDeep =
    ": error: tables, arrays and dotted keys nest deeper than 64 levels here (a scenario needs a "
    "few levels; the file is damaged or was generated wrong)";

}  // namespace

TEST_CASE("deep nesting of every shape is refused where it passes 64 levels", "[toml]") {
  const size_t n = 40'000;  // the shapes that crashed the parser: 40,000 levels, ~80 KB
  // A dotted key: segment 65 starts at column 1 + 64 * 2.
  CHECK(depth_error("name = \"x\"\n" + std::string("a") + repeat(".a", n) + " = 1\n") ==
        "deep.toml:2:129" + kTooDeep);
  // A table header, and an array-of-tables header (its element table is one more level).
  CHECK(depth_error("[" + std::string("a") + repeat(".a", n) + "]\n") ==
        "deep.toml:1:130" + kTooDeep);
  CHECK(depth_error("[[" + std::string("a") + repeat(".a", 63) + "]]\n") != "");
  CHECK(depth_error("[[" + std::string("a") + repeat(".a", 62) + "]]\n") == "");
  // Arrays, inline tables, and the two mixed, on one line or several.
  CHECK(depth_error("a = " + repeat("[", n) + repeat("]", n) + "\n") ==
        "deep.toml:1:68" + kTooDeep);
  CHECK(depth_error("a = " + repeat("{b = ", n) + "1" + repeat("}", n) + "\n") != "");
  CHECK(depth_error("a = " + repeat("[{b = \n", n)) != "");
  // A dotted key inside inline tables inside arrays, under a deep header.
  CHECK(depth_error("[" + std::string("t") + repeat(".t", 30) + "]\nk = [{" + "x" +
                    repeat(".x", 40) + " = 1}]\n") != "");
  // Exactly 64 levels pass.
  CHECK(depth_error(std::string("a") + repeat(".a", 63) + " = 1\n") == "");
  CHECK(depth_error("a = " + repeat("[", 63) + repeat("]", 63) + "\n") == "");
}

TEST_CASE("strings, comments and every TOML construct do not count as nesting", "[toml]") {
  const std::string brackets = repeat("[{.", 100);
  // Nesting characters inside strings of the four kinds, in comments and in keys' quotes.
  const std::string text = "a = \"" + brackets + "\\\"" + brackets + "\"\n" + "b = '" + brackets +
                           "'\n" + "c = \"\"\"\n" + brackets + "\n\"\"\"\"\n" + "d = '''" +
                           brackets + "\n''''\n" + "# " + brackets + "\n" + "\"" + brackets +
                           "\".'" + brackets + "' = 1\n" + "[\"x" + brackets + "\"]\n" +
                           "e = [1, 2.5, true, 1979-05-27 07:32:00Z, # " + brackets + "\n  3,]\n" +
                           "f = { g = \"]\", h = [ \"}\" ] }\n";
  CHECK(depth_error(text) == "");
  CHECK_NOTHROW(Document::parse_string(text, "constructs.toml"));
}

TEST_CASE("every bundled scenario file passes the depth check", "[toml]") {
  for (const char* dir : {"scenarios/examples", "bench"})
    for (const auto& e : fs::directory_iterator(test::source_path(dir))) {
      if (e.path().extension() != ".toml") continue;
      INFO(e.path());
      std::ifstream in(e.path());
      const std::string text((std::istreambuf_iterator<char>(in)), {});
      CHECK(depth_error(text) == "");
    }
}

TEST_CASE("the loader refuses deep nesting located, not with a crash", "[toml]") {
  const std::string path =
      test::write_file("deep-key.toml", "name = \"x\"\nruleset = \"pf2\"\n" + std::string("a") +
                                            repeat(".a", 40'000) + " = 1\n");
  CHECK(test::error_of([&] { load_scenario(path); }) == path + ":3:129" + kTooDeep);
}

TEST_CASE("what is not a regular file of at most 1 MiB is refused before it is read", "[toml]") {
  CHECK(test::error_of([] { Document::parse_file("/dev/zero"); }) ==
        "/dev/zero: error: is not a regular file (a device, a pipe or a socket) (give a scenario "
        "file)");
  const std::string fifo = test::temp_dir() + "/fifo.toml";
  REQUIRE(::mkfifo(fifo.c_str(), 0644) == 0);
  CHECK_THAT(test::error_of([&] { Document::parse_file(fifo); }),
             Catch::Contains("is not a regular file"));
  // One byte over the limit; and a sparse file of 4 GiB, refused without reading it.
  const std::string big = test::write_file("big.toml", "# " + std::string(kMaxTomlBytes - 1, 'x'));
  CHECK(test::error_of([&] { Document::parse_file(big); }) ==
        big +
            ": error: the file is larger than 1 MiB (a scenario file takes a few KiB; is this "
            "the right file?)");
  const std::string sparse = test::temp_dir() + "/sparse.toml";
  std::ofstream(sparse).close();
  fs::resize_file(sparse, uintmax_t{4} << 30);
  CHECK_THAT(test::error_of([&] { Document::parse_file(sparse); }), Catch::Contains("larger than"));
  fs::remove(sparse);
  const std::string at_limit =
      test::write_file("at-limit.toml", "# " + std::string(kMaxTomlBytes - 3, 'x') + "\n");
  CHECK_THAT(test::error_of([&] { Document::parse_file(at_limit); }), !Catch::Contains("larger"));
}

TEST_CASE("a symbolic link loop as a scenario file is reported as one", "[toml]") {
  const std::string a = test::temp_dir() + "/loop-a.toml", b = test::temp_dir() + "/loop-b.toml";
  fs::create_symlink(b, a);
  fs::create_symlink(a, b);
  CHECK(test::error_of([&] { Document::parse_file(a); }) ==
        a + ": error: cannot read the file: Too many levels of symbolic links (check the path)");
  // In a folder of scenarios, as `run DIR` reads it: that file is named, status 2.
  const std::string dir = test::temp_dir() + "/loop-folder";
  fs::create_directories(dir);
  fs::create_symlink(dir + "/x.toml", dir + "/x.toml");
  const test::CliResult r = test::cli({"validate", dir});
  CHECK(r.status == 2);
  CHECK(r.err == dir +
                     "/x.toml: error: cannot read the file: Too many levels of symbolic links "
                     "(check the path)\n");
  // A dangling link is a missing file.
  const std::string dangling = test::temp_dir() + "/dangling.toml";
  fs::create_symlink(test::temp_dir() + "/nowhere.toml", dangling);
  CHECK(test::error_of([&] { Document::parse_file(dangling); }) ==
        dangling + ": error: no such file (check the path)");
}
