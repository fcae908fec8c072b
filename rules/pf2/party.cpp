// The pf2 party fight: the body and attack of pf2 (seed 004 "Points de vie et guérison", the
// Player Core rules as options), the metrics of a party trial, and the trial: the fight
// (rules/common/fight.h), the stable waking, the nights' rest.
#include "rules/pf2/party.h"

#include <algorithm>
#include <array>
#include <optional>

#include "rules/common/retire.h"
#include "rules/pf2/medicine.h"
#include "sim/core/check.h"
#include "sim/core/substreams.h"

namespace leth::pf2 {

namespace {

// 004 "Inconscient": "une pénalité de condition de -4 à la CA" and "pris au dépourvu"
// (off-guard, -2 to AC: Player Core).
constexpr int kFallenAcPenalty = 4 + 2;
constexpr int kShift[] = {+2, +1, -1, -2};  // the recovery check's change of dying, by Degree
// The focus spells cast in the recovery after the fight (rest_and_treat) draw from the casters'
// care streams of rounds from here on: the fight's rounds and top_up's never come near.
constexpr int kRecoveryRound = 1 << 29;

}  // namespace

Party::Party(PartyConfig config) : Lineup(std::move(config)) {
  encounters_counter_ = plan_day(next_);  // [[day.next]] and the encounters fought
  // The spell slots spent (rules/common/uses.h), declared without them too (0): a variant may
  // give some, and compares.
  uses_counter_ = metrics_.counters.size();
  if (uses_counter_ < Outcome::kMaxCounters) {
    metrics_.counters.push_back(
        {"uses_spent",
         "uses of the members' attacks of limited uses spent: spell slots (`uses`), every "
         "member's, every encounter's"});
    metrics_.validate();
  }
  for (const Combatant& k : cfg_.combatants)
    for (const PartyAttack& a : k.attacks) area_ = area_ || a.targets > 1;
  for (size_t c = 0; c < cfg_.members; ++c)
    if (const auto& h = cfg_.combatants[c].heals; h && h->potions > 0)
      drink_at_[c] = std::min(static_cast<int>(h->drink_below * cfg_.combatants[c].max_hp),
                              cfg_.combatants[c].max_hp - 1);  // never at full HP
}

Party::Body Party::fresh(size_t c) const {
  const Combatant& k = cfg_.combatants[c];
  Body b;
  b.c = static_cast<uint8_t>(c);
  b.hp = k.max_hp;
  b.temp = k.temp_hp;
  b.wounded = static_cast<int8_t>(k.wounded);
  b.doomed = static_cast<int8_t>(k.doomed);
  b.hero_points = static_cast<int8_t>(k.hero_points);
  b.uses = k.heals ? k.heals->uses : 0;
  b.focus = static_cast<int8_t>(k.heals ? k.heals->focus_points : 0);
  b.potions = static_cast<int8_t>(k.heals ? k.heals->potions : 0);
  b.pools.left = k.uses.uses;
  return b;
}

// A turn's actions, once per turn (at its first act): three (four for a creature that lists
// four Strikes: quickened), less slowed, which lasts that one turn (004 "Mourir": "lent
// pendant 1 round").
void Party::begin_turn(Body& b, Seconds t) const {
  if (b.turn_at == t) return;
  b.turn_at = t;
  const int budget = std::max(kActionsPerTurn, cfg_.combatants[b.c].turn_actions);
  b.actions = static_cast<int8_t>(std::max(0, budget - b.slowed));
  b.slowed = 0;
  b.attacks_made = 0;
}

void Party::die(Body& b, Seconds t, EventLog* log, const char* why) const {
  b.dead = true;
  b.hp = 0;
  b.died_at = t;
  note(log, t, [&] { return name(b) + " dies: " + why; });
}

// 004 "Mourir": losing dying (back to 1 HP, or stabilised). Player Core: wounded + 1.
void Party::lose_dying(Body& b) const {
  b.dying = 0;
  if (cfg_.options.wounded) ++b.wounded;
}

void Party::become_stable(Body& b, Seconds t, EventLog* log) const {
  lose_dying(b);
  b.stable_at = t;
  note(log, t, [&] { return name(b) + " is stable: unconscious at 0 HP, no longer dying"; });
}

// Back to 1 HP or more: conscious; if it was dying, it loses dying and is slowed by the dying
// value for its next turn (004 "Mourir", "Inconscient").
void Party::revive(Body& b, int amount, Seconds t, EventLog* log) const {
  const int before = b.hp;
  b.hp = std::min(b.hp + amount, cfg_.combatants[b.c].max_hp);
  if (before > 0) return;
  if (b.dying > 0) {
    b.slowed = b.dying;
    lose_dying(b);
  }
  b.stable_at = -1;
  b.up_last = t;
  note(log, t, [&] {
    return name(b) + " is back to " + std::to_string(b.hp) + " HP, conscious" +
           (b.slowed > 0 ? ", slowed " + std::to_string(b.slowed) : std::string());
  });
}

// 004 "Récupération héroïque" (heroic_recovery_effect = "one_hp"): 1 point, back to 1 HP;
// Player Core ("stabilize"): all points, stable at 0 HP, wounded unchanged. README
// interpretation 5: a knock-out straight to death never had dying, so no slowed, no wounded.
void Party::spend_hero_points(Body& b, Seconds t, EventLog* log) const {
  const bool stabilize = cfg_.options.heroic_recovery_effect == HeroEffect::Stabilize;
  const int spent = stabilize ? b.hero_points : 1;
  b.hero_points = static_cast<int8_t>(b.hero_points - spent);
  b.hero_points_spent = static_cast<uint16_t>(b.hero_points_spent + spent);
  note(log, t, [&] {
    return name(b) + " spends " + std::to_string(spent) + " hero point(s) at dying " +
           std::to_string(b.dying);
  });
  if (stabilize) {
    b.dying = 0;
    b.stable_at = t;
    return;
  }
  revive(b, 1, t, log);
}

// Dying rises to `to`; at 4 - doomed the creature dies, unless (heroic_recovery =
// "before_death") a hero point is spent instead of the rise (README interpretation 5).
void Party::worsen(Body& b, int to, Seconds t, EventLog* log) const {
  if (to >= death_at(b) && b.hero_points > 0 &&
      cfg_.options.heroic_recovery == HeroPolicy::BeforeDeath) {
    spend_hero_points(b, t, log);
    return;
  }
  b.dying = static_cast<int8_t>(std::min(to, 100));
  b.stable_at = -1;
  if (b.dying >= death_at(b)) die(b, t, log, "dying reaches its end");
}

// 004 "Jets de récupération": at the start of each of its turns while dying, a Fortitude save
// against the knock-out DC + dying (option recovery_check: Player Core's flat check against
// 10 + dying): success -1, critical success -2, failure +1, critical failure +2.
void Party::start_turn(Body& b, Stream& s, Seconds t, EventLog* log) const {
  const Options& o = cfg_.options;
  if (b.hero_points > 0 &&
      (o.heroic_recovery == HeroPolicy::Immediately ||
       (o.heroic_recovery == HeroPolicy::LastChance && b.dying == death_at(b) - 1))) {
    spend_hero_points(b, t, log);
  } else {
    const bool fortitude = o.recovery_check == RecoveryCheck::Fortitude;
    const int mod = fortitude ? cfg_.combatants[b.c].fortitude : 0;
    const int dc = recovery_dc(b);
    const CheckResult r = roll_check(s, mod, dc);
    const int to = std::max(0, b.dying + kShift[static_cast<int>(r.degree)]);
    note(log, t, [&] {
      return name(b) + " recovery check " + check_text(r, mod, dc) + ": dying " +
             std::to_string(b.dying) + " -> " + std::to_string(to);
    });
    if (to > b.dying)
      worsen(b, to, t, log);
    else if (to == 0)
      become_stable(b, t, log);
    else
      b.dying = static_cast<int8_t>(to);
  }
  if (b.hp > 0) begin_turn(b, t);  // conscious again at the start of its turn: slowed now
}

// 004 "Être mis KO", "Subir des dégâts en étant inconscient", "Dégâts extrêmes", "Points de
// vie temporaires"; most creatures die at 0 HP (004: "La plupart des créatures ... meurent").
void Party::damage(Body& b, int64_t amount, bool critical, int dc, Seconds t, EventLog* log) const {
  const Combatant& k = cfg_.combatants[b.c];
  const Options& o = cfg_.options;
  if (amount <= 0 || b.dead) return;
  // The whole blow, before temporary HP (README interpretation 3).
  if (o.massive_damage && amount >= 2 * static_cast<int64_t>(k.max_hp)) {
    die(b, t, log, "massive damage");
    return;
  }
  const int64_t soak = std::min<int64_t>(b.temp, amount);
  b.temp -= static_cast<int>(soak);
  amount -= soak;
  if (amount <= 0) return;
  const int step = critical ? 2 : 1;
  const int wounded = o.wounded ? b.wounded : 0;
  if (b.hp > 0) {
    if (amount < b.hp) {
      b.hp -= static_cast<int>(amount);
      return;
    }
    b.hp = 0;
    if (!k.player_rules) {
      die(b, t, log, "0 HP");
      return;
    }
    ++b.falls;
    if (b.down_first < 0) b.down_first = t;
    b.recovery_dc = dc;
    b.stable_at = -1;
    note(log, t, [&] {
      return name(b) + " is knocked out" + (critical ? " by a critical" : "") + ": dying " +
             std::to_string(step + wounded);
    });
    worsen(b, step + wounded, t, log);
    return;
  }
  // Already unconscious: the knock-out's effects again, the higher recovery DC kept.
  int to = step + wounded;
  if (b.dying > 0) {
    to = o.dying_adds ? b.dying + step : std::max<int>(b.dying, to);
    b.recovery_dc = std::max(b.recovery_dc, dc);
  } else {
    b.recovery_dc = dc;
  }
  note(log, t, [&] {
    return name(b) + " is struck while unconscious: dying " + std::to_string(b.dying) + " -> " +
           std::to_string(to);
  });
  worsen(b, to, t, log);
}

// The turn's uses armed at its first blow (rules/common/uses.h); an attack made only when its
// actions fit, and then its pool's use spent (the first blow of the turn that makes it).
bool Party::pay(const Combatant& k, const PartyAttack& a, Body& attacker, int n, Seconds t,
                EventLog* log) const {
  begin_turn(attacker, t);
  if (k.uses.pools > 0) [[unlikely]] {
    if (n == 0) fight::arm_uses(k.uses, attacker.pools, 0);
    if (attacker.pools.armed & a.replaced_by) return false;
    if (a.pool >= 0 && !((attacker.pools.armed >> a.pool) & 1)) return false;
  }
  if (attacker.actions < a.actions) return false;
  attacker.actions = static_cast<int8_t>(attacker.actions - a.actions);
  if (a.pool >= 0 &&
      fight::use_blow(attacker.pools, a.pool, a.replaced_by) == fight::UseBlow::Spends) {
    const int left = --attacker.pools.left[static_cast<size_t>(a.pool)];
    note(log, t, [&] {
      return k.name + " spends a use of " + a.name + " (" + std::to_string(left) + " left)";
    });
  }
  return true;
}

// A Strike: d20 + bonus - the multiple attack penalty (the turn's 2nd attack at -step, the 3rd
// and later at -2 x step; step 5, 4 if agile) against AC, lowered by 6 on a fallen target;
// degrees (>= AC + 10 critical, natural 20 one step better, natural 1 one step worse); a hit
// deals at least 1, a critical double. Each costs its `actions` (a Strike one) of
// the turn's; a spell with a basic save (save_dc) goes to save_blow.
bool Party::strike(size_t c, int n, Body& attacker, Body& target, Stream& s, Seconds t,
                   EventLog* log) const {
  const Combatant& k = cfg_.combatants[c];
  const PartyAttack& a = k.attacks[static_cast<size_t>(n)];
  if (!pay(k, a, attacker, n, t, log)) return false;
  if (a.save_dc > 0) [[unlikely]] {
    Body* one[1] = {&target};
    return save_blow(c, a, one, s, t, log) != 0;
  }
  const int bonus = a.attack_bonus - std::min<int>(attacker.attacks_made, 2) * a.map;
  ++attacker.attacks_made;
  const int ac = cfg_.combatants[target.c].ac - (target.hp == 0 ? kFallenAcPenalty : 0);
  bool hit = false, crit = false;
  CheckResult r{0, 0, Degree::Failure};
  if (a.hit_chance) {
    hit = s.chance(*a.hit_chance);
    crit = hit && a.crit_chance > 0.0 && s.chance(a.crit_chance);
  } else {
    r = roll_check(s, bonus, ac);
    hit = r.degree >= Degree::Success;
    crit = r.degree == Degree::CriticalSuccess;
  }
  if (!hit) {
    note(log, t, [&] {
      return k.name + " misses " + name(target) + " (" + a.name +
             (a.hit_chance ? std::string() : ", " + check_text(r, bonus, ac, "AC")) + ")";
    });
    return false;
  }
  const int64_t amount = std::max<int64_t>(1, a.damage.roll(s)) * (crit ? 2 : 1);
  note(log, t, [&] {
    return k.name + " hits " + name(target) + " (" + a.name + (crit ? ", critical" : "") +
           (a.hit_chance ? std::string() : ", " + check_text(r, bonus, ac, "AC")) + ") for " +
           std::to_string(amount);
  });
  damage(target, amount, crit, k.dc.value_or(0), t, log);
  return true;
}

// An attack striking several at once (PartyAttack::targets): always a basic save's.
uint32_t Party::strike_area(size_t c, int n, std::span<Body> bodies,
                            std::span<const uint16_t> caught, Stream& s, Seconds t,
                            EventLog* log) const {
  Body& attacker = bodies[c];
  const Combatant& k = cfg_.combatants[c];
  const PartyAttack& a = k.attacks[static_cast<size_t>(n)];
  if (!pay(k, a, attacker, n, t, log)) return 0;
  std::array<Body*, fight::kMaxCombatants> each;
  for (size_t j = 0; j < caught.size(); ++j) each[j] = &bodies[caught[j]];
  return save_blow(c, a, std::span<Body* const>(each.data(), caught.size()), s, t, log);
}

// Player Core "Basic Saving Throws": critical success, no damage; success, half; failure, all;
// critical failure, double — the degrees of a check (d20 + the save against the DC, ±10, a
// natural 20 or 1 a step: sim/core/check.h). The damage rolled once for all it catches (at
// least 1, as a Strike's); a critical failure knocks out as a critical hit does (dying 2).
uint32_t Party::save_blow(size_t c, const PartyAttack& a, std::span<Body* const> caught,
                          Stream& s, Seconds t, EventLog* log) const {
  const Combatant& k = cfg_.combatants[c];
  const int64_t full = std::max<int64_t>(1, a.damage.roll(s));
  static constexpr const char* kSaves[] = {"Fortitude", "Reflex", "Will"};
  note(log, t, [&] {
    std::string who;
    for (Body* b : caught) who += (who.empty() ? "" : ", ") + name(*b);
    return k.name + " casts " + a.name + " (DC " + std::to_string(a.save_dc) + " basic " +
           kSaves[a.save] + ") on " + who + ": " + std::to_string(full) + " damage";
  });
  uint32_t hits = 0;
  for (size_t j = 0; j < caught.size(); ++j) {
    Body& b = *caught[j];
    const Combatant& target = cfg_.combatants[b.c];
    const int bonus = a.save == 0 ? target.fortitude : a.save == 1 ? target.reflex : target.will;
    const CheckResult r = roll_check(s, bonus, a.save_dc);
    const int64_t amount = r.degree == Degree::CriticalSuccess ? 0
                           : r.degree == Degree::Success       ? full / 2
                           : r.degree == Degree::Failure       ? full
                                                               : 2 * full;
    note(log, t, [&] {
      return name(b) + " " + kSaves[a.save] + " " + check_text(r, bonus, a.save_dc) + ", takes " +
             std::to_string(amount);
    });
    if (amount <= 0) continue;
    damage(b, amount, r.degree == Degree::CriticalFailure, k.dc.value_or(0), t, log);
    hits |= 1u << j;
  }
  return hits;
}

// A Medicine check that heals as Treat Wounds (rules/pf2/medicine.h), "<healer> <act>
// <patient>" in the story: the HP healed brought to the patient, or a critical failure's 1d8
// damage dealt to it (a knock-out at the Treat Wounds DC, README interpretation 7). Returns
// the HP healed (< 0: the damage).
int Party::medicine(Body& healer, Body& patient, const char* act, Stream& s, Seconds t,
                    EventLog* log) const {
  const Heals& h = *cfg_.combatants[healer.c].heals;
  const CheckResult r = roll_check(s, *h.medicine, h.treat_wounds_dc);
  const int healed = medicine_healing(s, h.treat_wounds_dc, r.degree);
  note(log, t, [&] {
    return name(healer) + " " + act + " " + name(patient) + ": " +
           check_text(r, *h.medicine, h.treat_wounds_dc) +
           (healed > 0   ? ", " + std::to_string(healed) + " HP"
            : healed < 0 ? ", botched: " + std::to_string(-healed) + " damage"
                         : std::string());
  });
  if (healed > 0) revive(patient, healed, t, log);
  if (healed < 0) damage(patient, -healed, false, h.treat_wounds_dc, t, log);
  return healed;
}

// Battle Medicine (Player Core skill feat, 1 action): Medicine against the Treat Wounds DC,
// healing as Treat Wounds without ending wounded; a critical failure's 1d8 strikes the
// unconscious patient (dying rises, as any damage). The patient is then immune to this
// healer's Battle Medicine for a day: for the rest of the trial. False when it could not be
// tried (no action left, the patient immune).
bool Party::battle_medicine(Body& helper, Body& patient, Stream& s, Seconds t,
                            EventLog* log) const {
  const Heals& h = *cfg_.combatants[helper.c].heals;
  const auto mine = static_cast<uint8_t>(1u << helper.c);
  if (!h.battle_medicine || (patient.medicine_from & mine) != 0 || helper.actions < 1) return false;
  --helper.actions;
  patient.medicine_from = static_cast<uint8_t>(patient.medicine_from | mine);
  medicine(helper, patient, "gives Battle Medicine to", s, t, log);
  return true;
}

// A healing potion (Player Core): drawn (Interact) and drunk or fed to an adjacent creature
// (Activate), kPotionActions; the drinker regains its hit points, up to its maximum (a fallen
// one is back, slowed by its dying value, as after a Heal). False when the turn has not the
// actions left.
bool Party::potion(Body& giver, Body& drinker, Stream& s, Seconds t, EventLog* log) const {
  if (giver.actions < kPotionActions) return false;
  giver.actions = static_cast<int8_t>(giver.actions - kPotionActions);
  --giver.potions;
  ++giver.heals_given;
  const int amount =
      static_cast<int>(std::max<int64_t>(cfg_.combatants[giver.c].heals->potion.roll(s), 1));
  note(log, t, [&] {
    return &giver == &drinker
               ? name(giver) + " drinks a potion: " + std::to_string(amount) + " HP, " +
                     std::to_string(std::min(giver.hp + amount, cfg_.combatants[giver.c].max_hp)) +
                     " now"
               : name(giver) + " gives " + name(drinker) + " a potion: " + std::to_string(amount) +
                     " HP";
  });
  revive(drinker, amount, t, log);
  return true;
}

// A member at or below drink_below drinks its own potion when it picked up nobody; the
// actions left go to its Strikes (true: none is left).
bool Party::own_care(size_t, Body& b, Stream& s, Seconds t, EventLog* log) const {
  begin_turn(b, t);
  return potion(b, b, s, t, log) && b.actions <= 0;
}

// The focus spell while Focus Points last and its actions fit (a reading: the pool comes back
// with a short rest, the Heals only with the night), else a Heal spell while uses last (1 or 2
// actions); else a potion (2 actions); else Battle
// Medicine (1 action) if the member has the feat and the patient is not immune to it; then,
// if the patient is still dying,
// Administer First Aid (2 actions; Medicine against 15 + dying, option first_aid_dc): success
// stable, critical failure dying + 1. What the care leaves of the turn's three actions goes to
// its Strikes.
fight::Cost Party::pick_up(Body& helper, Body& patient, Stream& s, Seconds t, EventLog* log) const {
  begin_turn(helper, t);
  const Heals& h = *cfg_.combatants[helper.c].heals;
  auto left = [&] { return helper.actions > 0 ? fight::Cost::Bonus : fight::Cost::Action; };
  const bool focus = helper.focus > 0 && helper.actions >= h.focus_actions;
  if (focus || (helper.uses > 0 && helper.actions >= h.actions)) {
    helper.actions = static_cast<int8_t>(helper.actions - (focus ? h.focus_actions : h.actions));
    revive(patient, cast_heal(helper, patient, focus, s, t, "", log), t, log);
    return left();
  }
  if (helper.potions > 0 && potion(helper, patient, s, t, log)) return left();
  const bool medicine = battle_medicine(helper, patient, s, t, log);
  constexpr int kFirstAidActions = 2;
  if (!h.medicine || !dying(patient) || helper.actions < kFirstAidActions)
    return medicine ? left() : fight::Cost::Bonus;
  helper.actions = static_cast<int8_t>(helper.actions - kFirstAidActions);
  const int dc = cfg_.options.first_aid_dc == FirstAidDc::FifteenPlusDying
                     ? 15 + patient.dying
                     : 5 + recovery_dc(patient);
  const CheckResult r = roll_check(s, *h.medicine, dc);
  note(log, t, [&] {
    return name(helper) + " gives first aid to " + name(patient) + ": " +
           check_text(r, *h.medicine, dc);
  });
  if (r.degree >= Degree::Success)
    become_stable(patient, t, log);
  else if (r.degree == Degree::CriticalFailure)
    worsen(patient, patient.dying + 1, t, log);
  return left();
}

int Party::cast_heal(Body& caster, const Body& patient, bool focus, Stream& s, Seconds t,
                     const char* when, EventLog* log) const {
  const Heals& h = *cfg_.combatants[caster.c].heals;
  if (focus)
    --caster.focus;
  else
    --caster.uses;
  ++caster.heals_given;
  const int amount = static_cast<int>(std::max<int64_t>((focus ? h.focus : h.dice)->roll(s), 1));
  note(log, t, [&] {
    const std::string spell = focus ? "its focus spell" : "Heal";
    const std::string left = focus ? " (" + std::to_string(caster.focus) + " Focus Point" +
                                         (caster.focus == 1 ? "" : "s") + " left)"
                                   : "";
    return name(caster) + " casts " + spell + " on " + name(patient) + when + ": " +
           std::to_string(amount) + " HP" + left;
  });
  return amount;
}

// Treat Wounds (seeds/README, Player Core): 10 minutes of the healer's, then medicine(); a
// success also ends wounded. Returns the HP healed (< 0: the damage of a critical failure).
int Party::treat_wounds(Body& healer, Body& patient, Stream& s, Seconds t, EventLog* log) const {
  const int healed = medicine(healer, patient, "treats the wounds of", s, t, log);
  if (healed > 0 && cfg_.options.wounded) patient.wounded = 0;
  return healed;
}

// A member knocked out after the fight (a botched Treat Wounds): its turns every round, a
// recovery check each, and the healer's care (a Heal, Battle Medicine, first aid) after it,
// until it is no longer dying; then, stable, it wakes after `stable_wake`. Every draw from the
// patient's stream `s`. Returns when the healer is free again.
Seconds Party::until_not_dying(Body& patient, Body* helper, Stream& s, Seconds t,
                               EventLog* log) const {
  while (dying(patient) && t <= cfg_.horizon) {
    t += kRound;
    start_turn(patient, s, t, log);
    if (helper != nullptr && dying(patient)) pick_up(*helper, patient, s, t, log);
  }
  if (!patient.dead && patient.hp == 0 && !dying(patient)) {
    patient.up_last = t + cfg_.options.stable_wake.sample(s);
    patient.hp = 1;
    note(log, patient.up_last, [&] { return name(patient) + " wakes at 1 HP"; });
  }
  return t;
}

// After the fight (README, the party fight): nights of rest, the first 8 hours after the
// fight's aftermath and one every 24 hours, each restoring Con x level HP (at least level) to
// every member awake when it begins; and, with a member who has `treat_wounds`, Treat Wounds
// between them: each such member, awake and not asleep, treats one patient at a time (itself
// included), 10 minutes a treatment ending before the night, the patient the one who can be
// treated soonest (then the lowest HP), each patient once an hour (from a treatment's end).
// Returns when every survivor is at full HP (beyond the horizon: not within it); `whole` gets
// when each survivor is.
//
// With a campaign's downtime (`leave_by` > 0; README, the party fight, 15) no treatment ends
// after it and no night begins at or after it; once it is over, every survivor awake and the
// night under way slept out, the party goes on if that is within the horizon and before its
// last survivor is whole: `left_at` gets when, each member has the HP of the nights it rested
// (its `whole` is then -1 if it is not). Else it rests on as without a downtime (a survivor
// asleep past the horizon: the adventure ends not whole either way).
Seconds Party::rest_and_treat(Bodies<Body>& bodies, const fight::Result& res, Wholes& whole,
                              Seconds leave_by, Seconds& left_at, TrialContext& ctx) const {
  const size_t m = cfg_.members;
  constexpr Seconds kTreatment = 10 * kMinute;
  std::array<Seconds, fight::kMaxMembers> full_at{}, free_at{}, immune_until{};
  std::array<std::optional<Stream>, fight::kMaxMembers> patient_stream;
  for (size_t c = 0; c < m; ++c) {
    full_at[c] = bodies[c].hp >= cfg_.combatants[c].max_hp ? res.end : -1;
    free_at[c] = std::max(res.end, bodies[c].up_last);
    immune_until[c] = res.end;
  }
  auto healer = [&](size_t h) {
    const auto& hs = cfg_.combatants[h].heals;
    return !bodies[h].dead && hs && hs->treat_wounds;
  };
  auto needs = [&](size_t p) { return !bodies[p].dead && full_at[p] < 0; };
  // A member with a focus spell that heals: Refocus, then cast it (Lay on Hands, again and again).
  auto caster = [&](size_t h) {
    const auto& hs = cfg_.combatants[h].heals;
    return !bodies[h].dead && hs && hs->focus_points > 0;
  };
  int cast_round = kRecoveryRound;  // the casts' care streams (streams::combatant_care)
  auto reached = [&](size_t p, Seconds t) {
    if (full_at[p] < 0 && bodies[p].hp >= cfg_.combatants[p].max_hp) full_at[p] = t;
  };
  Seconds night = res.end + 8 * kHour;  // the next night's start
  Seconds slept_to = -1;                 // the end of the last night played
  while (night <= cfg_.horizon) {
    // The treatment that can end soonest, before the night.
    int best_h = -1, best_p = -1;
    Seconds best = 0;
    for (size_t h = 0; h < m; ++h) {
      if (!healer(h)) continue;
      for (size_t p = 0; p < m; ++p) {
        if (!needs(p)) continue;
        const Seconds start = std::max(free_at[h], immune_until[p]);
        if (start + kTreatment > night) continue;
        if (leave_by > 0 && start + kTreatment > leave_by) continue;
        if (best_h < 0 || start < best ||
            (start == best && bodies[p].hp < bodies[static_cast<size_t>(best_p)].hp)) {
          best_h = static_cast<int>(h);
          best_p = static_cast<int>(p);
          best = start;
        }
      }
    }
    // Or a focus spell, Refocus first if its pool is spent, on the one lacking the most HP, when
    // it ends sooner than that treatment (ties: the treatment).
    int cast_h = -1, cast_p = -1;
    Seconds cast_end = 0;
    for (size_t h = 0; h < m; ++h) {
      if (!caster(h)) continue;
      const Seconds end = free_at[h] + (bodies[h].focus > 0 ? 0 : kTreatment) + kRound;
      if (end > night || (leave_by > 0 && end > leave_by)) continue;
      if (cast_h >= 0 && end >= cast_end) continue;
      int p = -1;
      for (size_t q = 0; q < m; ++q)
        if (needs(q) && (p < 0 || bodies[q].hp - cfg_.combatants[q].max_hp <
                                      bodies[static_cast<size_t>(p)].hp -
                                          cfg_.combatants[static_cast<size_t>(p)].max_hp))
          p = static_cast<int>(q);
      if (p < 0) continue;
      cast_h = static_cast<int>(h);
      cast_p = p;
      cast_end = end;
    }
    if (cast_h >= 0 && (best_h < 0 || cast_end < best + kTreatment)) {
      const auto h = static_cast<size_t>(cast_h);
      const auto p = static_cast<size_t>(cast_p);
      Body& b = bodies[h];
      const bool refocus = b.focus == 0;
      if (refocus) b.focus = 1;
      Stream s = open(ctx.rng, streams::combatant_care(++cast_round, h));
      Body& patient = bodies[p];
      revive(patient,
             cast_heal(b, patient, true, s, cast_end, refocus ? " after Refocus" : "", ctx.log),
             cast_end, ctx.log);
      if (patient.up_last > cast_end) {
        patient.up_last = cast_end;
        note(ctx.log, cast_end, [&] { return name(patient) + " wakes"; });
      }
      free_at[h] = cast_end;
      reached(p, cast_end);
      continue;
    }
    if (best_h >= 0) {
      const auto h = static_cast<size_t>(best_h);
      const auto p = static_cast<size_t>(best_p);
      const Seconds end = best + kTreatment;
      if (!patient_stream[p]) patient_stream[p] = open(ctx.rng, streams::combatant_treatment(p));
      Stream& s = *patient_stream[p];
      Body& patient = bodies[p];
      // Healed while still asleep from the fight: it wakes.
      if (treat_wounds(bodies[h], patient, s, end, ctx.log) > 0 && patient.up_last > end) {
        patient.up_last = end;
        note(ctx.log, end, [&] { return name(patient) + " wakes"; });
      }
      free_at[h] = end;
      if (dying(patient))
        free_at[h] = until_not_dying(patient, h == p ? nullptr : &bodies[h], s, end, ctx.log);
      immune_until[p] = end + kHour;
      if (!patient.dead) free_at[p] = std::max(free_at[p], patient.up_last);
      reached(p, end);
      continue;
    }
    bool any = false, treating = false;
    for (size_t p = 0; p < m; ++p) any = any || needs(p);
    for (size_t h = 0; h < m; ++h) treating = treating || healer(h) || caster(h);
    if (!any) break;
    if (!treating) break;  // the nights alone: counted below, without playing them
    if (leave_by > 0 && night >= leave_by) break;  // the downtime is over
    // The night: the members awake when it begins rest; the healers sleep too. A night's rest
    // also lowers doomed by 1 (interpretation 8, as the single character), which matters to a
    // patient a later botched treatment knocks out.
    for (size_t p = 0; p < m; ++p) {
      Body& b = bodies[p];
      if (b.dead || b.hp == 0 || b.up_last > night) continue;
      if (cfg_.options.doomed && b.doomed > 0) {
        --b.doomed;
        note(ctx.log, night + 8 * kHour,
             [&] { return name(b) + "'s doomed drops to " + std::to_string(b.doomed); });
      }
      if (caster(p)) b.focus = static_cast<int8_t>(cfg_.combatants[p].heals->focus_points);
      if (!needs(p)) continue;
      b.hp = std::min(b.hp + rest_gain(p), cfg_.combatants[p].max_hp);
      reached(p, night + 8 * kHour);
    }
    for (size_t h = 0; h < m; ++h) free_at[h] = std::max(free_at[h], night + 8 * kHour);
    slept_to = night + 8 * kHour;
    night += kDay;
  }
  // Nights alone: the first one a member is awake at, then every 24 hours (as many as its HP
  // need), in one step.
  Seconds full = res.end;
  std::array<Seconds, fight::kMaxMembers> first_alone{};  // the first night alone it rests
  for (size_t c = 0; c < m; ++c) {
    const Body& b = bodies[c];
    if (b.dead) continue;
    Seconds start = night;
    if (b.up_last > start) start += (b.up_last - start + kDay - 1) / kDay * kDay;
    first_alone[c] = start;
    if (full_at[c] >= 0) {
      whole[c] = full_at[c];
      full = std::max(full, full_at[c]);
      continue;
    }
    const int gain = rest_gain(c);
    const int64_t nights = (cfg_.combatants[c].max_hp - b.hp + gain - 1) / gain;
    whole[c] = start + (nights - 1) * kDay + 8 * kHour;
    full = std::max(full, whole[c]);
  }
  // The downtime: the nights alone begun before it is over (the last slept out).
  Seconds last_end = std::min(full, cfg_.horizon);
  if (leave_by > 0 && full > leave_by) {
    if (night < leave_by) slept_to = night + (leave_by - 1 - night) / kDay * kDay + 8 * kHour;
    Seconds go = std::max(leave_by, slept_to);
    for (size_t c = 0; c < m; ++c)
      if (!bodies[c].dead) go = std::max(go, bodies[c].up_last);
    if (go < full && go <= cfg_.horizon) {
      left_at = go;
      last_end = slept_to;
      for (size_t c = 0; c < m; ++c) {
        Body& b = bodies[c];
        if (b.dead || full_at[c] >= 0 || whole[c] <= go) continue;
        whole[c] = -1;
        const Seconds first_end = first_alone[c] + 8 * kHour;
        if (first_end > last_end) continue;
        const int64_t n = 1 + (last_end - first_end) / kDay;  // fewer than it needs
        b.hp += static_cast<int>(n * rest_gain(c));
        note(ctx.log, first_end + (n - 1) * kDay, [&] {
          return name(b) + " rests " + std::to_string(n) + (n == 1 ? " night" : " nights") +
                 " alone: HP " + std::to_string(b.hp) + "/" +
                 std::to_string(cfg_.combatants[c].max_hp);
        });
      }
    }
  }
  // The party rests together until its last survivor is whole (within the horizon) or it goes
  // on: each of those nights lowers the doomed of every member awake when it begins by 1, as
  // the nights played above do; what is left is what the member carries into a campaign's next
  // adventure.
  for (size_t c = 0; c < m && cfg_.options.doomed; ++c) {
    Body& b = bodies[c];
    const Seconds first_end = first_alone[c] + 8 * kHour;
    if (b.dead || b.doomed == 0 || first_end > last_end) continue;
    const int64_t n = std::min<int64_t>(1 + (last_end - first_end) / kDay, b.doomed);
    b.doomed = static_cast<int8_t>(b.doomed - n);
    note(ctx.log, first_end + (n - 1) * kDay,
         [&] { return name(b) + "'s doomed drops to " + std::to_string(b.doomed); });
  }
  return full;
}

// The Heals left, spent once the fight is over (`heal_after_fight`, default true, as the single
// character's healer): each living, conscious member with Heals left, in the party's order,
// casts one a round from the end of the aftermath — its focus spell while Focus Points last,
// then a Heal while uses last — as long as someone living is below full HP (itself included):
// first a member at 0 HP (it wakes: back to the HP healed),
// then the one who lacks the most HP. Each cast's dice come from the caster's care stream of
// that round, the rounds counting on after the aftermath's (streams::combatant_care). Returns
// when the last cast ends (the aftermath's end if none).
Seconds Party::top_up(Bodies<Body>& bodies, Seconds from, int first_round, TrialRng& rng,
                      EventLog* log) const {
  const size_t m = cfg_.members;
  Seconds done = from;
  for (size_t h = 0; h < m; ++h) {
    Body& healer = bodies[h];
    const auto& hs = cfg_.combatants[h].heals;
    if (!hs || !hs->heal_after_fight || healer.dead || healer.hp == 0) continue;
    int round = first_round;
    Seconds t = from;
    while (healer.uses > 0 || healer.focus > 0) {
      // The most urgent: at 0 HP before conscious, then the most HP lacking.
      int best = -1;
      std::pair<bool, int> most{};
      for (size_t p = 0; p < m; ++p) {
        const Body& b = bodies[p];
        const std::pair<bool, int> key{b.hp == 0, cfg_.combatants[p].max_hp - b.hp};
        if (b.dead || key.second <= 0 || (best >= 0 && key <= most)) continue;
        best = static_cast<int>(p);
        most = key;
      }
      if (best < 0) break;
      ++round;
      t += kRound;
      Stream s = open(rng, streams::combatant_care(round, h));
      Body& patient = bodies[static_cast<size_t>(best)];
      const bool focus = healer.focus > 0;  // the focus spell first, as in the fight
      revive(patient, cast_heal(healer, patient, focus, s, t, " after the fight", log), t, log);
    }
    done = std::max(done, t);
  }
  return done;
}

Outcome Party::run_trial(TrialContext& ctx) const {
  Carried nothing;
  return run_adventure(ctx, nothing);
}

Outcome Party::run_adventure(TrialContext& ctx, Carried& carried) const {
  Bodies<Body> bodies;
  const fight::Result first = play_fight(bodies, ctx, [&](Body& b) {
    if (b.c >= cfg_.members) return;
    if (carried.absent[b.c]) {  // after_a_death = "go_on": the party goes on short of it
      b.dead = true;
      note(ctx.log, 0, [&] { return fight::empty_place(name(b), false); });
      return;
    }
    if (carried.newcomer[b.c])
      note(ctx.log, 0, [&] { return fight::newcomer_place(name(b), false); });
    const bool healing = carried.hp[b.c] >= 0;  // went on still healing (interpretation 15)
    if (healing) {
      b.hp = carried.hp[b.c];
      b.wounded = carried.wounded[b.c];
    }
    if (carried.doomed[b.c] >= 0) b.doomed = carried.doomed[b.c];
    const bool doomed = cfg_.options.doomed && b.doomed > 0 && carried.doomed[b.c] >= 0;
    if (healing || doomed)
      note(ctx.log, 0, [&] {
        std::string what;
        if (healing) {
          what = "HP " + std::to_string(b.hp) + "/" + std::to_string(cfg_.combatants[b.c].max_hp);
          if (cfg_.options.wounded) what += ", wounded " + std::to_string(b.wounded);
        }
        if (doomed) what += (what.empty() ? "doomed " : ", doomed ") + std::to_string(b.doomed);
        return name(b) + " carries from the adventures before: " + what;
      });
  });
  uint32_t defeated = count_defeated(bodies, [](const Body& b) { return b.dead; });
  // An adventuring day: its other encounters, then the rest below after the last (party_day.cpp).
  uint32_t fought = 1;
  fight::Result res = first;
  if (cfg_.day.encounters > 1)
    res = play_day(bodies, first, std::span<const Party>(next_), defeated, fought, ctx,
                   [&](Bodies<Body>& bs, int e, Seconds t, TrialRng& rng, EventLog* log) {
                     return between(bs, e, t, rng, log);
                   });

  // After the fight (README, the party fight): who is hurt when the aftermath ends; the Heals
  // left (top_up); the stable wake at 1 HP after stable_wake from when they became stable (not
  // before the fight's end); then rest_and_treat, from the last Heal's end.
  std::array<bool, fight::kMaxMembers> below{};
  bool hurt = false;
  for (size_t c = 0; c < cfg_.members; ++c) {
    below[c] = !bodies[c].dead && bodies[c].hp < cfg_.combatants[c].max_hp;
    hurt = hurt || below[c];
  }
  fight::Result healed = res;
  if (hurt)
    healed.end = top_up(bodies, res.end, res.rounds + res.aftermath_rounds, ctx.rng, ctx.log);
  for (size_t c = 0; c < cfg_.members; ++c) {
    Body& b = bodies[c];
    if (!b.dead && b.hp == 0) {
      Stream s = open(ctx.rng, streams::combatant_recovery(c));
      const Seconds from = b.stable_at >= 0 ? b.stable_at : res.end;
      b.up_last = std::max(res.end, from + cfg_.options.stable_wake.sample(s));
      b.hp = 1;
      b.dying = 0;
      note(ctx.log, b.up_last, [&] { return name(b) + " wakes at 1 HP"; });
    }
  }
  Wholes whole;
  whole.fill(res.end);
  // A death ends a party's campaign (docs/campaigns.md): its survivors rest to whole, no
  // downtime cuts it short; unless it replaces its dead and some survived: theirs does.
  size_t deaths = 0;
  for (size_t c = 0; c < cfg_.members; ++c) deaths += bodies[c].dead;
  const bool goes_on = deaths == 0 || (plays_on(carried.after_death) && deaths < cfg_.members);
  Seconds left_at = -1;
  const Seconds leave_by = goes_on ? carried.leave_by : 0;
  const Seconds full =
      hurt ? rest_and_treat(bodies, healed, whole, leave_by, left_at, ctx) : res.end;
  std::array<fight::MemberReport, fight::kMaxMembers> members;
  for (size_t c = 0; c < cfg_.members; ++c) {
    const Body& b = bodies[c];
    members[c] = {b.dead,       b.died_at, b.falls,  b.heals_given,
                  b.down_first, b.up_last, below[c], b.dead ? -1 : whole[c]};
    members[c].absent = carried.absent[c];
  }
  carried.went_on = left_at >= 0;
  for (size_t c = 0; c < cfg_.members; ++c) {
    const Body& b = bodies[c];
    carried.doomed[c] = b.doomed;
    const bool healing = carried.went_on && !b.dead && whole[c] < 0;
    carried.hp[c] = healing ? b.hp : -1;
    carried.wounded[c] = healing ? b.wounded : -1;
    // Its place's next occupant: the scenario's, fresh, or nobody (after_a_death).
    carried.newcomer[c] = b.dead && carried.after_death != AfterDeath::GoOn;
    carried.absent[c] = b.dead && carried.after_death == AfterDeath::GoOn;
    if (b.dead) carried.doomed[c] = -1;
  }
  if (carried.went_on)
    note(ctx.log, left_at, [&] {
      std::string who;
      for (size_t c = 0; c < cfg_.members; ++c) {
        if (carried.hp[c] < 0) continue;
        who += (who.empty() ? "" : "; ") + name(bodies[c]) + " at HP " +
               std::to_string(carried.hp[c]) + "/" + std::to_string(cfg_.combatants[c].max_hp);
        if (cfg_.options.wounded && carried.wounded[c] > 0)
          who += ", wounded " + std::to_string(carried.wounded[c]);
      }
      return "the downtime is over: the party goes on to the next adventure, " + who;
    });
  else if (hurt && full <= cfg_.horizon)
    note(ctx.log, full, [&] {
      bool focus = false;
      for (size_t c = 0; c < cfg_.members; ++c) {
        const auto& hs = cfg_.combatants[c].heals;
        focus = focus || (hs && hs->focus_points > 0 && !bodies[c].dead);
      }
      return std::string("every survivor is at full HP (the nights' rest, the treatments") +
             (focus ? ", the focus spells)" : ")");
    });
  Outcome o = fight::party_outcome(res, std::span(members.data(), cfg_.members), defeated, full,
                                   cfg_.horizon, left_at, carried.after_death);
  if (encounters_counter_ < Outcome::kMaxCounters) o.count(encounters_counter_, fought);
  if (uses_counter_ < Outcome::kMaxCounters)
    for (size_t c = 0; c < cfg_.members; ++c) o.count(uses_counter_, bodies[c].pools.total);
  return o;
}

}  // namespace leth::pf2
