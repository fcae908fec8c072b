// Rule tables keyed by die-roll ranges: coverage of every face exactly once, located errors.
#include <catch2/catch.hpp>

#include "rules/common/table.h"
#include "tests/support.h"

using namespace leth;

namespace {

struct Loaded {
  std::shared_ptr<Document> doc;
  RollTable table;
  std::vector<Reader> rows;
};

Loaded load(const std::string& text, int die) {
  Loaded l;
  l.doc = Document::parse_string(text, "table.toml");
  Reader root(l.doc);
  l.table = RollTable::read(root, "rows", die, l.rows);
  return l;
}

std::string error(const std::string& text, int die) {
  return test::error_of([&] { load(text, die); });
}

}  // namespace

TEST_CASE("roll table: ranges as the seeds print them, and the row for each roll", "[table]") {
  Loaded l = load(R"([[rows]]
range = "11-20"
name = "light"
[[rows]]
range = "06-10"
name = "moderate"
[[rows]]
range = "03-05"
name = "severe"
[[rows]]
range = "01-02"
name = "serious"
)",
                  20);
  REQUIRE(l.table.size() == 4);
  CHECK(l.table.row_for(20) == 0);
  CHECK(l.table.row_for(11) == 0);
  CHECK(l.table.row_for(10) == 1);
  CHECK(l.table.row_for(3) == 2);
  CHECK(l.table.row_for(1) == 3);
  CHECK(l.rows[2].need_string("name") == "severe");
  // The caller reads the other keys; anything left unread is still an error.
  const std::string unread = test::error_of([&] { l.doc->check_unused(); });
  CHECK(unread.find("table.toml:3:1") == 0);  // rows[1].name, the first unread key
  CHECK(unread.find("unknown key") != std::string::npos);
}

TEST_CASE("roll table: single faces as numbers or strings (a d6 table)", "[table]") {
  Loaded l = load("[[rows]]\nrange = 1\n[[rows]]\nrange = \"2-5\"\n[[rows]]\nrange = \"6\"\n", 6);
  CHECK(l.table.row_for(1) == 0);
  CHECK(l.table.row_for(5) == 1);
  CHECK(l.table.row_for(6) == 2);
}

TEST_CASE("roll table: a gap is an error at the table", "[table][errors]") {
  CHECK(error("[[rows]]\nrange = \"11-20\"\n[[rows]]\nrange = \"01-05\"\n", 20) ==
        "table.toml:1:1: error: rows: no row covers faces 6-10 of the d20 (each roll of the d20 "
        "belongs to exactly one row)");
}

TEST_CASE("roll table: an overlap is an error at the second row", "[table][errors]") {
  CHECK(error("[[rows]]\nrange = \"10-20\"\n[[rows]]\nrange = \"01-11\"\n", 20) ==
        "table.toml:4:9: error: rows[2].range: range 1-11 overlaps row 1 (10-20) on faces 10-11 "
        "(each roll of the d20 belongs to exactly one row)");
}

TEST_CASE("roll table: a range beyond the die, backwards, or not a range", "[table][errors]") {
  CHECK(error("[[rows]]\nrange = \"1-21\"\n", 20) ==
        "table.toml:2:9: error: rows[1].range: range 1-21 is outside the d20 (rolls run from 1 "
        "to 20)");
  CHECK(error("[[rows]]\nrange = \"20-11\"\n", 20) ==
        "table.toml:2:10: error: rows[1].range: range \"20-11\" runs backwards (write the low roll "
        "first, e.g. "
        "\"11-20\")");
  CHECK(error("[[rows]]\nrange = \"eleven\"\n", 20) ==
        "table.toml:2:10: error: rows[1].range: \"eleven\" is not a range of rolls (write e.g. "
        "\"11-20\" or \"5\")");
  CHECK(error("[[rows]]\nrange = 0\n", 20) ==
        "table.toml:2:9: error: rows[1].range: 0 is out of range (expected an integer from 1 to "
        "20)");
  CHECK(error("[[rows]]\nname = \"x\"\n", 20) ==
        "table.toml:1:1: error: rows[1]: missing key 'range' (add range = \"11-20\")");
}
