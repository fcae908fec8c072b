// libFuzzer harness: the dnd5e injury data files (rules/dnd5e/data/*.toml). The input is tried
// as the severity file and as each of the 13 damage-type tables, the other files being the
// built-in ones. Any input may be rejected with an InputError; anything else — a crash, a
// sanitizer report, another exception — is a bug. A catalog that loads is queried on every
// roll of every table, under both built-in mappings and both row rules.
#include <cstdint>
#include <string>

#include "rules/common/data.h"
#include "rules/dnd5e/injuries.h"

namespace {

void exercise(const leth::dnd5e::InjuryCatalog& c) {
  using namespace leth::dnd5e;
  for (size_t type = 0; type < damage_types().size(); ++type)
    for (int roll = 1; roll <= 20; ++roll)
      for (const SeverityMap* m : {&c.seed_mapping(), &c.mild_mapping()})
        for (RowBy by : {RowBy::Severity, RowBy::Roll}) {
          const uint16_t i = c.pick(type, roll, m->of(roll), by);
          if (i >= c.injuries().size()) __builtin_trap();
          if (by == RowBy::Severity && c.injury(i).severity != m->of(roll)) __builtin_trap();
        }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace leth::dnd5e;
  const std::string text(reinterpret_cast<const char*>(data), size);
  std::vector<std::pair<std::string, std::string>> tables;
  for (const std::string& t : damage_types()) {
    const std::string path = "rules/dnd5e/data/" + t + ".toml";
    tables.emplace_back(path, std::string(leth::rule_data(path)));
  }
  const std::string sev_path = "rules/dnd5e/data/severity.toml";
  const std::string sev(leth::rule_data(sev_path));
  for (size_t slot = 0; slot <= tables.size(); ++slot) {
    try {
      if (slot == tables.size()) {
        exercise(InjuryCatalog::parse(text, "fuzz.toml", tables));
      } else {
        auto t = tables;
        t[slot].second = text;
        exercise(InjuryCatalog::parse(sev, sev_path, t));
      }
    } catch (const leth::InputError&) {
    }
  }
  return 0;
}
