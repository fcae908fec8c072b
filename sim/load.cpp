#include "sim/load.h"

#include <algorithm>
#include <filesystem>

namespace leth {

LoadedScenario load_scenario(const std::string& path) {
  LoadedScenario out;
  out.scenario = read_scenario(Document::parse_file(path), ruleset_ids());
  for (size_t v = 0; v < out.scenario.variants.size(); ++v)
    out.models.push_back(build_model(out.scenario, v));
  out.scenario.doc->check_unused();
  return out;
}

std::vector<std::string> expand_scenario_paths(const std::vector<std::string>& args) {
  namespace fs = std::filesystem;
  std::vector<std::string> out;
  for (const std::string& a : args) {
    std::error_code ec;
    if (fs::is_directory(a, ec)) {
      std::vector<std::string> found;
      for (const auto& e : fs::directory_iterator(a, ec))
        if (e.is_regular_file() && e.path().extension() == ".toml") found.push_back(e.path().string());
      if (ec) throw InputError({a}, "cannot read the folder: " + ec.message());
      if (found.empty())
        throw InputError({a}, "the folder holds no scenario files",
                         "scenario files end in .toml; see scenarios/ for examples");
      std::sort(found.begin(), found.end());
      out.insert(out.end(), found.begin(), found.end());
    } else {
      out.push_back(a);
    }
  }
  return out;
}

}  // namespace leth
