// RFC 4180 CSV: a header row, CRLF line ends, fields quoted when they hold a comma, a quote or
// a line break. Numbers are written with up to 10 significant digits; a missing value is an
// empty field (NA for pandas and R).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace leth {

class Csv {
 public:
  explicit Csv(std::vector<std::string> header);
  Csv& field(const std::string& s);
  Csv& field(const char* s) { return field(std::string(s)); }
  Csv& field(double x);
  Csv& field(uint64_t x);
  Csv& field(int64_t x);
  Csv& field(int x) { return field(static_cast<int64_t>(x)); }
  void end_row();  // throws std::logic_error if the row has the wrong number of fields
  const std::string& text() const { return text_; }

 private:
  size_t columns_;
  size_t in_row_ = 0;
  std::string text_;
};

std::string csv_quote(const std::string& s);
std::string format_number(double x);  // "%.10g"; "" for NaN

}  // namespace leth
