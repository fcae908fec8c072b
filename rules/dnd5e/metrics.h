// What a dnd5e trial reports: each list of Model::info().metrics written once, in the order it
// is reported, and the index of each metric the model records looked up in it by name
// (sim/core/metric_table.h), so that an index cannot drift from its list.
#pragma once

#include "sim/core/metric_table.h"

namespace leth::dnd5e::metric {

inline constexpr EndDecl kEndTable[] = {
    {EndKind::Died, "combat", "died in the fight (death saves, damage at 0 HP)"},
    {EndKind::Died, "massive", "killed outright by massive damage (SRD)"},
    {EndKind::Died, "dying", "died after the fight, of death saves"},
    {EndKind::Died, "injury",
     "killed by an injury's course: max HP (rot, haemorrhage) or an ability score "
     "(septicaemia) reduced to 0"},
    {EndKind::Recovered, "",
     "full HP, conscious, out of bed, no healable injury open (permanent losses "
     "excepted)"},
    {EndKind::Unresolved, "dying", "at 0 HP making death saves at the horizon"},
    {EndKind::Unresolved, "unconscious", "stable at 0 HP, or in a coma, at the horizon"},
    {EndKind::Unresolved, "injured", "conscious with an injury still open at the horizon"},
    {EndKind::Unresolved, "hurt", "below full HP at the horizon, no injury open"},
};

inline constexpr CounterDecl kCounterTable[] = {
    {"knocked_out", "times the character fell to 0 HP"},
    {"injuries", "lingering injuries inflicted (seed 003)"},
    // injuries_light .. injuries_serious in Severity order: the model adds the severity.
    {"injuries_light", "light injuries inflicted"},
    {"injuries_moderate", "moderate injuries inflicted"},
    {"injuries_severe", "severe injuries inflicted"},
    {"injuries_serious", "serious injuries inflicted"},
    {"death_save_failures",
     "death-save failures marked (failed saves, natural 1s, damage at 0 HP)"},
    {"nat20_revivals", "natural 20s on a death save, back to 1 HP"},
    {"stabilised_by_medicine", "stabilised by the healer's DC 10 Medicine check"},
    {"treatments_failed", "failed treatment checks (each raises the DC by 2)"},
    {"treatments_succeeded", "successful treatment checks"},
    {"magic_used", "spells, potions and remedies used"},
    {"hit_dice_spent", "Hit Dice spent in short rests"},
    {"limbs_lost_to_deadline",
     "hands or feet lost to an untreated severe burn, frostbite or necrosis"},
    {"frostbite_worsened", "frostbite turned serious untreated"},
};

inline constexpr DurationDecl kDurationTable[] = {
    DurationDecl::shared(leth::kDowntime),
    DurationDecl::shared(leth::kTimeOutOfAction),
    DurationDecl::shared(leth::kTimeToDeath),
    {"time_unconscious", "time at 0 HP or in a coma, in all; over the trials ever unconscious"},
    {"time_in_bed",
     "bed rest after treating severe and serious injuries, inside the trial (up "
     "to recovery, death or the horizon); over the trials with bed rest"},
};

// Permanent losses, ability and max-HP losses, and injuries still open by severity.
inline constexpr SequelaDecl kSequelaTable[] = {
    {"lost_eye", "", "an eye lost (Perte d'un œil), not restored by magic"},
    {"blindness", "", "blind: Cécité permanente, or both eyes lost"},
    {"deafness", "", "deaf for good: Nerfs auditif déchiré"},
    {"lost_hand", "", "a hand lost: untreated burn, frostbite, necrosis, or slashing"},
    {"lost_foot", "", "a foot lost, as lost_hand"},
    // str_loss .. cha_loss in Ability order: the model adds the ability.
    {"str_loss", "Strength change", "Strength points lost to injuries open at the end"},
    {"dex_loss", "Dexterity change", "Dexterity points lost"},
    {"con_loss", "Constitution change", "Constitution points lost"},
    {"int_loss", "Intelligence change", "Intelligence points lost"},
    {"wis_loss", "Wisdom change", "Wisdom points lost"},
    {"cha_loss", "Charisma change", "Charisma points lost"},
    {"max_hp_loss", "max HP change", "maximum HP lost to rot or haemorrhage still open"},
    // open_light .. open_serious in Severity order: the model adds the severity.
    {"open_light", "", "light injuries still open at the end"},
    {"open_moderate", "", "moderate injuries still open"},
    {"open_severe", "", "severe injuries still open"},
    {"open_serious", "", "serious injuries still open (permanent losses apart)"},
};

using End = EndIndex;  // the type of an end, as the model passes one

inline constexpr auto kDiedCombat = index_of(kEndTable, "died_combat");
inline constexpr auto kDiedMassive = index_of(kEndTable, "died_massive");
inline constexpr auto kDiedDying = index_of(kEndTable, "died_dying");
inline constexpr auto kDiedInjury = index_of(kEndTable, "died_injury");
inline constexpr auto kRecovered = index_of(kEndTable, "recovered");
inline constexpr auto kStillDying = index_of(kEndTable, "unresolved_dying");
inline constexpr auto kStillUnconscious = index_of(kEndTable, "unresolved_unconscious");
inline constexpr auto kStillInjured = index_of(kEndTable, "unresolved_injured");
inline constexpr auto kStillHurt = index_of(kEndTable, "unresolved_hurt");

inline constexpr auto kKnockedOut = index_of(kCounterTable, "knocked_out");
inline constexpr auto kInjuries = index_of(kCounterTable, "injuries");
inline constexpr auto kInjuriesLight = index_of(kCounterTable, "injuries_light");
inline constexpr auto kInjuriesModerate = index_of(kCounterTable, "injuries_moderate");
inline constexpr auto kInjuriesSevere = index_of(kCounterTable, "injuries_severe");
inline constexpr auto kInjuriesSerious = index_of(kCounterTable, "injuries_serious");
inline constexpr auto kDeathSaveFailures = index_of(kCounterTable, "death_save_failures");
inline constexpr auto kNat20Revivals = index_of(kCounterTable, "nat20_revivals");
inline constexpr auto kStabilisedByMedicine = index_of(kCounterTable, "stabilised_by_medicine");
inline constexpr auto kTreatmentsFailed = index_of(kCounterTable, "treatments_failed");
inline constexpr auto kTreatmentsSucceeded = index_of(kCounterTable, "treatments_succeeded");
inline constexpr auto kMagicUsed = index_of(kCounterTable, "magic_used");
inline constexpr auto kHitDiceSpent = index_of(kCounterTable, "hit_dice_spent");
inline constexpr auto kLimbsLostToDeadline = index_of(kCounterTable, "limbs_lost_to_deadline");
inline constexpr auto kFrostbiteWorsened = index_of(kCounterTable, "frostbite_worsened");

inline constexpr auto kDowntime = index_of(kDurationTable, "downtime");
inline constexpr auto kOutOfAction = index_of(kDurationTable, "time_out_of_action");
inline constexpr auto kTimeToDeath = index_of(kDurationTable, "time_to_death");
inline constexpr auto kTimeUnconscious = index_of(kDurationTable, "time_unconscious");
inline constexpr auto kTimeInBed = index_of(kDurationTable, "time_in_bed");

inline constexpr auto kLostEye = index_of(kSequelaTable, "lost_eye");
inline constexpr auto kBlindness = index_of(kSequelaTable, "blindness");
inline constexpr auto kDeafness = index_of(kSequelaTable, "deafness");
inline constexpr auto kLostHand = index_of(kSequelaTable, "lost_hand");
inline constexpr auto kLostFoot = index_of(kSequelaTable, "lost_foot");
inline constexpr auto kStrLoss = index_of(kSequelaTable, "str_loss");
inline constexpr auto kDexLoss = index_of(kSequelaTable, "dex_loss");
inline constexpr auto kConLoss = index_of(kSequelaTable, "con_loss");
inline constexpr auto kIntLoss = index_of(kSequelaTable, "int_loss");
inline constexpr auto kWisLoss = index_of(kSequelaTable, "wis_loss");
inline constexpr auto kChaLoss = index_of(kSequelaTable, "cha_loss");
inline constexpr auto kMaxHpLoss = index_of(kSequelaTable, "max_hp_loss");
inline constexpr auto kOpenLight = index_of(kSequelaTable, "open_light");
inline constexpr auto kOpenModerate = index_of(kSequelaTable, "open_moderate");
inline constexpr auto kOpenSevere = index_of(kSequelaTable, "open_severe");
inline constexpr auto kOpenSerious = index_of(kSequelaTable, "open_serious");

}  // namespace leth::dnd5e::metric
