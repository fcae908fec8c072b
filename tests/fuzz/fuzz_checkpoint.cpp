// libFuzzer harness: checkpoints and shard tallies (sim/engine/checkpoint.h), the files a run
// reads back after a kill, a full disk or a hand edit. Any input may be refused with a
// CheckpointError; a crash, a sanitizer report, a hang or another exception is a bug. The
// body's checksum is recomputed before a second reading, so that the fuzzer also reaches what
// only a forged file meets: the header's bounds (2^64 trials planned, a negative elapsed time),
// the tally's own checks and the resume plan. Before fuzzing, files that are not regular
// (a device that never ends, a FIFO, a symbolic link loop) are checked to be refused.
#include <sys/stat.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "sim/core/sha256.h"
#include "sim/engine/bounded_json.h"
#include "sim/engine/checkpoint.h"

namespace {

void read_back(const std::string& text) {
  try {
    const leth::Checkpoint c = leth::parse_checkpoint(text);
    // What a resume does with it: its plan and what is left, computed, never listed.
    const leth::DrivePlan rest = c.rest();
    if (rest.first > c.trials_planned) __builtin_trap();
    if (c.trials_left() > c.trials_planned) __builtin_trap();
    (void)c.complete();
  } catch (const leth::CheckpointError&) {
  }
}

bool refused(const std::string& path) {
  try {
    leth::read_checkpoint(path);
  } catch (const leth::CheckpointError&) {
    return true;
  }
  return false;
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  namespace fs = std::filesystem;
  const fs::path dir =
      fs::temp_directory_path() / ("fuzz-checkpoint-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string fifo = (dir / "fifo").string(), loop = (dir / "loop").string();
  ::mkfifo(fifo.c_str(), 0644);
  fs::create_symlink(loop, loop);
  if (!refused("/dev/zero") || !refused(fifo) || !refused(loop) || !refused(dir.string()))
    __builtin_trap();
  fs::remove_all(dir);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  read_back(text);
  try {
    nlohmann::json doc = leth::parse_bounded_json(text);
    if (doc.is_object() && doc.contains("body")) {
      doc["body_sha256"] = leth::sha256_hex(doc["body"].dump());
      read_back(doc.dump());
    }
  } catch (const nlohmann::json::exception&) {
  } catch (const leth::JsonTooDeep&) {
  }
  return 0;
}
