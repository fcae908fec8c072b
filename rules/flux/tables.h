// The tables seed 002 prints, read from rules/flux/data/ (embedded at build time): the fall
// table ("Dégâts de chute") and the d6 sequela table ("Séquelle"). Validated at load; a bad
// file is an InputError naming the file, line and column.
#pragma once

#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "rules/common/table.h"
#include "sim/core/dice.h"

namespace leth::flux {

// 002: the six stats, in the order of the sequela table.
enum Stat : int { kAdr, kPui, kIns, kPre, kVai, kSav };
inline constexpr int kStatCount = 6;
inline constexpr std::array<const char*, kStatCount> kStatNames = {"ADR", "PUI", "INS",
                                                                   "PRE", "VAI", "SAV"};

struct FallRow {
  std::string label;
  Dice damage = Dice::constant(0);
  int cushion_malus = 0;
  bool deadly = false;  // "Mort": no damage roll, no cushioning ("Impossible")
};

struct FallTable {
  static constexpr int kFloors = 6;
  std::array<FallRow, kFloors> floors;  // [0] is one floor
  FallRow moving;                       // "En mouvement (cheval au galop, etc.)"
  int rough = 1;                        // floors a rough or steep surface adds
  int soft = -1;                        // floors a soft or water surface adds
};

struct SequelaTable {
  RollTable rolls;
  std::vector<Stat> stat;  // by row
  Stat stat_for(int d6) const { return stat[rolls.row_for(d6)]; }
};

// Parse the text of a data file; `path` names it in errors. Throw InputError.
FallTable parse_fall_table(std::string text, const std::string& path);
SequelaTable parse_sequela_table(std::string text, const std::string& path);

// The embedded tables, parsed once.
inline constexpr std::string_view kFallsPath = "rules/flux/data/falls.toml";
inline constexpr std::string_view kSequelaePath = "rules/flux/data/sequelae.toml";
const FallTable& fall_table();
const SequelaTable& sequela_table();

}  // namespace leth::flux
