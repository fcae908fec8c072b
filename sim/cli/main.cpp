// The lethality executable: a thin front end over the core libraries. Under an MPI launcher
// (sim/engine/ranks.h) every rank runs this; `run` spreads its trials over the ranks, and
// every other command runs on rank 0 alone.
#include <iostream>
#include <string>
#include <vector>

#include "sim/cli/cli.h"
#include "sim/engine/ranks.h"

int main(int argc, char** argv) {
  leth::Ranks ranks(&argc, &argv);
  std::vector<std::string> args(argv + 1, argv + argc);
  if (leth::Ranks::rank() != 0 && (args.empty() || args[0] != "run")) return 0;
  try {
    return leth::cli_main(args, std::cout, std::cerr);
  } catch (const std::exception& e) {
    std::cerr << "internal error: " << e.what() << "\n";
    return 1;
  }
}
