// One two-sided fight, written once for every ruleset: sides, initiative, rounds, turns, who
// can act, targeting, the policies, the end of the fight, and the aftermath rounds in which the
// dying keep making their checks and the standing pick them up. A ruleset supplies what its
// rules decide — a body per combatant (take a blow, its check at the start of its turn while
// down, whether it can act, how it is picked up) and its attack resolution — through the
// FightRules concept below. rules/common/README.md and docs/parties.md say what the policies
// mean; each ruleset's README says what its body and its attack do.
#pragma once

#include <algorithm>
#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "sim/core/clock.h"
#include "sim/core/dice.h"
#include "sim/core/event_log.h"
#include "sim/core/stream.h"
#include "sim/core/substreams.h"

// The fight loop's lambdas run on every blow. Once they grew (opponents who cannot be harmed,
// the end-of-turn hook), g++ stopped inlining them, and the party benchmark paid for the calls
// (docs/benchmarks.md, 2026-12-02). g++ and clang++ both take the GNU attribute on a lambda.
#define LETH_FIGHT_INLINE __attribute__((always_inline))
namespace leth::fight {

enum class Side : uint8_t { Party, Opponents };
// What the driver needs to know of a body; what each means is the ruleset's.
enum class State : uint8_t {
  Standing,  // can act
  Down,      // alive, cannot act (dying, stable, unconscious)
  Dead,
};

// Whom a combatant attacks, among the other side's standing combatants.
enum class Targeting : uint8_t {
  Random,        // uniformly at random
  Weakest,       // the fewest hit points left (ties: the first listed)
  LastHitter,    // the one who last hit it, if standing; else at random
  HealersFirst,  // one who can still pick up the fallen, if any stands; else at random
};
// When a party member who can pick up the fallen does it during the fight.
enum class PickUp : uint8_t {
  AtOnce,      // on its turn, as soon as an ally is down
  TwoDown,     // only when two allies or more are down
  AfterFight,  // never in the fight; in the aftermath rounds only
};

inline constexpr size_t kMaxCombatants = 32;
static_assert(kMaxCombatants <= streams::kMaxCombatants);

struct Policies {
  Targeting party_targets = Targeting::Random;
  Targeting opponents_target = Targeting::Random;
  // Before each attack of an opponent: the chance that it strikes a fallen (down, alive) party
  // member instead of its target, when one is down. One meaning in every ruleset.
  double strike_fallen = 0.0;
  PickUp pick_up = PickUp::AtOnce;
  // The opponents still standing flee once this share of them is down or dead (1: they fight
  // to the last). The party withdraws, carrying its fallen, once this share of it is down or
  // dead (1: never while one member stands).
  double morale = 1.0;
  double retreat = 1.0;
  int round_cap = 100;
  int aftermath_cap = 10'000;  // rounds after the fight while someone is dying
  // Opponents who cannot be harmed (the single character's attackers): the fight does not end
  // when the party falls — they go on striking the fallen (strike_fallen) — but when every
  // member is dead or at the round cap, when they leave.
  bool untouchable_opponents = false;
  // With them, in a party fight: how many rounds each kind without health strikes before it
  // leaves (docs/parties.md), drawn once a trial and kind (streams::opponents_rounds), and the
  // kind of opponent c (1 + its index in kind_rounds; 0: none, it strikes every round). The
  // single character's attackers keep their rounds in the ruleset (its opens_turn).
  std::vector<Dice> kind_rounds;
  std::array<uint8_t, kMaxCombatants> kind{};
  // Whether the driver notes the fight's end in the story (the single character's fight says
  // it itself, with the character's state).
  bool notes_end = true;
};

// How a fight ended.
enum class Ending : uint8_t {
  Won,        // every opponent down, dead or fled
  Fell,       // no party member standing
  Retreated,  // the party withdrew
  RoundCap,   // the round cap came first
};

struct Result {
  Ending ending = Ending::RoundCap;
  bool opponents_fled = false;
  bool opponents_left = false;  // opponents who cannot be harmed left (their rounds were over)
  int rounds = 0;            // rounds of the fight
  int aftermath_rounds = 0;  // rounds after it while someone was dying
  Seconds fight_end = 0;     // when the fight ended
  Seconds end = 0;           // when the aftermath ended
};

// Whether the action is spent by an act of care (a bonus action leaves the attacks).
enum class Cost : uint8_t { Bonus, Action };

// What a ruleset supplies. `c` is a combatant's index (party members first, then opponents),
// fixed for the trial; every stream is keyed by it (sim/core/substreams.h).
template <typename R>
concept FightRules = requires(const R& rules, typename R::Body& body, const typename R::Body& cbody,
                              Stream& stream, size_t c, int n, Seconds t, EventLog* log) {
  { rules.combatants() } -> std::convertible_to<size_t>;
  { rules.side(c) } -> std::same_as<Side>;
  { rules.initiative_bonus(c) } -> std::convertible_to<int>;
  { rules.round_seconds() } -> std::same_as<Seconds>;
  { rules.state(cbody) } -> std::same_as<State>;
  { rules.hp(cbody) } -> std::convertible_to<int>;
  // Down and making checks (5e: dying, not stable).
  { rules.dying(cbody) } -> std::same_as<bool>;
  // Among the dying, who is picked up first: the highest (5e: the most failed death saves).
  { rules.urgency(cbody) } -> std::convertible_to<int>;
  // The check a dying body makes at the start of its turn (5e: a death save).
  rules.start_turn(body, stream, t, log);
  // How many attacks combatant c makes in a turn.
  { rules.attacks(c) } -> std::convertible_to<int>;
  // Attack n of combatant c's turn against `target`: true when it hit.
  { rules.strike(c, n, body, body, stream, t, log) } -> std::same_as<bool>;
  // Whether the body can still pick up a fallen ally (uses left, a skill).
  { rules.can_pick_up(cbody) } -> std::same_as<bool>;
  // One act of care by `helper` on the fallen `patient`; stream is the care stream.
  { rules.pick_up(body, body, stream, t, log) } -> std::same_as<Cost>;
};

// Optional: a ruleset whose rules say `static constexpr bool kKnockOutMovesInitiative = true`
// moves a combatant knocked out by a blow (standing before it, down after it) to just before
// the one who struck it in the order, for the rest of the fight (pf2, 004 "Être mis KO").
template <typename R>
constexpr bool knock_out_moves_initiative() {
  if constexpr (requires { R::kKnockOutMovesInitiative; })
    return R::kKnockOutMovesInitiative;
  else
    return false;
}

// Optional hooks, each found by a `requires` below; a ruleset without one gets the party
// fight's behaviour. The single character's fight (rules/common/solo_fight.h) uses them all.
//   rules.turn_order(std::span<uint16_t> order): lays out the order itself; no initiative roll.
//   rules.turn_stream(round, c): the SubStream of c's turn, instead of
//     streams::combatant_turn (a check while down is always streams::combatant_check).
//   rules.opens_turn(c, round, stream): false skips c's turn this round (an attacker outside its
//     rounds, a breath weapon not recharged); it may draw from the turn's stream.
//   rules.strike_fallen(c): opponent c's own chance to strike a fallen member, instead of the
//     policy's strike_fallen.
//   rules.round_start(round, t, log), rules.round_end(round, t, log): the start and the end of a
//     round of the fight (help arriving acts at the end of a round).
//   rules.standing_turn(c, body, t, log): a standing combatant's turn begins (5e's piercing
//     wound); not when the turn began with a check.
//   rules.end_turn(c, body, stream, t, log): the end of a standing combatant's turn in the
//     fight's rounds (5e's piercing wound), from streams::combatant_turn_end; the fight may end.
//   rules.plays_end_turn(body): false when end_turn has nothing to do for this body (no open
//     injury): the driver then skips it, its stream and the check for the fight's end.
//   rules.own_care(c, body, stream, t, log): a standing member's care of itself on its turn
//     in the fight, when it picked up nobody (5e: drinks its own potion), from
//     streams::combatant_own_care; true when it spent the action (no attacks follow). Asked
//     only when rules.wants_own_care(body) (no stream is opened otherwise).
//   rules.action_lost(c, body, stream, t, log): a save at the start of a standing member's
//     turn in the fight (5e's Nausée, Côtes cassées), from streams::combatant_turn_start; true
//     when the turn's action is lost (no care, no attack). Asked only when
//     rules.plays_action_save(body).
//   rules.spares_fallen(c, t, log): opponent c did not take its chance to strike the fallen
//     (for the story).
//   rules.area(c, n): how many of the other side blow n of combatant c strikes at once (dnd5e's
//     and pf2's saving-throw spells, breaths); above 1 the driver calls rules.strike_area(c, n,
//     bodies, caught, stream, t, log) instead of strike, `caught` the combatants struck: the
//     blow's target as for one (the policy, strike_fallen), then up to area − 1 more drawn at
//     random among the other side's standing, each once, from the turn's stream. It returns
//     bit j set for caught[j] hit.
//   A round_start that ends the fight (the ruleset's own clocks played up to the round: a
//   survival roll that kills) ends it before the round's turns.

// Where the driver keeps a fight's line-up: the order of turns, who last hit whom, who fled, the
// initiative rolls; one entry a combatant. A party fight's fits on the stack (Seats<32>); the
// single character's, with up to 2^16 attackers, lives in a buffer its thread reuses.
struct SeatSpans {
  std::span<uint16_t> order;
  std::span<int32_t> last_hit_by;
  std::span<uint8_t> fled;
  std::span<int> roll;
};
template <size_t N>
struct Seats {
  std::array<uint16_t, N> order{};
  std::array<int32_t, N> last_hit_by{};
  std::array<uint8_t, N> fled{};
  std::array<int, N> roll{};
  SeatSpans spans(size_t n) {
    return {{order.data(), n}, {last_hit_by.data(), n}, {fled.data(), n}, {roll.data(), n}};
  }
};

namespace detail {

template <typename R>
struct Table {
  const R& rules;
  std::span<typename R::Body> bodies;
  size_t n;
  std::span<uint16_t> order;
  std::span<int32_t> last_hit_by;
  std::span<uint8_t> fled;
  size_t party = 0;

