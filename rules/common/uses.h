// Attacks of limited uses (docs/parties.md: an attack's `uses`, `instead_of`, `per_encounter`,
// `keep`, and in dnd5e `recharge` and `spends`): spell slots and daily powers, one pool an
// attack, at most four a combatant. UsePlan is a combatant's, read once; UseState a body's, in
// the fight. dnd5e and pf2 share them; a ruleset takes a use from the pool's `left` (or, for a
// `shared` pool, from a count of its own: dnd5e's heals) and tells the story.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "rules/common/party_keys.h"
#include "scenarios/reader.h"

namespace leth::fight {

struct UsePlan {
  static constexpr size_t kMaxPools = 4;
  std::array<uint8_t, kMaxPools> uses{};           // at an adventure's start; a night's rest
  std::array<uint8_t, kMaxPools> per_encounter{};  // at most this many an encounter; 0: no cap
  std::array<uint8_t, kMaxPools> keep{};           // never spent below this many
  uint8_t pools = 0;
  uint8_t short_rest = 0;  // bit p: pool p is back after a short rest too (a warlock's slots)
  uint8_t shared = 0;      // bit p: pool p draws from the body's own count (dnd5e: the heals')
};

struct UseState {
  std::array<uint8_t, UsePlan::kMaxPools> left{};  // uses left in each pool
  std::array<uint8_t, UsePlan::kMaxPools> here{};  // spent in this encounter
  uint8_t armed = 0;   // bit p: pool p had a use to spend when the turn began
  uint8_t spent = 0;   // bit p: pool p's use spent in this turn
  uint16_t total = 0;  // spent over the trial (the counter uses_spent)
};

// At a turn's first blow: the pools with a use to spend, more than `keep` left and fewer than
// `per_encounter` spent here; `shared_left` is what a shared pool holds.
inline void arm_uses(const UsePlan& plan, UseState& st, int shared_left) {
  st.armed = 0;
  st.spent = 0;
  for (size_t p = 0; p < plan.pools; ++p) {
    const int left = (plan.shared >> p) & 1 ? shared_left : st.left[p];
    if (left > plan.keep[p] && (plan.per_encounter[p] == 0 || st.here[p] < plan.per_encounter[p]))
      st.armed = static_cast<uint8_t>(st.armed | 1u << p);
  }
}

enum class UseBlow : uint8_t { Skip, Made, Spends };

// A blow of an attack drawing from `pool` (-1: none, made every turn) and replaced by the pools
// `replaced_by` (its `instead_of`): skipped on a turn armed with one of those; an attack of uses
// is made only on a turn armed with its pool, and its first blow of the turn Spends — counted
// here; the caller takes the use from `left[pool]` or its shared count.
inline UseBlow use_blow(UseState& st, int8_t pool, uint8_t replaced_by) {
  if (st.armed & replaced_by) return UseBlow::Skip;
  if (pool < 0) return UseBlow::Made;
  const unsigned bit = 1u << pool;
  if (!(st.armed & bit)) return UseBlow::Skip;
  if (st.spent & bit) return UseBlow::Made;
  st.spent = static_cast<uint8_t>(st.spent | bit);
  ++st.here[static_cast<size_t>(pool)];
  ++st.total;
  return UseBlow::Spends;
}

// What a ruleset's attacks may say of their uses, beyond `uses`, `instead_of`, `per_encounter`
// and `keep`.
struct UseKeys {
  bool recharge = false;  // `recharge = "long_rest" | "short_rest"` (dnd5e)
  bool spends = false;    // `spends = "heals"` (dnd5e): the pool is the heals' uses
  bool heals = false;     // with spends: the combatant has [party.heals]
};

// Reads the uses of each attack table (table i's strikes start at firsts[i] in `turn`): a pool
// of `plan` for each that has them, set in its strikes' `pool`, and the attacks they replace.
template <typename Attack>
void read_uses(std::vector<Reader>& tables, const std::vector<size_t>& firsts,
               std::vector<Attack>& turn, UsePlan& plan, const UseKeys& can) {
  std::vector<std::optional<std::string>> instead_of(tables.size());
  for (size_t i = 0; i < tables.size(); ++i) {
    Reader& t = tables[i];
    const std::optional<int64_t> uses = t.get_int("uses", 1, 100);
    const bool spends = can.spends && t.get_choice("spends", {"heals"}).has_value();
    if (spends && uses)
      t.fail("spends", "both uses and spends: its uses are its own, or its heals'",
             "remove uses to spend the [party.heals] uses (slots shared with the healing "
             "spells), or spends to give it its own");
    if (spends && !can.heals)
      t.fail("spends", "spends = \"heals\" without [party.heals]: no heals' uses to spend",
             "add [party.heals] with dice and uses, or give the attack uses of its own");
    if (spends && t.has("recharge"))
      t.fail("recharge", "an attack that spends the heals' uses gets them back as the heals do",
             "remove recharge");
    const std::optional<int64_t> keep = t.get_int("keep", 0, 100);
    std::optional<std::string> recharge;
    if (can.recharge) recharge = t.get_choice("recharge", {"long_rest", "short_rest"});
    const std::optional<std::string>& instead = instead_of[i] = t.get_string("instead_of");
    const std::optional<int64_t> cap = t.get_int("per_encounter", 1, 100);
    if (!uses && !spends) {
      if (recharge || instead || cap || keep)
        t.fail(recharge  ? "recharge"
               : instead ? "instead_of"
               : cap     ? "per_encounter"
                         : "keep",
               "an attack without uses is made every turn: nothing to recharge, replace or cap",
               "add uses = 2 (its spell slots, or its uses a day)");
      continue;
    }
    if (plan.pools == UsePlan::kMaxPools)
      t.fail("uses",
             "more than " + std::to_string(UsePlan::kMaxPools) +
                 " attacks of limited uses in one combatant",
             "keep four; give the others' uses to one of them");
    const size_t pool = plan.pools++;
    plan.uses[pool] = static_cast<uint8_t>(uses.value_or(0));  // spends: the heals' count
    plan.per_encounter[pool] = static_cast<uint8_t>(cap.value_or(0));
    plan.keep[pool] = static_cast<uint8_t>(keep.value_or(0));
    if (spends) plan.shared = static_cast<uint8_t>(plan.shared | 1u << pool);
    if (recharge == "short_rest")
      plan.short_rest = static_cast<uint8_t>(plan.short_rest | 1u << pool);
    const size_t end = i + 1 < firsts.size() ? firsts[i + 1] : turn.size();
    for (size_t a = firsts[i]; a < end; ++a) turn[a].pool = static_cast<int8_t>(pool);
  }
  read_instead_of(tables, firsts, turn, instead_of, &Attack::pool, "uses");
}

}  // namespace leth::fight
