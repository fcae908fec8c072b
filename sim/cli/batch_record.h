// A batch's record, batch.json beside its scenarios' folders (docs/long-runs.md): the options
// that decide its results, as the batch was started with, and the state of each scenario
// (done, partial, not run). It is rewritten with the batch's summary.csv as each scenario
// finishes, so after an interruption it says which scenarios the summary is missing, and
// `run ... --resume` reads the options back instead of asking for them again.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "sim/cli/plan.h"

namespace leth {

inline constexpr const char* kBatchRecordName = "batch.json";

struct BatchRecord {
  struct Entry {
    std::string name, file, sha256;
    std::string state = "not run";  // "done", "partial" (interrupted), "not run"
  };
  std::vector<Entry> scenarios;  // in the order they run
  // The settings that decide the results (RunSettings: trials, seed, precision and its
  // options, interval, reference, all pairs); only these are recorded and read back.
  RunSettings settings;
  bool partial() const;
  std::vector<std::string> named(const std::string& state) const;
};

// The record of a batch about to run: every scenario "not run".
BatchRecord new_batch_record(const RunPlan& plan, const RunSettings& settings);
// batch.json's text: stable (no time, no measured field), so that an interrupted and resumed
// batch writes the same bytes as an uninterrupted one.
std::string batch_record_text(const BatchRecord& r);
// Reads <root>/batch.json; nullopt if there is none. Throws InputError if it does not read.
std::optional<BatchRecord> read_batch_record(const std::string& root);

// "1 of 4 scenarios done; interrupted: b; did not run: c, d".
std::string batch_progress(const BatchRecord& r);
// For a batch's page and `plot`: "PARTIAL batch: ..." with batch_progress, when <root>'s
// batch.json says the batch is partial; "" for a whole batch or one without a record.
std::string partial_batch_note(const std::string& root);

// --resume of a batch: the options not given on the command line taken from the record, and
// those given checked against it. Throws InputError (naming the option, what was recorded and
// how to resume) when one differs or when the batch's scenarios are not the record's.
RunSettings resume_settings(const BatchRecord& record, RunSettings given,
                            const std::vector<std::string>& names, const std::string& path);

}  // namespace leth
