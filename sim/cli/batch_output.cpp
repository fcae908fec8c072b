#include "sim/cli/batch_output.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "sim/cli/output.h"
#include "sim/cli/report_html.h"
#include "sim/engine/checkpoint.h"

namespace leth {

namespace {

// Removes <root>/report.html if `lethality plot` wrote it for a batch (it names itself so);
// any other file of that name is left alone.
void remove_batch_report(const std::string& root) {
  const std::string page = root + "/report.html";
  std::ifstream in(page, std::ios::binary);
  if (!in) return;
  std::ostringstream text;
  text << in.rdbuf();
  in.close();
  if (text.str().find(std::string("content=\"") + kBatchReportGenerator + "\"") ==
      std::string::npos)
    return;
  std::error_code ignored;
  std::filesystem::remove(page, ignored);
}

}  // namespace

BatchOutput::BatchOutput(const RunPlan& plan, const RunSettings& settings)
    : root_(plan.out_root), record_(new_batch_record(plan, settings)) {
  remove_leftovers(summary_path());
  remove_leftovers(record_path());
  for (size_t i = 0; i < plan.scenarios.size(); ++i) {
    const PlannedScenario& p = plan.scenarios[i];
    if (p.finished)
      record_.scenarios[i].state = "done";
    else if (p.start.tally.trials() > 0)
      record_.scenarios[i].state = "partial";
  }
  write_file_atomically(record_path(), batch_record_text(record_));
}

void BatchOutput::add(size_t i, const std::string& summary_csv, const std::string& state,
                      bool ran) {
  if (ran && !report_removed_) {
    remove_batch_report(root_);
    report_removed_ = true;
  }
  record_.scenarios.at(i).state = state;
  // A header, then the rows: the header once.
  summary_ += summary_.empty() ? summary_csv : summary_csv.substr(summary_csv.find('\n') + 1);
  write();
}

void BatchOutput::write() const {
  write_file_atomically(summary_path(), summary_);
  write_file_atomically(record_path(), batch_record_text(record_));
}

std::string interrupted_note(const BatchOutput& batch, const std::string& resume_command) {
  const BatchRecord& r = batch.record();
  std::ostringstream o;
  o << "batch interrupted: " << batch_progress(r);
  const bool cut = !r.named("partial").empty();
  o << "\n  PARTIAL summary: " << batch.summary_path() << " holds the scenarios done"
    << (!cut ? "" : " and the interrupted one's partial rows") << "; " << batch.record_path()
    << " says \"partial\": true\n"
    << "  resume the batch with: " << resume_command << "\n";
  return o.str();
}

std::string resume_command(const std::vector<std::string>& args) {
  static const std::string kPlain = "_-./=:%+,@";
  std::string c = "lethality run";
  for (const std::string& a : args) {
    const bool plain = !a.empty() && std::all_of(a.begin(), a.end(), [](char ch) {
      return std::isalnum(static_cast<unsigned char>(ch)) || kPlain.find(ch) != std::string::npos;
    });
    c.push_back(' ');
    if (plain) {
      c.append(a);
      continue;
    }
    c.push_back('\'');
    for (char ch : a)
      if (ch == '\'')
        c.append("'\\''");
      else
        c.push_back(ch);
    c.push_back('\'');
  }
  if (std::find(args.begin(), args.end(), "--resume") == args.end()) c.append(" --resume");
  return c;
}

}  // namespace leth
