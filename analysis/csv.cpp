#include "analysis/csv.h"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "sim/core/error.h"

namespace leth {

std::string csv_quote(const std::string& s) {
  if (s.find_first_of(",\"\r\n") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

std::string format_number(double x) {
  if (std::isnan(x)) return "";
  if (std::isinf(x)) return x > 0 ? "inf" : "-inf";
  if (x == 0) return "0";  // never "-0"
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.10g", x);
  return buf;
}

Csv::Csv(std::vector<std::string> header) : columns_(header.size()) {
  for (const std::string& h : header) field(h);
  end_row();
}

Csv& Csv::field(const std::string& s) {
  if (in_row_ > 0) text_ += ',';
  text_ += csv_quote(s);
  ++in_row_;
  return *this;
}

Csv& Csv::field(double x) {
  return field(format_number(x));
}
Csv& Csv::field(uint64_t x) {
  return field(std::to_string(x));
}
Csv& Csv::field(int64_t x) {
  return field(std::to_string(x));
}

void Csv::end_row() {
  if (in_row_ != columns_)
    throw std::logic_error("csv: row has " + std::to_string(in_row_) + " fields, header has " +
                           std::to_string(columns_));
  text_ += "\r\n";
  in_row_ = 0;
}

CsvTable CsvTable::parse(const std::string& text, const std::string& file, LineEnds ends) {
  const bool strict = ends == LineEnds::CrlfOnly;
  CsvTable t;
  t.file_ = file;
  std::vector<std::string> row;
  std::string field;
  bool quoted = false, any = false;
  unsigned line = 1, row_line = 1;
  auto end_row = [&] {
    row.push_back(field);
    field.clear();
    if (t.header_.empty()) {
      t.header_ = row;
    } else if (row.size() != t.header_.size()) {
      throw InputError({file, row_line, 1},
                       "a row with " + std::to_string(row.size()) + " fields; the header has " +
                           std::to_string(t.header_.size()),
                       "the file is damaged: write it again with `lethality run`");
    } else {
      t.rows_.push_back(row);
      t.lines_.push_back(row_line);
    }
    row.clear();
    any = false;
    row_line = line;
  };
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (quoted) {
      if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
        field += '"';
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        if (c == '\n') ++line;
        field += c;
      }
      continue;
    }
    if (c == '"') {
      if (strict && !field.empty())
        throw InputError({file, line, 1}, "a quote inside an unquoted field",
                         "quote the whole field: \"say \"\"hi\"\"\"");
      quoted = any = true;
    } else if (c == ',') {
      row.push_back(field);
      field.clear();
      any = true;
    } else if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') {
      continue;  // the \n ends the row
    } else if (c == '\n' || (strict && c == '\r')) {
      if (strict && (c == '\r' || i == 0 || text[i - 1] != '\r'))
        throw InputError({file, line, 1}, "a line end that is not CRLF",
                         "rows end with CR LF (RFC 4180); a CR or LF alone must be quoted");
      ++line;
      end_row();
    } else {
      field += c;
      any = true;
    }
  }
  if (quoted) throw InputError({file, row_line, 1}, "a quoted field is not closed");
  if (any || !row.empty()) {
    if (strict)
      throw InputError({file, row_line, 1}, "the last row does not end with CRLF",
                       "every row, the last one too, ends with CR LF (RFC 4180)");
    end_row();
  }
  if (t.header_.empty()) throw InputError({file}, "the file is empty; a header row was expected");
  return t;
}

std::optional<CsvTable> CsvTable::read(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) return std::nullopt;
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  if (!in) throw InputError({path}, "cannot read the file");
  return parse(s.str(), path);
}

bool CsvTable::has_column(const std::string& name) const {
  for (const std::string& h : header_)
    if (h == name) return true;
  return false;
}

size_t CsvTable::column(const std::string& name) const {
  for (size_t i = 0; i < header_.size(); ++i)
    if (header_[i] == name) return i;
  throw InputError({file_, 1, 1}, "no column '" + name + "' in the header",
                   "the file comes from another version of lethality: run the scenario again");
}

const std::string& CsvTable::at(size_t r, const std::string& name) const {
  return rows_.at(r)[column(name)];
}

double CsvTable::number(size_t r, const std::string& name) const {
  const std::string& s = at(r, name);
  if (s.empty()) return NAN;
  errno = 0;
  char* end = nullptr;
  const double x = std::strtod(s.c_str(), &end);
  // ERANGE for an underflow (a p-value of 3e-322, which the run itself wrote) is a number:
  // strtod gives the nearest double, a subnormal or 0. An overflow is not.
  if (end != s.c_str() + s.size() || (errno == ERANGE && std::isinf(x)))
    throw InputError({file_, lines_.at(r), 1}, name + ": '" + s + "' is not a number");
  return x;
}

}  // namespace leth
