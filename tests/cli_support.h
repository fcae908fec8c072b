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

}  // namespace leth::test
