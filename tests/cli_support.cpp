#include "tests/cli_support.h"

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

}  // namespace leth::test
