#include "sim/cli/cli.h"

#include <filesystem>
#include <nlohmann/json.hpp>
#include <ostream>

#include "scenarios/reader.h"

namespace leth {

const char* const kVersion = LETHALITY_VERSION;

namespace {

const char* kUsage =
    "lethality — Monte Carlo lethality of tabletop RPG injury rules\n"
    "\n"
    "usage: lethality <command> [options]\n"
    "\n"
    "commands:\n"
    "  run FILE|DIR...          run scenarios; print a summary, write CSV and run.json\n"
    "  merge DIR...             add the shards of a run (run --shard K/N) into its results\n"
    "  validate FILE|DIR...     check scenario files without running them\n"
    "  replay FILE --trial N    tell the story of one trial, event by event\n"
    "  rules [ID]               list the rulesets, or one ruleset's options\n"
    "  plot RESULTS_DIR         draw a results folder's charts and report.html (gnuplot)\n"
    "\n"
    "`lethality <command> --help` describes each command.\n";

}  // namespace

int cli_main(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  if (args.empty()) {  // a usage error: the usage goes to stderr, like every other error
    err << kUsage;
    return 2;
  }
  if (args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
    out << kUsage;
    return 0;
  }
  if (args[0] == "--version") {
    out << "lethality " << kVersion << "\n";
    return 0;
  }
  const std::vector<std::string> rest(args.begin() + 1, args.end());
  try {
    if (args[0] == "run") return cmd_run(rest, out, err);
    if (args[0] == "merge") return cmd_merge(rest, out, err);
    if (args[0] == "validate") return cmd_validate(rest, out, err);
    if (args[0] == "replay") return cmd_replay(rest, out, err);
    if (args[0] == "rules") return cmd_rules(rest, out, err);
    if (args[0] == "plot") try {
        return cmd_plot(rest, out, err);
      } catch (const nlohmann::json::exception& e) {
        // The only JSON plot reads is a results folder's run.json, which may be hand-edited.
        err << "error: a run.json does not read as `lethality run` writes it: " << e.what() << "\n";
        return 2;
      }
  } catch (const std::filesystem::filesystem_error& e) {
    // What the file system refuses (a link loop, a permission) is the user's setup, not a
    // fault of the program: status 2 with the path, never "internal error".
    err << "error: " << e.what() << "\n";
    return 2;
  }
  const std::string near =
      nearest(args[0], {"run", "merge", "validate", "replay", "rules", "plot"});
  err << "error: unknown command '" << args[0] << "'"
      << (near.empty() ? "" : " (did you mean '" + near + "'?)") << "\n\n"
      << kUsage;
  return 2;
}

}  // namespace leth
