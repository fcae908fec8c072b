// The dnd5e party fight: a [[party]] of members against [[opponents]], both sides acting,
// played by the fight driver (rules/common/fight.h). This file holds what 5e decides: the body
// of one combatant (hit points, death saves, massive damage, stable and waking) and its attack
// (d20 + bonus against AC, natural 1 and 20, criticals, advantage and automatic criticals in
// melee against the unconscious). rules/dnd5e/README.md ("The party fight") gives the SRD
// passages and the readings; docs/parties.md how to write a party scenario.
#pragma once

#include <array>
#include <cstdint>
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
#include "rules/dnd5e/config.h"
#include "rules/dnd5e/course.h"
#include "rules/dnd5e/injuries.h"
#include "sim/core/metrics.h"
#include "sim/core/outcome.h"
#include "sim/core/trial.h"

namespace leth::dnd5e {

struct PartyAttack {
  std::string name;
  int attack_bonus = 0;
  std::optional<double> hit_chance;  // a fixed chance to hit instead of the d20
  double crit_chance = 0.0;          // with hit_chance: the chance that a hit is critical
  Dice damage;
  Dice crit_extra;  // the damage's dice alone, rolled once more on a critical
  bool melee = true;
  uint16_t damage_type = 0;  // index into damage_types(): the row of an injury it causes
  // Made with both hands (SRD "Two-Handed"). A member with a hand out — 003's "Vous ne pouvez
  // rien porter à deux mains" (Combat::OneHand), or a hand lost in an adventure before — makes
  // it with `one_handed` (a versatile weapon's one-handed damage, or the weapon it takes up
  // instead) or, without, not at all.
  bool two_handed = false;
  std::optional<Dice> one_handed;
  Dice one_handed_crit;  // one_handed's dice alone, rolled once more on a critical
  // The ability whose modifier attack_bonus (and, with ability_damage, the damage) holds: an open
  // injury that takes points of it (003's −3 Str, Dex...) lowers both by the modifier's drop.
  Ability ability = Ability::None;
  bool ability_damage = true;
  // An attack of limited uses (`uses`: a spell slot's, a daily power's; docs/parties.md): its
  // pool, of Combatant::uses; -1: none, made every turn. A turn that begins with a use
  // left in the pool makes it, spending one use for the turn at its first strike; another turn
  // skips it. `instead_of` names the attack it replaces: that one is skipped on a turn that begins with a use left in any of the pools that name it (bit p of
  // replaced_by: pool p's attack names it).
  int8_t pool = -1;
  uint8_t replaced_by = 0;
  // A saving throw instead of an attack roll (`save_dc`; 0: an attack roll): each target rolls
  // d20 + its `save` bonus against the DC, a failure taking the damage, a success half of it
  // (`half_on_save`) or none; no critical, no sneak attack. `targets` (an area: Burning Hands, a
  // breath) strikes up to that many of the other side's standing with one damage roll (SRD
  // "Damage Rolls": rolled once for all of them; fight.h's rules.area).
  int save_dc = 0;
  Ability save = Ability::Dex;
  bool half_on_save = true;
  uint8_t targets = 1;
};

// Healing Word, Cure Wounds, a Medicine check: what a member does for a fallen ally.
struct Heals {
  std::optional<Dice> dice;  // a healing spell's hit points
  int uses = 0;
  bool bonus_action = true;  // Healing Word: a bonus action, the attacks follow
  Dice potion;               // a potion of healing's hit points (SRD: 2d4 + 2)
  int potions = 0;           // potions carried, given to a fallen ally (an action)
  // On its turn, when it picks up nobody and its HP are at or below this share of its maximum,
  // the member drinks one of its own potions (the action); 0: never, they go to the fallen.
  double drink_below = 0.25;
  // 003 "Le soin magique guérit une blessure à la fois", after the fight (party_course.cpp):
  // moderate — lesser restoration or a remedy; severe — greater restoration or a remedy;
  // serious — heal or regenerate (light: the uses and potions left).
  int lesser_restoration = 0, greater_restoration = 0, heal_spell = 0;
  int remedies_moderate = 0, remedies_severe = 0;
  std::optional<int> medicine;  // Wisdom (Medicine) modifier: DC 10 to stabilise the dying
  // 003 "Soin traditionnel" after the fight (an herbalism kit): the party's injuries, with a
  // failed treatment tried again after retry_after.
  bool treat_injuries = false;
  Duration retry_after;
  // Between two encounters of a day (party_day.cpp): "fallen" — a use (else a potion) on each
  // member at 0 HP, instead of waiting for it to wake; "top_up" — then the uses left on whoever
  // lacks the most HP; "none" — everything kept for the next fight.
  enum class Between : uint8_t { None, Fallen, TopUp };
  Between heal_between = Between::Fallen;
};

// One combatant's stat block: a member, or one opponent of an [[opponents]] kind.
struct Combatant {
  std::string name;
  int max_hp = 1;
  int ac = 10;
  int initiative = 0;
  int temp_hp = 0;
  bool player_rules = true;          // death saves at 0 HP; false: dies at 0 HP (SRD monsters)
  std::vector<PartyAttack> attacks;  // one turn's, in order
  std::optional<Dice> sneak_attack;  // added once a turn, to the first hit
  // Saving throw bonuses (`str_save` .. `cha_save`): Con's for 003's Nausée and Côtes cassées,
  // each an attack's `save_dc` asks for.
  std::array<int, kAbilities> saves{};
  // Ability scores (`str` .. `cha`), 0 where not given: what 003's ability losses act on (an
  // attack's `ability`, con_save through Con).
  std::array<int, kAbilities> scores{};
  Dice sneak_crit;
  std::optional<Heals> heals;
  // Hit Dice, spent in an adventuring day's short rests (SRD "Short Rest"): how many the member
  // has, and one die's roll with its Constitution modifier (`hit_die = "1d10+2"`).
  int hit_dice = 0;
  Dice hit_die;
  // What its AC holds of its Dex modifier (`armor`, SRD "Armor and Shields"): all of it
  // (unarmoured, light armour), up to +2 (medium), none (heavy); Unsaid: the AC is the
  // designer's, and a Dex loss does not move it.
  enum class Armor : uint8_t { Unsaid, Light, Medium, Heavy };
  Armor armor = Armor::Unsaid;
  // Its level (`level`; default: hit_dice, one Hit Die a level; 0: none given): with a `con`
  // score, a Con loss lowers the maximum HP by the modifier's drop a level (SRD "Constitution":
  // the modifier counts once a level), as one character's.
  int level = 0;
  // SRD "Second Wind" (`second_wind = "1d10+3"`: 1d10 + its fighter level): on its turn, standing
  // at or below second_wind_below of its maximum HP, a bonus action heals it (its attacks
  // follow); once, back after a short or long rest (an adventuring day's) and at each adventure.
  std::optional<Dice> second_wind;
  double second_wind_below = 0.5;
  // Its attacks of limited uses (PartyAttack::pool, rules/common/uses.h), one pool each: the
  // uses at an adventure's start, back after a long rest (a day's night) and, for a pool with
  // `recharge = "short_rest"`, a short rest; a `shared` pool spends the heals' uses.
  fight::UsePlan uses;
};

// An adventuring day (docs/days.md; rules/common/day.h): the party's fight played `encounters`
// times in a row against fresh opponents — or the fight, then each [[day.next]] with opponents of
// its own — the members carrying their HP, Hit Dice, heals, potions and open injuries from one to
// the next; `short_rests` short rests spread evenly between them, and `travel` between any two;
// `days`: that day played again after a long rest. The long rest and the injuries' course
// follow the last encounter.
using Day = fight::Day<Combatant>;

struct PartyConfig {
  Options options;
  SeverityMap severity;  // lingering injuries: the d20 -> severity mapping in use
  fight::Policies policies;
  std::vector<Combatant> combatants;  // the members, then every opponent
  size_t members = 0;
  Seconds long_rest = 8 * kHour;
  Seconds horizon = 0;
  Day day;
};

// Reads a scenario whose variant v has [[party]] (given: its tables). Throws InputError.
PartyConfig read_party(const Scenario& s, size_t v);

class Party : public fight::Lineup<Party, PartyConfig> {
 public:
  explicit Party(PartyConfig config);
  Outcome run_trial(TrialContext& ctx) const;

