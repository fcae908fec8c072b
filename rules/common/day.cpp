// [day]'s keys (rules/common/day.h, docs/days.md).
#include "rules/common/day.h"

#include "scenarios/scenario.h"

namespace leth::fight {

std::string DayPlan::day_begins(int e) const {
  return "day " + std::to_string(e / per_day + 1) + " of " + std::to_string(days) + " begins";
}

uint64_t spread_short_rests(int encounters, int rests) {
  uint64_t mask = 0;
  for (int k = 1; k <= rests; ++k) {
    // round(k * n / (s + 1)), in integers
    const int e = (2 * k * encounters + rests + 1) / (2 * (rests + 1));
    mask |= uint64_t{1} << (e - 1);
  }
  return mask;
}

std::vector<Reader> day_next_tables(Reader& day) {
  std::vector<Reader> tables = day.get_tables("next");
  if (tables.empty()) return tables;
  if (day.has("encounters"))
    day.fail("encounters",
             "both encounters and [[day.next]]: the day is the scenario's fight, then each "
             "[[day.next]] in order",
             "remove encounters (with [[day.next]], the day has 1 + their number)");
  if (tables.size() + 1 > static_cast<size_t>(DayPlan::kMaxEncounters))
    tables[DayPlan::kMaxEncounters - 1].fail_here(
        "more than " + std::to_string(DayPlan::kMaxEncounters) + " encounters in a day",
        "split the day over two scenarios");
  for (Reader& e : tables)
    if (e.get_tables("opponents").empty())
      e.fail_here("an encounter without opponents",
                  "add [[day.next.opponents]] with attacks, as [[opponents]]");
  return tables;
}

void read_day_plan(Reader& t, size_t next, DayPlan& d) {
  d.encounters = next == 0 ? static_cast<int>(t.need_int("encounters", 1, DayPlan::kMaxEncounters))
                           : static_cast<int>(next) + 1;
  d.per_day = d.encounters;
  d.short_rests = static_cast<int>(t.get_int("short_rests", 0, DayPlan::kMaxEncounters, 0));
  if (d.short_rests > d.encounters - 1)
    t.fail("short_rests",
           "more short rests than the day has gaps between its encounters (" +
               std::to_string(d.encounters - 1) + "): a short rest comes between two",
           "short_rests = " + std::to_string(d.encounters - 1) + " at most");
  d.travel = t.get_fixed_duration("travel", Scenario::kMaxHorizon, "travel = \"30 minutes\"", 0,
                                  false)
                 .value_or(0);
  d.rest_after = spread_short_rests(d.encounters, d.short_rests);
  d.days = static_cast<int>(t.get_int("days", 1, DayPlan::kMaxEncounters, 1));
  if (d.days * d.per_day > DayPlan::kMaxEncounters)
    t.fail("days",
           std::to_string(d.days) + " days of " + std::to_string(d.per_day) + " encounters: " +
               std::to_string(d.days * d.per_day) + " in all, more than " +
               std::to_string(DayPlan::kMaxEncounters),
           "days = " + std::to_string(DayPlan::kMaxEncounters / d.per_day) + " at most");
  d.encounters = d.per_day * d.days;
}

}  // namespace leth::fight
