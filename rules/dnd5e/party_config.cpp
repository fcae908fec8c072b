// Reads a dnd5e party scenario: [fight] (the policies), [[party]] members and [[opponents]].
// docs/parties.md lists every key; rules/dnd5e/README.md ("The party fight") what each does.
#include <algorithm>
#include <cctype>

#include "rules/dnd5e/party.h"
#include "scenarios/reader.h"

namespace leth::dnd5e {

namespace {

const std::vector<std::string> kTargeting = {"random", "weakest", "last_hitter", "healers_first"};
const std::vector<std::string> kPickUp = {"at_once", "two_down", "after_fight"};

fight::Targeting targeting(const std::string& t) {
  return t == "weakest"         ? fight::Targeting::Weakest
         : t == "last_hitter"   ? fight::Targeting::LastHitter
         : t == "healers_first" ? fight::Targeting::HealersFirst
                                : fight::Targeting::Random;
}

fight::Policies read_policies(Reader& r) {
  fight::Policies p;
  auto f = r.get_table("fight");
  if (!f) return p;
  p.party_targets = targeting(f->get_choice("party_targets", kTargeting).value_or("random"));
  p.opponents_target = targeting(f->get_choice("opponents_target", kTargeting).value_or("random"));
  p.strike_fallen = f->get_number("strike_fallen", 0.0, 1.0, 0.0);
  const std::string pick = f->get_choice("pick_up", kPickUp).value_or("at_once");
  p.pick_up = pick == "two_down"      ? fight::PickUp::TwoDown
              : pick == "after_fight" ? fight::PickUp::AfterFight
                                      : fight::PickUp::AtOnce;
  p.morale = f->get_number("morale", 0.01, 1.0, 1.0);
  p.retreat = f->get_number("retreat", 0.01, 1.0, 1.0);
  p.round_cap = static_cast<int>(f->get_int("round_cap", 1, kMaxRounds, 100));
  return p;
}

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

std::vector<PartyAttack> read_attacks(Reader& r, const char* example) {
  std::vector<Reader> tables = r.get_tables("attacks");
  if (tables.empty())
    r.fail_here("no attacks: every combatant attacks on its turn",
                std::string("add [[") + example + ".attacks]] with attack_bonus and damage");
  std::vector<PartyAttack> turn;
  for (size_t i = 0; i < tables.size(); ++i) {
    Reader& t = tables[i];
    PartyAttack a;
    a.name = t.get_string("name").value_or("attack " + std::to_string(i + 1));
    const bool bonus = t.has("attack_bonus");
    a.hit_chance = t.get_number("hit_chance", 0.0, 1.0);
    if (bonus == a.hit_chance.has_value())
      t.fail_here("give one of attack_bonus (a d20 against AC) and hit_chance (a fixed chance)",
                  "add attack_bonus = 5");
    if (bonus) a.attack_bonus = static_cast<int>(t.need_int("attack_bonus", -20, 40));
    if (a.hit_chance) a.crit_chance = t.get_number("crit_chance", 0.0, 1.0, 0.0);
    const Damage d = read_damage(t, vocabulary());
    a.damage = d.dice;
    a.crit_extra = dice_only(d.dice);
    a.melee = t.get_bool("melee", true);
    const size_t n = static_cast<size_t>(t.get_int("strikes", 1, 10, 1));
    turn.insert(turn.end(), n, a);
  }
  return turn;
}

std::string read_name(Reader& r, const std::string& fallback, bool member) {
  std::string n = member ? r.need_string("name") : r.get_string("name").value_or(fallback);
  const bool ok = !n.empty() && n.size() <= 24 && std::all_of(n.begin(), n.end(), [](char ch) {
    return std::islower(static_cast<unsigned char>(ch)) ||
           std::isdigit(static_cast<unsigned char>(ch)) || ch == '_';
  });
  if (member && !ok)
    r.fail("name", "a member's name names its columns: a-z, 0-9 and _, at most 24 characters",
           "name = \"cleric\"");
  return n;
}

Combatant read_member(Reader& r) {
  Combatant m;
  m.name = read_name(r, "", true);
  m.max_hp = static_cast<int>(r.need_int("max_hp", 1, 10000));
  m.ac = static_cast<int>(r.get_int("ac", 0, 40, 10));
  m.initiative = static_cast<int>(r.get_int("initiative", -10, 20, 0));
  m.temp_hp = static_cast<int>(r.get_int("temp_hp", 0, 10000, 0));
  m.attacks = read_attacks(r, "party");
  m.sneak_attack = r.get_dice("sneak_attack", 0, 1000);
  if (m.sneak_attack) m.sneak_crit = dice_only(*m.sneak_attack);
  if (auto h = r.get_table("heals")) {
    Heals hs;
    hs.dice = h->get_dice("dice", 0, 10000);
    hs.uses = static_cast<int>(h->get_int("uses", 0, 100, hs.dice ? 1 : 0));
    if (hs.uses > 0 && !hs.dice)
      h->fail("uses", "uses without dice: what does a use heal?", "add dice = \"1d4+3\"");
    hs.bonus_action = h->get_bool("bonus_action", true);
    hs.medicine = h->get_int("medicine", -5, 30);
    if (hs.uses == 0 && !hs.medicine)
      h->fail_here("a healer with nothing to heal with",
                   "add dice = \"1d4+3\" and uses = 4 (Healing Word), or medicine = 5");
    m.heals = hs;
  }
  return m;
}

Combatant read_opponent(Reader& r, size_t index) {
  Combatant o;
  o.name = read_name(r, "opponent " + std::to_string(index), false);
  if (!r.has("hp"))
    r.fail_here("an opponent of a party fight needs hp: the party can defeat it",
                "add hp = 42 and ac = 18; opponents that cannot be harmed are the "
                "single-character [[encounter.attackers]]");
  o.max_hp = static_cast<int>(r.need_int("hp", 1, 10000));
  o.ac = static_cast<int>(r.get_int("ac", 0, 40, 10));
  o.initiative = static_cast<int>(r.get_int("initiative", -10, 20, 0));
  o.player_rules = r.get_bool("player_rules", false);
  o.attacks = read_attacks(r, "opponents");
  return o;
}

}  // namespace

PartyConfig read_party(const Scenario& s, size_t v) {
  Reader r = s.section_reader(v);
  PartyConfig c;
  c.horizon = s.horizon;
  SeverityMap severity;
  c.options = read_rule_options(r, severity);
  if (c.options.lingering_injuries)
    r.fail_here("the party fight does not apply lingering injuries yet (issue 21)",
                "set lingering_injuries = false in [options]");
  // Asked of the file's table itself, not through the reader, so that the party template's
  // catalog does not list them; a variant's [character] is an unknown key all the same.
  for (const char* single : {"character", "encounter", "aftercare", "recovery"})
    if (r.table() && r.table()->contains(single))
      r.fail(single,
             "a party scenario gives [[party]], [[opponents]] and [fight]; this section is "
             "for the single [character]",
             "remove it, or remove [[party]]");
  c.policies = read_policies(r);
  std::vector<Reader> members = r.get_tables("party");
  if (members.size() > fight::kMaxMembers)
    members[fight::kMaxMembers].fail_here(
        "at most " + std::to_string(fight::kMaxMembers) + " members in a party",
        "split the party over two scenarios");
  for (Reader& m : members) {
    c.combatants.push_back(read_member(m));
    for (size_t k = 0; k + 1 < c.combatants.size(); ++k)
      if (c.combatants[k].name == c.combatants.back().name)
        m.fail("name", "two members named \"" + c.combatants.back().name + "\"",
               "give each member its own name");
  }
  c.members = c.combatants.size();
  std::vector<Reader> opponents = r.get_tables("opponents");
  if (opponents.empty())
    r.fail_here("a party fight needs opponents", "add [[opponents]] with hp, ac and attacks");
  for (size_t i = 0; i < opponents.size(); ++i) {
    const Combatant o = read_opponent(opponents[i], i + 1);
    const int count = static_cast<int>(opponents[i].get_int("count", 1, 30, 1));
    for (int k = 0; k < count; ++k) c.combatants.push_back(o);
    if (c.combatants.size() > fight::kMaxCombatants)
      opponents[i].fail("count",
                        "at most " + std::to_string(fight::kMaxCombatants) +
                            " combatants in a fight, members included",
                        "fewer opponents");
  }
  return c;
}

}  // namespace leth::dnd5e
