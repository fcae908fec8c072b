#include "scenarios/encounter.h"

#include <algorithm>

namespace leth {

namespace {

uint16_t type_index(const DamageVocabulary& vocab, const std::string& type) {
  return static_cast<uint16_t>(std::find(vocab.types.begin(), vocab.types.end(), type) -
                               vocab.types.begin());
}

}  // namespace

Damage read_damage(Reader& r, const DamageVocabulary& vocab) {
  Damage d;
  d.dice = r.need_dice("damage", -Dice::kMaxConstant, 1'000'000);
  d.type = type_index(vocab, r.get_choice("damage_type", vocab.types).value_or(vocab.default_type));
  return d;
}

Attacker read_attacker(Reader& r, const DamageVocabulary& vocab, size_t index, bool profiles) {
  Attacker a;
  a.name = r.get_string("name").value_or("attacker " + std::to_string(index));
  a.count = static_cast<int>(r.get_int("count", 1, kMaxAttackerCount, 1));
  a.has_attacks = profiles && r.has(kAttacksKey);
  if (a.has_attacks) {
    for (const char* k : {"damage", "damage_type"})
      if (r.has(k))
        r.fail(k, std::string(k) + " on an attacker that has attacks",
               "each attack has its own " + std::string(k) + ": give it there");
    a.damage_type = type_index(vocab, vocab.default_type);
  } else {
    const Damage d = read_damage(r, vocab);
    a.damage = d.dice;
    a.damage_type = d.type;
  }
  std::vector<std::string> channels;
  for (Channel c : vocab.channels) channels.push_back(channel_name(c));
  const std::string ch = r.get_choice("channel", channels).value_or(channels.front());
  a.channel = vocab.channels[static_cast<size_t>(std::find(channels.begin(), channels.end(), ch) -
                                                 channels.begin())];
  a.keep_attacking_downed = r.get_number("keep_attacking_downed", 0.0, 1.0, 0.0);
  a.first_round = static_cast<int>(r.get_int("first_round", 1, kMaxRounds, 1));
  a.last_round = static_cast<int>(r.get_int("last_round", 1, kMaxRounds, kMaxRounds));
  if (a.last_round < a.first_round)
    r.fail("last_round", "last_round " + std::to_string(a.last_round) +
                             " comes before first_round " + std::to_string(a.first_round));
  a.hit_chance = r.get_number("hit_chance", 0.0, 1.0);
  if (r.has("crit_chance")) {
    if (!a.hit_chance)
      r.fail("crit_chance", "crit_chance needs hit_chance",
             "give hit_chance too, or use the ruleset's attack roll");
    a.crit_chance = *r.get_number("crit_chance", 0.0, 1.0);
    if (a.crit_chance > *a.hit_chance)
      r.fail("crit_chance", "crit_chance exceeds hit_chance",
             "crit_chance is the chance that an attack is a critical hit, part of hit_chance");
  }
  return a;
}

EncounterCommon read_encounter_common(Reader& r) {
  EncounterCommon e;
  e.rounds = r.get_dice("rounds", 1, kMaxRounds).value_or(Dice::constant(1));
  const std::string ini = r.get_choice("initiative", {"attackers_first", "character_first"})
                              .value_or("attackers_first");
  e.attackers_first = ini == "attackers_first";
  return e;
}

}  // namespace leth
