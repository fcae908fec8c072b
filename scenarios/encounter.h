// The parts of an encounter every ruleset shares: who attacks, how often, with what damage,
// and what they do once the character is down. A ruleset reads these with read_attacker()
// and then reads its own keys (attack bonus, DC, ...) from the same table.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "scenarios/reader.h"
#include "sim/core/damage.h"
#include "sim/core/dice.h"

namespace leth {

// What a ruleset accepts: its damage types and channels.
struct DamageVocabulary {
  std::vector<std::string> types;
  std::vector<Channel> channels;
  std::string default_type;
};

// What one blow does: its damage dice and type.
struct Damage {
  Dice dice;
  uint16_t type = 0;  // index into DamageVocabulary::types
};

struct Attacker {
  std::string name;
  int count = 1;  // creatures of this kind, each with its own turn
  // Per hit. Unset (a constant 0 of the default type) when the attacker has attack profiles
  // (`attacks`): each profile then carries its own damage.
  Dice damage;
  uint16_t damage_type = 0;  // index into DamageVocabulary::types
  bool has_attacks = false;  // the table has `attacks`, for the ruleset to read
  Channel channel = Channel::Lethal;
  // The chance, asked before each of its blows while the character is down, that it strikes
  // the fallen character (pf2, dnd5e: the fight driver's strike_fallen; see each README).
  double keep_attacking_downed = 0.0;
  int first_round = 1;  // the rounds this attacker fights in
  int last_round = 1'000'000;
  std::optional<double> hit_chance;  // fixed chance to hit, instead of a ruleset's roll
  double crit_chance = 0.0;          // with hit_chance: chance that a hit is critical
};

struct EncounterCommon {
  Dice rounds = Dice::constant(1);  // how long the fight lasts, in rounds
  bool attackers_first = true;      // initiative: attackers act before the character
};

inline constexpr int kMaxRounds = 1000;
inline constexpr int kMaxAttackerCount = 100;

// The key of an attacker's several attack profiles ([[encounter.attackers.attacks]]): a
// creature that makes different Strikes in one turn. A ruleset that accepts it reads the
// profiles itself (with read_damage() for their damage); one that does not refuses the key.
inline constexpr const char* kAttacksKey = "attacks";

// Reads name, count, damage, damage_type, channel, keep_attacking_downed, first_round,
// last_round, hit_chance and crit_chance. `index` is 1-based, for the default name. An
// attacker with `attacks` gives damage and damage_type in each attack instead: on the attacker
// they are then an error, as is missing damage on an attacker without `attacks`. A ruleset
// without attack profiles passes `profiles = false`: `attacks` is then not one of its keys,
// neither listed by `lethality rules` nor read, so the unused-key check reports it.
Attacker read_attacker(Reader& r, const DamageVocabulary& vocab, size_t index,
                       bool profiles = true);

// Reads damage (required) and damage_type (the vocabulary's default if absent) from a table:
// an attacker's, or one of its attack profiles'.
Damage read_damage(Reader& r, const DamageVocabulary& vocab);

// Reads rounds and initiative from [encounter].
EncounterCommon read_encounter_common(Reader& r);

}  // namespace leth
