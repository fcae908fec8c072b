// What `lethality rules ID` lists is what the loader accepts, just past both ends too (issue 20
// item 12): every integer, dice and duration key and option of every ruleset, set one step
// beyond its listed range in the ruleset's template, is refused with an error located at that
// key;
// and a key listed as "one of" some values refuses the integers between them.
// (tests/test_extreme_keys.cpp checks that the ends themselves load or are refused only by
// another key.)
#include <catch2/catch.hpp>

#include <toml++/toml.h>
#include <cctype>
#include <regex>
#include <set>
#include <sstream>

#include "sim/engine/load.h"
#include "tests/support.h"
#include "tests/toml_edit.h"

using namespace leth;

namespace {

// Sets `key` to `value` in the first table of the template holding it, loads the file, and
// returns the error ("" if it loads). False in *found when the template does not write it.
template <typename V>
std::string load_with(const RulesetInfo& r, const std::string& section, const std::string& key,
                      const V& value, bool* found) {
  toml::table doc = toml::parse(r.scenario_template());
  std::vector<toml::table*> where;
  for (toml::table* t : test::tables_at(doc, section))
    if (t->contains(key)) where.push_back(t);
  *found = !where.empty();
  if (where.empty()) return "";
  where.front()->insert_or_assign(key, value);
  return test::error_of([&] { test::load_text(test::to_text(doc), "listed.toml"); });
}

void check_refused(const std::string& error, const std::string& section, const std::string& key) {
  INFO(error);
  const std::string path = section.empty() ? key : section + "." + key;
  // "listed.toml:12:9: error: encounter.attackers[2].strikes: ..." — folded indices aside.
  std::string unfolded;
  for (char c : path)
    if (c != '[' && c != ']') unfolded += c;
  static const std::regex kLocated(R"(listed\.toml:\d+:\d+: error: (\S+): )");
  std::smatch m;
  REQUIRE(std::regex_search(error, m, kLocated));
  std::string reported;
  for (char c : m[1].str())
    if (c != '[' && c != ']' && !std::isdigit(static_cast<unsigned char>(c))) reported += c;
  CHECK(reported == unfolded);
}

}  // namespace

TEST_CASE("a value just past a listed range is refused at its key", "[keys][listed]") {
  static const std::regex kInteger(R"(^integer (-?\d+)\.\.(-?\d+))");
  static const std::regex kOneOf(R"(one of ((?:-?\d+)(?: \| -?\d+)*))");
  static const std::regex kDice(R"(^dice .*values (-?\d+)\.\.(-?\d+))");
  static const std::regex kDuration(R"(^duration .*at most (\d+) days)");
  for (const RulesetInfo& info : rulesets()) {
    const RulesetInfo* r = &info;
    INFO(r->id);
    size_t tried = 0;
    const KeyCatalog catalog = scenario_keys(*r);
    for (const KeyEntry& e : catalog.entries()) {
      if (e.section.empty() || e.section.rfind("variants", 0) == 0 ||
          e.section.rfind("sweep", 0) == 0)
        continue;
      INFO("[" << e.section << "] " << e.key << ": " << e.kind);
      std::smatch m;
      bool found = false;
      if (std::regex_search(e.kind, m, kInteger) || std::regex_search(e.kind, m, kDice)) {
        const int64_t lo = std::stoll(m[1]), hi = std::stoll(m[2]);
        for (int64_t v : {lo - 1, hi + 1}) {
          INFO("= " << v);
          const std::string error = load_with(*r, e.section, e.key, v, &found);
          if (!found) break;
          ++tried;
          check_refused(error, e.section, e.key);
        }
        std::smatch one;
        if (found && std::regex_search(e.kind, one, kOneOf)) {
          std::set<int64_t> listed;
          std::stringstream values(one[1].str());
          for (std::string tok; values >> tok;)
            if (tok != "|") listed.insert(std::stoll(tok));
          for (int64_t v = lo; v <= hi; ++v) {
            INFO("= " << v);
            const std::string error = load_with(*r, e.section, e.key, v, &found);
            ++tried;
            if (listed.count(v))
              CHECK(error.empty());
            else
              check_refused(error, e.section, e.key);
          }
        }
      } else if (std::regex_search(e.kind, m, kDuration)) {
        const std::string past = std::to_string(std::stoll(m[1]) + 1) + " days";
        const std::string error = load_with(*r, e.section, e.key, past, &found);
        if (!found) continue;
        ++tried;
        check_refused(error, e.section, e.key);
      }
    }
    for (const OptionSpec& o : *r->options) {
      INFO("option " << o.name);
      bool found = false;
      if (o.kind == OptionSpec::Kind::Int) {
        for (int64_t v : {o.lo - 1, o.hi + 1}) {
          const std::string error = load_with(*r, "options", o.name, v, &found);
          REQUIRE(found);
          ++tried;
          check_refused(error, "options", o.name);
        }
      } else if (o.kind == OptionSpec::Kind::Duration) {
        REQUIRE(option_kind_text(o).find("at most 3650 days") != std::string::npos);
        const std::string error =
            load_with(*r, "options", o.name, std::string("3651 days"), &found);
        REQUIRE(found);
        ++tried;
        check_refused(error, "options", o.name);
      }
    }
    CHECK(tried > 40);
  }
}
