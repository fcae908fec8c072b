// An adventuring day of a unisystem party (docs/days.md; rules/unisystem/README.md, "An
// adventuring day"): what comes between two encounters — first aid, the travel — and when the
// day cannot go on. The encounters' loop is fight::Lineup::play_day.
#include <string>

#include "rules/unisystem/party.h"
#include "sim/core/substreams.h"

namespace leth::unisystem {

// After encounter e: a member who fell in it (collapsed, down, dying) is out until its HP are
// full (README, the party fight, 4: "ne peuvent pas se lever comme ça et continuer"), so the
// day ends there; so does a member at 0 HP or less (a reading: whoever stayed on its feet
// below 0 goes home, where its rest may kill it) or with blows still untested (their tests come
// after the day, as after one fight). Otherwise the standing member with the best First Aid
// treats each member's wounds not yet treated (as after one fight, from each member's recovery
// stream of encounter e's numbers: the first's are the trial's), then the travel. No short rest:
// unisystem's Life Points come back by the day of rest (`short_rests` adds an hour, healing
// nothing; `days` a night, healing nothing).
Seconds Party::between(Bodies<Body>& bodies, int e, Seconds t, TrialRng& rng,
                       EventLog* log) const {
  for (size_t c = 0; c < cfg_.members; ++c) {
    const Body& b = bodies[c];
    if (b.dead || !(b.down || b.down_first >= 0 || b.hp <= 0 || b.pending_from >= 0)) continue;
    note(log, t, [&] {
      const std::string why = b.down || b.down_first >= 0 ? " fell: out until whole"
                              : b.hp <= 0 ? " is at " + std::to_string(b.hp) + " LP"
                                          : " has blows untested";
      return "the day ends here, the party goes home: " + name(b) + why;
    });
    return cfg_.horizon + 1;
  }
  if (const int helper = first_aider(bodies); helper >= 0)
    for (size_t c = 0; c < cfg_.members; ++c) {
      if (bodies[c].dead) continue;
      Stream s = open(rng, streams::combatant_recovery(c));
      first_aid(bodies[static_cast<size_t>(helper)], bodies[c], s, t, log);
    }
  if (cfg_.day.short_rest_after(e)) {
    t += kHour;
    note(log, t, [] { return std::string("an hour's rest ends"); });
  }
  // The night between two days (`days`): 8 hours, no Life Points mended. A reading (README "An
  // adventuring day"): 000 mends "par jour de repos", and a day of the adventure is not one; the
  // mending is the rest's, after the adventure (or a campaign's downtime).
  if (cfg_.day.long_rest_after(e)) {
    t += 8 * kHour;
    note(log, t, [&] {
      return "the night ends: " + cfg_.day.day_begins(e) + " (no Life Points mended)";
    });
  }
  return t + cfg_.day.travel;
}

}  // namespace leth::unisystem
