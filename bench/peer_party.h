// The hand-written peer of the party benchmark (issue 21 §5, dnd5e-party-bench.toml):
// four level-5 D&D 5e characters against three orogs, fought to the end with death saves and a
// cleric picking up the fallen, then the dying left to their saves and the cleric. The tightest
// single-purpose loop we could write for the same question — P(at least one member dead) — with
// no engine code; the engine's speed goal is measured against it (bench/bench_party.cpp,
// bench/README.md). The rules it plays are written out in bench/README.md ("The party
// question").
#pragma once

#include <cstdint>
#include <vector>

namespace peer {

struct Dice {
  int count = 0;  // 0: no dice (a flat amount)
  int sides = 1;
};

struct Weapon {
  int bonus = 0;  // to hit
  Dice dice;      // rolled twice on a critical hit
  int modifier = 0;
};

struct Member {
  int max_hp = 1;
  int ac = 10;
  int initiative = 0;
  int attacks = 0;  // per turn
  Weapon weapon;
  Dice sneak;  // added to the first hit of each of its turns (rolled twice on a critical)
  // Pick-up, "at once": Healing Word (a bonus action) while uses remain, else a Medicine check
  // to stabilise a dying ally (the action).
  int healing_uses = 0;
  Dice healing;
  int healing_modifier = 0;
  bool medicine = false;
  int medicine_bonus = 0;
};

struct Opponent {
  int hp = 1;  // dies at 0
  int ac = 10;
  int initiative = 0;
  int attacks = 0;
  Weapon weapon;  // melee: advantage against a member at 0 HP, and any hit a critical
};

// The benchmark's numbers (SRD level-5 characters, the orog's stat block), in list order.
inline Member fighter() {  // 2 longsword attacks, +7, 1d8+4
  Member m;
  m.max_hp = 44, m.ac = 18, m.initiative = 1;
  m.attacks = 2, m.weapon = {7, {1, 8}, 4};
  return m;
}
inline Member cleric() {  // mace +5, 1d6+2; Healing Word x4, 1d4+3; Medicine +5
  Member m;
  m.max_hp = 38, m.ac = 18, m.initiative = 0;
  m.attacks = 1, m.weapon = {5, {1, 6}, 2};
  m.healing_uses = 4, m.healing = {1, 4}, m.healing_modifier = 3;
  m.medicine = true, m.medicine_bonus = 5;
  return m;
}
inline Member rogue() {  // shortsword +7, 1d6+4, sneak attack 3d6
  Member m;
  m.max_hp = 33, m.ac = 15, m.initiative = 4;
  m.attacks = 1, m.weapon = {7, {1, 6}, 4}, m.sneak = {3, 6};
  return m;
}
inline Member wizard() {  // fire bolt +7, 2d10
  Member m;
  m.max_hp = 27, m.ac = 12, m.initiative = 2;
  m.attacks = 1, m.weapon = {7, {2, 10}, 0};
  return m;
}
inline Opponent orog() {  // 2 greataxe attacks, +6, 1d12+4
  Opponent o;
  o.hp = 42, o.ac = 18, o.initiative = 1;
  o.attacks = 2, o.weapon = {6, {1, 12}, 4};
  return o;
}

struct PartySpec {
  std::vector<Member> party = {fighter(), cleric(), rogue(), wizard()};
  std::vector<Opponent> opponents = {orog(), orog(), orog()};
  double strike_fallen = 0.25;  // per opponent attack, when a member is alive at 0 HP
  int round_cap = 100;          // 0: none (the fight must then be able to end)
};

class PartyPeer {
 public:
  static constexpr int kMaxSide = 4;  // members, and opponents

  struct Totals {
    uint64_t trials = 0;
    uint64_t trials_with_death = 0;  // at least one member dead at the end
    uint64_t deaths = 0;             // members dead, summed over trials
    uint64_t fights_won = 0;         // no opponent alive
    uint64_t party_fell = 0;         // every member at 0 HP or dead when the fight ended
    uint64_t rounds_sum = 0;         // the fight's length in rounds (the round it ended in)
    uint64_t draws = 0;              // 64-bit random draws
    bool operator==(const Totals&) const = default;
  };

  // Checks the spec (sizes, dice) and precomputes the dice sums; throws std::invalid_argument.
  explicit PartyPeer(const PartySpec& spec = {});
  // Runs trials [first, first + count) of `seed`, adding to `out`. Trial i draws from its own
  // SplitMix64 seeded with mix64(mix64(seed) ^ i), so any split of a range gives the same sums.
  void run(uint64_t seed, uint64_t first, uint64_t count, Totals& out) const;

 private:
  struct Combatant {
    int hp, ac, initiative, attacks, bonus, modifier;
    uint32_t weapon, weapon_n;  // offset and size of the weapon dice's sums in sums_
    uint32_t first, first_n;    // the weapon's and the sneak dice's, for the turn's first hit
    uint32_t heal, heal_n;
    int healing_uses, healing_modifier, medicine_bonus;
    bool medicine;
  };
  uint32_t add_sums(Dice d, Dice e = {});

  int np_, no_;
  Combatant c_[2 * kMaxSide];  // members 0..np_-1, then the opponents
  std::vector<int16_t> sums_;  // sums of all a dice group's faces, by mixed-radix index
  uint64_t strike_threshold_;  // P(strike the fallen) x 2^64
  bool strike_always_;
  int round_cap_;
};

}  // namespace peer
