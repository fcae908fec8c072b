// RFC 4180 CSV: quoting, CRLF rows, the field count check, number formatting, and a round
// trip through a strict RFC 4180 reader.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include "analysis/csv.h"
#include "sim/core/stream.h"

using namespace leth;

namespace {

// A strict RFC 4180 reader: CRLF record ends, quoted fields with "" for a quote.
std::vector<std::vector<std::string>> read_csv(const std::string& text) {
  std::vector<std::vector<std::string>> rows;
  std::vector<std::string> row;
  std::string field;
  size_t i = 0;
  bool quoted = false;
  while (i < text.size()) {
    const char c = text[i];
    if (quoted) {
      if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
        field += '"';
        i += 2;
      } else if (c == '"') {
        quoted = false;
        ++i;
      } else {
        field += c;
        ++i;
      }
    } else if (c == '"') {
      REQUIRE(field.empty());  // a quote only opens a field
      quoted = true;
      ++i;
    } else if (c == ',') {
      row.push_back(field);
      field.clear();
      ++i;
    } else if (c == '\r') {
      REQUIRE(i + 1 < text.size());
      REQUIRE(text[i + 1] == '\n');  // a bare CR outside quotes is not a line end
      row.push_back(field);
      field.clear();
      rows.push_back(row);
      row.clear();
      i += 2;
    } else {
      REQUIRE(c != '\n');  // a bare LF outside quotes is not allowed either
      field += c;
      ++i;
    }
  }
  REQUIRE_FALSE(quoted);
  REQUIRE(row.empty());  // the last record ends with CRLF too
  REQUIRE(field.empty());
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
