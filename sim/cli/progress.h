// A progress line on stderr for long runs — "goblin-ambush  42% 420k/1M trials  2.1M/s  ETA 3 s"
// — redrawn in place, and only when stderr is a terminal (logs and CI stay clean).
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <string>
#include <thread>

namespace leth {

class ProgressLine {
 public:
  // Starts drawing if `enabled` and stderr is a terminal.
  ProgressLine(std::string label, uint64_t total, const std::atomic<uint64_t>& done, bool enabled);
  ~ProgressLine();  // stops and erases the line
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;

 private:
  void loop();
  std::string label_;
  uint64_t total_;
  const std::atomic<uint64_t>& done_;
  std::atomic<bool> stop_{false};
  std::chrono::steady_clock::time_point start_;
  std::thread thread_;
};

}  // namespace leth
