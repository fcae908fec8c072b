// A batch's own files beside its scenarios' folders (docs/long-runs.md): summary.csv, one
// header then every scenario's summary.csv rows in order, and batch.json, its record
// (sim/cli/batch_record.h) — both rewritten atomically as each scenario ends, so that after an
// interruption they hold the scenarios done and batch.json says what is missing.
#pragma once

#include <string>

#include "sim/cli/batch_record.h"
#include "sim/cli/plan.h"

namespace leth {

class BatchOutput {
 public:
  // Removes what killed runs left of the batch's files and writes batch.json as the batch
  // starts: the scenarios kept by --resume done, the one with a checkpoint partial, the others
  // not run. Throws CheckpointError.
  BatchOutput(const RunPlan& plan, const RunSettings& settings);

  // Scenario i ended ("done" or "partial") with this summary.csv, or was kept (resume):
  // the batch's files are rewritten. The first scenario run in this session removes the page
  // `lethality plot` made of the batch, which no longer matches. Throws CheckpointError.
  void add(size_t i, const std::string& summary_csv, const std::string& state, bool ran);

  const BatchRecord& record() const { return record_; }
  std::string summary_path() const { return root_ + "/summary.csv"; }
  std::string record_path() const { return root_ + "/" + kBatchRecordName; }

 private:
  void write() const;
  std::string root_;
  BatchRecord record_;
  std::string summary_;
  bool report_removed_ = false;
};

// The terminal's note on an interrupted batch: which scenario was interrupted, which did not
// run, where the partial summary is and the command that resumes the batch.
std::string interrupted_note(const BatchOutput& batch, const std::string& resume_command);

// `lethality run ARGS... --resume`, each argument quoted for a POSIX shell where it must be.
std::string resume_command(const std::vector<std::string>& args);

}  // namespace leth
