// What `lethality run` checks before it runs anything, shared with `lethality validate` so the
// two cannot disagree: every file (and every variant in it), the files against each other
// (two scenarios of one name would write one results folder), and every results folder.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sim/core/error.h"
#include "sim/engine/load.h"

namespace leth {

struct PlannedScenario {
  LoadedScenario loaded;
  std::string out_dir;  // where its results go
};

struct RunPlan {
  std::vector<PlannedScenario> scenarios;  // the files that passed every check, in order
  std::vector<InputError> errors;          // everything wrong, in file order
  bool ok() const { return errors.empty(); }
};

// Expands folders, loads every file, cross-checks them and, if all of that passed, checks
// every results folder (`out_dir` empty: results/<name>; one scenario: out_dir itself;
// several: out_dir/<name>). Creates nothing that stays.
RunPlan plan_run(const std::vector<std::string>& paths, const std::string& out_dir);

}  // namespace leth
