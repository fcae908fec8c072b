// Checkpoints and shard tallies: a run's tally so far with everything needed to continue it or
// to merge it — the tool version, the scenario file's hash, the seed, the chunk size, the trials
// planned and the shard — in one JSON document whose body carries its own SHA-256, so that a
// truncated or altered file is an error on load, never a silent wrong answer.
//
//   {"format": "lethality-checkpoint", "format_version": 5,
//    "body": {"tool_version", "scenario": {"name", "file", "sha256"}, "seed", "chunk_trials",
//             "trials_planned", "shard": [K, N] (1-based K), "stopping", "elapsed_s", "threads",
//             "tally": RunTally JSON (identity, trial ranges, counts)},
//    "body_sha256": hex SHA-256 of the body serialized compactly}
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

#include "analysis/tally.h"
#include "sim/engine/driver.h"

namespace leth {

// 2: survivors' sequelae; 3: a campaign's life table; 4: what its survivors carry, its deaths by
// adventure; counters squared; 5: a party campaign's members retired (docs/long-runs.md).
inline constexpr int kCheckpointFormatVersion = 5;
// Bounds on what a checkpoint may say, beyond which it is damaged or forged.
inline constexpr uint64_t kMaxShards = 1'000'000;             // as --shard reads
inline constexpr int kMaxThreads = 4096;                      // as --threads reads
inline constexpr double kMaxElapsed = 1e10;                   // seconds: over 300 years
inline constexpr uintmax_t kMaxCheckpointBytes = 1ull << 30;  // 1 GiB: 128 variants' tallies

// A checkpoint or shard tally that cannot be read, or does not belong to the run at hand.
class CheckpointError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct Checkpoint {
  std::string tool_version;
  std::string scenario, file, sha256;  // the scenario's name, its path as given, its hash
  uint64_t seed = 0;
  uint64_t chunk_trials = kChunkTrials;
  uint64_t trials_planned = 0;
  uint64_t shard = 1, shards = 1;  // 1-based: shard K of N
  // How the run stops besides its trials: "" for a fixed count, else its precision target
  // ("precision 5% wilson, min_trials 10000, min_deaths 20"): a resume must keep it.
  std::string stopping;
  double elapsed_s = 0;            // measured: summed over the sessions that made it
  int threads = 0;                 // measured: the last session's
  RunTally tally;

  // The drive plan this run follows (all of it, from trial 0).
  DrivePlan plan() const;
  // "" if `o` is the same run (what must agree to resume or merge), else what differs, e.g.
  // "seed 7 vs 8". Measured fields and the tally are not compared.
  std::string difference(const Checkpoint& o) const;
  // Checks that the tally is exactly a prefix of the plan's chunks, perhaps with part of the
  // next one (a run stopped inside a chunk): a resumable checkpoint. Returns the drive plan of
  // the trials left (continues_chunk when that chunk is begun). Throws CheckpointError.
  DrivePlan rest() const;
  // True when the tally covers every chunk of its shard.
  bool complete() const;
  // The trials rest() has left to run.
  uint64_t trials_left() const;
};

std::string checkpoint_text(const Checkpoint& c);
// Throws CheckpointError: not JSON (truncated), wrong format, checksum mismatch, or a tally
// that does not add up (RunTally::from_json's checks) or does not match the header.
Checkpoint parse_checkpoint(const std::string& text);

// Writes atomically: a temporary file beside `path`, fsync, rename, fsync of the folder
// (created if missing). Throws CheckpointError.
void write_file_atomically(const std::string& path, const std::string& contents);
// Throws CheckpointError (naming `path`) if it cannot be read or parsed.
Checkpoint read_checkpoint(const std::string& path);

}  // namespace leth
