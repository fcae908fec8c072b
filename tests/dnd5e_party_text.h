// The dnd5e party of one that the party-course and campaign tests share
// (tests/test_dnd5e_party_course.cpp, test_campaign_carried.cpp, test_campaign_downtime.cpp):
// the hero (10 HP, AC 10, first in the order, never hitting) against a brute (50 HP) whose blow
// (+10, 10 damage) drops her, and that fight on scripted dice.
#pragma once

#include <optional>
#include <string>

#include "sim/core/stream.h"
#include "tests/party_support.h"

namespace leth::test::dnd5e_party {

// The [[party]] and [[opponents]] tables: the brute's damage of `damage_type`; `hero_extra`,
// more keys of the hero's (its [party.heals]).
inline std::string hero_and_brute(const std::string& damage_type,
                                  const std::string& hero_extra = "") {
  return combatant_text("party", "hero", "max_hp", 10, 20, "hit_chance = 0.0\ndamage = \"1\"",
                        "ac = 10\n" + hero_extra) +
         combatant_text("opponents", "brute", "hp", 50, 0,
                        "attack_bonus = 10\ndamage = \"10\"\ndamage_type = \"" + damage_type + "\"",
                        "ac = 10\n");
}

// The fight: the hero drops, the injury's d20 is `injury` (then `hand`, for an injury of a hand
// or a foot — one with a deadline, Perte d'un pied ou d'une main —: the limb drawn with it, true
// a hand), three death saves succeed and she wakes after 2 hours.
inline void fall(Script& s, int injury, std::optional<bool> hand = std::nullopt) {
  s.d(20, 1).d(20, 1);              // initiative: hero 21, brute 1
  s.no();                           // the hero misses (hit_chance 0)
  s.d(20, 10);                      // the brute hits for 10: the hero at 0 HP, dying
  s.d(20, injury);                  // the injury's d20
  if (hand) *hand ? s.yes() : s.no();
  s.d(20, 15).d(20, 12).d(20, 11);  // three successes: stable
  s.d(4, 2);                        // wakes after 2 hours
}

}  // namespace leth::test::dnd5e_party
