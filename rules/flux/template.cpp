// The commented flux scenario that `lethality rules flux --template` prints: every key the flux
// loader reads, each set to its default or to an example (tests/test_key_catalog.cpp: it loads,
// runs, and leaves no branch of the loader unread).
#include "rules/flux/model.h"

namespace leth::flux {

const char* scenario_template() {
  return R"(# A flux scenario: every key, at its default or an example. Keep what you need.
name = "my-scenario"        # names the results folder: letters, digits, - _ .
description = "A scout falls into a pit trap, then bandits strike; a healer comes in 2 hours."
ruleset = "flux"
trials = 100_000
seed = 1
horizon = "30 days"         # a trial still unresolved then is reported as such

[options]                   # `lethality rules flux` explains each
damage_at_zero = "test_again"         # or "no_test"
stat_floor = 0              # a sequela never takes a stat below this
cushion_test = false        # the GM allows an ADR test to cushion a fall
clinic_when_sick = true     # the clinic's 1d4 PV comes even when a disease caps the night
healed_coma_sequela = true  # healed above 0 in the coma by a concoction: wakes with a sequela
test_at_coma_onset = true   # a coma begun past -VAI: the first Survival test at once
test_when_struck = true     # struck in the coma past -VAI: a Survival test at once
exhausted_into_coma = false # acting at 0 PV's exhaustion lasts through the coma to a rest

[resolution]                # a test is d20 + stat (+ skill - malus) >= difficulty
difficulty = 15

[character]
max_pv = 20                 # required
pv = 20                     # at the start (default max_pv)
max_flux = 10
flux = 10                   # at the start (default max_flux); 0: exhausted
pa = 2                      # armour points, taken off each blow; falls ignore them
adr = 3                     # the six stats; VAI is the Survival stat and the coma threshold
pui = 2
ins = 2
pre = 1
vai = 4
sav = 1
survival = 2                # skill bonus on Survival (VAI) tests
sequelae = 0                # sequelae already carried: -1 each on Survival tests
states = "shaken"           # during the fight: shaken, exhausted, hindered, immobilised,
                            # paralysed, surprised (comma-separated)

[encounter]
rounds = "1d4+2"            # or a number; at most 600 (an hour)
initiative = "attackers_first"        # or "character_first"
scene = "10 minutes"        # from a passed Survival test at 0 PV to the coma

[[encounter.attackers]]
name = "bandit"
count = 2
damage = "1d8+2"            # before the character's PA
damage_type = "physical"
channel = "lethal"
hit_chance = 0.5            # a fixed chance a turn (002 states no attack roll)
crit_chance = 0.0           # accepted, but a critical changes nothing in 002
keep_attacking_downed = 0.1
first_round = 1
last_round = 1000

[encounter.fall]            # a fall at the start of the fight
floors = 2                  # 1..6; or moving = true (a galloping horse)
moving = false
surface = "normal"          # or "rough" (+1 floor), "soft" (-1 floor)
cushion = "none"            # or "test" (ADR, with cushion_test = true), "spell"

[encounter.disease]         # a disease caught at onset
severity = "sick"           # light, sick, severe, critical
onset = "0 hours"
remedy = false              # an alchemical remedy: 1d4 days shorter

[aftercare]                 # a helper with the equipment to stabilise
help_arrives = "2 hours"    # from the start
medicine = 5                # ESP + Medicine, added to the d20
attempts_per_hour = 1       # 1..60
equipment = true            # without it the helper cannot stabilise
concoction = "2d4"          # a curative concoction given at 0 PV or less (PV restored)
concoction_uses = 1

[recovery]
first_night = "12 hours"    # the first night begins, from the start
sleep = "8 hours"           # each night; under 6 hours is a partial night
sleep_quality = "good"      # or "poor": half the night's recovery
hour_rests = true           # an hour's rest: 1d4 for the group
hour_rest_every = "12 hours"
clinic_travel = "1 day"     # the journey to a clinic; absent: no clinic
concoction = "1d4"          # a clinic's curative concoction: PV a night

[[variants]]
name = "healer-sooner"
aftercare = { help_arrives = "30 minutes" }
)";
}

}  // namespace leth::flux
