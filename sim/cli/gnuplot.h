// gnuplot as a child process: a script on its stdin, the image on its stdout. No shell and no
// temporary file; the program is looked up on PATH.
#pragma once

#include <stdexcept>
#include <string>

namespace leth {

// gnuplot is not installed (or not on PATH). cmd_plot turns it into status 2 and what to install.
class GnuplotMissing : public std::runtime_error {
  using std::runtime_error::runtime_error;
};

// gnuplot ran and failed: its status and what it said on stderr.
class GnuplotFailed : public std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Runs `gnuplot` with `script` on stdin and returns what it wrote on stdout (the script sets a
// terminal and no output file, so that is the image).
std::string run_gnuplot(const std::string& script);

}  // namespace leth
