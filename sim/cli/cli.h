// The command line: `lethality run|merge|validate|replay|rules|plot ...`. Library code throws; these
// functions turn errors into messages and exit statuses (0 ok, 2 bad input, 1 internal error).
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace leth {

extern const char* const kVersion;

int cli_main(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

int cmd_run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int cmd_validate(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int cmd_replay(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int cmd_merge(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int cmd_rules(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int cmd_plot(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace leth
