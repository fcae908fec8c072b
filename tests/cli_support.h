// Helpers for the tests that drive the command line in-process (test_cli, test_resume).
#pragma once

#include <string>
#include <vector>

namespace leth::test {

struct CliResult {
  int status;
  std::string out, err;
};

// Runs `lethality ARGS...` in this process and captures what it writes.
CliResult cli(const std::vector<std::string>& args);
// A file's bytes ("" if it cannot be read).
std::string read_file(const std::string& path);
// A fresh, not yet existing path under the test folder (and no checkpoint beside it).
std::string fresh_path(const std::string& name);

// The real lethality executable in a child process, for what a process must survive or show
// (a kill, a signal, a lock held by another process, a file size limit).
struct Spawn {
  std::vector<std::string> env;  // "NAME=value" added to the child's environment
  long file_size_limit = -1;     // RLIMIT_FSIZE in bytes for the child (SIGXFSZ ignored)
  std::string err_path;          // where the child's stderr goes ("" : /dev/null)
};
int spawn(const std::vector<std::string>& args, const Spawn& how = {});  // the child's pid
// Waits for the child; its wait status.
int wait_for(int pid);
// Spawns and waits: the child's exit status, or 128 + the signal that ended it. With `err`,
// the child's stderr is read into it through a pipe (not a file: a file size limit would
// stop it too), and how.err_path is not used.
int run_binary(const std::vector<std::string>& args, const Spawn& how = {},
               std::string* err = nullptr);
// The names of the entries of a folder, sorted ({} if it does not exist).
std::vector<std::string> names_in(const std::string& dir);

}  // namespace leth::test
