// An adventuring day of a dnd5e party (docs/days.md; rules/dnd5e/README.md, the party fight's
// day): the scenario's fight played again against fresh opponents, the members as the encounter
// before left them, with the stable waking, travel and short rests between two encounters.
#include <algorithm>
#include <array>
#include <string>

#include "rules/dnd5e/party.h"
#include "sim/core/substreams.h"

namespace leth::dnd5e {

namespace {

constexpr Seconds kShortRest = kHour;  // SRD "Short Rest": "at least 1 hour long"

}  // namespace

// SRD "Short Rest": a character "can spend one or more Hit Dice ... roll the die and add the
// character's Constitution modifier"; seed 003 "Utiliser un dé de vie pendant un repos court
// guérit une blessure légère": one die for each light injury first (as the single character,
// model.cpp), then dice while below its maximum.
void Party::short_rest(Body& b, Stream& s, Seconds t, EventLog* log) const {
  const Combatant& k = cfg_.combatants[b.c];
  auto spend = [&](const char* what) {
    --b.hit_dice;
    const int hp = static_cast<int>(std::max<int64_t>(k.hit_die.roll(s), 0));
    b.hp = std::min(b.hp + hp, k.max_hp);
    note(log, t, [&] {
      return name(b) + " spends a Hit Die in the short rest: " + std::to_string(hp) + " HP, " +
             std::to_string(b.hp) + " of " + std::to_string(k.max_hp) + what;
    });
  };
  for (size_t i = b.n_carried; catalog_ && i < b.n_open && b.hit_dice > 0;) {
    const InjuryDef& d = catalog_->injury(b.open[i]);
    if (b.open_severity[i] != Severity::Light || d.no_natural_healing || d.requires_magic) {
      ++i;
      continue;
    }
    spend("");
    note(log, t, [&] { return name(b) + "'s " + d.label + " (light) heals with it"; });
    for (size_t j = i + 1; j < b.n_open; ++j) {
      b.open[j - 1] = b.open[j];
      b.open_severity[j - 1] = b.open_severity[j];
    }
    --b.n_open;
  }
  while (b.hit_dice > 0 && b.hp < k.max_hp) spend("");
}

// After encounter e: the stable wake with 1 HP (option stable_wake; the party waits for them),
// then the short rest when one comes here, then the travel to the next. Returns when the next
// encounter begins, on the day's clock.
Seconds Party::between(Bodies<Body>& bodies, int e, Seconds t, TrialRng& rng,
                       EventLog* log) const {
  Seconds awake = t;
  for (size_t c = 0; c < cfg_.members; ++c) {
    Body& b = bodies[c];
    if (b.dead || b.hp > 0) continue;
    Stream s = open(rng, streams::combatant_recovery(c));
    b.up_last = t + cfg_.options.stable_wake.sample(s);
    b.hp = 1;
    b.stable = false;
    b.successes = b.failures = 0;
    awake = std::max(awake, b.up_last);
    note(log, b.up_last, [&] { return name(b) + " wakes with 1 HP"; });
  }
  t = awake;
  if (cfg_.day.short_rest_after(e)) {
    t += kShortRest;
    note(log, t, [&] { return std::string("a short rest of an hour ends"); });
    for (size_t c = 0; c < cfg_.members; ++c)
      if (!bodies[c].dead) {
        Stream s = open(rng, streams::combatant_course(c));
        short_rest(bodies[c], s, t, log);
      }
  }
  return t + cfg_.day.travel;
}

}  // namespace leth::dnd5e
