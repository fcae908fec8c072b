// The two tables seed 001 prints, as data (rules/harmonies/data/*.toml, embedded at build
// time): the wound table ("Blessures") and the mental wound table ("Blessures mentales").
#pragma once

#include <array>
#include <string>
#include <string_view>

#include "sim/core/clock.h"

namespace leth::harmonies {

inline constexpr int kLevels = 3;   // light, grave, critical (shock, trauma, psychosis)
inline constexpr int kMaxCap = 16;  // wounds of one level a character may hold, at most
inline constexpr int kLight = 0;
inline constexpr int kGrave = 1;
inline constexpr int kCritical = 2;
inline constexpr const char* kLevelName[kLevels] = {"light", "grave", "critical"};

struct WoundLevel {
  std::string name;
  int max = 0;
  int mortality = 0;
  int pain = 0;
  Seconds unstable = 0;      // survival roll period while unstable
  Seconds stable = 0;        // survival roll period while stable
  Seconds surveillance = 0;  // care period during therapeutic rest
  Seconds healing = 0;       // minimum rest before a healing roll
  int difficulty = 0;        // first aid and healing (negative: harder)
};

struct MentalLevel {
  std::string name;
  int max = 0;
  int penalty = 0;  // on every test (while the trigger is present)
  int madness = 0;  // points de folie, in place of mortality
};

using WoundTable = std::array<WoundLevel, kLevels>;
using MentalTable = std::array<MentalLevel, kLevels>;

// Parse and validate a table's text; `path` names the file in errors. Throw InputError.
WoundTable parse_wound_table(std::string_view text, const std::string& path);
MentalTable parse_mental_table(std::string_view text, const std::string& path);

// The bundled tables (rules/harmonies/data/wounds.toml, mental.toml), loaded once.
const WoundTable& wound_table();
const MentalTable& mental_table();

}  // namespace leth::harmonies
