// `lethality replay`: one trial, alone, told event by event — the same trial as in a run.
#include <ostream>

#include "scenarios/reader.h"
#include "sim/cli/cli.h"
#include "sim/cli/cli_parse.h"
#include "sim/engine/runner.h"

namespace leth {

namespace {

// "died (dying) at 0:00:12; knocked_out 1; time_out_of_action 0:01:30" — from the declaration.
std::string outcome_text(const Outcome& o, const MetricSpec& m) {
  const EndSpec& e = m.ends.at(o.end);
  std::string s;
  switch (e.kind) {
    case EndKind::Died:
      s = "died";
      break;
    case EndKind::Recovered:
      s = "recovered: back to full health";
      break;
    case EndKind::Unresolved:
      s = "unresolved at the horizon";
      break;
    case EndKind::Lost:
      s = "lost";
      break;
  }
  if (!e.detail.empty()) s += " (" + e.detail + ")";
  s += " at " + clock_text(o.end_time);
  if (m.adventures > 0) {
    const bool died = e.kind == EndKind::Died;
    s += died ? ", in adventure " + std::to_string(o.adventures + 1)
              : ", after " + std::to_string(o.adventures) + " adventure" +
                    (o.adventures == 1 ? "" : "s");
    s += " of " + std::to_string(m.adventures);
  }
  for (size_t c = 0; c < m.counters.size(); ++c)
    if (o.counters[c] > 0) s += "; " + m.counters[c].name + " " + std::to_string(o.counters[c]);
  for (size_t d = 0; d < m.durations.size(); ++d)
    if (o.has(d) && m.durations[d].name != kDowntime && m.durations[d].name != kTimeToDeath)
      s += "; " + m.durations[d].name + " " + clock_text(o.durations[d]);
  return s;
}

}  // namespace

int cmd_replay(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  CommandSpec spec{"lethality replay FILE --trial N [--variant NAME] [--seed S] [--ruleset ID]",
                   "Runs trial N of one variant (default: the baseline) alone and prints what\n"
                   "happened, line by line. Trial N here is trial N of `lethality run` with the\n"
                   "same seed, whatever the thread count. A file of several rulesets needs\n"
                   "--ruleset.",
                   po::options_description("options"),
                   {}};
  std::string file, variant = "baseline", trial_text, seed_text, ruleset;
  spec.options.add_options()("trial", po::value<std::string>(&trial_text)->required(),
                             "the trial index, from 0")("variant", po::value<std::string>(&variant),
                                                        "the variant's name (default: baseline)")(
      "seed", po::value<std::string>(&seed_text), "random seed (default: the file's)")(
      "ruleset", po::value<std::string>(&ruleset),
      "which ruleset's version of the fight, in a file of several (rulesets = [...])")(
      "file", po::value<std::string>(&file)->required(), "the scenario file");
  spec.positional.add("file", 1);
  po::variables_map vm;
  if (auto status = parse_command(args, spec, vm, out, err)) return *status;
  int64_t trial = 0;
  std::optional<uint64_t> seed;
  try {
    // Read like `run`'s numbers and the file's: 81_234, 1e5.
    trial = parse_flag_number("--trial", trial_text, 0, INT64_MAX,
                              "0 or more (trials are numbered from 0)");
    if (vm.count("seed"))
      seed =
          static_cast<uint64_t>(parse_flag_number("--seed", seed_text, 0, INT64_MAX, "0 or more"));
  } catch (const InputError& e) {
    err << e.what() << "\n";
    return 2;
  }
  try {
    const LoadedScenario ls = load_scenario(file, ruleset);
    const Scenario& s = ls.scenario;
    const int v = s.variant_index(variant);
    if (v < 0) {
      std::vector<std::string> names;
      for (const VariantSpec& vs : s.variants) names.push_back(vs.name);
      const std::string near = nearest(variant, names);
      std::string list;
      for (const std::string& n : names) list += (list.empty() ? "" : ", ") + n;
      err << file << ": error: no variant named \"" << variant << "\" ("
          << (near.empty() ? "its variants: " + list : "did you mean \"" + near + "\"?") << ")\n";
      return 2;
    }
    const uint64_t sd = seed.value_or(s.seed);
    EventLog log;
    uint64_t draws = 0;
    const Outcome o =
        replay_trial(ls, static_cast<size_t>(v), sd, static_cast<uint64_t>(trial), &log, &draws);
    out << s.name << " (" << s.ruleset << "), variant " << variant << ", seed " << sd << ", trial "
        << trial << "\n"
        << log.render()
        << "outcome: " << outcome_text(o, metrics_of(ls)) << "; "
        << draws << " random draws\n";
  } catch (const InputError& e) {
    err << e.what() << "\n";
    return 2;
  }
  return 0;
}

}  // namespace leth
