// The lingering-injury tables of seed 003: the d20 severity mapping and the 13 tables by damage
// type, read from rules/dnd5e/data/*.toml (embedded, rules/common/data.h) and validated when
// the first dnd5e scenario is built. A row is data (what it does is a small closed set of
// effect kinds); what each effect does over time is code: course.h (an injury's course, written
// once), model.cpp (the single character) and party_course.cpp (a party's survivors).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "rules/common/table.h"
#include "sim/core/clock.h"

namespace leth::dnd5e {

enum class Severity : uint8_t { Light, Moderate, Severe, Serious };
inline constexpr int kSeverities = 4;
const char* severity_name(Severity s);  // "light", ...

// How a story tells apart two injuries of the same name on one body: "" for the first of its
// name, " #2" for the second, and so on, counted over list[0..i] in the order they were taken.
// T is a catalog index (uint16_t) or anything with one in `def`.
template <class T>
std::string same_name_mark(const T* list, size_t i) {
  auto def = [](const T& x) -> uint16_t {
    if constexpr (std::is_integral_v<T>)
      return x;
    else
      return x.def;
  };
  int n = 1;
  for (size_t j = 0; j < i; ++j) n += def(list[j]) == def(list[i]);
  return n > 1 ? " #" + std::to_string(n) : std::string();
}

// 003 "Soigner une blessure" (the single character's healer and a party's medic): Medicine with
// an herbalism kit against a DC by severity; "Rater un jet de guérison d'une blessure augmente
// le DD de la blessure de 2 points"; the care takes 10 min (light), 30 min (moderate, and the
// care before the bed rest of severe and serious).
inline constexpr std::array<int, kSeverities> kTreatDc = {10, 15, 20, 25};
inline constexpr int kFailedTreatmentDcStep = 2;
inline constexpr std::array<Seconds, kSeverities> kTreatTime = {10 * kMinute, 30 * kMinute,
                                                                30 * kMinute, 30 * kMinute};

// 5e conditions an injury imposes while it is open.
enum class Condition : uint8_t {
  None,
  Blinded,
  Deafened,
  Frightened,
  Incapacitated,
  Paralyzed,
  Poisoned,
  Stunned,
  Unconscious
};
enum class Ability : uint8_t { Str, Dex, Con, Int, Wis, Cha, None };
inline constexpr int kAbilities = 6;
const char* ability_name(Ability a);  // "str", ...
// SRD "Ability Scores and Modifiers": (score - 10) / 2, rounded down.
inline int ability_modifier(int score) {
  return score >= 10 ? (score - 10) / 2 : -((11 - score) / 2);
}
// What keeps acting while the injury is open.
enum class Ongoing : uint8_t {
  None,
  MaxHpLoss,       // rot, haemorrhage: max HP -1d4 now and each day; death at 0
  AbilityDecline,  // septicaemia: Str, Dex and Con -1 each 24 hours
  OpenWound,       // +1d4 damage whenever damage is taken
  PiercingWound    // -1 HP at the end of each turn while standing
};
// What the injury does to its bearer's own turns in a party fight (README, the party fight).
enum class Combat : uint8_t {
  None,
  AttackDisadvantage,  // Cloques: disadvantage on every attack roll
  ActionSave,    // Nausée, Côtes cassées: a Constitution save (save_dc) or the action is lost
  NoBonusAction,  // Articulations rigides: no bonus actions
  // "Vous ne pouvez rien porter à deux mains" (Blessure au bras; a burn, frostbite or necrosis
  // of the hands; a lost hand): a two-handed attack is made one-handed or not at all. On a row
  // with a hand or a foot (deadline = "lose_limb", permanent = "limb"), only when the limb
  // drawn with the injury is a hand.
  OneHand
};
// What happens if the injury is not treated within 1d4 days.
enum class Deadline : uint8_t { None, LoseLimb, Worsen };
// The permanent loss the injury is (reported as such while it is open).
enum class Permanent : uint8_t { None, Eye, Limb, Blindness, Deafness };

struct InjuryDef {
  std::string damage_type;
  std::string name;   // "lost_eye"
  std::string label;  // the seed's French name
  std::string text;   // the seed's text
  Severity severity = Severity::Light;
  Condition condition = Condition::None;
  Ability ability = Ability::None;
  int ability_loss = 0;
  Ongoing ongoing = Ongoing::None;
  Deadline deadline = Deadline::None;
  uint16_t worsens_to = 0;  // Deadline::Worsen: the injury it becomes (index in the catalog)
  Permanent permanent = Permanent::None;
  bool no_natural_healing = false;  // "Aucune guérison naturelle"
  bool requires_magic = false;      // "Nécessite obligatoirement un soin magique"
  Combat combat = Combat::None;
  int save_dc = 0;  // Combat::ActionSave: the Constitution save's DC
};

// What one open injury takes from ability `a`: its own loss (Côtes cassées' 2 Str), and
// septicaemia's `decline` so far (a point of Str, Dex and Con a day). A character's scores, a
// party member's modifiers and the zero that kills all add these up (interpretation 9).
inline int ability_taken(const InjuryDef& d, int decline, Ability a) {
  return (d.ability == a ? d.ability_loss : 0) + (a <= Ability::Con ? decline : 0);
}

// The damage types of 5e, in the vocabulary's order.
const std::vector<std::string>& damage_types();

// A d20 -> severity mapping (seed, mild, or a designer's).
struct SeverityMap {
  RollTable table;
  std::vector<Severity> severity;  // by row
  Severity of(int roll) const { return severity[table.row_for(roll)]; }
};

// One damage type's table: d20 bands -> injuries.
struct InjuryTable {
  RollTable table;
  std::vector<uint16_t> injury;  // by row: index into InjuryCatalog::injuries
};

// How the row is chosen once the severity is known (README interpretation 7).
enum class RowBy : uint8_t { Severity, Roll };

class InjuryCatalog {
 public:
  // The tables of rules/dnd5e/data (or their LETHALITY_RULES_DIR replacements), loaded once;
  // throws InputError on a bad file.
  static const InjuryCatalog& builtin();
  // For tests and the fuzzer: a catalog from texts (path -> text); the severity file and 13
  // table files, by damage type.
  static InjuryCatalog parse(std::string_view severity_text, std::string_view severity_path,
                             const std::vector<std::pair<std::string, std::string>>& tables);
  // Reads the rows ("range", "severity") of a mapping table (used for [[injury_severity]]).
  static SeverityMap read_mapping(Reader& parent, std::string_view key);

  const std::vector<InjuryDef>& injuries() const { return injuries_; }
  const InjuryDef& injury(size_t i) const { return injuries_.at(i); }
  const InjuryTable& table(size_t type) const { return tables_.at(type); }
  const SeverityMap& seed_mapping() const { return seed_; }
  const SeverityMap& mild_mapping() const { return mild_; }
  // The injury a roll gives for damage type `type`, its severity being `sev`.
  uint16_t pick(size_t type, int roll, Severity sev, RowBy by) const;

 private:
  void read_table(std::string_view text, const std::string& path, size_t type);
  std::vector<InjuryDef> injuries_;
  std::array<InjuryTable, 13> tables_;
  SeverityMap seed_, mild_;
};

}  // namespace leth::dnd5e
