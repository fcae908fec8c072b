#include "rules/common/party_keys.h"

#include <algorithm>
#include <cctype>
#include <string_view>

#include "scenarios/encounter.h"

namespace leth::fight {

namespace {

const std::vector<std::string> kTargeting = {"random", "weakest", "last_hitter", "healers_first"};
const std::vector<std::string> kPickUp = {"at_once", "two_down", "after_fight"};

Targeting targeting(const std::string& t) {
  return t == "weakest"         ? Targeting::Weakest
         : t == "last_hitter"   ? Targeting::LastHitter
         : t == "healers_first" ? Targeting::HealersFirst
                                : Targeting::Random;
}

}  // namespace

const char* policies_template() {
  return R"([fight]                          # the policies (docs/parties.md)
party_targets = "random"         # "weakest", "last_hitter", "healers_first"
opponents_target = "random"
strike_fallen = 0.0              # before each opponent's attack: chance it strikes a fallen member
pick_up = "at_once"              # "two_down", "after_fight"
morale = 1.0                     # opponents flee once this share of them is down (1: never)
retreat = 1.0                    # the party withdraws once this share of it is down (1: never)
round_cap = 100
)";
}

Policies read_policies(Reader& r) {
  Policies p;
  auto f = r.get_table("fight");
  if (!f) return p;
  p.party_targets = targeting(f->get_choice("party_targets", kTargeting).value_or("random"));
  p.opponents_target = targeting(f->get_choice("opponents_target", kTargeting).value_or("random"));
  p.strike_fallen = f->get_number("strike_fallen", 0.0, 1.0, 0.0);
  const std::string pick = f->get_choice("pick_up", kPickUp).value_or("at_once");
  p.pick_up = pick == "two_down"      ? PickUp::TwoDown
              : pick == "after_fight" ? PickUp::AfterFight
                                      : PickUp::AtOnce;
  p.morale = f->get_number("morale", 0.01, 1.0, 1.0);
  p.retreat = f->get_number("retreat", 0.01, 1.0, 1.0);
  p.round_cap = static_cast<int>(f->get_int("round_cap", 1, kMaxRounds, 100));
  return p;
}

std::string read_member_name(Reader& member) {
  std::string n = member.need_string("name");
  const bool ok = !n.empty() && n.size() <= 24 && std::all_of(n.begin(), n.end(), [](char ch) {
    return std::islower(static_cast<unsigned char>(ch)) ||
           std::isdigit(static_cast<unsigned char>(ch)) || ch == '_';
  });
  if (!ok)
    member.fail("name", "a member's name names its columns: a-z, 0-9 and _, at most 24 characters",
                "name = \"cleric\"");
  return n;
}

PartyTables read_party_tables(Reader& r, const char* health, const char* keeps) {
  // Asked of the file's table itself, not through the reader, so that a party template's
  // catalog does not list them; a variant's [character] is an unknown key all the same.
  for (const char* single : {"character", "encounter", "aftercare", "recovery"})
    if ((!keeps || std::string_view(single) != keeps) && r.table() && r.table()->contains(single))
      r.fail(single,
             "a party scenario gives [[party]], [[opponents]] and [fight]; this section is "
             "for the single [character]",
             "remove it, or remove [[party]]");
  PartyTables t{r.get_tables("party"), r.get_tables("opponents")};
  if (t.members.size() > kMaxMembers)
    t.members[kMaxMembers].fail_here(
        "at most " + std::to_string(kMaxMembers) + " members in a party",
        "split the party over two scenarios");
  if (t.opponents.empty())
    r.fail_here("a party fight needs opponents",
                std::string("add [[opponents]] with ") + health + " and attacks");
  t.untouchable = untouchable_kinds(t.opponents, health);
  return t;
}

