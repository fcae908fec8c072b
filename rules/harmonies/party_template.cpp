// The commented harmonies party scenario that `lethality rules harmonies --party --template`
// prints: every key the party loader reads, each at its default or an example
// (tests/test_key_catalog.cpp). docs/parties.md and rules/harmonies/README.md ("The party
// fight") explain them.
#include "rules/harmonies/model.h"

namespace leth::harmonies {

const char* party_template() {
  return R"(# A harmonies party fight: every key, at its default or an example. Keep what you need.
name = "my-party"
description = "A duellist and a surgeon against two brigands."
ruleset = "harmonies"
trials = 100_000
seed = 1
horizon = "30 days"

[options]                        # the rule options, as for one character
open_rolls = false               # ±d10°: a 10 rolls again and adds, on either die
success = "at_least_zero"        # "above_zero"
pain_per_penalty = 1             # pain points per -1 on every test
healing_after_drop = "full_period"     # the rest after the fight, as for one character:
failed_stable_roll = "resume"          #   "counted_from_rest", "restart_rest",
failed_healing_rest = "every_wound"    #   "treated_wound", "minimum_rest"
surveillance = "until_healed"
mental_healing = "none"          # no effect in a party fight (no mental attacks)

[fight]                          # the policies (docs/parties.md)
party_targets = "random"         # "weakest" (the most mortality), "last_hitter", "healers_first"
opponents_target = "random"
strike_fallen = 0.0              # before each opponent's attack: chance it strikes a fainted member
pick_up = "at_once"              # "two_down", "after_fight": when first aid is given in the fight
morale = 1.0                     # opponents flee once this share of them is down (1: never)
retreat = 1.0                    # the party withdraws once this share of it is down (1: never)
round_cap = 100

[rest]                           # the survivors' therapeutic rest after the fight (every key
                                 # optional; the single character's [aftercare] and [recovery]
                                 # keys of the same names)
neglect = 0.0                    # chance that a surveillance is missed (a survival roll, -1 after)
equipment = 0                    # malus for want of equipment on healing rolls (e.g. -1)
pain_recovery = "1 hour"         # one pain point back per this, while stable; longer than 0

[day]                            # an adventuring day (docs/days.md): the fight again and again
encounters = 1                   # fights in a row, each against fresh opponents (1: this fight)
short_rests = 0                  # hours of rest (heal nothing: wounds heal in the rest after)
travel = "0 minutes"             # between any two encounters
days = 1                         # the day again after a night (8 hours: pain eases, no wound heals)
# instead of encounters: [[day.next]], each a later encounter with its own
# [[day.next.opponents]] (the keys of [[opponents]], with survival); docs/days.md

[[party]]
name = "duellist"                # required: a-z, 0-9, _ (it names the member's columns)
survival = 8                     # required: Cp+Rs, the survival rolls
fainting = 7                     # Rs+It, the fainting rolls; default: survival
defence = 2                      # subtracted from every attack test against it
initiative = 2                   # added to its d20 for the order of the turns
faint_duration = "10 minutes"    # how long a faint lasts (dice allowed)
effort_worsening = 0.0           # sudden effort: chance a turn its grave or critical wound worsens
[party.caps]                     # wounds per level; default the table's 4 / 2 / 1
light = 4
grave = 2
critical = 1
[[party.attacks]]
name = "rapier"
skill = 4                        # a test: ±d10 + skill - its pain - the target's defence
grave_at = 5                     # its margin: 0 to grave_at - 1 light, grave_at grave,
critical_at = 8                  # critical_at critical
strikes = 1                      # the same attack this many times a turn

[[party]]
name = "surgeon"
survival = 6
initiative = 0
[[party.attacks]]
name = "pistol"
hit_chance = 0.4                 # instead of skill: a fixed chance to hit (no test, no pain)
wound = { light = 0.5, grave = 0.3, critical = 0.2 }   # the chances of each level per hit
[party.heals]                    # what the member does for a fallen ally (one key at least)
first_aid = 3                    # its first-aid level: against the sum of the wounds' difficulties
healing = -2                     # its level for the rest's healing rolls: the living member with
                                 # the best (level + its pain) heals everyone; none: no healing

[[opponents]]
name = "brigand"
count = 2
survival = 6                     # the party can wound it; none: cannot be harmed, give rounds
fainting = 6
defence = 1
initiative = 1
faint_duration = "10 minutes"
player_rules = false             # true: comes to after a faint and fights on; false: out of the fight
effort_worsening = 0.0           # as a member's
[opponents.caps]
light = 4
grave = 2
critical = 1
[[opponents.attacks]]
name = "cutlass"
hit_chance = 0.5
wound = { light = 0.6, grave = 0.3, critical = 0.1 }
)";
}

}  // namespace leth::harmonies
