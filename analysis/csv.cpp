#include "analysis/csv.h"

#include <cmath>
#include <cstdio>
#include <stdexcept>

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

}  // namespace leth
