// Every key at the ends of its range: for every ruleset, its template with one key at a time
// set to the lowest and then the highest value `lethality rules ID` lists for it (integers,
// numbers, dice, durations), and each option to each of its values. Each such file must either
// be refused with a located error (file:line:col, status 2 at the command line) or load and
// run a few hundred trials cleanly — under the sanitizers in CI (./test.sh sanitize). The key
// catalog already knows every key and range, so this is a loop, not a list. It found the
// division by zero of a unisystem creature whose recovery rate is 0 (a SIGFPE that three
// fuzzers missed) in the corners: every numeric key at its lowest (or highest) at once, under
// each value of each choice key. LETHALITY_SHOW_REFUSED=1 prints every refusal and its message.
#include <catch2/catch.hpp>

#include <toml++/toml.h>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <regex>
#include <sstream>

#include "sim/engine/load.h"
#include "sim/engine/runner.h"
#include "tests/support.h"

using namespace leth;

namespace {

constexpr uint64_t kTrials = 300;

// One value to try: how it reads in `lethality rules`, and the TOML node it becomes.
struct Extreme {
  std::string text;
  std::function<void(toml::table&, const std::string&)> set;
};

std::vector<Extreme> extremes_of(const std::string& kind) {
  std::smatch m;
  std::vector<Extreme> out;
  auto integer = [&](int64_t v) {
    out.push_back({std::to_string(v),
                   [v](toml::table& t, const std::string& k) { t.insert_or_assign(k, v); }});
  };
  auto number = [&](double v) {
    std::ostringstream s;
    s << v;
    out.push_back(
        {s.str(), [v](toml::table& t, const std::string& k) { t.insert_or_assign(k, v); }});
  };
  auto text = [&](const std::string& v) {
    out.push_back(
        {"\"" + v + "\"", [v](toml::table& t, const std::string& k) { t.insert_or_assign(k, v); }});
  };
  static const std::regex kInteger(R"(^integer (-?\d+)\.\.(-?\d+))");
  static const std::regex kNumber(R"(^number (-?[0-9.]+)\.\.(-?[0-9.]+))");
  static const std::regex kDice(R"(^dice .*values (-?\d+)\.\.(-?\d+))");
  static const std::regex kDuration(R"(^duration .*at most (\d+) days)");
  if (std::regex_search(kind, m, kInteger) || std::regex_search(kind, m, kDice)) {
    integer(std::stoll(m[1]));
    integer(std::stoll(m[2]));
    if (kind.rfind("dice", 0) == 0 && std::stoll(m[2]) >= 1000) text("10d100");
  } else if (std::regex_search(kind, m, kNumber)) {
    number(std::stod(m[1]));
    number(std::stod(m[2]));
  } else if (std::regex_search(kind, m, kDuration)) {
    text("0 s");
    text(std::string(m[1]) + " days");
    if (kind.find("\"never\"") != std::string::npos) text("never");
  }
  return out;
}

// Every table that `section` names in the document ("encounter.attackers[]": each attacker).
void tables_at(toml::table& root, const std::string& section, std::vector<toml::table*>& out) {
  if (section.empty()) {
    out.push_back(&root);
    return;
  }
  const size_t dot = section.find('.');
  std::string head = section.substr(0, dot);
  const std::string rest = dot == std::string::npos ? "" : section.substr(dot + 1);
  const bool array = head.size() > 2 && head.compare(head.size() - 2, 2, "[]") == 0;
  if (array) head.resize(head.size() - 2);
  toml::node* n = root.get(head);
  if (n == nullptr) return;
  if (array) {
    if (toml::array* a = n->as_array())
      for (toml::node& e : *a)
        if (toml::table* t = e.as_table()) tables_at(*t, rest, out);
  } else if (toml::table* t = n->as_table()) {
    tables_at(*t, rest, out);
  }
}

// Sets the entry's key to the value where the template gives it (an attacker of the shape
// that reads it), or in every table of its section if the template gives it nowhere. False if
// the document has no such section.
bool set_key(toml::table& doc, const KeyEntry& e, const Extreme& x) {
  std::vector<toml::table*> where;
  tables_at(doc, e.section, where);
  std::vector<toml::table*> with_key;
  for (toml::table* t : where)
    if (t->contains(e.key)) with_key.push_back(t);
  for (toml::table* t : with_key.empty() ? where : with_key) x.set(*t, e.key);
  return !where.empty();
}

std::string to_text(const toml::table& t) {
  std::ostringstream s;
  s << t;
  return s.str() + "\n";
}

// Loads the text and, if it loads, runs a few hundred trials of every variant; if it does not,
// its error must be located.
void load_and_run(const std::string& toml_text, const std::string& what, size_t* refused,
                  size_t* ran) {
  INFO(what);
  std::string error;
  try {
    const LoadedScenario ls = test::load_text(toml_text, "extreme.toml");
    const RunTally t = run_trials(ls, 3, 0, kTrials);
    CHECK(t.variants.at(0).trials == kTrials);
    ++*ran;
    return;
  } catch (const InputError& e) {
    error = e.what();
  }
  INFO(error);
  if (std::getenv("LETHALITY_SHOW_REFUSED"))
    std::fprintf(stderr, "%s\n  %s\n", what.c_str(), error.c_str());
  static const std::regex kLocated(R"(extreme\.toml:\d+:\d+: error: \S)");
  CHECK(std::regex_search(error, kLocated));
  ++*refused;
}

}  // namespace