  // Asked for every combatant on every blow: kept inline (g++ outlined standing() once the
  // adventuring day grew the loop, +45 M instructions in the party benchmark, 2026-12-05).
  LETH_FIGHT_INLINE State state(size_t c) const {
    return fled[c] ? State::Dead : rules.state(bodies[c]);
  }
  LETH_FIGHT_INLINE bool standing(size_t c) const {
    return !fled[c] && rules.state(bodies[c]) == State::Standing;
  }
  LETH_FIGHT_INLINE bool fallen(size_t c) const {
    return !fled[c] && rules.state(bodies[c]) == State::Down;
  }
  Side side(size_t c) const { return c < party ? Side::Party : Side::Opponents; }
  size_t first(Side s) const { return s == Side::Party ? 0 : party; }
  size_t last(Side s) const { return s == Side::Party ? party : n; }

  size_t count_standing(Side s) const {
    size_t k = 0;
    for (size_t c = first(s); c < last(s); ++c) k += standing(c);
    return k;
  }
  bool any_standing(Side s) const {
    for (size_t c = first(s); c < last(s); ++c)
      if (standing(c)) return true;
    return false;
  }
  // The k-th (from 0) combatant of side s for which `pick` holds.
  template <typename P>
  int nth(Side s, size_t k, P&& pick) const {
    for (size_t c = first(s); c < last(s); ++c)
      if (pick(c) && k-- == 0) return static_cast<int>(c);
    return -1;
  }
  // One of side s for which `pick` holds, uniformly: the k-th of them, k drawn below their
  // count (none drawn for one). A party fight's side is gathered in one pass; a side too long
  // for that (the single character's attackers) is counted, then walked again.
  template <typename P>
  int random_of(Side s, Stream& stream, P&& pick) const {
    const size_t from = first(s), to = last(s);
    if (to - from <= kMaxCombatants) {
      std::array<uint8_t, kMaxCombatants> found;
      size_t k = 0;
      for (size_t c = from; c < to; ++c)
        if (pick(c)) found[k++] = static_cast<uint8_t>(c - from);
      if (k == 0) return -1;
      return static_cast<int>(from + found[k == 1 ? 0 : static_cast<size_t>(stream.below(k))]);
    }
    size_t k = 0;
    for (size_t c = from; c < to; ++c) k += pick(c) ? 1u : 0u;
    if (k == 0) return -1;
    return nth(s, k == 1 ? 0 : static_cast<size_t>(stream.below(k)), pick);
  }

