// The single character's fight, played by the one fight driver (rules/common/fight.h): the
// character is combatant 0, the party of one; the scenario's attackers are combatants 1..n,
// opponents who cannot be harmed (Policies::untouchable_opponents) and leave when the fight's
// rounds are over. The character's state stays in the ruleset's Trial (its dying, its
// aftercare, its recovery clocks), so a ruleset's solo rules derive from Solo<Derived> and
// forward each question of the driver to its Trial:
//   bool character_down() const, character_dead(), int character_hp()   its state
//   void character_turn(Seconds t)                          (optional) its turn while down,
//                                                           a check; without it, its checks
//                                                           run on its own clock
//   int blows(size_t actor) const                           (optional) an attacker's blows
//                                                           in a turn; without it, one
//   bool blow(size_t actor, int n, Stream& s, Seconds t)    blow n: true when it struck
//   bool takes_turn(size_t actor, int round, Stream& s)     (optional) the attacker's rounds
//   double keep_attacking_downed(size_t actor) const        its chance to strike the fallen
// Attacker a's turn in round r draws from streams::creature_turn(r, a), as before the driver:
// a party of one replays the single character's fight on the same numbers.
#pragma once

#include <algorithm>
#include <cstdint>
#include <span>

#include "rules/common/fight.h"
#include "sim/core/clock.h"
#include "sim/core/substreams.h"

namespace leth::fight {

// A seat at the driver's table: the state is the Trial's; `c` says whose seat it is.
struct SoloBody {
  uint32_t c = 0;
};

// The bodies and seats of a solo fight of n combatants (up to 2^16 attackers): this thread's
// buffers, grown once to the largest line-up seen, so a trial allocates nothing.
std::span<SoloBody> solo_bodies(size_t n);
SeatSpans solo_seats(size_t n);

// How many rounds the attackers strike before the horizon: the rounds whose start comes before
// it (none at a horizon of 0).
inline int solo_rounds(int rounds, Seconds horizon) {
  if (rounds < 1 || horizon <= 0) return 0;
  const Seconds by_horizon = (horizon + kRound - 1) / kRound;
  return static_cast<int>(std::min<Seconds>(rounds, by_horizon));
}

template <typename Derived>
class Solo {
  // Whether the character has a turn of its own while down (a death save, a recovery check);
  // asked once Derived is complete.
  static constexpr bool turn_while_down() {
    return requires(const Derived& d, Seconds t) {
      d.character_turn(t);
    };
  }

 public:
  using Body = SoloBody;

  Solo(size_t attackers, bool attackers_first)
      : attackers_(attackers), attackers_first_(attackers_first) {}

  // ---- fight::FightRules
  size_t combatants() const { return 1 + attackers_; }
  Side side(size_t c) const { return c == 0 ? Side::Party : Side::Opponents; }
  int initiative_bonus(size_t) const { return 0; }
  Seconds round_seconds() const { return kRound; }
  State state(const Body& b) const {
    if (b.c != 0) return State::Standing;
    return self().character_dead()   ? State::Dead
           : self().character_down() ? State::Down
                                     : State::Standing;
  }
  int hp(const Body& b) const { return b.c == 0 ? self().character_hp() : 1 << 30; }
  // Every turn of a fallen character is played (a check, waking, a hero point), where the
  // ruleset has such a turn.
  bool dying(const Body& b) const {
    if constexpr (!turn_while_down()) return false;
    return b.c == 0 && !self().character_dead() && self().character_down();
  }
  int urgency(const Body&) const { return 0; }
  void start_turn(Body&, Stream&, Seconds t, EventLog*) const {
    if constexpr (turn_while_down()) self().character_turn(t);
  }
  int attacks(size_t c) const {
    if (c == 0) return 0;
    if constexpr (requires(const Derived& d) { d.blows(c); })
      return self().blows(c - 1);
    else
      return 1;
  }
  bool strike(size_t c, int n, Body&, Body&, Stream& s, Seconds t, EventLog*) const {
    return self().blow(c - 1, n, s, t);
  }
  bool can_pick_up(const Body&) const { return false; }
  Cost pick_up(Body&, Body&, Stream&, Seconds, EventLog*) const { return Cost::Action; }

  // ---- the driver's optional hooks
  // Initiative as the scenario says: the attackers in their listed order, the character before
  // them or (attackers_first) after them.
  void turn_order(std::span<uint16_t> order) const {
    const size_t n = order.size();
    for (size_t i = 0; i < n; ++i) order[i] = static_cast<uint16_t>(i);
    if (attackers_first_ && n > 1) {
      for (size_t i = 0; i + 1 < n; ++i) order[i] = static_cast<uint16_t>(i + 1);
      order[n - 1] = 0;
    }
  }
  SubStream turn_stream(int round, size_t c) const { return streams::creature_turn(round, c - 1); }
  bool opens_turn(size_t c, int round, Stream& s) const {
    if constexpr (requires { self().takes_turn(c - 1, round, s); })
      return self().takes_turn(c - 1, round, s);
    else
      return true;
  }
  double strike_fallen(size_t c) const { return self().keep_attacking_downed(c - 1); }
  // ----

  // The driver's policies for this fight: `rounds` rounds at most, nobody picked up in it, no
  // aftermath rounds (the ruleset's own clocks take over at the fight's end).
  static Policies policies(int rounds) {
    Policies p;
    p.round_cap = rounds;
    p.aftermath_cap = 0;
    p.untouchable_opponents = true;
    p.notes_end = false;
    return p;
  }

 private:
  const Derived& self() const { return static_cast<const Derived&>(*this); }
  size_t attackers_;
  bool attackers_first_;
};

// Plays the single character's fight of `rounds` rounds on the driver. Allocation-free once
// this thread's buffers have grown.
template <FightRules R>
Result play_solo(const R& rules, int rounds, TrialRng& rng, EventLog* log) {
  const size_t n = rules.combatants();
  return play(rules, solo_bodies(n), 1, rng, R::policies(rounds), log, solo_seats(n));
}

}  // namespace leth::fight