  // ---- fight::FightRules
  struct Body {
    int hp = 0;
    int temp = 0;
    uint8_t c = 0;  // the combatant's index
    uint8_t successes = 0;
    uint8_t failures = 0;
    bool stable = false;
    bool dead = false;
    bool sneak_done = false;  // this turn's sneak attack is spent
    bool second_wind = false;  // Combatant::second_wind not used since the last rest
    Seconds bonus_spent = -1;  // the round of its last Healing Word: its bonus action spent
    int uses = 0;             // heals left
    int potions = 0;          // potions left
    uint16_t falls = 0;       // times dropped to 0 HP
    uint16_t heals_given = 0;
    Seconds died_at = -1;
    Seconds down_first = -1;  // first dropped to 0 HP
    Seconds up_last = 0;      // last back on their feet
    // Seed 003's lingering injuries, open until the end of the trial (no recovery is played):
    // the first kMaxOpen are tracked (their effects act), all are counted by severity.
    static constexpr size_t kMaxOpen = 6;
    std::array<uint16_t, kMaxOpen> open{};           // indices into the injury catalog
    std::array<Severity, kMaxOpen> open_severity{};  // each one's severity (the mapping's)
    uint8_t n_open = 0;
    std::array<uint16_t, kSeverities> injuries{};  // inflicted, by severity
    uint16_t last_type = 0;                        // the last damage type taken
    uint8_t n_carried = 0;  // the first open: losses carried from the adventures before
    // Then the healing injuries carried (a downtime) still open, in CarriedMember::healing's
    // order less those a short rest of the day healed (bit h: healing[h] healed), so the
    // course after the day takes each up with its own course (party_course.cpp).
    uint8_t n_healing = 0;
    uint8_t healed_carried = 0;
    uint8_t hit_dice = 0;   // Hit Dice left for an adventuring day's short rests
    // Its attacks of limited uses (Combatant::uses): left, spent in this encounter and this
    // turn, and over the trial (the counter uses_spent).
    fight::UseState pools;
    uint16_t rot = 0;       // maximum HP lost to the rot of a healing injury carried
    // Each open injury's untreated long rests so far (a day's nights, the downtime's before):
    // what InjuryCourse::long_rests counts toward "Varie" (options untreated_*_long_rests).
    std::array<uint8_t, kMaxOpen> open_rests{};
    // Bit i: open injury i, one of "Mains ou pieds" (a deadline that takes a limb, Perte d'un
    // pied ou d'une main), is of a foot, drawn with it (streams::combatant_limb); else a hand.
    uint8_t open_foot = 0;
    uint8_t hands_lost = 0;  // hands lost to a deadline in a campaign's adventures before
    // Each open injury's septicaemia decline so far (a healing injury carried): Str, Dex, Con.
    std::array<uint8_t, kMaxOpen> open_decline{};
  };
  Seconds round_seconds() const { return kRound; }
  // Down: at 0 HP, or kept from acting by an open injury (incapacitated, paralysed, stunned,
  // unconscious).
  // (n_open first: injured_out is a call, and most bodies have no open injury.) Asked for every
  // combatant on every blow: kept inline (g++ split it into an out-of-line part, 37 M
  // instructions of the party benchmark's 596 M, 2026-12-05).
  [[gnu::always_inline]] fight::State state(const Body& b) const {
    return b.dead ? fight::State::Dead
           : b.hp > 0 && (b.n_open == 0 || !injured_out(b)) ? fight::State::Standing
                                                            : fight::State::Down;
  }
  int hp(const Body& b) const { return b.hp; }
  bool dying(const Body& b) const { return !b.dead && b.hp == 0 && !b.stable; }
  int urgency(const Body& b) const { return b.failures; }
  void start_turn(Body& b, Stream& s, Seconds t, EventLog* log) const;
  bool strike(size_t c, int n, Body& attacker, Body& target, Stream& s, Seconds t,
              EventLog* log) const;
  // An attack striking several at once (PartyAttack::targets): asked on every blow, so a
  // party without one answers from a flag.
  int area(size_t c, int n) const {
    return area_ ? cfg_.combatants[c].attacks[static_cast<size_t>(n)].targets : 1;
  }
  uint32_t strike_area(size_t c, int n, std::span<Body> bodies, std::span<const uint16_t> caught,
                       Stream& s, Seconds t, EventLog* log) const;
  bool can_pick_up(const Body& b) const {
    const auto& h = cfg_.combatants[b.c].heals;
    return h && (b.uses > 0 || b.potions > 0 || h->medicine.has_value());
  }
  fight::Cost pick_up(Body& helper, Body& patient, Stream& s, Seconds t, EventLog* log) const;
  // ---- the driver's optional hooks
  // A member low on HP drinks its own potion (Heals::drink_below), the action.
  // With rot carried from the adventure before, the share is of its lowered maximum.
  // And one with its Second Wind unused uses it, a bonus action (Combatant::second_wind).
  bool wants_own_care(const Body& b) const {
    return (wants_potion(b) || (b.second_wind && b.hp <= wind_at_[b.c])) && b.hp > 0;
  }
  bool wants_potion(const Body& b) const {
    return b.potions > 0 && b.hp <= (b.rot == 0 ? drink_at_[b.c] : drink_at(b));
  }
  int drink_at(const Body& b) const;
  bool own_care(size_t c, Body& b, Stream& s, Seconds t, EventLog* log) const;
  // 003's Nausée and Côtes cassées: a Constitution save at the start of the turn, or the
  // turn's action is lost (asked only of a body with such an injury open).
  bool plays_action_save(const Body& b) const {
    return b.n_open > 0 && has_combat(b, Combat::ActionSave);
  }
  bool action_lost(size_t c, Body& b, Stream& s, Seconds t, EventLog* log) const;
  // 003 "Plaie perforante": 1 HP lost at the end of each of its turns while standing.
  void end_turn(size_t c, Body& b, Stream& s, Seconds t, EventLog* log) const;
  bool plays_end_turn(const Body& b) const { return b.n_open > 0; }  // only an open injury acts
  // ----

