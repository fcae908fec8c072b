#include "rules/common/data.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <optional>
#include <sstream>
#include <stdexcept>

#include "sim/core/error.h"

namespace leth {

namespace {

const RuleDataFile& embedded(std::string_view path) {
  for (const RuleDataFile& f : rule_data_files())
    if (f.path == path) return f;
  throw std::logic_error("rule data file " + std::string(path) +
                         " is not embedded in this build (is it under rules/<id>/data/?)");
}

// DIR/<id>/data/<file> for "rules/<id>/data/<file>", if LETHALITY_RULES_DIR is set and it exists.
std::optional<std::string> replacement(std::string_view path) {
  const char* dir = std::getenv(kRulesDirVariable);
  if (dir == nullptr || *dir == '\0') return std::nullopt;
  std::string_view rest = path;
  if (rest.starts_with("rules/")) rest.remove_prefix(6);
  const std::filesystem::path p = std::filesystem::path(dir) / std::string(rest);
  std::error_code ec;
  if (!std::filesystem::is_regular_file(p, ec)) return std::nullopt;
  return p.string();
}

}  // namespace

std::span<const RuleDataFile> rule_data_files() {
  return {detail::kRuleData, detail::kRuleDataCount};
}

std::string_view rule_data(std::string_view path) {
  const RuleDataFile& built_in = embedded(path);  // a replacement needs a built-in original
  const std::optional<std::string> file = replacement(path);
  if (!file) return built_in.text;
  // Replacements are read once and kept: std::map's nodes never move, so views stay valid.
  static std::mutex mutex;
  static std::map<std::string, std::string, std::less<>> read;
  const std::lock_guard<std::mutex> lock(mutex);
  auto it = read.find(*file);
  if (it == read.end()) {
    std::ifstream in(*file, std::ios::binary);
    if (!in.is_open())
      throw InputError({*file}, "cannot read this rule data file",
                       std::string("unset ") + kRulesDirVariable + " to use the built-in tables");
    std::ostringstream s;
    s << in.rdbuf();
    it = read.emplace(*file, s.str()).first;
  }
  return it->second;
}

std::string rule_data_name(std::string_view path) {
  embedded(path);
  const std::optional<std::string> file = replacement(path);
  return file ? *file : std::string(path);
}

}  // namespace leth
