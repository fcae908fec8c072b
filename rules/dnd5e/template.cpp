// The commented dnd5e scenario that `lethality rules dnd5e --template` prints: every key the
// dnd5e loader reads, each at its default or an example (tests/test_key_catalog.cpp).
#include "rules/dnd5e/model.h"

namespace leth::dnd5e {

const char* scenario_template() {
  return R"(# A dnd5e scenario: every key, at its default or an example. Keep what you need.
name = "my-scenario"
description = "A level-1 fighter ambushed by goblins; a cleric arrives after 1d4 rounds."
ruleset = "dnd5e"
trials = 100_000
seed = 1
horizon = "30 days"

[options]                   # `lethality rules dnd5e` explains each
death_save_dc = 10
failures_to_die = 3
death_save_advantage = false
nat20_revives = true
massive_damage = true
lingering_injuries = true
injury_trigger = "each_fall"          # "first_fall", "each_damage_at_zero"
injury_severity = "seed"              # "mild", "custom" (then [[injury_severity]] rows)
injury_row = "severity"               # "roll"
untreated_severe_long_rests = 7
untreated_serious_long_rests = 0
extended_bed_rest = "2d4 weeks"
injury_deadline = "1d4 days"
lost_limb_hand_percent = 50
piercing_wound_after_fight = "none"   # "per_hour"
ability_zero_kills = true
stable_wake = "1d4 hours"

[character]
level = 1
max_hp = 12                 # required
ac = 16
str = 16                    # ability scores, 10 by default
dex = 12
con = 14
int = 10
wis = 10
cha = 10
str_save = 5                # saving throw modifiers; default: the ability modifier
dex_save = 1
con_save = 4
int_save = 0
wis_save = 0
cha_save = 0
hit_die = 10                # 6, 8, 10 or 12
hit_dice = 1                # Hit Dice available; default: the level
temp_hp = 0

[encounter]
rounds = "1d4+2"
initiative = "attackers_first"        # or "character_first"

[[encounter.attackers]]     # an attack roll: d20 + attack_bonus against the AC
name = "goblin"
count = 3
attack_bonus = 4
strikes = 1                 # attacks a turn
damage = "1d6+2"
damage_type = "slashing"    # acid bludgeoning cold fire force lightning necrotic piercing poison psychic radiant slashing thunder
channel = "lethal"
melee = true                # within 5 ft: a hit on a paralysed or unconscious character is critical;
                            # false: from range, a straight roll on an unconscious (prone) one
recharge = 0                # 5: usable again on a d6 of 5-6 at the start of its turn
keep_attacking_downed = 0.25
first_round = 1
last_round = 1000

[[encounter.attackers]]     # a saving throw: the character's save against dc
name = "breath"
save = "dex"
dc = 13
half_on_save = true
damage = "4d6"
damage_type = "fire"
recharge = 5
first_round = 2
last_round = 2

[[encounter.attackers]]     # several attack profiles in one turn
name = "wolf pack leader"
[[encounter.attackers.attacks]]
name = "bite"
attack_bonus = 4
strikes = 1
damage = "2d4+2"
damage_type = "piercing"

[[encounter.attackers]]     # a fixed chance, crit_chance of it critical
name = "arrow trap"
hit_chance = 0.5
crit_chance = 0.05
damage = "1d10"
damage_type = "piercing"
first_round = 1
last_round = 1

[aftercare]
help_arrives = "1d4 rounds"

[aftercare.healer]
medicine = 4                # Wisdom (Medicine) modifier
herbalism_kit = true
stabilise = true            # DC 10 Medicine on a dying character
treat_injuries = true       # 003: Medicine + herbalism kit against the injury's DC
retry_after = "1 hour"      # after a failed treatment
healing = "1d8+3"           # a healing spell (cure wounds)
healing_uses = 2
potion = "2d4+2"
potions = 1
lesser_restoration = 1
greater_restoration = 0
heal_spell = 0              # heal or regenerate
remedies_moderate = 0
remedies_severe = 0

[recovery]
rest = "daily"              # a long rest each day; "none"
first_rest = "8 hours"      # from the end of the fight to the first long rest
short_rest = true           # one short rest after the fight, once conscious

[[variants]]
name = "mild-injuries"
description = "The seed's milder severity rates."
options = { injury_severity = "mild" }
)";
}

}  // namespace leth::dnd5e
