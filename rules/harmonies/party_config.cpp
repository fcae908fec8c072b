// Reads a harmonies party scenario: [fight] (the policies), [[party]] members and [[opponents]],
// with harmonies' [options] read as for one character. docs/parties.md lists the keys every
// ruleset shares; rules/harmonies/README.md ("The party fight") harmonies' own and what each does.
#include "rules/common/party_keys.h"
#include "rules/harmonies/party.h"
#include "scenarios/reader.h"

namespace leth::harmonies {

namespace {

constexpr const char* kLevelKeys[kLevels] = {"light", "grave", "critical"};

std::vector<PartyAttack> read_attacks(Reader& r, const char* example) {
  std::vector<Reader> tables =
      fight::read_attack_tables(r, example, "skill, grave_at and critical_at");
  std::vector<PartyAttack> turn;
  for (size_t i = 0; i < tables.size(); ++i) {
    Reader& t = tables[i];
    PartyAttack a;
    a.name = fight::read_attack_name(t, i);
    a.skill = t.get_int("skill", -30, 30);
    const bool chance = t.has("hit_chance");
    if (a.skill && chance)
      t.fail("hit_chance", "both skill and hit_chance: an attack hits by one of them",
             "remove hit_chance to roll with skill, or skill (and grave_at, critical_at) for a "
             "fixed chance");
    if (a.skill.has_value() == chance)
      t.fail_here(
          "give one of skill (a ±d10 test against the defence) and hit_chance (a fixed "
          "chance)",
          "add skill = 5 with grave_at = 5 and critical_at = 8");
    if (a.skill) {
      a.grave_at = static_cast<int>(t.need_int("grave_at", 1, 100));
      a.critical_at = static_cast<int>(t.need_int("critical_at", 1, 100));
      if (a.critical_at <= a.grave_at)
        t.fail("critical_at",
               "critical_at " + std::to_string(a.critical_at) + " is not above grave_at " +
                   std::to_string(a.grave_at),
               "a margin of grave_at or more is grave, of critical_at or more critical");
    } else {
      a.hit_chance = *t.get_number("hit_chance", 0.0, 1.0);
      auto wound = t.get_table("wound");
      if (!wound)
        t.fail_here("a hit_chance without the wound a hit inflicts",
                    "add wound = { light = 0.6, grave = 0.3, critical = 0.1 }");
      double sum = 0;
      for (int l = 0; l < kLevels; ++l) {
        sum += wound->get_number(kLevelKeys[l], 0.0, 1.0, 0.0);
        a.chances[static_cast<size_t>(l)] = sum;
      }
      if (sum > 1.0 + 1e-9)
        wound->fail_here("the chances of a light, grave and critical wound add up to more than 1",
                         "they are the chances per hit; what is left is a hit without a wound");
    }
    const size_t n = static_cast<size_t>(t.get_int("strikes", 1, kMaxStrikes, 1));
    if (turn.size() + n > static_cast<size_t>(kMaxStrikes))
      t.fail(t.has("strikes") ? "strikes" : "name",
             std::to_string(turn.size() + n) + " attacks in one turn",
             "at most " + std::to_string(kMaxStrikes) + " a turn");
    turn.insert(turn.end(), n, a);
  }
  return turn;
}

// The keys a member and an opponent share (the single character's, where it has them).
void read_block(Reader& r, Combatant& k) {
  k.initiative = static_cast<int>(r.get_int("initiative", -10, 20, 0));
  k.survival = static_cast<int>(r.need_int("survival", -30, 30));
  k.fainting = static_cast<int>(r.get_int("fainting", -30, 30, k.survival));
  k.defence = static_cast<int>(r.get_int("defence", -30, 30, 0));
  const WoundTable& wt = wound_table();
  auto caps = r.get_table("caps");
  for (int l = 0; l < kLevels; ++l) {
    const size_t i = static_cast<size_t>(l);
    k.caps[i] =
        caps ? static_cast<int>(caps->get_int(kLevelKeys[l], 0, kMaxCap, wt[i].max)) : wt[i].max;
  }
  if (auto d = r.get_duration("faint_duration", 30 * kDay)) k.faint_duration = *d;
  k.effort_worsening = r.get_number("effort_worsening", 0.0, 1.0, 0.0);
}

Combatant read_member(Reader& r) {
  Combatant m;
  m.name = fight::read_member_name(r);
  read_block(r, m);
  m.attacks = read_attacks(r, "party");
  if (auto h = r.get_table("heals")) {
    if (!h->has("first_aid") && !h->has("healing"))
      h->fail_here("a healer with nothing to heal with",
                   "add first_aid = 3 (its first-aid level: it stabilises the fallen) or "
                   "healing = -2 (its level for the healing rolls of the rest)");
    m.first_aid = h->get_int("first_aid", -30, 30);
    m.healing = h->get_int("healing", -30, 30);
  }
  return m;
}

Combatant read_opponent(Reader& r, size_t index) {
  Combatant o;
  o.name = r.get_string("name").value_or("opponent " + std::to_string(index));
  if (!r.has("survival")) {  // it cannot be harmed (docs/parties.md): only its attacks count
    o.player_rules = false;
    o.initiative = static_cast<int>(r.get_int("initiative", -10, 20, 0));
    o.attacks = read_attacks(r, "opponents");
    return o;
  }
  read_block(r, o);
  o.player_rules = r.get_bool("player_rules", false);
  o.attacks = read_attacks(r, "opponents");
  return o;
}

// [rest]: the survivors' therapeutic rest (README, the party fight, reading 10); the single
// character's keys of the same names, ranges and defaults ([aftercare] neglect and equipment,
// [recovery] pain_recovery: config.cpp).
PartyRest read_rest(Reader& r) {
  PartyRest rest;
  auto t = r.get_table("rest");
  if (!t) return rest;
  rest.neglect = t->get_number("neglect", 0.0, 1.0, 0.0);
  rest.equipment = static_cast<int>(t->get_int("equipment", -30, 0, 0));
  if (auto d = t->get_fixed_duration("pain_recovery", 52 * kWeek, "\"1 hour\"", 1))
    rest.pain_every = *d;
  return rest;
}

}  // namespace

PartyConfig read_party(const Scenario& s, size_t v) {
  Reader r = s.section_reader(v);
  PartyConfig c;
  c.horizon = s.horizon;
  c.options = read_rule_options(r);
  c.policies = fight::read_policies(r);
  c.rest = read_rest(r);
  fight::PartyTables tables = fight::read_party_tables(r, "survival");
  c.members = fight::read_lineup(tables, c.combatants, read_member, read_opponent, c.policies);
  c.day = fight::read_day<Combatant>(r, c.members, c.policies, read_opponent, "survival");
  return c;
}

}  // namespace leth::harmonies
