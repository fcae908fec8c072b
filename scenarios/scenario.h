// A scenario file's common part: who it is for, how many trials, the seed, the horizon and
// the variants. The ruleset's own sections (options, character, encounter, aftercare,
// recovery) are read by the ruleset through section_reader(), one reader per variant.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "scenarios/campaign.h"
#include "scenarios/reader.h"
#include "scenarios/sweep.h"
#include "sim/core/clock.h"

namespace leth {

struct VariantSpec {
  std::string name;  // "baseline" for the scenario as written
  std::string description;
  const toml::table* overrides = nullptr;  // the [[variants]] entry; null for the baseline
  std::string path;                        // "variants[2]"
  // A sweep point (scenarios/sweep.h): `point.table` is layered above the overrides, which
  // are those of the variant `of` (an index into Scenario::variants) that this is a point of.
  SweepLayer point;
  size_t of = 0;
  int sweep_point = -1;  // the point's index in Scenario::sweep, -1 for a variant as written
};

struct Scenario {
  static constexpr uint64_t kMaxTrials = 1'000'000'000'000;  // 10^12
  static constexpr Seconds kMaxHorizon = 3650 * kDay;        // ten years
  static_assert(kMaxHorizon <= kNeverAfter, "\"never\" must come after every horizon");

  std::string file;    // the path as given
  std::string sha256;  // of the file's bytes
  std::string name;
  std::string description;
  std::string ruleset;
  // A file of several rulesets (`rulesets = ["pf2", "dnd5e"]`) becomes one scenario per
  // ruleset, whose sections are the file's table of that name ([pf2.character], ...): its name.
  std::string section_root;  // "" for a file of one ruleset
  uint64_t trials = 0;
  // `precision = "5%"` instead of `trials` (as --precision): run until every variant's
  // death-rate interval is this narrow, at most max_trials trials (0: the default cap).
  std::string precision;  // as written; "" without a target
  uint64_t max_trials = 0;
  uint64_t seed = 0;
  Seconds horizon = 0;
  // [0] is the baseline; then the file's [[variants]]; then, with a sweep, every point of
  // each of those, variant by variant (Sweep::label names them "baseline@help_arrives=3rounds").
  std::vector<VariantSpec> variants;
  std::optional<Sweep> sweep;
  // [campaign]: the trial is a campaign of adventures (docs/campaigns.md); nullopt: one.
  std::optional<CampaignSpec> campaign;
  std::shared_ptr<Document> doc;

  // Reads the ruleset's sections for variant v: the variant's overrides over the file.
  Reader section_reader(size_t v) const;
  // Index of a variant by name, or -1.
  int variant_index(const std::string& name) const;
};

// Reads the common keys. `rulesets` are the ids a `ruleset` key may name.
Scenario read_scenario(std::shared_ptr<Document> doc, const std::vector<std::string>& rulesets);

// The scenarios of a file: one, or with `rulesets = [...]` one per ruleset named
// "<name>-<id>", the same trials, seed, horizon and variants, each reading its sections from
// the file's table named after its ruleset (a variant's changes too: `pf2 = { options = ... }`).
std::vector<Scenario> read_scenarios(std::shared_ptr<Document> doc,
                                     const std::vector<std::string>& rulesets);

// Names used for folders and CSV: letters, digits, '-', '_', '.'; at most 64 characters.
bool is_valid_name(const std::string& s);

}  // namespace leth
