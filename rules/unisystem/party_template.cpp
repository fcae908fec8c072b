// The commented unisystem party scenario that `lethality rules unisystem --party --template`
// prints: every key the party loader reads, each at its default or an example
// (tests/test_key_catalog.cpp). docs/parties.md and rules/unisystem/README.md ("The party
// fight") explain them.
#include <string>

#include "rules/common/party_keys.h"
#include "rules/unisystem/model.h"

namespace leth::unisystem {

const char* party_template() {
  static const std::string text =
      std::string(
          R"(# A unisystem party fight: every key, at its default or an example. Keep what you need.
name = "my-party"
description = "Two officers against an armed suspect in a dark alley."
ruleset = "unisystem"
trials = 100_000
seed = 1
horizon = "120 days"

[options]                        # the rule options, as for one character (cinematic refused)
pain_penalty = 3                 # below 5 Life Points, on a member's own actions ...
adrenaline = true                # ... but not in the fight
shock_test = true                # the Will test after a hit: failure, out of the fight
first_aid_per = "wound"          # one first-aid test a wound, or "fight"
house_rule = false               # the author's rule: rest with self-care is medical care
untreated_failure_kills = true   # without care, a failed daily test at the threshold kills

[recovery]                       # the survivors' rest after the fight
care = "medical"                 # "medical": Con HP a day below 0, then 2; "none" (default): a
                                 # survival test a day below 0 (+1 HP a level, at most Con; -1 HP)
care_after = "2 days"            # with "medical": care begins this long after the fight (default
                                 # 0); the days begun before it are days without care

[day]                            # an adventuring day (docs/days.md): the fight again and again,
encounters = 1                   # each against fresh opponents (1: this fight); it stops once a
short_rests = 0                  # member falls; a short rest is an hour (it heals nothing)
travel = "0 minutes"             # between any two encounters
days = 1                         # the day again after a night (8 hours, mending nothing)
# instead of encounters: [[day.next]], each a later encounter with its own
# [[day.next.opponents]] (the keys of [[opponents]], with hp); docs/days.md

)") + fight::policies_template() +
      R"(# a round is 5 seconds; pick_up: when a member tends the dying

[[party]]
name = "muldoon"                 # required: a-z, 0-9, _ (it names the member's columns)
max_hp = 30                      # required: Life Points
creature = "human"               # the type: survival threshold and test, HP recovery
con = 2
will = 2
first_aid = 4                    # Int + First Aid: stabilises the dying, treats wounds; -1: none
armor = "1D6 x 2 + 9"            # dice rolled per hit, subtracted from its damage
endurance = 30                   # groggy (-2 on its actions) at 5 or less ...
hours_awake = 0                  # ... after this long awake before the fight
initiative = -25                 # the driver's d20 + initiative: -25 always acts last
[[party.attacks]]                # the attacks of one turn, in order
name = "first shot"
attack_bonus = 5                 # D10 + attribute + skill + modifiers >= 9
burst = 1                        # hits = min(success levels, burst)
damage = "1D6 x 3"
damage_type = "bullet"           # bullet, edged (x2 after armour), blunt, other
multiplier = 2                   # default by damage_type
armor_applies = true
crit_chance = 0.0                # unisystem has no critical hits: only 0
[[party.attacks]]
name = "second shot"
hit_chance = 0.5                 # instead of attack_bonus: a fixed chance of one hit
damage = "1D6 x 3"
damage_type = "bullet"

[[opponents]]
name = "suspect"
count = 1
hp = 30                          # Life Points; none: cannot be harmed, give rounds
creature = "human"
con = 2
will = 1
first_aid = -1
armor = "0"
endurance = 30
hours_awake = 0
initiative = 0
[[opponents.attacks]]
name = "Uzi burst"
attack_bonus = 2
burst = 5
damage = "1D6 x 4"
damage_type = "bullet"
)";
  return text.c_str();
}

}  // namespace leth::unisystem
