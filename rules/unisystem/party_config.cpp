// Reads a unisystem party scenario: [fight] (the policies), [[party]] members and [[opponents]],
// with unisystem's [options] and [recovery] read as for one character. docs/parties.md lists the
// keys every ruleset shares; rules/unisystem/README.md ("The party fight") unisystem's own.
#include "rules/common/party_keys.h"
#include "rules/unisystem/party.h"
#include "rules/unisystem/roll.h"
#include "scenarios/reader.h"

namespace leth::unisystem {

namespace {

// A turn's attacks, in order (Muldoon's two shots are two attacks).
std::vector<PartyAttack> read_attacks(Reader& r, const char* example) {
  std::vector<Reader> tables = fight::read_attack_tables(r, example);
  std::vector<PartyAttack> turn;
  for (size_t i = 0; i < tables.size(); ++i) {
    Reader& t = tables[i];
    PartyAttack a;
    read_no_crit_chance(t);
    const bool bonus = t.has("attack_bonus");
    a.hit_chance = t.get_number("hit_chance", 0.0, 1.0);
    if (bonus && a.hit_chance)
      t.fail("hit_chance", "both attack_bonus and hit_chance: an attack hits by one of them",
             "remove hit_chance to roll with attack_bonus, or attack_bonus for a fixed chance");
    if (bonus == a.hit_chance.has_value())
      t.fail_here(
          "give one of attack_bonus (D10 + attack_bonus >= 9) and hit_chance (a fixed "
          "chance of one hit)",
          "add attack_bonus = 5 (Dex + skill + modifiers)");
    const Damage d = read_damage(t, vocabulary());
    std::string name = t.get_string("name").value_or("attack " + std::to_string(i + 1));
    a.profile = read_profile(t, std::move(name), d.dice, d.type, a.hit_chance.has_value());
    if (a.hit_chance && a.profile.burst > 1)
      t.fail("burst", "a burst with hit_chance: a fixed chance lands one hit",
             "give attack_bonus for a burst, or remove burst");
    a.armor_applies = t.get_bool("armor_applies", true);
    turn.push_back(std::move(a));
  }
  return turn;
}

// The keys a member and an opponent share.
void read_block(Reader& r, Combatant& k, const char* hp_key, const char* example) {
  const std::vector<std::string> ids = creature_ids();
  k.creature = find_creature(r.get_choice("creature", ids).value_or("human"));
  k.max_hp = static_cast<int>(r.need_int(hp_key, 1, 100000));
  k.con = static_cast<int>(r.get_int("con", 0, 20, 2));
  k.will = static_cast<int>(r.get_int("will", 0, 20, 2));
  k.first_aid = static_cast<int>(r.get_int("first_aid", -1, 40, -1));
  k.initiative = static_cast<int>(r.get_int("initiative", -50, 50, 0));
  if (auto a = r.get_dice("armor", 0, 100000)) k.armor = *a;
  // 000 "Perte de points d'endurance": endurance lost to lack of sleep before the fight; at
  // 5 or less the combatant is groggy. The endurance test at 0 or less is not in the party
  // fight.
  k.endurance_tracked = k.creature->endurance.rule != Rate::Rule::None;
  const int endurance = static_cast<int>(r.get_int("endurance", 1, 100000, 30));
  const int awake = static_cast<int>(r.get_int("hours_awake", 0, 1000, 0));
  k.endurance = endurance - (k.endurance_tracked ? awake_loss(awake) : 0);
  if (k.endurance <= 0)
    r.fail("hours_awake",
           "endurance " + std::to_string(k.endurance) +
               " at the fight: the endurance test at 0 or less is not in the party fight",
           "fewer hours_awake, or more endurance");
  k.attacks = read_attacks(r, example);
}

}  // namespace

PartyConfig read_party(const Scenario& s, size_t v) {
  Reader r = s.section_reader(v);
  PartyConfig c;
  c.horizon = s.horizon;
  c.options = read_rule_options(r);
  if (c.options.cinematic)
    r.get_table("options")->fail("cinematic",
                                 "cinematic is not in the party fight: its attacks are all lethal",
                                 "remove cinematic (and realism)");
  c.policies = fight::read_policies(r);
  fight::PartyTables tables = fight::read_party_tables(r, "hp", "recovery");
  // The single character's [recovery] care (README, the party fight: the rest): "medical"
  // puts every survivor under care from the end of the fight; the default, with no hospital
  // in a party fight, is "none" — the daily survival tests below 0 — as for one character.
  // care_after: the survivors reach that care this long after the fight's end (a party that
  // carries its wounded to a hospital); the days begun before it are days without care.
  if (auto rec = r.get_table("recovery")) {
    c.medical_care = rec->get_choice("care", {"medical", "none"}).value_or("none") == "medical";
    if (auto a = rec->get_fixed_duration("care_after", Scenario::kMaxHorizon, "\"3 days\"")) {
      if (!c.medical_care)
        rec->fail("care_after", "care_after without care = \"medical\": what care arrives?",
                  "add care = \"medical\"");
      if (c.options.house_rule)
        r.get_table("options")->fail(
            "house_rule",
            "house_rule makes the survivors' self-care medical care from the fight's end, so "
            "care_after would change nothing",
            "remove house_rule, or care_after");
      c.care_after = *a;
    }
  }
  auto member = [](Reader& m) {
    Combatant k;
    k.name = fight::read_member_name(m);
    read_block(m, k, "max_hp", "party");
    return k;
  };
  auto opponent = [](Reader& o, size_t i) {
    Combatant k;
    k.name = o.get_string("name").value_or("opponent " + std::to_string(i));
    if (!o.has("hp")) {  // it cannot be harmed (docs/parties.md): only its attacks count
      k.creature = find_creature("human");
      k.max_hp = 1;
      k.initiative = static_cast<int>(o.get_int("initiative", -50, 50, 0));
      k.attacks = read_attacks(o, "opponents");
      return k;
    }
    read_block(o, k, "hp", "opponents");
    return k;
  };
  c.members = fight::read_lineup(tables, c.combatants, member, opponent, c.policies);
  c.day = fight::read_day<Combatant>(r, c.members, c.policies, opponent);
  return c;
}

}  // namespace leth::unisystem
