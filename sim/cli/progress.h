// Progress on stderr for long runs. On a terminal, a line redrawn in place:
//   goblin-ambush (2/5)   42%  420000/1000000 trials  2.1e+06 trials/s  ETA 3 s
//     batch ETA 1 min  deaths 12.3% ±0.41%
// (one line). When stderr is not a terminal, or with --quiet, a plain line every 30 seconds
// instead (`--log-every`), good for nohup and batch logs. stdout stays for results.
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

// What the progress shows besides the trials done.
struct ProgressSpec {
  std::string label;           // the scenario's name
  int index = 1, count = 1;    // scenario i of n in the batch ("(i/n)" when n > 1)
  uint64_t total = 0;          // this scenario's trials in this session
  uint64_t batch_after = 0;    // the trials of the batch's scenarios after this one
  bool total_is_cap = false;   // --precision: `total` is the cap, the ETA an upper bound
  bool live = true;            // a line redrawn in place, if `fd` is a terminal (not --quiet)
  double log_every_s = 30;     // otherwise a plain line this often; 0: none
};

class ProgressLine {
 public:
  // Starts drawing on `fd`: a live line if spec.live and `fd` is a terminal, else plain log
  // lines every spec.log_every_s seconds (none if 0).
  ProgressLine(ProgressSpec spec, const std::atomic<uint64_t>& done, int fd = STDERR_FILENO);
  // A live line on a terminal or nothing (no log lines): ProgressSpec{label, 1, 1, total} with
  // live = enabled, log_every_s = 0.
  ProgressLine(std::string label, uint64_t total, const std::atomic<uint64_t>& done, bool enabled,
               int fd = STDERR_FILENO);
  ~ProgressLine();  // stops, erases the line and puts the signal actions back
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;

  bool live() const { return thread_.joinable() && live_; }
  bool logging() const { return thread_.joinable() && !live_; }
  // The death rate so far (the baseline's deaths and trials), set at chunk boundaries.
  void set_deaths(uint64_t deaths, uint64_t trials);
  // --precision: the trials the target is estimated to need in this session (analysis/
  // precision.h trials_needed), set at chunk boundaries; the ETA then aims at it, not the cap.
  void set_goal(uint64_t trials);
  // The text of one report at this moment: the live line's or a log line's.
  std::string text() const;
  // True once a line has been drawn and until it is erased.
  static bool showing();
  // True while the SIGINT/SIGTERM handlers of a live line are installed.
  static bool handlers_installed();

 private:
  void loop();
  void log_loop();
  ProgressSpec spec_;
  const std::atomic<uint64_t>& done_;
  std::atomic<uint64_t> deaths_{0}, death_trials_{0}, goal_{0};
  int fd_;
  bool live_ = false;
  std::atomic<bool> stop_{false};
  std::chrono::steady_clock::time_point start_;
  std::thread thread_;
};

}  // namespace leth
