// Trial time: integer seconds from the start of the scenario, with its units and texts. The
// events that move a trial through time are in sim/core/timeline.h.
#pragma once

#include <cstdint>
#include <string>

namespace leth {

using Seconds = int64_t;

inline constexpr Seconds kSecond = 1;
inline constexpr Seconds kRound = 6;  // one combat round (PF2, D&D 5e)
inline constexpr Seconds kMinute = 60;
inline constexpr Seconds kHour = 3600;
inline constexpr Seconds kDay = 86400;
inline constexpr Seconds kWeek = 7 * kDay;

// "0:00:06", "3:15:00", "2d 03:15:00" — for event logs.
std::string clock_text(Seconds t);
// "42 s", "3.5 min", "7.2 h", "12.4 d" — for summaries, three significant digits.
std::string duration_text(double seconds);

}  // namespace leth
