// libFuzzer harness: rule data tables (rows keyed by die-roll ranges, as the injury and
// sequela tables are). The first byte picks the die; the rest is the table file.
#include <cstdint>
#include <string>

#include "rules/common/table.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  static constexpr int kDice[] = {4, 6, 8, 10, 12, 20, 100};
  const int die = kDice[data[0] % 7];
  const std::string text(reinterpret_cast<const char*>(data + 1), size - 1);
  try {
    auto doc = leth::Document::parse_string(text, "fuzz.toml");
    leth::Reader root(doc);
    std::vector<leth::Reader> rows;
    const leth::RollTable t = leth::RollTable::read(root, "rows", die, rows);
    for (int roll = 1; roll <= die; ++roll) {
      const leth::RollRange& r = t.range(t.row_for(roll));
      if (roll < r.lo || roll > r.hi) __builtin_trap();
    }
  } catch (const leth::InputError&) {
  }
  return 0;
}
