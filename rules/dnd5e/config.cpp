#include "rules/dnd5e/config.h"

#include <algorithm>

#include "rules/common/aftercare.h"
#include "sim/core/substreams.h"

namespace leth::dnd5e {

const std::vector<OptionSpec>& option_specs() {
  using K = OptionSpec::Kind;
  static const std::vector<OptionSpec> specs = {
      {"death_save_dc",
       K::Int,
       "10",
       {},
       1,
       30,
       "the death saving throw succeeds on a d20 of at least this (SRD: 10)"},
      {"failures_to_die",
       K::Int,
       "3",
       {},
       1,
       10,
       "death-save failures that kill (SRD: 3); successes to stabilise stay 3"},
      {"death_save_advantage",
       K::Bool,
       "false",
       {},
       0,
       0,
       "death saves rolled with advantage (2d20, the higher)"},
      {"nat20_revives",
       K::Bool,
       "true",
       {},
       0,
       0,
       "a natural 20 on a death save regains 1 HP (SRD); false: it is one success"},
      {"massive_damage",
       K::Bool,
       "true",
       {},
       0,
       0,
       "SRD: damage left after 0 HP, or taken at 0 HP, at least the HP maximum kills outright"},
      {"lingering_injuries",
       K::Bool,
       "true",
       {},
       0,
       0,
       "seed 003: falling to 0 HP inflicts an injury; false: plain 5e"},
      {"injury_trigger",
       K::Choice,
       "\"each_fall\"",
       {"each_fall", "first_fall", "each_damage_at_zero"},
       0,
       0,
       "which falls give an injury: every fall from above 0 HP to 0, only the first of the trial, "
       "or every fall and every damage taken at 0 HP"},
      {"injury_severity",
       K::Choice,
       "\"seed\"",
       {"seed", "mild", "custom"},
       0,
       0,
       "the d20 -> severity mapping: seed 003's (11-20 / 6-10 / 3-5 / 1-2), its milder rates "
       "(11-20 / 4-10 / 2-3 / 1), or [[injury_severity]] in the scenario"},
      {"injury_row",
       K::Choice,
       "\"severity\"",
       {"severity", "roll"},
       0,
       0,
       "how the table row is chosen: a row of the mapped severity (the band holding the roll, "
       "else the nearest), or the band holding the roll whatever its severity"},
      {"untreated_severe_long_rests",
       K::Int,
       "7",
       {},
       0,
       1000,
       "a severe injury without \"no natural healing\" or \"requires magic\" heals untreated "
       "after this many long rests (seed: \"Varie\"); 0: never"},
      {"untreated_serious_long_rests",
       K::Int,
       "0",
       {},
       0,
       1000,
       "the same for a serious injury; 0: never"},
      {"extended_bed_rest",
       K::Duration,
       "\"2d4 weeks\"",
       {},
       0,
       0,
       "the bed rest after a successful treatment of a serious injury (seed: \"repos au lit "
       "étendue\", no length given)"},
      {"injury_deadline",
       K::Duration,
       "\"1d4 days\"",
       {},
       0,
       0,
       "severe burn, frostbite, necrosis: a hand or foot is lost, and frostbite turns serious, if "
       "not treated within this (seed: 1d4 days)"},
      {"lost_limb_hand_percent",
       K::Int,
       "50",
       {},
       0,
       100,
       "a lost limb (deadline or slashing table) is a hand with this chance in percent, else a "
       "foot"},
      {"piercing_wound_after_fight",
       K::Choice,
       "\"none\"",
       {"none", "per_hour"},
       0,
       0,
       "after the fight, a piercing wound's \"1 HP at the end of each turn while standing\": no "
       "turns, no loss; or 1 HP an hour while conscious and not resting"},
      {"ability_zero_kills",
       K::Bool,
       "true",
       {},
       0,
       0,
       "an ability score reduced to 0 kills (as the SRD's Strength drain); false: the score "
       "stays at 0"},
      {"stable_wake",
       K::Duration,
       "\"1d4 hours\"",
       {},
       0,
       0,
       "a stable character at 0 HP wakes at 1 HP after this (SRD: 1d4 hours)"},
  };
  return specs;
}

const DamageVocabulary& vocabulary() {
  static const DamageVocabulary v{damage_types(), {Channel::Lethal}, "bludgeoning"};
  return v;
}

namespace {

const std::vector<std::string> kAbilityChoices = {"str", "dex", "con", "int", "wis", "cha"};

}  // namespace

Options read_rule_options(Reader& r, SeverityMap& severity) {
  const OptionValues v = read_options(r.get_table("options"), option_specs());
  Options o;
  o.death_save_dc = static_cast<int>(v.integer("death_save_dc"));
  o.failures_to_die = static_cast<int>(v.integer("failures_to_die"));
  o.death_save_advantage = v.flag("death_save_advantage");
  o.nat20_revives = v.flag("nat20_revives");
  o.massive_damage = v.flag("massive_damage");
  o.lingering_injuries = v.flag("lingering_injuries");
  const std::string& t = v.choice("injury_trigger");
  o.injury_trigger = t == "first_fall"            ? InjuryTrigger::FirstFall
                     : t == "each_damage_at_zero" ? InjuryTrigger::EachDamageAtZero
                                                  : InjuryTrigger::EachFall;
  o.injury_row = v.choice("injury_row") == "roll" ? RowBy::Roll : RowBy::Severity;
  o.untreated_severe_long_rests = static_cast<int>(v.integer("untreated_severe_long_rests"));
  o.untreated_serious_long_rests = static_cast<int>(v.integer("untreated_serious_long_rests"));
  o.extended_bed_rest = v.duration("extended_bed_rest");
  o.deadline = v.duration("injury_deadline");
  o.lost_limb_hand_percent = static_cast<int>(v.integer("lost_limb_hand_percent"));
  o.piercing_after_fight = v.choice("piercing_wound_after_fight") == "per_hour"
                               ? PiercingAfterFight::PerHour
                               : PiercingAfterFight::None;
  o.ability_zero_kills = v.flag("ability_zero_kills");
  o.stable_wake = v.duration("stable_wake");
  const std::string& sev = v.choice("injury_severity");
  const InjuryCatalog& cat = InjuryCatalog::builtin();
  if (sev == "custom") {
    // Located at the option that asks for the rows (whichever layer, file or variant, set it).
    if (!r.has("injury_severity"))
      r.get_table("options")->fail(
          "injury_severity", "\"custom\" needs [[injury_severity]], the d20 -> severity rows",
          "add [[injury_severity]] rows with range = \"11-20\" and severity = \"light\", "
          "covering 1..20");
    severity = InjuryCatalog::read_mapping(r, "injury_severity");
  } else {
    severity = sev == "mild" ? cat.mild_mapping() : cat.seed_mapping();
  }
  return o;
}

namespace {

// A class's Hit Die (SRD: d6, d8, d10 or d12). The catalog keeps the first kind recorded for a
// key, so `lethality rules dnd5e` lists these four rather than every integer from 6 to 12.
int read_hit_die(Reader& r) {
  if (KeyCatalog* k = r.doc().catalog())
    k->read(r.path(), "hit_die", "integer 6..12, one of 6 | 8 | 10 | 12", "8");
  const int d = static_cast<int>(r.get_int("hit_die", 6, 12, 8));
  if (d % 2 != 0) {
    std::string what = "d";  // appended, not "d" + ...: g++ 12 warns (-Wrestrict) at -O3
    what += std::to_string(d);
    what += " is not a Hit Die";
    r.fail("hit_die", what, "use 6, 8, 10 or 12");
  }
  return d;
}

Character read_character(Reader& r) {
  Character c;
  c.level = static_cast<int>(r.get_int("level", 1, 20, 1));
  c.max_hp = static_cast<int>(r.need_int("max_hp", 1, 10000));
  c.ac = static_cast<int>(r.get_int("ac", 0, 40, 10));
  for (size_t a = 0; a < kAbilities; ++a)
    c.scores[a] = static_cast<int>(r.get_int(kAbilityChoices[a], 1, 30, 10));
  for (size_t a = 0; a < kAbilities; ++a)
    c.saves[a] = static_cast<int>(
        r.get_int(kAbilityChoices[a] + "_save", -10, 30, ability_modifier(c.scores[a])));
  c.hit_die = read_hit_die(r);
  c.hit_dice = static_cast<int>(r.get_int("hit_dice", 0, 20, c.level));
  if (c.hit_dice > c.level)
    r.fail("hit_dice", "more Hit Dice than levels", "a character has one Hit Die per level");
  c.temp_hp = static_cast<int>(r.get_int("temp_hp", 0, 10000, 0));
  return c;
}

std::vector<Attack> read_attacks(Reader& r) {
  std::vector<Reader> tables = r.get_tables(kAttacksKey);
  if (tables.empty())
    r.fail(kAttacksKey, "no attacks", "give each attack as [[encounter.attackers.attacks]]");
  std::vector<Attack> turn;
  for (size_t i = 0; i < tables.size(); ++i) {
    Reader& t = tables[i];
    Attack a;
    a.name = t.get_string("name").value_or("attack " + std::to_string(i + 1));
    a.attack_bonus = static_cast<int>(t.need_int("attack_bonus", -20, 40));
    const Damage d = read_damage(t, vocabulary());
    a.damage = d.dice;
    a.damage_type = d.type;
    const size_t n = static_cast<size_t>(t.get_int("strikes", 1, 10, 1));
    turn.insert(turn.end(), n, a);
  }
  return turn;
}

Strike read_strike(Reader& r, size_t index) {
  Strike s;
  s.base = read_attacker(r, vocabulary(), index);
  const bool has_attack = r.has("attack_bonus");
  const bool has_save = r.has("save");
  const int modes = int{has_attack} + int{s.base.has_attacks} + int{has_save} +
                    int{s.base.hit_chance.has_value()};
  if (modes > 1) r.fail_here("give only one of attack_bonus, attacks, save and hit_chance");
  const Attack own{"", 0, s.base.damage, s.base.damage_type};
  if (s.base.has_attacks) {
    s.mode = Strike::Mode::Attack;
    s.turn = read_attacks(r);
  } else if (has_attack) {
    s.mode = Strike::Mode::Attack;
    Attack a = own;
    a.attack_bonus = static_cast<int>(r.need_int("attack_bonus", -20, 40));
    s.turn.assign(static_cast<size_t>(r.get_int("strikes", 1, 10, 1)), a);
  } else if (has_save) {
    s.mode = Strike::Mode::Save;
    s.turn = {own};
    const std::string k = *r.get_choice("save", kAbilityChoices);
    s.save = static_cast<Ability>(std::find(kAbilityChoices.begin(), kAbilityChoices.end(), k) -
                                  kAbilityChoices.begin());
    s.dc = static_cast<int>(r.need_int("dc", 1, 40));
    s.half_on_save = r.get_bool("half_on_save", true);
  } else {
    s.mode = Strike::Mode::Chance;
    s.turn = {own};
    if (!s.base.hit_chance) s.base.hit_chance = 1.0;
  }
  if (s.base.channel != Channel::Lethal)
    r.fail("channel", "dnd5e has no nonlethal channel modelled");
  s.recharge = static_cast<int>(r.get_int("recharge", 0, 6, 0));
  if (s.recharge == 1) r.fail("recharge", "recharge 1 is always available", "use 0, or 2..6");
  s.melee = r.get_bool("melee", s.mode != Strike::Mode::Save);
  return s;
}

std::optional<Healer> read_aftercare(Reader& r) {
  auto a = r.get_table("aftercare");
  if (!a) return std::nullopt;
  auto arrives = a->get_duration("help_arrives", Scenario::kMaxHorizon);
  auto h = a->get_table("healer");
  if (!arrives && !h) return std::nullopt;
  if (!arrives) a->fail_here("a healer needs help_arrives", "add help_arrives = \"1d4 rounds\"");
  if (!h) a->fail_here("help_arrives needs a healer", "add [aftercare.healer]");
  Healer out;
  out.arrives = *arrives;
  out.medicine = h->get_int("medicine", -5, 30);
  out.herbalism_kit = h->get_bool("herbalism_kit", false);
  out.stabilise = h->get_bool("stabilise", out.medicine.has_value());
  out.treat_injuries = h->get_bool("treat_injuries", out.medicine.has_value() && out.herbalism_kit);
  if ((out.stabilise || out.treat_injuries) && !out.medicine)
    h->fail_here("stabilise and treat_injuries need the healer's medicine modifier",
                 "add medicine = <Wisdom (Medicine) modifier>");
  if (out.treat_injuries && !out.herbalism_kit)
    h->fail("treat_injuries", "treating an injury needs an herbalism kit (seed 003)",
            "add herbalism_kit = true, or treat_injuries = false");
  out.retry_after =
      h->get_duration("retry_after", Scenario::kMaxHorizon).value_or(Duration::parse("1 hour"));
  out.healing = h->get_dice("healing", 0, 10000);
  out.healing_uses = static_cast<int>(h->get_int("healing_uses", 0, 100, out.healing ? 1 : 0));
  if (out.healing_uses > 0 && !out.healing)
    h->fail("healing_uses", "healing_uses without healing", "add healing = \"1d8+3\"");
  out.potion = h->get_dice("potion", 0, 10000);
  out.potions = static_cast<int>(h->get_int("potions", 0, 100, out.potion ? 1 : 0));
  if (out.potions > 0 && !out.potion)
    h->fail("potions", "potions without potion", "add potion = \"2d4+2\"");
  out.lesser_restoration = static_cast<int>(h->get_int("lesser_restoration", 0, 100, 0));
  out.greater_restoration = static_cast<int>(h->get_int("greater_restoration", 0, 100, 0));
  out.heal_spell = static_cast<int>(h->get_int("heal_spell", 0, 100, 0));
  out.remedies_moderate = static_cast<int>(h->get_int("remedies_moderate", 0, 100, 0));
  out.remedies_severe = static_cast<int>(h->get_int("remedies_severe", 0, 100, 0));
  require_help_that_acts(*h,
                         out.stabilise || out.treat_injuries || out.healing_uses > 0 ||
                             out.potions > 0 || out.lesser_restoration > 0 ||
                             out.greater_restoration > 0 || out.heal_spell > 0 ||
                             out.remedies_moderate > 0 || out.remedies_severe > 0,
                         "medicine = 3 (to stabilise), healing and healing_uses, potions, or a "
                         "restoration, heal_spell or remedies");
  return out;
}

Recovery read_recovery(Reader& r) {
  Recovery rec;
  auto t = r.get_table("recovery");
  if (!t) return rec;
  rec.daily_rest = t->get_choice("rest", {"daily", "none"}).value_or("daily") == "daily";
  if (auto f = t->get_fixed_duration("first_rest", 7 * kDay, "\"8 hours\"")) rec.first_rest = *f;
  rec.short_rest = t->get_bool("short_rest", true);
  return rec;
}

}  // namespace

Config read_config(const Scenario& s, size_t v) {
  Reader r = s.section_reader(v);
  Config c;
  c.horizon = s.horizon;
  c.options = read_rule_options(r, c.severity);
  auto ch = r.get_table("character");
  if (!ch) r.fail_here("missing [character]", "add [character] with max_hp, ac, con");
  c.character = read_character(*ch);
  auto enc = r.get_table("encounter");
  if (!enc) r.fail_here("missing [encounter]", "add [encounter] and [[encounter.attackers]]");
  c.encounter = read_encounter_common(*enc);
  std::vector<Reader> attackers = enc->get_tables("attackers");
  if (attackers.empty()) enc->fail_here("no attackers", "add at least one [[encounter.attackers]]");
  size_t actors = 0;
  for (size_t i = 0; i < attackers.size(); ++i) {
    c.strikes.push_back(read_strike(attackers[i], i + 1));
    actors += static_cast<size_t>(c.strikes.back().base.count);
  }
  if (actors >= streams::kMaxActors) enc->fail_here("too many creatures", "split the scenario");
  c.healer = read_aftercare(r);
  c.recovery = read_recovery(r);
  return c;
}

}  // namespace leth::dnd5e
