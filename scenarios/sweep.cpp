#include "scenarios/sweep.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>

#include "sim/core/duration.h"

namespace leth {

namespace {

constexpr size_t kMaxPointsPerAxis = 1000;  // before the variants limit, to keep loops small

// The shortest text that reads back as x: "3", "2.5", "0.1".
std::string number_text(double x) {
  char buf[32];
  auto r = std::to_chars(buf, buf + sizeof buf, x);
  return std::string(buf, r.ptr);
}

struct Segment {
  std::string name;
  std::optional<std::string> index;  // "attackers[1]" -> "1"
};

bool is_key_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-';
}

// "encounter.attackers[1].damage" -> segments; nullopt when malformed.
std::optional<std::vector<Segment>> split_key(const std::string& key) {
  std::vector<Segment> out;
  size_t i = 0;
  while (true) {
    Segment s;
    while (i < key.size() && is_key_char(key[i])) s.name += key[i++];
    if (s.name.empty()) return std::nullopt;
    if (i < key.size() && key[i] == '[') {
      const size_t close = key.find(']', i);
      if (close == std::string::npos || close == i + 1) return std::nullopt;
      s.index = key.substr(i + 1, close - i - 1);
      i = close + 1;
    }
    out.push_back(std::move(s));
    if (i == key.size()) break;
    if (key[i] != '.') return std::nullopt;
    ++i;
  }
  if (out.back().index) return std::nullopt;  // the last part names a value, not an element
  return out;
}

// The key swept: its path, the section it is in (as the key catalog names it) and its leaf.
void read_key(Reader& r, SweepAxis& a) {
  a.key = r.need_string("key");
  a.key_at = r.where("key");
  const auto segments = split_key(a.key);
  if (!segments)
    r.fail("key", "\"" + a.key + "\" is not a key path",
           "write the sections and the key joined by dots, an array element by its number or "
           "name in brackets: \"aftercare.help_arrives\", \"encounter.attackers[1].damage\"");
  for (size_t i = 0; i + 1 < segments->size(); ++i) {
    const Segment& s = (*segments)[i];
    a.section += (i ? "." : "") + s.name + (s.index ? "[]" : "");
  }
  a.leaf = segments->back().name;
}

// The unit: numbers become durations "<n> <unit>".
std::optional<Duration> read_unit(Reader& r, SweepAxis& a) {
  std::optional<Duration> unit;
  if (auto u = r.get_string("unit")) {
    try {
      unit = Duration::parse("1 " + *u, r.where("unit"));
    } catch (const InputError&) {
      r.fail("unit", "\"" + *u + "\" is not a unit of time", "one of " + duration_units_help());
    }
    a.duration = true;
    a.unit_seconds = static_cast<double>(unit->unit());
    a.unit = unit_name(unit->unit(), 2);  // "h", "hour" and "hours" all read "hours"
  }
  return unit;
}

// A value as written, before it becomes a point.
struct Raw {
  double x;
  bool integer;
  std::string text;  // for strings
  SourceLoc at;
};

// A list of durations is shown in the largest unit written in which every value is a whole
// number of thousandths ("30 minutes" and "2 hours" in hours: 0.5, 2), else in seconds.
void choose_shown_unit(std::vector<Seconds> written_units, const std::vector<Raw>& raw,
                       SweepAxis& a) {
  std::sort(written_units.begin(), written_units.end());
  Seconds shown = kSecond;
  for (Seconds u : written_units) {
    const bool fits = std::all_of(raw.begin(), raw.end(), [&](const Raw& v) {
      return static_cast<int64_t>(v.x) * 1000 % u == 0;
    });
    if (fits) shown = u;
  }
  a.unit_seconds = static_cast<double>(shown);
  a.unit = unit_name(shown, 2);
}

// values = [...]: numbers, or durations ("3 rounds"), never both.
std::vector<Raw> read_value_list(Reader& r, SweepAxis& a, const std::optional<Duration>& unit) {
  Document& doc = const_cast<Document&>(r.doc());
  std::vector<Raw> raw;
  std::vector<Seconds> written_units;  // of a list of durations, each value's
  const toml::node* n = r.table()->get("values");
  doc.use(r.table(), "values");
  const toml::array* arr = n->as_array();
  if (!arr || arr->size() < 2)
    throw InputError(doc.loc(*n), r.path_of("values") + ": expected a list of at least 2 values",
                     "write values = [1, 2, 3]");
  for (const toml::node& e : *arr) {
    const SourceLoc at = doc.loc(e);
    if (auto i = e.as_integer()) {
      raw.push_back({static_cast<double>(i->get()), true, "", at});
    } else if (auto f = e.as_floating_point()) {
      if (!std::isfinite(f->get()))
        throw InputError(at, r.path_of("values") + ": expected a finite number");
      raw.push_back({f->get(), false, "", at});
    } else if (auto s = e.as_string()) {
      if (unit)
        throw InputError(at, r.path_of("values") + ": expected a number of " + a.unit,
                         "with unit = \"" + a.unit + "\", write the numbers alone");
      Duration d;
      try {
        d = Duration::parse(s->get(), at);
      } catch (const InputError& e) {  // the parser knows the text, not the key
        throw InputError(e.loc(), r.path_of("values") + ": " + e.bare_message(), e.hint());
      }
      if (!d.is_fixed())
        throw InputError(at, r.path_of("values") + ": a sweep value must be a fixed time, not dice",
                         "write e.g. \"3 rounds\"");
      raw.push_back({static_cast<double>(d.max()), false, s->get(), at});
      if (raw.size() == 1) {
        a.duration = true;
      } else if (!a.duration) {
        throw InputError(at, r.path_of("values") + ": mixes numbers and durations",
                         "write every value as a duration, e.g. \"3 rounds\"");
      }
      written_units.push_back(d.unit());
    } else {
      throw InputError(at, r.path_of("values") + ": expected a number or a duration",
                       "write e.g. values = [1, 2, 3] or [\"1 round\", \"2 rounds\"]");
    }
    if (a.duration && e.is_number() && !unit)
      throw InputError(at, r.path_of("values") + ": mixes numbers and durations",
                       "write every value as a duration, e.g. \"3 rounds\"");
  }
  if (!written_units.empty()) choose_shown_unit(written_units, raw, a);
  return raw;
}

// from, to, step: the points from `from` by `step` up to `to`.
std::vector<Raw> read_range(Reader& r) {
  std::vector<Raw> raw;
  for (const char* k : {"from", "to", "step"})
    if (!r.has(k))
      r.fail_here(std::string("missing key '") + k + "'",
                  "a range needs from, to and step: from = 1, to = 8, step = 1");
  const double from = *r.get_number("from", -1e15, 1e15);
  const double to = *r.get_number("to", -1e15, 1e15);
  const double step = *r.get_number("step", -1e15, 1e15);
  if (step <= 0) r.fail("step", "the step must be greater than 0", "write e.g. step = 1");
  if (to <= from) r.fail("to", "'to' must be greater than 'from'", "write e.g. from = 1, to = 8");
  const double count = std::floor((to - from) / step + 1e-9) + 1;
  if (count > static_cast<double>(kMaxPointsPerAxis))
    r.fail("step", "the range has " + number_text(count) + " points",
           "at most " + std::to_string(Sweep::kMaxVariants) + " variants in all: a larger step");
  const bool integer = from == std::floor(from) && step == std::floor(step) &&
                       r.table()->get("from")->is_integer() && r.table()->get("step")->is_integer();
  for (size_t i = 0; i < static_cast<size_t>(count); ++i) {
    double x = from + static_cast<double>(i) * step;
    if (!integer)
      x = std::round(x * 1e9) / 1e9;  // 0.1 + 2 * 0.1 reads 0.3, not 0.30000000000000004
    raw.push_back({x, integer, "", r.where("from")});
  }
  return raw;
}

// One point of the axis: its value (in seconds for a duration), its text and its node.
void add_point(Reader& r, SweepAxis& a, const Raw& v, const std::optional<Duration>& unit,
               bool has_values) {
  std::shared_ptr<toml::node> node;
  std::string text;
  double x = v.x;
  if (unit) {
    if (v.x < 0)
      throw InputError(v.at,
                       r.path_of(has_values ? "values" : "from") + ": a time cannot be negative");
    // "1 round", "1.5 rounds": what the ruleset reads, as a scenario would write it.
    text = number_text(v.x) + " " + unit_name(static_cast<Seconds>(a.unit_seconds), v.x);
    // Durations are whole seconds: 0.1 rounds (0.6 s) cannot be played.
    const double seconds = v.x * a.unit_seconds;
    if (seconds != std::round(seconds) || seconds > 1e15)
      throw InputError(v.at,
                       r.path_of(has_values ? "values" : "from") + ": " + text +
                           " is not a whole number of seconds",
                       "times are counted in whole seconds");
    x = static_cast<double>(Duration::parse(text, v.at).max());
    node = std::make_shared<toml::value<std::string>>(text);
  } else if (!v.text.empty()) {
    text = v.text;
    node = std::make_shared<toml::value<std::string>>(text);
  } else if (v.integer) {
    text = number_text(v.x);
    node = std::make_shared<toml::value<int64_t>>(static_cast<int64_t>(v.x));
  } else {
    text = number_text(v.x);
    node = std::make_shared<toml::value<double>>(v.x);
  }
  for (size_t j = 0; j < a.x.size(); ++j)
    if (a.x[j] == x)  // two points of one name, and a curve with a repeated x
      throw InputError(v.at,
                       r.path_of(has_values ? "values" : "from") + ": " + text +
                           " is swept twice (as " + a.text[j] + ")",
                       "give each value once");
  a.x.push_back(x);
  a.text.push_back(text);
  a.at.push_back(v.at);
  a.values.push_back(std::move(node));
}

SweepAxis read_axis(Reader& r) {
  SweepAxis a;
  read_key(r, a);
  const std::optional<Duration> unit = read_unit(r, a);
  // The values: a list, or a range.
  const bool has_values = r.has("values");
  const bool has_range = r.has("from") || r.has("to") || r.has("step");
  if (has_values && has_range)
    r.fail("values", "give either values or from/to/step, not both", "keep one of them");
  if (!has_values && !has_range)
    r.fail_here("missing the values to sweep",
                "add values = [1, 2, 3], or from = 1, to = 8, step = 1");
  const std::vector<Raw> raw = has_values ? read_value_list(r, a, unit) : read_range(r);
  if (raw.size() > kMaxPointsPerAxis)
    r.fail("values", "too many values",
           "at most " + std::to_string(Sweep::kMaxVariants) + " variants in all");
  for (const Raw& v : raw) add_point(r, a, v, unit, has_values);
  return a;
}

}  // namespace

