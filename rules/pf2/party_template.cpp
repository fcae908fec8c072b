// The commented pf2 party scenario that `lethality rules pf2 --party --template` prints: every
// key the party loader reads, each at its default or an example (tests/test_key_catalog.cpp).
// docs/parties.md and rules/pf2/README.md ("The party fight") explain them.
#include <string>

#include "rules/common/party_keys.h"
#include "rules/pf2/model.h"

namespace leth::pf2 {

const char* party_template() {
  static const std::string text =
      std::string(
          R"(# A pf2 party fight: every key, at its default or an example. Keep what you need.
name = "my-party"
description = "Two level-3 adventurers against a pack of wolves."
ruleset = "pf2"
trials = 100_000
seed = 1
horizon = "30 days"

[options]                        # the rule options, as for one character (lethality rules pf2)
recovery_check = "flat"          # "fortitude": seed 004's save against the knock-out DC + dying
wounded = true
doomed = true

[day]                            # an adventuring day (docs/days.md): the fight again and again
encounters = 1                   # fights in a row, each against fresh opponents (1: this fight)
short_rests = 0                  # hours of Treat Wounds (and Refocus) spread between them
travel = "0 minutes"             # between any two encounters
days = 1                         # the day again after a night's rest (Con x level HP,
                                 # doomed - 1, the Heals and Focus Points back)
# instead of encounters: [[day.next]], each a later encounter with its own
# [[day.next.opponents]] (the keys of [[opponents]], with hp); docs/days.md

)") + fight::policies_template() +
      R"(
[[party]]
name = "fighter"                 # required: a-z, 0-9, _ (it names the member's columns)
level = 3
max_hp = 44                      # required
ac = 20
initiative = 8                   # Perception
fortitude = 9                    # the recovery save with recovery_check = "fortitude"
con = 2                          # Constitution modifier: HP from a night's rest
temp_hp = 0
hero_points = 1
wounded = 0                      # at the start of the fight
doomed = 0
dc = 19                          # class DC: the recovery DC of an opponent it knocks out (player_rules)
[[party.attacks]]
name = "longsword"
attack_bonus = 12                # a d20 against the target's AC, four degrees
damage = "1d8+4"
damage_type = "slashing"
strikes = 2                      # the same Strike this many times a turn, each one action
agile = false                    # true: the multiple attack penalty is -4/-8, not -5/-10

[[party]]
name = "cleric"
level = 3
max_hp = 35
ac = 18
initiative = 9
fortitude = 6
con = 1
[[party.attacks]]
name = "divine lance"
hit_chance = 0.5                 # instead of attack_bonus: a fixed chance to hit
crit_chance = 0.1                # with hit_chance: the part of the hits that are critical
damage = "2d4"
damage_type = "spirit"
[party.heals]                    # what the member does for a fallen ally
dice = "2d8"                     # a Heal spell
uses = 4
actions = 1                      # 1: the ranged Heal, the turn goes on; 2: the two-action Heal
focus_dice = "6"                 # a focus spell that heals (Lay on Hands: 6 HP a spell rank)
focus_points = 0                 # its focus pool, 0..3 (cast before a Heal; back with Refocus)
focus_actions = 1                # Lay on Hands: 1 action
medicine = 9                     # Administer First Aid (2 actions) once no use is left
battle_medicine = false          # the skill feat: 1 action, heals as Treat Wounds, once a patient
treat_wounds = true              # after the fight (default: with medicine), 10 minutes a patient
heal_after_fight = true          # the Heals left, spent to top up once the fight is over
treat_wounds_dc = 15             # 15 (trained), 20, 30 or 40: Battle Medicine's DC too
potions = 2                      # healing potions: fed to a fallen ally once no Heal is left
potion = "2d8+5"                 # (2 actions: draw, drink; Player Core's lesser healing potion)
drink_below = 0.25               # drinks its own, 2 actions, at or below this share of max_hp
potions_between = true           # a day: fed to a member still at 0 HP between two encounters

[[party]]
name = "wizard"
level = 3
max_hp = 23
ac = 17
initiative = 7
fortitude = 6
reflex = 7                       # the saves an attack's save_dc asks for (fortitude too)
will = 9
[[party.attacks]]
name = "electric arc"            # a cantrip: a basic saving throw instead of a Strike
save_dc = 19                     # the caster's spell DC: each target saves against it
save = "reflex"                  # "fortitude", "reflex" (the default) or "will"
targets = 2                      # up to this many of the other side's standing (default 1)
actions = 2                      # what it costs of the turn's three (default 1, a Strike's)
damage = "3d4"                   # rolled once for all it catches
damage_type = "electricity"
[[party.attacks]]
name = "breathe fire"            # a slot's spell, of limited uses: rank 2, 4d6 in a cone
save_dc = 19
targets = 3
actions = 2
damage = "4d6"
damage_type = "fire"
uses = 2                         # its slots for it: a turn with one left casts it (and spends
                                 # it) instead of the attack it replaces; back with the night
per_encounter = 1                # at most this many an encounter (the rest wait)
keep = 0                         # never spent below this many
instead_of = "electric arc"
[[party.attacks]]
name = "staff"                   # the action left
attack_bonus = 7
damage = "1d4"
damage_type = "bludgeoning"

[[opponents]]
name = "wolf"
count = 3
level = 1
hp = 24                          # the party can defeat it; none: cannot be harmed, give rounds
ac = 15
initiative = 7
fortitude = 9
reflex = 9                       # its saves against a member's save_dc
will = 5
dc = 17                          # its DC: the recovery DC of a member it knocks out (fortitude)
player_rules = false             # true: knocked out and dying at 0 HP like a member
[[opponents.attacks]]
name = "jaws"
attack_bonus = 9
damage = "1d6+4"
damage_type = "piercing"
)";
  return text.c_str();
}

}  // namespace leth::pf2
