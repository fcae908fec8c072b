// The party peer's rules (D&D 5e SRD, as the engine is to play them; issue 21 §5):
// - Initiative once a fight: d20 + bonus; by total, then bonus, then members before opponents,
//   then list order. The same order every round; the fight ends after the round cap.
// - A member's turn: dead, nothing; at 0 HP and dying, a death save (20: 1 HP, tallies reset, it
//   acts this turn; 1: two failures; >= 10 a success, else a failure; 3 failures dead, 3
//   successes stable with the tallies reset); still at 0 HP, the turn ends. A healer then picks
//   up an ally alive at 0 HP (the dying with most failures first, lowest index on ties, else the
//   stable of lowest index): Healing Word while uses remain (a bonus action, it attacks after),
//   else a Medicine check d20 + bonus >= 10 that stabilises a dying patient (its action: the turn
//   ends). Then its attacks on a uniformly random standing opponent, kept while it stands.
// - An opponent's turn (dead at 0 HP: nothing): before each attack, with P strike_fallen and a
//   member alive at 0 HP, the attack goes to a random such member; else to its kept target, a
//   random standing member picked again when it drops. Against 0 HP: advantage, any hit a
//   critical.
// - d20 + bonus >= AC hits; a natural 1 misses, a natural 20 hits and is a critical: every die
//   rolled twice, modifiers once. A hit taking a member to 0 HP with damage - HP >= max HP
//   kills it outright, else it is dying at 0/0; a hit at 0 HP with damage >= max HP kills it,
//   else it is dying (successes reset) with one failure more, two on a critical. Opponents die at
//   0 HP. The fight ends at once when no opponent is alive (won) or no member stands (fell).
// - After the fight, while some member is dying: rounds of the members alone in the same order,
//   the dying saving and a standing healer picking up a dying ally (a member standing up on a 20
//   may heal in that turn), until each is dead, stable or standing.
#include "bench/peer_party.h"

#include <algorithm>
#include <array>
#include <bit>
#include <stdexcept>

#include "bench/splitmix.h"

