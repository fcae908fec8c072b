// Reads a dnd5e party scenario: [fight] (the policies), [[party]] members and [[opponents]].
// docs/parties.md lists every key; rules/dnd5e/README.md ("The party fight") what each does.
#include <algorithm>

#include "rules/common/party_keys.h"
#include "rules/common/uses.h"
#include "rules/dnd5e/party.h"
#include "scenarios/reader.h"

namespace leth::dnd5e {

namespace {

// The dice of `d` alone, without its constants: what a critical hit rolls once more (SRD:
// "roll all of the attack's damage dice twice").
Dice dice_only(const Dice& d) {
  std::string text;
  for (const DiceTerm& t : d.terms()) {
    if (t.count == 0) continue;
    // Appended piece by piece: g++ 12 warns (-Wrestrict) on "d" + std::to_string() at -O3.
    text += t.sign < 0 ? '-' : '+';
    text += std::to_string(t.count);
    text += 'd';
    text += std::to_string(t.sides);
    if (t.keep != 0) {
      text += t.keep > 0 ? "kh" : "kl";
      text += std::to_string(t.keep > 0 ? t.keep : -t.keep);
    }
    if (t.multiplier != 1) {
      text += 'x';
      text += std::to_string(t.multiplier);
    }
  }
  return text.empty() ? Dice::constant(0) : Dice::parse(text);
}

const std::vector<std::string> kAbilityKeys = {"str", "dex", "con", "int", "wis", "cha"};

size_t ability_index(const std::string& key) {
  return static_cast<size_t>(std::find(kAbilityKeys.begin(), kAbilityKeys.end(), key) -
                             kAbilityKeys.begin());
}

// A saving throw's keys (PartyAttack::save_dc): `save`, `half_on_save`, `targets`.
void read_save(Reader& t, PartyAttack& a) {
  const std::optional<std::string> save = t.get_choice("save", kAbilityKeys);
  a.half_on_save = t.get_bool("half_on_save", true);
  a.targets = static_cast<uint8_t>(
      t.get_int("targets", 1, static_cast<int64_t>(fight::kMaxCombatants), 1));
  a.save = static_cast<Ability>(ability_index(save.value_or("dex")));
  if (a.save_dc > 0) return;
  for (const char* key : {"save", "half_on_save", "targets"})
    if (t.has(key))
      t.fail(key,
             std::string(key) + " without save_dc: " +
                 (std::string(key) == "targets"
                      ? "an attack roll strikes one target (strikes repeats it)"
                      : "an attack roll has no saving throw"),
             "add save_dc = 13 (the targets' save against it), or remove " + std::string(key));
}

// Saving throw bonuses (`str_save` .. `cha_save`): given, or the score's modifier (a member's),
// else 0.
void read_saves(Reader& r, Combatant& k) {
  for (size_t a = 0; a < kAbilities; ++a) {
    const int score = k.scores[a];
    k.saves[a] = static_cast<int>(r.get_int(kAbilityKeys[a] + "_save", -10, 30,
                                            score > 0 ? ability_modifier(score) : 0));
  }
}

// `scores`: a member's ability scores (0: not given); nullptr for an opponent. `owner` gets
// the pools of the attacks of limited uses.
std::vector<PartyAttack> read_attacks(Reader& r, const char* example,
                                      const std::array<int, kAbilities>* scores,
                                      Combatant& owner) {
  const bool member = scores != nullptr;
  const bool heals = member && r.has("heals");
  std::vector<Reader> tables = fight::read_attack_tables(r, example);
  std::vector<PartyAttack> turn;
  std::vector<size_t> firsts;  // table i's first strike in the turn
  for (size_t i = 0; i < tables.size(); ++i) {
    firsts.push_back(turn.size());
    Reader& t = tables[i];
    PartyAttack a;
    a.name = fight::read_attack_name(t, i);
    const fight::HitKeys how = fight::read_hit_keys(t, 40, "a saving throw", 5);
    const bool bonus = how.bonus;
    a.hit_chance = how.hit_chance;
    a.save_dc = how.save_dc;
    read_save(t, a);
    if (bonus) a.attack_bonus = static_cast<int>(t.need_int("attack_bonus", -20, 40));
    if (a.hit_chance) a.crit_chance = t.get_number("crit_chance", 0.0, 1.0, 0.0);
    const Damage d = read_damage(t, vocabulary());
    a.damage = d.dice;
    a.crit_extra = dice_only(d.dice);
    a.damage_type = d.type;
    if (a.save_dc > 0 && t.has("melee"))
      t.fail("melee", "a saving throw's attack has no melee: no advantage, no critical",
             "remove melee");
    a.melee = t.get_bool("melee", true);
    // SRD "Two-Handed" against 003's "Vous ne pouvez rien porter à deux mains" (README, the
    // party fight): only a member takes lingering injuries.
    if (!member && (t.has("two_handed") || t.has("one_handed_damage")))
      t.fail(t.has("two_handed") ? "two_handed" : "one_handed_damage",
             "an opponent takes no lingering injury, so nothing ever keeps a hand from its attack",
             "remove it; two_handed is a [[party]] member's attack key");
    a.two_handed = t.get_bool("two_handed", false);
    a.one_handed = t.get_dice("one_handed_damage", 0, 10000);
    if (a.one_handed && !a.two_handed)
      t.fail("one_handed_damage",
             "one_handed_damage without two_handed = true: an attack made with one hand is not "
             "changed by a hand out",
             "add two_handed = true (a greatsword, or a versatile weapon held in both hands), or "
             "remove one_handed_damage");
    if (a.one_handed) a.one_handed_crit = dice_only(*a.one_handed);
    // 003's ability losses against the attack's ability (README, the party fight).
    if (!member && (t.has("ability") || t.has("ability_damage")))
      t.fail(t.has("ability") ? "ability" : "ability_damage",
             "an opponent takes no lingering injury, so no ability loss ever lowers its attack",
             "remove it; ability is a [[party]] member's attack key");
    if (const auto ab = t.get_choice("ability", kAbilityKeys)) {
      const size_t i = ability_index(*ab);
      if ((*scores)[i] == 0)
        t.fail("ability", "the member has no " + *ab + " score for its losses to lower",
               "add " + *ab + " = 16 to the member (its score, whose modifier attack_bonus holds)");
      a.ability = static_cast<Ability>(i);
    }
    a.ability_damage = t.get_bool("ability_damage", true);
    if (t.has("ability_damage") && a.ability == Ability::None)
      t.fail("ability_damage", "ability_damage without ability: which modifier does it drop?",
             "add ability = \"str\" (or dex, con, int, wis, cha)");
    const size_t n = static_cast<size_t>(t.get_int("strikes", 1, 10, 1));
    turn.insert(turn.end(), n, a);
  }
  fight::read_uses(tables, firsts, turn, owner.uses,
                   {.recharge = true, .spends = true, .heals = heals});
  return turn;
}

Combatant read_member(Reader& r, bool lingering) {
  Combatant m;
  m.name = fight::read_member_name(r);
  m.max_hp = static_cast<int>(r.need_int("max_hp", 1, 10000));
  m.ac = static_cast<int>(r.get_int("ac", 0, 40, 10));
  m.initiative = static_cast<int>(r.get_int("initiative", -10, 20, 0));
  m.temp_hp = static_cast<int>(r.get_int("temp_hp", 0, 10000, 0));
  // Ability scores, for 003's ability losses (an attack's `ability`, con_save through Con).
  for (size_t a = 0; a < kAbilities; ++a)
    if (const auto v = r.get_int(kAbilityKeys[a], 1, 30)) m.scores[a] = static_cast<int>(*v);
  m.attacks = read_attacks(r, "party", &m.scores, m);
  m.sneak_attack = r.get_dice("sneak_attack", 0, 1000);
  if (m.sneak_attack) m.sneak_crit = dice_only(*m.sneak_attack);
  // With a score, its modifier by default (as one character's saves).
  read_saves(r, m);
  m.hit_dice = static_cast<int>(r.get_int("hit_dice", 0, 20, 0));
  if (auto d = r.get_dice("hit_die", -10, 1000)) m.hit_die = *d;
  if (m.hit_dice > 0 && !r.has("hit_die"))
    r.fail("hit_dice", "Hit Dice without hit_die: what does one roll?",
           "add hit_die = \"1d10+2\" (the die and the Constitution modifier)");
  if (m.hit_dice == 0 && r.has("hit_die"))
    r.fail("hit_die", "hit_die without hit_dice: how many does the member have?",
           "add hit_dice = 3 (one a level)");
  if (const auto armor = r.get_choice("armor", {"none", "light", "medium", "heavy"})) {
    m.armor = *armor == "heavy"    ? Combatant::Armor::Heavy
              : *armor == "medium" ? Combatant::Armor::Medium
                                   : Combatant::Armor::Light;
    if (m.scores[static_cast<size_t>(Ability::Dex)] == 0)
      r.fail("armor", "armor without a dex score: a Dex loss has nothing to lower",
             "add dex = 14 (the score whose modifier ac holds)");
  }
  m.level = static_cast<int>(r.get_int("level", 1, 20, m.hit_dice));
  if (m.hit_dice > m.level)
    r.fail("hit_dice", "more Hit Dice than levels", "a character has one Hit Die per level");
  m.second_wind = r.get_dice("second_wind", 0, 1000);
  m.second_wind_below = r.get_number("second_wind_below", 0.0, 1.0, m.second_wind_below);
  if (r.has("second_wind_below") && !m.second_wind)
    r.fail("second_wind_below", "second_wind_below without second_wind: what does it heal?",
           "add second_wind = \"1d10+3\" (1d10 + its fighter level)");
  if (auto h = r.get_table("heals")) {
    Heals hs;
    hs.dice = h->get_dice("dice", 0, 10000);
    hs.uses = static_cast<int>(h->get_int("uses", 0, 100, hs.dice ? 1 : 0));
    if (hs.uses > 0 && !hs.dice)
      h->fail("uses", "uses without dice: what does a use heal?", "add dice = \"1d4+3\"");
    hs.bonus_action = h->get_bool("bonus_action", true);
    const std::string between =
        h->get_choice("heal_between", {"fallen", "top_up", "none"}).value_or("fallen");
    hs.heal_between = between == "top_up" ? Heals::Between::TopUp
                      : between == "none" ? Heals::Between::None
                                          : Heals::Between::Fallen;
    hs.medicine = h->get_int("medicine", -5, 30);
    // Potions of healing (SRD: 2d4 + 2), given to a fallen ally when the spells are spent.
    const std::optional<Dice> potion = h->get_dice("potion", 0, 10000);
    hs.potions = static_cast<int>(h->get_int("potions", 0, 100, 0));
    if (potion && hs.potions == 0)
      h->fail("potion", "potion dice without potions: how many does the member carry?",
              "add potions = 2");
    hs.potion = potion.value_or(Dice::parse("2d4+2"));
    hs.drink_below = h->get_number("drink_below", 0.0, 1.0, hs.drink_below);
    if (h->has("drink_below") && hs.potions == 0)
      h->fail("drink_below", "drink_below without potions: what does the member drink?",
              "add potions = 2");
    // 003 "Soin magique" for lingering injuries after the fight: the single character's
    // healer's keys.
    hs.lesser_restoration = static_cast<int>(h->get_int("lesser_restoration", 0, 100, 0));
    hs.greater_restoration = static_cast<int>(h->get_int("greater_restoration", 0, 100, 0));
    hs.heal_spell = static_cast<int>(h->get_int("heal_spell", 0, 100, 0));
    hs.remedies_moderate = static_cast<int>(h->get_int("remedies_moderate", 0, 100, 0));
    hs.remedies_severe = static_cast<int>(h->get_int("remedies_severe", 0, 100, 0));
    const bool restores = hs.lesser_restoration > 0 || hs.greater_restoration > 0 ||
                          hs.heal_spell > 0 || hs.remedies_moderate > 0 || hs.remedies_severe > 0;
    // A heal named with none left (uses = 0, potions = 0) is a healer turned off, as a variant
    // writes it (docs/parties.md); a table naming no heal is a mistake.
    const bool named = hs.dice.has_value() || h->has("potions");
    if (hs.uses == 0 && hs.potions == 0 && !hs.medicine && !restores && !named)
      h->fail_here("a healer with nothing to heal with",
                   "add dice = \"1d4+3\" and uses = 4 (Healing Word), potions = 2, "
                   "lesser_restoration = 1, or medicine = 5");
    // Restorations and remedies heal lingering injuries only: without them such a healer
    // would do nothing, silently.
    if (hs.uses == 0 && hs.potions == 0 && !hs.medicine && !lingering && !named)
      h->fail_here("a healer with nothing to heal with: its restorations and remedies heal "
                   "lingering injuries, which options.lingering_injuries = false leaves out",
                   "add dice = \"1d4+3\" and uses = 4 (Healing Word), potions = 2 or "
                   "medicine = 5; or set lingering_injuries = true in [options]");
    // 003 "Soin traditionnel": Medicine with an herbalism kit, after the fight (the single
    // character's healer's keys and defaults).
    const bool kit = h->get_bool("herbalism_kit", false);
    if (kit && !hs.medicine)
      h->fail("herbalism_kit", "an herbalism kit is used with the member's Medicine (seed 003)",
              "add medicine = 5");
    hs.treat_injuries = h->get_bool("treat_injuries", kit && hs.medicine.has_value());
    if (hs.treat_injuries && !hs.medicine)
      h->fail("treat_injuries", "treating an injury needs the member's medicine modifier",
              "add medicine = 5");
    if (hs.treat_injuries && !kit)
      h->fail("treat_injuries", "treating an injury needs an herbalism kit (seed 003)",
              "add herbalism_kit = true, or treat_injuries = false");
    hs.retry_after =
        h->get_duration("retry_after", Scenario::kMaxHorizon).value_or(Duration::parse("1 hour"));
    m.heals = hs;
  }
  return m;
}

Combatant read_opponent(Reader& r, size_t index) {
  Combatant o;
  o.name = r.get_string("name").value_or("opponent " + std::to_string(index));
  o.initiative = static_cast<int>(r.get_int("initiative", -10, 20, 0));
  o.attacks = read_attacks(r, "opponents", nullptr, o);
  o.player_rules = false;
  if (!r.has("hp")) return o;  // it cannot be harmed (docs/parties.md): only its attacks count
  o.max_hp = static_cast<int>(r.need_int("hp", 1, 10000));
  o.ac = static_cast<int>(r.get_int("ac", 0, 40, 10));
  o.player_rules = r.get_bool("player_rules", false);
  read_saves(r, o);
  return o;
}

}  // namespace

PartyConfig read_party(const Scenario& s, size_t v) {
  Reader r = s.section_reader(v);
  PartyConfig c;
  c.horizon = s.horizon;
  c.options = read_rule_options(r, c.severity);
  if (c.options.piercing_after_fight == PiercingAfterFight::PerHour)
    r.get_table("options")->fail(
        "piercing_wound_after_fight",
        "a piercing wound's hourly loss after the fight is not played in a party fight yet (it "
        "costs its 1 HP at the end of each turn in the fight only; it heals with the first long "
        "rest)",
        "remove it, or play one [character]");
  c.policies = fight::read_policies(r);
  fight::PartyTables tables = fight::read_party_tables(r, "hp");
  const bool lingering = c.options.lingering_injuries;
  c.members = fight::read_lineup(
      tables, c.combatants, [&](Reader& m) { return read_member(m, lingering); }, read_opponent,
      c.policies);
  c.day = fight::read_day<Combatant>(r, c.members, c.policies, read_opponent);
  return c;
}

}  // namespace leth::dnd5e
