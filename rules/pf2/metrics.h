// What a pf2 trial reports: each list of Model::info().metrics written once, in the order it
// is reported, and the index of each metric the model records looked up in it by name
// (sim/core/metric_table.h), so that an index cannot drift from its list.
#pragma once

#include "sim/core/metric_table.h"

namespace leth::pf2::metric {

inline constexpr EndDecl kEndTable[] = {
    {EndKind::Died, "combat", "died before the fight was over"},
    {EndKind::Died, "dying", "died after the fight, of dying that began in it"},
    {EndKind::Died, "recovery", "died after the fight, of something that began after it"},
    {EndKind::Recovered, "", "back to full HP and conscious"},
    {EndKind::Unresolved, "dying", "still dying at the horizon"},
    {EndKind::Unresolved, "unconscious", "unconscious at 0 HP, not dying, at the horizon"},
    {EndKind::Unresolved, "injured", "conscious but below full HP at the horizon"},
};

inline constexpr CounterDecl kCounterTable[] = {
    {"knocked_out", "times the character fell to 0 HP"},
    {"hero_points_spent", "hero points spent on heroic recovery (004 \"Récupération héroïque\")"},
};

inline constexpr DurationDecl kDurationTable[] = {
    DurationDecl::shared(leth::kDowntime),
    DurationDecl::shared(leth::kTimeOutOfAction),
    DurationDecl::shared(leth::kTimeToDeath),
    {"time_dying",
     "seconds spent with the dying condition in all; over the "
     "trials that were ever dying"},
};

using End = EndIndex;  // the type of an end, as the model passes one

inline constexpr auto kDiedCombat = index_of(kEndTable, "died_combat");
inline constexpr auto kDiedDying = index_of(kEndTable, "died_dying");
inline constexpr auto kDiedRecovery = index_of(kEndTable, "died_recovery");
inline constexpr auto kRecovered = index_of(kEndTable, "recovered");
inline constexpr auto kStillDying = index_of(kEndTable, "unresolved_dying");
inline constexpr auto kStillUnconscious = index_of(kEndTable, "unresolved_unconscious");
inline constexpr auto kStillInjured = index_of(kEndTable, "unresolved_injured");

inline constexpr auto kKnockedOut = index_of(kCounterTable, "knocked_out");
inline constexpr auto kHeroPointsSpent = index_of(kCounterTable, "hero_points_spent");

inline constexpr auto kDowntime = index_of(kDurationTable, "downtime");
inline constexpr auto kOutOfAction = index_of(kDurationTable, "time_out_of_action");
inline constexpr auto kTimeToDeath = index_of(kDurationTable, "time_to_death");
inline constexpr auto kTimeDying = index_of(kDurationTable, "time_dying");

}  // namespace leth::pf2::metric
