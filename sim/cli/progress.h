// A progress line on stderr for long runs — "goblin-ambush  42% 420k/1M trials  2.1M/s  ETA 3 s"
// — redrawn in place, and only when stderr is a terminal (logs and CI stay clean).
//
// While a line is live, SIGINT and SIGTERM first end it — a "\n", so the shell's prompt starts
// on a clean line after Ctrl-C — and then do what they did before the line appeared (the
// previous action is restored and the signal raised again: under `run` that is StopOnSignal's
// request to stop at the next chunk boundary, sim/cli/interrupt.h; by default the process
// dies of it).
#pragma once

#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <string>
#include <thread>

namespace leth {

class ProgressLine {
 public:
  // Starts drawing on `fd` if `enabled` and `fd` is a terminal.
  ProgressLine(std::string label, uint64_t total, const std::atomic<uint64_t>& done, bool enabled,
               int fd = STDERR_FILENO);
  ~ProgressLine();  // stops, erases the line and puts the signal actions back
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;

  bool live() const { return thread_.joinable(); }
  // True once a line has been drawn and until it is erased.
  static bool showing();
  // True while the SIGINT/SIGTERM handlers of a live line are installed.
  static bool handlers_installed();

 private:
  void loop();
  std::string label_;
  uint64_t total_;
  const std::atomic<uint64_t>& done_;
  int fd_;
  std::atomic<bool> stop_{false};
  std::chrono::steady_clock::time_point start_;
  std::thread thread_;
};

}  // namespace leth
