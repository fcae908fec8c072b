// Every sub-stream a model opens, named in one place. A sub-stream is a purpose (which part
// of the story the numbers are for) and an index (which creature's turn, which check). Two
// variants of a scenario that differ only in, say, the dying rules open the same encounter
// sub-streams and so see the same attack rolls: common random numbers by purpose.
//
// Indices of one purpose must never collide within a trial; each function below says how
// its index is made. A trial runs one ruleset's model, so the sub-streams of two rulesets
// (their sections below) may share indices; within a ruleset's trials, and with the shared
// ones at the top, they may not. Purpose::Test is for tests and benchmarks only.
#pragma once

#include <cstdint>

#include "sim/core/stream.h"

namespace leth {

struct SubStream {
  Purpose purpose;
  uint64_t index;
};

inline Stream open(TrialRng& rng, SubStream s) {
  return rng.stream(s.purpose, s.index);
}

namespace streams {

// Encounter: the fight's length and set-up.
inline constexpr SubStream fight_setup() {
  return {Purpose::Encounter, 0};
}
// Encounter: one creature's turn in one round (round >= 1, actor < 2^16): its attack rolls,
// damage, and whether it keeps striking a fallen character.
inline constexpr SubStream creature_turn(int round, uint64_t actor) {
  return {Purpose::Encounter, (static_cast<uint64_t>(round) << 16) | (actor & 0xffff)};
}
inline constexpr uint64_t kMaxActors = 1u << 16;

// Care: when help arrives.
inline constexpr SubStream help_arrival() {
  return {Purpose::Care, 0};
}
// Care: the n-th act of care in the trial (n >= 1): a heal, first aid, a treatment.
inline constexpr SubStream care_action(uint64_t n) {
  return {Purpose::Care, n};
}

// Dying: the n-th check of the dying track (n >= 0): a recovery save, a survival test.
inline constexpr SubStream dying_check(uint64_t n) {
  return {Purpose::Dying, n};
}

// Recovery: the n-th time an unconscious, stable character is set to wake (n >= 0).
inline constexpr SubStream wake(uint64_t n) {
  return {Purpose::Recovery, n};
}

// --- dnd5e (rules/dnd5e).
// Recovery, dnd5e: the n-th lingering injury of the trial (n >= 0): its d20 and the draws made
// when it is inflicted (which limb). Tagged 1 << 40 so it never meets wake(n).
inline constexpr SubStream injury(uint64_t n) {
  return {Purpose::Recovery, (uint64_t{1} << 40) | n};
}
// Recovery, dnd5e: the n-th draw of an injury's course (n >= 0): a day's 1d4 of rot, a deadline,
// an open wound's extra 1d4.
inline constexpr SubStream injury_course(uint64_t n) {
  return {Purpose::Recovery, (uint64_t{2} << 40) | n};
}
// Recovery, dnd5e: the n-th rest of the trial (n >= 0): its Hit Dice.
inline constexpr SubStream rest(uint64_t n) {
  return {Purpose::Recovery, (uint64_t{3} << 40) | n};
}

// --- unisystem (rules/unisystem). Indices carry a tag in bits 40..47 so that they never meet
// the indices above, which stay far below 2^40.
// Dying: a test the character makes in round `round` (< 2^20) of the fight after the turn of
// creature `actor` (< 2^16; kMaxActors - 1 for the end of the round); `kind` (< 16) says
// which (the survival test, staying conscious, staying up, the Will test after a hit, ...).
inline constexpr SubStream fight_test(int round, uint64_t actor, uint64_t kind) {
  return {Purpose::Dying, (uint64_t{1} << 40) | (static_cast<uint64_t>(round) << 20) |
                              ((actor & 0xffff) << 4) | (kind & 15)};
}
// Care: when the k-th kind of helper arrives (k < 16).
inline constexpr SubStream helper_arrival(uint64_t k) {
  return {Purpose::Care, (uint64_t{1} << 40) | k};
}
// Care: the attempts to stabilise at the m-th minute of a dying episode (m >= 1), one draw
// per helper.
inline constexpr SubStream stabilise_attempt(uint64_t minute) {
  return {Purpose::Care, (uint64_t{2} << 40) | minute};
}
// Care: the i-th first-aid test that restores hit points (i >= 0).
inline constexpr SubStream first_aid_test(uint64_t i) {
  return {Purpose::Care, (uint64_t{3} << 40) | i};
}
// Care: resuscitation after a failed survival test (the paramedics', the doctor's and the new
// survival test).
inline constexpr SubStream resuscitation() {
  return {Purpose::Care, uint64_t{4} << 40};
}
// Recovery: day d of the recovery (d >= 1): the daily survival test without medical care.
inline constexpr SubStream recovery_day(uint64_t d) {
  return {Purpose::Recovery, (uint64_t{1} << 40) | d};
}

// --- flux (rules/flux).
// Encounter: the n-th hazard of the trial (1 <= n < 2^16): a fall, a disease. Creature turns
// start at round 1 (index 2^16 and up) and fight_setup is 0, so these never collide.
inline constexpr SubStream hazard(uint64_t n) {
  return {Purpose::Encounter, n & 0xffff};
}

// Recovery: the n-th night of rest (n >= 0): its tests and what it restores. Indices from
// 2^40 up, clear of the wake() indices.
inline constexpr SubStream night(uint64_t n) {
  return {Purpose::Recovery, (uint64_t{1} << 40) | n};
}
// Recovery: the n-th short rest (n >= 0), e.g. an hour's rest.
inline constexpr SubStream short_rest(uint64_t n) {
  return {Purpose::Recovery, (uint64_t{2} << 40) | n};
}
// Recovery: the journey to a place of care (a clinic).
inline constexpr SubStream travel() {
  return {Purpose::Recovery, uint64_t{3} << 40};
}

// --- harmonies (rules/harmonies). Indices from 2^40 up, clear of the shared functions'
// indices (fight_setup, creature_turn, help_arrival, care_action, dying_check, wake), the
// only others a harmonies trial opens.
inline constexpr uint64_t kHarmoniesBase = uint64_t{1} << 40;
// Dying: the n-th fainting roll (Rs+It) of the trial (n >= 1).
inline constexpr SubStream fainting_roll(uint64_t n) {
  return {Purpose::Dying, kHarmoniesBase | n};
}
// Care: the n-th surveillance of a therapeutic rest (n >= 1): whether it is missed.
inline constexpr SubStream surveillance(uint64_t n) {
  return {Purpose::Care, kHarmoniesBase | n};
}
// Encounter: whether the character's sudden effort in round `round` (>= 1) worsens a wound.
inline constexpr SubStream sudden_effort(int round) {
  return {Purpose::Encounter, kHarmoniesBase | static_cast<uint64_t>(round)};
}

// --- two-sided fights (rules/common/fight.h). Keyed by combatant, not by a trial-wide
// counter, so that two variants whose fights run alike see the same numbers for the same
// combatant's same round, whatever the others do. Tag 1 << 44 in the index keeps them clear of
// every index above (all below 2^44); a party trial opens no other stream, but for a flux day's
// hour rest (short_rest above, on its encounter's numbers: TrialRng::encounter).
inline constexpr uint64_t kFightBase = uint64_t{1} << 44;
inline constexpr uint64_t kMaxCombatants = 64;
// Encounter: the initiative rolls of the fight.
inline constexpr SubStream fight_initiative() {
  return {Purpose::Encounter, kFightBase};
}
// Encounter: combatant c's turn in round `round` (>= 1; aftermath rounds count on): its choice
// of targets, attack rolls and damage.
inline constexpr SubStream combatant_turn(int round, uint64_t c) {
  return {Purpose::Encounter,
          kFightBase | (static_cast<uint64_t>(round) << 6) | (c % kMaxCombatants)};
}
// Dying: combatant c's check at the start of its turn in round `round` (a death save).
inline constexpr SubStream combatant_check(int round, uint64_t c) {
  return {Purpose::Dying, kFightBase | (static_cast<uint64_t>(round) << 6) | (c % kMaxCombatants)};
}
// Care: combatant c's act of care in round `round` (a heal, a Medicine check).
inline constexpr SubStream combatant_care(int round, uint64_t c) {
  return {Purpose::Care, kFightBase | (static_cast<uint64_t>(round) << 6) | (c % kMaxCombatants)};
}
// Care: combatant c's care of itself on its turn in round `round`, when it picked up nobody
// (5e: drinking its own potion). Tag 3 << 40 keeps it clear of combatant_care and of the
// rest's and the treatments' care streams (1 << 40, 2 << 40).
inline constexpr SubStream combatant_own_care(int round, uint64_t c) {
  return {Purpose::Care, kFightBase | (uint64_t{3} << 40) | (static_cast<uint64_t>(round) << 6) |
                             (c % kMaxCombatants)};
}
// Encounter: what happens at the end of combatant c's turn in round `round` (5e's piercing
// wound, and the open wound's 1d4 it brings). Tag 1 << 40 keeps it clear of combatant_turn.
inline constexpr SubStream combatant_turn_end(int round, uint64_t c) {
  return {Purpose::Encounter, kFightBase | (uint64_t{1} << 40) |
                                  (static_cast<uint64_t>(round) << 6) | (c % kMaxCombatants)};
}
// Encounter: a save at the start of combatant c's turn in round `round` that can lose the
// turn's action (5e's Nausée, Côtes cassées). Tag 3 << 40 keeps it clear of combatant_turn,
// combatant_turn_end (1 << 40) and opponents_rounds (2 << 40).
inline constexpr SubStream combatant_turn_start(int round, uint64_t c) {
  return {Purpose::Encounter, kFightBase | (uint64_t{3} << 40) |
                                  (static_cast<uint64_t>(round) << 6) | (c % kMaxCombatants)};
}
// Encounter: how many rounds each kind of opponent who cannot be harmed strikes before it
// leaves, drawn at the start of the fight, a kind after another. Tag 2 << 40 keeps it clear of
// fight_initiative, combatant_turn and combatant_turn_end.
inline constexpr SubStream opponents_rounds() {
  return {Purpose::Encounter, kFightBase | (uint64_t{2} << 40)};
}
// Recovery: combatant c's recovery after the fight (waking, rests; unisystem's daily survival
// tests without care, after its first aid).
inline constexpr SubStream combatant_recovery(uint64_t c) {
  return {Purpose::Recovery, kFightBase | (c % kMaxCombatants)};
}
// Recovery: the course of combatant c's lingering injuries after the fight (dnd5e,
// rules/dnd5e/party_course.cpp): the rot's losses, the deadlines, the treatments and their bed
// rest, drawn in turn. Tag 1 << 40 keeps it clear of combatant_recovery.
inline constexpr SubStream combatant_course(uint64_t c) {
  return {Purpose::Recovery, kFightBase | (uint64_t{1} << 40) | (c % kMaxCombatants)};
}
// The therapeutic rest after the fight, each member's own (harmonies, rules/harmonies/
// party_rest.cpp): keyed by the member and a count of its own (n >= 1, < 2^34), never by what
// the others do. Tag 1 << 40 (2 << 40) keeps them clear of combatant_check's and
// combatant_care's rounds, which stay below 2^40.
// Dying: combatant c's n-th survival roll of its rest (and the fainting rolls it brings).
inline constexpr SubStream combatant_rest_check(uint64_t c, uint64_t n) {
  return {Purpose::Dying, kFightBase | (uint64_t{1} << 40) | (n << 6) | (c % kMaxCombatants)};
}
// Care: the n-th act of care on combatant c during its rest: a healing roll, first aid.
inline constexpr SubStream combatant_rest_care(uint64_t c, uint64_t n) {
  return {Purpose::Care, kFightBase | (uint64_t{1} << 40) | (n << 6) | (c % kMaxCombatants)};
}
// Care: combatant c's n-th surveillance during its rest: whether it is missed, and the roll.
inline constexpr SubStream combatant_surveillance(uint64_t c, uint64_t n) {
  return {Purpose::Care, kFightBase | (uint64_t{2} << 40) | (n << 6) | (c % kMaxCombatants)};
}

// Care: what combatant c goes through as a patient of Treat Wounds after the fight (pf2): every
// treatment's check and healing, and a botched one's dying turns and waking, drawn in turn from
// this one stream. Tag 1 << 40 keeps it clear of combatant_care; with n = 0 in the count's
// place it is clear of combatant_rest_care too, whose count begins at 1.
inline constexpr SubStream combatant_treatment(uint64_t c) {
  return {Purpose::Care, kFightBase | (uint64_t{1} << 40) | (c % kMaxCombatants)};
}

}  // namespace streams
}  // namespace leth
