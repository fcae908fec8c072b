#include "scenarios/scenario.h"

#include <algorithm>
#include <cctype>

#include "sim/core/precision_text.h"
#include "sim/core/sha256.h"

namespace leth {

bool is_valid_name(const std::string& s) {
  if (s.empty() || s.size() > 64) return false;
  if (!std::isalnum(static_cast<unsigned char>(s[0]))) return false;
  return std::all_of(s.begin(), s.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.';
  });
}

Reader Scenario::section_reader(size_t v) const {
  std::vector<Reader::Layer> layers;
  if (variants.at(v).overrides) layers.push_back({variants[v].overrides, variants[v].path});
  layers.push_back({&doc->root(), ""});
  return Reader(doc, std::move(layers));
}

int Scenario::variant_index(const std::string& n) const {
  for (size_t i = 0; i < variants.size(); ++i)
    if (variants[i].name == n) return static_cast<int>(i);
  return -1;
}

Scenario read_scenario(std::shared_ptr<Document> doc, const std::vector<std::string>& rulesets) {
  Scenario s;
  s.file = doc->path();
  s.sha256 = sha256_hex(doc->text());
  s.doc = doc;
  Reader r(doc);

  s.name = r.need_string("name");
  if (!is_valid_name(s.name))
    r.fail("name", "\"" + s.name + "\" cannot name a results folder",
           "use letters, digits, '-', '_' and '.', at most 64 characters, e.g. \"goblin-ambush\"");
  s.description = r.get_string("description").value_or("");
  if (!r.has("ruleset"))
    r.fail_here("missing key 'ruleset'", "add ruleset = \"" + rulesets.front() +
                                             "\" (one of the ids `lethality rules` lists)");
  s.ruleset = *r.get_choice("ruleset", rulesets);
  // Read like --trials and --seed: 1_000_000 or 1e6.
  s.trials = static_cast<uint64_t>(
      r.get_whole("trials", 1, static_cast<int64_t>(Scenario::kMaxTrials)).value_or(100'000));
  if (auto p = r.get_string("precision")) {
    if (r.has("trials"))
      r.fail("precision", "the file sets both trials and precision",
             "keep one: a precision target decides the trials (cap them with max_trials)");
    try {
      parse_precision_text(*p, r.where("precision"));
    } catch (const InputError& e) {
      r.fail("precision", e.bare_message(), e.hint());
    }
    s.precision = *p;
  }
  if (auto cap = r.get_whole("max_trials", 1, static_cast<int64_t>(Scenario::kMaxTrials))) {
    if (s.precision.empty())
      r.fail("max_trials", "max_trials caps a precision target, and the file sets none",
             "add precision = \"5%\" (or a half-width such as \"0.001\"), or use trials");
    s.max_trials = static_cast<uint64_t>(*cap);
  }
  s.seed = static_cast<uint64_t>(r.get_whole("seed", 0, INT64_MAX).value_or(1));
  if (auto h = r.get_duration("horizon", Scenario::kMaxHorizon)) {
    if (!h->is_fixed())
      r.fail("horizon", "the horizon must be a fixed time, not dice", "write e.g. \"30 days\"");
    if (h->max() <= 0)
      r.fail("horizon", "the horizon must be longer than 0", "write e.g. \"30 days\"");
    s.horizon = h->max();
  } else {
    s.horizon = 30 * kDay;
  }

  s.variants.push_back({"baseline", "the scenario as written", nullptr, ""});
  std::vector<Reader> vs = r.get_tables("variants");
  for (size_t i = 0; i < vs.size(); ++i) {
    Reader& v = vs[i];
    VariantSpec spec;
    spec.path = v.path();
    spec.name = v.need_string("name");
    if (!is_valid_name(spec.name))
      v.fail("name", "\"" + spec.name + "\" cannot name a variant",
             "use letters, digits, '-', '_' and '.', at most 64 characters");
    if (spec.name == "baseline")
      v.fail("name", "\"baseline\" is the scenario as written", "give the variant another name");
    if (s.variant_index(spec.name) >= 0)
      v.fail("name", "a variant named \"" + spec.name + "\" already exists",
             "variant names must be unique");
    for (const char* common : {"ruleset", "trials", "precision", "max_trials", "seed", "horizon"})
      if (v.table()->contains(common))
        v.fail(common, "a variant cannot change " + std::string(common),
               "variants share the file's ruleset, trials (or precision), seed and horizon, so "
               "that they play the same trials");
    spec.description = v.get_string("description").value_or("");
    // The rest of the variant's table is read by the ruleset, layered over the file.
    spec.overrides = v.table();
    s.variants.push_back(std::move(spec));
  }
  return s;
}

}  // namespace leth
