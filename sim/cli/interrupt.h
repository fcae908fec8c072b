// Ctrl-C (SIGINT) and SIGTERM during `run`: while a StopOnSignal lives, the first such signal
// only asks the run to stop — after the trials in hand, where a checkpoint and partial results
// are written — and a second one ends the program at once (the default action).
// A progress line (sim/cli/progress.h) installed later ends its line and passes the signal on
// to this handler.
#pragma once

#include <atomic>

namespace leth {

class StopOnSignal {
 public:
  StopOnSignal();   // installs the handlers and clears any earlier request
  ~StopOnSignal();  // puts the previous actions back
  StopOnSignal(const StopOnSignal&) = delete;
  StopOnSignal& operator=(const StopOnSignal&) = delete;

  // The signal that asked to stop (SIGINT or SIGTERM), or 0.
  static int requested();
  // The same, for the runner to watch between trials (sim/engine/runner.h).
  static const std::atomic<int>& flag();
};

}  // namespace leth
