// Each ruleset's metric index constants (rules/<id>/metrics.h) against the MetricSpec its
// Model::info() declares. index_of (sim/core/metric_table.h) makes a constant name its metric at
// compile time, from the tables; this pins the runtime declaration, built from those tables,
// against the names written out here, and the declaration against the tables entry by entry.
#include <catch2/catch.hpp>

#include <initializer_list>
#include <string>
#include <vector>

#include "rules/dnd5e/model.h"
#include "rules/flux/model.h"
#include "rules/harmonies/model.h"
#include "rules/pf2/model.h"
#include "rules/unisystem/model.h"
#include "sim/core/metric_table.h"

using namespace leth;

namespace {

// index_of on a small table: an end by its full name, with or without a detail.
constexpr EndDecl kEnds[] = {{EndKind::Died, "combat", ""}, {EndKind::Recovered, "", ""}};
static_assert(index_of(kEnds, "died_combat") == 0 && index_of(kEnds, "recovered") == 1);
constexpr DurationDecl kDurations[] = {DurationDecl::shared(kDowntime), {"time_x", ""}};
static_assert(index_of(kDurations, "time_x") == 1 && kDurations[0].help == kDowntimeHelp);

struct Named {
  uint16_t index;
  const char* name;
};

std::string name_of(const EndSpec& e) {
  return e.name();
}
template <typename Spec>
std::string name_of(const Spec& s) {
  return s.name;
}

// Each constant indexes the metric of its name in `list`.
template <typename Spec>
void expect_named(const std::vector<Spec>& list, std::initializer_list<Named> named) {
  for (const Named& n : named) {
    INFO(n.name);
    REQUIRE(n.index < list.size());
    CHECK(name_of(list[n.index]) == n.name);
  }
}

// The declaration is the tables, entry for entry, and valid.
void expect_built_from(const MetricSpec& m, const MetricTables& t) {
  REQUIRE(m.ends.size() == t.ends.size());
  for (size_t i = 0; i < t.ends.size(); ++i) {
    CHECK(m.ends[i].kind == t.ends[i].kind);
    CHECK(m.ends[i].detail == t.ends[i].detail);
    CHECK(m.ends[i].help == t.ends[i].help);
  }
  REQUIRE(m.counters.size() == t.counters.size());
  for (size_t i = 0; i < t.counters.size(); ++i) {
    CHECK(m.counters[i].name == t.counters[i].name);
    CHECK(m.counters[i].help == t.counters[i].help);
  }
  REQUIRE(m.durations.size() == t.durations.size());
  for (size_t i = 0; i < t.durations.size(); ++i) {
    CHECK(m.durations[i].name == t.durations[i].name);
    CHECK(m.durations[i].help == t.durations[i].help);
  }
  REQUIRE(m.sequelae.size() == t.sequelae.size());
  for (size_t i = 0; i < t.sequelae.size(); ++i) {
    CHECK(m.sequelae[i].name == t.sequelae[i].name);
    CHECK(m.sequelae[i].unit == t.sequelae[i].unit);
    CHECK(m.sequelae[i].help == t.sequelae[i].help);
  }
  CHECK_NOTHROW(m.validate());
}

}  // namespace

