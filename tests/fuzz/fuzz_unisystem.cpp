// libFuzzer harness: the unisystem creature table (rules/unisystem/data/creatures.toml). Any
// text either parses into creatures that keep the table's invariants or throws InputError.
#include <cstdint>
#include <string>

#include "rules/unisystem/creatures.h"
#include "sim/core/error.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    const auto table = leth::unisystem::parse_creatures(text, "fuzz.toml");
    bool human = false;
    for (const auto& c : table) {
      human = human || c.id == "human";
      if (c.id.empty() || c.names.empty()) __builtin_trap();
      if (c.survival_test && !c.has_threshold) __builtin_trap();
      if (c.has_threshold && !c.threshold_will_x2 && c.threshold > 0) __builtin_trap();
      for (const auto* r : {&c.hp, &c.endurance, &c.essence})
        if (r->rule == leth::unisystem::Rate::Rule::Formula &&
            (r->per <= 0 || r->amount(1, 1, 1) <= 0))
          __builtin_trap();
    }
    if (!human) __builtin_trap();
  } catch (const leth::InputError&) {
  }
  return 0;
}