  // A standing combatant of side `foes` for attacker a, by policy.
  LETH_FIGHT_INLINE int target(size_t a, Side foes, Targeting policy, Stream& stream) const {
    auto up = [&](size_t c) { return standing(c); };
    switch (policy) {
      case Targeting::Random:
        break;
      case Targeting::Weakest: {
        int best = -1;
        for (size_t c = first(foes); c < last(foes); ++c)
          if (standing(c) &&
              (best < 0 || rules.hp(bodies[c]) < rules.hp(bodies[static_cast<size_t>(best)])))
            best = static_cast<int>(c);
        return best;
      }
      case Targeting::LastHitter: {
        const int h = last_hit_by[a];
        if (h >= 0 && side(static_cast<size_t>(h)) == foes && standing(static_cast<size_t>(h)))
          return h;
        break;
      }
      case Targeting::HealersFirst: {
        auto healer = [&](size_t c) { return standing(c) && rules.can_pick_up(bodies[c]); };
        const int h = random_of(foes, stream, healer);
        if (h >= 0) return h;
        break;
      }
    }
    return random_of(foes, stream, up);
  }

  // The fallen ally a helper picks up: the most urgent dying one (ties: the first listed),
  // else the first fallen one.
  int patient(size_t helper, bool dying_only) const {
    int dying = -1, down = -1;
    for (size_t c = 0; c < party; ++c) {
      if (c == helper || !fallen(c)) continue;
      if (rules.dying(bodies[c])) {
        if (dying < 0 ||
            rules.urgency(bodies[c]) > rules.urgency(bodies[static_cast<size_t>(dying)]))
          dying = static_cast<int>(c);
      } else if (down < 0 && !dying_only) {
        down = static_cast<int>(c);
      }
    }
    return dying >= 0 ? dying : down;
  }
  // Moves combatant v to just before the one at place `at` of the order; returns that one's
  // new place.
  size_t move_before(size_t v, size_t at) {
    size_t j = 0;
    while (order[j] != v) ++j;
    if (j < at) {
      for (size_t k = j; k + 1 < at; ++k) order[k] = order[k + 1];
      order[at - 1] = static_cast<uint16_t>(v);
      return at;
    }
    for (size_t k = j; k > at; --k) order[k] = order[k - 1];
    order[at] = static_cast<uint16_t>(v);
    return at + 1;
  }
  size_t count_fallen(size_t except) const {
    size_t k = 0;
    for (size_t c = 0; c < party; ++c) k += (c != except && fallen(c));
    return k;
  }
  bool any_fallen() const {
    for (size_t c = 0; c < party; ++c)
      if (fallen(c)) return true;
    return false;
  }
};

// The hooks' defaults: the party fight's.
template <typename R>
SubStream turn_stream(const R& rules, int r, size_t c) {
  if constexpr (requires { rules.turn_stream(r, c); })
    return rules.turn_stream(r, c);
  else
    return streams::combatant_turn(r, c);
}
template <typename R>
double strike_fallen(const R& rules, size_t c, const Policies& p) {
  if constexpr (requires { rules.strike_fallen(c); })
    return rules.strike_fallen(c);
  else
    return p.strike_fallen;
}

}  // namespace detail

// Plays the fight from fresh bodies (bodies[c] for combatant c, party members first) to its
// end and then the aftermath rounds until nobody is dying, keeping its line-up in `seats` (one
// entry a combatant). Allocation-free.
template <FightRules R>
Result play(const R& rules, std::span<typename R::Body> bodies, size_t party, TrialRng& rng,
            const Policies& p, EventLog* log, SeatSpans seats) {
  detail::Table<R> tb{rules,     bodies, rules.combatants(), seats.order, seats.last_hit_by,
                      seats.fled};
  tb.party = party;
  const size_t n = tb.n;
  std::fill(tb.last_hit_by.begin(), tb.last_hit_by.end(), -1);
  std::fill(tb.fled.begin(), tb.fled.end(), uint8_t{0});

  if constexpr (requires { rules.turn_order(seats.order); }) {
    rules.turn_order(seats.order);
  } else {
    // Initiative: d20 + bonus, once; ties by the higher bonus, then the party, then the list.
    std::span<int> roll = seats.roll;
    Stream s = open(rng, streams::fight_initiative());
    for (size_t c = 0; c < n; ++c) {
      roll[c] = s.die(20) + rules.initiative_bonus(c);
      tb.order[c] = static_cast<uint16_t>(c);
    }
    auto before = [&](size_t a, size_t b) {
      if (roll[a] != roll[b]) return roll[a] > roll[b];
      if (rules.initiative_bonus(a) != rules.initiative_bonus(b))
        return rules.initiative_bonus(a) > rules.initiative_bonus(b);
      return a < b;  // party members are listed first
    };
    for (size_t i = 1; i < n; ++i)  // insertion sort: a few combatants, no allocation
      for (size_t j = i; j > 0 && before(tb.order[j], tb.order[j - 1]); --j)
        std::swap(tb.order[j], tb.order[j - 1]);
  }

  Result res;
  const Seconds round = rules.round_seconds();
  const size_t opponents = n - party;
  // Opponents who cannot be harmed: each kind's rounds, this trial's; the fight's last round
  // is the last of them (within the round cap).
  int round_cap = p.round_cap;
  std::array<uint16_t, kMaxCombatants> leaves_after{};
  if (!p.kind_rounds.empty()) {
    std::array<uint16_t, kMaxCombatants> drawn{};
    Stream s = open(rng, streams::opponents_rounds());
    int last = 0;
    for (size_t k = 0; k < p.kind_rounds.size() && k < kMaxCombatants; ++k) {
      drawn[k] = static_cast<uint16_t>(p.kind_rounds[k].roll(s));
      last = std::max<int>(last, drawn[k]);
    }
    for (size_t c = 0; c < n && c < kMaxCombatants; ++c)
      if (p.kind[c] != 0) leaves_after[c] = drawn[p.kind[c] - 1u];
    round_cap = std::min(round_cap, last);
  }

  // Whether the fight is over, and how; checked after every act that can change a side. The
  // policies read into locals: asked on every blow, they need not be loaded again after each.
  const bool untouchable = p.untouchable_opponents, flees = p.morale < 1.0,
             withdraws = p.retreat < 1.0;
  // The party whose share withdraws: its members dead at the start are not of it (a campaign
  // that goes on short of its dead, after_a_death = "go_on", leaves their places empty).
  size_t present = party;
  if (withdraws)
    for (size_t c = 0; c < party; ++c) present -= rules.state(bodies[c]) == State::Dead;
  auto over = [&]() LETH_FIGHT_INLINE -> bool {
    if (untouchable) {
      // They leave at the round cap; before it, only the death of every member ends the fight.
      for (size_t c = 0; c < party; ++c)
        if (rules.state(bodies[c]) != State::Dead) return false;
      res.ending = Ending::Fell;
      return true;
    }
    // Most calls find a member and an opponent standing at once: count only for the
    // policies that need a count (the party benchmark spent a quarter of its time here).
    if (!tb.any_standing(Side::Opponents)) {
      res.ending = Ending::Won;
      return true;
    }
    if (!tb.any_standing(Side::Party)) {
      res.ending = Ending::Fell;
      return true;
    }
    if (flees && static_cast<double>(opponents - tb.count_standing(Side::Opponents)) >=
                     p.morale * static_cast<double>(opponents)) {
      for (size_t c = party; c < n; ++c)
        if (tb.standing(c)) tb.fled[c] = true;
      res.ending = Ending::Won;
      res.opponents_fled = true;
      return true;
    }
    if (withdraws && static_cast<double>(present - tb.count_standing(Side::Party)) >=
                         p.retreat * static_cast<double>(present)) {
      res.ending = Ending::Retreated;
      return true;
    }
    return false;
  };

  // One act of care by member c on its turn; returns true when it spent the action.
  auto care = [&](size_t c, int r, Seconds t, bool in_fight) -> bool {
    if (!rules.can_pick_up(bodies[c])) return false;
    if (in_fight) {
      if (p.pick_up == PickUp::AfterFight) return false;
      if (p.pick_up == PickUp::TwoDown && tb.count_fallen(c) < 2) return false;
    }
    const int pt = tb.patient(c, !in_fight);
    if (pt < 0) return false;
    Stream s = open(rng, streams::combatant_care(r, c));
    return rules.pick_up(bodies[c], bodies[static_cast<size_t>(pt)], s, t, log) == Cost::Action;
  };

  // A save at the start of the turn that can lose its action (rules.action_lost), rare: out
  // of the turn's hot path too.
  auto action_lost = [&](size_t c, int r, Seconds t) __attribute__((noinline, cold))->bool {
    if constexpr (requires(Stream & e) { rules.action_lost(c, bodies[c], e, t, log); }) {
      Stream e = open(rng, streams::combatant_turn_start(r, c));
      return rules.action_lost(c, bodies[c], e, t, log);
    }
    return false;
  };
  // A member's care of itself (rules.own_care), rare: out of the turn's hot path.
  auto own_care = [&](size_t c, int r, Seconds t) __attribute__((noinline, cold))->bool {
    if constexpr (requires(Stream & e) { rules.own_care(c, bodies[c], e, t, log); }) {
      Stream e = open(rng, streams::combatant_own_care(r, c));
      return rules.own_care(c, bodies[c], e, t, log);
    }
    return false;
  };

  // A blow that strikes several at once (rules.area): `first`, then up to k − 1 more of side
  // `foes` standing, drawn one by one. Out of the turn's hot path.
  auto area_blow = [&](size_t c, int b, size_t first, int k, Side foes, Stream& s, size_t& i,
                       Seconds t) __attribute__((noinline, cold)) {
    if constexpr (requires(std::span<const uint16_t> w) {
                    rules.strike_area(c, b, bodies, w, s, t, log);
                  }) {
      std::array<uint16_t, kMaxCombatants> caught;
      caught[0] = static_cast<uint16_t>(first);
      size_t m = 1;
      auto free = [&](size_t x) {
        return tb.standing(x) && std::find(caught.begin(), caught.begin() + m, x) ==
                                     caught.begin() + static_cast<std::ptrdiff_t>(m);
      };
      while (m < static_cast<size_t>(k) && m < kMaxCombatants) {
        const int x = tb.random_of(foes, s, free);
        if (x < 0) break;
        caught[m++] = static_cast<uint16_t>(x);
      }
      std::array<bool, kMaxCombatants> was_up{};
      for (size_t j = 0; j < m; ++j) was_up[j] = tb.standing(caught[j]);
      const uint32_t hits = rules.strike_area(c, b, bodies, std::span(caught.data(), m), s, t, log);
      for (size_t j = 0; j < m; ++j)
        if ((hits >> j) & 1u) {
          tb.last_hit_by[caught[j]] = static_cast<int32_t>(c);
          if constexpr (knock_out_moves_initiative<R>())
            if (was_up[j] && tb.fallen(caught[j])) i = tb.move_before(caught[j], i);
        }
    }
  };

  bool ended = false;
  // A standing combatant's acts in its turn: care (a member), else its attacks.
  auto acts = [&](size_t c, size_t& i, int r, Seconds t) LETH_FIGHT_INLINE {
    const Side own = tb.side(c);
    // A member's turn: a save that can lose it, the fallen picked up, its own care.
    if (own == Side::Party) {
      if constexpr (requires { rules.plays_action_save(bodies[c]); })
        if (rules.plays_action_save(bodies[c])) [[unlikely]]
          if (action_lost(c, r, t)) return;
      if (care(c, r, t, true)) return;
      if constexpr (requires(Stream & e) { rules.own_care(c, bodies[c], e, t, log); })
        if (rules.wants_own_care(bodies[c])) [[unlikely]]
          if (own_care(c, r, t)) return;
    }
    // Nobody attacks what cannot be harmed; such an opponent leaves after its rounds.
    if (p.untouchable_opponents &&
        (own == Side::Party ||
         (c < kMaxCombatants && leaves_after[c] != 0 && r > static_cast<int>(leaves_after[c]))))
      return;
    const int blows = rules.attacks(c);
    if (blows == 0) return;
    const Side foes = own == Side::Party ? Side::Opponents : Side::Party;
    const Targeting policy = own == Side::Party ? p.party_targets : p.opponents_target;
    Stream s = open(rng, detail::turn_stream(rules, r, c));
    if constexpr (requires { rules.opens_turn(c, r, s); })
      if (!rules.opens_turn(c, r, s)) return;
    const double fallen_chance = detail::strike_fallen(rules, c, p);
    int target = -1;
    for (int b = 0; b < blows; ++b) {
      int hit = -1;
      if (own == Side::Opponents && fallen_chance > 0.0 && tb.any_fallen()) {
        if (s.chance(fallen_chance))
          hit = tb.random_of(Side::Party, s, [&](size_t k) { return tb.fallen(k); });
        else if constexpr (requires { rules.spares_fallen(c, t, log); })
          rules.spares_fallen(c, t, log);
      }
      if (hit < 0) {
        if (target < 0 || !tb.standing(static_cast<size_t>(target)))
          target = tb.target(c, foes, policy, s);
        hit = target;
      }
      if (hit < 0) break;
      const size_t v = static_cast<size_t>(hit);
      if constexpr (requires { rules.area(c, b); })
        if (const int k = rules.area(c, b); k > 1) [[unlikely]] {
          area_blow(c, b, v, k, foes, s, i, t);
          if (over()) {
            ended = true;
            break;
          }
          continue;
        }
      bool was_up = false;  // asked only where a knock-out moves the initiative
      if constexpr (knock_out_moves_initiative<R>()) was_up = tb.standing(v);
      if (rules.strike(c, b, bodies[c], bodies[v], s, t, log)) {
        tb.last_hit_by[v] = static_cast<int32_t>(c);
        // Its next turn comes just before the striker's: this round's place is past.
        if constexpr (knock_out_moves_initiative<R>())
          if (was_up && tb.fallen(v)) i = tb.move_before(v, i);
      }
      if (over()) {
        ended = true;
        break;
      }
    }
  };

  // The fight.
  int r = 0;
  while (!ended && r < round_cap) {
    ++r;
    const Seconds t = static_cast<Seconds>(r - 1) * round;
    if constexpr (requires { rules.round_start(r, t, log); }) {
      rules.round_start(r, t, log);
      if (over()) {  // the ruleset's own clocks, played up to the round, can end the fight
        ended = true;
        break;
      }
    }
    for (size_t i = 0; i < n && !ended; ++i) {
      const size_t c = tb.order[i];
      if (tb.fled[c] || rules.state(bodies[c]) == State::Dead) continue;
      const bool checks = rules.dying(bodies[c]);
      if (checks) {
        Stream d = open(rng, streams::combatant_check(r, c));
        rules.start_turn(bodies[c], d, t, log);
        // A check can take the last of a side out (harmonies: a standing combatant's survival
        // roll, the faint or death it brings). In dnd5e and pf2 only the fallen check, so this
        // never ends a fight there.
        if (over()) {
          ended = true;
          break;
        }
      }
      if (!tb.standing(c)) continue;
      // A turn that began with a check (and stood up by it) is not begun again.
      if constexpr (requires { rules.standing_turn(c, bodies[c], t, log); }) {
        if (!checks) {
          rules.standing_turn(c, bodies[c], t, log);
          if (over()) {
            ended = true;
            break;
          }
          if (!tb.standing(c)) continue;
        }
      }
      acts(c, i, r, t);
      // The end of a standing combatant's turn (5e's piercing wound), in the fight's rounds.
      if constexpr (requires(Stream & e) { rules.end_turn(c, bodies[c], e, t, log); }) {
        bool due = !ended && tb.standing(c);
        if constexpr (requires { rules.plays_end_turn(bodies[c]); })
          due = due && rules.plays_end_turn(bodies[c]);
        if (due) {
          Stream e = open(rng, streams::combatant_turn_end(r, c));
          rules.end_turn(c, bodies[c], e, t, log);
          if (over()) ended = true;
        }
      }
    }
    if constexpr (requires { rules.round_end(r, t, log); })
      if (!ended) {
        rules.round_end(r, t, log);
        if (over()) ended = true;
      }
  }
  res.rounds = r;
  res.fight_end = static_cast<Seconds>(r) * round;
  if (p.untouchable_opponents && !ended) res.ending = Ending::RoundCap;
  res.opponents_left = p.untouchable_opponents && res.ending == Ending::RoundCap;
  if (p.notes_end)
    note(log, res.fight_end, [&] {
      const char* how[] = {
          "the party wins", "every member is dead", "the party withdraws",
          p.untouchable_opponents ? "the opponents leave" : "the round cap ends the fight"};
      if (!p.untouchable_opponents) how[1] = "the whole party is down";
      return std::string("end of the fight after ") + std::to_string(r) +
             " rounds: " + how[static_cast<int>(res.ending)] +
             (res.opponents_fled ? " (the opponents flee)" : "");
    });

  // The aftermath: the dying keep checking, the standing pick them up.
  auto someone_dying = [&] {
    for (size_t c = 0; c < party; ++c)
      if (rules.state(bodies[c]) == State::Down && rules.dying(bodies[c])) return true;
    return false;
  };
  while (someone_dying() && res.aftermath_rounds < p.aftermath_cap) {
    ++r;
    ++res.aftermath_rounds;
    const Seconds t = static_cast<Seconds>(r - 1) * round;
    for (size_t i = 0; i < n; ++i) {
      const size_t c = tb.order[i];
      if (c >= party || rules.state(bodies[c]) == State::Dead) continue;
      if (rules.dying(bodies[c])) {
        Stream d = open(rng, streams::combatant_check(r, c));
        rules.start_turn(bodies[c], d, t, log);
      }
      if (tb.standing(c)) care(c, r, t, false);
    }
  }
  res.end = static_cast<Seconds>(r) * round;
  return res;
}

// A party fight's line-up fits on the stack.
template <FightRules R>
Result play(const R& rules, std::span<typename R::Body> bodies, size_t party, TrialRng& rng,
            const Policies& p, EventLog* log) {
  Seats<kMaxCombatants> seats;
  return play(rules, bodies, party, rng, p, log, seats.spans(rules.combatants()));
}

}  // namespace leth::fight

#undef LETH_FIGHT_INLINE
