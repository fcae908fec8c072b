// The commented flux party scenario that `lethality rules flux --party --template` prints:
// every key the party loader reads, each at its default or an example
// (tests/test_key_catalog.cpp). docs/parties.md and rules/flux/README.md ("The party fight")
// explain them.
#include "rules/flux/model.h"

namespace leth::flux {

const char* party_template() {
  return R"(# A flux party fight: every key, at its default or an example. Keep what you need.
name = "my-party"
description = "A fighter and a healer against two ghouls in the ruins."
ruleset = "flux"
trials = 100_000
seed = 1
horizon = "30 days"

[options]                        # the rule options, as for one character
damage_at_zero = "test_again"    # hurt again at 0 PV or less: a new Survival test
test_at_coma_onset = true
test_when_struck = true
exhausted_into_coma = false
healed_coma_sequela = true
stat_floor = 0

[resolution]
difficulty = 15                  # every test: d20 + stat (+ skill) >= difficulty

[fight]                          # the policies (docs/parties.md)
party_targets = "random"         # "weakest", "last_hitter", "healers_first"
opponents_target = "random"
strike_fallen = 0.0              # before each opponent's blow: chance it strikes a fallen member
pick_up = "at_once"              # "two_down", "after_fight"
morale = 1.0                     # opponents flee once this share of them is down (1: never)
retreat = 1.0                    # the party withdraws once this share of it is down (1: never)
round_cap = 100
scene = "10 minutes"             # from a passed Survival test at 0 PV to the coma

[day]                            # an adventuring day (docs/days.md): the fight again and again
encounters = 1                   # fights in a row, each against fresh opponents (1: this fight)
short_rests = 0                  # hours of rest (the group's 1D4) spread evenly between them
travel = "0 minutes"             # between any two encounters
days = 1                         # the day again after a night's rest (4 PV, 4 Flux)
# instead of encounters: [[day.next]], each a later encounter with its own
# [[day.next.opponents]] (the keys of [[opponents]], with pv); docs/days.md

[[party]]
name = "fighter"                 # required: a-z, 0-9, _ (it names the member's columns)
max_pv = 24                      # required
pv = 24                          # at the start
max_flux = 8
flux = 8                         # 0: exhausted (odd d20s count 0 on its tests)
pa = 3                           # armour points, off each blow
adr = 2                          # the six stats; VAI is Survival and the coma threshold
pui = 4
ins = 1
pre = 1
vai = 4
sav = 0
survival = 1                     # skill bonus on Survival (VAI) tests
sequelae = 0                     # carried: -1 each on Survival tests
states = "shaken"                # shaken (-3 PA), exhausted, immobilised
initiative = 2                   # added to the d20 of initiative
[[party.attacks]]
name = "axe"
attack_bonus = 6                 # d20 + 6 >= difficulty hits
difficulty = 15                  # default: [resolution] difficulty
damage = "1d8+2"                 # less the target's PA
damage_type = "physical"
strikes = 1                      # the same attack this many times a turn
[[party.attacks]]
name = "war cry"                 # a power that costs Flux, made instead of the axe
attack_bonus = 7
damage = "2d6+2"
flux_cost = 3                    # spent at its first strike; at 0 Flux: exhausted
keep = 2                         # never spends the last 2 (made with 5 or more)
instead_of = "axe"

[[party]]
name = "healer"
max_pv = 16
vai = 2
[[party.attacks]]
name = "sling"
hit_chance = 0.4                 # instead of attack_bonus: a fixed chance to hit
damage = "1d4"
[party.heals]                    # what the member does for a fallen ally
medicine = 6                     # ESP + Médecine: stabilise a comatose ally
equipment = true                 # "matériel adapté"; false: cannot stabilise
attempts_per_hour = 1            # on one patient
concoction = "1d4+2"             # a curative concoction's PV, given first
concoction_uses = 1

[[opponents]]
name = "ghoul"
count = 2
pv = 9                           # the party can defeat it; none: cannot be harmed, give rounds
pa = 1
vai = 0                          # with player_rules: Survival and the coma threshold
survival = 0
initiative = 3
player_rules = false             # true: the members' rules at 0 PV; false: out (dead)
[[opponents.attacks]]
name = "claws"
attack_bonus = 5
damage = "1d6+1"
)";
}

}  // namespace leth::flux
