// A scenario's [sweep]: one key of the ruleset's sections run at several values (or two keys
// on a grid), every point of every variant a variant of its own on the same trials.
//
//   [sweep]
//   key = "aftercare.help_arrives"   # a key path in the ruleset's sections
//   from = 1                         # or values = [1, 2, 4] / ["1 round", "30 seconds"]
//   to = 8
//   step = 1
//   unit = "rounds"                  # optional: the numbers are durations in this unit (1.5:
//   decimal) target = 0.05                    # optional: the death rate whose crossing is sought
//   [sweep.y]                        # optional: a second key, for a grid
//   key = "character.level"
//   values = [1, 3, 5]
//
// A point is a small TOML table made here — {aftercare = {help_arrives = "3 rounds"}}, or
// {encounter = {patch_attackers = {"1" = {damage = 9}}}} for "encounter.attackers[1].damage"
// — layered above the variant's overrides and the file (Scenario::section_reader), so the
// rulesets read it like any variant and none of them knows about sweeps.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "scenarios/key_catalog.h"
#include "scenarios/reader.h"

namespace leth {

struct SweepAxis {
  std::string key;        // "aftercare.help_arrives", as written
  std::string section;    // "aftercare", "encounter.attackers[]" (as the key catalog names it)
  std::string leaf;       // "help_arrives"
  SourceLoc key_at;       // of the key's value
  bool duration = false;  // x is in seconds
  // What x is shown in, the unit's plural name ("rounds", "hours" for unit = "h"); "" for a
  // plain number. A duration's number of them is x / unit_seconds.
  std::string unit;
  double unit_seconds = 1;
  std::vector<double> x;          // each point's value: the number, or a duration in seconds
  std::vector<std::string> text;  // each point's value as a scenario would write it
  std::vector<SourceLoc> at;      // where each value was written (the range's `from`)
  std::vector<std::shared_ptr<toml::node>> values;  // the nodes layered in
};

struct Sweep {
  static constexpr size_t kMaxVariants = 128;  // after expansion (docs/scenarios.md: Sweeps)

  SweepAxis x;
  std::optional<SweepAxis> y;
  std::optional<double> target;  // a death rate in (0, 1)
  SourceLoc at;                  // of [sweep]
  size_t points() const { return x.x.size() * (y ? y->x.size() : 1); }
  // Point p = j * |x| + i for x index i and y index j.
  size_t xi(size_t p) const { return p % x.x.size(); }
  size_t yi(size_t p) const { return p / x.x.size(); }
  // "help_arrives=3rounds" or "help_arrives=3rounds,level=5": for variant names.
  std::string label(size_t p) const;
};

// Reads [sweep] (throws InputError, located). `variants` is how many variants the file
// declares with the baseline, for the size limit.
std::optional<Sweep> read_sweep(Reader& root, size_t variants);

// Point p's layer: a table with the point's value (or values) at its key path. Registers
// every node it makes with the document (Document::set_origin) so that an error in a
// value points to where the sweep wrote it. `leaves` receives, per axis, the table and key
// a reader must use (checked after loading by check_sweep_used).
struct SweepLayer {
  std::shared_ptr<toml::table> table;
  std::vector<std::pair<const toml::table*, std::string>> leaves;
};
SweepLayer sweep_layer(const Sweep& s, size_t p, Document& doc);

// Throws InputError when an axis's key path is not a key the ruleset reads (its catalog,
// scenario_keys; a party scenario's: its party template's), naming the nearest one.
void check_sweep_keys(const Sweep& s, const KeyCatalog& keys, const std::string& ruleset,
                      bool party = false);

}  // namespace leth
