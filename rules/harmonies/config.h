// Everything the harmonies model needs from a scenario, typed and validated: rule options, the
// character (skills, caps, starting wounds), the attackers and the wound each hit inflicts,
// the help that comes (first aid, surveillance, healing) and how pain recovers.
// rules/harmonies/README.md says what each key means and which passage of seed 001 it models.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "rules/common/options.h"
#include "rules/harmonies/tables.h"
#include "scenarios/scenario.h"
#include "sim/core/dice.h"
#include "sim/core/duration.h"

namespace leth::harmonies {

enum class Track : uint8_t { Physical, Mental };
enum class MentalHealing : uint8_t { None, Rest };

struct Options {
  bool open_rolls = false;             // ±d10°: a 10 rerolls and adds, on either die
  bool strict_success = false;         // success at > 0 instead of >= 0
  int pain_per_penalty = 1;            // pain points per -1 of penalty
  bool full_period_after_drop = true;  // a wound that dropped a level rests that level's period
  bool restart_rest_on_stable_failure = false;  // a failed stable survival roll restarts rest
  bool failed_healing_restarts_all = true;      // a failed healing roll: every wound's rest over
  bool surveillance_until_healed = true;        // false: only during the minimum rest
  MentalHealing mental_healing = MentalHealing::None;
};

struct Character {
  int survival = 0;   // Cp+Rs, without racial bonus: survival rolls
  int fainting = 0;   // Rs+It: fainting rolls
  int will = 0;       // Intuition + Résistance: resisting mental damage
  int first_aid = 0;  // the character's own first-aid level (self-help)
  bool self_help = true;
  std::array<int, kLevels> caps{};         // wounds per level (the table's max by default)
  std::array<int, kLevels> mental_caps{};  // shocks, traumas, psychoses
  std::array<int, kLevels> wounds{};       // wounds held at the start (unstable)
  std::optional<int> pain;                 // pain at the start (default: the wounds' pain)
  double trigger_share = 1.0;              // share of tests a mental wound's penalty affects
  Duration faint_duration;                 // how long a fainted character stays out
};

// How a hit becomes a wound: a fixed distribution of levels, or a damage margin against
// thresholds (margin >= grave_at: grave, >= critical_at: critical, >= 1: light, else none).
struct Attack {
  std::string name;
  int count = 1;
  Track track = Track::Physical;
  double hit_chance = 1.0;
  std::optional<std::array<double, kLevels>> chances;  // cumulative P(light), +grave, +critical
  Dice damage;
  int grave_at = 0;
  int critical_at = 0;
  int will_difficulty = 0;  // mental: the will roll's difficulty
  double keep_attacking_downed = 0.0;
  int first_round = 1;
  int last_round = 1'000'000;
};

struct Encounter {
  Dice rounds = Dice::constant(1);
  double effort_worsening = 0.0;   // per round fought with a grave/critical wound
  bool stop_when_fainted = false;  // the fight ends when the character faints (a duel)
  std::vector<Attack> attacks;
};

struct Aftercare {
  bool present = false;            // anyone comes at all
  Duration arrives;                // from the start of the fight
  int helpers = 1;                 // first-aid attempts in parallel
  std::optional<int> first_aid;    // the helpers' first-aid level
  Seconds attempt_time = kMinute;  // one first-aid attempt
  double neglect = 0.0;            // chance that a surveillance is missed
  std::optional<int> healer;       // the healer's level for healing rolls
  int equipment = 0;               // malus for want of equipment (healing rolls)
};

struct Recovery {
  Seconds pain_every = kHour;  // one pain point recovered per this, while stable
};

struct Config {
  Options options;
  Character character;
  Encounter encounter;
  Aftercare aftercare;
  Recovery recovery;
  Seconds horizon = 0;
};

const std::vector<OptionSpec>& option_specs();

// [options], each at its default when absent (also read by the party fight: party_config.cpp).
Options read_rule_options(Reader& r);

// Reads the harmonies sections of scenario variant `v`. Throws InputError.
Config read_config(const Scenario& s, size_t v);

}  // namespace leth::harmonies