std::string Sweep::label(size_t p) const {
  auto one = [](const SweepAxis& a, size_t i) {
    std::string t = a.text[i];
    t.erase(std::remove(t.begin(), t.end(), ' '), t.end());
    std::string s = a.leaf;
    s += '=';
    s += t;
    return s;
  };
  std::string s = one(x, xi(p));
  if (y) {
    s += ',';
    s += one(*y, yi(p));
  }
  return s;
}

std::optional<Sweep> read_sweep(Reader& root, size_t variants) {
  auto t = root.get_table("sweep");
  if (!t) return std::nullopt;
  Sweep s;
  s.at = t->where();
  s.x = read_axis(*t);
  if (auto y = t->get_table("y")) {
    s.y = read_axis(*y);
    if (s.y->key == s.x.key)
      y->fail("key", "the grid's two keys are the same", "sweep another key in [sweep.y]");
  }
  if (t->has("target")) {
    s.target = t->get_number("target", 0, 1);
    if (*s.target <= 0 || *s.target >= 1)
      t->fail("target", "the target death rate must lie strictly between 0 and 1",
              "write e.g. target = 0.05 for 5%");
  }
  const size_t total = variants * (1 + s.points());
  if (total > Sweep::kMaxVariants)
    t->fail_here("the sweep makes " + std::to_string(total) + " variants (" +
                     std::to_string(variants) + " variants x (1 + " + std::to_string(s.points()) +
                     " points))",
                 "at most " + std::to_string(Sweep::kMaxVariants) +
                     ": every pair of variants is tallied on every trial; sweep fewer values");
  return s;
}

