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
// "42 s", "3 min 30 s", "7 h 12 min", "12 d 10 h", "3650 d" — for summaries: under a minute
// three significant digits, then two units, the smaller rounded; whole days from 100 days on.
std::string duration_text(double seconds);

// A unit's name in words, singular for an amount of exactly 1 and plural otherwise:
// unit_name(kHour, 1) is "hour", unit_name(kHour, 4.5) "hours", unit_name(kHour, 0) "hours".
// `unit` is kSecond, kRound, kMinute, kHour, kDay or kWeek; any other size is named in
// seconds' words ("seconds").
std::string unit_name(Seconds unit, double amount);
// An amount of a unit in words, three significant digits (whole numbers from 1000 on):
// "1 hour", "4.5 hours", "12 rounds", "0.5 minutes", "1500 days". The unit's word follows the
// number as printed, so 1.0004 hours reads "1 hour".
std::string amount_text(double amount, Seconds unit);
// The number alone, as amount_text prints it: "4.5", "1", "1500".
std::string amount_number(double amount);

}  // namespace leth
