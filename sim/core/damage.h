// What hits a character: an amount on a channel, of a type, perhaps critical.
// Channels are the kinds of harm rulesets track separately: lethal hit points,
// non-lethal/endurance, mental wounds, essence. Each ruleset says which it accepts.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace leth {

enum class Channel : uint8_t { Lethal = 0, Nonlethal = 1, Mental = 2, Essence = 3 };
const char* channel_name(Channel c);
const std::vector<std::string>& channel_names();  // indexed by Channel

struct Hit {
  int64_t amount = 0;
  Channel channel = Channel::Lethal;
  uint16_t type = 0;      // index into the ruleset's damage type list
  bool critical = false;  // from a critical hit or the victim's critical failure
  int source = -1;        // attacker index in the scenario, -1 for none (hazard, treatment)
};

}  // namespace leth
