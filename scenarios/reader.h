// Reading TOML (scenario files and rule tables) with located errors and no silent keys.
//
// A Document is one parsed file. Readers look keys up in it and record what was read; when
// every part of the program has read what it understands, Document::check_unused() reports
// the first key that nobody read — "trails: unknown key (did you mean 'trials'?)" — the way
// pbrt reports parameters nothing consumed. Every error names file:line:col and the key path.
//
// A Reader may be layered: a variant's overrides over the base scenario. A key is taken from
// the first layer that has it, so a variant changes only what it names.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <toml++/toml.h>

#include "scenarios/key_catalog.h"
#include "sim/core/dice.h"
#include "sim/core/duration.h"
#include "sim/core/error.h"

namespace leth {

class Document {
 public:
  // Throws InputError for a missing or unreadable file or a TOML syntax error.
  static std::shared_ptr<Document> parse_file(const std::string& path);
  static std::shared_ptr<Document> parse_string(std::string text, std::string path);

  const toml::table& root() const { return root_; }
  // When set, every reader of this document records the keys it reads (key_catalog.h).
  void set_catalog(KeyCatalog* c) { catalog_ = c; }
  KeyCatalog* catalog() const { return catalog_; }
  const std::string& path() const { return path_; }
  const std::string& text() const { return text_; }

  // Bookkeeping used by Reader.
  void visit(const toml::table* t, const std::string& path);
  void ask(const toml::table* t, std::string_view key);
  void use(const toml::table* t, std::string_view key);
  const std::string& path_of(const toml::table* t) const;
  SourceLoc loc(const toml::source_region& r) const;
  // A node's location; for a node the program made (a sweep point's value) the location it
  // was given with set_origin, since toml++ does not copy source regions.
  SourceLoc loc(const toml::node& n) const;
  void set_origin(const toml::node* n, SourceLoc at);
  // Whether a reader used `key` of `t`.
  bool used(const toml::table* t, std::string_view key) const;
  // The text of the number literal that starts at `r` ("2.5e6"), or "" if none is there.
  std::string_view number_literal(const toml::source_region& r) const;

  // Throws InputError for the first key (in file order) that no reader used.
  void check_unused() const;
  // After reading stopped at an error: throws for the first unused key that is a near miss
  // of a key a reader asked for and did not find (`[charactr]` behind "missing
  // [character]"), so the typo is reported instead of its consequence. Else does nothing.
  // Only an error about something missing can be a typo's consequence: a near miss counts
  // only of the key an error said was missing, or in a table an error was about as a whole
  // (and the tables below it); an error about a value that is there always wins.
  void check_typos() const;
  // Throws InputError for the first key (in file order) of `t`, or of its tables, that no
  // reader used: for a check on a whole table once every key of it has been read.
  void check_unused_in(const toml::table& t) const;
  // What an error was about, for check_typos: `key` of `t` was missing, or (key "") the
  // table as a whole.
  void blame(const toml::table* t, std::string_view key);

 private:
  struct Marks {
    std::string path;
    std::set<std::string, std::less<>> asked;
    std::set<std::string, std::less<>> used;
    std::set<std::string, std::less<>> blamed;  // keys an error said were missing
    bool blamed_whole = false;                  // an error about the table itself
  };
  void check_table(const toml::table& t, bool typos_only, bool blamed_above = false) const;

  std::string path_;
  std::string text_;
  toml::table root_;
  std::map<const toml::table*, Marks> marks_;
  std::map<const toml::node*, SourceLoc> origins_;
  KeyCatalog* catalog_ = nullptr;
};

// "never" as a duration ("help_arrives = \"never\"": nobody comes): a time past the longest
// horizon a scenario may have (Scenario::kMaxHorizon, ten years), so that what waits for it
// never happens within a trial. Accepted by keys whose duration may reach that horizon.
inline constexpr Seconds kNeverAfter = 3650 * kDay;
inline constexpr Seconds kNever = kNeverAfter + kDay;
// A table given as this string is removed: a variant's `aftercare = "none"` takes away the
// file's [aftercare] (Reader::get_table).
inline constexpr const char* kRemoved = "none";

// Closest candidate to `word` by edit distance (with transpositions), or "" if none is close.
// With `other_endings` (for a value among choices, not a key), a word that begins a candidate
// but for its last two letters is close too: "harmony" for "harmonies".
std::string nearest(std::string_view word, const std::vector<std::string>& candidates,
                    bool other_endings = false);

class Reader {
 public:
  struct Layer {
    const toml::table* table;
    std::string path;  // "character", "variants[2].options"
  };

  explicit Reader(std::shared_ptr<Document> doc);
  Reader(std::shared_ptr<Document> doc, std::vector<Layer> layers);

  const Document& doc() const { return *doc_; }
  std::shared_ptr<Document> doc_ptr() const { return doc_; }
  bool has(std::string_view key) const;
  // Location of a key's value (of the table when the key is absent).
  SourceLoc where(std::string_view key) const;
  SourceLoc where() const;
  // "encounter.attackers[1].damage"
  std::string path_of(std::string_view key) const;
  const std::string& path() const { return layers_.front().path; }
  // The table of the first layer (the one this reader was opened on).
  const toml::table* table() const { return layers_.front().table; }

