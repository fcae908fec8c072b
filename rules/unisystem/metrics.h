// What a unisystem trial reports: each list of Model::info().metrics written once, in the order it
// is reported, and the index of each metric the model records looked up in it by name
// (sim/core/metric_table.h), so that an index cannot drift from its list.
#pragma once

#include "sim/core/metric_table.h"

namespace leth::unisystem::metric {

inline constexpr EndDecl kEndTable[] = {
    {EndKind::Died, "combat",
     "a failed survival test in the fight, not resuscitated (or a creature without "
     "survival test destroyed at its threshold)"},
    {EndKind::Died, "dying",
     "a failed survival test of the minute-by-minute chain, not resuscitated"},
    {EndKind::Died, "unresuscitable",
     "died of a blow that leaves nothing to resuscitate (000: \"décapité ou brûlé et "
     "calciné\")"},
    {EndKind::Died, "essence", "a failed survival test at -30 essence or less"},
    {EndKind::Died, "recovery",
     "a failed daily survival test without medical care, at or below the threshold"},
    {EndKind::Recovered, "", "full hit points, endurance and essence"},
    {EndKind::Unresolved, "dying", "still dying (not stabilised) at the horizon"},
    {EndKind::Unresolved, "injured", "alive but not fully recovered at the horizon"},
};

inline constexpr CounterDecl kCounterTable[] = {
    // wounds_superficial .. wounds_massive in Severity order (roll.h): the model adds it.
    {"wounds_superficial", "wounds of 1-2 points after armour (000: superficial)"},
    {"wounds_deep", "wounds of 3-5 points (000: \"profonde\")"},
    {"wounds_serious", "wounds of 6-10 points (000: \"grave\")"},
    {"wounds_life_threatening", "wounds of 11-15 points (000: \"menace la vie\")"},
    {"wounds_massive", "wounds of more than 15 points (beyond 000's scale)"},
    {"collapsed", "failed the Will test after a hit: out of the fight"},
    {"knocked_down", "failed the Will + Con test to stay up at 0 HP or less"},
    // fight, minutes, resuscitation, days, essence
    {"survival_tests", "survival tests made, of every kind"},
    {"stabilised", "stabilised while dying (first aid, Medicine, hospital)"},
    {"resuscitated", "brought back after a failed survival test"},
    {"first_aid_hp", "hit points restored by first-aid tests"},
    {"endurance_knockouts", "fell unconscious at 0 endurance or less"},
    {"hp_from_endurance", "hit points lost to endurance damage (realism)"},
    {"essence_will_failures", "failed Will tests below 0 essence"},
};

inline constexpr DurationDecl kDurationTable[] = {
    DurationDecl::shared(leth::kDowntime),
    DurationDecl::shared(leth::kTimeOutOfAction),
    DurationDecl::shared(leth::kTimeToDeath),
    {"time_below_zero", "time with HP below 0, in all; over the trials that went below 0"},
    {"time_dying",
     "from the first survival test survived until stabilised or dead; over "
     "the trials that were dying"},
};

inline constexpr SequelaDecl kSequelaTable[] = {
    {"resuscitated", "", "brought back from death by resuscitation (000)"},
    {"days_below_zero", "days", "days of recovery begun below 0 HP (the intensive-care days)"},
    {"mental_level_lost", "levels",
     "a mental attribute level lost to essence drain (000: temporarily)"},
    {"mental_flaw", "flaws",
     "a mental flaw of 2 points or more gained from essence drain (000: "
     "temporarily)"},
};

using End = EndIndex;  // the type of an end, as the model passes one

inline constexpr auto kDiedCombat = index_of(kEndTable, "died_combat");
inline constexpr auto kDiedDying = index_of(kEndTable, "died_dying");
inline constexpr auto kDiedUnresuscitable = index_of(kEndTable, "died_unresuscitable");
inline constexpr auto kDiedEssence = index_of(kEndTable, "died_essence");
inline constexpr auto kDiedRecovery = index_of(kEndTable, "died_recovery");
inline constexpr auto kRecovered = index_of(kEndTable, "recovered");
inline constexpr auto kStillDying = index_of(kEndTable, "unresolved_dying");
inline constexpr auto kStillInjured = index_of(kEndTable, "unresolved_injured");

inline constexpr auto kWoundsSuperficial = index_of(kCounterTable, "wounds_superficial");
inline constexpr auto kWoundsDeep = index_of(kCounterTable, "wounds_deep");
inline constexpr auto kWoundsSerious = index_of(kCounterTable, "wounds_serious");
inline constexpr auto kWoundsLifeThreatening = index_of(kCounterTable, "wounds_life_threatening");
inline constexpr auto kWoundsMassive = index_of(kCounterTable, "wounds_massive");
inline constexpr auto kCollapsed = index_of(kCounterTable, "collapsed");
inline constexpr auto kKnockedDown = index_of(kCounterTable, "knocked_down");
inline constexpr auto kSurvivalTests = index_of(kCounterTable, "survival_tests");
inline constexpr auto kStabilised = index_of(kCounterTable, "stabilised");
inline constexpr auto kResuscitated = index_of(kCounterTable, "resuscitated");
inline constexpr auto kFirstAidHp = index_of(kCounterTable, "first_aid_hp");
inline constexpr auto kEnduranceKnockouts = index_of(kCounterTable, "endurance_knockouts");
inline constexpr auto kHpFromEndurance = index_of(kCounterTable, "hp_from_endurance");
inline constexpr auto kEssenceWillFailures = index_of(kCounterTable, "essence_will_failures");

inline constexpr auto kDowntime = index_of(kDurationTable, "downtime");
inline constexpr auto kOutOfAction = index_of(kDurationTable, "time_out_of_action");
inline constexpr auto kTimeToDeath = index_of(kDurationTable, "time_to_death");
inline constexpr auto kTimeBelowZero = index_of(kDurationTable, "time_below_zero");
inline constexpr auto kTimeDying = index_of(kDurationTable, "time_dying");

inline constexpr auto kResuscitatedSequela = index_of(kSequelaTable, "resuscitated");
inline constexpr auto kDaysBelowZero = index_of(kSequelaTable, "days_below_zero");
inline constexpr auto kMentalLevelLost = index_of(kSequelaTable, "mental_level_lost");
inline constexpr auto kMentalFlaw = index_of(kSequelaTable, "mental_flaw");

}  // namespace leth::unisystem::metric
