#include "sim/cli/gnuplot.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

extern char** environ;

namespace leth {

namespace {

struct Pipe {
  int fd[2] = {-1, -1};
  Pipe() {
    if (::pipe2(fd, O_CLOEXEC) != 0)
      throw GnuplotFailed(std::string("pipe: ") + std::strerror(errno));
  }
  ~Pipe() {
    close(0);
    close(1);
  }
  void close(int i) {
    if (fd[i] >= 0) ::close(fd[i]);
    fd[i] = -1;
  }
};

}  // namespace

std::string run_gnuplot(const std::string& script) {
  Pipe in, out, err;
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, in.fd[0], 0);
  posix_spawn_file_actions_adddup2(&actions, out.fd[1], 1);
  posix_spawn_file_actions_adddup2(&actions, err.fd[1], 2);
  char arg0[] = "gnuplot";
  char* argv[] = {arg0, nullptr};
  pid_t pid = 0;
  const int rc = ::posix_spawnp(&pid, "gnuplot", &actions, nullptr, argv, environ);
  posix_spawn_file_actions_destroy(&actions);
  if (rc == ENOENT) throw GnuplotMissing("gnuplot is not installed (not found on PATH)");
  if (rc != 0) throw GnuplotFailed(std::string("cannot start gnuplot: ") + std::strerror(rc));
  in.close(0);
  out.close(1);
  err.close(1);
  // Feed the script and drain both outputs at once: either side may fill a pipe's buffer.
  // A gnuplot that exits early makes writes fail with EPIPE, not kill us with SIGPIPE.
  struct sigaction ignore {
  }, old{};
  ignore.sa_handler = SIG_IGN;
  ::sigaction(SIGPIPE, &ignore, &old);
  std::string image, messages;
  size_t written = 0;
  if (script.empty()) in.close(1);
  while (out.fd[0] >= 0 || err.fd[0] >= 0) {
    pollfd fds[3] = {{in.fd[1], POLLOUT, 0}, {out.fd[0], POLLIN, 0}, {err.fd[0], POLLIN, 0}};
    if (::poll(fds, 3, -1) < 0) {
      if (errno == EINTR) continue;
      break;
    }
    if (in.fd[1] >= 0 && (fds[0].revents & (POLLOUT | POLLERR | POLLHUP))) {
      const ssize_t n = ::write(in.fd[1], script.data() + written, script.size() - written);
      if (n > 0) written += static_cast<size_t>(n);
      if (n < 0 && errno != EINTR && errno != EAGAIN) in.close(1);
      if (written == script.size()) in.close(1);
    }
    for (int k = 1; k <= 2; ++k) {
      Pipe& p = k == 1 ? out : err;
      if (p.fd[0] < 0 || !(fds[k].revents & (POLLIN | POLLHUP | POLLERR))) continue;
      char buf[65536];
      const ssize_t n = ::read(p.fd[0], buf, sizeof buf);
      if (n > 0)
        (k == 1 ? image : messages).append(buf, static_cast<size_t>(n));
      else if (n == 0 || (errno != EINTR && errno != EAGAIN))
        p.close(0);
    }
  }
  in.close(1);
  ::sigaction(SIGPIPE, &old, nullptr);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  const bool ok = WIFEXITED(status) && WEXITSTATUS(status) == 0;
  if (!ok || image.empty())
    throw GnuplotFailed("gnuplot failed" +
                        (WIFEXITED(status) ? " (status " + std::to_string(WEXITSTATUS(status)) + ")"
                                           : std::string(" (killed)")) +
                        ": " + (messages.empty() ? "no output" : messages));
  return image;
}

}  // namespace leth
