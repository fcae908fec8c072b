#include "rules/unisystem/creatures.h"

#include <algorithm>

#include "rules/common/data.h"
#include "scenarios/reader.h"

namespace leth::unisystem {

namespace {

constexpr const char* kTablePath = "rules/unisystem/data/creatures.toml";

// points, con, will, channelling and per of a formula (a rate's own, or its second one).
Formula read_formula(Reader& t) {
  Formula f;
  f.points = static_cast<int>(t.get_int("points", 0, 1000, 0));
  f.con = static_cast<int>(t.get_int("con", 0, 10, 0));
  f.will = static_cast<int>(t.get_int("will", 0, 10, 0));
  f.channelling = static_cast<int>(t.get_int("channelling", 0, 10, 0));
  const std::string per = t.need_choice("per", {"turn", "minute", "5 minutes", "hour", "day"});
  f.per = per == "turn"        ? kTurn
          : per == "minute"    ? kMinute
          : per == "5 minutes" ? 5 * kMinute
          : per == "hour"      ? kHour
                               : kDay;
  if (f.points + f.con + f.will + f.channelling == 0)
    t.fail_here("a formula that restores nothing",
                "give points, con, will or channelling, or write rule = \"none\"");
  return f;
}

Rate read_rate(Reader& row, const char* key) {
  auto t = row.get_table(key);
  if (!t)
    row.fail(key, std::string("missing key '") + key + "'",
             "give a rule (rule = \"none\") or a formula ({ will = 1, per = \"day\" })");
  Rate r;
  if (auto rule = t->get_choice("rule", {"medical", "rest", "standard", "none", "power"})) {
    r.rule = *rule == "medical"    ? Rate::Rule::Medical
             : *rule == "rest"     ? Rate::Rule::Rest
             : *rule == "standard" ? Rate::Rule::Standard
             : *rule == "power"    ? Rate::Rule::Power
                                   : Rate::Rule::None;
    return r;
  }
  r.rule = Rate::Rule::Formula;
  static_cast<Formula&>(r) = read_formula(*t);
  if (auto w = t->get_table("without_channelling")) {
    if (r.channelling == 0)
      t->fail("without_channelling", "a second rate on a formula without channelling",
              "without_channelling replaces a formula that counts channelling, for a character "
              "without it");
    r.without_channelling = read_formula(*w);
  }
  return r;
}

Creature read_creature(Reader& row) {
  Creature c;
  c.id = row.need_string("id");
  if (c.id.empty()) row.fail("id", "an empty id", "e.g. id = \"human\"");
  const std::string names = row.need_string("names");
  size_t at = 0;
  while (at <= names.size()) {
    const size_t comma = std::min(names.find(',', at), names.size());
    std::string name = names.substr(at, comma - at);
    name.erase(0, name.find_first_not_of(' '));
    name.erase(name.find_last_not_of(' ') + 1);
    if (name.empty())
      row.fail("names", "an empty name",
               "names = \"Humain, Bast\": the seed's row, comma-separated");
    c.names.push_back(std::move(name));
    at = comma + 1;
  }
  c.hp = read_rate(row, "hp");
  if (c.hp.rule == Rate::Rule::Rest || c.hp.rule == Rate::Rule::Standard)
    row.fail("hp", "hit points recover by \"medical\", a formula, \"none\" or \"power\"");
  c.endurance = read_rate(row, "endurance");
  if (c.endurance.rule == Rate::Rule::Medical || c.endurance.rule == Rate::Rule::Standard ||
      c.endurance.rule == Rate::Rule::Power)
    row.fail("endurance", "endurance recovers by \"rest\", a formula or \"none\"");
  c.essence = read_rate(row, "essence");
  if (c.essence.rule == Rate::Rule::Medical || c.essence.rule == Rate::Rule::Rest ||
      c.essence.rule == Rate::Rule::Power)
    row.fail("essence", "essence recovers by \"standard\", a formula or \"none\"");
  // survival_threshold: an integer, or "will_x2"; absent: "/" (none).
  if (const toml::node* th = row.table()->get("survival_threshold"); th && th->is_integer()) {
    c.has_threshold = true;
    c.threshold = static_cast<int>(row.need_int("survival_threshold", -100000, 0));
  } else if (row.has("survival_threshold")) {
    row.get_choice("survival_threshold", {"will_x2"});
    c.has_threshold = true;
    c.threshold_will_x2 = true;
  }
  c.survival_test = row.need_choice("survival_test", {"con_will", "none"}) == "con_will";
  if (c.survival_test && !c.has_threshold)
    row.fail("survival_test", "a survival test without a survival_threshold",
             "give survival_threshold = -10 (the human value)");
  return c;
}

}  // namespace

std::vector<Creature> parse_creatures(std::string_view text, const std::string& path) {
  auto doc = Document::parse_string(std::string(text), path);
  Reader root(doc);
  std::vector<Reader> rows = root.get_tables("creature");
  if (rows.empty()) root.fail_here("no [[creature]] rows", "the table needs at least a human");
  std::vector<Creature> out;
  for (Reader& row : rows) {
    Creature c = read_creature(row);
    for (const Creature& o : out)
      if (o.id == c.id) row.fail("id", "creature '" + c.id + "' appears twice");
    out.push_back(std::move(c));
  }
  if (std::none_of(out.begin(), out.end(), [](const Creature& c) { return c.id == "human"; }))
    root.fail_here("no creature with id = \"human\"", "the default creature is the human row");
  doc->check_unused();
  return out;
}

const std::vector<Creature>& creatures() {
  static const std::vector<Creature> table = parse_creatures(rule_data(kTablePath), kTablePath);
  return table;
}

const Creature* find_creature(const std::string& id) {
  for (const Creature& c : creatures())
    if (c.id == id) return &c;
  return nullptr;
}

std::vector<std::string> creature_ids() {
  std::vector<std::string> ids;
  for (const Creature& c : creatures()) ids.push_back(c.id);
  return ids;
}

}  // namespace leth::unisystem
