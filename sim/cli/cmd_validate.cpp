// `lethality validate`: every check `run` makes before running, and nothing else — the same
// code (sim/cli/plan.h), so that a folder validate accepts is a folder run accepts.
#include <ostream>

#include "sim/cli/cli.h"
#include "sim/cli/cli_parse.h"
#include "sim/cli/plan.h"

namespace leth {

int cmd_validate(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  CommandSpec spec{
      "lethality validate FILE|DIR... (run's options:) [--trials N | --precision H]\n"
      "       [--max-trials N] [--min-trials N] [--min-deaths N] [--seed S] [--threads T]\n"
      "       [--out DIR] [--quiet] [--log-every SECONDS] [--reference NAME | --all-pairs]\n"
      "       [--interval wilson|clopper-pearson] [--checkpoint-every N] [--resume] [--shard K/N]",
      "Makes every check `lethality run` makes before it runs anything: reads each\n"
      "scenario file (a folder means every *.toml in it) and every variant in it,\n"
      "checks that no two scenarios share a name, and that the results folders\n"
      "(results/<name>/, or --out DIR) can be written, leaving nothing behind. It takes\n"
      "run's options, so that validate with run's arguments checks what run would.\n"
      "Reports the first error in each file as file:line:col: error: ... and exits\n"
      "with status 2 if anything is wrong.",
      po::options_description("options"),
      {}};
  RunArgs run_args;
  add_run_options(spec, run_args);
  po::variables_map vm;
  if (auto status = parse_command(args, spec, vm, out, err)) return *status;
  const std::optional<CheckedRun> checked = check_run(vm, run_args, spec.usage, err);
  if (!checked) return 2;
  const RunPlan& plan = checked->plan;
  // The trials as run would run them: the command line's --trials or --precision over the
  // file's, and a precision target with its cap.
  const RunSettings& settings = checked->settings;
  for (const PlannedScenario& p : plan.scenarios) {
    const Scenario& s = p.loaded.scenario;
    const std::optional<PrecisionTarget> target = precision_target(settings, s);
    const uint64_t n = planned_trials(settings, s);
    out << "ok  " << s.file << ": " << s.name << " (" << s.ruleset << ", " << s.variants.size()
        << (s.variants.size() == 1 ? " variant, " : " variants, ");
    // A campaign's trial is a campaign (docs/campaigns.md): say so, and how long.
    const std::string what =
        s.campaign ? " campaign" + std::string(n == 1 ? "" : "s") + " of up to " +
                         std::to_string(s.campaign->adventures) + " adventures"
                   : (n == 1 ? " trial" : " trials");
    if (target)
      out << "to a precision of " << target->text() << ", at most " << n << what << ")\n";
    else
      out << n << what << ")\n";
  }
  for (const InputError& e : plan.errors) err << e.what() << "\n";
  return plan.ok() ? 0 : 2;
}

}  // namespace leth
