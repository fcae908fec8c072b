// Everything the pf2 model needs from a scenario, typed and validated: rule options, the
// character's stat block, the attackers, the help that arrives and the rest that follows.
// See rules/pf2/README.md for what each key means and which seed passage it comes from.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "rules/common/options.h"
#include "scenarios/encounter.h"
#include "scenarios/scenario.h"
#include "sim/core/dice.h"
#include "sim/core/duration.h"

namespace leth::pf2 {

enum class RecoveryCheck { Fortitude, Flat };
enum class HeroPolicy { Never, Immediately, LastChance, BeforeDeath };
enum class HeroEffect { OneHp, Stabilize };
enum class FirstAidDc { RecoveryPlus5, FifteenPlusDying };
enum class SaveKind { Fortitude, Reflex, Will };

struct Options {
  RecoveryCheck recovery_check = RecoveryCheck::Fortitude;  // seed: Fortitude vs KO DC + dying
  bool wounded = false;                                     // Player Core's wounded condition
  bool doomed = false;                                      // Player Core's doomed condition
  bool massive_damage = true;                               // seed: damage >= 2 x max HP kills
  bool dying_adds = true;  // damage while dying adds 1 (2 on a crit) to dying
  HeroPolicy heroic_recovery = HeroPolicy::BeforeDeath;   // spend when dying would kill
  HeroEffect heroic_recovery_effect = HeroEffect::OneHp;  // seed: back to 1 HP
  Duration stable_wake;  // unconscious at 0 HP, not dying: wakes at 1 HP after this
  FirstAidDc first_aid_dc = FirstAidDc::FifteenPlusDying;  // Player Core: 15 + dying
};

struct Character {
  int level = 1;
  int max_hp = 0;
  int ac = 10;
  int fortitude = 0;
  int reflex = 0;
  int will = 0;
  int con = 0;  // Constitution modifier, for resting
  int temp_hp = 0;
  int hero_points = 0;
  int wounded = 0;
  int doomed = 0;
};

// Player Core, multiple attack penalty: the step of an attack's penalty, -1 x step on the
// second attack of a turn and -2 x step from the third on; 4 for an agile attack.
inline constexpr int kMapStep = 5;
inline constexpr int kAgileMapStep = 4;
// A creature's Strikes in one turn, at most: 3 actions, and a 4th from quickened.
inline constexpr int kMaxStrikesPerTurn = 4;

// One blow of a creature's turn, in the order the turn makes them.
struct Attack {
  std::string name;      // the attack profile ("jaws"); empty for an attacker without `attacks`
  int attack_bonus = 0;  // Attack mode: d20 + bonus vs the character's AC
  int map = kMapStep;    // Attack mode: this Strike's multiple attack penalty step
  Dice damage;
  uint16_t damage_type = 0;  // index into vocabulary().types
};

struct Strike {
  enum class Mode { Attack, Save, Chance };
  Attacker base;
  Mode mode = Mode::Chance;
  // The blows of one turn, in order, 1..kMaxStrikesPerTurn: in Attack mode the Strikes (from
  // `attacks`, or `strikes` copies of the attacker's own Strike); a save or a fixed chance
  // makes one.
  std::vector<Attack> turn;
  SaveKind save = SaveKind::Reflex;  // Save: a basic save against dc
  std::optional<int> dc;             // recovery DC when this knocks the character out
  bool death_effect = false;         // reduced to 0 HP by it: dead at once
};

struct Healer {
  Duration arrives;             // from the start of the fight
  std::optional<int> medicine;  // Medicine modifier
  bool first_aid = false;       // Administer First Aid (stabilize) while dying
  bool treat_wounds = false;    // Treat Wounds after the fight, once an hour
  int treat_wounds_dc = 15;     // 15, 20, 30 or 40
  std::optional<Dice> heal;     // a heal spell or potion
  int heal_uses = 0;
  bool heal_after_fight = true;  // spend remaining heals to top up after the fight
  std::optional<Dice> temp_hp;   // temporary HP granted on arrival during the fight
};

struct Recovery {
  bool nightly_rest = true;        // one 8-hour rest a day
  Seconds first_rest = 8 * kHour;  // from the end of the fight to the first night's rest
};

struct Config {
  Options options;
  Character character;
  EncounterCommon encounter;
  std::vector<Strike> strikes;
  std::optional<Healer> healer;
  Recovery recovery;
  Seconds horizon = 0;
};

const std::vector<OptionSpec>& option_specs();
const DamageVocabulary& vocabulary();

// Reads the pf2 sections of scenario variant `v`. Throws InputError.
Config read_config(const Scenario& s, size_t v);
// The [options] table: shared with the party fight (rules/pf2/party.h).
Options read_rule_options(Reader& r);

}  // namespace leth::pf2
