// Reading back the CSV files a run writes (RFC 4180: quoted fields, "" for a quote, CRLF or LF
// line ends), by column name, for `lethality plot`. Errors name the file and line.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace leth {

class CsvTable {
 public:
  // Parses `text`; `file` names it in errors. Throws InputError on a row whose field count is
  // not the header's, or an unterminated quote.
  static CsvTable parse(const std::string& text, const std::string& file);
  // Reads and parses a file; nullopt if it does not exist.
  static std::optional<CsvTable> read(const std::string& path);

  size_t rows() const { return rows_.size(); }
  // The field of row `r` in column `name`. Throws InputError if the file has no such column.
  const std::string& at(size_t r, const std::string& name) const;
  // The same field as a number; NaN when empty. Throws InputError if it is not a number.
  double number(size_t r, const std::string& name) const;
  bool has_column(const std::string& name) const;
  const std::vector<std::string>& header() const { return header_; }

 private:
  size_t column(const std::string& name) const;
  std::string file_;
  std::vector<std::string> header_;
  std::vector<std::vector<std::string>> rows_;
  std::vector<unsigned> lines_;  // each row's line in the file, for errors
};

}  // namespace leth
