// What every ruleset's party answers the same way, written once: the line-up of combatants
// (members first, then every opponent, as the scenario lists them), each side, initiative and
// the number of attacks in a turn, the party's metric declaration, and playing the fight from
// fresh bodies. A ruleset's Party derives from Lineup<Party, PartyConfig> and adds its body,
// its attack and its recovery (rules/common/fight.h, the FightRules concept).
//
// Config has `combatants` (a vector of stat blocks, each with `name`, `initiative` and
// `attacks`, one turn's, in order) and `members` (how many of them are the party) and
// `policies`. Derived has a public `Body fresh(size_t c) const` and satisfies FightRules.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "rules/common/fight.h"
#include "rules/common/party_report.h"
#include "sim/core/metrics.h"
#include "sim/core/outcome.h"
#include "sim/core/trial.h"

namespace leth::fight {

// A member absent from this adventure: dead before it began, its place left empty by a
// campaign that goes on short of its dead (after_a_death = "go_on", docs/campaigns.md). Every
// death sets died_at; an absent member has none, and its absence ends no day.
template <typename Body>
bool absent(const Body& b) {
  return b.dead && b.died_at < 0;
}

template <typename Derived, typename Config>
class Lineup {
 public:
  explicit Lineup(Config config)
      : cfg_(std::move(config)),
        metrics_(party_metrics(member_names(cfg_.combatants, cfg_.members))) {}

  const MetricSpec& metrics() const { return metrics_; }
  const Config& config() const { return cfg_; }

  // ---- the part of fight::FightRules that is the line-up's
  size_t combatants() const { return cfg_.combatants.size(); }
  Side side(size_t c) const { return c < cfg_.members ? Side::Party : Side::Opponents; }
  int initiative_bonus(size_t c) const { return cfg_.combatants[c].initiative; }
  int attacks(size_t c) const { return static_cast<int>(cfg_.combatants[c].attacks.size()); }
  // ----

 protected:
  template <typename Body>
  using Bodies = std::array<Body, kMaxCombatants>;

  // An adventuring day's plan (docs/days.md), for the constructor: each [[day.next]] encounter a
  // fight of its own — the same members against its opponents — appended to `next` (play_day
  // plays encounter e + 1 as next[e - 1]), and the counter "encounters" declared with a [day]
  // only, so a scenario without one keeps its columns. Returns the counter's index, else
  // Outcome::kMaxCounters.
  template <typename Party>
  size_t plan_day(std::vector<Party>& next) {
    for (size_t e = 0; e < cfg_.day.next.size(); ++e) {
      const auto& opponents = cfg_.day.next[e];
      Config c = cfg_;
      c.policies = cfg_.day.next_policies[e];  // its opponents', who may not be harmed
      c.day = {};
      c.combatants.resize(cfg_.members);
      c.combatants.insert(c.combatants.end(), opponents.begin(), opponents.end());
      next.emplace_back(std::move(c));
    }
    if (!cfg_.day.given) return Outcome::kMaxCounters;
    metrics_.counters.push_back(
        {"encounters", "encounters of the adventuring day fought: it stops at a death, or when "
                       "the party fell or withdrew"});
    return metrics_.counters.size() - 1;
  }

