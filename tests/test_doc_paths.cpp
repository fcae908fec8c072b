// Every path the project's pages and code comments cite exists, and every link between the
// pages resolves — so a page or a comment cannot point at a file that moved or never was.
//
// Where paths are looked for:
// - Markdown: every .md file of the project (README.md, docs/*.md, rules/*/README.md,
//   bench/README.md, and any page added later, e.g. under scenarios/) — all of the text,
//   code blocks included.
// - Comments: `//` and `/* */` comments of the .h and .cpp files, `#` comments of the .py, .sh,
//   .cmake and .toml files and of CMakeLists.txt (and Python docstrings), under sim/,
//   analysis/, scenarios/, rules/, tests/, bench/, scripts/, cmake/ and .ci/, and of run.sh,
//   test.sh and CMakeLists.txt at the top. String literals are code, not comments, and are
//   not read; tests/golden/ and tests/fuzz/corpus/ hold data, not comments.
//
// What a path is: a run of letters, digits and `_ . - / *` (and `<placeholder>`s) that is not
// preceded by one of those characters or `$`, and that either
// - starts with a top-level folder of the project and a slash — `sim/`, `analysis/`,
//   `scenarios/`, `rules/`, `tests/`, `bench/`, `docs/`, `scripts/`, `cmake/`, `.ci/` — e.g.
//   `sim/core/check.h`, `rules/pf2/README.md`, `docs/outputs.md`, `sim/engine/`; or
// - starts with a parent step (a page's link out of its folder, from docs/ to the rulesets'
//   pages); or
// - has no slash and ends in .h, .cpp, .md, .py, .sh or .cmake (a file named alone, e.g.
//   `health_model.h` in rules/common/README.md, or `metrics.h`).
// A trailing `.` (the end of a sentence) is not part of it. `*` stands for any characters
// within one path segment, and so does a placeholder in angle brackets (`rules/<id>/README.md`,
// `tests/golden/<results folder>/`): such a path must match at least one file.
//
// Not paths, by that rule, and not looked at — they name no file of the source tree:
// - what a run writes and the user's own files: `results/<name>/summary.csv`, `build/lethality`,
//   `mine/first-fight.toml`, `my-scenario.toml`, `run.json`, `tally.json` (no top-level folder
//   of the project, and a bare name ending .toml, .csv, .json, .svg or .html is the user's or
//   an output's, never checked);
// - web addresses (`https://...`: the `/` follows `:`, so no run starts a top-level folder).
//
// Where it must exist: a path with a slash, relative to the project root — or, in a Markdown
// page, relative to the page's folder; a path ending in `/` must be a folder; and it must stay
// inside the project (whatever lies beside the clone on one machine counts for nothing). A file
// named alone must exist somewhere in the project (outside build folders): a bare name says which
// file, not where.
//
// Allowed without existing (not the project's files): paths under `../shared/seeds/`, the seed
// documents — the rulesets' specification, kept beside the clone (docs/design.md) — and
// nothing else.
//
// Markdown links `[text](target)` (outside code) must resolve: the target, relative to the
// page, exists; a `#fragment` names a heading of the target page (or of the page itself), as
// GitHub makes anchors from headings. Links to the web (`http://`, `https://`, `mailto:`) are
// not followed.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "tests/support.h"

