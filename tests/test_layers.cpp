// The tree's layers (docs/design.md "The layers"): every #include of the project's own code points
// to the same folder or to a lower layer, rulesets never include one another, and no two folders
// include each other, directly or through a third.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "tests/support.h"

namespace {

namespace fs = std::filesystem;

// Lowest first. "rules/*" stands for each ruleset folder: one rank, and no edges among them.
const std::vector<std::string> kLayers = {"sim/core", "scenarios",  "rules/common", "rules/*",
                                          "analysis", "sim/engine", "sim/cli"};

// The layer folder a source path (relative to the tree, '/'-separated) belongs to, or "".
std::string folder_of(const std::string& path) {
  for (const char* two : {"sim/core/", "sim/engine/", "sim/cli/", "rules/"}) {
    if (path.rfind(two, 0) != 0) continue;
    if (std::string(two) != "rules/") return std::string(two, std::string(two).size() - 1);
    const auto slash = path.find('/', 6);
    return slash == std::string::npos ? "" : path.substr(0, slash);  // rules/common, rules/pf2
  }
  for (const char* one : {"scenarios/", "analysis/"})
    if (path.rfind(one, 0) == 0) return std::string(one, std::string(one).size() - 1);
  return "";
}

int rank_of(const std::string& folder) {
  for (size_t i = 0; i < kLayers.size(); ++i) {
    if (kLayers[i] == folder) return static_cast<int>(i);
    if (kLayers[i] == "rules/*" && folder.rfind("rules/", 0) == 0 && folder != "rules/common")
      return static_cast<int>(i);
  }
  return -1;
}

using Graph = std::map<std::string, std::set<std::string>>;  // folder -> folders it includes

// One cycle of the graph as "a -> b -> a", or "" if there is none.
std::string find_cycle(const Graph& g) {
  std::map<std::string, int> state;  // 0 new, 1 on the path, 2 done
  std::vector<std::string> path;
  std::string found;
  std::function<bool(const std::string&)> visit = [&](const std::string& n) {
    state[n] = 1;
    path.push_back(n);
    const auto it = g.find(n);
    if (it != g.end())
      for (const std::string& m : it->second) {
        if (m == n) continue;
        if (state[m] == 1) {
          auto from = std::find(path.begin(), path.end(), m);
          for (; from != path.end(); ++from) found += *from + " -> ";
          found += m;
          return true;
        }
        if (state[m] == 0 && visit(m)) return true;
      }
    path.pop_back();
    state[n] = 2;
    return false;
  };
  for (const auto& [n, _] : g)
    if (state[n] == 0 && visit(n)) return found;
  return "";
}

struct IncludeEdge {
  std::string file, included, from, to;
};

std::vector<IncludeEdge> project_includes() {
  const fs::path root = leth::test::source_path("");
  static const std::regex include_re(R"(^\s*#\s*include\s*"([^"]+)\")");
  std::vector<IncludeEdge> edges;
  for (const char* top : {"sim", "rules", "scenarios", "analysis"})
    for (const auto& e : fs::recursive_directory_iterator(root / top)) {
      const std::string ext = e.path().extension().string();
      if (!e.is_regular_file() || (ext != ".h" && ext != ".cpp")) continue;
      const std::string rel = fs::relative(e.path(), root).generic_string();
      std::ifstream in(e.path());
      std::string line;
      std::smatch m;
      while (std::getline(in, line))
        if (std::regex_search(line, m, include_re))
          edges.push_back({rel, m[1], folder_of(rel), folder_of(m[1])});
    }
  return edges;
}

}  // namespace

TEST_CASE("layers: the cycle finder sees a cycle through a third folder", "[layers]") {
  Graph g{{"a", {"b"}}, {"b", {"c"}}, {"c", {"a"}}, {"d", {"a"}}};
  CHECK(find_cycle(g) == "a -> b -> c -> a");
  g["c"].clear();
  CHECK(find_cycle(g).empty());
  CHECK(folder_of("rules/pf2/model.h") == "rules/pf2");
  CHECK(folder_of("sim/core/stream.h") == "sim/core");
  CHECK(rank_of("rules/dnd5e") == rank_of("rules/pf2"));
  CHECK(rank_of("rules/common") < rank_of("rules/pf2"));
}

TEST_CASE("layers: every project include points down, and folders form no cycle", "[layers]") {
  const std::vector<IncludeEdge> edges = project_includes();
  REQUIRE(edges.size() > 50);  // the scan found the tree
  Graph g;
  for (const IncludeEdge& e : edges) {
    INFO(e.file << " includes \"" << e.included << "\"");
    REQUIRE(rank_of(e.from) >= 0);  // every source file sits in a known layer folder
    if (e.to.empty()) continue;     // not the project's own header (a system or package one)
    REQUIRE(rank_of(e.to) >= 0);
    g[e.from].insert(e.to);
    if (e.from == e.to) continue;
    // Down only; two rulesets share a rank, so neither may include the other.
    CHECK(rank_of(e.to) < rank_of(e.from));
  }
  INFO("folders that include each other: " << find_cycle(g));
  CHECK(find_cycle(g).empty());
  CHECK(g.count("sim/cli") == 1);
  CHECK(g.count("rules/pf2") == 1);
}
