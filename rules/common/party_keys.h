// The keys every ruleset's party scenario reads the same way (docs/parties.md): the [fight]
// policies, a member's name, the shape of [[party]] and [[opponents]] (how many, the single
// character's sections refused), an opponent kind's count. A ruleset reads each member's and
// opponent's stat block itself, between these calls.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "rules/common/fight.h"
#include "rules/common/party_report.h"
#include "scenarios/reader.h"

namespace leth::fight {

// [fight]: the policies, each at its default when absent.
Policies read_policies(Reader& r);
// The same, commented, for a ruleset's `--party --template`: every key at its default.
const char* policies_template();

// A member's `name` (required; a-z, 0-9, _, at most 24: it names the member's columns).
std::string read_member_name(Reader& member);

// The scenario's [[party]] (1 to kMaxMembers) and [[opponents]] (at least one), after refusing
// the single character's sections ([character], [encounter], [aftercare], [recovery]) but
// `keeps`, one the ruleset's party reads itself (unisystem: "recovery").
// `health` is the ruleset's key of an opponent's health (5e "hp"): a kind without it cannot be
// harmed; a table that mixes kinds with and without it is a located error.
struct PartyTables {
  std::vector<Reader> members;
  std::vector<Reader> opponents;
  bool untouchable = false;  // no opponent gives `health`
};
PartyTables read_party_tables(Reader& r, const char* health, const char* keeps = nullptr);

// Whether the kinds of one fight's opponents cannot be harmed (none gives `health`), checked:
// all give it or none does (a located error), and `rounds` only without it.
bool untouchable_kinds(std::vector<Reader>& opponents, const char* health);

// Refuses a member named as one before it: `names` are the members read so far, the last one
// being the member of `member`.
void check_member_name(Reader& member, const std::vector<std::string>& names);

// An opponent kind's `count` (1..30), refused when it takes the fight past kMaxCombatants with
// the `combatants` there already.
int read_opponent_count(Reader& opponent, size_t combatants);

// A combatant's [[<example>.attacks]] tables, one turn's in order; none is a located error
// whose suggestion names the keys an attack `needs`.
std::vector<Reader> read_attack_tables(Reader& combatant, const char* example,
                                       const char* needs = "attack_bonus and damage");
// The i-th (from 0) attack's `name`, "attack <i + 1>" when absent.
std::string read_attack_name(Reader& attack, size_t i);
// How an attack hits (dnd5e, pf2): exactly one of `attack_bonus` (a d20 against AC; read by the
// caller, its range the ruleset's), `hit_chance` (a fixed chance) and `save_dc` (1..max_dc: the
// targets' saving throw, `save_kind` in the errors). `example_bonus` goes in the suggestion.
struct HitKeys {
  bool bonus = false;
  std::optional<double> hit_chance;
  int save_dc = 0;
};
HitKeys read_hit_keys(Reader& attack, int max_dc, const std::string& save_kind,
                      int example_bonus);

// An untouchable kind's `rounds` (required; dice or a whole number, 1..kMaxRounds): it strikes
// in rounds 1 to rounds, drawn once a trial, then leaves.
Dice read_opponent_rounds(Reader& opponent);

// One fight's opponents: each kind of `kinds` (`opponent(reader, its 1-based index)`) `count`
// times, appended to `out`, whose first is the fight's combatant `first` (after the members);
// a kind of several is named "wolf 1", "wolf 2", ... so the story tells them apart. Opponents
// that cannot be harmed (`untouchable`) set `policies`: untouchable_opponents and each kind's
// rounds (the fight ends at the last of them, as drawn; fight::play).
template <typename Combatant, typename Opponent>
void read_opponents(std::vector<Reader>& kinds, bool untouchable, std::vector<Combatant>& out,
                    size_t first, Opponent&& opponent, Policies& policies) {
  policies.untouchable_opponents = untouchable;
  for (size_t i = 0; i < kinds.size(); ++i) {
    Reader& t = kinds[i];
    if (untouchable) policies.kind_rounds.push_back(read_opponent_rounds(t));
    const Combatant o = opponent(t, i + 1);
    const int count = read_opponent_count(t, first + out.size());
    for (int k = 1; k <= count; ++k) {
      if (untouchable) policies.kind[first + out.size()] = static_cast<uint8_t>(i + 1);
      out.push_back(o);
      // (append, not + " ": GCC 12's -Wrestrict misfires on the temporary)
      if (count > 1) out.back().name.append(1, ' ').append(std::to_string(k));
    }
  }
}

// The line-up: every [[party]] member (`member(reader)`, names checked), then the
// [[opponents]] (read_opponents), into `out`. Returns the number of members.
template <typename Combatant, typename Member, typename Opponent>
size_t read_lineup(PartyTables& tables, std::vector<Combatant>& out, Member&& member,
                   Opponent&& opponent, Policies& policies) {
  std::vector<std::string> names;
  for (Reader& m : tables.members) {
    out.push_back(member(m));
    names.push_back(out.back().name);
    check_member_name(m, names);
  }
  const size_t members = out.size();
  read_opponents(tables.opponents, tables.untouchable, out, 0, opponent, policies);
  return members;
}

// An attack of limited uses (dnd5e's `uses`, flux's `flux_cost`) names in `instead_of` (one a
// table, instead_of[i]) the attack it replaces on a turn armed with it. The turn's strikes of
// table i start at firsts[i]; an attack's `pool` member is its pool (-1: made every turn).
// Sets bit `pool` of the named one's `replaced_by` on each of its strikes; a name of no attack
// of the turn, or of one that `has` limited uses itself ("uses"), fails at the key.
template <typename Attack>
void read_instead_of(std::vector<Reader>& tables, const std::vector<size_t>& firsts,
                     std::vector<Attack>& turn,
                     const std::vector<std::optional<std::string>>& instead_of,
                     int8_t Attack::*pool, const std::string& has) {
  auto strikes_end = [&](size_t i) { return i + 1 < firsts.size() ? firsts[i + 1] : turn.size(); };
  for (size_t i = 0; i < tables.size(); ++i) {
    if (!instead_of[i]) continue;
    const std::string& named = *instead_of[i];
    std::string names;
    size_t found = tables.size();
    for (size_t j = 0; j < tables.size(); ++j) {
      const Attack& other = turn[firsts[j]];
      if (j != i && other.*pool < 0) names += (names.empty() ? "\"" : ", \"") + other.name + "\"";
      if (other.name == named && found == tables.size()) found = j;
    }
    const std::string fix = names.empty() ? "remove instead_of" : "one of: " + names;
    if (found == i || (found < tables.size() && turn[firsts[found]].*pool >= 0))
      tables[i].fail("instead_of",
                     "\"" + named + "\" has " + has +
                         " of its own: an attack replaces one made every turn",
                     fix);
    if (found == tables.size())
      tables[i].fail("instead_of", "no attack \"" + named + "\" in this turn", fix);
    const unsigned bit = 1u << turn[firsts[i]].*pool;
    for (size_t a = firsts[found]; a < strikes_end(found); ++a)
      turn[a].replaced_by = static_cast<uint8_t>(turn[a].replaced_by | bit);
  }
}

}  // namespace leth::fight