namespace {

namespace fs = std::filesystem;

const std::vector<std::string> kTopFolders = {"sim",   "analysis", "scenarios", "rules", "tests",
                                              "bench", "docs",     "scripts",   "cmake", ".ci"};
const std::vector<std::string> kAllowedPrefixes = {"../shared/seeds/"};

std::string root() {
  return fs::path(leth::test::source_path("")).lexically_normal().generic_string();
}

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

bool skipped_dir(const std::string& rel) {
  return rel.rfind("build", 0) == 0 || rel == ".git" || rel == "tests/golden" ||
         rel == "tests/fuzz/corpus" || rel == "results" || rel == ".cache";
}

// Every file of the project (relative, '/'-separated), outside build folders and data.
std::vector<std::string> project_files() {
  std::vector<std::string> out;
  const fs::path r = root();
  for (auto it = fs::recursive_directory_iterator(r); it != fs::recursive_directory_iterator();
       ++it) {
    const std::string rel = fs::relative(it->path(), r).generic_string();
    if (it->is_directory()) {
      if (skipped_dir(rel)) it.disable_recursion_pending();
      continue;
    }
    if (it->is_regular_file()) out.push_back(rel);
  }
  std::sort(out.begin(), out.end());
  return out;
}

// ---- comments

bool ident_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

// The comments of C++ source text; code, strings and characters blanked (newlines kept, so
// that a comment's line is the file's).
std::string cpp_comments(const std::string& s) {
  std::string out(s.size(), ' ');
  const size_t n = s.size();
  for (size_t k = 0; k < n; ++k)
    if (s[k] == '\n') out[k] = '\n';
  const auto keep = [&](size_t from, size_t to) {
    for (size_t k = from; k < to && k < n; ++k) out[k] = s[k];
  };
  size_t i = 0;
  while (i < n) {
    if (s.compare(i, 2, "//") == 0) {
      const size_t e = std::min(s.find('\n', i), n);
      keep(i + 2, e);
      i = e;
    } else if (s.compare(i, 2, "/*") == 0) {
      const size_t e = std::min(s.find("*/", i + 2), n);
      keep(i + 2, e);
      i = e == n ? n : e + 2;
    } else if (s[i] == 'R' && i + 1 < n && s[i + 1] == '"' && (i == 0 || !ident_char(s[i - 1]))) {
      const size_t open = s.find('(', i + 2);
      if (open == std::string::npos) break;
      std::string close = ")";  // built in steps: g++ 12 warns (-Wrestrict) on ")" + substr
      close.append(s, i + 2, open - i - 2).push_back('"');
      const size_t e = s.find(close, open);
      i = e == std::string::npos ? n : e + close.size();
    } else if (s[i] == '"' || (s[i] == '\'' && (i == 0 || !ident_char(s[i - 1])))) {
      const char q = s[i++];
      while (i < n && s[i] != q && s[i] != '\n') i += s[i] == '\\' ? 2 : 1;
      ++i;
    } else {
      ++i;
    }
  }
  return out;
}

// `#` comments of a shell, Python, CMake or TOML file (a `#` at the start of a line or after a
// blank, outside quotes), and Python's triple-quoted docstrings; the rest blanked, newlines
// kept.
std::string hash_comments(const std::string& s, bool python) {
  std::string out(s.size(), ' ');
  const size_t n = s.size();
  for (size_t k = 0; k < n; ++k)
    if (s[k] == '\n') out[k] = '\n';
  std::vector<bool> doc(n, false);
  if (python) {
    size_t p = 0;
    while ((p = s.find("\"\"\"", p)) != std::string::npos) {
      const size_t e = s.find("\"\"\"", p + 3);
      if (e == std::string::npos) break;
      for (size_t k = p; k < e + 3; ++k) {
        doc[k] = true;
        if (k >= p + 3 && k < e) out[k] = s[k];
      }
      p = e + 3;
    }
  }
  size_t start = 0;
  while (start < n) {
    const size_t end = std::min(s.find('\n', start), n);
    char quote = 0;
    for (size_t i = start; i < end; ++i) {
      if (doc[i]) continue;
      const char c = s[i];
      if (quote) {
        if (c == '\\' && quote == '"')
          ++i;
        else if (c == quote)
          quote = 0;
      } else if (c == '"' || c == '\'') {
        quote = c;
      } else if (c == '#' && (i == start || s[i - 1] == ' ' || s[i - 1] == '\t')) {
        if (!(i == 0 && s.compare(0, 2, "#!") == 0))
          for (size_t k = i + 1; k < end; ++k) out[k] = s[k];
        break;
      }
    }
    start = end + 1;
  }
  return out;
}

// ---- paths

struct Cited {
  std::string path;
  std::string where;  // "docs/outputs.md:12"
};

bool path_char(char c) {
  return ident_char(c) || c == '.' || c == '-' || c == '/' || c == '*';
}

// The paths cited in `text` (see the header for the rule).
std::vector<Cited> cited_paths(const std::string& text, const std::string& file) {
  std::vector<Cited> out;
  size_t line = 1;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\n') ++line;
    if (i > 0 &&
        (path_char(text[i - 1]) || text[i - 1] == '$' || text[i - 1] == '<' || text[i - 1] == '>'))
      continue;
    if (!path_char(text[i]) && text[i] != '<') continue;
    // The longest run of path characters and <placeholders> from i.
    size_t e = i;
    while (e < text.size()) {
      if (path_char(text[e])) {
        ++e;
      } else if (text[e] == '<') {
        const size_t close = text.find('>', e);
        if (close == std::string::npos || close - e > 40 ||
            text.substr(e, close - e).find('\n') != std::string::npos)
          break;
        e = close + 1;
      } else {
        break;
      }
    }
    std::string p = text.substr(i, e - i);
    while (!p.empty() && p.back() == '.') p.pop_back();
    const auto starts = [&](const std::string& pre) { return p.rfind(pre, 0) == 0; };
    bool is_path = starts("../");
    for (const std::string& top : kTopFolders) is_path = is_path || starts(top + "/");
    if (!is_path && p.find('/') == std::string::npos) {
      static const std::regex bare(R"([A-Za-z0-9_\-]+\.(h|cpp|md|py|sh|cmake))");
      is_path = std::regex_match(p, bare);
    }
    if (is_path) out.push_back({p, file + ":" + std::to_string(line)});
    i = e > i ? e - 1 : i;
  }
  return out;
}

