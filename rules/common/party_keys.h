// The keys every ruleset's party scenario reads the same way (docs/parties.md): the [fight]
// policies, a member's name, the shape of [[party]] and [[opponents]] (how many, the single
// character's sections refused), an opponent kind's count. A ruleset reads each member's and
// opponent's stat block itself, between these calls.
#pragma once

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
// the single character's sections ([character], [encounter], [aftercare], [recovery]).
struct PartyTables {
  std::vector<Reader> members;
  std::vector<Reader> opponents;
};
PartyTables read_party_tables(Reader& r);

// Refuses a member named as one before it: `names` are the members read so far, the last one
// being the member of `member`.
void check_member_name(Reader& member, const std::vector<std::string>& names);

// An opponent kind's `count` (1..30), refused when it takes the fight past kMaxCombatants with
// the `combatants` there already.
int read_opponent_count(Reader& opponent, size_t combatants);

}  // namespace leth::fight
