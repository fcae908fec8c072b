#include "rules/unisystem/config.h"

#include <algorithm>

#include "sim/core/substreams.h"

namespace leth::unisystem {

const std::vector<OptionSpec>& option_specs() {
  using K = OptionSpec::Kind;
  static const std::vector<OptionSpec> specs = {
      {"pain_penalty",
       K::Int,
       "3",
       {},
       0,
       5,
       "000 \"une pénalité de -1 à -5\": the pain and shock penalty below 5 HP on the "
       "character's own actions (self first aid, the Will test after a hit)"},
      {"adrenaline",
       K::Bool,
       "true",
       {},
       0,
       0,
       "000: during the fight adrenaline keeps the pain penalty off the character's actions"},
      {"cinematic",
       K::Bool,
       "false",
       {},
       0,
       0,
       "000 \"comme au cinéma\": non-lethal blunt attacks (channel = \"nonlethal\") hit "
       "endurance instead of hit points"},
      {"realism",
       K::Bool,
       "false",
       {},
       0,
       0,
       "000: with cinematic, every 4 points of endurance damage also cost 1 hit point"},
      {"shock_test",
       K::Bool,
       "true",
       {},
       0,
       0,
       "000 (alley): after a hit a simple Will test at minus the damage; failure: the "
       "character collapses, out of the fight"},
      {"first_aid_per",
       K::Choice,
       "\"wound\"",
       {"wound", "fight"},
       0,
       0,
       "000 \"Soin médical\": one first-aid test per wound, or only one per fight"},
      {"house_rule",
       K::Bool,
       "false",
       {},
       0,
       0,
       "000, the author's rule: resting and tending one's wounds counts as medical care"},
      {"groups",
       K::Choice,
       "\"down\"",
       {"down", "up"},
       0,
       0,
       "\"chaque groupe de 5 points\" (resuscitation, essence): full groups only, or every "
       "group begun"},
      {"untreated_failure_kills",
       K::Bool,
       "true",
       {},
       0,
       0,
       "without medical care, a failed daily survival test at or below the survival "
       "threshold kills (else it only costs 1 HP, as 000 says)"},
      {"essence_failure",
       K::Choice,
       "\"either\"",
       {"either", "level", "flaw"},
       0,
       0,
       "000: a failed Will test below 0 essence costs a mental attribute level or gives a "
       "mental flaw: either (even odds), or always the one named"},
  };
  return specs;
}

const DamageVocabulary& vocabulary() {
  static const DamageVocabulary v{{"bullet", "edged", "blunt", "other"},
                                  {Channel::Lethal, Channel::Nonlethal, Channel::Essence},
                                  "other"};
  return v;
}

int type_multiplier(uint16_t type) {
  // 000 (alley): bullets are doubled after armour. Edged weapons doubled: Classic Unisystem.
  return type <= 1 ? 2 : 1;
}

Options read_rule_options(Reader& r) {
  const OptionValues v = read_options(r.get_table("options"), option_specs());
  Options o;
  o.pain_penalty = static_cast<int>(v.integer("pain_penalty"));
  o.adrenaline = v.flag("adrenaline");
  o.cinematic = v.flag("cinematic");
  o.realism = v.flag("realism");
  o.shock_test = v.flag("shock_test");
  o.first_aid_per_wound = v.choice("first_aid_per") == "wound";
  o.house_rule = v.flag("house_rule");
  o.groups_round_up = v.choice("groups") == "up";
  o.untreated_failure_kills = v.flag("untreated_failure_kills");
  const std::string& e = v.choice("essence_failure");
  o.essence_failure = e == "level"  ? EssenceFailure::Level
                      : e == "flaw" ? EssenceFailure::Flaw
                                    : EssenceFailure::Either;
  return o;
}

Character read_character(Reader& r) {
  Character c;
  const std::vector<std::string> ids = creature_ids();
  const std::string creature = r.get_choice("creature", ids).value_or("human");
  c.creature = find_creature(creature);
  c.max_hp = static_cast<int>(r.need_int("max_hp", 1, 100000));
  c.hp = static_cast<int>(r.get_int("hp", -100000, c.max_hp, c.max_hp));
  c.con = static_cast<int>(r.get_int("con", 0, 20, 2));
  c.will = static_cast<int>(r.get_int("will", 0, 20, 2));
  c.first_aid = static_cast<int>(r.get_int("first_aid", -1, 40, -1));
  c.endurance = static_cast<int>(r.get_int("endurance", 1, 100000, 30));
  c.essence = static_cast<int>(r.get_int("essence", 0, 100000, 20));
  c.channelling = static_cast<int>(r.get_int("channelling", 0, 20, 0));
  c.hours_awake = static_cast<int>(r.get_int("hours_awake", 0, 1000, 0));
  c.sleep_hours = static_cast<int>(r.get_int("sleep_hours", 0, 24, 7));
  c.short_nights = static_cast<int>(r.get_int("short_nights", 0, 1000, 0));
  if (auto a = r.get_dice("armor", 0, 100000)) c.armor = *a;
  return c;
}

// attack, burst, multiplier of one profile (the attacker's own, or one of its attacks).
Profile read_profile(Reader& r, std::string name, Dice damage, uint16_t type, bool fixed_chance) {
  Profile p;
  p.name = std::move(name);
  p.damage = damage;
  if (!fixed_chance) p.attack = static_cast<int>(r.need_int("attack_bonus", -20, 60));
  p.burst = static_cast<int>(r.get_int("burst", 1, 100, 1));
  p.multiplier = static_cast<int>(r.get_int("multiplier", 1, 10, type_multiplier(type)));
  return p;
}

// 000 has no critical hits: crit_chance is read first here, as 0 alone, so that `lethality
// rules unisystem` lists what is accepted ("number 0..0") rather than read_attacker()'s 0..1.
void read_no_crit_chance(Reader& r) {
  try {
    r.get_number("crit_chance", 0.0, 0.0);
  } catch (const InputError&) {  // any other value, or not a number
    r.fail("crit_chance", "unisystem has no critical hits",
           "success levels decide how many bullets of a burst hit (burst); only crit_chance = 0 "
           "is accepted");
  }
}

namespace {

Attacker read_one(Reader& r, size_t index) {
  Attacker a;
  read_no_crit_chance(r);
  a.base = read_attacker(r, vocabulary(), index);
  const bool fixed = a.base.hit_chance.has_value();
  if (a.base.has_attacks) {
    if (fixed)
      r.fail("hit_chance", "hit_chance on an attacker that has attacks",
             "each attack rolls D10 + its attack_bonus against 9");
    for (const char* k : {"attack_bonus", "burst", "multiplier"})
      if (r.has(k))
        r.fail(k, std::string(k) + " on an attacker that has attacks",
               "give attack_bonus, burst and multiplier in each attack");
    std::vector<Reader> tables = r.get_tables(kAttacksKey);
    if (tables.empty())
      r.fail(kAttacksKey, "no attacks",
             "give each as [[encounter.attackers.attacks]] with attack_bonus and damage");
    for (size_t i = 0; i < tables.size(); ++i) {
      Reader& t = tables[i];
      const Damage d = read_damage(t, vocabulary());
      std::string name = t.get_string("name").value_or("attack " + std::to_string(i + 1));
      a.turn.push_back(read_profile(t, std::move(name), d.dice, d.type, false));
    }
  } else {
    if (r.has("attack_bonus") && fixed)
      r.fail_here("give only one of attack_bonus and hit_chance",
                  "attack_bonus is the attacker's total (attribute + skill + modifiers) against 9; "
                  "hit_chance a fixed chance");
    if (!r.has("attack_bonus") && !fixed)
      r.fail_here("missing key 'attack_bonus'",
                  "add attack_bonus = <Dex + skill + modifiers> (D10 + attack_bonus >= 9 hits), or "
                  "hit_chance");
    a.turn.push_back(read_profile(r, a.base.name, a.base.damage, a.base.damage_type, fixed));
  }
  a.armor_applies = r.get_bool("armor_applies", true);
  a.unresuscitable = r.get_bool("unresuscitable", false);
  return a;
}

// A trained helper: who arrives when, with their Int + First Aid (or Medicine) total.
std::optional<Helper> read_helper(Reader& parent, const char* key) {
  auto t = parent.get_table(key);
  if (!t) return std::nullopt;
  Helper h;
  auto d = t->get_duration("arrives", Scenario::kMaxHorizon);
  if (!d) t->fail_here("missing key 'arrives'", "e.g. arrives = \"2 minutes\"");
  h.arrives = *d;
  h.skill = static_cast<int>(t->need_int("skill", -10, 40));
  return h;
}

// 000: "Les personnages qui n'ont pas premiers soins ... peuvent aider à bander les blessures
// visibles. Que cela marche ou non est entièrement à la discrétion du MJ": a chance a minute.
std::optional<Helper> read_bystander(Reader& parent) {
  auto t = parent.get_table("bystander");
  if (!t) return std::nullopt;
  Helper h;
  auto d = t->get_duration("arrives", Scenario::kMaxHorizon);
  if (!d) t->fail_here("missing key 'arrives'", "e.g. arrives = \"1 minute\"");
  h.arrives = *d;
  auto c = t->get_number("chance", 0.0, 1.0);
  if (!c)
    t->fail_here("missing key 'chance'", "the chance a minute that binding wounds stabilises");
  h.untrained_chance = *c;
  return h;
}

Aftercare read_aftercare(Reader& r) {
  Aftercare a;
  auto t = r.get_table("aftercare");
  if (!t) return a;
  a.self_aid = t->get_bool("self_aid", true);
  a.first_aider = read_helper(*t, "first_aider");
  a.bystander = read_bystander(*t);
  a.paramedics = read_helper(*t, "paramedics");
  if (auto h = t->get_table("hospital")) {
    Hospital hs;
    auto d = h->get_duration("arrives", Scenario::kMaxHorizon);
    if (!d)
      h->fail_here("missing key 'arrives'", "the time to intensive care, e.g. \"20 minutes\"");
    hs.arrives = *d;
    hs.medicine = static_cast<int>(h->get_int("medicine", -10, 40, 7));
    hs.advanced = h->get_bool("advanced", false);
    a.hospital = hs;
  }
  return a;
}

}  // namespace

Config read_config(const Scenario& s, size_t v) {
  Reader r = s.section_reader(v);
  Config c;
  c.horizon = s.horizon;
  c.options = read_rule_options(r);
  auto ch = r.get_table("character");
  if (!ch) r.fail_here("missing [character]", "add [character] with max_hp, con, will");
  c.character = read_character(*ch);
  auto enc = r.get_table("encounter");
  if (!enc) r.fail_here("missing [encounter]", "add [encounter] and [[encounter.attackers]]");
  c.encounter = read_encounter_common(*enc);
  c.close_combat = enc->get_bool("close_combat", false);
  const std::string effort =
      enc->get_choice("effort", {"none", "very_hard", "intense"}).value_or("none");
  c.effort = effort == "very_hard" ? Config::Effort::VeryHard
             : effort == "intense" ? Config::Effort::Intense
                                   : Config::Effort::None;
  if (auto d = enc->get_fixed_duration("effort_time", kDay, "\"20 minutes\"")) c.effort_time = *d;
  if (c.effort != Config::Effort::None && c.effort_time == 0)
    enc->fail("effort", "an effort without effort_time", "add effort_time = \"10 minutes\"");
  std::vector<Reader> attackers = enc->get_tables("attackers");
  if (attackers.empty())
    enc->fail_here("no attackers", "add at least one [[encounter.attackers]] with damage");
  size_t actors = 0;
  for (size_t i = 0; i < attackers.size(); ++i) {
    c.attackers.push_back(read_one(attackers[i], i + 1));
    actors += static_cast<size_t>(c.attackers.back().base.count);
  }
  if (actors >= streams::kMaxActors)
    enc->fail_here("more than " + std::to_string(streams::kMaxActors - 1) + " creatures",
                   "split the scenario");
  c.aftercare = read_aftercare(r);
  bool care = c.aftercare.hospital.has_value();
  if (auto rec = r.get_table("recovery")) {
    const auto k = rec->get_choice("care", {"medical", "none"});
    if (k) care = *k == "medical";
  }
  c.medical_care = care;
  return c;
}

}  // namespace leth::unisystem
