// The pf2 party fight: a [[party]] of members against [[opponents]], both sides acting,
// played by the fight driver (rules/common/fight.h). This file holds what pf2 decides: the body
// of one combatant (hit points, dying, wounded, doomed, massive damage, damage while
// unconscious, hero points, stable and waking) and its attack (d20 + bonus against AC with
// four degrees, the multiple attack penalty, agile, three actions a turn). rules/pf2/README.md
// ("The party fight") gives the seed passages and the readings; docs/parties.md how to write a
// party scenario.
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "rules/common/day.h"
#include "rules/common/fight.h"
#include "rules/common/lineup.h"
#include "rules/common/party_report.h"
#include "rules/common/uses.h"
#include "rules/pf2/config.h"
#include "sim/core/metrics.h"
#include "sim/core/outcome.h"
#include "sim/core/trial.h"

namespace leth::pf2 {

// Player Core: three actions a turn; every Strike is one.
inline constexpr int kActionsPerTurn = 3;

struct PartyAttack {
  std::string name;
  int attack_bonus = 0;
  std::optional<double> hit_chance;  // a fixed chance to hit instead of the d20
  double crit_chance = 0.0;          // with hit_chance: the chance that a hit is critical
  Dice damage;
  uint16_t damage_type = 0;  // index into vocabulary().types
  int map = kMapStep;        // the multiple attack penalty's step: 5, or 4 if agile
  int actions = 1;           // what it costs of the turn's actions (`actions`: a spell's 2)
  // A basic saving throw instead of a Strike (`save_dc`; 0: a Strike): each target rolls its
  // `save` (Fortitude, Reflex, Will) against the DC — a critical success takes nothing, a
  // success half, a failure all, a critical failure double — no multiple attack penalty.
  // `targets`: up to that many of the other side's standing at once, one damage roll for all
  // (an area, Electric Arc's two; fight.h's rules.area).
  int save_dc = 0;
  uint8_t save = 1;  // 0 Fortitude, 1 Reflex, 2 Will
  uint8_t targets = 1;
  // Of limited uses (`uses`: a spell slot's Fireball; rules/common/uses.h): its pool of
  // Combatant::uses, -1: made every turn; bit p of replaced_by: pool p's attack replaces it.
  int8_t pool = -1;
  uint8_t replaced_by = 0;
};

// What a member does for a fallen ally: a Heal spell, Battle Medicine, Administer First Aid;
// and for every survivor after the fight, Treat Wounds.
struct Heals {
  std::optional<Dice> dice;  // a Heal spell's hit points
  int uses = 0;
  int actions = 2;               // 1: the ranged Heal, the rest of the turn follows; 2: the action
  std::optional<int> medicine;   // Medicine modifier: Administer First Aid (2 actions)
  bool battle_medicine = false;  // the skill feat: 1 action, heals as Treat Wounds
  bool treat_wounds = false;     // after the fight, 10 minutes a patient
  bool heal_after_fight = true;  // the Heals left, spent to top up when the fight is over
  int treat_wounds_dc = 15;      // 15, 20, 30 or 40: Battle Medicine's too
  int potions = 0;               // healing potions carried: fed to a fallen ally, or drunk
  Dice potion;                   // a potion's hit points (Player Core lesser: 2d8 + 5)
  // At or below this share of its maximum HP (and above 0) the member drinks one of its own
  // potions on its turn; 0: never, they go to the fallen.
  double drink_below = 0.25;
  // An adventuring day: between two encounters a member still at 0 HP once the Heals are spent
  // is fed one of these potions (docs/days.md); false: the potions wait for the next fight.
  bool potions_between = true;
  // A focus spell that heals (Player Core, not in the seeds: a champion's Lay on Hands, 6 HP a
  // rank, 1 action): `focus_points` of them (the focus pool, at most 3), cast before a Heal on a
  // fallen ally and after the fight; a short rest's Refocus gives one back every 10 minutes the
  // member does not spend treating wounds, the night all (README, "An adventuring day").
  std::optional<Dice> focus;
  int focus_points = 0;
  int focus_actions = 1;
};

// Player Core: drawing a potion (Interact) and drinking or feeding it (Activate), an action each.
inline constexpr int kPotionActions = 2;

// One combatant's stat block: a member, or one opponent of an [[opponents]] kind.
struct Combatant {
  std::string name;
  int level = 1;
  int max_hp = 1;
  int ac = 10;
  int initiative = 0;  // Perception, the usual initiative
  int fortitude = 0;   // the recovery save with recovery_check = "fortitude", and a save_dc's
  int reflex = 0;      // the saves an attack's save_dc asks for
  int will = 0;
  int con = 0;         // Constitution modifier, for resting
  int temp_hp = 0;
  int hero_points = 0;
  int wounded = 0;  // starting values, with the options of the same name
  int doomed = 0;
  std::optional<int> dc;             // class DC: the recovery DC of those it knocks out
  bool player_rules = true;          // knocked out at 0 HP; false: dies (004, most creatures)
  std::vector<PartyAttack> attacks;  // one turn's, in order
  // What its turn's attacks cost at most (with every pool armed, or none): a quickened
  // creature's 4 gives it a fourth action.
  int turn_actions = 0;
  fight::UsePlan uses;  // its attacks of limited uses: back with a night's preparations
  std::optional<Heals> heals;
};

struct PartyConfig {
  Options options;
  fight::Policies policies;
  std::vector<Combatant> combatants;  // the members, then every opponent
  size_t members = 0;
  Seconds horizon = 0;
  // An adventuring day (docs/days.md; README, "An adventuring day"): the encounters, with Treat
  // Wounds in its short rests.
  fight::Day<Combatant> day;
};

// Reads a scenario whose variant v has [[party]]. Throws InputError.
PartyConfig read_party(const Scenario& s, size_t v);

class Party : public fight::Lineup<Party, PartyConfig> {
 public:
  explicit Party(PartyConfig config);
  Outcome run_trial(TrialContext& ctx) const;
  // What each member carries from one adventure of a campaign to the next (README
  // interpretations 14 and 15): its doomed value; and, when the party went on still healing at its
  // downtime (`leave_by` on the adventure's clock, set by the campaign; 0: none), its HP and
  // wounded. -1: the scenario's own (full HP), as in the first adventure.
  struct Carried {
    std::array<int8_t, fight::kMaxMembers> doomed;
    std::array<int, fight::kMaxMembers> hp;
    std::array<int8_t, fight::kMaxMembers> wounded;
    Seconds leave_by = 0;
    bool went_on = false;  // set by run_adventure: left before every survivor was whole
    // after_a_death = "replace" or "go_on" (docs/campaigns.md): only the whole party's death
    // ends the campaign; a dead member's place goes to a newcomer, the scenario's fresh member,
    // or stays empty (absent: dead from the start of every later adventure).
    AfterDeath after_death = AfterDeath::End;
    std::array<bool, fight::kMaxMembers> newcomer{};
    std::array<bool, fight::kMaxMembers> absent{};
    Carried() {
      doomed.fill(-1);
      hp.fill(-1);
      wounded.fill(-1);
    }
  };
  Outcome run_adventure(TrialContext& ctx, Carried& carried) const;