  // Integers in [lo, hi]; floats are refused.
  std::optional<int64_t> get_int(std::string_view key, int64_t lo, int64_t hi);
  int64_t get_int(std::string_view key, int64_t lo, int64_t hi, int64_t fallback);
  int64_t need_int(std::string_view key, int64_t lo, int64_t hi);
  // Whole numbers in [lo, hi] read as the command line reads them (sim/core/number.h): an
  // integer, or a float literal that is an exact integer (1e5, 2.5e6); 1.5 and 1e-3 are
  // refused. For the counts a command line can override (trials, seed), and [campaign]
  // adventures.
  std::optional<int64_t> get_whole(std::string_view key, int64_t lo, int64_t hi);
  // Numbers (integer or float) in [lo, hi].
  std::optional<double> get_number(std::string_view key, double lo, double hi);
  double get_number(std::string_view key, double lo, double hi, double fallback);
  bool get_bool(std::string_view key, bool fallback);
  std::optional<bool> get_bool(std::string_view key);
  std::optional<std::string> get_string(std::string_view key);
  std::string need_string(std::string_view key);
  // One of `choices`; a near miss gets a suggestion.
  std::optional<std::string> get_choice(std::string_view key,
                                        const std::vector<std::string>& choices);
  // The same, required: a missing key is an error naming the choices.
  std::string need_choice(std::string_view key, const std::vector<std::string>& choices);
  // An array of `choices` (["pf2", "dnd5e"]): at least one, each once; an element out of place
  // is located and gets a suggestion.
  std::optional<std::vector<std::string>> get_choices(std::string_view key,
                                                      const std::vector<std::string>& choices);
  // Dice: a string ("2d6+3") or an integer (a fixed amount). Values must lie in [lo, hi].
  std::optional<Dice> get_dice(std::string_view key, int64_t lo, int64_t hi);
  Dice need_dice(std::string_view key, int64_t lo, int64_t hi);
  // Durations: a string with a unit, "1d4 rounds". Samples must not exceed `max`. Where `max`
  // reaches the longest horizon (kNeverAfter), "never" is a time too: kNever, after it — unless
  // `never` is false (the horizon itself).
  std::optional<Duration> get_duration(std::string_view key, Seconds max, bool never = true);
  // A duration that must be one fixed time, not dice ("8 hours"), in seconds, from `min` (1:
  // longer than 0) to `max`; `lethality rules` lists both ends. `example` is the hint's
  // example, e.g. "\"8 hours\"".
  // `never` as for get_duration.
  std::optional<Seconds> get_fixed_duration(std::string_view key, Seconds max,
                                            std::string_view example, Seconds min = 0,
                                            bool never = true);

  // A table, its layers merged; nullopt when absent, or removed: a layer that gives the key
  // as the string kRemoved (`aftercare = "none"` in a variant) hides the layers below it.
  // `hint`: what to suggest when the key is not a table (default: how to write one, or remove
  // it in a variant).
  std::optional<Reader> get_table(std::string_view key, std::string_view hint = {});
  // An array of tables ([[encounter.attackers]]); empty when the key is absent. The array is
  // taken whole from the first layer that has it (a variant's `encounter.attackers = [...]`
  // replaces them all); a layer above it may instead hold `patch_<key>`, a table keyed by an
  // element's `name` or its number from 1 whose tables are layered over that element
  // (`encounter.patch_attackers.troll = { damage = "2d10+8" }`).
  std::vector<Reader> get_tables(std::string_view key);

  [[noreturn]] void fail(std::string_view key, const std::string& what,
                         const std::string& hint = "") const;
  [[noreturn]] void fail_here(const std::string& what, const std::string& hint = "") const;
  // Throws for the first key of this table (any layer) that nobody read, as the final check
  // would: before an error about the table as a whole, once all its keys are read, so that
  // a misspelt key is reported instead of its consequence (`heal` for `healing`: "the help
  // can do nothing").
  void check_unused_here() const;

 private:
  struct Found {
    const toml::node* node;
    const Layer* layer;
  };
  std::optional<Found> find(std::string_view key) const;  // marks asked
  Found take(std::string_view key);                       // marks used; key must exist
  [[noreturn]] void type_error(std::string_view key, const Found& f, const char* expected) const;
  // Records a key in the document's catalog, if it has one.
  void record(std::string_view key, std::string kind, std::string fallback = "",
              bool required = false) const;
  [[noreturn]] void missing(std::string_view key, const std::string& hint) const;
  // The element `id` names in a patch, by name or by number; throws at `at` otherwise.
  size_t patch_target(const std::vector<const toml::table*>& elements, const std::string& id,
                      const SourceLoc& at, const std::string& path, const std::string& base) const;

  std::shared_ptr<Document> doc_;
  std::vector<Layer> layers_;
  std::string replaced_note_;  // appended to "missing key" hints in an element a variant gave
};

}  // namespace leth
