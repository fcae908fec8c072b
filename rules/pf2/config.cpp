#include "rules/pf2/config.h"
#include "rules/pf2/medicine.h"

#include "sim/core/substreams.h"

#include <algorithm>

namespace leth::pf2 {

const std::vector<OptionSpec>& option_specs() {
  using K = OptionSpec::Kind;
  static const std::vector<OptionSpec> specs = {
      {"recovery_check",
       K::Choice,
       "\"fortitude\"",
       {"fortitude", "flat"},
       0,
       0,
       "the recovery check while dying: seed 004's Fortitude save against the knock-out DC + "
       "dying, or Player Core's flat check DC 10 + dying"},
      {"wounded",
       K::Bool,
       "false",
       {},
       0,
       0,
       "Player Core's wounded condition: losing dying raises wounded by 1; a knock-out adds "
       "wounded to dying"},
      {"doomed",
       K::Bool,
       "false",
       {},
       0,
       0,
       "Player Core's doomed condition: death comes at dying 4 - doomed; a night's rest "
       "lowers doomed by 1"},
      {"massive_damage",
       K::Bool,
       "true",
       {},
       0,
       0,
       "seed 004: damage of at least twice the maximum HP in one blow kills outright"},
      {"damage_while_dying",
       K::Choice,
       "\"increase\"",
       {"increase", "gain"},
       0,
       0,
       "damage while already dying: raise dying by 1 (2 on a critical), or gain dying 1 (2) "
       "again and keep the higher value"},
      {"heroic_recovery",
       K::Choice,
       "\"before_death\"",
       {"before_death", "last_chance", "immediately", "never"},
       0,
       0,
       "when a character with hero points spends them: just before a rise of dying would kill "
       "(a failed recovery check, damage while dying, a fumbled first aid, a knock-out straight "
       "to death), at the start of the turn when dying is one step from death, at the first "
       "turn while dying, or never"},
      {"heroic_recovery_effect",
       K::Choice,
       "\"one_hp\"",
       {"one_hp", "stabilize"},
       0,
       0,
       "what heroic recovery does: seed 004's 1 hero point back to 1 HP (conscious, losing "
       "dying), or Player Core's all hero points to stabilise at 0 HP (unconscious, no longer "
       "dying, no wounded gained)"},
      {"stable_wake",
       K::Duration,
       "\"10 minutes\"",
       {},
       0,
       0,
       "how long an unconscious character at 0 HP who is no longer dying stays out before "
       "waking at 1 HP (seed 004: the GM decides, \"10 minutes or several hours\")"},
      {"first_aid_dc",
       K::Choice,
       "\"15_plus_dying\"",
       {"15_plus_dying", "recovery_dc_plus_5"},
       0,
       0,
       "the DC of Administer First Aid (stabilize): 15 + dying whatever the recovery check "
       "(Player Core's number), or 5 + the recovery DC in use (5 + knock-out DC + dying with "
       "the Fortitude save), under which a medic can kill more than no help (README, "
       "interpretation 7)"},
  };
  return specs;
}

const DamageVocabulary& vocabulary() {
  static const DamageVocabulary v{
      {"bludgeoning", "piercing", "slashing", "acid", "cold", "electricity", "fire", "sonic",
       "vitality", "void", "force", "spirit", "mental", "poison", "bleed", "precision"},
      {Channel::Lethal, Channel::Nonlethal},
      "bludgeoning"};
  return v;
}

Options read_rule_options(Reader& r) {
  const OptionValues v = read_options(r.get_table("options"), option_specs());
  Options o;
  o.recovery_check =
      v.choice("recovery_check") == "flat" ? RecoveryCheck::Flat : RecoveryCheck::Fortitude;
  o.wounded = v.flag("wounded");
  o.doomed = v.flag("doomed");
  o.massive_damage = v.flag("massive_damage");
  o.dying_adds = v.choice("damage_while_dying") == "increase";
  const std::string& h = v.choice("heroic_recovery");
  o.heroic_recovery = h == "never"         ? HeroPolicy::Never
                      : h == "immediately" ? HeroPolicy::Immediately
                      : h == "last_chance" ? HeroPolicy::LastChance
                                           : HeroPolicy::BeforeDeath;
  o.heroic_recovery_effect =
      v.choice("heroic_recovery_effect") == "stabilize" ? HeroEffect::Stabilize : HeroEffect::OneHp;
  o.stable_wake = v.duration("stable_wake");
  o.first_aid_dc = v.choice("first_aid_dc") == "15_plus_dying" ? FirstAidDc::FifteenPlusDying
                                                               : FirstAidDc::RecoveryPlus5;
  return o;
}

int read_treat_wounds_dc(Reader& h) {
  // The catalog keeps the first kind recorded for a key: `lethality rules pf2` lists the four
  // DCs rather than every integer from 15 to 40.
  if (KeyCatalog* k = h.doc().catalog())
    k->read(h.path(), "treat_wounds_dc", "integer 15..40, one of 15 | 20 | 30 | 40", "15");
  const int dc = static_cast<int>(h.get_int("treat_wounds_dc", 15, 40, 15));
  if (dc != 15 && dc != 20 && dc != 30 && dc != 40)
    h.fail("treat_wounds_dc", std::to_string(dc) + " is not a Treat Wounds DC",
           "use 15, 20, 30 or 40");
  return dc;
}

namespace {

Character read_character(Reader& r) {
  Character c;
  c.level = static_cast<int>(r.get_int("level", 1, 20, 1));
  c.max_hp = static_cast<int>(r.need_int("max_hp", 1, 10000));
  c.ac = static_cast<int>(r.get_int("ac", 0, 80, 10));
  c.fortitude = static_cast<int>(r.get_int("fortitude", -10, 50, 0));
  c.reflex = static_cast<int>(r.get_int("reflex", -10, 50, 0));
  c.will = static_cast<int>(r.get_int("will", -10, 50, 0));
  c.con = static_cast<int>(r.get_int("con", -5, 10, 0));
  c.temp_hp = static_cast<int>(r.get_int("temp_hp", 0, 10000, 0));
  c.hero_points = static_cast<int>(r.get_int("hero_points", 0, 3, 0));
  c.wounded = static_cast<int>(r.get_int("wounded", 0, 3, 0));
  c.doomed = static_cast<int>(r.get_int("doomed", 0, 3, 0));
  return c;
}

// [[encounter.attackers.attacks]]: a creature's different Strikes, made in the order given,
// each `strikes` times in a row.
std::vector<Attack> read_attacks(Reader& r) {
  std::vector<Reader> tables = r.get_tables(kAttacksKey);
  if (tables.empty())
    r.fail(kAttacksKey, "no attacks",
           "give each Strike as [[encounter.attackers.attacks]] with name, attack_bonus, damage");
  std::vector<Attack> turn;
  for (size_t i = 0; i < tables.size(); ++i) {
    Reader& t = tables[i];
    Attack a;
    a.name = t.get_string("name").value_or("attack " + std::to_string(i + 1));
    a.attack_bonus = static_cast<int>(t.need_int("attack_bonus", -20, 80));
    const Damage d = read_damage(t, vocabulary());
    a.damage = d.dice;
    a.damage_type = d.type;
    a.map = t.get_bool("agile", false) ? kAgileMapStep : kMapStep;
    const size_t n = static_cast<size_t>(t.get_int("strikes", 1, kMaxStrikesPerTurn, 1));
    if (turn.size() + n > kMaxStrikesPerTurn)
      t.fail(t.has("strikes") ? "strikes" : "attack_bonus",
             std::to_string(turn.size() + n) + " Strikes in one turn",
             "a creature makes at most " + std::to_string(kMaxStrikesPerTurn) +
                 " Strikes a turn (3 actions, 4 if quickened): drop an attack or lower its "
                 "strikes");
    turn.insert(turn.end(), n, a);
  }
  return turn;
}

Strike read_strike(Reader& r, size_t index, const Options& opt) {
  Strike s;
  s.base = read_attacker(r, vocabulary(), index);
  const bool has_attack = r.has("attack_bonus");
  const bool has_save = r.has("save");
  const bool has_attacks = s.base.has_attacks;
  const int modes =
      int{has_attack} + int{has_attacks} + int{has_save} + int{s.base.hit_chance.has_value()};
  if (modes > 1)
    r.fail_here("give only one of attack_bonus, attacks, save and hit_chance",
                "attack_bonus rolls d20 against the character's AC, attacks lists several "
                "Strikes that each do, save makes the character roll a basic save, hit_chance is "
                "a fixed chance");
  s.dc = r.get_int("dc", 0, 80);
  for (const char* k : {"strikes", "map"}) {
    if (has_attacks && r.has(k))
      r.fail(k, std::string(k) + " on an attacker that has attacks",
             "give strikes (how many in a row) and agile = true (the penalty of an agile "
             "Strike) in each attack");
    if (!has_attack && r.has(k))
      r.fail(k, std::string(k) + " needs attack_bonus",
             "strikes and map describe Strikes rolled with attack_bonus against the AC");
  }
  // A save or a fixed chance is one blow with the attacker's damage.
  const Attack own{"", 0, kMapStep, s.base.damage, s.base.damage_type};
  if (has_attacks) {
    s.mode = Strike::Mode::Attack;
    s.turn = read_attacks(r);
  } else if (has_attack) {
    s.mode = Strike::Mode::Attack;
    Attack a = own;
    a.attack_bonus = static_cast<int>(r.need_int("attack_bonus", -20, 80));
    const int n = static_cast<int>(r.get_int("strikes", 1, kMaxStrikesPerTurn, 1));
    a.map = static_cast<int>(r.get_int("map", 0, 10, kMapStep));
    s.turn.assign(static_cast<size_t>(n), a);
  } else if (has_save) {
    s.mode = Strike::Mode::Save;
    s.turn = {own};
    const std::string k = *r.get_choice("save", {"fortitude", "reflex", "will"});
    s.save = k == "fortitude" ? SaveKind::Fortitude
             : k == "will"    ? SaveKind::Will
                              : SaveKind::Reflex;
    if (!s.dc)
      r.fail_here("a save needs its dc", "add dc = <the save's DC>; it is also the recovery DC");
  } else {
    s.mode = Strike::Mode::Chance;
    s.turn = {own};
    if (!s.base.hit_chance) s.base.hit_chance = 1.0;  // a hazard that always lands
  }
  s.death_effect = r.get_bool("death_effect", false);
  if (!s.dc && opt.recovery_check == RecoveryCheck::Fortitude &&
      s.base.channel == Channel::Lethal && !s.death_effect)
    r.fail_here("missing key 'dc'",
                "with recovery_check = \"fortitude\" (seed 004) the recovery save is against the "
                "DC of what knocked the character out: add dc = <the attacker's class DC>");
  return s;
}

std::optional<Healer> read_aftercare(Reader& r) {
  auto a = r.get_table("aftercare");
  if (!a) return std::nullopt;
  auto arrives = a->get_duration("help_arrives", Scenario::kMaxHorizon);
  auto h = a->get_table("healer");
  if (!arrives && !h) return std::nullopt;
  if (!arrives) a->fail_here("a healer needs help_arrives", "add help_arrives = \"1d4 rounds\"");
  if (!h)
    a->fail_here("help_arrives needs a healer",
                 "add [aftercare.healer] with medicine, heal and heal_uses");
  Healer out;
  out.arrives = *arrives;
  out.medicine = h->get_int("medicine", -10, 60);
  out.first_aid = h->get_bool("first_aid", out.medicine.has_value());
  out.treat_wounds = h->get_bool("treat_wounds", out.medicine.has_value());
  if ((out.first_aid || out.treat_wounds) && !out.medicine)
    h->fail_here("first_aid and treat_wounds need the healer's medicine modifier",
                 "add medicine = <modifier>");
  out.treat_wounds_dc = read_treat_wounds_dc(*h);
  out.heal = h->get_dice("heal", 0, 100000);
  out.heal_uses = static_cast<int>(h->get_int("heal_uses", 0, 100, out.heal ? 1 : 0));
  if (out.heal_uses > 0 && !out.heal)
    h->fail("heal_uses", "heal_uses without heal", "add heal = \"1d8+8\" (the healing rolled)");
  out.heal_after_fight = h->get_bool("heal_after_fight", true);
  out.temp_hp = h->get_dice("temp_hp", 0, 100000);
  if (!out.first_aid && !out.treat_wounds && out.heal_uses == 0 && !out.temp_hp) {
    h->check_unused_here();  // every key read: a misspelt one is the likelier cause
    h->fail_here("this healer can do nothing",
                 "give medicine (first aid, Treat Wounds), heal and heal_uses, or temp_hp");
  }
  return out;
}

Recovery read_recovery(Reader& r) {
  Recovery rec;
  auto t = r.get_table("recovery");
  if (!t) return rec;
  rec.nightly_rest = t->get_choice("rest", {"nightly", "none"}).value_or("nightly") == "nightly";
  if (auto f = t->get_fixed_duration("first_rest", 7 * kDay, "\"8 hours\"")) rec.first_rest = *f;
  return rec;
}

}  // namespace

Config read_config(const Scenario& s, size_t v) {
  Reader r = s.section_reader(v);
  Config c;
  c.horizon = s.horizon;
  c.options = read_rule_options(r);
  auto ch = r.get_table("character");
  if (!ch) r.fail_here("missing [character]", "add [character] with max_hp, ac, fortitude, con");
  c.character = read_character(*ch);
  auto enc = r.get_table("encounter");
  if (!enc) r.fail_here("missing [encounter]", "add [encounter] and [[encounter.attackers]]");
  c.encounter = read_encounter_common(*enc);
  std::vector<Reader> attackers = enc->get_tables("attackers");
  if (attackers.empty())
    enc->fail_here("no attackers", "add at least one [[encounter.attackers]] with damage");
  size_t actors = 0;
  for (size_t i = 0; i < attackers.size(); ++i) {
    c.strikes.push_back(read_strike(attackers[i], i + 1, c.options));
    actors += static_cast<size_t>(c.strikes.back().base.count);
  }
  // sim/core/substreams.h: each creature's turn has a stream of its own, 2^16 per round.
  if (actors >= streams::kMaxActors)
    enc->fail_here("more than " + std::to_string(streams::kMaxActors - 1) + " creatures",
                   "split the scenario");
  c.healer = read_aftercare(r);
  c.recovery = read_recovery(r);
  return c;
}

}  // namespace leth::pf2
