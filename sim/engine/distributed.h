// The run driver across MPI ranks (sim/engine/ranks.h). Rank 0 hands the plan's chunks, one at
// a time, to whichever rank is free — itself included, its own chunks computed beside the
// messages — so a rank that finishes early takes more. Chunk tallies come back to rank 0 as
// JSON (the tallies' 128-bit sums and per-bin extremes travel exactly; a plain MPI_SUM would
// not do), and rank 0 folds them in chunk order and calls the hook at each boundary, exactly
// as drive() does: the tallies, every decision at a boundary (a precision target, a
// checkpoint, Ctrl-C) and so every output are those of a single process.
#pragma once

#include <atomic>
#include <cstdint>

#include "sim/engine/driver.h"

namespace leth {

// On rank 0: drive() over every rank. On a single process: drive() itself. `stop` is a
// single process's only: over MPI ranks chunks run whole (mpirun ends every rank on Ctrl-C,
// docs/long-runs.md "On a cluster with MPI"), and the rest of an interrupted chunk runs on rank 0
// first.
RunTally drive_ranks(const LoadedScenario& s, uint64_t seed, RunTally start, DrivePlan plan,
                     const ChunkHook& hook = {}, std::atomic<uint64_t>* done = nullptr,
                     const std::atomic<int>* stop = nullptr);

// On ranks other than 0, while rank 0 is in drive_ranks() for the same scenario and seed:
// computes the chunks it is sent until rank 0 says the scenario is done.
void serve_ranks(const LoadedScenario& s, uint64_t seed);

}  // namespace leth
