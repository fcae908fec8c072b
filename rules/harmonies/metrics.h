// What a harmonies trial reports: each list of Model::info().metrics written once, in the order it
// is reported, and the index of each metric the model records looked up in it by name
// (sim/core/metric_table.h), so that an index cannot drift from its list.
#pragma once

#include "sim/core/metric_table.h"

namespace leth::harmonies::metric {

inline constexpr EndDecl kEndTable[] = {
    {EndKind::Died, "blow", "a wound arrived beyond the critical cap (001)"},
    {EndKind::Died, "worsening", "a critical wound worsened (failed survival roll, sudden effort)"},
    {EndKind::Lost, "madness",
     "a mental wound beyond the psychosis cap: incoherent, out of play (001)"},
    {EndKind::Recovered, "", "no physical wound left"},
    {EndKind::Unresolved, "unstable", "wounds still unstable at the horizon"},
    {EndKind::Unresolved, "wounded", "wounds stable but not healed at the horizon"},
};

inline constexpr CounterDecl kCounterTable[] = {
    {"wounds", "physical wounds received, starting wounds included"},
    {"escalations",
     "levels a physical wound climbed because its level was full (arriving or "
     "worsening)"},
    {"mental_escalations", "levels a mental wound climbed because its level was full"},
    {"worsenings", "wounds that worsened a level (survival roll, sudden effort)"},
    {"faints", "times the character fainted (fainting roll Rs+It failed)"},
    {"first_aid_rolls", "first-aid rolls made to stabilise"},
    {"stabilisations", "times every wound was stabilised"},
    {"missed_surveillance", "surveillances missed during therapeutic rest"},
    {"healing_rolls", "healing rolls made"},
    {"healing_failures", "healing rolls failed (the patient unstable again)"},
    {"mental_wounds", "mental wounds received (shocks, traumas, psychoses)"},
};

inline constexpr DurationDecl kDurationTable[] = {
    DurationDecl::shared(leth::kDowntime),
    DurationDecl::shared(leth::kTimeOutOfAction),  // fainted, or in the minimum rest (README)
    DurationDecl::shared(leth::kTimeToDeath),
    {"time_unstable",
     "seconds with unstable wounds in all (to the horizon if still "
     "unstable); over the trials ever wounded"},
    {"time_to_stable",
     "from the first wound until every wound was first stabilised; over the "
     "trials stabilised at least once"},
    {"time_to_loss", "from the start until lost to madness; over those lost",
     CampaignTime::FromStart},
};

inline constexpr SequelaDecl kSequelaTable[] = {
    // open_light .. open_critical, and shock .. psychosis, by level: the model adds the level.
    {"open_light", "", "light wounds still open at the horizon"},
    {"open_grave", "", "grave wounds still open at the horizon"},
    {"open_critical", "", "critical wounds still open at the horizon"},
    {"escalated", "", "physical escalations suffered (a wound past a full level), by survivors"},
    {"mental_escalated", "",
     "mental escalations suffered (a shock or trauma past a full level), by "
     "survivors"},
    {"shock", "", "shocks held at the end (mental, -1)"},
    {"trauma", "", "traumas held at the end (mental, -3)"},
    {"psychosis", "", "psychoses held at the end (mental, -5)"},
};

using End = EndIndex;  // the type of an end, as the model passes one

inline constexpr auto kDiedBlow = index_of(kEndTable, "died_blow");
inline constexpr auto kDiedWorsening = index_of(kEndTable, "died_worsening");
inline constexpr auto kLostMadness = index_of(kEndTable, "lost_madness");
inline constexpr auto kRecovered = index_of(kEndTable, "recovered");
inline constexpr auto kStillUnstable = index_of(kEndTable, "unresolved_unstable");
inline constexpr auto kStillWounded = index_of(kEndTable, "unresolved_wounded");

inline constexpr auto kWounds = index_of(kCounterTable, "wounds");
inline constexpr auto kEscalations = index_of(kCounterTable, "escalations");
inline constexpr auto kMentalEscalations = index_of(kCounterTable, "mental_escalations");
inline constexpr auto kWorsenings = index_of(kCounterTable, "worsenings");
inline constexpr auto kFaints = index_of(kCounterTable, "faints");
inline constexpr auto kFirstAidRolls = index_of(kCounterTable, "first_aid_rolls");
inline constexpr auto kStabilisations = index_of(kCounterTable, "stabilisations");
inline constexpr auto kMissedSurveillance = index_of(kCounterTable, "missed_surveillance");
inline constexpr auto kHealingRolls = index_of(kCounterTable, "healing_rolls");
inline constexpr auto kHealingFailures = index_of(kCounterTable, "healing_failures");
inline constexpr auto kMentalWounds = index_of(kCounterTable, "mental_wounds");

inline constexpr auto kDowntime = index_of(kDurationTable, "downtime");
inline constexpr auto kOutOfAction = index_of(kDurationTable, "time_out_of_action");
inline constexpr auto kTimeToDeath = index_of(kDurationTable, "time_to_death");
inline constexpr auto kTimeUnstable = index_of(kDurationTable, "time_unstable");
inline constexpr auto kTimeToStable = index_of(kDurationTable, "time_to_stable");
inline constexpr auto kTimeToLoss = index_of(kDurationTable, "time_to_loss");

inline constexpr auto kOpenLight = index_of(kSequelaTable, "open_light");
inline constexpr auto kOpenGrave = index_of(kSequelaTable, "open_grave");
inline constexpr auto kOpenCritical = index_of(kSequelaTable, "open_critical");
inline constexpr auto kEscalated = index_of(kSequelaTable, "escalated");
inline constexpr auto kMentalEscalated = index_of(kSequelaTable, "mental_escalated");
inline constexpr auto kShock = index_of(kSequelaTable, "shock");
inline constexpr auto kTrauma = index_of(kSequelaTable, "trauma");
inline constexpr auto kPsychosis = index_of(kSequelaTable, "psychosis");

}  // namespace leth::harmonies::metric
