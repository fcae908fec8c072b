#include "rules/flux/tables.h"

#include "rules/common/data.h"
#include "scenarios/reader.h"

namespace leth::flux {

namespace {

FallRow read_row(Reader& r, bool may_be_deadly) {
  FallRow row;
  row.label = r.need_string("label");
  row.deadly = may_be_deadly && r.get_bool("deadly", false);
  if (row.deadly) {
    for (const char* k : {"damage", "cushion_malus"})
      if (r.has(k))
        r.fail(k, std::string(k) + " on a deadly row",
               "a deadly fall (\"Mort\") rolls no damage and cannot be cushioned: remove it");
    return row;
  }
  row.damage = r.need_dice("damage", 0, 1000);
  row.cushion_malus = static_cast<int>(r.need_int("cushion_malus", 0, 100));
  return row;
}

}  // namespace

FallTable parse_fall_table(std::string text, const std::string& path) {
  auto doc = Document::parse_string(std::move(text), path);
  Reader root(doc);
  FallTable t;
  std::vector<Reader> rows = root.get_tables("heights");
  if (rows.size() != FallTable::kFloors)
    root.fail("heights", std::to_string(rows.size()) + " heights",
              "give one [[heights]] for each of floors 1..6");
  for (size_t i = 0; i < rows.size(); ++i) {
    const int floors = static_cast<int>(rows[i].need_int("floors", 1, FallTable::kFloors));
    if (floors != static_cast<int>(i) + 1)
      rows[i].fail("floors",
                   "floors " + std::to_string(floors) + " in place " + std::to_string(i + 1),
                   "list the heights in order, floors = 1 to 6, each once");
    t.floors[i] = read_row(rows[i], true);
  }
  auto moving = root.get_table("moving");
  if (!moving)
    root.fail_here("missing [moving]", "add [moving] with label, damage and cushion_malus");
  t.moving = read_row(*moving, false);
  auto surfaces = root.get_table("surfaces");
  if (!surfaces) root.fail_here("missing [surfaces]", "add [surfaces] with rough = 1, soft = -1");
  t.rough = static_cast<int>(surfaces->need_int("rough", -5, 5));
  t.soft = static_cast<int>(surfaces->need_int("soft", -5, 5));
  doc->check_unused();
  return t;
}

SequelaTable parse_sequela_table(std::string text, const std::string& path) {
  auto doc = Document::parse_string(std::move(text), path);
  Reader root(doc);
  const int die = static_cast<int>(root.need_int("die", 1, RollTable::kMaxDie));
  std::vector<Reader> rows;
  SequelaTable t;
  t.rolls = RollTable::read(root, "rows", die, rows);
  const std::vector<std::string> names(kStatNames.begin(), kStatNames.end());
  for (Reader& row : rows) {
    const auto s = row.get_choice("stat", names);
    if (!s) row.fail_here("missing key 'stat'", "add stat = \"ADR\" (or PUI, INS, PRE, VAI, SAV)");
    for (int k = 0; k < kStatCount; ++k)
      if (*s == kStatNames[static_cast<size_t>(k)]) t.stat.push_back(static_cast<Stat>(k));
  }
  doc->check_unused();
  return t;
}

// The built-in tables, or their replacements under LETHALITY_RULES_DIR (rules/common/data.h);
// errors name the file actually read.
const FallTable& fall_table() {
  static const FallTable t =
      parse_fall_table(std::string(rule_data(kFallsPath)), rule_data_name(kFallsPath));
  return t;
}

const SequelaTable& sequela_table() {
  static const SequelaTable t =
      parse_sequela_table(std::string(rule_data(kSequelaePath)), rule_data_name(kSequelaePath));
  return t;
}

}  // namespace leth::flux
