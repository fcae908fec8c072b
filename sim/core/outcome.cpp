#include "sim/core/outcome.h"

namespace leth {

void Outcome::add_sequela(uint16_t id, int32_t magnitude, uint16_t n) {
  for (uint8_t i = 0; i < sequela_kinds; ++i)
    if (sequelae[i].id == id) {
      sequelae[i].count = static_cast<uint16_t>(sequelae[i].count + n);
      sequelae[i].magnitude += magnitude;
      return;
    }
  if (sequela_kinds == kMaxSequelae) {
    sequela_overflow = static_cast<uint16_t>(sequela_overflow + n);
    return;
  }
  sequelae[sequela_kinds++] = SequelaEntry{id, n, magnitude};
}

void Outcome::add_lasting(uint16_t adventure, uint32_t n) {
  if (lasting_steps == kMaxLastingSteps) {
    lasting[kMaxLastingSteps - 1].count += n;
    lasting_merged = true;
    return;
  }
  lasting[lasting_steps++] = LastingStep{adventure, n};
}

bool Outcome::operator==(const Outcome& o) const {
  if (end != o.end || adventures != o.adventures || end_time != o.end_time ||
      measured != o.measured || counters != o.counters || member_died_in != o.member_died_in ||
      member_retired_after != o.member_retired_after ||
      sequela_kinds != o.sequela_kinds || sequela_overflow != o.sequela_overflow ||
      lasting_steps != o.lasting_steps || lasting_merged != o.lasting_merged)
    return false;
  for (uint8_t i = 0; i < lasting_steps; ++i)
    if (lasting[i].adventure != o.lasting[i].adventure || lasting[i].count != o.lasting[i].count)
      return false;
  for (size_t d = 0; d < kMaxDurations; ++d)
    if (has(d) && durations[d] != o.durations[d]) return false;
  for (uint8_t i = 0; i < sequela_kinds; ++i)
    if (sequelae[i].id != o.sequelae[i].id || sequelae[i].count != o.sequelae[i].count ||
        sequelae[i].magnitude != o.sequelae[i].magnitude)
      return false;
  return true;
}

}  // namespace leth
