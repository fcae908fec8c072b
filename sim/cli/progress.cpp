#include "sim/cli/progress.h"

#include <pthread.h>
#include <time.h>

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <ctime>

#include "analysis/interval.h"
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

ProgressLine::ProgressLine(ProgressSpec spec, const std::atomic<uint64_t>& done, int fd)
    : spec_(std::move(spec)), done_(done), fd_(fd), start_(std::chrono::steady_clock::now()) {
  if (spec_.live && ::isatty(fd_)) {
    if (g_installed) return;  // one live line at a time
    live_ = true;
    install(fd_);
    thread_ = std::thread([this] { loop(); });
  } else if (spec_.log_every_s > 0) {
    thread_ = std::thread([this] { log_loop(); });
  }
}

ProgressLine::ProgressLine(std::string label, uint64_t total, const std::atomic<uint64_t>& done,
                           bool enabled, int fd)
    : ProgressLine(ProgressSpec{std::move(label), 1, 1, total, 0, false, enabled, 0}, done, fd) {}

void ProgressLine::set_goal(uint64_t trials) {
  goal_.store(trials, std::memory_order_relaxed);
}

void ProgressLine::set_deaths(uint64_t deaths, uint64_t trials) {
  deaths_.store(deaths, std::memory_order_relaxed);
  death_trials_.store(trials, std::memory_order_relaxed);
}

std::string ProgressLine::text() const {
  const uint64_t d = std::min(done_.load(std::memory_order_relaxed), spec_.total);
  const double secs =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  const double rate = secs > 0 ? static_cast<double>(d) / secs : 0;
  // With a precision target the total is the cap; once a chunk has given an estimate of the
  // trials the target needs, the ETA aims at that instead ("~": an estimate).
  const uint64_t goal = goal_.load(std::memory_order_relaxed);
  const bool estimated = spec_.total_is_cap && goal > 0 && goal < spec_.total;
  const uint64_t aim = estimated ? std::max(goal, d) : spec_.total;
  const double left = static_cast<double>(aim - d);
  const char* bound = estimated ? "~" : spec_.total_is_cap ? "<= " : "";
  std::string label = spec_.label;
  if (spec_.count > 1)
    label += " (" + std::to_string(spec_.index) + "/" + std::to_string(spec_.count) + ")";
  char buf[512];
  int n = std::snprintf(buf, sizeof buf, "%s  %3.0f%%  %llu/%s%llu trials  %.3g trials/s  ETA %s%s",
                        label.c_str(),
                        aim ? 100.0 * static_cast<double>(d) / static_cast<double>(aim) : 100.0,
                        static_cast<unsigned long long>(d), estimated ? "~" : "",
                        static_cast<unsigned long long>(aim), rate, bound,
                        rate > 0 ? duration_text(left / rate).c_str() : "-");
  std::string out(buf, static_cast<size_t>(std::max(n, 0)));
  if (spec_.count > 1 && rate > 0) {
    // The later scenarios at this one's rate: an estimate, as their trials may cost more.
    n = std::snprintf(buf, sizeof buf, "  batch ETA %s%s", bound,
                      duration_text((left + static_cast<double>(spec_.batch_after)) / rate).c_str());
    out.append(buf, static_cast<size_t>(std::max(n, 0)));
  }
  const uint64_t k = deaths_.load(std::memory_order_relaxed);
  const uint64_t t = death_trials_.load(std::memory_order_relaxed);
  if (t > 0) {
    const Estimate e = wilson(k, t);
    n = std::snprintf(buf, sizeof buf, "  deaths %.3g%% ±%.2g%%", 100.0 * e.value,
                      100.0 * (e.hi - e.lo) / 2);
    out.append(buf, static_cast<size_t>(std::max(n, 0)));
  }
  return out;
}

void ProgressLine::log_loop() {
  // Sleeps in short steps, so that a finished scenario does not wait for the next line.
  const auto every = std::chrono::duration<double>(spec_.log_every_s);
  auto next = std::chrono::steady_clock::now() + every;
  while (!stop_) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    if (stop_) break;
    const auto now = std::chrono::steady_clock::now();
    if (now < next) continue;
    while (next <= now) next += std::chrono::duration_cast<std::chrono::steady_clock::duration>(every);
    const std::time_t wall = std::time(nullptr);
    std::tm tm{};
    ::localtime_r(&wall, &tm);
    char stamp[32];
    std::strftime(stamp, sizeof stamp, "%Y-%m-%d %H:%M:%S", &tm);
    const std::string line = std::string(stamp) + "  " + text() + "\n";
    write_all(fd_, line.data(), line.size());
  }
}

ProgressLine::~ProgressLine() {
  if (!thread_.joinable()) return;
  stop_ = true;
  thread_.join();
  if (!live_) return;
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
    const std::string body = text();
    char line[600];
    const int n = std::snprintf(line, sizeof line, "\r\x1b[K%s", body.c_str());
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
