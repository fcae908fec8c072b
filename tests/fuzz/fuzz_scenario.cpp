// libFuzzer harness: the scenario loader end to end. Any input may be rejected with an
// InputError; anything else — a crash, a sanitizer report, another exception — is a bug.
// A scenario that loads also runs a few trials of every variant, so the models meet it too.
// The committed seeds (corpus/scenario/) hold the shapes that once crashed or ran away: deep
// nesting of every kind, extreme numbers, too many variants. Before fuzzing, what is not a
// regular file of a sane size (a device that never ends, a FIFO, a symbolic link loop, a
// file of 2 MiB) is checked to be refused by the file reader.
#include <sys/stat.h>
#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "scenarios/reader.h"
#include "scenarios/scenario.h"
#include "sim/core/stream.h"
#include "sim/engine/registry.h"

namespace {

bool refused(const std::string& path) {
  try {
    leth::Document::parse_file(path);
  } catch (const leth::InputError&) {
    return true;
  }
  return false;
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("fuzz-scenario-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string fifo = (dir / "fifo.toml").string(), loop = (dir / "loop.toml").string();
  const std::string big = (dir / "big.toml").string();
  ::mkfifo(fifo.c_str(), 0644);
  fs::create_symlink(loop, loop);
  std::ofstream(big) << "# " << std::string(2 << 20, 'x') << "\n";
  if (!refused("/dev/zero") || !refused(fifo) || !refused(loop) || !refused(big) ||
      !refused(dir.string()))
    __builtin_trap();
  fs::remove_all(dir);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    // One scenario, or one per ruleset for a file of several (rulesets = [...]).
    const std::vector<leth::Scenario> all =
        leth::read_scenarios(leth::Document::parse_string(text, "fuzz.toml"), leth::ruleset_ids());
    std::vector<std::pair<const leth::Scenario*, leth::Model>> models;
    for (const leth::Scenario& s : all)
      for (size_t v = 0; v < s.variants.size(); ++v) models.emplace_back(&s, leth::build_model(s, v));
    if (!all.empty()) all.front().doc->check_unused();
    for (const auto& [s, m] : models)
      for (uint64_t trial = 0; trial < 4; ++trial) {
        leth::TrialRng rng(s->seed, trial);
        leth::EventLog log;
        leth::Timeline timeline;
        leth::TrialContext ctx{rng, trial == 0 ? &log : nullptr, timeline};
        const leth::Outcome o = leth::run_trial(m, ctx);
        if (o.end >= leth::metrics_of(m).ends.size()) __builtin_trap();  // an undeclared end
      }
  } catch (const leth::InputError&) {
  }
  return 0;
}
