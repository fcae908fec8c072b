#include "scenarios/key_catalog.h"

#include <algorithm>
#include <cctype>

namespace leth {

namespace {
// "encounter.attackers[2].x" -> "encounter.attackers[].x"
std::string fold_indices(const std::string& s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    out += s[i];
    if (s[i] == '[')
      while (i + 1 < s.size() && std::isdigit(static_cast<unsigned char>(s[i + 1]))) ++i;
  }
  return out;
}
}  // namespace

KeyEntry& KeyCatalog::entry(const std::string& section, std::string_view key) {
  const std::string folded = fold_indices(section);
  for (KeyEntry& e : entries_)
    if (e.section == folded && e.key == key) return e;
  entries_.push_back(KeyEntry{folded, std::string(key), "", "", false, false, false});
  return entries_.back();
}

void KeyCatalog::read(const std::string& section, std::string_view key, std::string kind,
                      std::string fallback, bool required) {
  KeyEntry& e = entry(section, key);
  e.read = true;
  if (e.kind.empty()) e.kind = std::move(kind);
  if (e.fallback.empty()) e.fallback = std::move(fallback);
  e.required = e.required || required;
}

void KeyCatalog::probe(const std::string& section, std::string_view key) {
  KeyEntry& e = entry(section, key);
  if (!e.read) e.probed = true;
}

std::vector<std::string> KeyCatalog::only_probed() const {
  std::vector<std::string> out;
  for (const KeyEntry& e : entries_)
    if (!e.read) out.push_back(e.section.empty() ? e.key : e.section + "." + e.key);
  return out;
}

std::string KeyCatalog::text(const std::vector<std::string>& skip) const {
  std::vector<std::string> sections;
  for (const KeyEntry& e : entries_)
    if (std::find(sections.begin(), sections.end(), e.section) == sections.end() &&
        std::find(skip.begin(), skip.end(), e.section) == skip.end())
      sections.push_back(e.section);
  size_t width = 0;
  for (const KeyEntry& e : entries_) width = std::max(width, e.key.size());
  std::string out;
  for (const std::string& s : sections) {
    out += s.empty() ? "  (top level)\n" : "  [" + s + "]\n";
    for (const KeyEntry& e : entries_) {
      if (e.section != s || !e.read) continue;
      std::string line = "    " + e.key + std::string(width + 2 - e.key.size(), ' ') + e.kind;
      if (e.required && !e.probed) line += ", required";
      if (!e.fallback.empty()) line += ", default " + e.fallback;
      out += line + "\n";
    }
  }
  return out;
}

}  // namespace leth
