// Reads a pf2 party scenario: [fight] (the policies), [[party]] members and [[opponents]], with
// pf2's [options] read as for one character. docs/parties.md lists the keys every ruleset
// shares; rules/pf2/README.md ("The party fight") pf2's own and what each does.
#include <algorithm>
#include <cctype>

#include "rules/pf2/party.h"
#include "scenarios/reader.h"

namespace leth::pf2 {

namespace {

// The policies' keys as dnd5e's party reads them (rules/dnd5e/party_config.cpp): one meaning
// in every ruleset (docs/parties.md).
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

// A turn's Strikes, in order; `limit`: a member's three actions, a creature's four (quickened).
std::vector<PartyAttack> read_attacks(Reader& r, const char* example, size_t limit) {
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
                  "add attack_bonus = 9");
    if (bonus) a.attack_bonus = static_cast<int>(t.need_int("attack_bonus", -20, 80));
    if (a.hit_chance) a.crit_chance = t.get_number("crit_chance", 0.0, 1.0, 0.0);
    const Damage d = read_damage(t, vocabulary());
    a.damage = d.dice;
    a.damage_type = d.type;
    a.map = t.get_bool("agile", false) ? kAgileMapStep : kMapStep;
    // Accepted for scenarios shared with dnd5e; in pf2 the fallen's -4 AC and off-guard hold
    // against every attack, melee or not (README, the party fight).
    (void)t.get_bool("melee", true);
    const size_t n = static_cast<size_t>(t.get_int("strikes", 1, 4, 1));
    if (turn.size() + n > limit)
      t.fail(t.has("strikes") ? "strikes" : "damage",
             std::to_string(turn.size() + n) + " Strikes in one turn",
             std::string("a turn has ") + (limit == 3 ? "3 actions" : "4 actions if quickened") +
                 ", one per Strike: drop an attack or lower its strikes");
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

// The keys a member and an opponent share.
void read_block(Reader& r, Combatant& k) {
  k.level = static_cast<int>(r.get_int("level", 1, 20, 1));
  k.ac = static_cast<int>(r.get_int("ac", 0, 80, 10));
  k.initiative = static_cast<int>(r.get_int("initiative", -10, 50, 0));
  k.fortitude = static_cast<int>(r.get_int("fortitude", -10, 50, 0));
  k.dc = r.get_int("dc", 0, 80);
}

Combatant read_member(Reader& r) {
  Combatant m;
  m.name = read_name(r, "", true);
  m.max_hp = static_cast<int>(r.need_int("max_hp", 1, 10000));
  read_block(r, m);
  m.con = static_cast<int>(r.get_int("con", -5, 10, 0));
  m.temp_hp = static_cast<int>(r.get_int("temp_hp", 0, 10000, 0));
  m.hero_points = static_cast<int>(r.get_int("hero_points", 0, 3, 0));
  m.wounded = static_cast<int>(r.get_int("wounded", 0, 3, 0));
  m.doomed = static_cast<int>(r.get_int("doomed", 0, 3, 0));
  m.attacks = read_attacks(r, "party", kActionsPerTurn);
  if (auto h = r.get_table("heals")) {
    Heals hs;
    hs.dice = h->get_dice("dice", 0, 10000);
    hs.uses = static_cast<int>(h->get_int("uses", 0, 100, hs.dice ? 1 : 0));
    if (hs.uses > 0 && !hs.dice)
      h->fail("uses", "uses without dice: what does a Heal restore?", "add dice = \"1d8\"");
    hs.actions = static_cast<int>(h->get_int("actions", 1, 2, 2));
    hs.medicine = h->get_int("medicine", -10, 60);
    if (hs.uses == 0 && !hs.medicine)
      h->fail_here("a healer with nothing to heal with",
                   "add dice = \"1d8\", uses = 3 and actions = 1 (Heal), or medicine = 9 "
                   "(Administer First Aid)");
    m.heals = hs;
  }
  return m;
}

Combatant read_opponent(Reader& r, size_t index) {
  Combatant o;
  o.name = read_name(r, "opponent " + std::to_string(index), false);
  if (!r.has("hp"))
    r.fail_here("an opponent of a party fight needs hp: the party can defeat it",
                "add hp = 45 and ac = 19; opponents that cannot be harmed are the "
                "single-character [[encounter.attackers]]");
  o.max_hp = static_cast<int>(r.need_int("hp", 1, 10000));
  read_block(r, o);
  o.player_rules = r.get_bool("player_rules", false);
  o.attacks = read_attacks(r, "opponents", kMaxStrikesPerTurn);
  return o;
}

}  // namespace

PartyConfig read_party(const Scenario& s, size_t v) {
  Reader r = s.section_reader(v);
  PartyConfig c;
  c.horizon = s.horizon;
  c.options = read_rule_options(r);
  for (const char* single : {"character", "encounter", "aftercare", "recovery"})
    if (r.has(single))
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
  bool player_rules_opponent = false;
  const bool fortitude = c.options.recovery_check == RecoveryCheck::Fortitude;
  for (size_t i = 0; i < opponents.size(); ++i) {
    const Combatant o = read_opponent(opponents[i], i + 1);
    // 004 "Jets de récupération": the recovery save is against the DC of whoever knocked the
    // creature out ("utilisez le DD de classe de l'attaquant"; monsters: a high DC for their
    // level).
    if (fortitude && !o.dc)
      opponents[i].fail_here("missing key 'dc'",
                             "with recovery_check = \"fortitude\" (seed 004) a member's recovery "
                             "save is against the DC of what knocked it out: add dc = <the "
                             "creature's high DC for its level>, or recovery_check = \"flat\"");
    player_rules_opponent = player_rules_opponent || o.player_rules;
    const int count = static_cast<int>(opponents[i].get_int("count", 1, 30, 1));
    for (int k = 0; k < count; ++k) c.combatants.push_back(o);
    if (c.combatants.size() > fight::kMaxCombatants)
      opponents[i].fail("count",
                        "at most " + std::to_string(fight::kMaxCombatants) +
                            " combatants in a fight, members included",
                        "fewer opponents");
  }
  if (fortitude && player_rules_opponent)
    for (size_t m = 0; m < c.members; ++m)
      if (!c.combatants[m].dc)
        members[m].fail_here("missing key 'dc'",
                             "an opponent with player_rules = true makes recovery saves against "
                             "the class DC of the member who knocked it out: add dc = <class "
                             "DC>, or recovery_check = \"flat\"");
  return c;
}

}  // namespace leth::pf2