  // ---- fight::FightRules
  // 004 "Être mis KO": "votre prochain tour se produirait juste avant celui de la créature en
  // question" — the driver moves the knocked-out combatant in the order.
  static constexpr bool kKnockOutMovesInitiative = true;
  struct Body {
    int hp = 0;
    int temp = 0;
    int recovery_dc = 0;  // the knock-out DC (recovery_check = "fortitude"), before + dying
    uint8_t c = 0;        // the combatant's index
    int8_t dying = 0;
    int8_t wounded = 0;
    int8_t doomed = 0;
    int8_t hero_points = 0;
    int8_t slowed = 0;        // for its next turn: back from dying
    int8_t actions = 0;       // left in the current turn
    int8_t attacks_made = 0;  // this turn, for the multiple attack penalty
    bool dead = false;
    int uses = 0;               // heals left
    int8_t focus = 0;           // Focus Points left
    int8_t potions = 0;         // potions left
    uint8_t medicine_from = 0;  // the members whose Battle Medicine it is immune to (a bit each)
    fight::UseState pools;      // its attacks' limited uses (Combatant::uses)
    Seconds turn_at = -1;       // the round of its current turn (its start time)
    Seconds stable_at = -1;     // when it became stable (unconscious, no longer dying)
    uint16_t falls = 0;         // times knocked out
    uint16_t heals_given = 0;
    uint16_t hero_points_spent = 0;
    Seconds died_at = -1;
    Seconds down_first = -1;  // first knocked out
    Seconds up_last = 0;      // last back on its feet
  };
  Seconds round_seconds() const { return kRound; }
  fight::State state(const Body& b) const {
    return b.dead ? fight::State::Dead : b.hp > 0 ? fight::State::Standing : fight::State::Down;
  }
  int hp(const Body& b) const { return b.hp; }
  bool dying(const Body& b) const { return !b.dead && b.dying > 0; }
  // The closest to death first: dying + doomed (death at 4 - doomed).
  int urgency(const Body& b) const { return b.dying + (cfg_.options.doomed ? b.doomed : 0); }
  void start_turn(Body& b, Stream& s, Seconds t, EventLog* log) const;
  bool strike(size_t c, int n, Body& attacker, Body& target, Stream& s, Seconds t,
              EventLog* log) const;
  // An attack striking several at once (PartyAttack::targets); a flag for a party without one.
  int area(size_t c, int n) const {
    return area_ ? cfg_.combatants[c].attacks[static_cast<size_t>(n)].targets : 1;
  }
  uint32_t strike_area(size_t c, int n, std::span<Body> bodies, std::span<const uint16_t> caught,
                       Stream& s, Seconds t, EventLog* log) const;
  bool can_pick_up(const Body& b) const {
    const auto& h = cfg_.combatants[b.c].heals;
    return h && (b.uses > 0 || b.focus > 0 || b.potions > 0 || h->medicine.has_value());
  }
  fight::Cost pick_up(Body& helper, Body& patient, Stream& s, Seconds t, EventLog* log) const;
  // A member low on HP drinks its own potion (Heals::drink_below), two actions.
  bool wants_own_care(const Body& b) const {
    return b.potions > 0 && b.hp > 0 && b.hp <= drink_at_[b.c];
  }
  bool own_care(size_t c, Body& b, Stream& s, Seconds t, EventLog* log) const;
  // ----

