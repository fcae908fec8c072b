// The commented dnd5e party scenario that `lethality rules dnd5e --party --template` prints:
// every key the party loader reads, each at its default or an example
// (tests/test_key_catalog.cpp). docs/parties.md explains them.
#include <string>

#include "rules/common/party_keys.h"
#include "rules/dnd5e/model.h"

namespace leth::dnd5e {

const char* party_template() {
  static const std::string text =
      std::string(
          R"(# A dnd5e party fight: every key, at its default or an example. Keep what you need.
name = "my-party"
description = "Three level-3 adventurers against a pack of wolves."
ruleset = "dnd5e"
trials = 100_000
seed = 1
horizon = "30 days"

[options]                        # the rule options, as for one character
lingering_injuries = false       # true: seed 003 injuries on members falling to 0 HP (their
                                 # effects in the fight, their course after it)
stable_wake = "1d4 hours"

[day]                            # an adventuring day (docs/days.md): the fight again and again
encounters = 1                   # fights in a row, each against fresh opponents (1: this fight)
short_rests = 0                  # short rests (an hour: Hit Dice) spread evenly between them
travel = "0 minutes"             # between any two encounters
days = 1                         # the day again after a night's long rest (HP, half the
                                 # Hit Dice, heals, light and moderate injuries healed)
# instead of encounters: [[day.next]], each a later encounter with its own
# [[day.next.opponents]] (the keys of [[opponents]], with hp); docs/days.md

)") + fight::policies_template() +
      R"(
[[party]]
name = "fighter"                 # required: a-z, 0-9, _ (it names the member's columns)
max_hp = 28                      # required
ac = 18
initiative = 1
temp_hp = 0
str = 16                         # ability scores str .. cha (optional): what seed 003's
                                 # ability losses lower (an attack's ability, con_save)
con_save = 0                     # Constitution saves: seed 003's Nausée, Côtes cassées, an
                                 # attack's save_dc (default: the con modifier, else 0)
hit_dice = 3                     # Hit Dice for a day's short rests (default 0)
hit_die = "1d10+2"               # one Hit Die's roll, Constitution modifier included
level = 3                        # with con: a Con loss lowers max HP a level (default hit_dice)
# armor = "medium"               # with dex: "none", "light", "medium" (Dex up to +2), "heavy":
                                 # what a Dex loss takes off ac (default: ac does not move)
second_wind = "1d10+3"           # SRD Second Wind (1d10 + fighter level): a bonus action,
second_wind_below = 0.5          # at or below this share of max_hp (0: never); once, back
                                 # after a short or long rest
[[party.attacks]]
name = "longsword"
attack_bonus = 5                 # a d20 against the target's AC
damage = "1d8+3"
damage_type = "slashing"
ability = "str"                  # its bonus holds the Str modifier: a Str loss lowers it
strikes = 1                      # the same attack this many times a turn
melee = true                     # a melee hit on an unconscious target is critical
two_handed = false               # true: made with both hands (a greatsword); with a hand
                                 # out (003's arm injury, a lost hand) it deals
                                 # one_handed_damage = "1d8+3" instead, or is not made
[[party.attacks]]
name = "action surge"            # an attack of limited uses: a second longsword blow
attack_bonus = 5
damage = "1d8+3"
damage_type = "slashing"
uses = 1                         # a turn with a use left makes it and spends one
recharge = "short_rest"          # back after a short or long rest ("long_rest": a night's)
per_encounter = 1                # at most this many an encounter (the rest wait)

[[party]]
name = "cleric"
max_hp = 24
ac = 16
initiative = 0
sneak_attack = "0"               # dice added to the first hit of a turn (a rogue's "2d6")
[[party.attacks]]
name = "sacred flame"
hit_chance = 0.5                 # instead of attack_bonus: a fixed chance to hit
crit_chance = 0.0                # with hit_chance: the part of the hits that are critical
damage = "1d8"
damage_type = "radiant"
melee = false
[[party.attacks]]
name = "guiding bolt"            # a 1st-level spell: made while its slots last
attack_bonus = 5
damage = "4d6"
damage_type = "radiant"
melee = false
spends = "heals"                 # its slots are the heals' uses (or uses = 2 of its own)
keep = 1                         # never spent below this many: the last kept for the fallen
instead_of = "sacred flame"      # the attack it replaces on a turn with a use left
[party.heals]                    # what the member does for a fallen ally
dice = "1d4+3"                   # Healing Word
uses = 4
bonus_action = true              # false: the heal takes the action (Cure Wounds)
heal_between = "fallen"          # a day's encounters: "top_up" (the uses left), "none"
potions = 2                      # potions of healing given to a fallen ally once no use is left
potion = "2d4+2"                 # (an action each)
drink_below = 0.25               # drinks its own, the action, at or below this share of max_hp
lesser_restoration = 0           # after the fight, seed 003's magic for lingering injuries:
greater_restoration = 0          # moderate, severe (or a remedy each), serious (heal_spell);
heal_spell = 0                   # light ones take the uses and potions left
remedies_moderate = 0
remedies_severe = 0
medicine = 5                     # DC 10 Wisdom (Medicine) to stabilise, once no use is left
herbalism_kit = true             # with medicine: treats the party's injuries after the fight
treat_injuries = true            # default: true with medicine and herbalism_kit
retry_after = "1 hour"           # a failed treatment is tried again after this

[[party]]
name = "wizard"
max_hp = 17
ac = 12
initiative = 2
dex = 14
int = 16
str_save = -1                    # saving throws (con_save above): what an attack's save_dc
dex_save = 2                     # asks for (default: the score's modifier, else 0)
int_save = 5
wis_save = 1
cha_save = 0
[[party.attacks]]
name = "fire bolt"
attack_bonus = 5
damage = "1d10"
damage_type = "fire"
melee = false
[[party.attacks]]
name = "burning hands"           # a saving throw instead of an attack roll
save_dc = 13                     # instead of attack_bonus: each target saves against it
save = "dex"                     # which save (str .. cha): the target's dex_save
half_on_save = true              # a success takes half the damage (false: none)
targets = 3                      # up to this many of the other side's standing at once
damage = "3d6"                   # (default 1), one damage roll for them all
damage_type = "fire"
uses = 2                         # two 1st-level slots
instead_of = "fire bolt"

[[opponents]]
name = "wolf"
count = 3
hp = 11                          # the party can defeat it; none: cannot be harmed, give rounds
ac = 13
initiative = 2
player_rules = false             # true: death saves at 0 HP like a member
dex_save = 2                     # its saves, str_save .. cha_save (default 0)
[[opponents.attacks]]
name = "bite"
attack_bonus = 4
damage = "2d4+2"
damage_type = "piercing"
)";
  return text.c_str();
}

}  // namespace leth::dnd5e
