// `lethality validate`: every check `run` makes before running, and nothing else.
#include <ostream>

#include "sim/cli/cli.h"
#include "sim/cli/cli_parse.h"
#include "sim/engine/load.h"

namespace leth {

int cmd_validate(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  CommandSpec spec{"lethality validate FILE|DIR...",
                   "Reads each scenario file (a folder means every *.toml in it) and every\n"
                   "variant in it, and reports the first error in each file as\n"
                   "file:line:col: error: ... Exits with status 2 if any file is invalid.",
                   po::options_description("options"),
                   {}};
  std::vector<std::string> files;
  spec.options.add_options()("file", po::value<std::vector<std::string>>(&files),
                             "scenario files or folders");
  spec.positional.add("file", -1);
  po::variables_map vm;
  if (auto status = parse_command(args, spec, vm, out, err)) return *status;
  if (files.empty()) {
    err << "error: no scenario files given\nusage: " << spec.usage << "\n";
    return 2;
  }
  try {
    files = expand_scenario_paths(files);
  } catch (const InputError& e) {
    err << e.what() << "\n";
    return 2;
  }
  int status = 0;
  for (const std::string& f : files) {
    try {
      const LoadedScenario ls = load_scenario(f);
      const Scenario& s = ls.scenario;
      out << "ok  " << f << ": " << s.name << " (" << s.ruleset << ", " << s.variants.size()
          << (s.variants.size() == 1 ? " variant, " : " variants, ") << s.trials << " trials)\n";
    } catch (const InputError& e) {
      err << e.what() << "\n";
      status = 2;
    }
  }
  return status;
}

}  // namespace leth
