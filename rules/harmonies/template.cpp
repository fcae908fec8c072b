// The commented harmonies scenario that `lethality rules harmonies --template` prints: every
// key the loader reads, at its default or an example. `lethality rules harmonies` reads it to
// list the keys (tests/test_key_catalog.cpp: it loads, runs, and leaves no branch unread).
#include "rules/harmonies/model.h"

namespace leth::harmonies {

const char* scenario_template() {
  return R"(# A harmonies scenario: every key, at its default or an example. Keep what you need.
name = "my-scenario"        # names the results folder: letters, digits, - _ .
description = "A duel with blades; a companion tends the wounds."
ruleset = "harmonies"
trials = 100_000
seed = 1
horizon = "60 days"         # a trial still unresolved then is reported as such

[options]                   # `lethality rules harmonies` explains each
open_rolls = false          # ±d10°: a 10 rolls again and adds 10
success = "at_least_zero"   # or "above_zero"
pain_per_penalty = 1        # pain points per -1 on every test
healing_after_drop = "full_period"    # or "counted_from_rest"
failed_stable_roll = "resume"         # or "restart_rest"
failed_healing_rest = "every_wound"   # or "treated_wound": whose rest a failed healing restarts
surveillance = "until_healed"         # or "minimum_rest": surveillance only that long
mental_healing = "none"     # or "rest"

[character]
survival = 8                # required: Cp+Rs without racial bonus (survival rolls)
fainting = 8                # Rs+It (fainting rolls); default: survival
will = 8                    # Intuition+Résistance (mental damage); default: fainting
first_aid = 0               # the character's own first-aid level (self-help); default -5
self_help = true            # tries first aid on itself while conscious and alone
pain = 11                   # pain at the start, with starting wounds only; default: theirs
trigger_share = 1.0         # share of tests a mental wound's penalty affects (its trigger)
faint_duration = "10 minutes"         # how long a fainting lasts (dice allowed)
caps = { light = 4, grave = 2, critical = 1 }            # wounds per level (wound table)
mental_caps = { shock = 4, trauma = 2, psychosis = 1 }   # mental wounds per level
wounds = { light = 2, grave = 1, critical = 0 }          # held at the start, unstable (Géraldine's)

[encounter]
rounds = "1d4+2"            # rounds of 6 s (or a number)
effort_worsening = 0.05     # per round fought with a grave or critical wound: it worsens
stop_when_fainted = false   # the fight ends when the character faints (a duel)

[[encounter.attackers]]     # the wound a hit inflicts, as chances per hit
name = "duellist"
count = 1
track = "physical"          # or "mental"
hit_chance = 0.5
wound = { light = 0.6, grave = 0.3, critical = 0.1 }     # the rest: a hit without a wound
keep_attacking_downed = 0.0 # chance a round to strike a fainted character
first_round = 1
last_round = 1000

[[encounter.attackers]]     # the wound a hit inflicts, from a damage margin
name = "brute"
hit_chance = 0.3
damage = "1d10"             # the damage margin: >= 1 light, >= grave_at grave, >= critical_at critical
grave_at = 6
critical_at = 10
last_round = 3

[[encounter.attackers]]     # mental damage, resisted with the will
name = "horror"
track = "mental"
hit_chance = 0.2
wound = { light = 0.8, grave = 0.2 }
will_difficulty = -2        # the will roll's difficulty
first_round = 2
last_round = 2

[aftercare]
help_arrives = "10 minutes" # from the start of the fight
helpers = 2                 # first-aid rolls per attempt
first_aid = 3               # the helpers' first-aid level; absent: they cannot stabilise
attempt_time = "1 minute"   # one first-aid attempt
neglect = 0.05              # chance that a surveillance is missed
healer = -2                 # the healer's level for healing rolls; absent: no healing
equipment = -1              # malus for want of equipment (healing rolls)

[recovery]
pain_recovery = "1 hour"    # one pain point back per this, while stable, never below mortality

[[variants]]
name = "no-surveillance-lapses"
aftercare = { neglect = 0.0 }
)";
}

}  // namespace leth::harmonies
