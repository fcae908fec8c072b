// Everything the unisystem model needs from a scenario, typed and validated: rule options, the
// character, the attackers, the help that comes and the care that follows.
// rules/unisystem/README.md says what each key means and which passage of seed 000 it models.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "rules/common/options.h"
#include "rules/unisystem/creatures.h"
#include "scenarios/encounter.h"
#include "scenarios/scenario.h"
#include "sim/core/dice.h"
#include "sim/core/duration.h"

namespace leth::unisystem {

enum class EssenceFailure { Either, Level, Flaw };

struct Options {
  int pain_penalty = 3;             // 000: "-1 à -5" below 5 HP, on the character's own actions
  bool adrenaline = true;           // 000: no pain penalty during the fight
  bool cinematic = false;           // 000 "comme au cinéma": non-lethal blunt hits endurance
  bool realism = false;             // 000: with cinematic, 1 HP per 4 endurance damage
  bool shock_test = true;           // 000 alley: simple Will test at -damage, else collapses
  bool first_aid_per_wound = true;  // 000: one first-aid test per wound, or one per fight
  bool house_rule = false;          // 000: resting with self-care counts as medical care
  bool groups_round_up = false;     // "chaque groupe de 5 points": full groups, or started ones
  bool untreated_failure_kills = true;  // a failed daily test at or below the threshold kills
  EssenceFailure essence_failure = EssenceFailure::Either;
};

struct Character {
  int max_hp = 0;
  int hp = 0;  // at the start (default max_hp)
  int con = 2, will = 2;
  int first_aid = -1;    // Int + First Aid, for self-aid; -1: cannot
  int endurance = 0;     // max endurance points
  int essence = 0;       // max essence points
  int channelling = 0;   // Essence Channelling level
  int hours_awake = 0;   // 000 sleep deprivation: endurance lost before the fight
  int sleep_hours = 7;   // 000: hours slept a night lately ...
  int short_nights = 0;  // ... for this many nights (1 endurance per missing hour a night)
  Dice armor = Dice::constant(0);  // armour value, rolled per hit
  const Creature* creature = nullptr;
};

// One attack of a creature's turn: its own, or one of its `attacks` made in order.
struct Profile {
  std::string name;
  int attack = 0;  // attribute + skill + every modifier: D10 + attack >= 9 hits
  int burst = 1;   // bullets a burst can land: hits = min(success levels, burst)
  Dice damage;
  int multiplier = 1;  // after armour: bullets x2 (000, alley), edged x2 (Classic Unisystem)
};

struct Attacker {
  leth::Attacker base;
  std::vector<Profile> turn;  // at least one
  bool armor_applies = true;
  bool unresuscitable = false;  // 000 "décapité ou brûlé et calciné": no resuscitation
};

struct Helper {
  Duration arrives;
  std::optional<int> skill;     // Int + First Aid (or Medicine) total; absent: untrained
  double untrained_chance = 0;  // a bystander: chance a minute that binding wounds stabilises
};

struct Hospital {
  Duration arrives;       // time to intensive care, from the start of the fight
  int medicine = 7;       // 000: "médecine à 4 et une intelligence de 3"
  bool advanced = false;  // 000: "techniques avancées de réanimation", +3
};

struct Aftercare {
  std::optional<Helper> first_aider;
  std::optional<Helper> bystander;  // untrained: binds wounds, GM's chance
  std::optional<Helper> paramedics;
  std::optional<Hospital> hospital;
  bool self_aid = true;  // the character gives first aid to self when conscious and able
};

struct Config {
  Options options;
  Character character;
  EncounterCommon encounter;
  bool close_combat = false;  // 000: D4 endurance a turn of intensive close combat
  enum class Effort { None, VeryHard, Intense };
  Effort effort = Effort::None;  // 000: effort before the fight ...
  Seconds effort_time = 0;       // ... for this long
  std::vector<Attacker> attackers;
  Aftercare aftercare;
  bool medical_care = false;  // recovery under medical supervision
  Seconds horizon = 0;
};

const std::vector<OptionSpec>& option_specs();
const DamageVocabulary& vocabulary();
// The multiplier after armour of each damage type of vocabulary().
int type_multiplier(uint16_t type);

Config read_config(const Scenario& s, size_t v);

// Shared with the party fight (rules/unisystem/party_config.cpp): the [options] table; one
// attack's attack_bonus (unless `fixed_chance`), burst and multiplier; the refusal of a
// crit_chance other than 0.
Options read_rule_options(Reader& r);
Profile read_profile(Reader& r, std::string name, Dice damage, uint16_t type, bool fixed_chance);
void read_no_crit_chance(Reader& r);

}  // namespace leth::unisystem
