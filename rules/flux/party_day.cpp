// An adventuring day of a flux party (docs/days.md; rules/flux/README.md, "An adventuring day"):
// what comes between two encounters — the fallen's clocks until every member is awake, an hour's
// rest, the travel. The encounters' loop is fight::Lineup::play_day.
#include <algorithm>
#include <string>

#include "rules/flux/party.h"
#include "sim/core/substreams.h"

namespace leth::flux {

namespace {

// 002 "Lors d'une nuit de repos d'au moins 6 heures, les aventuriers récupèrent 4 PV et 4 Flux";
// 8 hours' sleep, as the nights after the fight (party.cpp).
constexpr int kNightGain = 4;
constexpr Seconds kNight = 8 * kHour;

}  // namespace

// After encounter e: the members' clocks run on as after any fight (after_fight: the scene's
// end, the coma's hours, the care of the awake, the hourly tests to wake), and the party waits
// until every living member is awake; then the hour's rest when one comes here, then the
// travel. A member still down at the horizon ends the day (past the horizon). `rng` is
// encounter e's own (run_adventure): the first's aftermath is the single fight's.
Seconds Party::between(Bodies<Body>& bodies, int e, Seconds t, TrialRng& rng,
                       EventLog* log) const {
  const std::span<Body> members(bodies.data(), cfg_.members);
  after_fight(members, rng, t, log);
  for (const Body& b : members) {
    if (b.dead) continue;
    if (b.acting || b.comatose || b.stabilised) return cfg_.horizon + 1;
    t = std::max(t, b.up_last);
  }
  if (cfg_.day.short_rest_after(e)) t = hour_rest(bodies, t, rng, log);
  if (cfg_.day.long_rest_after(e)) {
    t += kNight;
    note(log, t, [&] {
      return "the night's rest ends: " + cfg_.day.day_begins(e);
    });
    night(bodies, t, log);
  }
  return t + cfg_.day.travel;
}

// The night between two days (`days`, README "An adventuring day"): 002 "Lors d'une nuit de
// repos d'au moins 6 heures, les aventuriers récupèrent 4 PV et 4 Flux" to each living member
// (between() has waited for every one to be awake), as the nights after the fight; a rest, it
// ends the exhaustion of `states` and of exhausted_into_coma (interpretations 15 and 19); the
// concoctions are spent for good. Draws nothing.
void Party::night(Bodies<Body>& bodies, Seconds t, EventLog* log) const {
  for (size_t c = 0; c < cfg_.members; ++c) {
    Body& b = bodies[c];
    if (b.dead) continue;
    const Combatant& k = cfg_.combatants[c];
    b.pv = std::min(b.pv + kNightGain, k.max_pv);
    b.flux = std::min(b.flux + kNightGain, k.max_flux);
    b.exhausted = b.coma_exhausted = false;
    note(log, t, [&] {
      return name(b) + " wakes from the night's rest: PV " + std::to_string(b.pv) + "/" +
             std::to_string(k.max_pv) + ", Flux " + std::to_string(b.flux) + "/" +
             std::to_string(k.max_flux);
    });
  }
}

// An hour's rest (002 "Repos et cliniques": "prendre une heure pour se reposer ... ils lancent
// 1D4 pour le groupe. Ils peuvent répartir comme bon leur semble le résultat entre leurs PV et
// leurs Flux"): the group's 1D4, a point at a time, first a point of Flux to each living member
// at Flux 0 (it ends that exhaustion), then PV, each to the member furthest below its maximum
// (ties: the party's order); what nobody needs is lost. The rest ends the exhaustion of
// `states = "exhausted"` and of exhausted_into_coma ("tant qu'un repos n'a pas été effectué";
// interpretations 15 and 19). Returns its end, an hour on.
Seconds Party::hour_rest(Bodies<Body>& bodies, Seconds t, TrialRng& rng, EventLog* log) const {
  const std::span<Body> members(bodies.data(), cfg_.members);
  Stream s = open(rng, streams::short_rest(0));  // the encounter's numbers: one rest each
  const int rolled = s.die(4);
  int points = rolled;
  std::array<int, fight::kMaxMembers> pv{}, flux{};
  for (size_t c = 0; c < members.size() && points > 0; ++c) {
    Body& b = members[c];
    if (b.dead || b.flux > 0 || cfg_.combatants[c].max_flux == 0) continue;
    ++b.flux;
    ++flux[c];
    --points;
  }
  while (points > 0) {
    int best = -1, need = 0;
    for (size_t c = 0; c < members.size(); ++c) {
      const int n = cfg_.combatants[c].max_pv - members[c].pv;
      if (!members[c].dead && n > need) {
        best = static_cast<int>(c);
        need = n;
      }
    }
    if (best < 0) break;
    ++members[static_cast<size_t>(best)].pv;
    ++pv[static_cast<size_t>(best)];
    --points;
  }
  for (Body& b : members) b.exhausted = b.coma_exhausted = false;
  note(log, t + kHour, [&] {
    std::string what;
    for (size_t c = 0; c < members.size(); ++c) {
      if (pv[c] == 0 && flux[c] == 0) continue;
      what += (what.empty() ? ": " : ", ") + name(members[c]);
      if (pv[c] > 0)
        what += " +" + std::to_string(pv[c]) + " PV (" + std::to_string(members[c].pv) + "/" +
                std::to_string(cfg_.combatants[c].max_pv) + ")";
      if (flux[c] > 0) what += " +" + std::to_string(flux[c]) + " Flux";
    }
    if (what.empty()) what = ", lost: nobody needs it";
    return "an hour's rest ends: the group's 1D4 = " + std::to_string(rolled) + what;
  });
  return t + kHour;
}

}  // namespace leth::flux
