#include "tests/cli_support.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "sim/cli/cli.h"
#include "tests/support.h"

namespace leth::test {

CliResult cli(const std::vector<std::string>& args) {
  std::ostringstream out, err;
  const int status = cli_main(args, out, err);
  return {status, out.str(), err.str()};
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string fresh_path(const std::string& name) {
  namespace fs = std::filesystem;
  const std::string p = temp_dir() + "/" + name;
  fs::remove_all(p);
  fs::remove(p + ".checkpoint.json");
  return p;
}

namespace {

int spawn_into(const std::vector<std::string>& args, const Spawn& how, int err_fd) {
  std::vector<std::string> argv_s = {lethality_binary()};
  argv_s.insert(argv_s.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& a : argv_s) argv.push_back(a.data());
  argv.push_back(nullptr);
  std::vector<std::string> env_s;
  for (char** e = environ; *e; ++e) env_s.emplace_back(*e);
  env_s.insert(env_s.end(), how.env.begin(), how.env.end());
  std::vector<char*> envp;
  for (std::string& e : env_s) envp.push_back(e.data());
  envp.push_back(nullptr);
  const std::string err = how.err_path.empty() ? "/dev/null" : how.err_path;
  const pid_t pid = ::fork();
  if (pid == 0) {
    // Only async-signal-safe calls between fork and exec.
    const int fd = err_fd >= 0 ? err_fd : ::open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd >= 0) ::dup2(fd, 2);
    const int null = ::open("/dev/null", O_WRONLY);
    if (null >= 0) ::dup2(null, 1);
    if (how.file_size_limit >= 0) {
      ::signal(SIGXFSZ, SIG_IGN);  // ignored signals stay ignored across exec
      const rlimit lim{static_cast<rlim_t>(how.file_size_limit),
                       static_cast<rlim_t>(how.file_size_limit)};
      ::setrlimit(RLIMIT_FSIZE, &lim);
    }
    ::execve(argv[0], argv.data(), envp.data());
    ::_exit(127);
  }
  return pid;
}

}  // namespace

int spawn(const std::vector<std::string>& args, const Spawn& how) {
  return spawn_into(args, how, -1);
}

int wait_for(int pid) {
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return status;
}

int run_binary(const std::vector<std::string>& args, const Spawn& how, std::string* err) {
  int pipe_fds[2] = {-1, -1};
  if (err && ::pipe2(pipe_fds, O_CLOEXEC) != 0) return -1;
  const int pid = spawn_into(args, how, err ? pipe_fds[1] : -1);
  if (err) {
    ::close(pipe_fds[1]);
    err->clear();
    char buf[4096];
    for (ssize_t n; (n = ::read(pipe_fds[0], buf, sizeof buf)) > 0;) err->append(buf, n);
    ::close(pipe_fds[0]);
  }
  const int status = wait_for(pid);
  return WIFSIGNALED(status) ? 128 + WTERMSIG(status) : WEXITSTATUS(status);
}

std::vector<std::string> names_in(const std::string& dir) {
  std::vector<std::string> names;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(dir, ec))
    names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace leth::test
