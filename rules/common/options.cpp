#include "rules/common/options.h"

#include <stdexcept>

#include "scenarios/scenario.h"

namespace leth {

const OptionValues::Value& OptionValues::at(const std::string& name) const {
  auto it = values_.find(name);
  if (it == values_.end()) throw std::logic_error("option not declared: " + name);
  return it->second;
}

bool OptionValues::flag(const std::string& name) const {
  return std::get<bool>(at(name));
}
const std::string& OptionValues::choice(const std::string& name) const {
  return std::get<std::string>(at(name));
}
int64_t OptionValues::integer(const std::string& name) const {
  return std::get<int64_t>(at(name));
}
const Duration& OptionValues::duration(const std::string& name) const {
  return std::get<Duration>(at(name));
}

namespace {
std::string unquote(const std::string& s) {
  if (s.size() >= 2 && s.front() == '"' && s.back() == '"') return s.substr(1, s.size() - 2);
  return s;
}
}  // namespace

OptionValues read_options(std::optional<Reader> r, const std::vector<OptionSpec>& specs) {
  OptionValues out;
  for (const OptionSpec& s : specs) {
    switch (s.kind) {
      case OptionSpec::Kind::Bool: {
        bool v = s.default_value == "true";
        if (r) v = r->get_bool(s.name, v);
        out.set(s.name, v);
        break;
      }
      case OptionSpec::Kind::Choice: {
        std::string v = unquote(s.default_value);
        if (r) v = r->get_choice(s.name, s.choices).value_or(v);
        out.set(s.name, v);
        break;
      }
      case OptionSpec::Kind::Int: {
        int64_t v = std::stoll(s.default_value);
        if (r) v = r->get_int(s.name, s.lo, s.hi, v);
        out.set(s.name, v);
        break;
      }
      case OptionSpec::Kind::Duration: {
        Duration v = Duration::parse(unquote(s.default_value));
        // As long as the longest horizon: beyond it, "never within the trial".
        if (r) v = r->get_duration(s.name, Scenario::kMaxHorizon).value_or(v);
        out.set(s.name, v);
        break;
      }
    }
  }
  return out;
}

std::string option_kind_text(const OptionSpec& spec) {
  switch (spec.kind) {
    case OptionSpec::Kind::Bool:
      return "true | false";
    case OptionSpec::Kind::Choice: {
      std::string s;
      for (size_t i = 0; i < spec.choices.size(); ++i)
        s += (i ? " | \"" : "\"") + spec.choices[i] + "\"";
      return s;
    }
    case OptionSpec::Kind::Int:
      return "integer " + std::to_string(spec.lo) + ".." + std::to_string(spec.hi);
    case OptionSpec::Kind::Duration:
      return "duration (\"1d4 rounds\", \"8 hours\"), at most " +
             std::to_string(Scenario::kMaxHorizon / kDay) + " days";
  }
  return "";
}

}  // namespace leth
