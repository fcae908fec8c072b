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
// The heals between two encounters draw from the healers' care streams of rounds from here on
// (the next encounter's numbers): its fight's rounds never come near.
constexpr int kBetweenRound = 1 << 30;

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
    b.hp = std::min(b.hp + hp, max_hp(b));
    note(log, t, [&] {
      return name(b) + " spends a Hit Die in the short rest: " + std::to_string(hp) + " HP, " +
             std::to_string(b.hp) + " of " + std::to_string(max_hp(b)) + what;
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
    close_open(b, i);
  }
  while (b.hit_dice > 0 && b.hp < max_hp(b)) spend("");
  b.second_wind = k.second_wind.has_value();  // SRD: "you must finish a short or long rest"
  for (size_t p = 0; p < k.uses.pools; ++p)  // recharge = "short_rest": a warlock's slots
    if ((k.uses.short_rest >> p) & 1) b.pools.left[p] = k.uses.uses[p];
}

void Party::close_open(Body& b, size_t i) const {
  if (i < size_t{b.n_carried} + b.n_healing) {  // a healing injury carried: its course is done
    b.healed_carried |= static_cast<uint8_t>(1u << carried_course(b, i));
    --b.n_healing;
  }
  for (size_t j = i + 1; j < b.n_open; ++j) {
    b.open[j - 1] = b.open[j];
    b.open_severity[j - 1] = b.open_severity[j];
    b.open_rests[j - 1] = b.open_rests[j];
    b.open_decline[j - 1] = b.open_decline[j];
  }
  // The limbs' bits follow their injuries: those above i move down one.
  const unsigned below = (1u << i) - 1u;
  b.open_foot = static_cast<uint8_t>((b.open_foot & below) | ((b.open_foot >> 1) & ~below));
  --b.n_open;
}

// The night between two days (`days`, README "An adventuring day"): SRD "Long Rest" — all lost
// HP, half the Hit Dice back (at least one; long_rest_dice), and the heals' uses (spell slots,
// Lay on Hands; potions are spent for good); 003 "Les repos longs guérissent toutes les
// blessures légères et modérés", a severe or serious one counting the night toward "Varie"
// (InjuryCourse::long_rest, as the course after the adventure). A member at 0 HP has none of it
// (SRD: "at least 1 hit point"); between() has woken the stable with 1 HP before.
void Party::long_rest(Body& b, Seconds t, EventLog* log) const {
  if (b.dead || b.hp == 0) return;
  const Combatant& k = cfg_.combatants[b.c];
  b.hp = max_hp(b);  // less the rot carried: Pourrissement has no natural healing
  long_rest_dice(b);
  if (k.heals) b.uses = k.heals->uses;
  b.second_wind = k.second_wind.has_value();
  b.pools.left = k.uses.uses;  // the attacks' limited uses: spell slots, daily powers
  note(log, t, [&] {
    return name(b) + " wakes from the long rest: " + std::to_string(b.hp) + " HP" +
           (k.hit_dice > 0 ? ", " + std::to_string(b.hit_dice) + " Hit Dice" : std::string()) +
           (k.heals ? ", " + std::to_string(b.uses) + " heals" : std::string());
  });
  for (size_t i = b.n_carried; catalog_ && i < b.n_open;) {
    InjuryCourse course;
    course.begin(b.open[i], b.open_severity[i]);
    course.long_rests = b.open_rests[i];
    const char* how = course.long_rest(*catalog_, cfg_.options);
    if (!how) {
      b.open_rests[i] = static_cast<uint8_t>(std::min(course.long_rests, 255));
      ++i;
      continue;
    }
    note(log, t, [&] {
      return name(b) + "'s " + catalog_->injury(b.open[i]).label + " (" +
             severity_name(b.open_severity[i]) + ") heals: " + how;
    });
    close_open(b, i);
  }
}

