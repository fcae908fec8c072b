// The commented unisystem scenario that `lethality rules unisystem --template` prints: every
// key the unisystem loader reads, each at its default or an example (tests/test_key_catalog.cpp).
#include "rules/unisystem/model.h"

namespace leth::unisystem {

const char* scenario_template() {
  return R"(# A unisystem scenario: every key, at its default or an example. Keep what you need.
name = "my-scenario"        # names the results folder: letters, digits, - _ .
description = "A patrol officer in a vest against a gunman; an ambulance is on its way."
ruleset = "unisystem"
trials = 100_000
seed = 1
horizon = "90 days"         # a trial still unresolved then is reported as such

[options]                   # `lethality rules unisystem` explains each
pain_penalty = 3            # 0..5: below 5 HP, on the character's own actions
adrenaline = true           # no pain penalty during the fight
cinematic = false           # non-lethal blunt attacks hit endurance
realism = false             # with cinematic: 1 HP per 4 endurance damage
shock_test = true           # Will test at -damage after a hit, else collapses
first_aid_per = "wound"     # or "fight"
house_rule = false          # rest with self-care counts as medical care
groups = "down"             # "chaque groupe de 5 points": "down" full groups, "up" begun ones
untreated_failure_kills = true
essence_failure = "either"  # or "level", "flaw"

[character]
creature = "human"          # a row of rules/unisystem/data/creatures.toml
max_hp = 34                 # required
hp = 34                     # at the start (default max_hp)
con = 2
will = 2
first_aid = 4               # Int + First Aid, for self-aid; -1: none
endurance = 32              # maximum endurance points
essence = 20                # maximum essence points; 0: not tracked
channelling = 0             # Essence Channelling level
hours_awake = 0             # awake this long before the fight (sleep deprivation)
sleep_hours = 7             # hours slept a night lately ...
short_nights = 0            # ... for this many nights: 1 endurance a missing hour a night
armor = "1D6 x 2 + 9"       # dice rolled per hit, subtracted before the multiplier

[encounter]
rounds = "1d4"              # turns of 5 seconds
initiative = "attackers_first"        # or "character_first"
close_combat = false        # D4 endurance a turn of intensive close combat
effort = "none"             # before the fight: "very_hard" (D4 a minute), "intense" (1 / 10 min)
effort_time = "0 minutes"

[[encounter.attackers]]     # an attack test: D10 + attack >= 9
name = "gunman"
count = 1
attack_bonus = 2                  # Dex + skill + every modifier
burst = 1                   # bullets a burst can land: hits = min(success levels, burst)
damage = "1D6 x 4"
damage_type = "bullet"      # bullet x2, edged x2, blunt x1, other x1 after armour
multiplier = 2              # overrides the type's multiplier
armor_applies = true
unresuscitable = false      # deaths from its blows cannot be resuscitated
channel = "lethal"          # "nonlethal" (endurance with cinematic), "essence"
keep_attacking_downed = 0.25
first_round = 1
last_round = 1000

[[encounter.attackers]]     # a fixed chance instead of an attack test
name = "drain"
hit_chance = 0.5
crit_chance = 0.0           # must be 0: Unisystem has no critical hits
damage = "1d6"
channel = "essence"

[[encounter.attackers]]     # several attacks in one turn, made in order
name = "Muldoon"
keep_attacking_downed = 0.0

[[encounter.attackers.attacks]]
name = "first shot"
attack_bonus = 5
burst = 1
damage = "1D6 x 3"
damage_type = "bullet"
multiplier = 2

[[encounter.attackers.attacks]]
name = "second shot"
attack_bonus = 4                  # the second shot of a turn at -1
damage = "1D6 x 3"
damage_type = "bullet"

[aftercare]
self_aid = true             # the character treats self when conscious (-2)

[aftercare.first_aider]     # a trained helper
arrives = "2 minutes"
skill = 5                   # Int + First Aid

[aftercare.bystander]       # an untrained helper binding wounds
arrives = "1 minute"
chance = 0.1                # chance a minute that it stabilises (the GM's call)

[aftercare.paramedics]
arrives = "10 minutes"
skill = 6

[aftercare.hospital]        # intensive care: stabilises, resuscitates, medical care
arrives = "30 minutes"
medicine = 7                # the doctor's Int + Medicine (000: 3 + 4)
advanced = false            # advanced resuscitation techniques, +3

[recovery]
care = "medical"            # or "none"; default: "medical" when there is a hospital
)";
}

}  // namespace leth::unisystem