// Each test in its ruleset's namespace and `using namespace metric` as model.cpp is, so that
// kDowntime is the ruleset's index, not leth::kDowntime.
namespace leth::dnd5e {
TEST_CASE("dnd5e: each metric constant names its metric in info()", "[metric_table]") {
  using namespace metric;
  const MetricSpec& m = *Model::info().metrics;
  expect_named(m.ends, {{kDiedCombat, "died_combat"},
                        {kDiedMassive, "died_massive"},
                        {kDiedDying, "died_dying"},
                        {kDiedInjury, "died_injury"},
                        {kRecovered, "recovered"},
                        {kStillDying, "unresolved_dying"},
                        {kStillUnconscious, "unresolved_unconscious"},
                        {kStillInjured, "unresolved_injured"},
                        {kStillHurt, "unresolved_hurt"}});
  expect_named(m.counters, {{kKnockedOut, "knocked_out"},
                            {kInjuries, "injuries"},
                            {kInjuriesLight, "injuries_light"},
                            {kInjuriesModerate, "injuries_moderate"},
                            {kInjuriesSevere, "injuries_severe"},
                            {kInjuriesSerious, "injuries_serious"},
                            {kDeathSaveFailures, "death_save_failures"},
                            {kNat20Revivals, "nat20_revivals"},
                            {kStabilisedByMedicine, "stabilised_by_medicine"},
                            {kTreatmentsFailed, "treatments_failed"},
                            {kTreatmentsSucceeded, "treatments_succeeded"},
                            {kMagicUsed, "magic_used"},
                            {kHitDiceSpent, "hit_dice_spent"},
                            {kLimbsLostToDeadline, "limbs_lost_to_deadline"},
                            {kFrostbiteWorsened, "frostbite_worsened"}});
  expect_named(m.durations, {{kDowntime, "downtime"},
                             {kOutOfAction, "time_out_of_action"},
                             {kTimeToDeath, "time_to_death"},
                             {kTimeUnconscious, "time_unconscious"},
                             {kTimeInBed, "time_in_bed"}});
  expect_named(m.sequelae, {{kLostEye, "lost_eye"},
                            {kBlindness, "blindness"},
                            {kDeafness, "deafness"},
                            {kLostHand, "lost_hand"},
                            {kLostFoot, "lost_foot"},
                            {kStrLoss, "str_loss"},
                            {kDexLoss, "dex_loss"},
                            {kConLoss, "con_loss"},
                            {kIntLoss, "int_loss"},
                            {kWisLoss, "wis_loss"},
                            {kChaLoss, "cha_loss"},
                            {kMaxHpLoss, "max_hp_loss"},
                            {kOpenLight, "open_light"},
                            {kOpenModerate, "open_moderate"},
                            {kOpenSevere, "open_severe"},
                            {kOpenSerious, "open_serious"}});
  expect_built_from(m, {.ends = kEndTable,
                        .counters = kCounterTable,
                        .durations = kDurationTable,
                        .sequelae = kSequelaTable});
}
}  // namespace leth::dnd5e

namespace leth::pf2 {
TEST_CASE("pf2: each metric constant names its metric in info()", "[metric_table]") {
  using namespace metric;
  const MetricSpec& m = *Model::info().metrics;
  expect_named(m.ends, {{kDiedCombat, "died_combat"},
                        {kDiedDying, "died_dying"},
                        {kDiedRecovery, "died_recovery"},
                        {kRecovered, "recovered"},
                        {kStillDying, "unresolved_dying"},
                        {kStillUnconscious, "unresolved_unconscious"},
                        {kStillInjured, "unresolved_injured"}});
  expect_named(m.counters, {{kKnockedOut, "knocked_out"}, {kHeroPointsSpent, "hero_points_spent"}});
  expect_named(m.durations, {{kDowntime, "downtime"},
                             {kOutOfAction, "time_out_of_action"},
                             {kTimeToDeath, "time_to_death"},
                             {kTimeDying, "time_dying"}});
  expect_built_from(m, {.ends = kEndTable, .counters = kCounterTable, .durations = kDurationTable});
}
}  // namespace leth::pf2

namespace leth::unisystem {
TEST_CASE("unisystem: each metric constant names its metric in info()", "[metric_table]") {
  using namespace metric;
  const MetricSpec& m = *Model::info().metrics;
  expect_named(m.ends, {{kDiedCombat, "died_combat"},
                        {kDiedDying, "died_dying"},
                        {kDiedUnresuscitable, "died_unresuscitable"},
                        {kDiedEssence, "died_essence"},
                        {kDiedRecovery, "died_recovery"},
                        {kRecovered, "recovered"},
                        {kStillDying, "unresolved_dying"},
                        {kStillInjured, "unresolved_injured"}});
  expect_named(m.counters, {{kWoundsSuperficial, "wounds_superficial"},
                            {kWoundsDeep, "wounds_deep"},
                            {kWoundsSerious, "wounds_serious"},
                            {kWoundsLifeThreatening, "wounds_life_threatening"},
                            {kWoundsMassive, "wounds_massive"},
                            {kCollapsed, "collapsed"},
                            {kKnockedDown, "knocked_down"},
                            {kSurvivalTests, "survival_tests"},
                            {kStabilised, "stabilised"},
                            {kResuscitated, "resuscitated"},
                            {kFirstAidHp, "first_aid_hp"},
                            {kEnduranceKnockouts, "endurance_knockouts"},
                            {kHpFromEndurance, "hp_from_endurance"},
                            {kEssenceWillFailures, "essence_will_failures"}});
  expect_named(m.durations, {{kDowntime, "downtime"},
                             {kOutOfAction, "time_out_of_action"},
                             {kTimeToDeath, "time_to_death"},
                             {kTimeBelowZero, "time_below_zero"},
                             {kTimeDying, "time_dying"}});
  expect_named(m.sequelae, {{kResuscitatedSequela, "resuscitated"},
                            {kDaysBelowZero, "days_below_zero"},
                            {kMentalLevelLost, "mental_level_lost"},
                            {kMentalFlaw, "mental_flaw"}});
  expect_built_from(m, {.ends = kEndTable,
                        .counters = kCounterTable,
                        .durations = kDurationTable,
                        .sequelae = kSequelaTable});
}
}  // namespace leth::unisystem

