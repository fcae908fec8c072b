// The lethality executable: a thin front end over the core libraries.
#include <iostream>
#include <string>
#include <vector>

#include "sim/cli/cli.h"

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  try {
    return leth::cli_main(args, std::cout, std::cerr);
  } catch (const std::exception& e) {
    std::cerr << "internal error: " << e.what() << "\n";
    return 1;
  }
}
