// libFuzzer harness: the harmonies data files (rules/harmonies/data/*.toml: the wound table
// and the mental wound table). A file that mentions "madness" is read as the
// mental table, any other as the wound table, so the data files themselves are the seeds. Any input
// may be rejected with an InputError; anything else is a bug, and so is a table that loads
// with a value outside what the model assumes. The scenario sections are reached by
// fuzz_scenario (its corpus holds the bundled harmonies scenarios).
#include <cstdint>
#include <string>

#include "rules/harmonies/tables.h"
#include "sim/core/error.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  namespace hm = leth::harmonies;
  try {
    if (text.find("madness") == std::string::npos) {
      const hm::WoundTable t = hm::parse_wound_table(text, "rules/harmonies/data/wounds.toml");
      for (const hm::WoundLevel& w : t)
        if (w.max < 0 || w.max > hm::kMaxCap || w.unstable <= 0 || w.stable <= 0 ||
            w.surveillance <= 0 || w.healing <= 0 || w.difficulty > 0)
          __builtin_trap();
    } else {
      const hm::MentalTable t = hm::parse_mental_table(text, "rules/harmonies/data/mental.toml");
      for (const hm::MentalLevel& m : t)
        if (m.max < 0 || m.max > hm::kMaxCap || m.penalty > 0) __builtin_trap();
    }
  } catch (const leth::InputError&) {
  }
  return 0;
}