// A segment with `*` or <placeholder> as a regex over one name.
std::regex segment_regex(const std::string& seg) {
  std::string re;
  for (size_t i = 0; i < seg.size(); ++i) {
    const char c = seg[i];
    if (c == '*') {
      re += ".*";
    } else if (c == '<') {
      i = seg.find('>', i);
      re += ".+";
    } else {
      if (std::string(".^$|()[]{}+?\\").find(c) != std::string::npos) re += '\\';
      re += c;
    }
  }
  return std::regex(re);
}

// Whether `rel` (segments, maybe with wildcards) names something under `base`.
bool exists_under(const fs::path& base, const std::vector<std::string>& segs, size_t k,
                  bool want_dir) {
  if (k == segs.size()) return want_dir ? fs::is_directory(base) : fs::exists(base);
  const std::string& seg = segs[k];
  if (seg.find_first_of("*<") == std::string::npos)
    return exists_under(base / seg, segs, k + 1, want_dir);
  if (!fs::is_directory(base)) return false;
  const std::regex re = segment_regex(seg);
  for (const auto& entry : fs::directory_iterator(base))
    if (std::regex_match(entry.path().filename().string(), re) &&
        exists_under(entry.path(), segs, k + 1, want_dir))
      return true;
  return false;
}

// Whether `p` lies in the project: a clone has nothing beside it (the folder beside the
// project on the machine it was written on is not in CI's clone), so nothing outside counts.
bool inside_project(const fs::path& p) {
  const std::string top = fs::path(root()).lexically_normal().string();
  const std::string here = p.lexically_normal().string();
  return here.rfind(top, 0) == 0 &&
         (here.size() == top.size() || here[top.size()] == '/' || top.back() == '/');
}

bool path_exists(const fs::path& base, const std::string& p) {
  if (!inside_project(base / p)) return false;
  std::vector<std::string> segs;
  std::stringstream ss(p);
  std::string seg;
  while (std::getline(ss, seg, '/'))
    if (!seg.empty()) segs.push_back(seg);
  return exists_under(base, segs, 0, !p.empty() && p.back() == '/');
}

struct Sources {
  std::vector<std::string> markdown;
  std::map<std::string, std::string> comments;  // file -> its comments' text
};

Sources sources() {
  Sources s;
  for (const std::string& f : project_files()) {
    const fs::path p(f);
    const std::string ext = p.extension().string();
    const std::string top = f.substr(0, f.find('/'));
    if (ext == ".md") {
      s.markdown.push_back(f);
      continue;
    }
    const bool in_tree =
        std::find(kTopFolders.begin(), kTopFolders.end(), top) != kTopFolders.end() &&
        top != "docs";
    const bool top_file = f == "run.sh" || f == "test.sh" || f == "CMakeLists.txt";
    if (!in_tree && !top_file) continue;
    const std::string text = slurp(root() / p);
    if (ext == ".h" || ext == ".cpp")
      s.comments[f] = cpp_comments(text);
    else if (ext == ".py")
      s.comments[f] = hash_comments(text, true);
    else if (ext == ".sh" || ext == ".cmake" || ext == ".toml" ||
             p.filename() == "CMakeLists.txt" || f == ".ci/run")
      s.comments[f] = hash_comments(text, false);
  }
  return s;
}

bool allowed(const std::string& p) {
  for (const std::string& pre : kAllowedPrefixes)
    if (p.rfind(pre, 0) == 0) return true;
  return false;
}

// The stale citations among `cited`: paths that exist nowhere they may be.
std::vector<std::string> stale(const std::vector<Cited>& cited, const std::string& page_dir,
                               const std::set<std::string>& names) {
  std::vector<std::string> out;
  for (const Cited& c : cited) {
    if (allowed(c.path)) continue;
    bool ok;
    if (c.path.find('/') == std::string::npos) {
      ok = names.count(c.path) > 0;
    } else {
      ok = path_exists(root(), c.path);
      if (!ok && !page_dir.empty()) ok = path_exists(fs::path(root()) / page_dir, c.path);
    }
    if (!ok) out.push_back(c.where + ": " + c.path);
  }
  return out;
}

