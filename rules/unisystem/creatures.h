// The creature types of seed 000 (its three summary tables), read from
// rules/unisystem/data/creatures.toml: how each type gets hit points, endurance and essence
// back, where its survival tests begin and whether it makes them.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sim/core/clock.h"

namespace leth::unisystem {

// 000 does not give the length of a turn; Classic Unisystem's turn is a few seconds. README,
// choice 2.
inline constexpr Seconds kTurn = 5;

// points + con x Con + will x Will + channelling x channelling, every `per` seconds.
struct Formula {
  int points = 0, con = 0, will = 0, channelling = 0;
  Seconds per = 0;
  int amount(int con_v, int will_v, int channelling_v) const {
    return points + con * con_v + will * will_v + channelling * channelling_v;
  }
};

struct Rate : Formula {
  enum class Rule { Formula, Medical, Rest, Standard, None, Power };
  Rule rule = Rule::None;
  // 000's essence table gives Fantôme and Féral two rates, "(Canalisation d'essence) points /
  // minute (Volonté) points / minute": the second for a character without Essence Channelling.
  std::optional<Formula> without_channelling;
  // The formula that applies to a character with this Essence Channelling level.
  const Formula& for_channelling(int channelling) const {
    return channelling == 0 && without_channelling ? *without_channelling : *this;
  }
};

struct Creature {
  std::string id;
  std::vector<std::string> names;
  Rate hp, endurance, essence;
  bool has_threshold = false;
  int threshold = 0;  // when has_threshold and !threshold_will_x2
  bool threshold_will_x2 = false;
  bool survival_test = false;
  int threshold_for(int will) const { return threshold_will_x2 ? -2 * will : threshold; }
};

// Parses a creature table; errors name `path`, line and column. Throws InputError.
std::vector<Creature> parse_creatures(std::string_view text, const std::string& path);

// The bundled table (rules/unisystem/data/creatures.toml, embedded at build time), parsed once.
const std::vector<Creature>& creatures();
const Creature* find_creature(const std::string& id);
std::vector<std::string> creature_ids();

}  // namespace leth::unisystem
