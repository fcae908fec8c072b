// The unisystem party scenarios of the tests (tests/test_unisystem_party*.cpp): the file's
// head with its [options], [recovery] and [fight], and a member's or an opponent's text.
#pragma once

#include <string>

#include "tests/party_support.h"

namespace leth::test::unisystem {

// `recovery`: the [recovery] table's keys (none: no table, the default care "none").
inline std::string party_text(const std::string& body, const std::string& fight = "",
                              const std::string& options = "", const std::string& recovery = "") {
  return "name = \"party\"\nruleset = \"unisystem\"\ntrials = 1000\nseed = 3\n"
         "horizon = \"120 days\"\n[options]\n" +
         options + (recovery.empty() ? "" : "[recovery]\n" + recovery) + "[fight]\n" + fight +
         "\n" + body;
}

inline std::string member(const std::string& name, int hp, int init, const std::string& attack,
                          const std::string& extra = "") {
  return combatant_text("party", name, "max_hp", hp, init, attack, extra);
}

inline std::string opponent(const std::string& name, int hp, int init, const std::string& attack,
                            const std::string& extra = "") {
  return combatant_text("opponents", name, "hp", hp, init, attack, extra);
}

}  // namespace leth::test::unisystem
