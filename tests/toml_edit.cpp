#include "tests/toml_edit.h"

#include <sstream>

namespace leth::test {

namespace {

void collect(toml::table& t, const std::string& section, std::vector<toml::table*>& out) {
  if (section.empty()) {
    out.push_back(&t);
    return;
  }
  const size_t dot = section.find('.');
  std::string head = section.substr(0, dot);
  const std::string rest = dot == std::string::npos ? "" : section.substr(dot + 1);
  const bool array = head.size() > 2 && head.compare(head.size() - 2, 2, "[]") == 0;
  if (array) head.resize(head.size() - 2);
  toml::node* n = t.get(head);
  if (n == nullptr) return;
  if (array) {
    if (toml::array* a = n->as_array())
      for (toml::node& e : *a)
        if (toml::table* sub = e.as_table()) collect(*sub, rest, out);
  } else if (toml::table* sub = n->as_table()) {
    collect(*sub, rest, out);
  }
}

}  // namespace

std::vector<toml::table*> tables_at(toml::table& root, const std::string& section) {
  std::vector<toml::table*> out;
  collect(root, section, out);
  return out;
}

std::vector<toml::table*> tables_for(toml::table& root, const std::string& section,
                                     const std::string& key) {
  std::vector<toml::table*> all = tables_at(root, section), with;
  for (toml::table* t : all)
    if (t->contains(key)) with.push_back(t);
  return with.empty() ? all : with;
}

std::string to_text(const toml::table& t) {
  std::ostringstream s;
  s << t;
  return s.str() + "\n";
}

}  // namespace leth::test