std::set<std::string> file_names() {
  std::set<std::string> names;
  for (const std::string& f : project_files()) names.insert(fs::path(f).filename().string());
  return names;
}

// ---- Markdown links and anchors

// A line that opens or closes a ``` code block (indented in a list, too).
bool fence(const std::string& line) {
  const size_t a = line.find_first_not_of(' ');
  return a != std::string::npos && line.compare(a, 3, "```") == 0;
}

// The text of a page outside ``` code blocks, with `inline code` blanked out.
std::string prose_of(const std::string& md) {
  std::string out;
  std::istringstream in(md);
  std::string line;
  bool code = false;
  while (std::getline(in, line)) {
    if (fence(line)) {
      code = !code;
      out += "\n";
      continue;
    }
    if (code) {
      out += "\n";
      continue;
    }
    bool tick = false;
    for (char& c : line) {
      if (c == '`')
        tick = !tick;
      else if (tick)
        c = ' ';
    }
    out += line + "\n";
  }
  return out;
}

// GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens.
// Letters beyond ASCII are kept, the general punctuation of U+2000-U+206F (dashes, quotes)
// dropped.
std::string anchor_of(const std::string& heading) {
  std::string out;
  for (size_t i = 0; i < heading.size(); ++i) {
    const auto c = static_cast<unsigned char>(heading[i]);
    if (c == 0xE2 && i + 2 < heading.size() &&
        (static_cast<unsigned char>(heading[i + 1]) & 0xFE) == 0x80) {
      i += 2;
    } else if (std::isalnum(c)) {
      out += static_cast<char>(std::tolower(c));
    } else if (c == ' ' || c == '-') {
      out += '-';
    } else if (c == '_' || c >= 0x80) {
      out += static_cast<char>(c);
    }
  }
  return out;
}

std::set<std::string> anchors_of(const std::string& md) {
  std::set<std::string> out;
  std::map<std::string, int> seen;
  std::istringstream in(md);
  std::string line;
  bool code = false;
  while (std::getline(in, line)) {
    if (fence(line)) code = !code;
    if (code || line.rfind("#", 0) != 0) continue;
    const size_t text = line.find_first_not_of('#');
    if (text == std::string::npos || line[text] != ' ') continue;
    std::string a = anchor_of(line.substr(text + 1));
    const int k = seen[a]++;
    out.insert(k == 0 ? a : a + "-" + std::to_string(k));
  }
  return out;
}

struct Link {
  std::string target;
  size_t line;
};

std::vector<Link> links_of(const std::string& md) {
  std::vector<Link> out;
  const std::string prose = prose_of(md);
  static const std::regex link(R"(\]\(([^()\s]+)\))");
  for (auto it = std::sregex_iterator(prose.begin(), prose.end(), link);
       it != std::sregex_iterator(); ++it) {
    const size_t line =
        1 + static_cast<size_t>(std::count(prose.begin(), prose.begin() + it->position(), '\n'));
    out.push_back({(*it)[1].str(), line});
  }
  return out;
}

}  // namespace

TEST_CASE("docs: every path the pages cite exists", "[docs][paths]") {
  const Sources s = sources();
  const std::set<std::string> names = file_names();
  REQUIRE(s.markdown.size() >= 10);  // README.md, docs/*.md, the rulesets', bench's
  std::vector<std::string> bad;
  for (const std::string& page : s.markdown) {
    const auto b = stale(cited_paths(slurp(fs::path(root()) / page), page),
                         fs::path(page).parent_path().generic_string(), names);
    bad.insert(bad.end(), b.begin(), b.end());
  }
  INFO("stale paths:\n"
       << [&] {
            std::string t;
            for (const auto& b : bad) t += "  " + b + "\n";
            return t;
          }());
  CHECK(bad.empty());
}

TEST_CASE("docs: every path the code comments cite exists", "[docs][paths]") {
  const Sources s = sources();
  const std::set<std::string> names = file_names();
  REQUIRE(s.comments.count("sim/core/metrics.h") == 1);
  REQUIRE(s.comments.count("test.sh") == 1);
  std::vector<std::string> bad;
  for (const auto& [file, text] : s.comments) {
    const auto b = stale(cited_paths(text, file), "", names);
    bad.insert(bad.end(), b.begin(), b.end());
  }
  INFO("stale paths:\n"
       << [&] {
            std::string t;
            for (const auto& b : bad) t += "  " + b + "\n";
            return t;
          }());
  CHECK(bad.empty());
}