bool untouchable_kinds(std::vector<Reader>& opponents, const char* health) {
  const bool untouchable = !opponents.front().has(health);
  const std::string h = health;
  for (Reader& o : opponents)
    if (o.has(health) == untouchable)
      o.fail_here(
          "this [[opponents]] kind gives " + (untouchable ? h : "no " + h) + ", the first one " +
              (untouchable ? "does not" : "does") + ": opponents are all defeatable (each with " +
              h + ") or all cannot be harmed (none with " + h + ", each leaving after its rounds)",
          untouchable ? "remove " + h + ", and give this kind rounds = 3"
                      : "add " + h + " to this kind");
  // rounds is for opponents who cannot be harmed; asked of the file's table itself, as above,
  // so that the catalog does not list it for opponents with health.
  if (!untouchable)
    for (Reader& o : opponents)
      if (o.table() && o.table()->contains("rounds"))
        o.fail("rounds",
               "rounds is for opponents who cannot be harmed (without " + h +
                   "), who leave after them; this kind has " + h + ": the party can defeat it",
               "remove rounds: the fight ends when a side is down, dead or fled, or at [fight] "
               "round_cap");
  return untouchable;
}

void check_member_name(Reader& member, const std::vector<std::string>& names) {
  for (size_t k = 0; k + 1 < names.size(); ++k)
    if (names[k] == names.back())
      member.fail("name", "two members named \"" + names.back() + "\"",
                  "give each member its own name");
}

int read_opponent_count(Reader& opponent, size_t combatants) {
  const int count = static_cast<int>(opponent.get_int("count", 1, 30, 1));
  if (combatants + static_cast<size_t>(count) > kMaxCombatants)
    opponent.fail(
        "count",
        "at most " + std::to_string(kMaxCombatants) + " combatants in a fight, members included",
        "fewer opponents");
  return count;
}

Dice read_opponent_rounds(Reader& opponent) {
  if (!opponent.has("rounds"))
    opponent.fail_here(
        "an opponent that cannot be harmed (no health given) leaves after its rounds: how many?",
        "add rounds = 3 or rounds = \"1d4+1\", or give it health so the party can defeat it");
  return opponent.need_dice("rounds", 1, kMaxRounds);
}

std::vector<Reader> read_attack_tables(Reader& combatant, const char* example, const char* needs) {
  std::vector<Reader> tables = combatant.get_tables("attacks");
  if (tables.empty())
    combatant.fail_here("no attacks: every combatant attacks on its turn",
                        std::string("add [[") + example + ".attacks]] with " + needs);
  return tables;
}

HitKeys read_hit_keys(Reader& t, int max_dc, const std::string& save_kind, int example_bonus) {
  HitKeys h;
  h.bonus = t.has("attack_bonus");
  h.hit_chance = t.get_number("hit_chance", 0.0, 1.0);
  h.save_dc = static_cast<int>(t.get_int("save_dc", 1, max_dc).value_or(0));
  if (h.bonus && h.hit_chance)
    t.fail("hit_chance", "both attack_bonus and hit_chance: an attack hits by one of them",
           "remove hit_chance to roll with attack_bonus, or attack_bonus for a fixed chance");
  if (h.save_dc > 0 && (h.bonus || h.hit_chance))
    t.fail("save_dc",
           std::string("both save_dc and ") + (h.bonus ? "attack_bonus" : "hit_chance") +
               ": an attack is an attack roll or " + save_kind,
           h.bonus ? "remove attack_bonus to make it a saving throw" : "remove hit_chance");
  if (!h.bonus && !h.hit_chance && h.save_dc == 0)
    t.fail_here("give one of attack_bonus (a d20 against AC), hit_chance (a fixed chance) and "
                "save_dc (" + save_kind + ")",
                "add attack_bonus = " + std::to_string(example_bonus));
  return h;
}

std::string read_attack_name(Reader& attack, size_t i) {
  return attack.get_string("name").value_or("attack " + std::to_string(i + 1));
}

}  // namespace leth::fight
