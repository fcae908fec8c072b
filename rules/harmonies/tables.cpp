#include "rules/harmonies/tables.h"

#include <string>

#include "rules/common/data.h"
#include "scenarios/reader.h"

namespace leth::harmonies {

namespace {

constexpr const char* kNames[kLevels] = {"light", "grave", "critical"};
constexpr const char* kMentalNames[kLevels] = {"shock", "trauma", "psychosis"};
constexpr const char* kWoundsFile = "rules/harmonies/data/wounds.toml";
constexpr const char* kMentalFile = "rules/harmonies/data/mental.toml";

// The three [[level]] rows, in order, each named as expected.
std::vector<Reader> levels(Reader& root, const char* const (&names)[kLevels]) {
  std::vector<Reader> rows = root.get_tables("level");
  if (rows.size() != kLevels)
    root.fail("level", std::to_string(rows.size()) + " [[level]] rows",
              "give exactly three, lightest first: " + std::string(names[0]) + ", " + names[1] +
                  ", " + names[2]);
  for (int i = 0; i < kLevels; ++i) {
    const std::string name = rows[static_cast<size_t>(i)].need_string("name");
    if (name != names[i])
      rows[static_cast<size_t>(i)].fail(
          "name", "level " + std::to_string(i + 1) + " is \"" + name + "\"",
          "the levels go lightest first: write \"" + std::string(names[i]) + "\"");
  }
  return rows;
}

Seconds fixed_duration(Reader& r, const char* key) {
  auto d = r.get_duration(key, 52 * kWeek);
  if (!d) r.fail(key, "missing key '" + std::string(key) + "'", "e.g. \"15 minutes\"");
  if (!d->is_fixed() || d->max() <= 0)
    r.fail(key, "a period must be a fixed, positive time", "e.g. \"15 minutes\"");
  return d->max();
}

}  // namespace

WoundTable parse_wound_table(std::string_view text, const std::string& path) {
  auto doc = Document::parse_string(std::string(text), path);
  Reader root(doc);
  std::vector<Reader> rows = levels(root, kNames);
  WoundTable t;
  for (int i = 0; i < kLevels; ++i) {
    Reader& r = rows[static_cast<size_t>(i)];
    WoundLevel& w = t[static_cast<size_t>(i)];
    w.name = kNames[i];
    w.max = static_cast<int>(r.need_int("max", 0, kMaxCap));
    w.mortality = static_cast<int>(r.need_int("mortality", 0, 100));
    w.pain = static_cast<int>(r.need_int("pain", 0, 100));
    w.unstable = fixed_duration(r, "unstable");
    w.stable = fixed_duration(r, "stable");
    w.surveillance = fixed_duration(r, "surveillance");
    w.healing = fixed_duration(r, "healing");
    w.difficulty = static_cast<int>(r.need_int("difficulty", -30, 0));
  }
  doc->check_unused();
  return t;
}

MentalTable parse_mental_table(std::string_view text, const std::string& path) {
  auto doc = Document::parse_string(std::string(text), path);
  Reader root(doc);
  std::vector<Reader> rows = levels(root, kMentalNames);
  MentalTable t;
  for (int i = 0; i < kLevels; ++i) {
    Reader& r = rows[static_cast<size_t>(i)];
    MentalLevel& m = t[static_cast<size_t>(i)];
    m.name = kMentalNames[i];
    m.max = static_cast<int>(r.need_int("max", 0, kMaxCap));
    m.penalty = static_cast<int>(r.need_int("penalty", -30, 0));
    m.madness = static_cast<int>(r.need_int("madness", 0, 100));
  }
  doc->check_unused();
  return t;
}

const WoundTable& wound_table() {
  static const WoundTable t =
      parse_wound_table(rule_data(kWoundsFile), rule_data_name(kWoundsFile));
  return t;
}

const MentalTable& mental_table() {
  static const MentalTable t =
      parse_mental_table(rule_data(kMentalFile), rule_data_name(kMentalFile));
  return t;
}

}  // namespace leth::harmonies
