// The party benchmark's hand-written peer (bench/peer_party.h): invariants that hold whatever the
// dice, and two exact values of fights small enough to solve by hand. Its P(at least one death)
// on the benchmark itself is the engine's reference, not something to hard-code here.
#include <catch2/catch.hpp>

#include <cmath>

#include "bench/peer_party.h"

using peer::PartyPeer;
using peer::PartySpec;
using Totals = PartyPeer::Totals;

namespace {

Totals run(const PartySpec& s, uint64_t trials, uint64_t seed = 7, uint64_t first = 0) {
  Totals t;
  PartyPeer(s).run(seed, first, trials, t);
  return t;
}

// One member alone against one opponent whose every hit deals exactly `damage` (no dice) and
// misses only on a natural 1 (the member's AC is 0); the member never attacks.
PartySpec duel(int max_hp, int damage) {
  PartySpec s;
  peer::Member m;
  m.max_hp = max_hp, m.ac = 0;
  s.party = {m};
  peer::Opponent o;
  o.hp = 10, o.ac = 10, o.attacks = 1, o.weapon = {0, {0, 1}, damage};
  s.opponents = {o};
  return s;
}

// SRD death saves from (successes, failures): P(three failures first), a natural 20 standing
// the character up, a natural 1 two failures.
double p_death(int s, int f) {
  if (f >= 3) return 1;
  if (s >= 3) return 0;
  return (p_death(s, f + 2) + 8 * p_death(s, f + 1) + 10 * p_death(s + 1, f)) / 20;
}

}  // namespace

TEST_CASE("party peer: opponents that never attack kill no one, and every fight is won",
          "[party-peer]") {
  PartySpec s;
  for (auto& o : s.opponents) o.attacks = 0;
  const Totals t = run(s, 20000);
  CHECK(t.trials == 20000);
  CHECK(t.deaths == 0);
  CHECK(t.trials_with_death == 0);
  CHECK(t.fights_won == t.trials);
  CHECK(t.party_fell == 0);
}

TEST_CASE("party peer: a party that never attacks nor heals loses every fight without a cap",
          "[party-peer]") {
  PartySpec s;
  for (auto& m : s.party) m.attacks = 0, m.healing_uses = 0, m.medicine = false;
  s.round_cap = 0;
  const Totals t = run(s, 20000);
  CHECK(t.fights_won == 0);
  CHECK(t.party_fell == t.trials);
  CHECK(t.trials_with_death > 0);
  CHECK(t.deaths >= t.trials_with_death);
  CHECK(t.deaths <= 4 * t.trials_with_death);
}

TEST_CASE("party peer: a trial's dice depend on (seed, trial) alone", "[party-peer]") {
  const PartySpec s;
  const Totals all = run(s, 5000);
  CHECK(run(s, 5000) == all);
  Totals split;
  const PartyPeer p(s);
  p.run(7, 0, 1234, split);
  p.run(7, 1234, 5000 - 1234, split);
  CHECK(split == all);
  CHECK_FALSE(run(s, 5000, 8) == all);
  // The sums hold together: each fight ends one way at most, and lasts at least one round.
  CHECK(all.fights_won + all.party_fell <= all.trials);
  CHECK(all.rounds_sum >= all.trials);
  CHECK(all.deaths >= all.trials_with_death);
}

TEST_CASE("party peer: with a round cap of 1 every fight lasts exactly one round", "[party-peer]") {
  PartySpec s;
  s.round_cap = 1;
  const Totals t = run(s, 20000);
  CHECK(t.rounds_sum == t.trials);
}

TEST_CASE("party peer: a blow that leaves more than max HP past 0 kills outright", "[party-peer]") {
  const Totals t = run(duel(20, 40), 5000);  // 20 past 0 HP >= 20: massive damage
  CHECK(t.party_fell == t.trials);
  CHECK(t.deaths == t.trials);
}

TEST_CASE("party peer: a member knocked to exactly 0 HP, alone, dies as the death-save chain says",
          "[party-peer]") {
  // Every hit is exactly 20 on 20 HP: dying at 0/0; the fight ends (the party fell), and the
  // aftermath is the member's saves alone. The hit lands unless the d20 shows 1: the fight
  // lasts a geometric number of rounds, mean 20/19.
  constexpr uint64_t n = 200000;
  const Totals t = run(duel(20, 20), n);
  CHECK(t.party_fell == n);
  const double p = p_death(0, 0);
  const double p_hat = static_cast<double>(t.deaths) / n;
  CHECK(std::abs(p_hat - p) < 4 * std::sqrt(p * (1 - p) / n));
  const double rounds = static_cast<double>(t.rounds_sum) / n, sd = std::sqrt(0.05) / 0.95;
  CHECK(std::abs(rounds - 20.0 / 19) < 4 * sd / std::sqrt(double(n)));
}

TEST_CASE("party peer: an opponent killed before its turn does not act", "[party-peer]") {
  // One round. The member acts first and kills one of two 1-HP opponents unless its d20 shows 1;
  // each opponent left hits only on a natural 20, for exactly the member's 1 HP.
  PartySpec s;
  peer::Member m;
  m.max_hp = 1, m.ac = 0, m.initiative = 100, m.attacks = 1, m.weapon = {100, {0, 1}, 10};
  s.party = {m};
  peer::Opponent o;
  o.hp = 1, o.ac = 0, o.attacks = 1, o.weapon = {-100, {0, 1}, 1};
  s.opponents = {o, o};
  s.round_cap = 1;
  constexpr uint64_t n = 200000;
  const Totals t = run(s, n);
  CHECK(t.fights_won == 0);
  const double p = 0.95 * 0.05 + 0.05 * (1 - 0.95 * 0.95);  // one opponent left, or two
  const double p_hat = static_cast<double>(t.party_fell) / n;
  CHECK(std::abs(p_hat - p) < 4 * std::sqrt(p * (1 - p) / n));
}
