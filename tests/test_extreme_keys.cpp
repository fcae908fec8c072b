// Every key at the ends of its range: for every ruleset, its template with one key at a time
// set to the lowest and then the highest value `lethality rules ID` lists for it (integers,
// numbers, dice, durations from their listed minimum, "never" where listed), and each option
// to each of its values. Each such file must load and run a few hundred trials cleanly —
// under the sanitizers in CI (./test.sh sanitize) — or be refused with a located error that
// another key of the template explains (kCrossKey below: a listed end is accepted, issue 20
// item 12). Then the corners: every numeric key at its lowest (or highest) at once, under each
// value of each choice key, must be refused located or run cleanly; they found the division
// by zero of a unisystem creature whose recovery rate is 0 (a SIGFPE three fuzzers missed).
// The key catalog already knows every key and range, so this is a loop, not a list.
// LETHALITY_SHOW_REFUSED=1 prints every refusal and its message.
// (tests/test_listed_ranges.cpp: a value just past a listed end is refused at its key.)
#include <catch2/catch.hpp>

#include <cstdio>
#include <cstdlib>
#include <functional>
#include <regex>
#include <set>
#include <sstream>

#include "sim/engine/load.h"
#include "sim/engine/runner.h"
#include "tests/support.h"
#include "tests/toml_edit.h"

using namespace leth;

