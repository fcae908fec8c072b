// An adventuring day of a pf2 party (docs/days.md; rules/pf2/README.md, "An adventuring day"):
// what comes between two encounters — the stable wake, a short rest of Treat Wounds, the travel.
// The encounters' loop is fight::Lineup::play_day.
#include <algorithm>
#include <array>
#include <string>
#include <utility>

#include "rules/pf2/party.h"
#include "sim/core/substreams.h"

namespace leth::pf2 {

namespace {

constexpr Seconds kRest = kHour;              // a short rest: an hour (README, the day)
constexpr Seconds kTreatment = 10 * kMinute;  // Treat Wounds: 10 minutes a patient
constexpr Seconds kNight = 8 * kHour;         // a night's rest (as after the fight)
// The Heals left after an encounter draw from the casters' care streams of rounds from here on
// (the next encounter's numbers): its fight's rounds never come near.
constexpr int kBetweenRound = 1 << 30;
// The potions fed after them, from the givers' care streams of rounds from here on: past any
// Heal's (at most 100 uses a member).
constexpr int kPotionRound = kBetweenRound + (1 << 20);

}  // namespace

// After encounter e: every living member's turn state ends with the fight (its actions, slowed,
// the multiple attack penalty); the Heals left are spent as after any fight (`heal_after_fight`,
// top_up: a member at 0 HP first, then the most hurt); a member still at 0 HP is fed a potion
// and a member at or below its drink_below drinks one (potions_between); a member still at 0 HP
// (stable) wakes
// with 1 HP after `stable_wake` from when it became stable, not before the encounter's end, and
// the party waits for it; then the short rest when one comes here (or the evening's, before a
// night), the night between two days, then the travel.
Seconds Party::between(Bodies<Body>& bodies, int e, Seconds t, TrialRng& rng,
                       EventLog* log) const {
  for (size_t c = 0; c < cfg_.members; ++c) {
    Body& b = bodies[c];
    b.turn_at = -1;
    b.actions = b.slowed = b.attacks_made = 0;
    b.pools.here = {};  // an attack's per_encounter counts the next encounter afresh
  }
  Seconds awake = top_up(bodies, t, kBetweenRound, rng, log);
  awake = std::max(awake, potions_between(bodies, awake, rng, log));
  for (size_t c = 0; c < cfg_.members; ++c) {
    Body& b = bodies[c];
    if (b.dead || b.hp > 0) continue;
    Stream s = open(rng, streams::combatant_recovery(c));
    const Seconds from = b.stable_at >= 0 ? b.stable_at : t;
    b.up_last = std::max(t, from + cfg_.options.stable_wake.sample(s));
    b.hp = 1;
    b.dying = 0;
    b.stable_at = -1;
    awake = std::max(awake, b.up_last);
    note(log, b.up_last, [&] { return name(b) + " wakes at 1 HP"; });
  }
  t = awake;
  // Before the night the medics treat the party's wounds for an hour, as a short rest (README,
  // "An adventuring day"), unless one falls here already: as after the fight, where Treat Wounds
  // comes between the nights. Without a medic awake the evening is not played.
  const bool evening = cfg_.day.long_rest_after(e) && medic_awake(bodies);
  if (cfg_.day.short_rest_after(e) || evening) t = short_rest(bodies, t, rng, log);
  if (cfg_.day.long_rest_after(e)) {
    t += kNight;
    note(log, t, [&] {
      return "the night's rest ends: " + cfg_.day.day_begins(e);
    });
    night(bodies, t, log);
  }
  return t + cfg_.day.travel;
}

// Whether a living member above 0 HP has `treat_wounds`: someone to treat the party's wounds.
bool Party::medic_awake(const Bodies<Body>& bodies) const {
  for (size_t c = 0; c < cfg_.members; ++c) {
    const auto& hs = cfg_.combatants[c].heals;
    if (!bodies[c].dead && bodies[c].hp > 0 && hs && hs->treat_wounds) return true;
  }
  return false;
}

// The night between two days (`days`, README "An adventuring day"), as the nights after the
// fight (rest_and_treat): each living member above 0 HP (between() has woken the stable) regains
// Con x level HP (at least its level) and loses 1 doomed (interpretation 8); wounded stays (only
// Treat Wounds ends it, as after the fight); its daily preparations give its Heals back (`uses`,
// and its Focus Points; potions are spent for good; hero points are the session's). Draws nothing.
void Party::night(Bodies<Body>& bodies, Seconds t, EventLog* log) const {
  for (size_t c = 0; c < cfg_.members; ++c) {
    Body& b = bodies[c];
    if (b.dead || b.hp == 0) continue;
    const Combatant& k = cfg_.combatants[c];
    b.hp = std::min(b.hp + rest_gain(c), k.max_hp);
    if (cfg_.options.doomed && b.doomed > 0) --b.doomed;
    if (k.heals) {
      b.uses = k.heals->uses;
      b.focus = static_cast<int8_t>(k.heals->focus_points);
    }
    b.pools.left = k.uses.uses;  // its spell slots: the daily preparations
    note(log, t, [&] {
      return name(b) + " wakes from the night's rest: HP " + std::to_string(b.hp) + "/" +
             std::to_string(k.max_hp) +
             (cfg_.options.doomed ? ", doomed " + std::to_string(b.doomed) : std::string()) +
             (k.heals && k.heals->uses > 0 ? ", " + std::to_string(b.uses) + " Heals"
                                             : std::string()) +
             (k.heals && k.heals->focus_points > 0
                  ? ", " + std::to_string(b.focus) + " Focus Point" + (b.focus == 1 ? "" : "s")
                  : std::string());
    });
  }
}

// Each member at 0 HP, in the party's order, is fed a potion (Player Core: 2 actions, a round
// here) by the first living member awake with one left and `potions_between` (itself too: a
// member at 0 HP cannot drink), one round after another from `from`; it wakes with the potion's
// HP (revive). Then each living member above 0 HP with `potions_between`, in the party's
// order, drinks its own while its HP are at or below its `drink_below` (as on its turn in the
// fight, wants_own_care), a round a potion. The potion's dice from the giver's (drinker's) care
// stream of its round. Returns when the last potion is drunk (`from` if none): the rest of the
// fallen wake at stable_wake, as before.
Seconds Party::potions_between(Bodies<Body>& bodies, Seconds from, TrialRng& rng,
                               EventLog* log) const {
  const size_t m = cfg_.members;
  Seconds t = from;
  int round = kPotionRound;
  for (size_t p = 0; p < m; ++p) {
    Body& patient = bodies[p];
    if (patient.dead || patient.hp > 0) continue;
    int giver = -1;
    for (size_t g = 0; g < m && giver < 0; ++g) {
      const auto& hs = cfg_.combatants[g].heals;
      if (!bodies[g].dead && bodies[g].hp > 0 && bodies[g].potions > 0 && hs &&
          hs->potions_between)
        giver = static_cast<int>(g);
    }
    if (giver < 0) break;
    Body& g = bodies[static_cast<size_t>(giver)];
    t += kRound;
    Stream s = open(rng, streams::combatant_care(++round, static_cast<uint64_t>(giver)));
    g.actions = kPotionActions;  // between fights: the potion's two actions are free
    potion(g, patient, s, t, log);
    g.actions = 0;
  }
  for (size_t c = 0; c < m; ++c) {
    Body& b = bodies[c];
    const auto& hs = cfg_.combatants[c].heals;
    if (b.dead || !hs || !hs->potions_between) continue;
    while (wants_own_care(b)) {
      t += kRound;
      Stream s = open(rng, streams::combatant_care(++round, static_cast<uint64_t>(c)));
      b.actions = kPotionActions;
      potion(b, b, s, t, log);
      b.actions = 0;
    }
  }
  return t;
}

// A short rest (README, the day): an hour in which each member with `treat_wounds`, awake,
// treats the living members below their maximum HP, each patient once (Treat Wounds: once an
// hour), the lowest HP first, each to the healer free soonest, 10 minutes a treatment one after
// another; a botched one that knocks the patient out is played as after a fight
// (until_not_dying). Without such a member the hour heals nothing (HP come back with a night's
// rest). Then Refocus (below). Returns its end: an hour on, or the last treatment's end or
// waking if later.
Seconds Party::short_rest(Bodies<Body>& bodies, Seconds t, TrialRng& rng, EventLog* log) const {
  const size_t m = cfg_.members;
  std::array<Seconds, fight::kMaxMembers> free_at{};
  std::array<size_t, fight::kMaxMembers> order{};
  size_t patients = 0;
  for (size_t c = 0; c < m; ++c) {
    free_at[c] = t;
    if (!bodies[c].dead && bodies[c].hp < cfg_.combatants[c].max_hp) order[patients++] = c;
  }
  // The fewest HP first, ties in the party's order (insertion: std::stable_sort allocates).
  for (size_t i = 1; i < patients; ++i)
    for (size_t j = i; j > 0 && bodies[order[j]].hp < bodies[order[j - 1]].hp; --j)
      std::swap(order[j], order[j - 1]);
  Seconds end = t + kRest;
  for (size_t i = 0; i < patients; ++i) {
    int best = -1;  // the healer free soonest (then the first)
    for (size_t h = 0; h < m; ++h) {
      const auto& hs = cfg_.combatants[h].heals;
      if (bodies[h].dead || bodies[h].hp == 0 || !hs || !hs->treat_wounds) continue;
      if (best < 0 || free_at[h] < free_at[static_cast<size_t>(best)]) best = static_cast<int>(h);
    }
    if (best < 0) break;
    const auto h = static_cast<size_t>(best);
    const size_t p = order[i];
    Body& patient = bodies[p];
    const Seconds done = free_at[h] + kTreatment;
    Stream s = open(rng, streams::combatant_treatment(p));
    treat_wounds(bodies[h], patient, s, done, log);
    free_at[h] = done;
    if (dying(patient))
      free_at[h] = until_not_dying(patient, h == p ? nullptr : &bodies[h], s, done, log);
    if (!patient.dead) end = std::max(end, patient.up_last);
    if (!bodies[h].dead) free_at[h] = std::max(free_at[h], bodies[h].up_last);  // itself, asleep
    end = std::max(end, free_at[h]);
  }
  // Refocus (Player Core: 10 minutes, 1 Focus Point): each living member who has spent Focus
  // Points gets one back for every 10 minutes of the rest it was awake and not treating wounds.
  for (size_t c = 0; c < m; ++c) {
    Body& b = bodies[c];
    const auto& hs = cfg_.combatants[c].heals;
    if (b.dead || !hs || b.focus >= hs->focus_points) continue;
    const Seconds busy = std::max({t, free_at[c], b.up_last});
    const Seconds free = std::max<Seconds>(end - busy, 0);
    const auto back =
        static_cast<int8_t>(std::min<Seconds>(hs->focus_points - b.focus, free / kTreatment));
    if (back == 0) continue;
    b.focus = static_cast<int8_t>(b.focus + back);
    note(log, end, [&] {
      return name(b) + " refocuses: " + std::to_string(b.focus) + " of " +
             std::to_string(hs->focus_points) + " Focus Points";
    });
  }
  note(log, end, [&] { return std::string("a short rest ends (an hour: Treat Wounds)"); });
  return end;
}

}  // namespace leth::pf2
