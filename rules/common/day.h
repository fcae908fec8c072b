// An adventuring day's plan (docs/days.md), read the same way by every ruleset's party that plays
// one: how many encounters (the scenario's fight again, or the fight then each [[day.next]] with
// opponents of its own), how many short rests between them and where they fall, the travel
// between any two. What a rest does is the ruleset's (dnd5e: Hit Dice; pf2: Treat Wounds); the
// encounters' loop is fight::Lineup::play_day (rules/common/lineup.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "rules/common/party_keys.h"
#include "scenarios/reader.h"
#include "sim/core/clock.h"

namespace leth::fight {

struct DayPlan {
  static constexpr int kMaxEncounters = 50;
  int encounters = 1;  // in all: per_day of each of the days
  int per_day = 1;     // the encounters of one day (`encounters`, or 1 + [[day.next]])
  int days = 1;        // `days`: the day played again after a night (each ruleset's)
  int short_rests = 0;
  Seconds travel = 0;
  uint64_t rest_after = 0;  // bit e - 1: a short rest after a day's encounter e
  bool given = false;       // the scenario has [day]: its metrics count the encounters
  bool short_rest_after(int e) const {
    return e >= 1 && (rest_after >> ((e - 1) % per_day) & 1u) != 0;
  }
  // After the last encounter of each day but the last: the night's long rest.
  bool long_rest_after(int e) const { return e >= 1 && e < encounters && e % per_day == 0; }
  // Encounter e + 1 (after e >= 1) is its day's first: the scenario's fight, not a [[day.next]].
  int next_in_day(int e) const { return e % per_day; }
  // After the night that follows encounter e, for the story: "day 2 of 3 begins".
  std::string day_begins(int e) const;
};

// The plan and [[day.next]]: the opponents of encounters 2, 3, ... (empty: the scenario's,
// every time), and each one's policies: [fight]'s, with its own opponents who cannot be harmed
// or not (Policies::untouchable_opponents, each kind's rounds).
template <typename Combatant>
struct Day : DayPlan {
  std::vector<std::vector<Combatant>> next;
  std::vector<Policies> next_policies;
};

// The encounters after which `rests` short rests come, spread evenly over `encounters`: rest k
// after encounter round(k * encounters / (rests + 1)) (6 and 2: after the 2nd and the 4th).
uint64_t spread_short_rests(int encounters, int rests);

// [day]'s [[day.next]] tables, checked: not with `encounters`, at most kMaxEncounters in all,
// each with opponents.
std::vector<Reader> day_next_tables(Reader& day);
// [day]'s own keys (encounters, short_rests, travel, days), for a day of `next` [[day.next]].
void read_day_plan(Reader& day, size_t next, DayPlan& d);

// [day] (absent: a day of one encounter, not `given`): each [[day.next]] encounter's opponents
// read by `opponent(reader, its 1-based index)` as [[opponents]] are (read_opponents: all with
// `health`, the ruleset's key of an opponent's hit points, or all without it and with rounds),
// counted with the members against the cap, and its policies: `fight`'s (the scenario's [fight])
// with its own opponents'.
template <typename Combatant, typename Opponent>
Day<Combatant> read_day(Reader& r, size_t members, const Policies& fight, Opponent&& opponent,
                        const char* health = "hp") {
  Day<Combatant> d;
  std::optional<Reader> t = r.get_table("day");
  if (!t) return d;
  d.given = true;
  for (Reader& e : day_next_tables(*t)) {
    std::vector<Reader> kinds = e.get_tables("opponents");
    Policies p = fight;
    p.kind_rounds.clear();
    p.kind = {};
    std::vector<Combatant> line;
    read_opponents(kinds, untouchable_kinds(kinds, health), line, members, opponent, p);
    d.next.push_back(std::move(line));
    d.next_policies.push_back(std::move(p));
  }
  read_day_plan(*t, d.next.size(), d);
  return d;
}

}  // namespace leth::fight
