// `lethality rules`: the rulesets; for one, its options, what a trial reports and every
// scenario key; `--template` prints a commented scenario to start from; `--party`, the same
// for a party fight (docs/parties.md).
#include <ostream>

#include "scenarios/reader.h"
#include "sim/cli/cli.h"
#include "sim/cli/cli_parse.h"
#include "sim/engine/load.h"
#include "sim/engine/registry.h"

namespace leth {

int cmd_rules(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  CommandSpec spec{
      "lethality rules [ID] [--party] [--template]",
      "Without ID, lists the rulesets. With ID, lists that ruleset's options (name,\n"
      "values, default and what it changes), what a trial reports, and every scenario\n"
      "key with its type, range and default. With --template, prints a commented\n"
      "scenario that sets every key, to start a new one from:\n"
      "  lethality rules pf2 --template > my-scenario.toml\n"
      "With --party, the same for a party fight ([[party]] against [[opponents]]):\n"
      "  lethality rules dnd5e --party --template > my-party.toml\n"
      "rules/<ID>/README.md and docs/parties.md have the rest.",
      po::options_description("options"),
      {}};
  std::string id;
  spec.options.add_options()("id", po::value<std::string>(&id), "a ruleset id")(
      "template", "print a commented scenario with every key")(
      "party", "a party fight's keys and template instead of one character's");
  spec.positional.add("id", 1);
  po::variables_map vm;
  if (auto status = parse_command(args, spec, vm, out, err)) return *status;
  if (id.empty()) {
    for (const RulesetInfo& r : rulesets())
      out << r.id << "  " << r.title << " (seed " << r.seed_file << ")\n";
    return 0;
  }
  const RulesetInfo* r = find_ruleset(id);
  if (!r) {
    const std::string near = nearest(id, ruleset_ids(), true);
    err << "error: no ruleset '" << id << "'"
        << (near.empty() ? "" : " (did you mean '" + near + "'?)")
        << "; `lethality rules` lists them\n";
    return 2;
  }
  const bool party = vm.count("party") > 0;
  if (party && !r->party_template) {
    err << "error: --party: ruleset '" << r->id
        << "' has no party fight yet (docs/parties.md says which do)\n";
    return 2;
  }
  if (vm.count("template")) {
    out << (party ? r->party_template() : r->scenario_template());
    return 0;
  }
  if (party) {
    out << r->id
        << " party fight: the keys, with the defaults the loader gave the party "
           "template (docs/parties.md says what each does; the options are those of `lethality "
           "rules "
        << r->id << "`). `lethality rules " << r->id
        << " --party --template` prints a scenario with all of them:\n"
        << scenario_keys(*r, true).text({"options", "variants[]"});
    return 0;
  }
  out << r->id << ": " << r->title << " (seed " << r->seed_file << ")\n"
      << "options ([options] in a scenario, or options = { ... } in a variant):\n";
  for (const OptionSpec& o : *r->options) {
    out << "  " << o.name << " = " << o.default_value << "\n"
        << "      values: " << option_kind_text(o) << "\n"
        << "      " << o.help << "\n";
  }
  // What a trial reports: the model's declaration, which the CSV files follow.
  const MetricSpec& m = *r->metrics;
  out << "ends (end_states.csv):\n";
  for (const EndSpec& e : m.ends) out << "  " << e.name() << ": " << e.help << "\n";
  out << "counters (summary.csv: <name>_rate, <name>_mean):\n";
  for (const CounterSpec& c : m.counters) out << "  " << c.name << ": " << c.help << "\n";
  out << "durations (summary.csv: <name>_mean_s, _median_s, _p90_s, _p99_s; histograms.csv):\n";
  for (const DurationSpec& d : m.durations) out << "  " << d.name << ": " << d.help << "\n";
  out << "sequelae (sequelae.csv):" << (m.sequelae.empty() ? " none\n" : "\n");
  for (const SequelaSpec& q : m.sequelae)
    out << "  " << q.name << (q.unit.empty() ? "" : " [" + q.unit + "]") << ": " << q.help << "\n";
  // Every scenario key, from the loader's own calls on the ruleset's template.
  out << "scenario keys, with the defaults the loader gave the template (some depend on other\n"
         "keys; rules/"
      << r->id << "/README.md says how). `lethality rules " << r->id
      << " --template` prints a scenario with all of them:\n"
      << scenario_keys(*r).text({"options", "variants[]"});
  return 0;
}

}  // namespace leth