  Body fresh(size_t c) const;  // combatant c before the fight (fight::Lineup plays from it)
  // A later encounter of a day (fight::Lineup::play_day): its stable_at onto the day's clock.
  void shift_clocks(Body& b, Seconds t) const {
    if (b.stable_at >= 0) b.stable_at += t;
  }

  // Exposed for the tests: the dying value at which b dies (4 - doomed).
  int death_at(const Body& b) const { return 4 - (cfg_.options.doomed ? b.doomed : 0); }

 private:
  void begin_turn(Body& b, Seconds t) const;
  // Blow n of attack `a`: false when the turn skips it (its pool or the one replacing it, the
  // actions left); spends the actions, and the turn's use at an attack's first blow.
  bool pay(const Combatant& k, const PartyAttack& a, Body& attacker, int n, Seconds t,
           EventLog* log) const;
  // Attack `a` of combatant c with a basic save (PartyAttack::save_dc) against each of
  // `caught`, its damage rolled once: bit j set for caught[j] damaged.
  uint32_t save_blow(size_t c, const PartyAttack& a, std::span<Body* const> caught, Stream& s,
                     Seconds t, EventLog* log) const;
  void damage(Body& b, int64_t amount, bool critical, int dc, Seconds t, EventLog* log) const;
  void worsen(Body& b, int to, Seconds t, EventLog* log) const;
  void spend_hero_points(Body& b, Seconds t, EventLog* log) const;
  void lose_dying(Body& b) const;
  void become_stable(Body& b, Seconds t, EventLog* log) const;
  void revive(Body& b, int amount, Seconds t, EventLog* log) const;
  void die(Body& b, Seconds t, EventLog* log, const char* why) const;
  int medicine(Body& healer, Body& patient, const char* act, Stream& s, Seconds t,
               EventLog* log) const;
  bool battle_medicine(Body& helper, Body& patient, Stream& s, Seconds t, EventLog* log) const;
  int treat_wounds(Body& healer, Body& patient, Stream& s, Seconds t, EventLog* log) const;
  Seconds until_not_dying(Body& patient, Body* helper, Stream& s, Seconds t, EventLog* log) const;
  // The Heals left spent from `from`, one a round, the rounds counted from `round` (their care
  // streams' keys, on `rng`); returns when the last cast ends.
  Seconds top_up(Bodies<Body>& bodies, Seconds from, int round, TrialRng& rng,
                 EventLog* log) const;
  using Wholes = std::array<Seconds, fight::kMaxMembers>;  // when each member is at full HP
  Seconds rest_and_treat(Bodies<Body>& bodies, const fight::Result& res, Wholes& whole,
                         Seconds leave_by, Seconds& left_at, TrialContext& ctx) const;
  int rest_gain(size_t c) const {
    const Combatant& k = cfg_.combatants[c];
    return std::max(k.con, 1) * k.level;  // seeds/README: Con x level, at least level
  }
  bool potion(Body& giver, Body& drinker, Stream& s, Seconds t, EventLog* log) const;
  // An adventuring day (party_day.cpp): after encounter e, ending at t, the stable wake, the
  // short rest when one comes here and the travel; returns when the next encounter begins.
  Seconds between(Bodies<Body>& bodies, int e, Seconds t, TrialRng& rng, EventLog* log) const;
  Seconds short_rest(Bodies<Body>& bodies, Seconds t, TrialRng& rng, EventLog* log) const;
  // A healing spell from the caster's Heals, its actions already paid: its focus spell (a Focus
  // Point) or a Heal (a use), counted in heals_given; `when` ends the story's line. Returns the
  // hit points, from `s` (at least 1), for revive().
  int cast_heal(Body& caster, const Body& patient, bool focus, Stream& s, Seconds t,
                const char* when, EventLog* log) const;
  bool medic_awake(const Bodies<Body>& bodies) const;
  // The night between two of the day's `days` (party_day.cpp), ending at t: a night's rest.
  void night(Bodies<Body>& bodies, Seconds t, EventLog* log) const;
  // Between two encounters (party_day.cpp): a potion to each member still at 0 HP, then each
  // member at or below its drink_below drinks its own, from `from`.
  Seconds potions_between(Bodies<Body>& bodies, Seconds from, TrialRng& rng,
                          EventLog* log) const;
  int recovery_dc(const Body& b) const {
    return cfg_.options.recovery_check == RecoveryCheck::Fortitude ? b.recovery_dc + b.dying
                                                                   : 10 + b.dying;
  }
  std::array<int, fight::kMaxCombatants> drink_at_{};  // a member drinks at or below these HP
  std::vector<Party> next_;  // [[day.next]]: encounter e + 1's fight is next_[e - 1]
  bool area_ = false;        // some attack strikes several at once (PartyAttack::targets)
  size_t encounters_counter_ = Outcome::kMaxCounters;  // "encounters", declared with a [day]
  size_t uses_counter_ = Outcome::kMaxCounters;        // "uses_spent"
};

static_assert(fight::FightRules<Party>);

}  // namespace leth::pf2
