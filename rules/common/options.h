// Rule options as data: each ruleset lists its options once (name, kind, default, help), and
// that one list drives parsing, validation, `lethality rules` and the README check.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "scenarios/reader.h"
#include "sim/core/duration.h"

namespace leth {

struct OptionSpec {
  enum class Kind { Bool, Choice, Int, Duration };
  std::string name;
  Kind kind = Kind::Bool;
  std::string default_value;         // as a scenario file writes it: true, "fortitude", 3
  std::vector<std::string> choices;  // Choice: the allowed values, the default among them
  int64_t lo = 0, hi = 0;            // Int: the range
  std::string help;                  // one line: what it changes, and the seed it comes from
};

class OptionValues {
 public:
  using Value = std::variant<bool, std::string, int64_t, Duration>;
  void set(const std::string& name, Value v) { values_[name] = std::move(v); }
  bool flag(const std::string& name) const;
  const std::string& choice(const std::string& name) const;
  int64_t integer(const std::string& name) const;
  const Duration& duration(const std::string& name) const;

 private:
  const Value& at(const std::string& name) const;
  std::map<std::string, Value> values_;
};

// Reads [options] (absent: all defaults). Unknown option names are left unused, so the
// document's unused-key check reports them with the nearest option name.
OptionValues read_options(std::optional<Reader> options, const std::vector<OptionSpec>& specs);

// "true", "\"fortitude\" | \"flat\"", "integer 0..3", "duration" — for `lethality rules`.
std::string option_kind_text(const OptionSpec& spec);

}  // namespace leth