  // Fills bodies with every combatant's fresh body and plays the fight to the end of its
  // aftermath (fight::play). Allocation-free.
  template <typename Body>
  Result play_fight(Bodies<Body>& bodies, TrialContext& ctx) const {
    return play_fight(bodies, ctx, [](Body&) {});
  }
  // The same, with `start(body)` applied to each fresh body before the fight: what a campaign's
  // member carries from the adventure before (docs/campaigns.md).
  template <typename Body, typename Start>
  Result play_fight(Bodies<Body>& bodies, TrialContext& ctx, Start&& start) const {
    const Derived& self = static_cast<const Derived&>(*this);
    const size_t n = combatants();
    for (size_t c = 0; c < n; ++c) {
      bodies[c] = self.fresh(c);
      start(bodies[c]);
    }
    return play(self, std::span<Body>(bodies.data(), n), cfg_.members, ctx.rng, cfg_.policies,
                ctx.log);
  }
  // The next encounter of an adventuring day (docs/days.md): the members keep their bodies as
  // the encounter before left them, every opponent is fresh, and the fight plays on `rng` (the
  // encounter's, TrialRng::encounter) from its own clock at 0. Allocation-free.
  template <typename Body>
  Result play_encounter(Bodies<Body>& bodies, TrialRng& rng, EventLog* log) const {
    const Derived& self = static_cast<const Derived&>(*this);
    const size_t n = combatants();
    for (size_t c = cfg_.members; c < n; ++c) bodies[c] = self.fresh(c);
    return play(self, std::span<Body>(bodies.data(), n), cfg_.members, rng, cfg_.policies, log);
  }
  // An adventuring day's encounters after the first (docs/days.md): while every member lives and
  // the party neither fell nor withdrew, `between(bodies, e, t, rng, log)` plays what comes
  // after encounter e (ending at t on the day's clock; it returns when the next begins), then
  // encounter e + 1 on its own random numbers (TrialRng::encounter), the scenario's fight again
  // or `next[e - 1]`'s ([[day.next]]); a member who dies in `between`, or a `between` that
  // returns past the horizon (a member still down when the trial's time is up), ends the day. Each encounter plays on its own
  // clock from 0; its clocks and story move onto the day's (the ruleset's own clocks by
  // Derived's `shift_clocks(body, t)`, when it has one). Returns the day as one fight: the last fight's ending (not a trap's that left
  // after a fight: that fight's), the
  // rounds and fights' lengths added up. `defeated` adds each encounter's opponents defeated,
  // `fought` each encounter played. Body has dead, died_at, down_first and up_last.
  // Allocation-free without a story.
  template <typename Body, typename Between>
  Result play_day(Bodies<Body>& bodies, const Result& first, std::span<const Derived> next,
                  uint32_t& defeated, uint32_t& fought, TrialContext& ctx,
                  Between&& between) const {
    Result day = first;
    Result last = first;
    const int encounters = cfg_.day.encounters;
    auto goes_on = [&] {
      if (last.ending == Ending::Fell || last.ending == Ending::Retreated) return false;
      for (size_t c = 0; c < cfg_.members; ++c)
        if (bodies[c].dead && !absent(bodies[c])) return false;
      return true;
    };
    for (int e = 1; e < encounters; ++e) {
      if (!goes_on()) {  // the story says why the rest of the day is not played
        note(ctx.log, day.end, [&] { return day_stops(bodies, last.ending, e, encounters); });
        break;
      }
      TrialRng rng = ctx.rng.encounter(static_cast<uint64_t>(e));
      const Seconds t = between(bodies, e, day.end, rng, ctx.log);
      // A member died between the two, or is still down when the trial's time is up.
      if (t > cfg_.horizon || !goes_on()) break;
      // A day's first encounter is the scenario's fight; the others its [[day.next]] in order.
      const int j = cfg_.day.next_in_day(e);
      const Derived& played = next.empty() || j == 0 ? static_cast<const Derived&>(*this)
                                                     : next[static_cast<size_t>(j - 1)];
      note(ctx.log, t, [&] {
        return "encounter " + std::to_string(e + 1) + " of " + std::to_string(encounters) +
                " begins: " + (next.empty() ? std::string("fresh opponents") : played.opponent_names());
      });
      struct Clocks {
        Seconds died_at, down_first, up_last;
      };
      std::array<Clocks, kMaxMembers> before{};
      for (size_t c = 0; c < cfg_.members; ++c) {
        Body& b = bodies[c];
        before[c] = {b.died_at, b.down_first, b.up_last};
        b.down_first = b.up_last = -1;
      }
      EventLog part;  // empty, and never written without a log: no allocation
      last = played.play_encounter(bodies, rng, ctx.log ? &part : nullptr);
      ctx.rng.absorb(rng);
      if (ctx.log)
        for (const EventLog::Entry& line : part.entries()) ctx.log->add(t + line.time, line.text);
      for (size_t c = 0; c < cfg_.members; ++c) {
        Body& b = bodies[c];
        if (b.dead && before[c].died_at < 0 && !absent(b)) b.died_at += t;
        b.down_first = before[c].down_first >= 0 ? before[c].down_first
                       : b.down_first >= 0       ? b.down_first + t
                                                 : -1;
        b.up_last = b.up_last >= 0 ? b.up_last + t : before[c].up_last;
        if constexpr (requires { played.shift_clocks(b, t); })
          played.shift_clocks(b, t);  // the ruleset's own clocks (pf2's stable_at, flux's coma)
      }
      // Out for good: dead, or as the ruleset counts them (`defeated_out(body)`, when it has one).
      defeated += played.count_defeated(bodies, [&played](const Body& b) {
        if constexpr (requires { played.defeated_out(b); })
          return played.defeated_out(b);
        else
          return b.dead;
      });
      ++fought;
      // Opponents who cannot be harmed and left (a trap, a rockfall) do not undo the fight
      // won before them: the day's ending is its last fight's that ended otherwise (docs/days.md).
      if (!last.opponents_left || day.opponents_left) {
        day.ending = last.ending;
        day.opponents_fled = last.opponents_fled;
        day.opponents_left = last.opponents_left;
      }
      day.rounds += last.rounds;
      day.aftermath_rounds += last.aftermath_rounds;
      day.fight_end += last.fight_end;  // the fights' lengths, added up
      day.end = t + last.end;
    }
    return day;
  }
  // An adventuring day whose aftermaths draw on their own encounter's numbers (flux,
  // unisystem, harmonies): with one encounter, `first`; else play_day, Derived's
  // `between(bodies, e, t, rng, log)` after encounter e drawing from that encounter's own numbers
  // (TrialRng::encounter(e - 1): the first's are the trial's, so a day's first aftermath is the
  // single fight's, draw for draw, and a longer day kills every member the fight kills).
  // Derived befriends Lineup for its private `between`.
  template <typename Body>
  Result play_day_own(Bodies<Body>& bodies, const Result& first, std::span<const Derived> next,
                      uint32_t& defeated, uint32_t& fought, TrialContext& ctx) const {
    if (cfg_.day.encounters <= 1) return first;
    const Derived& self = static_cast<const Derived&>(*this);
    return play_day(bodies, first, next, defeated, fought, ctx,
                    [&](Bodies<Body>& bs, int e, Seconds t, TrialRng&, EventLog* log) {
                      TrialRng own = ctx.rng.encounter(static_cast<uint64_t>(e - 1));
                      const Seconds start = self.between(bs, e, t, own, log);
                      ctx.rng.absorb(own);
                      return start;
                    });
  }
  // "the day ends here after encounter 2 of 6: hero died" (the party fell, withdrew).
  template <typename Body>
  std::string day_stops(const Bodies<Body>& bodies, Ending ending, int fought,
                        int encounters) const {
    std::string why;
    for (size_t c = 0; c < cfg_.members; ++c)
      if (bodies[c].dead && !absent(bodies[c])) why += (why.empty() ? "" : ", ") + name(bodies[c]);
    why = !why.empty()                   ? why + " died"
          : ending == Ending::Retreated ? std::string("the party withdrew")
                                        : std::string("the party fell");
    return "the day ends here after encounter " + std::to_string(fought) + " of " +
           std::to_string(encounters) + ": " + why;
  }
  // "orc 1, orc 2 and ogre": the opponents of this fight, for the story.
  std::string opponent_names() const {
    std::string s;
    for (size_t c = cfg_.members; c < combatants(); ++c)
      s += (s.empty() ? "" : c + 1 == combatants() ? " and " : ", ") + cfg_.combatants[c].name;
    return s;
  }
  // How many opponents are out for good (`out(body)`: dead, or as the ruleset counts them).
  template <typename Body, typename Out>
  uint32_t count_defeated(const Bodies<Body>& bodies, Out&& out) const {
    uint32_t k = 0;
    for (size_t c = cfg_.members; c < combatants(); ++c) k += out(bodies[c]) ? 1u : 0u;
    return k;
  }
  // A body's combatant's name (Body has `c`, its index).
  template <typename Body>
  const std::string& name(const Body& b) const {
    return cfg_.combatants[b.c].name;
  }

  Config cfg_;
  MetricSpec metrics_;
};

}  // namespace leth::fight
