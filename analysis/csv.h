// RFC 4180 CSV, written and read back in one place: a header row, CRLF line ends, fields
// quoted when they hold a comma, a quote or a line break. Numbers are written with up to 10
// significant digits; a missing value is an empty field (NA for pandas and R). The reader
// (CsvTable) serves `lethality plot`, `run --resume` and the tests alike.
#pragma once

#include <cstdint>
#include <optional>
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

// The reading side: a CSV file by column name. Errors name the file and line.
class CsvTable {
 public:
  // How rows may end: as `lethality run` writes them (CRLF only; a bare CR or LF outside quotes
  // and a last row without its CRLF are errors), or CRLF or LF (a file saved by an editor).
  enum class LineEnds { CrlfOnly, CrlfOrLf };
  // Parses `text`; `file` names it in errors. Throws InputError (located) on a row whose field
  // count is not the header's, an unterminated quote, a quote inside an unquoted field (strict)
  // or a line end `ends` does not allow.
  static CsvTable parse(const std::string& text, const std::string& file,
                        LineEnds ends = LineEnds::CrlfOrLf);
  // Reads and parses a file; nullopt if it does not exist.
  static std::optional<CsvTable> read(const std::string& path);

  size_t rows() const { return rows_.size(); }
  // The field of row `r` in column `name`. Throws InputError if the file has no such column.
  const std::string& at(size_t r, const std::string& name) const;
  // The same field as a number; NaN when empty. Throws InputError if it is not a number.
  double number(size_t r, const std::string& name) const;
  bool has_column(const std::string& name) const;
  const std::vector<std::string>& header() const { return header_; }
  const std::vector<std::string>& row(size_t r) const { return rows_.at(r); }

 private:
  size_t column(const std::string& name) const;
  std::string file_;
  std::vector<std::string> header_;
  std::vector<std::vector<std::string>> rows_;
  std::vector<unsigned> lines_;  // each row's line in the file, for errors
};

std::string csv_quote(const std::string& s);
std::string format_number(double x);  // "%.10g"; "" for NaN

}  // namespace leth
