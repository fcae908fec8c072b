// The dnd5e party fight: the body and attack of 5e (SRD "Damage and Healing", "Making an
// Attack"), the metrics of a party trial, and the trial: the fight (rules/common/fight.h), the
// stable waking, one long rest.
#include "rules/dnd5e/party.h"

#include <algorithm>
#include <array>

#include "rules/common/retire.h"
#include "rules/dnd5e/course.h"
#include "sim/core/substreams.h"

namespace leth::dnd5e {

namespace {

constexpr int kStabiliseDc = 10;  // SRD: DC 10 Wisdom (Medicine)

}  // namespace

Party::Party(PartyConfig config) : Lineup(std::move(config)) {
  // [[day.next]] and the encounters fought: the first party counter after the common ones
  // (every variant of a scenario with a [day] has one: a variant changes the day's numbers).
  encounters_counter_ = plan_day(next_);
  for (size_t c = 0; c < cfg_.members; ++c)
    if (const auto& h = cfg_.combatants[c].heals; h && h->potions > 0)
      drink_at_[c] = std::min(static_cast<int>(h->drink_below * cfg_.combatants[c].max_hp),
                              cfg_.combatants[c].max_hp - 1);  // never at full HP
  for (size_t c = 0; c < cfg_.members; ++c)
    if (const Combatant& k = cfg_.combatants[c]; k.second_wind)
      wind_at_[c] = std::min(static_cast<int>(k.second_wind_below * k.max_hp), k.max_hp - 1);
  // Seed 003's injuries: the single character's counters, as many as fit (Outcome holds 28:
  // all six for a party of five, with a day's and a campaign's). Declared with
  // lingering_injuries off too (they stay 0), as the single character's are: a variant can
  // turn the injuries on or off and still compare.
  for (const Combatant& k : cfg_.combatants)
    for (const PartyAttack& a : k.attacks) area_ = area_ || a.targets > 1;
  if (cfg_.options.lingering_injuries) catalog_ = &InjuryCatalog::builtin();
  const auto& types = damage_types();
  piercing_ =
      static_cast<uint16_t>(std::find(types.begin(), types.end(), "piercing") - types.begin());
  injury_counters_ = metrics_.counters.size();
  if (injury_counters_ < Outcome::kMaxCounters)
    metrics_.counters.push_back({"injuries", "lingering injuries inflicted on members (seed 003)"});
  // What the survivors keep comes before the breakdown by severity: it is what lasts.
  lasting_counter_ = metrics_.counters.size();
  if (lasting_counter_ < Outcome::kMaxCounters)
    metrics_.counters.push_back(
        {"lasting_injuries",
         "permanent losses the survivors keep: a lost eye, hand or foot, blindness, deafness "
         "(seed 003)"});
  // The same losses by kind, as the single character's sequelae (rules/dnd5e/metrics.h).
  loss_sequelae_ = static_cast<uint16_t>(metrics_.sequelae.size());
  metrics_.sequelae.push_back({"lost_eye", "", "an eye lost by a member (Perte d'un œil)"});
  metrics_.sequelae.push_back(
      {"blindness", "", "a member blind: Cécité permanente, or both eyes lost"});
  metrics_.sequelae.push_back({"deafness", "", "a member deaf for good: Nerfs auditif déchiré"});
  metrics_.sequelae.push_back(
      {"lost_hand", "",
       "a hand lost by a member: to an untreated deadline, or Perte d'un pied ou d'une main"});
  metrics_.sequelae.push_back({"lost_foot", "", "a foot lost, as lost_hand"});
  by_severity_ = lasting_counter_ + 1 + kSeverities <= Outcome::kMaxCounters;
  if (by_severity_)
    for (int v = 0; v < kSeverities; ++v) {
      const std::string sev = severity_name(static_cast<Severity>(v));
      metrics_.counters.push_back({"injuries_" + sev, sev + " injuries inflicted on members"});
    }
  // Declared without attacks of limited uses too (it stays 0): a variant may give some. Room
  // for it: a party of five with a day declares 25, and Outcome holds 28.
  uses_counter_ = metrics_.counters.size();
  metrics_.counters.push_back(
      {"uses_spent",
       "uses of the members' attacks of limited uses spent: spell slots, daily powers (`uses`, "
       "`spends = \"heals\"`), every member's, every encounter's"});
  metrics_.validate();
}

bool Party::has_condition(const Body& b, Condition c) const {
  for (size_t i = 0; i < b.n_open; ++i)
    if (catalog_->injury(b.open[i]).condition == c) return true;
  return false;
}

bool Party::blind(const Body& b) const {
  int eyes = 0;
  for (size_t i = 0; i < b.n_open; ++i) {
    const InjuryDef& d = catalog_->injury(b.open[i]);
    if (d.condition == Condition::Blinded || (d.permanent == Permanent::Eye && ++eyes >= 2))
      return true;
  }
  return false;
}

void Party::add_losses(Outcome& o, const Bodies<Body>& bodies, const Course& course,
                       Carried& carried) const {
  enum : uint16_t { kEye, kBlind, kDeaf, kHand, kFoot };
  std::array<uint16_t, 5> party{};
  for (size_t c = 0; c < cfg_.members; ++c) {
    const Body& b = bodies[c];
    if (b.dead) continue;
    std::array<uint16_t, 5> n{};
    Losses l;
    for (size_t i = 0; i < b.n_open; ++i) {
      const Permanent p = catalog_->injury(b.open[i]).permanent;
      const bool before = i < b.n_carried;
      l.add(p, before);
      if (p == Permanent::Limb && !before) ++n[(b.open_foot >> i & 1u) != 0 ? kFoot : kHand];
    }
    n[kEye] = static_cast<uint16_t>(n[kEye] + l.eyes);
    if (l.new_blindness()) ++n[kBlind];
    if (l.new_deafness()) ++n[kDeaf];
    n[kHand] = static_cast<uint16_t>(n[kHand] + course.hands[c]);
    n[kFoot] = static_cast<uint16_t>(n[kFoot] + course.feet[c]);
    for (size_t k = 0; k < n.size(); ++k) {
      party[k] = static_cast<uint16_t>(party[k] + n[k]);
      carried[c].lasting += n[k];
    }
  }
  for (uint16_t k = 0; k < party.size(); ++k)
    if (party[k] > 0) o.add_sequela(static_cast<uint16_t>(loss_sequelae_ + k), 0, party[k]);
}

bool Party::one_handed(const Body& b) const {
  if (b.hands_lost > 0) return true;
  for (size_t i = 0; i < b.n_open; ++i)  // an open injury: lingering_injuries, a catalog
    if (catalog_->injury(b.open[i]).combat == Combat::OneHand && (b.open_foot >> i & 1u) == 0)
      return true;
  return false;
}

int Party::ability_loss(const Body& b, Ability a) const {
  int loss = 0;
  for (size_t i = 0; i < b.n_open; ++i) {
    loss += ability_taken(catalog_->injury(b.open[i]), b.open_decline[i], a);
  }
  return loss;
}

int Party::modifier_drop(const Body& b, Ability a) const {
  const int score = cfg_.combatants[b.c].scores[static_cast<size_t>(a)];
  if (score == 0 || b.n_open == 0) return 0;
  const int loss = ability_loss(b, a);
  return loss == 0 ? 0 : ability_modifier(std::max(score - loss, 0)) - ability_modifier(score);
}

int Party::dex_ac_drop(const Body& b) const {
  const Combatant& k = cfg_.combatants[b.c];
  const int score = k.scores[static_cast<size_t>(Ability::Dex)];
  const int full = ability_modifier(score);
  const int now = ability_modifier(std::max(score - ability_loss(b, Ability::Dex), 0));
  if (k.armor == Combatant::Armor::Medium)  // its AC holds the modifier up to +2
    return std::min(full, 2) - std::min(now, 2);
  return full - now;
}

bool Party::has_combat(const Body& b, Combat c) const {
  for (size_t i = 0; i < b.n_open; ++i)
    if (catalog_->injury(b.open[i]).combat == c) return true;
  return false;
}

// 003 Nausée ("un jet de sauvegarde de Constitution DD 8 à chaque tour ou passer son action à
// vomir") and Côtes cassées ("Dès lors que vous tentez une action en combat ... DD 10 ou perdre
// votre action"): one save per such injury open, at the start of each of its turns in the
// fight; a failure loses the turn (README, the party fight).
bool Party::action_lost(size_t, Body& b, Stream& s, Seconds t, EventLog* log) const {
  // Organe endommagé's −3 Con lowers the save with the modifier (a member with a `con` score).
  const int bonus = cfg_.combatants[b.c].saves[static_cast<size_t>(Ability::Con)] +
                    modifier_drop(b, Ability::Con);
  for (size_t i = 0; i < b.n_open; ++i) {
    const InjuryDef& d = catalog_->injury(b.open[i]);
    if (d.combat != Combat::ActionSave) continue;
    const int roll = s.die(20);
    const bool lost = roll + bonus < d.save_dc;
    note(log, t, [&] {
      return name(b) + "'s " + d.label + ": Constitution save " + std::to_string(roll) +
             (bonus < 0 ? " - " : " + ") + std::to_string(std::abs(bonus)) + " vs DC " +
             std::to_string(d.save_dc) + (lost ? ", its action is lost" : ", it acts");
    });
    if (lost) return true;
  }
  return false;
}

bool Party::injured_out(const Body& b) const {
  return b.n_open > 0 &&
         (has_condition(b, Condition::Incapacitated) || has_condition(b, Condition::Paralyzed) ||
          has_condition(b, Condition::Stunned) || has_condition(b, Condition::Unconscious));
}

// 003: "Le type de blessure dépend du dernier type de dégât subit": one d20 (from the turn of
// the blow that caused it) gives the severity and the row of that damage type's table.
void Party::inflict_injury(Body& b, Stream& s, Seconds t, EventLog* log) const {
  const int roll = s.die(20);
  const Severity sev = cfg_.severity.of(roll);
  const uint16_t def = catalog_->pick(b.last_type, roll, sev, cfg_.options.injury_row);
  ++b.injuries[static_cast<size_t>(sev)];
  // README interpretation 10: with both eyes lost, Perte d'un œil has no eye left to take.
  int eyes = 0;
  for (uint8_t i = 0; i < b.n_open; ++i)
    eyes += catalog_->injury(b.open[i]).permanent == Permanent::Eye;
  if (catalog_->injury(def).permanent == Permanent::Eye && eyes >= 2) {
    note(log, t, [&] {
      return name(b) + " injury (d20 " + std::to_string(roll) + "): " +
             catalog_->injury(def).label + ": no eye left to lose";
    });
    return;
  }
  const bool kept = b.n_open < Body::kMaxOpen;
  // For the story: what a Con or Dex loss takes from its maximum HP and AC.
  const int top_before = log ? max_hp(b) : 0;
  const int ac_before = log ? ac(b) : 0;
  // "Mains ou pieds" (a deadline that takes a limb, or one that worsens into such an injury;
  // Perte d'un pied ou d'une main): a hand with lost_limb_hand_percent, drawn next from the
  // same stream, with the injury, as one character's (README interpretation 5).
  const InjuryDef& d = catalog_->injury(def);
  const bool foot = kept && (d.deadline != Deadline::None || d.permanent == Permanent::Limb) &&
                    !s.chance(cfg_.options.lost_limb_hand_percent / 100.0);
  if (kept) {
    const unsigned bit = 1u << b.n_open;
    b.open_foot = static_cast<uint8_t>(foot ? b.open_foot | bit : b.open_foot & ~bit);
    b.open_severity[b.n_open] = sev;
    b.open_rests[b.n_open] = 0;
    b.open_decline[b.n_open] = 0;
    b.open[b.n_open++] = def;
  }
  // Interpretation 9, as one character's: a score the losses take to 0 kills (ability_zero_kills).
  const int score = d.ability == Ability::None
                        ? 0
                        : cfg_.combatants[b.c].scores[static_cast<size_t>(d.ability)];
  const bool zero = kept && score > 0 && cfg_.options.ability_zero_kills &&
                    ability_loss(b, d.ability) >= score;
  note(log, t, [&] {
    const std::string mark = kept ? same_name_mark(b.open.data(), b.n_open - 1) : "";
    const bool limb = kept && (d.deadline == Deadline::LoseLimb || d.permanent == Permanent::Limb);
    const char* which = !limb ? "" : foot ? ", a foot" : ", a hand";
    return name(b) + " injury (d20 " + std::to_string(roll) + "): " + d.label + mark + " (" +
           d.damage_type + ", " + severity_name(sev) + which + ")";
  });
  if (zero && !b.dead) {
    b.dead = true;
    b.died_at = t;
    note(log, t, [&] { return name(b) + " dies: " + ability_name(d.ability) + " reduced to 0"; });
  }
  if (kept && d.ability == Ability::Con) lower_to_max(b, t, log);
  if (log && !b.dead) note_lowered(b, top_before, ac_before, t, log);
}

void Party::note_lowered(const Body& b, int top_before, int ac_before, Seconds t,
                         EventLog* log) const {
  if (const int top = max_hp(b); top != top_before)
    note(log, t, [&] {
      return name(b) + "'s maximum HP is now " + std::to_string(top) + " (was " +
             std::to_string(top_before) + ")";
    });
  if (const int now = ac(b); now != ac_before)
    note(log, t, [&] {
      return name(b) + "'s AC is now " + std::to_string(now) + " (was " +
             std::to_string(ac_before) + ")";
    });
}

Party::Body Party::fresh(size_t c) const {
  const Combatant& k = cfg_.combatants[c];
  Body b;
  b.c = static_cast<uint8_t>(c);
  b.hp = k.max_hp;
  b.temp = k.temp_hp;
  b.uses = k.heals ? k.heals->uses : 0;
  b.potions = k.heals ? k.heals->potions : 0;
  b.hit_dice = static_cast<uint8_t>(k.hit_dice);
  b.second_wind = k.second_wind.has_value();
  b.pools.left = k.uses.uses;
  return b;
}

void Party::lower_to_max(Body& b, Seconds t, EventLog* log) const {
  const int top = max_hp(b);
  if (b.dead) return;
  if (top > 0) {
    b.hp = std::min(b.hp, top);
    return;
  }
  b.hp = 0;
  b.dead = true;
  b.died_at = t;
  note(log, t, [&] { return name(b) + " dies: maximum HP reduced to 0"; });
}

void Party::revive(Body& b, int hp, Seconds t) const {
  b.hp = std::min(hp, max_hp(b));
  b.successes = b.failures = 0;
  b.stable = false;
  b.up_last = t;
}

// drink_below's HP for a body carrying rot: the share of its lowered maximum, never at full HP.
int Party::drink_at(const Body& b) const {
  const int top = max_hp(b);
  return std::min(static_cast<int>(cfg_.combatants[b.c].heals->drink_below * top), top - 1);
}

// SRD "Potions of Healing": "drinking or administering a potion takes an action"; the member
// regains the potion's hit points, up to its maximum.
// SRD "Second Wind": "on your turn, you can use a bonus action to regain hit points equal to
// 1d10 + your fighter level"; a potion may follow, the action, when its HP are still low.
bool Party::own_care(size_t, Body& b, Stream& s, Seconds t, EventLog* log) const {
  const Combatant& k = cfg_.combatants[b.c];
  // A bonus action: not after a Healing Word given this turn, nor with 003's Articulations
  // rigides ("impossibilité de faire des actions bonus").
  if (b.second_wind && b.hp <= wind_at_[b.c] && b.bonus_spent != t &&
      !(b.n_open > 0 && has_combat(b, Combat::NoBonusAction))) {
    b.second_wind = false;
    ++b.heals_given;
    const int amount = static_cast<int>(std::max<int64_t>(k.second_wind->roll(s), 1));
    b.hp = std::min(b.hp + amount, max_hp(b));
    note(log, t, [&] {
      return name(b) + " takes its second wind (bonus action): " + std::to_string(amount) +
             " HP, " + std::to_string(b.hp) + " now";
    });
  }
  if (!wants_potion(b)) return false;
  const Heals& h = *k.heals;
  --b.potions;
  ++b.heals_given;
  const int amount = static_cast<int>(std::max<int64_t>(h.potion.roll(s), 1));
  b.hp = std::min(b.hp + amount, max_hp(b));
  note(log, t, [&] {
    return name(b) + " drinks a potion: " + std::to_string(amount) + " HP, " +
           std::to_string(b.hp) + " now";
  });
  return true;
}

// SRD "Death Saving Throws": at the start of a dying creature's turn.
void Party::start_turn(Body& b, Stream& s, Seconds t, EventLog* log) const {
  const Options& o = cfg_.options;
  int roll = s.die(20);
  if (o.death_save_advantage) roll = std::max(roll, s.die(20));
  if (roll == 20 && o.nat20_revives) {
    revive(b, 1, t);
    note(log, t, [&] { return name(b) + " rolls a natural 20 on a death save: 1 HP, conscious"; });
    return;
  }
  if (roll == 1)
    b.failures = static_cast<uint8_t>(b.failures + 2);
  else if (roll >= o.death_save_dc)
    ++b.successes;
  else
    ++b.failures;
  if (b.failures >= o.failures_to_die) {
    b.dead = true;
    b.died_at = t;
  } else if (b.successes >= o.successes_to_stabilise) {
    b.stable = true;
    b.successes = b.failures = 0;  // SRD: both reset on becoming stable
  }
  note(log, t, [&] {
    return name(b) + " death save " + std::to_string(roll) + ": " + std::to_string(b.successes) +
           " successes, " + std::to_string(b.failures) + " failures" +
           (b.dead     ? ", dead"
            : b.stable ? ", stable"
                       : "");
  });
}

// SRD "Damage at 0 Hit Points", "Instant Death", "Monsters and Death".
void Party::damage(Body& b, int amount, bool critical, Stream& s, Seconds t, EventLog* log) const {
  const Combatant& k = cfg_.combatants[b.c];
  if (amount <= 0) return;
  const bool injuries = catalog_ && b.c < cfg_.members && k.player_rules;
  // 003 "Plaie ouverte: Lorsque vous subissez des dégâts, vous subissez 1d4 dégâts
  // additionnels", once per open wound.
  if (injuries)
    for (size_t i = 0; i < b.n_open; ++i)
      if (catalog_->injury(b.open[i]).ongoing == Ongoing::OpenWound) amount += s.die(4);
  if (b.hp > 0) {
    const int soak = std::min(b.temp, amount);
    b.temp -= soak;
    const int left = amount - soak;
    if (left < b.hp) {
      b.hp -= left;
      return;
    }
    const int overflow = left - b.hp;
    b.hp = 0;
    if (!k.player_rules || (cfg_.options.massive_damage && overflow >= max_hp(b))) {
      b.dead = true;
      b.died_at = t;
      note(log, t, [&] { return name(b) + " is killed"; });
      return;
    }
    b.successes = b.failures = 0;
    b.stable = false;
    ++b.falls;
    if (b.down_first < 0) b.down_first = t;
    note(log, t, [&] { return name(b) + " drops to 0 HP, dying"; });
    if (injuries && (cfg_.options.injury_trigger != InjuryTrigger::FirstFall || b.falls == 1))
      inflict_injury(b, s, t, log);
    return;
  }
  bool massive = false;
  if (cfg_.options.massive_damage && amount >= max_hp(b)) {
    b.dead = massive = true;
  } else {
    b.stable = false;
    if (injuries && cfg_.options.injury_trigger == InjuryTrigger::EachDamageAtZero)
      inflict_injury(b, s, t, log);
    b.failures = static_cast<uint8_t>(b.failures + (critical ? 2 : 1));
    b.dead = b.dead || b.failures >= cfg_.options.failures_to_die;  // or an ability at 0
  }
  if (b.dead) b.died_at = t;
  note(log, t, [&] {
    // The failures as the death saves count them (at most the number that kills).
    const int shown = std::min<int>(b.failures, cfg_.options.failures_to_die);
    if (massive)
      return name(b) + " is struck at 0 HP for " + std::to_string(amount) +
             ", its maximum or more: dead (massive damage)";
    return name(b) + " is struck at 0 HP: " + std::to_string(shown) + " failures" +
           (b.dead ? ", dead" : "");
  });
}

// Attacks of limited uses (PartyAttack::pool): at the turn's first blow, the pools with a use
// left (above `keep`, below `per_encounter`); the turn's use spent at the attack's first blow.
bool Party::limited_blow(const Combatant& k, const PartyAttack& a, Body& attacker, int n,
                         Seconds t, EventLog* log) const {
  if (n == 0) fight::arm_uses(k.uses, attacker.pools, attacker.uses);
  const fight::UseBlow blow = fight::use_blow(attacker.pools, a.pool, a.replaced_by);
  if (blow != fight::UseBlow::Spends) return blow == fight::UseBlow::Made;
  const bool heal = (k.uses.shared >> a.pool) & 1;  // a slot of its healing spells'
  const int left =
      heal ? --attacker.uses : --attacker.pools.left[static_cast<size_t>(a.pool)];
  note(log, t, [&] {
    return k.name + " spends a use of " + a.name + " (" + std::to_string(left) +
           (heal ? (left == 1 ? " heal left)" : " heals left)") : " left)");
  });
  return true;
}

// Asked only of an attacker with an injury open or a hand lost.
Party::Wield Party::wield(const Combatant& k, const PartyAttack& a, const Body& attacker,
                          Seconds t, EventLog* log) const {
  Wield w;
  // SRD "Two-Handed" and 003's "Vous ne pouvez rien porter à deux mains": with a hand out,
  // the attack's one-handed damage, or no attack.
  w.one_hand = a.two_handed && one_handed(attacker);
  if (w.one_hand && !a.one_handed) {
    note(log, t, [&] { return k.name + " cannot make " + a.name + " with one hand"; });
    w.made = false;
    return w;
  }
  // 003's ability losses (Déchirure d'un ligament −3 Str, Gelure −3 Dex...): the attack's
  // ability modifier drops, on the d20 (a save's DC) and (ability_damage) the damage.
  if (a.ability != Ability::None) w.drop = modifier_drop(attacker, a.ability);
  return w;
}

// SRD "Making an Attack": d20 + bonus against AC, a natural 1 misses and a natural 20 hits
// critically; a melee attack on an unconscious creature has advantage and a hit is critical.
bool Party::strike(size_t c, int n, Body& attacker, Body& target, Stream& s, Seconds t,
                   EventLog* log) const {
  const Combatant& k = cfg_.combatants[c];
  const PartyAttack& a = k.attacks[static_cast<size_t>(n)];
  if (n == 0) attacker.sneak_done = false;
  if (k.uses.pools > 0) [[unlikely]]
    if (!limited_blow(k, a, attacker, n, t, log)) return false;
  if (a.save_dc > 0) [[unlikely]] {
    Body* one[1] = {&target};
    return save_blow(k, a, attacker, one, s, t, log) != 0;
  }
  // What the attacker's injuries do to its own attack (README, the party fight), asked only of
  // one with an injury open or a hand lost.
  bool one_hand = false;
  int drop = 0;
  if (attacker.n_open > 0 || attacker.hands_lost > 0) [[unlikely]] {
    const Wield w = wield(k, a, attacker, t, log);
    if (!w.made) return false;
    one_hand = w.one_hand;
    drop = w.drop;
  }
  const bool unconscious = target.hp == 0;
  // 003's injury conditions, while open (README "The party fight"): paralysed or unconscious,
  // as at 0 HP; blinded or stunned, advantage against it; the attacker blinded, poisoned or
  // frightened, disadvantage. Advantage and disadvantage cancel (SRD).
  const bool helpless =
      unconscious || (target.n_open > 0 && (has_condition(target, Condition::Paralyzed) ||
                                            has_condition(target, Condition::Unconscious)));
  const bool exposed = target.n_open > 0 && (blind(target) ||
                                             has_condition(target, Condition::Stunned));
  const bool advantage = (helpless && a.melee) || exposed ||
                         (helpless && !unconscious);  // a paralysed target: any attack
  const bool disadvantage =
      attacker.n_open > 0 && (blind(attacker) ||
                              has_condition(attacker, Condition::Poisoned) ||
                              has_condition(attacker, Condition::Frightened) ||
                              has_combat(attacker, Combat::AttackDisadvantage));  // Cloques
  bool hit = false;
  bool crit = false;
  int roll = 0;
  if (a.hit_chance) {
    hit = s.chance(*a.hit_chance);
    crit = hit && a.crit_chance > 0.0 && s.chance(a.crit_chance);
  } else {
    roll = s.die(20);
    if (advantage != disadvantage) {
      const int other = s.die(20);
      roll = advantage ? std::max(roll, other) : std::min(roll, other);
    }
    hit = roll == 20 ||
          (roll != 1 && roll + a.attack_bonus + drop >= ac(target));
    crit = roll == 20;
  }
  if (hit && helpless && a.melee) crit = true;
  // The story names what the attack lost: "(greataxe, str -2)".
  auto how = [&] {
    return a.name + (one_hand ? ", one-handed" : "") +
           (drop != 0 ? std::string(", ") + ability_name(a.ability) + " " + std::to_string(drop)
                      : std::string());
  };
  if (!hit) {
    note(log, t, [&] { return k.name + " misses " + name(target) + " (" + how() + ")"; });
    return false;
  }
  int64_t dmg = 0;
  if (one_hand) [[unlikely]]
    dmg = a.one_handed->roll(s) + (crit ? a.one_handed_crit.roll(s) : 0) +
          (a.ability_damage ? drop : 0);
  else
    dmg = a.damage.roll(s) + (crit ? a.crit_extra.roll(s) : 0) + (a.ability_damage ? drop : 0);
  if (k.sneak_attack && !attacker.sneak_done) {
    attacker.sneak_done = true;
    dmg += k.sneak_attack->roll(s) + (crit ? k.sneak_crit.roll(s) : 0);
  }
  const int amount = static_cast<int>(std::max<int64_t>(dmg, 0));
  note(log, t, [&] {
    return k.name + " hits " + name(target) + " (" + how() + (crit ? ", critical" : "") +
           ") for " + std::to_string(amount);
  });
  target.last_type = a.damage_type;
  damage(target, amount, crit, s, t, log);
  return true;
}

// An attack striking several at once (PartyAttack::targets): always a saving throw's.
uint32_t Party::strike_area(size_t c, int n, std::span<Body> bodies,
                            std::span<const uint16_t> caught, Stream& s, Seconds t,
                            EventLog* log) const {
  const Combatant& k = cfg_.combatants[c];
  const PartyAttack& a = k.attacks[static_cast<size_t>(n)];
  Body& attacker = bodies[c];
  if (n == 0) attacker.sneak_done = false;
  if (k.uses.pools > 0)
    if (!limited_blow(k, a, attacker, n, t, log)) return 0;
  std::array<Body*, fight::kMaxCombatants> each;
  for (size_t j = 0; j < caught.size(); ++j) each[j] = &bodies[caught[j]];
  return save_blow(k, a, attacker, std::span<Body* const>(each.data(), caught.size()), s, t,
                   log);
}

// SRD "Saving Throws": d20 + the target's bonus against the DC; "Damage Rolls": an effect
// damaging several at once rolls its damage once for all of them; a spell's success takes half
// (or none). Paralyzed, Stunned, Unconscious: "automatically fails Strength and Dexterity
// saving throws" (a fallen target struck by strike_fallen, or 003's conditions).
uint32_t Party::save_blow(const Combatant& k, const PartyAttack& a, const Body& attacker,
                          std::span<Body* const> caught, Stream& s, Seconds t,
                          EventLog* log) const {
  Wield w;
  if (attacker.n_open > 0 || attacker.hands_lost > 0) [[unlikely]] {
    w = wield(k, a, attacker, t, log);
    if (!w.made) return 0;
  }
  const int dc = a.save_dc + w.drop;
  const int64_t rolled = w.one_hand ? a.one_handed->roll(s) : a.damage.roll(s);
  const int full =
      static_cast<int>(std::max<int64_t>(rolled + (a.ability_damage ? w.drop : 0), 0));
  const std::string save = ability_name(a.save);
  note(log, t, [&] {
    std::string who;
    for (Body* b : caught) who += (who.empty() ? "" : ", ") + name(*b);
    return k.name + " makes " + a.name + " (" + (w.one_hand ? "one-handed, " : "") + "DC " +
           std::to_string(dc) + " " + save + " save) on " + who + ": " + std::to_string(full) +
           " damage";
  });
  const bool str_or_dex = a.save == Ability::Str || a.save == Ability::Dex;
  uint32_t hits = 0;
  for (size_t j = 0; j < caught.size(); ++j) {
    Body& b = *caught[j];
    const bool helpless =
        b.hp == 0 || (b.n_open > 0 && (has_condition(b, Condition::Paralyzed) ||
                                       has_condition(b, Condition::Stunned) ||
                                       has_condition(b, Condition::Unconscious)));
    const bool fails = str_or_dex && helpless;
    const int bonus = cfg_.combatants[b.c].saves[static_cast<size_t>(a.save)] +
                      (b.n_open > 0 ? modifier_drop(b, a.save) : 0);
    const int roll = fails ? 0 : s.die(20);
    const bool saved = !fails && roll + bonus >= dc;
    const int amount = saved ? (a.half_on_save ? full / 2 : 0) : full;
    note(log, t, [&] {
      const std::string how =
          fails ? "fails its " + save + " save (helpless)"
                : save + " save " + std::to_string(roll) + (bonus < 0 ? " - " : " + ") +
                      std::to_string(std::abs(bonus)) + " = " + std::to_string(roll + bonus) +
                      (saved ? ": saves" : ": fails");
      return name(b) + " " + how + ", takes " + std::to_string(amount);
    });
    if (amount <= 0) continue;
    b.last_type = a.damage_type;
    damage(b, amount, false, s, t, log);
    hits |= 1u << j;
  }
  return hits;
}

// 003 "Plaie perforante: Vous perdez 1 point de vie à la fin de chaque tour tant que vous êtes
// debout": once per open piercing wound, as piercing damage (an open wound adds its 1d4), while
// the member still stands.
void Party::end_turn(size_t, Body& b, Stream& s, Seconds t, EventLog* log) const {
  if (!catalog_) return;
  for (size_t i = 0; i < b.n_open && state(b) == fight::State::Standing; ++i)
    if (catalog_->injury(b.open[i]).ongoing == Ongoing::PiercingWound) {
      note(log, t, [&] { return name(b) + " loses 1 HP to a piercing wound"; });
      b.last_type = piercing_;
      damage(b, 1, false, s, t, log);
    }
}

// Healing Word or Cure Wounds while uses last (SRD: a creature at 0 HP that regains hit points
// is conscious, its death saves reset); else a Medicine check to stabilise the dying.
fight::Cost Party::pick_up(Body& helper, Body& patient, Stream& s, Seconds t, EventLog* log) const {
  const Heals& h = *cfg_.combatants[helper.c].heals;
  if (patient.hp > 0) return fight::Cost::Bonus;  // kept down by an injury: no heal helps
  // 003 Articulations rigides, "impossibilité de faire des actions bonus": no Healing Word.
  const bool bonus_barred =
      h.bonus_action && helper.n_open > 0 && has_combat(helper, Combat::NoBonusAction);
  if (helper.uses > 0 && !bonus_barred) {
    --helper.uses;
    ++helper.heals_given;
    const int amount = static_cast<int>(std::max<int64_t>(h.dice->roll(s), 1));
    revive(patient, amount, t);
    note(log, t, [&] {
      return name(helper) + " heals " + name(patient) + " for " + std::to_string(amount);
    });
    if (h.bonus_action) helper.bonus_spent = t;  // no Second Wind after it this turn
    return h.bonus_action ? fight::Cost::Bonus : fight::Cost::Action;
  }
  if (helper.potions > 0) {  // SRD: administering a potion to another creature is an action
    --helper.potions;
    ++helper.heals_given;
    const int amount = static_cast<int>(std::max<int64_t>(h.potion.roll(s), 1));
    revive(patient, amount, t);
    note(log, t, [&] {
      return name(helper) + " gives " + name(patient) + " a potion: " + std::to_string(amount) +
             " HP";
    });
    return fight::Cost::Action;
  }
  if (!h.medicine || !dying(patient)) return fight::Cost::Bonus;
  const int roll = s.die(20);
  if (roll + *h.medicine >= kStabiliseDc) {
    patient.stable = true;
    patient.successes = patient.failures = 0;
  }
  note(log, t, [&] {
    return name(helper) + " tends " + name(patient) + ": Medicine d20 " + std::to_string(roll) +
           " + " + std::to_string(*h.medicine) + " = " + std::to_string(roll + *h.medicine) +
           " vs DC " + std::to_string(kStabiliseDc) + (patient.stable ? ", stable" : ", fails");
  });
  return fight::Cost::Action;
}

Outcome Party::run_trial(TrialContext& ctx) const {
  Carried nothing{};
  return run_adventure(ctx, nothing);
}

Outcome Party::run_adventure(TrialContext& ctx, Carried& carried, Seconds leave_by,
                             bool* went_on, AfterDeath after_death,
                             const MemberRetirement& retire, Departures* left) const {
  Bodies<Body> bodies;
  fight::Result res = play_fight(bodies, ctx, [&](Body& b) {
    if (b.c >= cfg_.members) return;
    const CarriedMember& m = carried[b.c];
    if (m.absent) {  // after_a_death = "go_on": the party goes on short of it
      b.dead = true;
      note(ctx.log, 0, [&] { return fight::empty_place(name(b), m.retired); });
      return;
    }
    if (m.newcomer)
      note(ctx.log, 0, [&] { return fight::newcomer_place(name(b), m.retired); });
    // Went on still healing (a downtime, README interpretation 20): its HP and Hit Dice.
    if (m.hp >= 0) {
      b.rot = static_cast<uint16_t>(m.rot);
      b.hp = std::min(m.hp, max_hp(b));
    }
    if (m.hit_dice >= 0) b.hit_dice = static_cast<uint8_t>(m.hit_dice);
    const int dice = cfg_.combatants[b.c].hit_dice;
    if (m.hp >= 0 || (m.hit_dice >= 0 && m.hit_dice < dice))
      note(ctx.log, 0, [&] {
        std::string what = "HP " + std::to_string(b.hp) + "/" +
                           std::to_string(cfg_.combatants[b.c].max_hp - m.rot);
        if (dice > 0)
          what += ", " + std::to_string(b.hit_dice) + " Hit Dice";  // as one character's line
        return name(b) + " carries from the adventure before: " + what;
      });
    b.hands_lost = m.hands;
    if (m.hands > 0)
      note(ctx.log, 0, [&] {
        return name(b) + " carries from the adventures before: " + std::to_string(m.hands) +
               (m.hands == 1 ? " hand" : " hands") + " lost";
      });
    if (!catalog_ || m.n + m.n_healing == 0) return;
    // Its losses, then the healing injuries it went on with: open in the fight, their effects
    // acting; the course after it takes the healing ones up where they were.
    for (uint8_t i = 0; i < m.n + m.n_healing; ++i) {
      const bool loss = i < m.n;
      b.open[i] = loss ? m.open[i] : m.healing[i - m.n].course.def;
      b.open_severity[i] = loss ? m.severity[i] : m.healing[i - m.n].course.severity;
      b.open_rests[i] = loss ? 0 : static_cast<uint8_t>(m.healing[i - m.n].course.long_rests);
      b.open_decline[i] =
          loss ? 0 : static_cast<uint8_t>(std::min(m.healing[i - m.n].decline, 255));
      const bool foot = loss ? (m.foot >> i & 1u) != 0 : !m.healing[i - m.n].hand;
      if (foot) b.open_foot = static_cast<uint8_t>(b.open_foot | 1u << i);
      note(ctx.log, 0, [&] {
        return name(b) + " carries from the adventures before: " +
               catalog_->injury(b.open[i]).label + (loss ? "" : ", still healing");
      });
    }
    b.n_carried = m.n;
    b.n_healing = m.n_healing;
    b.n_open = static_cast<uint8_t>(m.n + m.n_healing);
    b.hp = std::min(b.hp, max_hp(b));  // a Con loss carried lowers the maximum
  });
  uint32_t defeated = count_defeated(bodies, [](const Body& b) { return b.dead; });
  // An adventuring day: its other encounters, then the rest below after the last (party_day.cpp).
  uint32_t fought = 1;
  if (cfg_.day.encounters > 1)
    res = play_day(bodies, res, std::span<const Party>(next_), defeated, fought, ctx,
                   [&](Bodies<Body>& bs, int e, Seconds t, TrialRng& rng, EventLog* log) {
                     return between(bs, e, t, rng, log);
                   });

  // The stable wake with 1 HP (option stable_wake, SRD 1d4 hours); then one long rest, once
  // every survivor is awake, brings every member back to full HP (SRD "Long Rest").
  std::array<fight::MemberReport, fight::kMaxMembers> members;
  Seconds awake = res.end;
  bool hurt = false;
  for (size_t c = 0; c < cfg_.members; ++c) {
    Body& b = bodies[c];
    if (!b.dead && b.hp == 0) {
      Stream s = open(ctx.rng, streams::combatant_recovery(c));
      b.up_last = res.end + cfg_.options.stable_wake.sample(s);
      b.hp = 1;
      note(ctx.log, b.up_last, [&] { return name(b) + " wakes with 1 HP"; });
    }
    const bool below = !b.dead && b.hp < max_hp(b);
    if (!b.dead) awake = std::max(awake, b.up_last);
    hurt = hurt || below;
    members[c] = {b.dead, b.died_at, b.falls, b.heals_given, b.down_first, b.up_last, below};
    members[c].absent = carried[c].absent;
    members[c].retired = carried[c].absent && carried[c].retired;
  }
  for (size_t c = 0; c < cfg_.members; ++c)
    if (!members[c].dead) members[c].whole_at = members[c].hurt ? awake + cfg_.long_rest : res.end;
  Seconds full = hurt ? awake + cfg_.long_rest : res.end;
  // 003's injuries after the fight: the long rests, the medic's treatments, the bed rest, the
  // deadlines and the rot, until every survivor is whole (party_course.cpp).
  bool injured = false;
  for (size_t c = 0; c < cfg_.members && catalog_; ++c)
    injured = injured || (!bodies[c].dead && bodies[c].n_open > bodies[c].n_carried);
  Course course;
  if (injured) {
    course = injury_course(bodies, res, awake, std::span(members.data(), cfg_.members), ctx,
                           carried, leave_by, after_death);
    full = course.full;
  } else {
    // HP only (README interpretation 20, a party's): with a downtime the party goes on at its
    // end, every survivor awake, if the long rest that makes them whole has not ended by then; a
    // long rest under way is cut short. Never past the horizon, never after a death (unless the
    // dead are replaced and some survived).
    size_t deaths = 0;
    for (size_t c = 0; c < cfg_.members; ++c) deaths += bodies[c].dead;
    const bool goes_on = deaths == 0 || (plays_on(after_death) && deaths < cfg_.members);
    const Seconds go = std::max(leave_by, awake);
    if (leave_by > 0 && hurt && goes_on && go < full && go <= cfg_.horizon) course.left_at = go;
  }
  const Seconds left_at = course.left_at;
  // What each member goes on with (injury_course has set it where the course played).
  for (size_t c = 0; c < cfg_.members; ++c) {
    CarriedMember& m = carried[c];
    if (left_at >= 0 && injured) continue;
    const Body& b = bodies[c];
    const bool short_of_hp = left_at >= 0 && !b.dead && b.hp < max_hp(b);
    m.hp = short_of_hp ? b.hp : -1;
    m.rot = 0;
    m.n_healing = 0;
  }
  // Its Hit Dice, when the party went on: as the day's short rests and the long rests it
  // finished before (the injuries' course's; one under way is cut short) left them.
  for (size_t c = 0; c < cfg_.members; ++c)
    carried[c].hit_dice = left_at >= 0 && !bodies[c].dead && cfg_.combatants[c].hit_dice > 0
                              ? bodies[c].hit_dice
                              : -1;
  if (left_at >= 0) {
    for (size_t c = 0; c < cfg_.members; ++c)
      if (members[c].whole_at < 0 || members[c].whole_at > left_at) members[c].whole_at = -1;
    note(ctx.log, left_at, [&] {
      std::string who;
      for (size_t c = 0; c < cfg_.members; ++c) {
        const CarriedMember& m = carried[c];
        if (m.hp < 0) continue;
        who += (who.empty() ? "" : "; ") + name(bodies[c]) + " at HP " + std::to_string(m.hp) +
               "/" + std::to_string(cfg_.combatants[c].max_hp - m.rot);
        for (uint8_t i = 0; i < m.n_healing; ++i)
          who += ", " + catalog_->injury(m.healing[i].course.def).label;
      }
      return "the downtime is over: the party goes on to the next adventure still healing, " + who;
    });
  }
  if (went_on) *went_on = left_at >= 0;
  bool later_death = false;  // a member who died of its injuries after the fight
  for (size_t c = 0; c < cfg_.members; ++c)
    later_death = later_death || (bodies[c].dead && bodies[c].died_at > res.end);
  if (hurt && full <= cfg_.horizon && !later_death && left_at < 0)
    note(ctx.log, full, [&] {
      return std::string(injured ? "every survivor is whole again: full HP, out of bed, every "
                                   "injury healed or a loss kept"
                                 : "after a long rest, the survivors are at full HP");
    });
  Outcome o = fight::party_outcome(res, std::span(members.data(), cfg_.members), defeated, full,
                                   cfg_.horizon, left_at, after_death);
  if (catalog_ && lasting_counter_ < Outcome::kMaxCounters)
    o.count(lasting_counter_, course.lasting);
  if (encounters_counter_ < Outcome::kMaxCounters) o.count(encounters_counter_, fought);
  for (size_t c = 0; c < cfg_.members; ++c) o.count(uses_counter_, bodies[c].pools.total);
  if (catalog_)
    for (size_t c = 0; c < cfg_.members; ++c)
      for (size_t v = 0; v < kSeverities; ++v) {
        if (injury_counters_ < Outcome::kMaxCounters)
          o.count(injury_counters_, bodies[c].injuries[v]);
        if (by_severity_) o.count(lasting_counter_ + 1 + v, bodies[c].injuries[v]);
      }
  if (catalog_) add_losses(o, bodies, course, carried);
  // The losses each member keeps, carried into a campaign's next adventure.
  for (size_t c = 0; c < cfg_.members && catalog_; ++c) {
    const Body& b = bodies[c];
    CarriedMember& m = carried[c];
    m.n = 0;
    m.foot = 0;
    for (size_t i = 0; i < b.n_open; ++i)
      if (catalog_->injury(b.open[i]).permanent != Permanent::None) {
        if ((b.open_foot >> i & 1u) != 0) m.foot = static_cast<uint8_t>(m.foot | 1u << m.n);
        m.open[m.n] = b.open[i];
        m.severity[m.n++] = b.open_severity[i];
      }
    m.hands = static_cast<uint8_t>(std::min(b.hands_lost + course.hands[c], 255));
  }
  // A dead member's place: the next occupant is the scenario's, fresh (after_a_death =
  // "replace"), or nobody ("go_on"); with "end" a death ends the campaign and nothing carried
  // is read again.
  if (plays_on(after_death))
    for (size_t c = 0; c < cfg_.members; ++c) {
      const bool go_on = after_death == AfterDeath::GoOn;
      if (carried[c].absent) continue;  // its place stays empty, for the reason it was left
      carried[c].newcomer = bodies[c].dead && !go_on;
      carried[c].retired = false;
      if (bodies[c].dead) carried[c] = CarriedMember{.newcomer = !go_on, .absent = go_on};
    }
  // The campaign's rule to retire a member, on its own permanent losses (no stat: dnd5e's
  // losses have no magnitude, and retire_stat_loss is refused).
  const Departures gone = fight::retire_members(
      std::span(carried.data(), cfg_.members),
      std::span<const fight::MemberReport>(members.data(), cfg_.members), retire, after_death,
      [&](size_t c) { return carried[c].lasting; }, [](size_t) { return int64_t{0}; },
      [&](size_t c) { return name(bodies[c]); }, std::string(), ctx.log, o.end_time);
  if (left) *left = gone;
  return o;
}

}  // namespace leth::dnd5e