namespace peer {

namespace {

struct Rng {
  uint64_t state;
  uint64_t draws = 0;
  uint64_t next() {
    state += kGamma;
    ++draws;
    return mix64(state);
  }
  // Uniform on [0, n), exact (Lemire 2019): the rejection almost never runs, as n < 2^40 here.
  uint64_t below(uint64_t n) {
    unsigned __int128 m = static_cast<unsigned __int128>(next()) * n;
    if (static_cast<uint64_t>(m) < n) {
      const uint64_t t = -n % n;
      while (static_cast<uint64_t>(m) < t) m = static_cast<unsigned __int128>(next()) * n;
    }
    return static_cast<uint64_t>(m >> 64);
  }
};

// The set bits of a 4-bit mask, and the k-th of them (k from 0): a uniform pick among the
// standing or the fallen. A table, as the build targets baseline x86-64 (no popcnt).
struct Bits {
  std::array<uint8_t, 16> count{};
  std::array<std::array<uint8_t, 4>, 16> nth{};
};
constexpr Bits kBits = [] {
  Bits t;
  for (unsigned m = 0; m < 16; ++m)
    for (unsigned b = 0; b < 4; ++b)
      if (m >> b & 1) t.nth[m][t.count[m]++] = static_cast<uint8_t>(b);
  return t;
}();

inline unsigned pick(Rng& r, unsigned mask) {
  return kBits.nth[mask][r.below(kBits.count[mask])];
}

enum class End { None, Won, Fell };

}  // namespace

uint32_t PartyPeer::add_sums(Dice d, Dice e) {
  std::vector<int> sides;
  for (const Dice& g : {d, e}) {
    if (g.count < 0 || g.sides < 1)
      throw std::invalid_argument("peer: dice need count >= 0, sides >= 1");
    sides.insert(sides.end(), static_cast<size_t>(g.count), g.sides);
  }
  uint64_t n = 1;
  for (const int k : sides)
    if ((n *= static_cast<uint64_t>(k)) > (1u << 20))
      throw std::invalid_argument("peer: a dice group has more than 2^20 outcomes");
  const auto at = static_cast<uint32_t>(sums_.size());
  for (uint64_t k = 0; k < n; ++k) {
    int sum = 0;
    uint64_t x = k;
    for (const int f : sides) {
      sum += static_cast<int>(x % static_cast<uint64_t>(f)) + 1;
      x /= static_cast<uint64_t>(f);
    }
    sums_.push_back(static_cast<int16_t>(sum));
  }
  return at;
}

PartyPeer::PartyPeer(const PartySpec& s)
    : np_(static_cast<int>(s.party.size())),
      no_(static_cast<int>(s.opponents.size())),
      c_{},
      strike_threshold_(0),
      strike_always_(s.strike_fallen >= 1),
      round_cap_(s.round_cap) {
  if (np_ < 1 || np_ > kMaxSide || no_ < 1 || no_ > kMaxSide)
    throw std::invalid_argument("peer: 1 to 4 members and 1 to 4 opponents");
  if (s.strike_fallen > 0 && s.strike_fallen < 1)
    strike_threshold_ = static_cast<uint64_t>(s.strike_fallen * 0x1p64);
  auto weapon = [&](Combatant& c, const Weapon& w, int attacks) {
    c.attacks = attacks;
    c.bonus = w.bonus;
    c.modifier = w.modifier;
    c.weapon = add_sums(w.dice);
    c.weapon_n = static_cast<uint32_t>(sums_.size()) - c.weapon;
  };
  for (int i = 0; i < np_; ++i) {
    const Member& m = s.party[static_cast<size_t>(i)];
    Combatant& c = c_[i];
    c.hp = m.max_hp;
    c.ac = m.ac;
    c.initiative = m.initiative;
    weapon(c, m.weapon, m.attacks);
    c.first = c.weapon, c.first_n = c.weapon_n;
    if (m.sneak.count > 0) {
      c.first = add_sums(m.weapon.dice, m.sneak);
      c.first_n = static_cast<uint32_t>(sums_.size()) - c.first;
    }
    c.heal = add_sums(m.healing);
    c.heal_n = static_cast<uint32_t>(sums_.size()) - c.heal;
    c.healing_uses = m.healing_uses;
    c.healing_modifier = m.healing_modifier;
    c.medicine = m.medicine;
    c.medicine_bonus = m.medicine_bonus;
    if (m.max_hp < 1) throw std::invalid_argument("peer: a member needs max_hp >= 1");
  }
  for (int j = 0; j < no_; ++j) {
    const Opponent& o = s.opponents[static_cast<size_t>(j)];
    Combatant& c = c_[np_ + j];
    c.hp = o.hp;
    c.ac = o.ac;
    c.initiative = o.initiative;
    weapon(c, o.weapon, o.attacks);
    c.first = c.weapon, c.first_n = c.weapon_n;
    if (o.hp < 1) throw std::invalid_argument("peer: an opponent needs hp >= 1");
  }
}

void PartyPeer::run(uint64_t seed, uint64_t first, uint64_t count, Totals& out) const {
  const uint64_t seed_key = mix64(seed);
  const int np = np_, no = no_, n = np_ + no_;
  const int16_t* sums = sums_.data();
  uint64_t init_range = 1;
  for (int i = 0; i < n; ++i) init_range *= 20;
  Totals t;
  for (uint64_t trial = first; trial < first + count; ++trial) {
    Rng r{mix64(seed_key ^ trial)};

    // Initiative: one draw of n d20s; by total, then bonus, then party first, then index.
    uint32_t key[2 * kMaxSide];
    {
      uint64_t v = r.below(init_range);
      for (int i = 0; i < n; ++i, v /= 20) {
        const int total = static_cast<int>(v % 20) + 1 + c_[i].initiative;
        key[i] = static_cast<uint32_t>(total + 512) << 20 |
                 static_cast<uint32_t>(c_[i].initiative + 512) << 8 |
                 static_cast<uint32_t>(255 - i);
      }
      for (int i = 1; i < n; ++i)  // insertion sort, descending
        for (int j = i; j > 0 && key[j] > key[j - 1]; --j) std::swap(key[j], key[j - 1]);
    }
    uint8_t order[2 * kMaxSide];
    for (int i = 0; i < n; ++i) order[i] = static_cast<uint8_t>(255 - (key[i] & 255));

    int hp[2 * kMaxSide];
    for (int i = 0; i < n; ++i) hp[i] = c_[i].hp;
    int uses[kMaxSide];
    uint8_t fails[kMaxSide] = {}, succ[kMaxSide] = {};
    for (int i = 0; i < np; ++i) uses[i] = c_[i].healing_uses;
    // Members: standing (HP > 0), down (alive at 0 HP), stable (down, no saves), dead.
    unsigned standing = (1u << np) - 1, down = 0, stable = 0, dead = 0;
    unsigned foes = (1u << no) - 1;  // opponents standing (they die at 0 HP)

    auto kill = [&](unsigned i) {
      dead |= 1u << i;
      down &= ~(1u << i);
      stable &= ~(1u << i);
    };
    // A death save (SRD): true if a natural 20 stood the member up.
    auto death_save = [&](unsigned i) {
      const int d = static_cast<int>(r.below(20)) + 1;
      if (d == 20) {
        hp[i] = 1;
        fails[i] = succ[i] = 0;
        down &= ~(1u << i);
        standing |= 1u << i;
        return true;
      }
      if (d == 1)
        fails[i] += 2;
      else if (d >= 10)
        ++succ[i];
      else
        ++fails[i];
      if (fails[i] >= 3)
        kill(i);
      else if (succ[i] >= 3) {
        stable |= 1u << i;
        fails[i] = succ[i] = 0;
      }
      return false;
    };
    // The healer's pick-up among `fallen` (allies alive at 0 HP): true if it took the action
    // (a Medicine check), so the turn ends.
    auto pick_up = [&](unsigned i, unsigned fallen) {
      const Combatant& c = c_[i];
      const unsigned dying = fallen & ~stable;
      unsigned p = std::countr_zero(fallen);
      if (dying) {
        p = std::countr_zero(dying);
        for (unsigned m = dying & (dying - 1); m; m &= m - 1) {
          const unsigned q = std::countr_zero(m);
          if (fails[q] > fails[p]) p = q;
        }
      }
      if (uses[i] > 0) {
        --uses[i];
        const int amount = sums[c.heal + r.below(c.heal_n)] + c.healing_modifier;
        if (amount > 0) {
          hp[p] = std::min(amount, c_[p].hp);
          fails[p] = succ[p] = 0;
          down &= ~(1u << p);
          stable &= ~(1u << p);
          standing |= 1u << p;
        }
        return false;
      }
      if (!(dying >> p & 1) || !c.medicine) return false;
      if (static_cast<int>(r.below(20)) + 1 + c.medicine_bonus >= 10) {
        stable |= 1u << p;
        fails[p] = succ[p] = 0;
      }
      return true;
    };

    // A combatant's turn in the fight; returns how it ended the fight, if it did.
    auto turn = [&](unsigned who) -> End {
      const Combatant& c = c_[who];
      if (who < static_cast<unsigned>(np)) {
        const unsigned bit = 1u << who;
        if (dead & bit) return End::None;
        if (!(standing & bit)) {
          if ((stable & bit) || !death_save(who)) return End::None;
        }
        if (c.medicine || c.healing_uses > 0) {
          const unsigned fallen = down & ~bit;
          if (fallen && pick_up(who, fallen)) return End::None;
        }
        int target = -1;
        bool first = true;  // no hit yet this turn: the sneak dice join the weapon's
        for (int a = 0; a < c.attacks; ++a) {
          if (target < 0 || hp[np + target] <= 0) target = static_cast<int>(pick(r, foes));
          const Combatant& o = c_[np + target];
          const uint32_t tab = first ? c.first : c.weapon, tab_n = first ? c.first_n : c.weapon_n;
          const uint64_t v = r.below(20 * uint64_t{tab_n});
          const int d = static_cast<int>(v % 20) + 1;
          const bool hit = d == 20 || (d != 1 && d + c.bonus >= o.ac);
          int dmg = sums[tab + v / 20] + c.modifier;
          if (d == 20) dmg += sums[tab + r.below(tab_n)];  // a critical: every die twice
          first = first && !hit;
          dmg = hit && dmg > 0 ? dmg : 0;  // a miss as no damage, not a branch
          if ((hp[np + target] -= dmg) <= 0) {
            foes &= ~(1u << target);
            if (!foes) return End::Won;
          }
        }
        return End::None;
      }
      if (hp[who] <= 0) return End::None;  // a dead opponent
      int kept = -1;
      for (int a = 0; a < c.attacks; ++a) {
        unsigned tgt;
        const unsigned fallen = down;
        if (fallen && (strike_always_ || r.next() < strike_threshold_)) {
          tgt = pick(r, fallen);
        } else {
          if (kept < 0 || hp[kept] <= 0) kept = static_cast<int>(pick(r, standing));
          tgt = static_cast<unsigned>(kept);
        }
        const Combatant& m = c_[tgt];
        const unsigned bit = 1u << tgt;
        const bool at_zero = !(standing & bit);
        int d, idx;
        if (at_zero) {  // advantage, melee: any hit a critical
          const uint64_t v = r.below(400 * uint64_t{c.weapon_n});
          d = static_cast<int>(std::max(v % 20, v / 20 % 20)) + 1;
          idx = static_cast<int>(v / 400);
        } else {
          const uint64_t v = r.below(20 * uint64_t{c.weapon_n});
          d = static_cast<int>(v % 20) + 1;
          idx = static_cast<int>(v / 20);
        }
        const bool hit = d == 20 || (d != 1 && d + c.bonus >= m.ac);
        const bool crit = hit && (d == 20 || at_zero);
        int dmg = sums[c.weapon + idx] + c.modifier;
        if (crit) dmg += sums[c.weapon + r.below(c.weapon_n)];
        dmg = hit && dmg > 0 ? dmg : 0;  // a miss as no damage
        if (!at_zero) {
          if (dmg < hp[tgt]) {  // a miss too
            hp[tgt] -= dmg;
            continue;
          }
          const int overflow = dmg - hp[tgt];
          hp[tgt] = 0;
          standing &= ~bit;
          if (overflow >= m.hp) {  // massive damage
            kill(tgt);
          } else {
            down |= bit;
            stable &= ~bit;
            fails[tgt] = succ[tgt] = 0;
          }
          if (!standing) return End::Fell;
        } else if (dmg == 0) {
          continue;
        } else if (dmg >= m.hp) {
          kill(tgt);
        } else {
          stable &= ~bit;  // a stable member's tallies are already 0; a dying one keeps its
                           // successes (SRD: damage at 0 HP adds failures, nothing else)
          fails[tgt] += crit ? 2 : 1;
          if (fails[tgt] >= 3) kill(tgt);
        }
      }
      return End::None;
    };

    End end = End::None;
    int round = 1;
    for (;; ++round) {
      for (int k = 0; k < n && end == End::None; ++k) end = turn(order[k]);
      if (end != End::None || round == round_cap_) break;
    }
    t.rounds_sum += static_cast<uint64_t>(round);
    t.fights_won += end == End::Won;
    t.party_fell += end == End::Fell;

    // Aftermath: the dying save, and a standing healer picks up a dying ally, until no one is
    // dying; members only, in the initiative order.
    while (down & ~stable) {
      for (int k = 0; k < n; ++k) {
        const unsigned i = order[k], bit = 1u << i;
        if (i >= static_cast<unsigned>(np) || (dead & bit)) continue;
        if (!(standing & bit) && ((stable & bit) || !death_save(i))) continue;
        const Combatant& c = c_[i];
        if (c.medicine || c.healing_uses > 0) {
          const unsigned dying = down & ~stable & ~bit;
          if (dying) pick_up(i, dying);
        }
      }
    }
    const unsigned deaths = static_cast<unsigned>(std::popcount(dead));
    t.deaths += deaths;
    t.trials_with_death += deaths > 0;
    t.draws += r.draws;
  }
  t.trials = count;
  out.trials += t.trials;
  out.trials_with_death += t.trials_with_death;
  out.deaths += t.deaths;
  out.fights_won += t.fights_won;
  out.party_fell += t.party_fell;
  out.rounds_sum += t.rounds_sum;
  out.draws += t.draws;
}

}  // namespace peer
