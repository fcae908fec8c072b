// The process's peak resident memory, for run.json's peak_memory_mib (sim/cli/results.h).
#include <sys/resource.h>

#include <fstream>
#include <string>

#include "sim/cli/results.h"

namespace leth {

double peak_memory_mib() {
  // VmHWM is this program's own high-water mark: getrusage's ru_maxrss also counts the memory
  // of the process it was started from, carried across fork and exec (a 33 MiB test binary
  // made every child it started report 33 MiB).
  std::ifstream status("/proc/self/status");
  for (std::string line; std::getline(status, line);)
    if (line.rfind("VmHWM:", 0) == 0) return std::stod(line.substr(6)) / 1024.0;  // kB
  rusage u{};
  if (::getrusage(RUSAGE_SELF, &u) != 0) return 0;
  return static_cast<double>(u.ru_maxrss) / 1024.0;  // Linux: kibibytes
}

}  // namespace leth
