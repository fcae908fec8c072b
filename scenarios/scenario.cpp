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
  if (variants.at(v).point.table) layers.push_back({variants[v].point.table.get(), ""});
  if (variants.at(v).overrides) layers.push_back({variants[v].overrides, variants[v].path});
  if (section_root.empty()) {
    layers.push_back({&doc->root(), ""});
  } else {
    const toml::table* t = doc->root().get_as<toml::table>(section_root);
    if (t) layers.push_back({t, section_root});  // read_scenarios checked it is there
  }
  return Reader(doc, std::move(layers));
}

int Scenario::variant_index(const std::string& n) const {
  for (size_t i = 0; i < variants.size(); ++i)
    if (variants[i].name == n) return static_cast<int>(i);
  return -1;
}

namespace {

Scenario read_common(std::shared_ptr<Document> doc, const std::vector<std::string>& rulesets,
                     bool several);

}  // namespace

Scenario read_scenario(std::shared_ptr<Document> doc, const std::vector<std::string>& rulesets) {
  return read_common(std::move(doc), rulesets, false);
}

std::vector<Scenario> read_scenarios(std::shared_ptr<Document> doc,
                                     const std::vector<std::string>& rulesets) {
  Reader r(doc);
  if (!r.has("rulesets")) return {read_scenario(doc, rulesets)};
  if (r.has("ruleset"))
    r.fail("ruleset", "the file sets both ruleset and rulesets",
           "keep ruleset = \"...\" for one ruleset, or rulesets = [...] for several");
  const std::vector<std::string> ids = *r.get_choices("rulesets", rulesets);
  const Scenario common = read_common(doc, rulesets, true);
  if (common.sweep)
    r.fail("sweep", "a file of several rulesets cannot sweep",
           "sweep each ruleset in a file of its own");
  std::vector<Scenario> out;
  for (const std::string& id : ids) {
    if (!r.get_table(id))
      r.fail_here("rulesets names \"" + id + "\" but the file has no [" + id + "] table",
                  "put that ruleset's sections under it: [" + id + ".character], [" + id +
                      ".encounter], ... (`lethality rules " + id + " --template` lists them)");
    Scenario s = common;
    s.ruleset = id;
    s.section_root = id;
    s.name = common.name + "-" + id;
    if (!is_valid_name(s.name))
      r.fail("name", "\"" + s.name + "\" (the name and the ruleset) cannot name a results folder",
             "use a shorter name: at most 64 characters with \"-" + id + "\"");
    // A variant's changes to this ruleset are its table named after it.
    for (size_t v = 1; v < s.variants.size(); ++v) {
      VariantSpec& spec = s.variants[v];
      std::optional<Reader> sub;
      if (spec.overrides) sub = Reader(doc, {{spec.overrides, spec.path}}).get_table(id);
      spec.overrides = sub ? sub->table() : nullptr;
      spec.path = spec.path + "." + id;
    }
    out.push_back(std::move(s));
  }
  return out;
}

namespace {

Scenario read_common(std::shared_ptr<Document> doc, const std::vector<std::string>& rulesets,
                     bool several) {
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
  if (!several) {
    if (!r.has("ruleset"))
      r.fail_here("missing key 'ruleset'", "add ruleset = \"" + rulesets.front() +
                                               "\" (one of the ids `lethality rules` lists)");
    s.ruleset = *r.get_choice("ruleset", rulesets);
  }
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
  // One fixed time, longer than 0, and never "never" (a trial must end).
  s.horizon = r.get_fixed_duration("horizon", Scenario::kMaxHorizon, "\"30 days\"", 1, false)
                  .value_or(30 * kDay);

  s.campaign = read_campaign(r);

  VariantSpec baseline;
  baseline.name = "baseline";
  baseline.description = "the scenario as written";
  s.variants.push_back(std::move(baseline));
  std::vector<Reader> vs = r.get_tables("variants");
  // Every pair of variants is tallied on every trial (memory and time grow with the square of
  // their number): the sweeps' limit holds for variants as written too.
  if (vs.size() + 1 > Sweep::kMaxVariants)
    vs[Sweep::kMaxVariants - 1].fail_here(
        "the file has " + std::to_string(vs.size() + 1) + " variants with the baseline",
        "at most " + std::to_string(Sweep::kMaxVariants) +
            ": every pair of variants is tallied on every trial; split them into files");
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
    for (const char* common : {"ruleset", "rulesets", "trials", "precision", "max_trials", "seed",
                               "horizon", "campaign"})
      if (v.table()->contains(common))
        v.fail(common, "a variant cannot change " + std::string(common),
               "variants share the file's ruleset, trials (or precision), seed, horizon and "
               "campaign, so that they play the same trials");
    spec.description = v.get_string("description").value_or("");
    // The rest of the variant's table is read by the ruleset, layered over the file.
    spec.overrides = v.table();
    spec.of = s.variants.size();
    s.variants.push_back(std::move(spec));
  }
  s.sweep = read_sweep(r, s.variants.size());
  if (s.sweep) {
    const size_t written = s.variants.size();
    for (size_t v = 0; v < written; ++v)
      for (size_t p = 0; p < s.sweep->points(); ++p) {
        VariantSpec spec = s.variants[v];
        spec.name = s.variants[v].name + "@" + s.sweep->label(p);
        spec.description = s.variants[v].name + " with " + s.sweep->label(p);
        spec.point = sweep_layer(*s.sweep, p, *doc);
        spec.of = v;
        spec.sweep_point = static_cast<int>(p);
        s.variants.push_back(std::move(spec));
      }
  }
  return s;
}

}  // namespace

}  // namespace leth
