// A run's memory does not grow with the trials it plans (issue 20, item 8): the chunk
// schedule is computed, never listed, so `--trials 1e12` starts in the memory of `--trials
// 1e6` (it took 497 MiB before). Measured by the real program's own run.json
// (peak_memory_mib, getrusage), after a SIGTERM a second into the run.
#include <signal.h>

#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <thread>

#include "tests/cli_support.h"
#include "tests/support.h"

using namespace leth;

namespace {

double peak_after_a_second(const std::string& trials) {
  const std::string out = test::fresh_path("memory-" + trials);
  const int pid = test::spawn({"run", test::source_path("bench/pf2-bench.toml"), "--trials", trials,
                               "--threads", "1", "--out", out, "-q", "--log-every", "0"});
  std::this_thread::sleep_for(std::chrono::seconds(1));
  ::kill(pid, SIGTERM);
  test::wait_for(pid);
  const nlohmann::json run = nlohmann::json::parse(test::read_file(out + "/run.json"));
  return run.at("peak_memory_mib").get<double>();
}

}  // namespace

TEST_CASE("a run of 10^12 trials takes the memory of a run of 10^6", "[memory]") {
  const double small = peak_after_a_second("1e6");
  const double huge = peak_after_a_second("1e12");
  INFO("peak resident memory: 1e6 trials " << small << " MiB, 1e12 trials " << huge << " MiB");
  // Relative to the small run: the program's own footprint differs by build (about 10 MiB
  // in Release, 65 MiB under the sanitizers of ./test.sh sanitize), the growth must not.
  CHECK(huge < small + 8);
  CHECK(huge < 256);  // the listed schedule took 497 MiB
}
