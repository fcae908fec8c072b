// `lethality merge DIR...`: adds the tallies of shards (`run --shard K/N`, each folder's
// tally.json) exactly, in any order, and writes the results a single run would have written.
#include <algorithm>
#include <filesystem>
#include <ostream>

#include "analysis/sweep_report.h"
#include "sim/cli/cli.h"
#include "sim/cli/cli_parse.h"
#include "sim/cli/folder_lock.h"
#include "sim/cli/output.h"
#include "sim/cli/results.h"
#include "sim/core/error.h"

namespace leth {

namespace {

struct MergeArgs {
  std::vector<std::string> dirs;
  std::string out_dir, scenario;
};

}  // namespace

int cmd_merge(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  CommandSpec spec{
      "lethality merge DIR... [--out DIR] [--scenario FILE] [--quiet]",
      "Adds the shards of one run (the results folders of `lethality run --shard K/N`, each\n"
      "holding tally.json) and writes the results a single run would have written into\n"
      "results/<scenario-name>/ (or --out DIR): the same bytes whatever the order of the\n"
      "folders. Shards of different runs, or two shards covering the same trials, are\n"
      "refused with status 2. The scenario file is read from the path the shards recorded\n"
      "(or --scenario FILE) and must have the hash they recorded. With shards missing the\n"
      "results are written marked partial.",
      po::options_description("options"),
      {}};
  MergeArgs m;
  spec.options.add_options()("out", po::value<std::string>(&m.out_dir),
                             "results folder; default results/<name>/")(
      "scenario", po::value<std::string>(&m.scenario),
      "the scenario file, if not at the path the shards recorded")("quiet,q", "no summary table")(
      "dir", po::value<std::vector<std::string>>(&m.dirs), "shard results folders");
  spec.positional.add("dir", -1);
  po::variables_map vm;
  if (auto status = parse_command(args, spec, vm, out, err)) return *status;
  const bool quiet = vm.count("quiet") > 0;
  if (m.dirs.empty()) {
    err << "error: no shard folders given\nusage: " << spec.usage << "\n";
    return 2;
  }
  try {
    // Read and check every shard before writing anything. A tally of another run, or trials
    // counted twice, is refused with RunTally::merge's own message.
    std::vector<Checkpoint> shards;
    for (const std::string& d : m.dirs) {
      const std::string path = d + "/tally.json";
      std::error_code ec;
      if (!std::filesystem::exists(std::filesystem::symlink_status(path, ec)))
        throw InputError({d}, "no tally.json in this folder",
                         "give the results folders of `lethality run --shard K/N`");
      try {
        shards.push_back(read_checkpoint(path));
      } catch (const CheckpointError& e) {
        throw InputError({}, e.what(), "run that shard again");
      }
    }
    RunTally total = shards.front().tally;
    double elapsed = shards.front().elapsed_s;
    int threads = shards.front().threads;
    for (size_t i = 1; i < shards.size(); ++i) {
      try {
        total.merge(shards[i].tally);
      } catch (const TallyMismatch& e) {
        throw InputError({m.dirs[i] + "/tally.json"}, e.what(),
                         "each shard K/N once, all of one run");
      }
      // The tallies agree on the run (tool, scenario, seed, variants); the plan must too.
      const std::string diff = shards.front().difference(shards[i]);
      if (!diff.empty())
        throw InputError({m.dirs[i] + "/tally.json"},
                         "not a shard of the same run as " + m.dirs.front() + ": " + diff,
                         "merge only the shards of one run");
      elapsed += shards[i].elapsed_s;
      threads = std::max(threads, shards[i].threads);
    }
    const Checkpoint& first = shards.front();
    const std::string file = m.scenario.empty() ? first.file : m.scenario;
    LoadedScenario ls;
    try {
      ls = load_scenario(file);
    } catch (const InputError& e) {
      throw InputError({}, e.what(), "the shards need their scenario file: give --scenario FILE");
    }
    if (ls.scenario.sha256 != first.sha256)
      throw InputError({file},
                       "the scenario file has changed since the shards ran (sha256 " +
                           ls.scenario.sha256.substr(0, 12) + ", the shards' " +
                           first.sha256.substr(0, 12) + ")",
                       "give --scenario the file the shards ran");
    // The file is the shards' own; their tallies must be of its variants and metrics too (a
    // tally.json edited and its checksum recomputed).
    try {
      RunTally probe = empty_tally(ls, first.seed);
      probe.merge(total);
    } catch (const TallyMismatch& e) {
      throw InputError({m.dirs.front() + "/tally.json"},
                       std::string("the shards' tallies are not of this scenario: ") + e.what(),
                       "run the shards again");
    }
    const std::string out_dir =
        m.out_dir.empty() ? "results/" + first.scenario : output_path(m.out_dir);
    const FolderLock lock(out_dir);  // until the results are written
    check_output_dir(out_dir);       // a shard's folder (its tally.json) is refused
    remove_leftovers(out_dir);

    const bool complete = total.trials() == first.trials_planned;
    RunInfo info = run_info_of(ls, first.seed, first.trials_planned, threads, elapsed);
    info.file = first.file;  // as a single run of the shards' command line would say
    // elapsed is the shards' summed time: trials per second of one machine's worth of work.
    info.trials_per_second = elapsed > 0 ? static_cast<double>(total.trials()) / elapsed : 0;
    info.peak_memory_mib = 0;  // the shards' memory is not recorded; the merge's own is not it
    Checkpoint merged = first;
    merged.shard = merged.shards = 1;
    FileSet files = csv_files(info, total);
    add_sweep_files(files, ls.scenario, info, total);
    files.emplace_back("run.json", mark_partial(run_json(info, total), !complete, merged));
    write_output_dir(out_dir, files);
    if (!quiet) out << summary_table(info, total);
    if (!quiet) out << sweep_summary(ls.scenario, info, total);
    if (!complete)
      out << "  PARTIAL: " << total.trials() << " of " << first.trials_planned << " trials ("
          << total.ranges.text() << "): shards are missing\n";
    out << "  merged " << shards.size() << " shards; results: " << out_dir << "/\n";
  } catch (const InputError& e) {
    err << e.what() << "\n";
    return 2;
  }
  return 0;
}

}  // namespace leth