namespace leth::harmonies {
TEST_CASE("harmonies: each metric constant names its metric in info()", "[metric_table]") {
  using namespace metric;
  const MetricSpec& m = *Model::info().metrics;
  expect_named(m.ends, {{kDiedBlow, "died_blow"},
                        {kDiedWorsening, "died_worsening"},
                        {kLostMadness, "lost_madness"},
                        {kRecovered, "recovered"},
                        {kStillUnstable, "unresolved_unstable"},
                        {kStillWounded, "unresolved_wounded"}});
  expect_named(m.counters, {{kWounds, "wounds"},
                            {kEscalations, "escalations"},
                            {kMentalEscalations, "mental_escalations"},
                            {kWorsenings, "worsenings"},
                            {kFaints, "faints"},
                            {kFirstAidRolls, "first_aid_rolls"},
                            {kStabilisations, "stabilisations"},
                            {kMissedSurveillance, "missed_surveillance"},
                            {kHealingRolls, "healing_rolls"},
                            {kHealingFailures, "healing_failures"},
                            {kMentalWounds, "mental_wounds"}});
  expect_named(m.durations, {{kDowntime, "downtime"},
                             {kOutOfAction, "time_out_of_action"},
                             {kTimeToDeath, "time_to_death"},
                             {kTimeUnstable, "time_unstable"},
                             {kTimeToStable, "time_to_stable"},
                             {kTimeToLoss, "time_to_loss"}});
  expect_named(m.sequelae, {{kOpenLight, "open_light"},
                            {kOpenGrave, "open_grave"},
                            {kOpenCritical, "open_critical"},
                            {kEscalated, "escalated"},
                            {kMentalEscalated, "mental_escalated"},
                            {kShock, "shock"},
                            {kTrauma, "trauma"},
                            {kPsychosis, "psychosis"}});
  expect_built_from(m, {.ends = kEndTable,
                        .counters = kCounterTable,
                        .durations = kDurationTable,
                        .sequelae = kSequelaTable});
}
}  // namespace leth::harmonies

namespace leth::flux {
TEST_CASE("flux: each metric constant names its metric in info()", "[metric_table]") {
  using namespace metric;
  const MetricSpec& m = *Model::info().metrics;
  expect_named(m.ends, {{kDiedFall, "died_fall"},
                        {kDiedComa, "died_coma"},
                        {kRecovered, "recovered"},
                        {kStillComa, "unresolved_coma"},
                        {kStillUnconscious, "unresolved_unconscious"},
                        {kStillInjured, "unresolved_injured"}});
  expect_named(m.counters, {{kAtZero, "at_zero"},
                            {kComa, "coma"},
                            {kComaSurvivalTests, "coma_survival_tests"},
                            {kStabiliseFailures, "stabilise_failures"},
                            {kWakeTests, "wake_tests"},
                            {kSequelae, "sequelae"},
                            {kNights, "nights"},
                            {kClinicNights, "clinic_nights"},
                            {kHourRests, "hour_rests"},
                            {kSleepTestsFailed, "sleep_tests_failed"},
                            {kFallsCushioned, "falls_cushioned"},
                            {kConcoctions, "concoctions"}});
  expect_named(m.durations, {{kDowntime, "downtime"},
                             {kOutOfAction, "time_out_of_action"},
                             {kTimeToDeath, "time_to_death"},
                             {kTimeToStabilise, "time_to_stabilise"},
                             {kTimeSick, "time_sick"},
                             {kTimeToClinic, "time_to_clinic"}});
  expect_built_from(m, {.ends = kEndTable,
                        .counters = kCounterTable,
                        .durations = kDurationTable,
                        .sequelae = kSequelaTable});
}
}  // namespace leth::flux
