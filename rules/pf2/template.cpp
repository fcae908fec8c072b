// The commented pf2 scenario that `lethality rules pf2 --template` prints: every key the pf2
// loader reads, each set to its default or to an example. It is also what `lethality rules
// pf2` reads to list the keys (tests/test_key_catalog.cpp: it loads, and it leaves no branch of
// the loader unread).
#include "rules/pf2/model.h"

namespace leth::pf2 {

const char* scenario_template() {
  return R"(# A pf2 scenario: every key, at its default or an example. Keep what you need.
name = "my-scenario"        # names the results folder: letters, digits, - _ .
description = "A level-1 fighter against goblins; a cleric arrives after 1d4 rounds."
ruleset = "pf2"
trials = 100_000            # 1 .. 10^12; 1e5 reads too
seed = 1
horizon = "30 days"         # a trial still unresolved then is reported as such

[options]                   # `lethality rules pf2` explains each
recovery_check = "fortitude"          # seed 004; "flat" is Player Core's DC 10 + dying
wounded = false
doomed = false
massive_damage = true
damage_while_dying = "increase"
heroic_recovery = "before_death"
heroic_recovery_effect = "one_hp"
stable_wake = "10 minutes"
first_aid_dc = "15_plus_dying"

[character]
level = 1                   # for resting: Con x level HP a night
max_hp = 20                 # required
ac = 18
fortitude = 7               # the recovery save with recovery_check = "fortitude"
reflex = 5
will = 4
con = 2                     # Constitution modifier
temp_hp = 0
hero_points = 1             # 0..3
wounded = 0                 # starting values, with the options of the same name
doomed = 0

[encounter]
rounds = "1d4+2"            # or a number
initiative = "attackers_first"        # or "character_first"

[[encounter.attackers]]     # a Strike: d20 + attack_bonus against the character's AC
name = "goblin warrior"
count = 3                   # creatures of this kind, each with its own turn
attack_bonus = 8
strikes = 2                 # Strikes a turn; the 2nd at -map, the 3rd and 4th at -2 x map
map = 5                     # 4 for agile weapons
damage = "1d6"
damage_type = "slashing"
channel = "lethal"          # or "nonlethal"
dc = 16                     # the recovery DC when this knocks the character out
keep_attacking_downed = 0.25          # chance, before each Strike at the fallen, to make it
first_round = 1
last_round = 1000
death_effect = false        # reduced to 0 HP by it: dead at once

[[encounter.attackers]]     # a basic save against dc
name = "fire trap"
save = "reflex"             # or "fortitude", "will"
dc = 18
damage = "2d6"
damage_type = "fire"
first_round = 2
last_round = 2

[[encounter.attackers]]     # a fixed chance to hit
name = "falling rocks"
hit_chance = 0.5
crit_chance = 0.05          # part of hit_chance
damage = "1d4"
damage_type = "bludgeoning"
dc = 15
last_round = 1

[[encounter.attackers]]     # several different Strikes a turn, in the order given
name = "troll"
dc = 20
first_round = 3
[[encounter.attackers.attacks]]
name = "jaws"
attack_bonus = 14
damage = "2d10+6"
damage_type = "piercing"
agile = false               # the multiple attack penalty: -5 / -10, or -4 / -8 if agile
strikes = 1                 # this attack so many times in a row
[[encounter.attackers.attacks]]
name = "claw"
attack_bonus = 14
damage = "2d8+6"
damage_type = "slashing"
agile = true
strikes = 2

[aftercare]
help_arrives = "1d4 rounds" # from the start of the fight; leave out [aftercare]: nobody comes

[aftercare.healer]
medicine = 5                # Medicine modifier: first aid and Treat Wounds
first_aid = true            # default: true when medicine is given
treat_wounds = true         # default: true when medicine is given
treat_wounds_dc = 15        # 15, 20, 30 or 40
heal = "1d8+8"              # a heal spell or potion ...
heal_uses = 1               # ... and how many
heal_after_fight = true     # spend the heals left to top up after the fight
temp_hp = "1d8+4"           # temporary HP when the healer arrives during the fight

[recovery]
rest = "nightly"            # or "none"
first_rest = "8 hours"      # from the end of the fight to the first night's rest

[[variants]]                # compared with the scenario as written ("baseline")
name = "player-core"
description = "The published rules throughout."
options = { recovery_check = "flat", wounded = true, doomed = true, heroic_recovery_effect = "stabilize" }
)";
}

}  // namespace leth::pf2
