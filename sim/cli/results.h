// What `run` and `merge` both write: the run's description for the writers, and run.json
// marked partial when the tally does not hold every trial planned (or is one shard's).
#pragma once

#include <cstdint>
#include <string>

#include "analysis/report.h"
#include "sim/engine/checkpoint.h"
#include "sim/engine/load.h"

namespace leth {

// The process's peak resident memory so far, in MiB (getrusage); 0 if unknown.
double peak_memory_mib();

// The run's description; trials_per_second is `trials` / `elapsed` and peak_memory_mib this
// process's, both measured fields of run.json.
RunInfo run_info_of(const LoadedScenario& ls, uint64_t seed, uint64_t trials, int threads,
                    double elapsed);

// run.json with "partial": true (and "shard": {"index", "count"} for a shard's) added when
// `partial`; otherwise the text unchanged, byte for byte.
std::string mark_partial(const std::string& run_json_text, bool partial, const Checkpoint& cp);

}  // namespace leth
