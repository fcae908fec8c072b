// Reads a pf2 party scenario: [fight] (the policies), [[party]] members and [[opponents]], with
// pf2's [options] read as for one character. docs/parties.md lists the keys every ruleset
// shares; rules/pf2/README.md ("The party fight") pf2's own and what each does.
#include <algorithm>

#include "rules/common/party_keys.h"
#include "rules/common/uses.h"
#include "rules/pf2/medicine.h"
#include "rules/pf2/party.h"
#include "scenarios/reader.h"

namespace leth::pf2 {

namespace {

// A basic saving throw's keys (PartyAttack::save_dc): `save`, `targets`.
void read_save(Reader& t, PartyAttack& a) {
  const std::optional<std::string> save = t.get_choice("save", {"fortitude", "reflex", "will"});
  a.save = static_cast<uint8_t>(!save || *save == "reflex" ? 1 : *save == "fortitude" ? 0 : 2);
  a.targets = static_cast<uint8_t>(
      t.get_int("targets", 1, static_cast<int64_t>(fight::kMaxCombatants), 1));
  if (a.save_dc > 0) return;
  for (const char* key : {"save", "targets"})
    if (t.has(key))
      t.fail(key,
             std::string(key) + " without save_dc: " +
                 (std::string(key) == "targets"
                      ? "a Strike strikes one target (strikes repeats it)"
                      : "a Strike has no saving throw"),
             "add save_dc = 19 (the targets' basic save against it), or remove " +
                 std::string(key));
}

// A turn's Strikes, in order, and `owner`'s attacks of limited uses; `limit`: a member's three
// actions, a creature's four (quickened).
std::vector<PartyAttack> read_attacks(Reader& r, const char* example, size_t limit,
                                      Combatant& owner) {
  std::vector<Reader> tables = fight::read_attack_tables(r, example);
  std::vector<PartyAttack> turn;
  std::vector<size_t> firsts;  // table i's first strike in the turn
  for (size_t i = 0; i < tables.size(); ++i) {
    Reader& t = tables[i];
    PartyAttack a;
    a.name = fight::read_attack_name(t, i);
    const fight::HitKeys how = fight::read_hit_keys(t, 80, "a basic saving throw", 9);
    const bool bonus = how.bonus;
    a.hit_chance = how.hit_chance;
    a.save_dc = how.save_dc;
    read_save(t, a);
    if (bonus) a.attack_bonus = static_cast<int>(t.need_int("attack_bonus", -20, 80));
    if (a.hit_chance) a.crit_chance = t.get_number("crit_chance", 0.0, 1.0, 0.0);
    const Damage d = read_damage(t, vocabulary());
    a.damage = d.dice;
    a.damage_type = d.type;
    if (a.save_dc > 0 && t.has("agile"))
      t.fail("agile", "a saving throw takes no multiple attack penalty", "remove agile");
    a.map = t.get_bool("agile", false) ? kAgileMapStep : kMapStep;
    a.actions = static_cast<int>(t.get_int("actions", 1, 3, 1));
    const size_t n = static_cast<size_t>(t.get_int("strikes", 1, 4, 1));
    firsts.push_back(turn.size());
    turn.insert(turn.end(), n, a);
  }
  fight::read_uses(tables, firsts, turn, owner.uses, {});
  // What the turn costs with none of its attacks of uses armed, and with all of them (each in
  // place of the one it replaces): within the turn's actions both ways.
  int none = 0, all = 0;
  for (size_t i = 0; i < tables.size(); ++i) {
    const size_t end = i + 1 < firsts.size() ? firsts[i + 1] : turn.size();
    const PartyAttack& a = turn[firsts[i]];
    const int cost = static_cast<int>(end - firsts[i]) * a.actions;
    none += a.pool < 0 ? cost : 0;
    all += a.replaced_by == 0 ? cost : 0;
    if (std::max(none, all) > static_cast<int>(limit)) {
      Reader& t = tables[i];
      t.fail(t.has("strikes") ? "strikes" : t.has("actions") ? "actions" : "damage",
             std::to_string(std::max(none, all)) + " actions of attacks in one turn",
             std::string("a turn has ") + (limit == 3 ? "3 actions" : "4 actions if quickened") +
                 ", one per Strike (a spell's `actions`, 2 for most; an attack of `uses` in "
                 "place of the one it replaces): drop an attack or lower its strikes");
    }
  }
  owner.turn_actions = std::max(none, all);
  return turn;
}

// The keys a member and an opponent share. A member's level is a character's, 1..20; an
// opponent's a creature's, -1..25 (Monster Core: a goblin warrior is level -1).
void read_block(Reader& r, Combatant& k, bool member) {
  k.level = static_cast<int>(r.get_int("level", member ? 1 : -1, member ? 20 : 25, 1));
  k.ac = static_cast<int>(r.get_int("ac", 0, 80, 10));
  k.initiative = static_cast<int>(r.get_int("initiative", -10, 50, 0));
  k.fortitude = static_cast<int>(r.get_int("fortitude", -10, 50, 0));
  k.reflex = static_cast<int>(r.get_int("reflex", -10, 50, 0));
  k.will = static_cast<int>(r.get_int("will", -10, 50, 0));
  k.dc = r.get_int("dc", 0, 80);
}

Combatant read_member(Reader& r) {
  Combatant m;
  m.name = fight::read_member_name(r);
  m.max_hp = static_cast<int>(r.need_int("max_hp", 1, 10000));
  read_block(r, m, true);
  m.con = static_cast<int>(r.get_int("con", -5, 10, 0));
  m.temp_hp = static_cast<int>(r.get_int("temp_hp", 0, 10000, 0));
  m.hero_points = static_cast<int>(r.get_int("hero_points", 0, 3, 0));
  m.wounded = static_cast<int>(r.get_int("wounded", 0, 3, 0));
  m.doomed = static_cast<int>(r.get_int("doomed", 0, 3, 0));
  m.attacks = read_attacks(r, "party", kActionsPerTurn, m);
  if (auto h = r.get_table("heals")) {
    Heals hs;
    hs.dice = h->get_dice("dice", 0, 10000);
    hs.uses = static_cast<int>(h->get_int("uses", 0, 100, hs.dice ? 1 : 0));
    if (hs.uses > 0 && !hs.dice)
      h->fail("uses", "uses without dice: what does a Heal restore?", "add dice = \"1d8\"");
    hs.actions = static_cast<int>(h->get_int("actions", 1, 2, 2));
    hs.medicine = h->get_int("medicine", -10, 60);
    // As the single character's healer: a member with Medicine treats wounds after the fight
    // unless told not to; Battle Medicine is a skill feat, so only when given.
    hs.treat_wounds = h->get_bool("treat_wounds", hs.medicine.has_value());
    hs.battle_medicine = h->get_bool("battle_medicine", false);
    hs.heal_after_fight = h->get_bool("heal_after_fight", true);
    for (const char* key : {"treat_wounds", "battle_medicine"})
      if (h->has(key) && h->get_bool(key, false) && !hs.medicine)
        h->fail(key, std::string(key) + " needs the member's Medicine modifier",
                "add medicine = 9 (trained 5 + Wis 4 at level 3)");
    hs.treat_wounds_dc = read_treat_wounds_dc(*h);
    const std::optional<Dice> potion = h->get_dice("potion", 0, 10000);
    hs.potions = static_cast<int>(h->get_int("potions", 0, 100, 0));
    for (const char* key : {"potion", "drink_below"})
      if (h->has(key) && hs.potions == 0)
        h->fail(key, std::string(key) + " without potions: how many does the member carry?",
                "add potions = 2");
    hs.potion = potion.value_or(Dice::parse("2d8+5"));  // Player Core: lesser healing potion
    hs.drink_below = h->get_number("drink_below", 0.0, 1.0, hs.drink_below);
    if (h->has("potions_between") && hs.potions == 0)
      h->fail("potions_between", "potions_between without potions: how many does the member carry?",
              "add potions = 2");
    hs.potions_between = h->get_bool("potions_between", true);
    // A focus spell that heals (Lay on Hands): Player Core's pool holds at most 3 points.
    hs.focus = h->get_dice("focus_dice", 0, 10000);
    hs.focus_points = static_cast<int>(h->get_int("focus_points", 0, 3, hs.focus ? 1 : 0));
    if (hs.focus_points > 0 && !hs.focus)
      h->fail("focus_points", "focus_points without focus_dice: what does the focus spell restore?",
              "add focus_dice = \"6\" (Lay on Hands: 6 HP a rank, the spell's rank half the "
              "level, rounded up)");
    if (h->has("focus_actions") && !hs.focus)
      h->fail("focus_actions", "focus_actions without focus_dice: which focus spell?",
              "add focus_dice = \"6\" and focus_points = 1 (Lay on Hands)");
    hs.focus_actions = static_cast<int>(h->get_int("focus_actions", 1, 2, 1));
    // A heal named with none left (uses = 0, focus_points = 0, potions = 0) is a healer turned
    // off, as a variant writes it (docs/parties.md); a table naming no heal is a mistake.
    if (!hs.dice && !hs.focus && !h->has("potions") && !hs.medicine)
      h->fail_here("a healer with nothing to heal with",
                   "add dice = \"1d8\", uses = 3 and actions = 1 (Heal), focus_dice = \"6\" "
                   "(Lay on Hands), potions = 2, or medicine = 9 (Administer First Aid)");
    m.heals = hs;
  }
  return m;
}

Combatant read_opponent(Reader& r, size_t index) {
  Combatant o;
  o.name = r.get_string("name").value_or("opponent " + std::to_string(index));
  if (!r.has("hp")) {  // it cannot be harmed (docs/parties.md): its attacks and its DC count
    o.initiative = static_cast<int>(r.get_int("initiative", -10, 50, 0));
    o.dc = r.get_int("dc", 0, 80);
    o.player_rules = false;
    o.attacks = read_attacks(r, "opponents", kMaxStrikesPerTurn, o);
    return o;
  }
  o.max_hp = static_cast<int>(r.need_int("hp", 1, 10000));
  read_block(r, o, false);
  o.player_rules = r.get_bool("player_rules", false);
  o.attacks = read_attacks(r, "opponents", kMaxStrikesPerTurn, o);
  return o;
}

}  // namespace

PartyConfig read_party(const Scenario& s, size_t v) {
  Reader r = s.section_reader(v);
  PartyConfig c;
  c.horizon = s.horizon;
  c.options = read_rule_options(r);
  c.policies = fight::read_policies(r);
  fight::PartyTables tables = fight::read_party_tables(r, "hp");
  bool player_rules_opponent = false;
  const bool fortitude = c.options.recovery_check == RecoveryCheck::Fortitude;
  auto opponent = [&](Reader& t, size_t i) {
    Combatant o = read_opponent(t, i);
    // 004 "Jets de récupération": the recovery save is against the DC of whoever knocked the
    // creature out ("utilisez le DD de classe de l'attaquant"; monsters: a high DC for their
    // level).
    if (fortitude && !o.dc)
      t.fail_here("missing key 'dc'",
                  "with recovery_check = \"fortitude\" (seed 004) a member's recovery save is "
                  "against the DC of what knocked it out: add dc = <the creature's high DC for "
                  "its level>, or recovery_check = \"flat\"");
    player_rules_opponent = player_rules_opponent || o.player_rules;
    return o;
  };
  c.members = fight::read_lineup(tables, c.combatants, read_member, opponent, c.policies);
  c.day = fight::read_day<Combatant>(r, c.members, c.policies, opponent);
  if (fortitude && player_rules_opponent)
    for (size_t m = 0; m < c.members; ++m)
      if (!c.combatants[m].dc)
        tables.members[m].fail_here(
            "missing key 'dc'",
            "an opponent with player_rules = true makes recovery saves against the class DC of "
            "the member who knocked it out: add dc = <class DC>, or recovery_check = \"flat\"");
  return c;
}

}  // namespace leth::pf2
