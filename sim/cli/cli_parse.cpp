#include "sim/cli/cli_parse.h"

#include <ostream>

#include "scenarios/reader.h"
#include "sim/core/number.h"

namespace leth {

std::optional<int> parse_command(const std::vector<std::string>& args, CommandSpec& spec,
                                 po::variables_map& vm, std::ostream& out, std::ostream& err) {
  spec.options.add_options()("help,h", "describe this command");
  try {
    po::store(po::command_line_parser(args).options(spec.options).positional(spec.positional).run(),
              vm);
    if (vm.count("help")) {
      out << "usage: " << spec.usage << "\n\n" << spec.description << "\n\n" << spec.options;
      return 0;
    }
    po::notify(vm);
  } catch (const po::unknown_option& e) {
    std::vector<std::string> names;
    for (const auto& o : spec.options.options()) names.push_back("--" + o->long_name());
    const std::string near = nearest(e.get_option_name(), names);
    err << "error: unknown option '" << e.get_option_name() << "'"
        << (near.empty() ? "" : " (did you mean '" + near + "'?)") << "\n"
        << "usage: " << spec.usage << "\n";
    return 2;
  } catch (const po::error& e) {
    err << "error: " << e.what() << "\nusage: " << spec.usage << "\n";
    return 2;
  }
  return std::nullopt;
}

int64_t parse_flag_number(const std::string& flag, const std::string& text, int64_t lo, int64_t hi,
                          const std::string& expected) {
  int64_t x;
  try {
    x = parse_whole_number(text);
  } catch (const InputError& e) {
    throw InputError({}, flag + " " + e.bare_message(), "expected " + expected + "; " + e.hint());
  }
  if (x < lo || x > hi)
    throw InputError({}, flag + " " + std::to_string(x) + " is out of range",
                     "expected " + expected);
  return x;
}

}  // namespace leth
