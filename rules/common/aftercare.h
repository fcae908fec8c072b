// The checks every ruleset makes on its [aftercare]: help that arrives and can do nothing is a
// mistake, not a scenario — accepted, it would change nothing and say nothing.
#pragma once

#include <string>

#include "scenarios/reader.h"

namespace leth {

// Throws a located InputError at the table when `acts` is false: "aftercare: the help that
// arrives can do nothing here (give it <what_acts>; if nobody comes, leave [aftercare] out,
// or in a variant write aftercare = "none")". `what_acts` names the keys that would make it
// act, e.g. "first_aid = 3 (to stabilise) or healer = -2 (to heal)".
void require_help_that_acts(const Reader& aftercare, bool acts, const std::string& what_acts);

}  // namespace leth
