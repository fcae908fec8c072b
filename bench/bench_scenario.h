// A benchmark scenario from bench/, loaded once per program.
#pragma once

#include <map>
#include <string>

#include "sim/engine/load.h"

namespace bench {

inline const leth::LoadedScenario& scenario(const std::string& file) {
  static std::map<std::string, leth::LoadedScenario> loaded;
  auto it = loaded.find(file);
  if (it == loaded.end())
    it = loaded
             .emplace(file,
                      leth::load_scenario(std::string(LETHALITY_SOURCE_DIR) + "/bench/" + file))
             .first;
  return it->second;
}

}  // namespace bench
