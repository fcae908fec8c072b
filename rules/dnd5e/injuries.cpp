#include "rules/dnd5e/injuries.h"

#include <algorithm>

#include "rules/common/data.h"

namespace leth::dnd5e {

namespace {

const std::vector<std::string> kSeverityNames = {"light", "moderate", "severe", "serious"};
const std::vector<std::string> kConditionNames = {"none",       "blinded",       "deafened",
                                                  "frightened", "incapacitated", "paralyzed",
                                                  "poisoned",   "stunned",       "unconscious"};
const std::vector<std::string> kAbilityNames = {"str", "dex", "con", "int", "wis", "cha"};
const std::vector<std::string> kOngoingNames = {"none", "max_hp_loss", "ability_decline",
                                                "open_wound", "piercing_wound"};
const std::vector<std::string> kCombatNames = {"none", "attack_disadvantage", "action_save",
                                               "no_bonus_action", "one_hand"};
const std::vector<std::string> kDeadlineNames = {"none", "lose_limb", "worsen"};
const std::vector<std::string> kPermanentNames = {"none", "eye", "limb", "blindness", "deafness"};

template <typename E>
E choose(Reader& r, std::string_view key, const std::vector<std::string>& names, E fallback) {
  const auto v = r.get_choice(key, names);
  if (!v) return fallback;
  return static_cast<E>(std::find(names.begin(), names.end(), *v) - names.begin());
}

}  // namespace

const char* severity_name(Severity s) {
  return kSeverityNames[static_cast<size_t>(s)].c_str();
}
const char* ability_name(Ability a) {
  return a == Ability::None ? "none" : kAbilityNames[static_cast<size_t>(a)].c_str();
}

const std::vector<std::string>& damage_types() {
  static const std::vector<std::string> t = {
      "acid",     "bludgeoning", "cold",    "fire",    "force",    "lightning", "necrotic",
      "piercing", "poison",      "psychic", "radiant", "slashing", "thunder"};
  return t;
}

SeverityMap InjuryCatalog::read_mapping(Reader& parent, std::string_view key) {
  std::vector<Reader> rows;
  SeverityMap m;
  m.table = RollTable::read(parent, key, 20, rows);
  for (Reader& row : rows) {
    if (!row.has("severity"))
      row.fail_here("missing key 'severity'",
                    "add severity = \"light\" (or moderate, severe, serious)");
    m.severity.push_back(choose(row, "severity", kSeverityNames, Severity::Light));
  }
  return m;
}

void InjuryCatalog::read_table(std::string_view text, const std::string& path, size_t type) {
  auto doc = Document::parse_string(std::string(text), path);
  Reader r(doc);
  const std::string declared = r.need_string("damage_type");
  if (declared != damage_types()[type])
    r.fail("damage_type", "this file is for \"" + declared + "\"",
           "the file for " + damage_types()[type] + " damage must say damage_type = \"" +
               damage_types()[type] + "\"");
  std::vector<Reader> rows;
  InjuryTable t;
  t.table = RollTable::read(r, "rows", 20, rows);
  const size_t first = injuries_.size();
  std::vector<std::pair<size_t, std::string>> worsen;  // row, target name
  std::array<bool, kSeverities> seen{};
  for (size_t i = 0; i < rows.size(); ++i) {
    Reader& row = rows[i];
    InjuryDef d;
    d.damage_type = declared;
    d.name = row.need_string("name");
    for (size_t j = first; j < injuries_.size(); ++j)
      if (injuries_[j].name == d.name)
        row.fail("name", "injury '" + d.name + "' is named twice in this table",
                 "give each row its own name");
    d.label = row.need_string("label");
    d.text = row.get_string("text").value_or("");
    if (!row.has("severity"))
      row.fail_here("missing key 'severity'",
                    "add severity = \"light\" (or moderate, severe, serious)");
    d.severity = choose(row, "severity", kSeverityNames, Severity::Light);
    seen[static_cast<size_t>(d.severity)] = true;
    d.condition = choose(row, "condition", kConditionNames, Condition::None);
    if (row.has("ability")) {
      d.ability = choose(row, "ability", kAbilityNames, Ability::None);
      d.ability_loss = static_cast<int>(row.need_int("ability_loss", 1, 30));
    } else if (row.has("ability_loss")) {
      row.fail("ability_loss", "ability_loss needs ability",
               "add ability = \"str\" (or dex, con, int, wis, cha)");
    }
    d.ongoing = choose(row, "ongoing", kOngoingNames, Ongoing::None);
    d.deadline = choose(row, "deadline", kDeadlineNames, Deadline::None);
    if (d.deadline == Deadline::Worsen) {
      worsen.emplace_back(i, row.need_string("worsens_to"));
    } else if (row.has("worsens_to")) {
      row.fail("worsens_to", "worsens_to needs deadline = \"worsen\"");
    }
    d.permanent = choose(row, "permanent", kPermanentNames, Permanent::None);
    d.no_natural_healing = row.get_bool("no_natural_healing", false);
    d.requires_magic = row.get_bool("requires_magic", false);
    d.combat = choose(row, "combat", kCombatNames, Combat::None);
    if (d.combat == Combat::ActionSave) {
      d.save_dc = static_cast<int>(row.need_int("save_dc", 1, 30));
    } else if (row.has("save_dc")) {
      row.fail("save_dc", "save_dc needs combat = \"action_save\"",
               "add combat = \"action_save\", or remove save_dc");
    }
    injuries_.push_back(std::move(d));
    t.injury.push_back(static_cast<uint16_t>(first + i));
  }
  for (const auto& [i, target] : worsen) {
    size_t j = first;
    while (j < injuries_.size() && injuries_[j].name != target) ++j;
    if (j == injuries_.size() || j == first + i)
      rows[i].fail("worsens_to", "no other injury named '" + target + "' in this table",
                   "name a row of the same file");
    injuries_[first + i].worsens_to = static_cast<uint16_t>(j);
  }
  for (int s = 0; s < kSeverities; ++s)
    if (!seen[static_cast<size_t>(s)])
      r.fail("rows", std::string("no ") + kSeverityNames[static_cast<size_t>(s)] + " injury",
             "every table needs at least one row of each severity (rules/dnd5e/README.md, "
             "interpretation 7)");
  doc->check_unused();
  tables_[type] = std::move(t);
}

InjuryCatalog InjuryCatalog::parse(std::string_view severity_text, std::string_view severity_path,
                                   const std::vector<std::pair<std::string, std::string>>& tables) {
  InjuryCatalog c;
  auto doc = Document::parse_string(std::string(severity_text), std::string(severity_path));
  Reader r(doc);
  std::vector<Reader> maps = r.get_tables("mappings");
  bool have_seed = false, have_mild = false;
  for (Reader& m : maps) {
    const std::string name = m.need_choice("name", {"seed", "mild"});
    SeverityMap sm = read_mapping(m, "rows");
    if (name == "seed") {
      if (have_seed) m.fail("name", "mapping 'seed' given twice");
      c.seed_ = std::move(sm);
      have_seed = true;
    } else {
      if (have_mild) m.fail("name", "mapping 'mild' given twice");
      c.mild_ = std::move(sm);
      have_mild = true;
    }
  }
  if (!have_seed || !have_mild)
    r.fail_here("the mappings 'seed' and 'mild' are both required",
                "add [[mappings]] with name = \"seed\" and name = \"mild\"");
  doc->check_unused();
  if (tables.size() != damage_types().size())
    throw std::logic_error("dnd5e: one injury table per damage type");
  for (size_t i = 0; i < tables.size(); ++i) c.read_table(tables[i].second, tables[i].first, i);
  return c;
}

const InjuryCatalog& InjuryCatalog::builtin() {
  static const InjuryCatalog c = [] {
    std::vector<std::pair<std::string, std::string>> tables;
    for (const std::string& t : damage_types()) {
      const std::string path = "rules/dnd5e/data/" + t + ".toml";
      tables.emplace_back(rule_data_name(path), std::string(rule_data(path)));
    }
    const std::string sev = "rules/dnd5e/data/severity.toml";
    return parse(rule_data(sev), rule_data_name(sev), tables);
  }();
  return c;
}

// README interpretation 7: with row_by = "severity", the row is one of the table's rows of that
// severity: the one whose band holds the roll, else the one whose band is nearest the roll.
uint16_t InjuryCatalog::pick(size_t type, int roll, Severity sev, RowBy by) const {
  const InjuryTable& t = tables_[type];
  const size_t at = t.table.row_for(roll);
  if (by == RowBy::Roll || injuries_[t.injury[at]].severity == sev) return t.injury[at];
  size_t best = 0;
  int best_distance = 1000;
  for (size_t i = 0; i < t.injury.size(); ++i) {
    if (injuries_[t.injury[i]].severity != sev) continue;
    const RollRange& r = t.table.range(i);
    const int d = roll < r.lo ? r.lo - roll : roll - r.hi;
    if (d < best_distance) {
      best_distance = d;
      best = i;
    }
  }
  return t.injury[best];
}

}  // namespace leth::dnd5e