  Body fresh(size_t c) const;  // combatant c before the fight (fight::Lineup plays from it)

  // What each member carries from one adventure of a campaign to the next, as one character
  // (README interpretation 19): its permanent losses, the open injuries only magic heals (a lost
  // eye, hand or foot, blindness, deafness), up to Body::kMaxOpen, and the hands lost to an
  // untreated deadline. They act in the next fight as open injuries (a second lost eye or
  // permanent blindness: blinded; a lost hand: a two-handed attack made one-handed); each is
  // counted in lasting_injuries once, by the adventure that inflicted it.
  //
  // With a campaign's downtime (`leave_by` > 0 on the adventure's clock) the party may go on
  // before every survivor is whole (`went_on`), once every survivor can act (README
  // interpretation 20, a party's): each member not whole then carries its HP, the maximum HP
  // its rot took, and each healable injury still open with its course and clocks; they follow
  // its losses among its open injuries in the next fight. Every survivor carries its Hit Dice
  // (those its day's short rests left, and what the long rests it finished gave back).
  struct CarriedMember {
    std::array<uint16_t, Body::kMaxOpen> open{};
    std::array<Severity, Body::kMaxOpen> severity{};
    uint8_t n = 0;
    uint8_t foot = 0;   // bit i: loss i (Perte d'un pied ou d'une main) is of a foot
    uint8_t hands = 0;  // hands lost to a deadline, every adventure before together
    struct Healing {
      InjuryCourse course;  // next_try from the next adventure's start
      Seconds deadline_in = -1, tick_in = -1;  // its clocks, from the next adventure's start
      int hp_lost = 0;  // the maximum HP its rot took (back when it heals)
      bool hand = true;  // "Mains ou pieds": of a hand (drawn with the injury)
      int decline = 0;   // septicaemia's points of Str, Dex and Con so far
    };
    std::array<Healing, Body::kMaxOpen> healing{};
    uint8_t n_healing = 0;
    int hp = -1;  // the HP it went on with; -1: the scenario's
    int rot = 0;  // maximum HP lost to the healing injuries' rot (their hp_lost added up)
    int hit_dice = -1;  // the Hit Dice it went on with; -1: the scenario's
    bool newcomer = false;  // in a dead member's place (after_a_death = "replace")
    bool absent = false;    // dead, its place left empty (after_a_death = "go_on")
    bool retired = false;   // absent or a newcomer: its place's last member retired
    uint32_t lasting = 0;   // its lasting injuries reported so far, every adventure's
  };
  using Carried = std::array<CarriedMember, fight::kMaxMembers>;
  // With `after_death` (docs/campaigns.md, after_a_death) only the whole party's death ends
  // the campaign: the survivors' end is the adventure's, the downtime theirs, and each dead
  // member's place goes to a newcomer, the scenario's fresh member (carried: nothing), or stays
  // empty: the member is absent, dead from the start of every later adventure. A survivor the
  // campaign's `retire` rule retires (rules/common/retire.h) leaves its place so too, alive;
  // `left` says how many did.
  Outcome run_adventure(TrialContext& ctx, Carried& carried, Seconds leave_by = 0,
                        bool* went_on = nullptr, AfterDeath after_death = AfterDeath::End,
                        const MemberRetirement& retire = {}, Departures* left = nullptr) const;
  // Blinded: by an open injury's condition, or two lost eyes (as one character).
  bool blind(const Body& b) const;
  // A hand out: "Vous ne pouvez rien porter à deux mains" (an open injury's Combat::OneHand, of
  // a hand where it is of a hand or a foot), or a hand lost in an adventure before.
  bool one_handed(const Body& b) const;
  // What the open injuries' ability losses take from the modifier of `a` (<= 0): 0 without the
  // score or a loss of it.
  int modifier_drop(const Body& b, Ability a) const;
  int ability_loss(const Body& b, Ability a) const;  // the open injuries' points of `a`

