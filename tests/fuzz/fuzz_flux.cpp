// libFuzzer harness: the flux rule data files (rules/flux/data/falls.toml, sequelae.toml). Each
// input is parsed as both; any input may be rejected with an InputError; anything else — a
// crash, a sanitizer report, another exception — is a bug. A table that loads is walked.
#include <cstdint>
#include <string>

#include "rules/flux/tables.h"
#include "sim/core/error.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    const leth::flux::FallTable t = leth::flux::parse_fall_table(text, "falls.toml");
    for (const leth::flux::FallRow& row : t.floors)
      if (!row.deadly && (row.damage.min() < 0 || row.cushion_malus < 0)) __builtin_trap();
  } catch (const leth::InputError&) {
  }
  try {
    const leth::flux::SequelaTable t = leth::flux::parse_sequela_table(text, "sequelae.toml");
    if (t.stat.size() != t.rolls.size()) __builtin_trap();
    for (int roll = 1; roll <= t.rolls.die(); ++roll) {
      const leth::flux::Stat s = t.stat_for(roll);
      if (s < 0 || s >= leth::flux::kStatCount) __builtin_trap();
    }
  } catch (const leth::InputError&) {
  }
  return 0;
}