namespace {

constexpr uint64_t kTrials = 300;

// A listed end that the template refuses because of another of its keys, "ruleset section.key
// value": the rule that refuses it names that other key. Anything refused at a listed end and
// not here is a listing wider than the loader (issue 20 item 12).
const std::set<std::string> kCrossKey = {
    // last_round must not come before first_round (the template's attackers give both)
    "pf2 encounter.attackers[].first_round 1000",
    "pf2 encounter.attackers[].last_round 1",
    "dnd5e encounter.attackers[].first_round 1000",
    "dnd5e encounter.attackers[].last_round 1",
    "harmonies encounter.attackers[].first_round 1000",
    "harmonies encounter.attackers[].last_round 1",
    // a critical hit is part of a hit: crit_chance <= hit_chance
    "pf2 encounter.attackers[].hit_chance 0",
    "pf2 encounter.attackers[].crit_chance 1",
    "dnd5e encounter.attackers[].hit_chance 0",
    "dnd5e encounter.attackers[].crit_chance 1",
    "flux encounter.attackers[].crit_chance 1",
    // pf2: at most 4 Strikes a turn over a creature's attacks (the troll has two)
    "pf2 encounter.attackers[].attacks[].strikes 4",
    // dnd5e: one Hit Die per level; "custom" needs its [[injury_severity]] rows
    "dnd5e character.hit_dice 20",
    "dnd5e options.injury_severity custom",
    // hp, pv and flux start at most at their maximum
    "unisystem character.max_hp 1",
    "flux character.max_pv 1",
    "flux character.max_flux 0",
    // harmonies: starting wounds within the caps; wound chances add up to at most 1; a
    // critical margin above the grave one
    "harmonies character.caps.light 0",
    "harmonies character.caps.grave 0",
    "harmonies character.wounds.light 16",
    "harmonies character.wounds.grave 16",
    "harmonies character.wounds.critical 16",
    "harmonies encounter.attackers[].wound.light 1",
    "harmonies encounter.attackers[].wound.grave 1",
    "harmonies encounter.attackers[].wound.critical 1",
    "harmonies encounter.attackers[].grave_at 1000",
    "harmonies encounter.attackers[].critical_at 1",
};

// One value to try: how it reads in `lethality rules`, and the TOML node it becomes.
struct Extreme {
  std::string text;
  std::function<void(toml::table&, const std::string&)> set;
};

Extreme integer(int64_t v) {
  return {std::to_string(v),
          [v](toml::table& t, const std::string& k) { t.insert_or_assign(k, v); }};
}
Extreme number(double v) {
  std::ostringstream s;
  s << v;
  return {s.str(), [v](toml::table& t, const std::string& k) { t.insert_or_assign(k, v); }};
}
Extreme text(const std::string& v) {
  return {v, [v](toml::table& t, const std::string& k) { t.insert_or_assign(k, v); }};
}
Extreme flag(bool b) {
  return {b ? "true" : "false",
          [b](toml::table& t, const std::string& k) { t.insert_or_assign(k, b); }};
}

// The lowest and the highest value a kind lists (in that order), then any other value of note.
std::vector<Extreme> extremes_of(const std::string& kind) {
  std::smatch m;
  std::vector<Extreme> out;
  static const std::regex kInteger(R"(^integer (-?\d+)\.\.(-?\d+))");
  static const std::regex kNumber(R"(^number (-?[0-9.]+)\.\.(-?[0-9.]+))");
  static const std::regex kDice(R"(^dice .*values (-?\d+)\.\.(-?\d+))");
  static const std::regex kDuration(R"(^duration .*at most (\d+) days)");
  static const std::regex kAtLeast(R"(, at least ([0-9.]+ [a-z]+),)");
  if (std::regex_search(kind, m, kInteger) || std::regex_search(kind, m, kDice)) {
    out.push_back(integer(std::stoll(m[1])));
    out.push_back(integer(std::stoll(m[2])));
    if (kind.rfind("dice", 0) == 0 && std::stoll(m[2]) >= 1000) out.push_back(text("10d100"));
  } else if (std::regex_search(kind, m, kNumber)) {
    out.push_back(number(std::stod(m[1])));
    out.push_back(number(std::stod(m[2])));
  } else if (std::regex_search(kind, m, kDuration)) {
    const std::string most = std::string(m[1]) + " days";
    std::smatch least;
    if (std::regex_search(kind, least, kAtLeast))
      out.push_back(text(least[1]));
    else
      out.push_back(text(kind.find("longer than 0") != std::string::npos ? "1 s" : "0 s"));
    out.push_back(text(most));
    if (kind.find("\"never\"") != std::string::npos) out.push_back(text("never"));
  }
  return out;
}

// Sets the key where the template gives it (an attacker of the shape that reads it), or in
// every table of its section; false if the document has no such section.
bool set_key(toml::table& doc, const KeyEntry& e, const Extreme& x) {
  const std::vector<toml::table*> where = test::tables_for(doc, e.section, e.key);
  for (toml::table* t : where) x.set(*t, e.key);
  return !where.empty();
}

bool skipped(const KeyEntry& e) {
  if (e.section.empty()) return e.key != "horizon";  // name, trials, seed: not rules
  return e.section.rfind("variants", 0) == 0 || e.section.rfind("sweep", 0) == 0;
}

// Loads the text and, if it loads, runs a few hundred trials of every variant; if it does not,
// its error must be located. Returns the error ("" when it ran).
std::string load_and_run(const std::string& toml_text, const std::string& what) {
  INFO(what);
  std::string error;
  try {
    const LoadedScenario ls = test::load_text(toml_text, "extreme.toml");
    const RunTally t = run_trials(ls, 3, 0, kTrials);
    CHECK(t.variants.at(0).trials == kTrials);
    return "";
  } catch (const InputError& e) {
    error = e.what();
  }
  INFO(error);
  if (std::getenv("LETHALITY_SHOW_REFUSED"))
    std::fprintf(stderr, "%s\n  %s\n", what.c_str(), error.c_str());
  static const std::regex kLocated(R"(extreme\.toml:\d+:\d+: error: \S)");
  CHECK(std::regex_search(error, kLocated));
  return error;
}

}  // namespace

