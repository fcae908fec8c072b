// Everything the flux model needs from a scenario, typed and validated: rule options, the test
// scale, the character, the fight and its hazards (a fall, a disease), the helper who can
// stabilise, and the rest that follows. rules/flux/README.md says what each key means and
// which passage of seed 002 it comes from.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "rules/common/options.h"
#include "rules/flux/tables.h"
#include "scenarios/encounter.h"
#include "scenarios/scenario.h"
#include "sim/core/dice.h"
#include "sim/core/duration.h"

namespace leth::flux {

enum class DamageAtZero { TestAgain, NoTest };

struct Options {
  DamageAtZero damage_at_zero = DamageAtZero::TestAgain;
  int stat_floor = 0;            // a sequela never takes a stat below this
  bool cushion_test = false;     // 002: an ADR test to cushion a fall "si le MJ lui autorise"
  bool clinic_when_sick = true;  // the clinic's 1d4 still comes on a night of "pas de régénération"
  bool healed_coma_sequela = true;   // healed above 0 in the coma: wakes with a sequela
  bool test_at_coma_onset = true;    // a coma begun past -VAI: its first test at once
  bool test_when_struck = true;      // struck in the coma past -VAI: a test at once
  bool exhausted_into_coma = false;  // the exhaustion of acting at 0 PV lasts through the coma
};

// 002 "Les altérations d'état": the states a scenario may put the character in for the fight.
enum class State : uint8_t { Shaken, Exhausted, Hindered, Immobilised, Paralysed, Surprised };
inline constexpr int kStateCount = 6;

struct Character {
  int max_pv = 0;
  int pv = 0;  // at the start
  int max_flux = 0;
  int flux = 0;
  int pa = 0;                           // armour points: taken off each blow (falls ignore them)
  std::array<int, kStatCount> stats{};  // ADR, PUI, INS, PRE, VAI, SAV
  int survival = 0;                     // a skill bonus on Survival (VAI) tests
  int sequelae = 0;                     // sequelae already carried: -1 each on Survival tests
  std::array<bool, kStateCount> states{};
};

// How a test is rolled (seeds/README: d20 + stat >= a difficulty; the scale is the scenario's).
struct Resolution {
  int difficulty = 15;
};

struct Fall {
  std::optional<int64_t> floors;  // 1..6; unset: the moving row (galloping horse)
  int surface = 0;                // floors added by the surface: rough +1, soft -1
  std::string surface_name = "normal";
  enum class Cushion { None, Test, Spell } cushion = Cushion::None;
};

// 002 "Maladie": four severities, each a malus on every test and a cap on a night's recovery.
struct Severity {
  const char* name;
  int malus;
  int night_cap;  // PV and Flux a night at most
};
inline constexpr std::array<Severity, 4> kSeverities = {{
    {"light", 1, 4},     // "Légèrement malade : Malus de 1 sur tous les tests."
    {"sick", 2, 2},      // "Malade : Malus de 2 ... ne regagne que 2 PV et Flux par nuit"
    {"severe", 3, 1},    // "Gravement malade : Malus de 3 ... que 1 PV et Flux par nuit"
    {"critical", 4, 0},  // "Très gravement malade : Malus de 4 ... pas de régénération"
}};

struct Disease {
  int severity = 0;  // index into kSeverities
  Seconds onset = 0;
  bool remedy = false;  // an alchemical remedy given at onset: 1d4 days shorter
};

struct Helper {
  Duration arrives;
  int medicine = 0;  // ESP + Médecine, added to the d20
  int attempts_per_hour = 1;
  bool equipment = true;           // "disposant de matériel adapté": without it, no stabilisation
  std::optional<Dice> concoction;  // a curative concoction the helper gives at 0 PV or less
  int concoction_uses = 0;
};

struct Recovery {
  Seconds first_night = 8 * kHour;  // when the first night begins, from the start
  Seconds sleep = 8 * kHour;        // how long each night's sleep is
  bool poor_sleep = false;
  bool hour_rests = true;
  Seconds hour_rest_every = 12 * kHour;
  std::optional<Duration> clinic_travel;  // unset: no clinic
  std::optional<Dice> concoction;         // a clinic's curative concoction, PV a night
};

struct Config {
  Options options;
  Resolution resolution;
  Character character;
  EncounterCommon encounter;
  std::vector<Attacker> attackers;
  std::optional<Fall> fall;
  std::optional<Disease> disease;
  Seconds scene = 10 * kMinute;  // from a passed test at 0 PV to the end of the scene
  std::optional<Helper> helper;
  Recovery recovery;
  Seconds horizon = 0;
};

const std::vector<OptionSpec>& option_specs();
const DamageVocabulary& vocabulary();
const char* state_name(State s);

// Reads the flux sections of scenario variant `v`. Throws InputError.
Config read_config(const Scenario& s, size_t v);

// The pieces of read_config a party scenario reads the same way (rules/flux/party_config.cpp):
// [options], [resolution] and a character's stat block (a [character], a [[party]] member).
Options read_rule_options(Reader& r);
Resolution read_resolution(Reader& r);
Character read_character(Reader& r);

}  // namespace leth::flux
