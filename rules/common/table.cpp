#include "rules/common/table.h"

#include <cctype>
#include <charconv>

namespace leth {

namespace {

std::string range_text(const RollRange& r) {
  return r.lo == r.hi ? std::to_string(r.lo) : std::to_string(r.lo) + "-" + std::to_string(r.hi);
}

std::string faces_text(int lo, int hi) {
  return lo == hi ? "face " + std::to_string(lo)
                  : "faces " + std::to_string(lo) + "-" + std::to_string(hi);
}

}  // namespace

RollRange parse_roll_range(std::string_view text, const SourceLoc& where) {
  auto number = [&](std::string_view s, int& out) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
    if (s.empty() || s.size() > 6) return false;
    const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return ec == std::errc() && p == s.data() + s.size();
  };
  RollRange r;
  const size_t dash = text.find('-');
  bool ok;
  if (dash == std::string_view::npos) {
    ok = number(text, r.lo);
    r.hi = r.lo;
  } else {
    ok = number(text.substr(0, dash), r.lo) && number(text.substr(dash + 1), r.hi);
  }
  if (!ok)
    throw InputError(where, "\"" + std::string(text) + "\" is not a range of rolls",
                     "write e.g. \"11-20\" or \"5\"");
  if (r.lo > r.hi)
    throw InputError(where, "range \"" + std::string(text) + "\" runs backwards",
                     "write the low roll first, e.g. \"" + std::to_string(r.hi) + "-" +
                         std::to_string(r.lo) + "\"");
  return r;
}

RollTable RollTable::read(Reader& parent, std::string_view rows_key, int die,
                          std::vector<Reader>& rows, std::string_view key) {
  rows = parent.get_tables(rows_key);
  RollTable t;
  t.die_ = die;
  if (die < 1 || die > kMaxDie) throw std::invalid_argument("roll table: die out of range");
  t.by_face_.assign(static_cast<size_t>(die), SIZE_MAX);
  for (size_t i = 0; i < rows.size(); ++i) {
    Reader& row = rows[i];
    RollRange r;
    if (!row.has(key))
      row.fail_here("missing key '" + std::string(key) + "'",
                    "add " + std::string(key) + " = \"11-20\"");
    const toml::node* node = row.table()->get(key);  // rows are single-layer readers
    if (node && node->is_integer()) {
      const auto n = row.get_int(key, 1, die);
      r = {static_cast<int>(*n), static_cast<int>(*n)};
    } else {
      SourceLoc at = row.where(key);
      if (at.line != 0) at.column += 1;
      try {
        r = parse_roll_range(row.need_string(key), at);
      } catch (const InputError& e) {
        throw InputError(e.loc(), row.path_of(key) + ": " + e.bare_message(), e.hint());
      }
    }
    if (r.lo < 1 || r.hi > die)
      row.fail(key, "range " + range_text(r) + " is outside the d" + std::to_string(die),
               "rolls run from 1 to " + std::to_string(die));
    for (int f = r.lo; f <= r.hi; ++f) {
      const size_t prev = t.by_face_[static_cast<size_t>(f - 1)];
      if (prev != SIZE_MAX)
        row.fail(key,
                 "range " + range_text(r) + " overlaps row " + std::to_string(prev + 1) + " (" +
                     range_text(t.ranges_[prev]) + ") on " +
                     faces_text(f, std::min(r.hi, t.ranges_[prev].hi)),
                 "each roll of the d" + std::to_string(die) + " belongs to exactly one row");
      t.by_face_[static_cast<size_t>(f - 1)] = i;
    }
    t.ranges_.push_back(r);
  }
  for (int f = 1; f <= die; ++f) {
    if (t.by_face_[static_cast<size_t>(f - 1)] != SIZE_MAX) continue;
    int g = f;
    while (g < die && t.by_face_[static_cast<size_t>(g)] == SIZE_MAX) ++g;
    const std::string what =
        "no row covers " + faces_text(f, g) + " of the d" + std::to_string(die);
    parent.fail(rows_key, what,
                "each roll of the d" + std::to_string(die) + " belongs to exactly one row");
  }
  return t;
}

}  // namespace leth