// Between two encounters (`heal_between`, README "An adventuring day"): each living, conscious
// member with heals, in the party's order, one a round from the encounter's end: first on each
// member at 0 HP (the first in the party's order) a use, else a potion (SRD: back on its feet
// with the HP healed) — "fallen" and "top_up"; then, "top_up", its uses left on whoever lacks
// the most HP while anyone living is below its maximum. Returns when the last heal ends.
Seconds Party::heal_between(Bodies<Body>& bodies, Seconds t, TrialRng& rng,
                            EventLog* log) const {
  const size_t m = cfg_.members;
  Seconds done = t;
  for (size_t h = 0; h < m; ++h) {
    Body& healer = bodies[h];
    const auto& hs = cfg_.combatants[h].heals;
    if (!hs || hs->heal_between == Heals::Between::None || healer.dead || healer.hp == 0)
      continue;
    // 003 Articulations rigides, "impossibilité de faire des actions bonus": no Healing Word.
    const bool barred =
        hs->bonus_action && healer.n_open > 0 && has_combat(healer, Combat::NoBonusAction);
    int round = kBetweenRound;
    Seconds at = t;
    for (;;) {
      int patient = -1;
      for (size_t p = 0; p < m && patient < 0; ++p)
        if (!bodies[p].dead && bodies[p].hp == 0) patient = static_cast<int>(p);
      const bool fallen = patient >= 0;
      if (!fallen && hs->heal_between == Heals::Between::TopUp) {
        int most = 0;
        for (size_t p = 0; p < m; ++p) {
          const int lack = max_hp(bodies[p]) - bodies[p].hp;
          if (!bodies[p].dead && lack > most) {
            most = lack;
            patient = static_cast<int>(p);
          }
        }
      }
      const int uses = barred ? 0 : healer.uses;
      const bool potion = fallen && uses == 0;
      if (patient < 0 || (potion && healer.potions == 0) || (!potion && uses == 0)) break;
      Stream s = open(rng, streams::combatant_care(++round, h));
      at += kRound;
      Body& b = bodies[static_cast<size_t>(patient)];
      if (potion)
        --healer.potions;
      else
        --healer.uses;
      ++healer.heals_given;
      const int amount =
          static_cast<int>(std::max<int64_t>((potion ? hs->potion : *hs->dice).roll(s), 1));
      if (fallen)
        revive(b, amount, at);
      else
        b.hp = std::min(b.hp + amount, max_hp(b));
      note(log, at, [&] {
        return name(healer) + (potion ? " gives " + name(b) + " a potion" : " heals " + name(b)) +
               " between the encounters: " + std::to_string(amount) + " HP, " +
               std::to_string(b.hp) + " of " + std::to_string(max_hp(b));
      });
    }
    done = std::max(done, at);
  }
  return done;
}

// SRD "Second Wind" ("on your turn, you can use a bonus action"; "you must finish a short or
// long rest before you can use it again"), read between two encounters (README, "An adventuring
// day"): each living member above 0 HP with its Second Wind unused takes it — before a short
// rest whenever it is below its maximum (the rest gives it back, and it spares a Hit Die), else
// at or below its second_wind_below, as on its turn in the fight, rather than walk into the
// next fight to take it there. Not with 003's Articulations rigides (no bonus action). Its dice
// from the member's own care stream of round 2^30, on the next encounter's numbers.
void Party::wind_between(Bodies<Body>& bodies, bool rest, Seconds t, TrialRng& rng,
                         EventLog* log) const {
  for (size_t c = 0; c < cfg_.members; ++c) {
    Body& b = bodies[c];
    // second_wind_below = 0: never, here too (docs/parties.md: what a variant without it writes).
    if (b.dead || b.hp == 0 || !b.second_wind || cfg_.combatants[c].second_wind_below <= 0.0)
      continue;
    if (rest ? b.hp >= max_hp(b) : b.hp > wind_at_[c]) continue;
    if (b.n_open > 0 && has_combat(b, Combat::NoBonusAction)) continue;
    Stream s = open(rng, streams::combatant_own_care(kBetweenRound, c));
    b.second_wind = false;
    ++b.heals_given;
    const int amount =
        static_cast<int>(std::max<int64_t>(cfg_.combatants[c].second_wind->roll(s), 1));
    b.hp = std::min(b.hp + amount, max_hp(b));
    note(log, t, [&] {
      return name(b) + " takes its second wind between the encounters: " +
             std::to_string(amount) + " HP, " + std::to_string(b.hp) + " of " +
             std::to_string(max_hp(b));
    });
  }
}

// After encounter e: the heals between (heal_between), then the stable wake with 1 HP of those
// still at 0 HP (option stable_wake; the party waits for them), then the Second Wind
// (wind_between; not before a night alone, which gives everything back), then the short rest
// when one comes here, then the travel to the next. Returns when the next encounter begins, on the
// day's clock.
Seconds Party::between(Bodies<Body>& bodies, int e, Seconds t, TrialRng& rng,
                       EventLog* log) const {
  Seconds awake = heal_between(bodies, t, rng, log);
  for (size_t c = 0; c < cfg_.members; ++c) {
    Body& b = bodies[c];
    b.pools.here = {};  // an attack's per_encounter counts the next encounter afresh
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
  if (!cfg_.day.long_rest_after(e) || cfg_.day.short_rest_after(e))
    wind_between(bodies, cfg_.day.short_rest_after(e), t, rng, log);
  if (cfg_.day.short_rest_after(e)) {
    t += kShortRest;
    note(log, t, [&] { return std::string("a short rest of an hour ends"); });
    for (size_t c = 0; c < cfg_.members; ++c)
      if (!bodies[c].dead) {
        Stream s = open(rng, streams::combatant_course(c));
        short_rest(bodies[c], s, t, log);
      }
  }
  if (cfg_.day.long_rest_after(e)) {
    t += cfg_.long_rest;
    note(log, t, [&] {
      return "the night's long rest ends: " + cfg_.day.day_begins(e);
    });
    for (size_t c = 0; c < cfg_.members; ++c) long_rest(bodies[c], t, log);
  }
  return t + cfg_.day.travel;
}

}  // namespace leth::dnd5e
