#include "rules/common/data.h"

#include <stdexcept>
#include <string>

namespace leth {

std::span<const RuleDataFile> rule_data_files() {
  return {detail::kRuleData, detail::kRuleDataCount};
}

std::string_view rule_data(std::string_view path) {
  for (const RuleDataFile& f : rule_data_files())
    if (f.path == path) return f.text;
  throw std::logic_error("rule data file " + std::string(path) +
                         " is not embedded in this build (is it under rules/<id>/data/?)");
}

}  // namespace leth
