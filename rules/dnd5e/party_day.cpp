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

// The day goes on to its next encounter only when every member lives and the party neither fell
// nor withdrew (README, the party fight's day).
template <typename Body>
bool goes_on(std::span<const Body> members, const fight::Result& last) {
  if (last.ending == fight::Ending::Fell || last.ending == fight::Ending::Retreated) return false;
  return std::none_of(members.begin(), members.end(), [](const Body& b) { return b.dead; });
}

}  // namespace

// "orc 1, orc 2 and ogre": the opponents of this fight, for the story.
std::string Party::opponent_names() const {
  std::string s;
  for (size_t c = cfg_.members; c < combatants(); ++c)
    s += (s.empty() ? "" : c + 1 == combatants() ? " and " : ", ") + cfg_.combatants[c].name;
  return s;
}

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

fight::Result Party::play_day(Bodies<Body>& bodies, const fight::Result& first,
                              uint32_t& defeated, uint32_t& fought, TrialContext& ctx) const {
  fight::Result day = first;
  fight::Result last = first;
  const std::span<const Body> members(bodies.data(), cfg_.members);
  for (int e = 1; e < cfg_.day.encounters && goes_on(members, last); ++e) {
    TrialRng rng = ctx.rng.encounter(static_cast<uint64_t>(e));
    const Seconds t = between(bodies, e, day.end, rng, ctx.log);
    // The scenario's fight again, or the [[day.next]] encounter's own.
    const Party& fight = next_.empty() ? *this : next_[static_cast<size_t>(e - 1)];
    note(ctx.log, t, [&] {
      return "encounter " + std::to_string(e + 1) + " of " +
             std::to_string(cfg_.day.encounters) + " begins: " +
             (next_.empty() ? std::string("fresh opponents") : fight.opponent_names());
    });
    // The fight plays on its own clock from 0; its clocks and lines move onto the day's.
    struct Clocks {
      Seconds died_at, down_first, up_last;
    };
    std::array<Clocks, fight::kMaxMembers> before{};
    for (size_t c = 0; c < cfg_.members; ++c) {
      Body& b = bodies[c];
      before[c] = {b.died_at, b.down_first, b.up_last};
      b.down_first = b.up_last = -1;
    }
    EventLog part;  // empty, and never written without a log: no allocation
    last = fight.play_encounter(bodies, rng, ctx.log ? &part : nullptr);
    ctx.rng.absorb(rng);
    if (ctx.log)
      for (const EventLog::Entry& line : part.entries()) ctx.log->add(t + line.time, line.text);
    for (size_t c = 0; c < cfg_.members; ++c) {
      Body& b = bodies[c];
      if (b.dead && before[c].died_at < 0) b.died_at += t;
      b.down_first = before[c].down_first >= 0 ? before[c].down_first
                     : b.down_first >= 0       ? b.down_first + t
                                               : -1;
      b.up_last = b.up_last >= 0 ? b.up_last + t : before[c].up_last;
    }
    defeated += fight.count_defeated(bodies, [](const Body& b) { return b.dead; });
    ++fought;
    day.ending = last.ending;
    day.opponents_fled = last.opponents_fled;
    day.opponents_left = last.opponents_left;
    day.rounds += last.rounds;
    day.aftermath_rounds += last.aftermath_rounds;
    day.fight_end += last.fight_end;  // the fights' lengths, added up
    day.end = t + last.end;
  }
  return day;
}

}  // namespace leth::dnd5e
