// An adventuring day of a harmonies party (docs/days.md; rules/harmonies/README.md, "An
// adventuring day"): what comes between two encounters — the fallen tended until every
// survivor is awake and stable, an hour's rest, the travel, the stable wounds' survival rolls
// on the way — and when the day cannot go on. The encounters' loop is fight::Lineup::play_day.
#include <algorithm>
#include <optional>
#include <string>

#include "rules/harmonies/party.h"
#include "sim/core/substreams.h"

namespace leth::harmonies {

namespace {

constexpr Seconds kNight = 8 * kHour;  // a night between two days (as dnd5e's and pf2's)

// "ryan" or "ryan, lea": the members still unstable, for the story.
template <typename Bodies, typename Name>
std::string unstable_names(const Bodies& bodies, size_t members, Name&& name) {
  std::string s;
  for (size_t c = 0; c < members; ++c)
    if (!bodies[c].dead && bodies[c].unstable) s += (s.empty() ? "" : ", ") + name(bodies[c]);
  return s;
}

}  // namespace

// After encounter e, ending at t: the fallen come to and first aid runs as after any fight
// (tend, README reading 9: the first encounter's on the trial's numbers, so its aftermath is
// the single fight's); a member nobody could stabilise ends the day (the party takes it home,
// its clock runs on in the rest after the day). Then the hour's rest when one comes here (an
// hour more: harmonies' wounds heal by weeks, in the rest after the day; pain eases in it as on
// the road), then the travel. The stable wounds' survival rolls due before the next encounter are rolled
// at their times, on the way (combatant_course), with the pain eased by then; one that leaves a
// member unstable stops the party to tend it, for as long as that takes. Finally every clock moves
// onto the next encounter's (it plays from 0; shift_clocks moves them back).
Seconds Party::between(Bodies<Body>& bodies, int e, Seconds t, TrialRng& rng,
                       EventLog* log) const {
  const size_t m = cfg_.members;
  auto unstable = [&] {
    for (size_t c = 0; c < m; ++c)
      if (!bodies[c].dead && bodies[c].unstable) return true;
    return false;
  };
  auto died = [&] {
    for (size_t c = 0; c < m; ++c)
      if (bodies[c].dead && !fight::absent(bodies[c])) return true;
    return false;
  };
  auto go_home = [&](Seconds at, const char* why) {
    note(log, at, [&] {
      return "the day ends here, the party goes home: " +
             unstable_names(bodies, m, [&](const Body& b) { return name(b); }) + why;
    });
    return cfg_.horizon + 1;
  };
  // The rounds' keys on encounter e's numbers: past its fight's (the first's: the single
  // fight's aftermath, draw for draw), and each later tending past the one before.
  int rounds = static_cast<int>(t / kRound);
  Seconds ready = tend(bodies, t, rounds, rng, log);
  // A death while tending ends the day, as does the horizon: nothing more is played here, and
  // the clocks stay on the day's for what follows the day.
  if (died()) return cfg_.horizon + 1;
  if (unstable()) return go_home(t, " still unstable, nobody can stabilise it");
  if (ready > cfg_.horizon) return cfg_.horizon + 1;
  const bool rest = cfg_.day.short_rest_after(e);
  // The night between two days (`days`): 8 hours more, pain easing and the survival rolls due
  // in it rolled as on the road; no wound heals (the rest's healing rolls need its period:
  // after the adventure). A reading, README "An adventuring day".
  const bool night = cfg_.day.long_rest_after(e);
  Seconds next = ready + (rest ? kHour : 0) + (night ? kNight : 0) + cfg_.day.travel;
  if (next > cfg_.horizon) return cfg_.horizon + 1;  // the trial's time is up first
  if (rest) note(log, ready + kHour, [] { return std::string("an hour's rest ends"); });
  if (night)
    note(log, ready + (rest ? kHour : 0) + kNight, [&] {
      return "the night ends: " + cfg_.day.day_begins(e);
    });
  // Pain eases once stable (001: "Tant qu'une blessure n'est pas stabilisée, aucune
  // récupération de Douleur ... n'est possible"): a point per [rest] pain_recovery from the
  // encounter's end or the member's stabilisation, never below its mortality — on the road as
  // at the halt (a reading). It eases up to each survival roll on the way, whose pain penalty
  // it lightens; a member unstable again starts over when it is stable.
  std::array<Seconds, fight::kMaxMembers> since{};
  for (size_t c = 0; c < m; ++c) since[c] = std::max(t, bodies[c].stable_at);
  auto ease = [&](Seconds upto) {
    for (size_t c = 0; c < m; ++c) {
      Body& b = bodies[c];
      if (b.dead || b.unstable) continue;
      since[c] = std::max(since[c], b.stable_at);
      if (upto <= since[c]) continue;
      const int eased = static_cast<int>(std::min<Seconds>(
          (upto - since[c]) / cfg_.rest.pain_every, b.pain - mortality(b)));
      if (eased <= 0) continue;
      b.pain -= eased;
      since[c] += eased * cfg_.rest.pain_every;
      note(log, upto, [&] { return name(b) + "'s pain eases to " + std::to_string(b.pain); });
    }
  };
  std::array<std::optional<Stream>, fight::kMaxMembers> way;
  while (true) {
    int who = -1;
    for (size_t c = 0; c < m; ++c) {
      const Body& b = bodies[c];
      if (b.dead || b.check_at < 0 || b.check_at > next) continue;
      if (who < 0 || b.check_at < bodies[static_cast<size_t>(who)].check_at)
        who = static_cast<int>(c);
    }
    if (who < 0) break;
    const size_t c = static_cast<size_t>(who);
    Body& b = bodies[c];
    if (!way[c]) way[c].emplace(open(rng, streams::combatant_course(c)));
    const Seconds at = b.check_at;
    ease(at);
    survival_roll(b, *way[c], at, log);
    if (b.dead) return cfg_.horizon + 1;  // the day ends at a death
    if (!b.unstable) continue;
    ready = tend(bodies, at, rounds, rng, log);
    if (died()) return cfg_.horizon + 1;
    if (unstable()) return go_home(at, " unstable again on the way, nobody can stabilise it");
    if (ready > cfg_.horizon) return cfg_.horizon + 1;
    next += ready - at;  // the party waits while it is tended
  }
  // The horizon comes first: no encounter, and nothing more here.
  if (next > cfg_.horizon) return cfg_.horizon + 1;
  ease(next);
  for (size_t c = 0; c < m; ++c)
    if (!bodies[c].dead) move_clocks(bodies[c], -next);
  return next;
}

// A clock of -1 is none; a time moved before the new origin (a stabilisation, a waking before
// the next encounter began) stays at it: the rest after the day reads them as "by then".
void Party::move_clocks(Body& b, Seconds dt) const {
  b.anchor += dt;
  if (b.check_at >= 0) b.check_at = std::max<Seconds>(b.check_at + dt, 0);
  if (b.wake_at >= 0) b.wake_at = std::max<Seconds>(b.wake_at + dt, 0);
  if (b.stable_at >= 0) b.stable_at = std::max<Seconds>(b.stable_at + dt, 0);
}

}  // namespace leth::harmonies
