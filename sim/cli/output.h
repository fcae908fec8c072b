// Results folders: named once, checked before anything runs, and replaced in one step. Files
// are written into a staging folder beside the target, which is then swapped with the old
// folder in one rename (renameat2 RENAME_EXCHANGE) before the old one is deleted, so the
// folder is always the old one whole or the new one whole — never neither, never half.
#pragma once

#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace leth {

using FileSet = std::vector<std::pair<std::string, std::string>>;  // name, contents

// `--out` as it will be used: lexically normal, without a trailing '/' ("od/.", "./od/" and
// "od/../od" are "od"). Throws InputError naming `flag` for what cannot name a folder ('.',
// '..', '/', empty) and for a '..' that a symbolic link would lead elsewhere than it reads.
std::string output_path(const std::string& given, const std::string& flag = "--out");

// What a writer puts in a results folder: a shard's results hold tally.json, which only a run
// of a shard may replace (merge needs it: merging onto a shard's folder would destroy it).
enum class Writes { Results, ShardResults };

// Checks, before any simulation, that `dir` can be created and written: it must be new, empty
// or an earlier results folder, and a probe file written and synced there (a full disk is
// refused now, not after the run). Throws InputError; leaves nothing behind.
void check_output_dir(const std::string& dir, Writes writes = Writes::Results);

// Replaces `dir` with exactly these files. Throws InputError; leaves no partial output.
void write_output_dir(const std::string& dir, const FileSet& files);

// Removes what processes that died while writing `path` (a results folder, or a file written
// atomically beside it) left there: "<path>.partial-PID" staging folders, "<path>.tmp-PID" and
// "<path>.checkpoint.json.tmp-PID" files; and puts back "<path>.replaced-PID", an old folder
// moved aside by a replacement that could not swap in one step, when `path` is missing. Only
// those of processes that no longer exist; call it holding the folder's lock.
void remove_leftovers(const std::string& path);

// The steps of a replacement, for tests that stop the program between any two of them.
enum class ReplaceStep {
  Staging,     // the first file is in the staging folder
  Staged,      // every file is in it, synced
  MovedAside,  // without RENAME_EXCHANGE only: the old folder renamed to <dir>.replaced-PID
  Swapped,     // the new folder is in place (the old one, if any, at the staging name)
  Synced,      // the parent folder synced: the swap survives a power cut
  Removed,     // the old folder deleted
};
const char* step_name(ReplaceStep s);
using StepHook = std::function<void(ReplaceStep)>;
// write_output_dir with `at` called after each step, and the one-step swap used only if
// `exchange` (else the old folder is moved aside first, as where the file system lacks it).
// write_output_dir's own hook raises SIGKILL at the step named by the environment variable
// LETHALITY_TEST_KILL_AT (tests/test_output_dir.cpp), and does nothing without it.
void replace_output_dir(const std::string& dir, const FileSet& files, const StepHook& at,
                        bool exchange = true);

}  // namespace leth