 private:
  void damage(Body& b, int amount, bool critical, Stream& s, Seconds t, EventLog* log) const;
  void inflict_injury(Body& b, Stream& s, Seconds t, EventLog* log) const;
  bool has_condition(const Body& b, Condition c) const;
  bool has_combat(const Body& b, Combat c) const;
  bool injured_out(const Body& b) const;
  void revive(Body& b, int hp, Seconds t) const;
  // The start of blow n of attack `a` (PartyAttack::pool): false when the turn skips it (no
  // use left, or replaced by one with a use left); spends the turn's use at its first blow.
  bool limited_blow(const Combatant& k, const PartyAttack& a, Body& attacker, int n, Seconds t,
                    EventLog* log) const;
  // What the attacker's open injuries and lost hands do to attack `a` (README, the party
  // fight): made one-handed, or not at all (`made` false); the ability modifier's drop.
  struct Wield {
    bool made = true;
    bool one_hand = false;
    int drop = 0;
  };
  Wield wield(const Combatant& k, const PartyAttack& a, const Body& attacker, Seconds t,
              EventLog* log) const;
  // Attack `a` with a saving throw (PartyAttack::save_dc) against each of `caught`, its damage
  // rolled once: bit j set for caught[j] damaged.
  uint32_t save_blow(const Combatant& k, const PartyAttack& a, const Body& attacker,
                     std::span<Body* const> caught, Stream& s, Seconds t, EventLog* log) const;
  // Between two encounters: the stable wake, travel and the short rest; returns the day's clock.
  Seconds between(Bodies<Body>& bodies, int e, Seconds t, TrialRng& rng, EventLog* log) const;
  Seconds heal_between(Bodies<Body>& bodies, Seconds t, TrialRng& rng, EventLog* log) const;
  // Between two encounters, at t: each member's Second Wind unused, before a short rest if
  // below its maximum (the rest gives it back), else at or below second_wind_below.
  void wind_between(Bodies<Body>& bodies, bool rest, Seconds t, TrialRng& rng,
                    EventLog* log) const;
  void short_rest(Body& b, Stream& s, Seconds t, EventLog* log) const;
  // The night between two of `days` (party_day.cpp): HP, Hit Dice, heals, 003's injuries.
  void long_rest(Body& b, Seconds t, EventLog* log) const;
  // Open injury i heals in the day (a short or a long rest): off the open list.
  void close_open(Body& b, size_t i) const;
  // Its maximum HP: the combatant's, less the rot it carries from the adventure before (the
  // course after the fight counts the rot it adds on its own, party_course.cpp), and with a
  // level and a `con` score, the Con modifier's drop a level while an injury takes Con.
  int max_hp(const Body& b) const {
    const Combatant& k = cfg_.combatants[b.c];
    return k.max_hp - b.rot + (k.level > 0 ? k.level * modifier_drop(b, Ability::Con) : 0);
  }
  // Its AC: the combatant's, less what a Dex loss takes of the modifier its armour holds.
  int ac(const Body& b) const {
    const Combatant& k = cfg_.combatants[b.c];
    if (k.armor == Combatant::Armor::Unsaid || k.armor == Combatant::Armor::Heavy ||
        b.n_open == 0) [[likely]]
      return k.ac;
    return k.ac - dex_ac_drop(b);
  }
  int dex_ac_drop(const Body& b) const;
  // A maximum lowered (a Con loss): HP above it come down to it, and a maximum at 0 kills (003
  // "Si votre maximum atteint 0, vous mourrez", as one character's).
  void lower_to_max(Body& b, Seconds t, EventLog* log) const;
  // The story's lines when an injury changed its maximum HP or its AC from these.
  void note_lowered(const Body& b, int top_before, int ac_before, Seconds t, EventLog* log) const;
  // Open injury i, one of the healing injuries carried (n_carried <= i < n_carried +
  // n_healing): its index in CarriedMember::healing, past those healed in the day.
  static size_t carried_course(const Body& b, size_t i) {
    size_t h = 0;
    for (size_t left = i - b.n_carried;; ++h)
      if ((b.healed_carried >> h & 1u) == 0 && left-- == 0) return h;
  }
  // SRD "Long Rest": "regains spent Hit Dice, up to a number of dice equal to half of the
  // character's total number of them (minimum of one die)".
  void long_rest_dice(Body& b) const {
    const int total = cfg_.combatants[b.c].hit_dice;
    b.hit_dice = static_cast<uint8_t>(std::min(total, b.hit_dice + std::max(1, total / 2)));
  }
  // The course of the survivors' injuries after the fight (party_course.cpp): treatment by the
  // party's medic, bed rest, deadlines, rot, the daily long rests. Fills in each member's
  // report; `full` is when every survivor is whole (> horizon: not within it).
  struct Course {
    Seconds full = 0;
    Seconds left_at = -1;  // the party went on still healing then (a downtime)
    uint32_t lasting = 0;  // permanent losses the survivors keep
    std::array<uint8_t, fight::kMaxMembers> hands{}, feet{};  // lost to a deadline, by member
  };
  // The survivors' new permanent losses as sequelae (README, the party fight): a loss carried
  // in from a campaign's adventure before was reported by the adventure that inflicted it. Each
  // member's are added to its `lasting` in `carried` (a campaign's rule to retire one).
  void add_losses(Outcome& o, const Bodies<Body>& bodies, const Course& course,
                  Carried& carried) const;
  // `carried`: in, the healing injuries each member went on with (their course and clocks);
  // out, with a downtime (`leave_by`), what it goes on with when the party leaves.
  // With `after_death` the survivors may go on after a death (run_adventure).
  Course injury_course(Bodies<Body>& bodies, const fight::Result& res, Seconds awake,
                       std::span<fight::MemberReport> members, TrialContext& ctx,
                       Carried& carried, Seconds leave_by, AfterDeath after_death) const;

  std::vector<Party> next_;  // [[day.next]]: encounter e + 1's fight is next_[e - 1]
  std::array<int, fight::kMaxCombatants> drink_at_{};  // a member drinks at or below these HP
  std::array<int, fight::kMaxCombatants> wind_at_{};   // and takes its Second Wind at these
  const InjuryCatalog* catalog_ = nullptr;             // with lingering_injuries
  uint16_t piercing_ = 0;                              // the damage type of a piercing wound's loss
  size_t encounters_counter_ = 0;  // "encounters", declared with a [day] only
  size_t injury_counters_ = 0;  // the index of "injuries" in metrics_.counters
  bool by_severity_ = false;    // injuries_light.. fit within the counters
  size_t lasting_counter_ = 0;  // "lasting_injuries" (kMaxCounters: not declared)
  size_t uses_counter_ = 0;     // "uses_spent"
  bool area_ = false;           // some attack strikes several at once (PartyAttack::targets)
  uint16_t loss_sequelae_ = 0;  // the index of "lost_eye" in metrics_.sequelae; the others follow
};

static_assert(fight::FightRules<Party>);

}  // namespace leth::dnd5e
