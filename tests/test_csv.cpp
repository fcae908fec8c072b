// RFC 4180 CSV (analysis/csv.h): quoting, CRLF rows, the field count check, number
// formatting, a round trip through the module's own reader in its strict mode, and that reader
// refusing what RFC 4180 does not allow.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include "analysis/csv.h"
#include "sim/core/error.h"
#include "sim/core/stream.h"

using namespace leth;

namespace {

// What analysis/csv.h's reader gives back, strictly (CRLF record ends only), header first.
std::vector<std::vector<std::string>> read_csv(const std::string& text) {
  const CsvTable t = CsvTable::parse(text, "test.csv", CsvTable::LineEnds::CrlfOnly);
  std::vector<std::vector<std::string>> rows = {t.header()};
  for (size_t r = 0; r < t.rows(); ++r) rows.push_back(t.row(r));
  return rows;
}

}  // namespace

TEST_CASE("csv: quoting only where RFC 4180 needs it", "[csv]") {
  CHECK(csv_quote("plain") == "plain");
  CHECK(csv_quote("") == "");
  CHECK(csv_quote(" spaced ") == " spaced ");
  CHECK(csv_quote("goblin, ambush") == "\"goblin, ambush\"");
  CHECK(csv_quote("say \"hi\"") == "\"say \"\"hi\"\"\"");
  CHECK(csv_quote("\"") == "\"\"\"\"");
  CHECK(csv_quote("two\nlines") == "\"two\nlines\"");
  CHECK(csv_quote("cr\r") == "\"cr\r\"");
  CHECK(csv_quote("crlf\r\n") == "\"crlf\r\n\"");
  CHECK(csv_quote("semi;colon") == "semi;colon");
  CHECK(csv_quote("caf\xc3\xa9") == "caf\xc3\xa9");  // UTF-8 passes through
}

TEST_CASE("csv: header, rows, CRLF line ends", "[csv]") {
  Csv c({"scenario", "metric", "value", "lo"});
  CHECK(c.text() == "scenario,metric,value,lo\r\n");
  c.field("goblin, ambush").field("deaths").field(0.125).field(std::nan(""));
  c.end_row();
  c.field(std::string("say \"hi\"")).field("n").field(uint64_t{18446744073709551615ULL}).field(-3);
  c.end_row();
  c.field("x").field("y").field(int64_t{INT64_MIN}).field(-0.0);
  c.end_row();
  CHECK(c.text() ==
        "scenario,metric,value,lo\r\n"
        "\"goblin, ambush\",deaths,0.125,\r\n"
        "\"say \"\"hi\"\"\",n,18446744073709551615,-3\r\n"
        "x,y,-9223372036854775808,0\r\n");

  Csv quoted_header({"a,b", "c"});
  CHECK(quoted_header.text() == "\"a,b\",c\r\n");
}

TEST_CASE("csv: a row with the wrong number of fields throws", "[csv]") {
  Csv c({"a", "b", "c"});
  c.field("1").field("2");
  CHECK_THROWS_AS(c.end_row(), std::logic_error);
  CHECK_THROWS_WITH(c.end_row(), "csv: row has 2 fields, header has 3");
  Csv d({"a", "b", "c"});
  d.field(1).field(2).field(3).field(4);
  CHECK_THROWS_WITH(d.end_row(), "csv: row has 4 fields, header has 3");
  Csv e({"a"});
  CHECK_THROWS_WITH(e.end_row(), "csv: row has 0 fields, header has 1");
}

TEST_CASE("csv: numbers have up to 10 significant digits; NaN is an empty field", "[csv]") {
  CHECK(format_number(0.0) == "0");
  CHECK(format_number(-0.0) == "0");
  CHECK(format_number(1.0) == "1");
  CHECK(format_number(0.1) == "0.1");
  CHECK(format_number(-2.5) == "-2.5");
  CHECK(format_number(1.0 / 3) == "0.3333333333");
  CHECK(format_number(2.0 / 3) == "0.6666666667");
  CHECK(format_number(1234567890.0) == "1234567890");
  CHECK(format_number(12345678901.0) == "1.23456789e+10");
  CHECK(format_number(1e-12) == "1e-12");
  CHECK(format_number(0.000123) == "0.000123");
  CHECK(format_number(315360000.0) == "315360000");
  CHECK(format_number(std::nan("")) == "");
  CHECK(format_number(std::numeric_limits<double>::infinity()) == "inf");
  CHECK(format_number(-std::numeric_limits<double>::infinity()) == "-inf");
}

TEST_CASE("csv: any text survives a strict RFC 4180 reader", "[csv]") {
  const std::string alphabet = std::string("ab ,\"\r\n;x\t") + '\xc3' + '\xa9';
  TrialRng rng(2026, 4);
  Stream s = rng.stream(Purpose::Test);
  std::vector<std::vector<std::string>> rows = {{"name", "text", "value"}};
  Csv c(rows[0]);
  for (int r = 0; r < 300; ++r) {
    std::string a, b;
    const uint64_t la = s.below(8), lb = s.below(8);
    for (uint64_t i = 0; i < la; ++i) a += alphabet[s.below(alphabet.size())];
    for (uint64_t i = 0; i < lb; ++i) b += alphabet[s.below(alphabet.size())];
    const double x = s.uniform() * 1000;
    c.field(a).field(b).field(x);
    c.end_row();
    rows.push_back({a, b, format_number(x)});
  }
  CHECK(read_csv(c.text()) == rows);
}

TEST_CASE("csv: the strict reader refuses what RFC 4180 does not allow, located", "[csv]") {
  auto error = [](const std::string& text, CsvTable::LineEnds ends) {
    try {
      CsvTable::parse(text, "t.csv", ends);
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  const auto strict = CsvTable::LineEnds::CrlfOnly, loose = CsvTable::LineEnds::CrlfOrLf;
  CHECK_THAT(error("a,b\r\n1,2\n", strict),
             Catch::Contains("t.csv:2:1: error: a line end that is not CRLF"));
  CHECK_THAT(error("a,b\r\n1\r2\r\n", strict), Catch::Contains("not CRLF"));
  CHECK_THAT(error("a,b\r\n1,2", strict), Catch::Contains("the last row does not end with CRLF"));
  CHECK_THAT(error("a,b\r\nx\"y,2\r\n", strict),
             Catch::Contains("a quote inside an unquoted field"));
  CHECK_THAT(error("a,b\r\n\"1,2\r\n", strict), Catch::Contains("a quoted field is not closed"));
  CHECK_THAT(error("a,b\r\n1,2,3\r\n", strict),
             Catch::Contains("t.csv:2:1: error: a row with 3 fields; the header has 2"));
  // An editor's LF-only file reads when line ends are not strict.
  CHECK(error("a,b\n1,2\n", loose) == "");
  CHECK(error("a,b\n1,2", loose) == "");
  const CsvTable t = CsvTable::parse("a,b\n1,\"x\ny\"\n", "t.csv");
  CHECK(t.at(0, "b") == "x\ny");
  CHECK(t.number(0, "a") == 1);
}
