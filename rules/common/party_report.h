// What a party trial reports, the same for every ruleset: the declaration (ends by the number
// of members dead, the party's counters, per-member counters, the shared durations and the
// fight's length) and the outcome made from each member's summary. A ruleset's party plays
// the fight (rules/common/fight.h) and its own recovery, then hands the summaries here.
// docs/parties.md ("What a party trial reports") says what each metric means.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "rules/common/fight.h"
#include "sim/core/metrics.h"
#include "sim/core/outcome.h"

namespace leth::fight {

inline constexpr size_t kMaxMembers = 5;  // two counters and three durations each
static_assert(kMaxMembers <= Outcome::kMaxMembers, "a member life table each");

// One member at the end of its trial.
struct MemberReport {
  bool dead = false;
  Seconds died_at = -1;
  uint32_t falls = 0;        // times it went down
  uint32_t heals_given = 0;  // acts of care that used a resource (a spell, a use)
  Seconds down_first = -1;   // first went down; -1 never
  Seconds up_last = 0;       // last able to act again (after the fight: woken)
  bool hurt = false;         // alive and below full health when the fight's aftermath ended
  Seconds whole_at = -1;     // back to full health after the rest (its downtime when hurt);
                             // -1, or beyond the horizon: not within it
  bool absent = false;       // dead in an adventure before, its place left empty (a campaign's
                             // after_a_death = "go_on"): not in this one, nothing reported
  bool retired = false;      // absent: retired by the campaign's rule, not dead (its end
                             // counts the dead only)
};

// The names of the first `members` of `combatants` (each with a `name`).
template <typename C>
std::vector<std::string> member_names(const std::vector<C>& combatants, size_t members) {
  std::vector<std::string> n;
  for (size_t k = 0; k < members; ++k) n.push_back(combatants[k].name);
  return n;
}

// The declaration for a party of these members (names: a-z, 0-9, _). Validated.
MetricSpec party_metrics(const std::vector<std::string>& members);

// The outcome: ends by deaths, else recovered at `full` (when every survivor is at full health,
// after the ruleset's recovery) or unresolved at the horizon; or, with `left_at` (>= 0: a
// campaign's downtime, sim/engine/campaign.h), unresolved at left_at, when the survivors, every
// one able to act, went on to the next adventure before all were whole. When the party plays on
// after a death (`after_death`, a campaign's after_a_death = "replace" or "go_on") only the
// whole party's death ends it so (the absent dead members' with this adventure's: died_<all>;
// a retired member's absence is not a death): with
// survivors, the deaths are counted and timed, and the end is the survivors'.
Outcome party_outcome(const Result& fight, std::span<const MemberReport> members,
                      uint32_t opponents_defeated, Seconds full, Seconds horizon,
                      Seconds left_at = -1, AfterDeath after_death = AfterDeath::End);

}  // namespace leth::fight