TEST_CASE("every listed key at both ends of its range loads located or runs cleanly",
          "[keys][extremes]") {
  for (const RulesetInfo& r : rulesets()) {
    INFO(r.id);
    const toml::table base = toml::parse(r.scenario_template());
    size_t tried = 0, refused = 0, ran = 0;
    const KeyCatalog catalog = scenario_keys(r);
    for (const KeyEntry& e : catalog.entries()) {
      if (e.section.empty() && e.key != "horizon") continue;  // name, trials, seed: not rules
      if (e.section.rfind("variants", 0) == 0 || e.section.rfind("sweep", 0) == 0) continue;
      for (const Extreme& x : extremes_of(e.kind)) {
        toml::table doc = base;
        if (!set_key(doc, e, x)) continue;  // a section the template does not write
        ++tried;
        load_and_run(to_text(doc), "[" + e.section + "] " + e.key + " = " + x.text, &refused, &ran);
      }
    }
    for (const OptionSpec& o : *r.options) {
      std::vector<Extreme> values;
      if (o.kind == OptionSpec::Kind::Bool) {
        for (bool b : {false, true})
          values.push_back({b ? "true" : "false", [b](toml::table& t, const std::string& k) {
                              t.insert_or_assign(k, b);
                            }});
      } else if (o.kind == OptionSpec::Kind::Choice) {
        for (const std::string& c : o.choices)
          values.push_back(
              {c, [c](toml::table& t, const std::string& k) { t.insert_or_assign(k, c); }});
      } else if (o.kind == OptionSpec::Kind::Int) {
        values = extremes_of("integer " + std::to_string(o.lo) + ".." + std::to_string(o.hi));
      } else {
        values = extremes_of("duration at most 3650 days");
      }
      for (const Extreme& x : values) {
        toml::table doc = base;
        if (!doc.contains("options")) doc.insert("options", toml::table{});
        x.set(*doc["options"].as_table(), o.name);
        ++tried;
        load_and_run(to_text(doc), "[options] " + o.name + " = " + x.text, &refused, &ran);
      }
    }
    CHECK(ran > tried * 3 / 4);  // most extremes are legal values and must simply run
    // Corners: every numeric key at its lowest at once, then at its highest, under each value
    // of each choice key (a creature type, a damage channel): crashes hide where two
    // extremes meet (a unisystem creature with Con 0 and Will 0 recovers at a rate of 0).
    std::vector<std::pair<const KeyEntry*, std::string>> choices{{nullptr, ""}};  // as written
    static const std::regex kChoice(R"re(^"[^"]+"( \| "[^"]+")+$)re");
    static const std::regex kQuoted(R"re("([^"]+)")re");
    for (const KeyEntry& e : catalog.entries()) {
      if (e.section.empty() || !std::regex_match(e.kind, kChoice)) continue;
      for (std::sregex_iterator it(e.kind.begin(), e.kind.end(), kQuoted), end; it != end; ++it)
        choices.push_back({&e, (*it)[1]});
    }
    for (const auto& [choice, value] : choices)
      for (size_t end = 0; end < 2; ++end) {
        toml::table doc = base;
        for (const KeyEntry& e : catalog.entries()) {
          if (e.section.empty() || e.section.rfind("variants", 0) == 0 ||
              e.section.rfind("sweep", 0) == 0)
            continue;
          const std::vector<Extreme> xs = extremes_of(e.kind);
          if (xs.size() >= 2) set_key(doc, e, xs[end]);
        }
        std::string label = end == 0 ? "every key at its lowest" : "every key at its highest";
        if (choice != nullptr) {
          const std::string v = value;
          set_key(doc, *choice,
                  {v, [v](toml::table& t, const std::string& k) { t.insert_or_assign(k, v); }});
          label += ", " + choice->key + " = \"" + value + "\"";
        }
        ++tried;
        load_and_run(to_text(doc), label, &refused, &ran);
      }
    INFO(tried << " extremes, " << ran << " ran, " << refused << " refused");
    CHECK(tried > 40);
  }
}