TEST_CASE("every listed key at both ends of its range loads and runs, or another key refuses it",
          "[keys][extremes]") {
  std::set<std::string> cross_key_seen;
  for (const RulesetInfo& r : rulesets()) {
    INFO(r.id);
    const toml::table base = toml::parse(r.scenario_template());
    const KeyCatalog catalog = scenario_keys(r);
    size_t tried = 0, ran = 0;
    for (const KeyEntry& e : catalog.entries()) {
      if (skipped(e)) continue;
      for (const Extreme& x : extremes_of(e.kind)) {
        toml::table doc = base;
        if (!set_key(doc, e, x)) continue;  // a section the template does not write
        ++tried;
        const std::string name =
            r.id + " " + (e.section.empty() ? "" : e.section + ".") + e.key + " " + x.text;
        const std::string error = load_and_run(test::to_text(doc), name);
        if (error.empty()) {
          ++ran;
        } else {
          INFO(name << " refused: " << error);
          CHECK(kCrossKey.count(name) == 1);  // a listed end the loader refuses by itself
          cross_key_seen.insert(name);
        }
      }
    }
    for (const OptionSpec& o : *r.options) {
      std::vector<Extreme> values;
      if (o.kind == OptionSpec::Kind::Bool) {
        values = {flag(false), flag(true)};
      } else if (o.kind == OptionSpec::Kind::Choice) {
        for (const std::string& c : o.choices) values.push_back(text(c));
      } else if (o.kind == OptionSpec::Kind::Int) {
        values = extremes_of("integer " + std::to_string(o.lo) + ".." + std::to_string(o.hi));
      } else {
        values = extremes_of(option_kind_text(o));
      }
      for (const Extreme& x : values) {
        toml::table doc = base;
        if (!doc.contains("options")) doc.insert("options", toml::table{});
        x.set(*doc["options"].as_table(), o.name);
        ++tried;
        const std::string name = r.id + " options." + o.name + " " + x.text;
        const std::string error = load_and_run(test::to_text(doc), name);
        if (error.empty()) {
          ++ran;
        } else {
          INFO(name << " refused: " << error);
          CHECK(kCrossKey.count(name) == 1);
          cross_key_seen.insert(name);
        }
      }
    }
    INFO(tried << " extremes, " << ran << " ran");
    CHECK(tried > 40);
  }
  // Every entry of the list is still needed: a rule that changed would leave it stale.
  for (const std::string& k : kCrossKey) {
    INFO(k);
    CHECK(cross_key_seen.count(k) == 1);
  }
}

TEST_CASE(
    "every key at its lowest or highest at once, under each choice, is refused located or "
    "runs cleanly",
    "[keys][extremes]") {
  for (const RulesetInfo& r : rulesets()) {
    INFO(r.id);
    const toml::table base = toml::parse(r.scenario_template());
    const KeyCatalog catalog = scenario_keys(r);
    // Each value of each choice key of the sections (a creature type, a damage channel), and
    // the template as written.
    std::vector<std::pair<const KeyEntry*, std::string>> choices{{nullptr, ""}};
    static const std::regex kChoice(R"re(^"[^"]+"( \| "[^"]+")+$)re");
    static const std::regex kQuoted(R"re("([^"]+)")re");
    for (const KeyEntry& e : catalog.entries()) {
      if (e.section.empty() || !std::regex_match(e.kind, kChoice)) continue;
      for (std::sregex_iterator it(e.kind.begin(), e.kind.end(), kQuoted), end; it != end; ++it)
        choices.push_back({&e, (*it)[1]});
    }
    size_t tried = 0, ran = 0;
    for (const auto& [choice, value] : choices)
      for (size_t end = 0; end < 2; ++end) {
        toml::table doc = base;
        for (const KeyEntry& e : catalog.entries()) {
          if (skipped(e) || e.section.empty()) continue;
          const std::vector<Extreme> xs = extremes_of(e.kind);
          if (xs.size() >= 2) set_key(doc, e, xs[end]);
        }
        std::string label = end == 0 ? "every key at its lowest" : "every key at its highest";
        if (choice != nullptr) {
          set_key(doc, *choice, text(value));
          label += ", " + choice->key + " = \"" + value + "\"";
        }
        ++tried;
        if (load_and_run(test::to_text(doc), label).empty()) ++ran;
      }
    INFO(tried << " corners, " << ran << " ran");
    CHECK(tried >= 2);
  }
}
