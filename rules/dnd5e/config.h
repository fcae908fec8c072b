// Everything the dnd5e model needs from a scenario, typed and validated: rule options, the
// character, the attackers, the healer and the rests. rules/dnd5e/README.md says what each key
// means and which passage of seed 003 (or of the 5e SRD it builds on) it comes from.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "rules/common/options.h"
#include "rules/dnd5e/injuries.h"
#include "scenarios/encounter.h"
#include "scenarios/scenario.h"
#include "sim/core/dice.h"
#include "sim/core/duration.h"

namespace leth::dnd5e {

enum class InjuryTrigger { EachFall, FirstFall, EachDamageAtZero };
enum class PiercingAfterFight { None, PerHour };

struct Options {
  int death_save_dc = 10;   // SRD: 10 or more succeeds
  int failures_to_die = 3;  // SRD: three failures
  int successes_to_stabilise = 3;
  bool death_save_advantage = false;
  bool nat20_revives = true;   // SRD: a natural 20 regains 1 HP
  bool massive_damage = true;  // SRD: remaining damage >= max HP kills
  bool lingering_injuries = true;
  InjuryTrigger injury_trigger = InjuryTrigger::EachFall;
  RowBy injury_row = RowBy::Severity;
  int untreated_severe_long_rests = 7;  // "Varie": heals untreated after N long rests (0 never)
  int untreated_serious_long_rests = 0;
  Duration extended_bed_rest;       // "repos au lit étendue"
  Duration deadline;                // "dans les 1d4 jours"
  int lost_limb_hand_percent = 50;  // a lost limb is a hand with this chance, else a foot
  PiercingAfterFight piercing_after_fight = PiercingAfterFight::None;
  bool ability_zero_kills = true;
  Duration stable_wake;  // SRD: 1d4 hours
};

struct Character {
  int level = 1;
  int max_hp = 0;
  int ac = 10;
  std::array<int, kAbilities> scores{10, 10, 10, 10, 10, 10};
  std::array<int, kAbilities> saves{};  // saving throw modifiers
  int hit_die = 8;
  int hit_dice = 1;  // available at the start
  int temp_hp = 0;
};

struct Attack {
  std::string name;
  int attack_bonus = 0;
  Dice damage;
  uint16_t damage_type = 0;
};

struct Strike {
  enum class Mode { Attack, Save, Chance };
  Attacker base;
  Mode mode = Mode::Chance;
  std::vector<Attack> turn;  // the blows of one turn, in order
  Ability save = Ability::Dex;
  int dc = 10;
  bool half_on_save = true;
  int recharge = 0;   // 0: always available; 5: recharges on a d6 of 5-6 at the start of its turn
  bool melee = true;  // within 5 ft: hits on a paralysed or unconscious character are critical
};

struct Healer {
  Duration arrives;
  std::optional<int> medicine;
  bool herbalism_kit = false;
  bool stabilise = false;
  bool treat_injuries = false;
  Duration retry_after;
  std::optional<Dice> healing;  // a healing spell (cure wounds)
  int healing_uses = 0;
  std::optional<Dice> potion;
  int potions = 0;
  int lesser_restoration = 0;
  int greater_restoration = 0;
  int heal_spell = 0;  // heal or regenerate
  int remedies_moderate = 0;
  int remedies_severe = 0;
};

struct Recovery {
  bool daily_rest = true;
  Seconds first_rest = 8 * kHour;
  bool short_rest = true;
};

struct Config {
  Options options;
  SeverityMap severity;  // the mapping in use
  Character character;
  EncounterCommon encounter;
  std::vector<Strike> strikes;
  std::optional<Healer> healer;
  Recovery recovery;
  Seconds horizon = 0;
};

const std::vector<OptionSpec>& option_specs();
const DamageVocabulary& vocabulary();

Config read_config(const Scenario& s, size_t v);
// The [options] table (and [[injury_severity]] for "custom"): shared with the party fight.
Options read_rule_options(Reader& r, SeverityMap& severity);

}  // namespace leth::dnd5e
