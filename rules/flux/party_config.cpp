// Reads a flux party scenario: [options] and [resolution] as for one character, [fight] (the
// policies and the scene), [[party]] members (a [character]'s stat block, attacks, heals),
// [[opponents]] and [day] (rules/common/day.h). docs/parties.md lists the keys every ruleset
// shares; rules/flux/README.md ("The party fight") flux's own and what each does.
#include <optional>
#include <string>
#include <vector>

#include "rules/common/party_keys.h"
#include "rules/flux/party.h"
#include "scenarios/reader.h"

namespace leth::flux {

namespace {

// 002 "Ébranlé : ... perte de 3 PA."
constexpr int kShakenPa = 3;

// A member's powers (docs/parties.md, flux's own keys; README, the party fight, 11): an attack's
// `flux_cost`, `keep` and `instead_of`, in `turn` (table i's strikes start at firsts[i]).
void read_powers(std::vector<Reader>& tables, const std::vector<size_t>& firsts,
                 std::vector<PartyAttack>& turn, Combatant& owner) {
  std::vector<std::optional<std::string>> instead_of(tables.size());
  for (size_t i = 0; i < tables.size(); ++i) {
    Reader& t = tables[i];
    const std::optional<int64_t> cost = t.get_int("flux_cost", 1, 100);
    const std::optional<int64_t> keep = t.get_int("keep", 0, 100);
    instead_of[i] = t.get_string("instead_of");
    if (!cost) {
      if (keep || instead_of[i])
        t.fail(keep ? "keep" : "instead_of",
               "an attack without flux_cost is made every turn: nothing to keep or replace",
               "add flux_cost = 2 (the Flux the power costs)");
      continue;
    }
    if (owner.powers == Combatant::kMaxPowers)
      t.fail("flux_cost", "more than " + std::to_string(Combatant::kMaxPowers) +
                              " powers that cost Flux in one member",
             "keep four");
    const size_t p = owner.powers++;
    owner.power_cost[p] = static_cast<uint8_t>(*cost);
    owner.power_keep[p] = static_cast<uint8_t>(keep.value_or(0));
    const size_t end = i + 1 < firsts.size() ? firsts[i + 1] : turn.size();
    for (size_t a = firsts[i]; a < end; ++a) turn[a].power = static_cast<int8_t>(p);
  }
  fight::read_instead_of(tables, firsts, turn, instead_of, &PartyAttack::power, "a Flux cost");
}

// `owner`: the member whose attacks these are (its powers), nullptr for an opponent's.
std::vector<PartyAttack> read_attacks(Reader& r, const char* example, int difficulty,
                                      Combatant* owner = nullptr) {
  std::vector<Reader> tables = fight::read_attack_tables(r, example);
  std::vector<PartyAttack> turn;
  std::vector<size_t> firsts;  // table i's first strike in the turn
  for (size_t i = 0; i < tables.size(); ++i) {
    firsts.push_back(turn.size());
    Reader& t = tables[i];
    PartyAttack a;
    a.name = fight::read_attack_name(t, i);
    const bool bonus = t.has("attack_bonus");
    a.hit_chance = t.get_number("hit_chance", 0.0, 1.0);
    if (bonus && a.hit_chance)
      t.fail("hit_chance", "both attack_bonus and hit_chance: an attack hits by one of them",
             "remove hit_chance to roll with attack_bonus, or attack_bonus for a fixed chance");
    if (bonus == a.hit_chance.has_value())
      t.fail_here(
          "give one of attack_bonus (a d20 test against the difficulty) and hit_chance (a "
          "fixed chance)",
          "add attack_bonus = 5 (the stat and the skill added to the d20)");
    if (bonus) {
      a.attack_bonus = static_cast<int>(t.need_int("attack_bonus", -100, 200));
      a.difficulty = static_cast<int>(t.get_int("difficulty", -100, 200, difficulty));
    }
    a.damage = read_damage(t, vocabulary()).dice;
    const size_t n = static_cast<size_t>(t.get_int("strikes", 1, 10, 1));
    turn.insert(turn.end(), n, a);
  }
  if (owner) read_powers(tables, firsts, turn, *owner);
  return turn;
}

Combatant read_member(Reader& r, int difficulty) {
  Combatant m;
  m.name = fight::read_member_name(r);
  const Character ch = read_character(r);
  for (State s : {State::Hindered, State::Paralysed, State::Surprised})
    if (ch.states[static_cast<size_t>(s)])
      r.fail("states", std::string("the party fight does not apply \"") + state_name(s) + "\" yet",
             "give shaken, exhausted or immobilised, or none");
  m.max_pv = ch.max_pv;
  m.pv = ch.pv;
  m.max_flux = ch.max_flux;
  m.flux = ch.flux;
  m.stats = ch.stats;
  m.survival = ch.survival;
  m.sequelae = ch.sequelae;
  const bool shaken = ch.states[static_cast<size_t>(State::Shaken)];
  m.pa = std::max(0, ch.pa - (shaken ? kShakenPa : 0));
  m.exhausted = ch.states[static_cast<size_t>(State::Exhausted)];
  m.immobilised = ch.states[static_cast<size_t>(State::Immobilised)];
  m.initiative = static_cast<int>(r.get_int("initiative", -100, 200, 0));
  m.attacks = read_attacks(r, "party", difficulty, &m);
  if (auto h = r.get_table("heals")) {
    Heals hs;
    hs.medicine = h->get_int("medicine", -100, 200);
    hs.equipment = h->get_bool("equipment", true);
    hs.attempts_per_hour = static_cast<int>(h->get_int("attempts_per_hour", 1, 60, 1));
    hs.concoction = h->get_dice("concoction", 0, 1000);
    hs.uses = static_cast<int>(h->get_int("concoction_uses", 0, 100, hs.concoction ? 1 : 0));
    if (hs.uses > 0 && !hs.concoction)
      h->fail("concoction_uses", "concoction_uses without concoction",
              "add concoction = \"2d4\" (the PV it restores)");
    // A concoction named with none left (concoction_uses = 0) is a healer turned off, as a
    // variant writes it (docs/parties.md).
    if (hs.uses == 0 && !hs.concoction && !(hs.medicine && hs.equipment))
      h->fail_here("a healer with nothing to heal with",
                   hs.medicine ? "002: stabilising needs \"matériel adapté\": equipment = true, "
                                 "or add concoction = \"2d4\""
                               : "add medicine = 5 (ESP + Médecine), or concoction = \"2d4\"");
    m.heals = hs;
  }
  return m;
}

Combatant read_opponent(Reader& r, size_t index, int difficulty) {
  Combatant o;
  o.name = r.get_string("name").value_or("opponent " + std::to_string(index));
  o.max_flux = o.flux = 1;  // never exhausted by its Flux: opponents do not spend it
  if (!r.has("pv")) {       // it cannot be harmed (docs/parties.md): only its attacks count
    o.max_pv = o.pv = 1;
    o.player_rules = false;
    o.initiative = static_cast<int>(r.get_int("initiative", -100, 200, 0));
    o.attacks = read_attacks(r, "opponents", difficulty);
    return o;
  }
  o.max_pv = o.pv = static_cast<int>(r.need_int("pv", 1, 10000));
  o.pa = static_cast<int>(r.get_int("pa", 0, 1000, 0));
  o.stats[kVai] = static_cast<int>(r.get_int("vai", -10, 100, 0));
  o.survival = static_cast<int>(r.get_int("survival", -20, 100, 0));
  o.initiative = static_cast<int>(r.get_int("initiative", -100, 200, 0));
  o.player_rules = r.get_bool("player_rules", false);
  o.attacks = read_attacks(r, "opponents", difficulty);
  return o;
}

}  // namespace

PartyConfig read_party(const Scenario& s, size_t v) {
  (void)sequela_table();  // read (and a bad replacement reported) at load, never mid-run
  Reader r = s.section_reader(v);
  PartyConfig c;
  c.horizon = s.horizon;
  c.options = read_rule_options(r);
  c.resolution = read_resolution(r);
  c.policies = fight::read_policies(r);
  // The coma's hours run after the fight on their own clock (README, the party fight, 9):
  // no aftermath rounds.
  c.policies.aftermath_cap = 0;
  if (auto f = r.get_table("fight"))
    if (auto sc = f->get_fixed_duration("scene", kDay, "\"10 minutes\"")) c.scene = *sc;
  fight::PartyTables tables = fight::read_party_tables(r, "pv");
  const int dc = c.resolution.difficulty;
  auto opponent = [dc](Reader& o, size_t i) { return read_opponent(o, i, dc); };
  c.members = fight::read_lineup(
      tables, c.combatants, [dc](Reader& m) { return read_member(m, dc); }, opponent,
      c.policies);
  c.day = fight::read_day<Combatant>(r, c.members, c.policies, opponent, "pv");
  return c;
}

}  // namespace leth::flux
