// Tables keyed by ranges of a die roll, as the rule texts print them: "11-20", "06-10", "1".
// The injury tables of dnd5e (d20), the sequela table of flux (d6) and the like live in data
// files under rules/<id>/ and are read with the same located Reader as scenarios; this checks
// that the rows cover every face of the die exactly once, and finds the row for a roll.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "scenarios/reader.h"

namespace leth {

struct RollRange {
  int lo = 0;
  int hi = 0;  // inclusive
};

class RollTable {
 public:
  static constexpr int kMaxDie = 1000;

  // Reads the array of tables `rows_key` of `parent` into `rows`, and the `key` of each row
  // ("range = \"11-20\"" or "range = 7"), and checks that together they cover 1..die once
  // each. Throws InputError at the offending row (a range outside the die, an overlap) or at
  // the array (a gap). The rows' other keys are left for the caller to read from `rows`.
  static RollTable read(Reader& parent, std::string_view rows_key, int die,
                        std::vector<Reader>& rows, std::string_view key = "range");

  int die() const { return die_; }
  size_t size() const { return ranges_.size(); }
  const RollRange& range(size_t row) const { return ranges_.at(row); }
  // The row whose range holds `roll` (1..die).
  size_t row_for(int roll) const { return by_face_.at(static_cast<size_t>(roll - 1)); }

 private:
  int die_ = 0;
  std::vector<RollRange> ranges_;
  std::vector<size_t> by_face_;
};

// "11-20" -> {11, 20}; "5" -> {5, 5}. Throws InputError (located at `where`).
RollRange parse_roll_range(std::string_view text, const SourceLoc& where);

}  // namespace leth
