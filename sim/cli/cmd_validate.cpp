// `lethality validate`: every check `run` makes before running, and nothing else — the same
// code (sim/cli/plan.h), so that a folder validate accepts is a folder run accepts.
#include <ostream>

#include "sim/cli/cli.h"
#include "sim/cli/cli_parse.h"
#include "sim/cli/plan.h"

namespace leth {

int cmd_validate(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  CommandSpec spec{"lethality validate FILE|DIR... [--out DIR]",
                   "Makes every check `lethality run` makes before it runs anything: reads each\n"
                   "scenario file (a folder means every *.toml in it) and every variant in it,\n"
                   "checks that no two scenarios share a name, and that the results folders\n"
                   "(results/<name>/, or --out DIR) can be written, leaving nothing behind.\n"
                   "Reports the first error in each file as file:line:col: error: ... and exits\n"
                   "with status 2 if anything is wrong.",
                   po::options_description("options"),
                   {}};
  std::vector<std::string> files;
  std::string out_dir;
  spec.options.add_options()("out", po::value<std::string>(&out_dir),
                             "the results folder `run --out` would write")(
      "file", po::value<std::vector<std::string>>(&files), "scenario files or folders");
  spec.positional.add("file", -1);
  po::variables_map vm;
  if (auto status = parse_command(args, spec, vm, out, err)) return *status;
  if (files.empty()) {
    err << "error: no scenario files given\nusage: " << spec.usage << "\n";
    return 2;
  }
  const RunPlan plan = plan_run(files, out_dir);
  for (const PlannedScenario& p : plan.scenarios) {
    const Scenario& s = p.loaded.scenario;
    out << "ok  " << s.file << ": " << s.name << " (" << s.ruleset << ", " << s.variants.size()
        << (s.variants.size() == 1 ? " variant, " : " variants, ") << s.trials << " trials)\n";
  }
  for (const InputError& e : plan.errors) err << e.what() << "\n";
  return plan.ok() ? 0 : 2;
}

}  // namespace leth
