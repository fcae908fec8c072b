#include "sim/cli/interrupt.h"

#include <atomic>
#include <csignal>

namespace leth {

namespace {

std::atomic<int> g_requested{0};
struct sigaction g_old_int, g_old_term;

// Async-signal-safe only: an atomic, sigaction and raise.
extern "C" void request_stop(int sig) {
  int none = 0;
  if (g_requested.compare_exchange_strong(none, sig)) return;
  // A second signal: stop now, as if nothing had been installed.
  struct sigaction dfl {};
  dfl.sa_handler = SIG_DFL;
  sigemptyset(&dfl.sa_mask);
  ::sigaction(sig, &dfl, nullptr);
  ::raise(sig);
}

}  // namespace

static_assert(std::atomic<int>::is_always_lock_free, "the signal handler writes it");

StopOnSignal::StopOnSignal() {
  g_requested = 0;
  struct sigaction sa {};
  sa.sa_handler = request_stop;
  sigemptyset(&sa.sa_mask);
  ::sigaction(SIGINT, &sa, &g_old_int);
  ::sigaction(SIGTERM, &sa, &g_old_term);
}

StopOnSignal::~StopOnSignal() {
  ::sigaction(SIGINT, &g_old_int, nullptr);
  ::sigaction(SIGTERM, &g_old_term, nullptr);
}

int StopOnSignal::requested() {
  return g_requested;
}

const std::atomic<int>& StopOnSignal::flag() {
  return g_requested;
}

}  // namespace leth