TEST_CASE("docs: every link between the pages resolves, anchors included", "[docs][paths]") {
  const Sources s = sources();
  std::vector<std::string> bad;
  size_t count = 0;
  for (const std::string& page : s.markdown) {
    const std::string md = slurp(fs::path(root()) / page);
    for (const Link& l : links_of(md)) {
      const std::string& t = l.target;
      if (t.rfind("http://", 0) == 0 || t.rfind("https://", 0) == 0 || t.rfind("mailto:", 0) == 0)
        continue;
      ++count;
      const size_t hash = t.find('#');
      const std::string file = t.substr(0, hash);
      const fs::path target = file.empty() ? fs::path(root()) / page
                                           : fs::path(root()) / fs::path(page).parent_path() / file;
      const std::string where = page + ":" + std::to_string(l.line) + ": " + t;
      if (!inside_project(target) || !fs::exists(target)) {
        bad.push_back(where + " (no such file in the project)");
        continue;
      }
      if (hash == std::string::npos) continue;
      if (target.extension() != ".md") {
        bad.push_back(where + " (an anchor into a file that is not a page)");
        continue;
      }
      if (anchors_of(slurp(target)).count(t.substr(hash + 1)) == 0)
        bad.push_back(where + " (no such heading)");
    }
  }
  CHECK(count > 50);
  INFO("broken links:\n"
       << [&] {
            std::string t;
            for (const auto& b : bad) t += "  " + b + "\n";
            return t;
          }());
  CHECK(bad.empty());
}

TEST_CASE("docs: the path rule finds stale paths and lets real ones pass", "[docs][paths]") {
  const std::set<std::string> names = file_names();
  const std::string text =
      "see sim/core/check.h, sim/check.h and `rules/<id>/README.md`; bench/*-bench.toml.\n"
      "build/tests/x.cpp is the build's; ../shared/seeds/004_x.txt is allowed, "
      "../shared/DESIGN.md is not; DESIGN.md neither, health_model.h is; $dir/tests/x.h\n"
      "sim/engine/ and sim/nowhere/ and tests/golden/<results folder>/ and tests/test_y<z>.cpp\n"
      "not paths: https://example.org/sim/a.h results/x/summary.csv mine/first-fight.toml "
      "my-scenario.toml build/lethality";
  const auto cited = cited_paths(text, "t.md");
  std::vector<std::string> paths;
  for (const Cited& c : cited) paths.push_back(c.path);
  CHECK(paths == std::vector<std::string>{"sim/core/check.h", "sim/check.h", "rules/<id>/README.md",
                                          "bench/*-bench.toml", "../shared/seeds/004_x.txt",
                                          "../shared/DESIGN.md", "DESIGN.md", "health_model.h",
                                          "sim/engine/", "sim/nowhere/",
                                          "tests/golden/<results folder>/", "tests/test_y<z>.cpp"});
  CHECK(stale(cited, "", names) ==
        std::vector<std::string>{"t.md:1: sim/check.h", "t.md:2: ../shared/DESIGN.md",
                                 "t.md:2: DESIGN.md", "t.md:3: sim/nowhere/",
                                 "t.md:3: tests/test_y<z>.cpp"});
  CHECK(anchor_of("Nobody comes: `\"never\"` and `\"none\"`") == "nobody-comes-never-and-none");
  CHECK(anchor_of("The sweep's crossing") == "the-sweeps-crossing");
  CHECK(anchor_of("Deaths — by day") == "deaths--by-day");
  const auto squeeze = [](std::string t) {  // the comments' words, one space between
    std::string o;
    for (char c : t)
      if (c != ' ' || (!o.empty() && o.back() != ' ')) o += c;
    return o;
  };
  const std::string cpp = "int a = 1'000; // x/y \"q\"\nf(\"// no\"); /* sim/a.h */ R\"(// no)\"";
  CHECK(squeeze(cpp_comments(cpp)) == "x/y \"q\"\n sim/a.h ");
  CHECK(cpp_comments(cpp).size() == cpp.size());
  CHECK(squeeze(hash_comments("#!/bin/sh\necho \"# no\" ${#a} # yes\n", false)) == "\n yes\n");
  CHECK(squeeze(hash_comments("\"\"\"doc\nsim/a.h\"\"\"\nx = '#' # c\n", true)) ==
        "doc\nsim/a.h \n c\n");
}
