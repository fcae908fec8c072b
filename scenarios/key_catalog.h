// Every key a loader reads, with its type, range and default, recorded while it reads a file:
// `lethality rules ID` lists a ruleset's scenario keys from the catalog of its template, so
// the list is made by the same calls that read scenarios and cannot drift from them.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace leth {

struct KeyEntry {
  std::string section;  // "character", "encounter.attackers[]"; "" for the top level
  std::string key;
  std::string kind;      // "integer 1..20", "dice", "one of: \"nightly\" | \"none\"", "table"
  std::string fallback;  // the default, as a scenario writes it; "" if none or not known
  bool required = false;
  bool read = false;    // false: only asked whether it is there (has())
  bool probed = false;  // asked whether it is there first: so not required, even if then
                        // read with need_*
};

class KeyCatalog {
 public:
  // A reader read `key` in `section` (array indices "[2]" are folded to "[]").
  void read(const std::string& section, std::string_view key, std::string kind,
            std::string fallback = "", bool required = false);
  // A reader only asked whether `key` is there.
  void probe(const std::string& section, std::string_view key);

  const std::vector<KeyEntry>& entries() const { return entries_; }
  // "section.key" of every key only probed, never read: a template that misses a branch.
  std::vector<std::string> only_probed() const;
  // The keys grouped by section, aligned, one per line ("    max_hp   integer 1..10000,
  // required"); sections in `skip` are left out.
  std::string text(const std::vector<std::string>& skip = {}) const;

 private:
  KeyEntry& entry(const std::string& section, std::string_view key);
  std::vector<KeyEntry> entries_;
};

}  // namespace leth
