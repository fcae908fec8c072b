// What a flux trial reports: each list of Model::info().metrics written once, in the order it
// is reported, and the index of each metric the model records looked up in it by name
// (sim/core/metric_table.h), so that an index cannot drift from its list.
#pragma once

#include "sim/core/metric_table.h"

namespace leth::flux::metric {

inline constexpr EndDecl kEndTable[] = {
    {EndKind::Died, "fall", "a fall of six floors or more (002: \"Mort\")"},
    {EndKind::Died, "coma", "a failed Survival test in the coma, past -VAI"},
    {EndKind::Recovered, "", "awake and back to full PV"},
    {EndKind::Unresolved, "coma", "in the coma, not stabilised, at the horizon"},
    {EndKind::Unresolved, "unconscious", "stabilised but not awake at the horizon"},
    {EndKind::Unresolved, "injured", "awake but below full PV at the horizon"},
};

inline constexpr CounterDecl kCounterTable[] = {
    {"at_zero", "falls to 0 PV or less while conscious (a Survival test each)"},
    {"coma", "falls into the coma"},
    {"coma_survival_tests",
     "Survival tests in the coma, past -VAI (hourly, at the onset, when struck)"},
    {"stabilise_failures", "failed Medicine tests to stabilise (1 PV each)"},
    {"wake_tests", "Survival tests to wake once stabilised"},
    {"sequelae", "sequelae gained on waking (a d6 stat loss each)"},
    {"nights", "nights of rest taken"},
    {"clinic_nights", "nights of rest in a clinic"},
    {"hour_rests", "hour rests taken (1d4 for the group)"},
    {"sleep_tests_failed", "failed Will tests after a partial night"},
    {"falls_cushioned", "falls cushioned by a spell or a passed ADR test"},
    {"concoctions", "curative concoctions the helper gave at 0 PV or less"},
};

inline constexpr DurationDecl kDurationTable[] = {
    DurationDecl::shared(leth::kDowntime),
    DurationDecl::shared(leth::kTimeOutOfAction),  // the coma's onset -> awake (README)
    DurationDecl::shared(leth::kTimeToDeath),
    {"time_to_stabilise",
     "from the coma's onset until stabilised; over the "
     "trials stabilised"},
    {"time_sick", "the disease's length; over the trials sick a day or more"},
    {"time_to_clinic",
     "from the start until the clinic is reached; over the trials that reach "
     "it before they end (in death, at full PV or at the horizon)"},
};

// In the stats' order (ADR .. SAV): the model records a stat's loss at the stat's index. A
// magnitude is the change in the stat, signed as dnd5e's stat losses are: -1 for each point
// lost (0 at the floor), so sequelae.csv's total_magnitude reads as "ADR change".
inline constexpr SequelaDecl kSequelaTable[] = {
    {"adr_loss", "ADR change",
     "a sequela's -1 ADR (d6 = 1); magnitude: the change in ADR, -1 a point lost"},
    {"pui_loss", "PUI change", "a sequela's -1 PUI (d6 = 2)"},
    {"ins_loss", "INS change", "a sequela's -1 INS (d6 = 3)"},
    {"pre_loss", "PRE change", "a sequela's -1 PRE (d6 = 4)"},
    {"vai_loss", "VAI change", "a sequela's -1 VAI (d6 = 5)"},
    {"sav_loss", "SAV change", "a sequela's -1 SAV (d6 = 6)"},
};

using End = EndIndex;  // the type of an end, as the model passes one

inline constexpr auto kDiedFall = index_of(kEndTable, "died_fall");
inline constexpr auto kDiedComa = index_of(kEndTable, "died_coma");
inline constexpr auto kRecovered = index_of(kEndTable, "recovered");
inline constexpr auto kStillComa = index_of(kEndTable, "unresolved_coma");
inline constexpr auto kStillUnconscious = index_of(kEndTable, "unresolved_unconscious");
inline constexpr auto kStillInjured = index_of(kEndTable, "unresolved_injured");

inline constexpr auto kAtZero = index_of(kCounterTable, "at_zero");
inline constexpr auto kComa = index_of(kCounterTable, "coma");
inline constexpr auto kComaSurvivalTests = index_of(kCounterTable, "coma_survival_tests");
inline constexpr auto kStabiliseFailures = index_of(kCounterTable, "stabilise_failures");
inline constexpr auto kWakeTests = index_of(kCounterTable, "wake_tests");
inline constexpr auto kSequelae = index_of(kCounterTable, "sequelae");
inline constexpr auto kNights = index_of(kCounterTable, "nights");
inline constexpr auto kClinicNights = index_of(kCounterTable, "clinic_nights");
inline constexpr auto kHourRests = index_of(kCounterTable, "hour_rests");
inline constexpr auto kSleepTestsFailed = index_of(kCounterTable, "sleep_tests_failed");
inline constexpr auto kFallsCushioned = index_of(kCounterTable, "falls_cushioned");
inline constexpr auto kConcoctions = index_of(kCounterTable, "concoctions");

inline constexpr auto kDowntime = index_of(kDurationTable, "downtime");
inline constexpr auto kOutOfAction = index_of(kDurationTable, "time_out_of_action");
inline constexpr auto kTimeToDeath = index_of(kDurationTable, "time_to_death");
inline constexpr auto kTimeToStabilise = index_of(kDurationTable, "time_to_stabilise");
inline constexpr auto kTimeSick = index_of(kDurationTable, "time_sick");
inline constexpr auto kTimeToClinic = index_of(kDurationTable, "time_to_clinic");

}  // namespace leth::flux::metric
