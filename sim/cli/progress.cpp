#include "sim/cli/progress.h"

#include <pthread.h>
#include <time.h>

#include <algorithm>
#include <csignal>
#include <cstdio>

#include "sim/core/clock.h"

namespace leth {

namespace {

// What the signal handler may touch: lock-free atomics, and the old actions, set before it is
// installed. A redraw and the handler's "\n" exclude each other (Dekker-style, on seq_cst
// atomics): the drawing thread raises g_drawing and then looks at g_interrupted; the handler
// raises g_interrupted and then waits for g_drawing to fall. So either the redraw sees the
// interruption and draws nothing, or the handler waits for it and writes "\n" after it.
std::atomic<int> g_fd{-1};
std::atomic<bool> g_showing{false};
std::atomic<bool> g_drawing{false};
std::atomic<bool> g_interrupted{false};
std::atomic<bool> g_installed{false};
struct sigaction g_old_int, g_old_term;

// Async-signal-safe only: atomics, nanosleep, write, sigaction, raise.
extern "C" void end_line_and_reraise(int sig) {
  g_interrupted = true;
  // The drawing thread blocks these signals, so it is never the one waiting here; the bound
  // is only a guard (a redraw is one short write).
  for (int i = 0; i < 200 && g_drawing; ++i) {
    const timespec ms{0, 1'000'000};
    ::nanosleep(&ms, nullptr);
  }
  const int fd = g_fd;
  if (g_showing && fd >= 0) {
    const ssize_t ignored = ::write(fd, "\n", 1);
    (void)ignored;
  }
  ::sigaction(sig, sig == SIGINT ? &g_old_int : &g_old_term, nullptr);
  ::raise(sig);  // delivered as the handler returns, under the action it had before
}

void install(int fd) {
  g_fd = fd;
  g_interrupted = false;
  struct sigaction sa {};
  sa.sa_handler = end_line_and_reraise;
  sigemptyset(&sa.sa_mask);
  ::sigaction(SIGINT, &sa, &g_old_int);
  ::sigaction(SIGTERM, &sa, &g_old_term);
  g_installed = true;
}

void uninstall() {
  ::sigaction(SIGINT, &g_old_int, nullptr);
  ::sigaction(SIGTERM, &g_old_term, nullptr);
  g_installed = false;
  g_fd = -1;
}

void write_all(int fd, const char* s, size_t n) {
  while (n > 0) {
    const ssize_t w = ::write(fd, s, n);
    if (w <= 0) return;  // a terminal gone away: nothing to do about it
    s += w;
    n -= static_cast<size_t>(w);
  }
}

}  // namespace

static_assert(std::atomic<int>::is_always_lock_free && std::atomic<bool>::is_always_lock_free,
              "the signal handler reads these");

ProgressLine::ProgressLine(std::string label, uint64_t total, const std::atomic<uint64_t>& done,
                           bool enabled, int fd)
    : label_(std::move(label)),
      total_(total),
      done_(done),
      fd_(fd),
      start_(std::chrono::steady_clock::now()) {
  if (!enabled || !::isatty(fd_) || g_installed) return;  // one live line at a time
  install(fd_);
  thread_ = std::thread([this] { loop(); });
}

ProgressLine::~ProgressLine() {
  if (!thread_.joinable()) return;
  stop_ = true;
  thread_.join();
  if (g_showing) write_all(fd_, "\r\x1b[K", 4);
  g_showing = false;
  uninstall();
}

bool ProgressLine::showing() {
  return g_showing;
}

bool ProgressLine::handlers_installed() {
  return g_installed;
}

void ProgressLine::loop() {
  sigset_t block;  // the handler must run on another thread: it may wait for this one
  sigemptyset(&block);
  sigaddset(&block, SIGINT);
  sigaddset(&block, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &block, nullptr);
  while (!stop_) {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    if (stop_) break;
    const uint64_t d = done_.load(std::memory_order_relaxed);
    const double secs =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    const double rate = secs > 0 ? static_cast<double>(d) / secs : 0;
    const double eta = rate > 0 ? static_cast<double>(total_ - d) / rate : 0;
    char line[512];
    const int n = std::snprintf(
        line, sizeof line, "\r\x1b[K%s  %3.0f%%  %llu/%llu trials  %.3g trials/s  ETA %s",
        label_.c_str(),
        total_ ? 100.0 * static_cast<double>(d) / static_cast<double>(total_) : 100.0,
        static_cast<unsigned long long>(d), static_cast<unsigned long long>(total_), rate,
        duration_text(eta).c_str());
    if (n <= 0) continue;
    g_drawing = true;
    if (!g_interrupted) {
      write_all(fd_, line, std::min(static_cast<size_t>(n), sizeof line - 1));
      g_showing = true;
    }
    g_drawing = false;
  }
}

}  // namespace leth
