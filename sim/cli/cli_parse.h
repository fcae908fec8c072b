// Shared command-line parsing for the commands: Boost.Program_options with `--help`, and
// errors that suggest the nearest option.
#pragma once

#include <boost/program_options.hpp>
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace leth {

namespace po = boost::program_options;

struct CommandSpec {
  const char* usage;        // "lethality run FILE|DIR... [options]"
  const char* description;  // a paragraph
  po::options_description options;
  po::positional_options_description positional;
};

// Parses; on --help prints usage and returns 0, on a bad command line prints the error and
// returns 2; otherwise fills `vm` and returns nullopt.
std::optional<int> parse_command(const std::vector<std::string>& args, CommandSpec& spec,
                                 po::variables_map& vm, std::ostream& out, std::ostream& err);

// A whole-number flag (--trials, --seed, --threads, --trial), read as the scenario file reads
// its counts (sim/core/number.h): "1_000_000", "1e6" and "2.5e6" are whole numbers; "1.5",
// "1e-3" and "10x" are refused. Throws InputError naming the flag and what it expects
// (`expected`, e.g. "1 to 10^12").
int64_t parse_flag_number(const std::string& flag, const std::string& text, int64_t lo, int64_t hi,
                          const std::string& expected);

}  // namespace leth
