// Shared command-line parsing for the commands: Boost.Program_options with `--help`, and
// errors that suggest the nearest option.
#pragma once

#include <boost/program_options.hpp>
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

}  // namespace leth
