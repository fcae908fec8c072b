// The progress line: drawn only on a terminal, and a Ctrl-C while it shows leaves the terminal
// on a fresh line. The terminal is a pseudo-terminal opened here; the interrupted line is
// drawn in a child process, which dies of the signal as the program would.
#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <string>
#include <thread>

#include "sim/cli/progress.h"

using namespace leth;

namespace {

struct Pty {
  int master = -1, slave = -1;
  Pty() {
    master = ::posix_openpt(O_RDWR | O_NOCTTY);
    REQUIRE(master >= 0);
    REQUIRE(::grantpt(master) == 0);
    REQUIRE(::unlockpt(master) == 0);
    slave = ::open(::ptsname(master), O_RDWR | O_NOCTTY);
    REQUIRE(slave >= 0);
  }
  ~Pty() {
    if (slave >= 0) ::close(slave);
    if (master >= 0) ::close(master);
  }
  // Everything written to the slave until it is closed everywhere (or 10 s pass).
  std::string drain() {
    std::string got;
    char buf[4096];
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (std::chrono::steady_clock::now() < until) {
      pollfd p{master, POLLIN, 0};
      if (::poll(&p, 1, 100) <= 0) continue;
      const ssize_t n = ::read(master, buf, sizeof buf);
      if (n <= 0) break;  // EIO: no slave left open
      got.append(buf, static_cast<size_t>(n));
    }
    return got;
  }
};

// SIGINT's handler now (Catch2 installs its own while a test runs).
void (*sigint_handler())(int) {
  struct sigaction now {};
  ::sigaction(SIGINT, nullptr, &now);
  return now.sa_handler;
}

}  // namespace

TEST_CASE("the progress line handles signals only while it is live on a terminal", "[progress]") {
  const auto before = sigint_handler();
  std::atomic<uint64_t> done{0};
  {
    // Not a terminal (a pipe): no line, no handlers.
    int fds[2];
    REQUIRE(::pipe(fds) == 0);
    ProgressLine line("x", 100, done, true, fds[1]);
    CHECK_FALSE(line.live());
    CHECK_FALSE(ProgressLine::handlers_installed());
    CHECK(sigint_handler() == before);
    ::close(fds[0]);
    ::close(fds[1]);
  }
  Pty pty;
  {
    ProgressLine quiet("x", 100, done, false, pty.slave);  // --quiet
    CHECK_FALSE(quiet.live());
    CHECK(sigint_handler() == before);
  }
  {
    ProgressLine line("x", 100, done, true, pty.slave);
    CHECK(line.live());
    CHECK(ProgressLine::handlers_installed());
    CHECK(sigint_handler() != before);
  }
  CHECK_FALSE(ProgressLine::handlers_installed());
  CHECK(sigint_handler() == before);  // the previous action is back
}

TEST_CASE("Ctrl-C ends a showing progress line, then kills as before", "[progress]") {
  for (int sig : {SIGINT, SIGTERM}) {
    INFO("signal " << sig);
    Pty pty;
    const pid_t child = ::fork();
    REQUIRE(child >= 0);
    if (child == 0) {
      ::close(pty.master);
      ::signal(SIGINT, SIG_DFL);  // as in the lethality program, not Catch2's handlers
      ::signal(SIGTERM, SIG_DFL);
      std::atomic<uint64_t> done{42};
      ProgressLine line("goblin-ambush", 100, done, true, pty.slave);
      // Wait for the first redraw (every 200 ms), then interrupt mid-run.
      for (int i = 0; i < 500 && !ProgressLine::showing(); ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
      if (!ProgressLine::showing()) std::_Exit(3);
      ::raise(sig);
      std::_Exit(4);  // not reached: the signal's default action ends the process
    }
    ::close(pty.slave);
    pty.slave = -1;
    const std::string got = pty.drain();
    int status = 0;
    REQUIRE(::waitpid(child, &status, 0) == child);
    REQUIRE(WIFSIGNALED(status));  // died of the signal, as without a progress line
    CHECK(WTERMSIG(status) == sig);
    CHECK(got.find("goblin-ambush   42%  42/100 trials") != std::string::npos);
    REQUIRE_FALSE(got.empty());
    CHECK(got.back() == '\n');  // the terminal turns "\n" into "\r\n"
  }
}
