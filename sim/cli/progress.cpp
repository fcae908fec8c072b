#include "sim/cli/progress.h"

#include <unistd.h>

#include <cstdio>

#include "sim/core/clock.h"

namespace leth {

ProgressLine::ProgressLine(std::string label, uint64_t total, const std::atomic<uint64_t>& done,
                           bool enabled)
    : label_(std::move(label)),
      total_(total),
      done_(done),
      start_(std::chrono::steady_clock::now()) {
  if (enabled && ::isatty(STDERR_FILENO)) thread_ = std::thread([this] { loop(); });
}

ProgressLine::~ProgressLine() {
  if (!thread_.joinable()) return;
  stop_ = true;
  thread_.join();
  std::fprintf(stderr, "\r\x1b[K");
  std::fflush(stderr);
}

void ProgressLine::loop() {
  while (!stop_) {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    const uint64_t d = done_.load(std::memory_order_relaxed);
    const double secs =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    const double rate = secs > 0 ? static_cast<double>(d) / secs : 0;
    const double eta = rate > 0 ? static_cast<double>(total_ - d) / rate : 0;
    std::fprintf(stderr, "\r\x1b[K%s  %3.0f%%  %llu/%llu trials  %.3g trials/s  ETA %s",
                 label_.c_str(),
                 total_ ? 100.0 * static_cast<double>(d) / static_cast<double>(total_) : 100.0,
                 static_cast<unsigned long long>(d), static_cast<unsigned long long>(total_), rate,
                 duration_text(eta).c_str());
    std::fflush(stderr);
  }
}

}  // namespace leth