SweepLayer sweep_layer(const Sweep& s, size_t p, Document& doc) {
  SweepLayer out;
  out.table = std::make_shared<toml::table>();
  auto place = [&](const SweepAxis& a, size_t i) {
    const auto segments = *split_key(a.key);
    const SourceLoc at = a.at[i];
    toml::table* cur = out.table.get();
    doc.set_origin(cur, at);
    auto child = [&](const std::string& k) {
      if (!cur->contains(k)) cur->insert(k, toml::table{});
      toml::table* t = cur->get(k)->as_table();
      doc.set_origin(t, at);
      return t;
    };
    for (size_t j = 0; j + 1 < segments.size(); ++j) {
      const Segment& g = segments[j];
      if (g.index) {
        cur = child("patch_" + g.name);
        cur = child(*g.index);
      } else {
        cur = child(g.name);
      }
    }
    // Inserting copies the node, and toml++ copies do not keep a source: register the copy.
    cur->insert_or_assign(a.leaf, *a.values[i]);
    doc.set_origin(cur->get(a.leaf), at);
    out.leaves.emplace_back(cur, a.leaf);
  };
  place(s.x, s.xi(p));
  if (s.y) place(*s.y, s.yi(p));
  return out;
}

void check_sweep_keys(const Sweep& s, const KeyCatalog& keys, const std::string& ruleset,
                      bool party) {
  auto check = [&](const SweepAxis& a, const std::string& where) {
    std::vector<std::string> known;
    for (const KeyEntry& e : keys.entries()) {
      if (e.kind == "table" || e.kind.rfind("array of tables", 0) == 0) continue;
      if (e.section == a.section && e.key == a.leaf) return;
      // Shown as a sweep writes it: an element by its number.
      std::string section = e.section;
      for (size_t k; (k = section.find("[]")) != std::string::npos;) section.replace(k, 2, "[1]");
      known.push_back(section.empty() ? e.key : section + "." + e.key);
    }
    std::string written = a.section;
    for (size_t k; (k = written.find("[]")) != std::string::npos;) written.replace(k, 2, "[1]");
    written = written.empty() ? a.leaf : written + "." + a.leaf;
    const std::string near = nearest(written, known);
    throw InputError(a.key_at,
                     where + ": \"" + a.key + "\" is not a key " +
                         (party ? "a " + ruleset + " party scenario reads"
                                : "the " + ruleset + " ruleset reads") +
                         (near.empty() ? "" : " (did you mean '" + near + "'?)"),
                     "`lethality rules " + ruleset + (party ? " --party" : "") +
                         "` lists its keys");
  };
  check(s.x, "sweep.key");
  if (s.y) check(*s.y, "sweep.y.key");
}

}  // namespace leth
