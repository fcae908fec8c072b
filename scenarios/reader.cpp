#include "scenarios/reader.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "scenarios/toml_limits.h"
#include "sim/core/clock.h"
#include "sim/core/number.h"

namespace leth {

namespace {

const char* type_word(const toml::node& n) {
  switch (n.type()) {
    case toml::node_type::string:
      return "a string";
    case toml::node_type::integer:
      return "an integer";
    case toml::node_type::floating_point:
      return "a number";
    case toml::node_type::boolean:
      return "true/false";
    case toml::node_type::table:
      return "a table";
    case toml::node_type::array:
      return "an array";
    case toml::node_type::date:
      return "a date";
    case toml::node_type::time:
      return "a time";
    case toml::node_type::date_time:
      return "a date-time";
    default:
      return "nothing";
  }
}

std::string join(const std::vector<std::string>& v) {
  std::string out;
  for (size_t i = 0; i < v.size(); ++i) out += (i ? ", " : "") + v[i];
  return out;
}

size_t edit_distance(std::string_view a, std::string_view b) {
  // Optimal string alignment: insertions, deletions, substitutions, adjacent transpositions.
  const size_t n = a.size(), m = b.size();
  std::vector<std::vector<size_t>> d(n + 1, std::vector<size_t>(m + 1));
  for (size_t i = 0; i <= n; ++i) d[i][0] = i;
  for (size_t j = 0; j <= m; ++j) d[0][j] = j;
  for (size_t i = 1; i <= n; ++i)
    for (size_t j = 1; j <= m; ++j) {
      const size_t cost = std::tolower(static_cast<unsigned char>(a[i - 1])) ==
                                  std::tolower(static_cast<unsigned char>(b[j - 1]))
                              ? 0
                              : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[n][m];
}

std::string join_path(const std::string& base, std::string_view key) {
  return base.empty() ? std::string(key) : base + "." + std::string(key);
}

std::string fmt_number(double x) {
  std::ostringstream s;
  s << x;
  return s.str();
}

}  // namespace

std::string nearest(std::string_view word, const std::vector<std::string>& candidates,
                    bool other_endings) {
  std::string best;
  const size_t limit = std::max<size_t>(2, word.size() / 3);  // edits allowed
  size_t best_d = SIZE_MAX;
  for (const std::string& c : candidates) {
    // With other_endings, a value that is the candidate's start with another ending
    // ("harmony" for "harmonies") is near however many letters the ending takes: all but the
    // word's last two letters begin the candidate, and at least 4 of them.
    size_t prefix = 0;
    while (prefix < word.size() && prefix < c.size() && word[prefix] == c[prefix]) ++prefix;
    const bool same_start =
        other_endings && word.size() >= 5 && prefix >= 4 && prefix + 2 >= word.size();
    // The distance is at least the difference in length: skip hopeless (and huge) words.
    const size_t diff = std::max(word.size(), c.size()) - std::min(word.size(), c.size());
    if (!same_start && diff > limit) continue;
    const size_t d = edit_distance(word, c);
    if ((d <= limit || same_start) && d < best_d) {
      best_d = d;
      best = c;
    }
  }
  return best;
}

// ---------------------------------------------------------------------------------------
// Document

std::shared_ptr<Document> Document::parse_file(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::file_status st = fs::status(path, ec);  // follows symbolic links
  if (ec && ec != std::errc::no_such_file_or_directory)
    throw InputError({path}, "cannot read the file: " + ec.message(), "check the path");
  if (!fs::exists(st)) throw InputError({path}, "no such file", "check the path");
  if (fs::is_directory(st)) throw InputError({path}, "is a directory, not a file");
  // A device, a pipe or a socket could be read forever (`validate /dev/zero`).
  if (!fs::is_regular_file(st))
    throw InputError({path}, "is not a regular file (a device, a pipe or a socket)",
                     "give a scenario file");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError({path}, "cannot open the file for reading");
  // Read at most one byte past the limit: a file that grows while being read stops there too.
  std::string text(kMaxTomlBytes + 1, '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  text.resize(static_cast<size_t>(in.gcount()));
  if (text.size() > kMaxTomlBytes)
    throw InputError({path},
                     "the file is larger than " + std::to_string(kMaxTomlBytes >> 20) + " MiB",
                     "a scenario file takes a few KiB; is this the right file?");
  return parse_string(std::move(text), path);
}

std::shared_ptr<Document> Document::parse_string(std::string text, std::string path) {
  auto doc = std::make_shared<Document>();
  doc->path_ = std::move(path);
  doc->text_ = std::move(text);
  check_toml_depth(doc->text_, doc->path_);  // before toml++, which recurses on nesting
  try {
    doc->root_ = toml::parse(doc->text_, doc->path_);
  } catch (const toml::parse_error& e) {
    const auto& b = e.source().begin;
    throw InputError({doc->path_, b.line, b.column},
                     "malformed TOML: " + std::string(e.description()));
  }
  doc->visit(&doc->root_, "");
  return doc;
}

void Document::visit(const toml::table* t, const std::string& path) {
  auto [it, fresh] = marks_.try_emplace(t);
  if (fresh) it->second.path = path;
}

void Document::ask(const toml::table* t, std::string_view key) {
  marks_[t].asked.emplace(key);
}

void Document::blame(const toml::table* t, std::string_view key) {
  auto& m = marks_[t];
  if (key.empty())
    m.blamed_whole = true;
  else
    m.blamed.emplace(key);
}

void Document::use(const toml::table* t, std::string_view key) {
  auto& m = marks_[t];
  m.asked.emplace(key);
  m.used.emplace(key);
}

const std::string& Document::path_of(const toml::table* t) const {
  static const std::string none;
  auto it = marks_.find(t);
  return it == marks_.end() ? none : it->second.path;
}

SourceLoc Document::loc(const toml::source_region& r) const {
  return SourceLoc{path_, r.begin.line, r.begin.column};
}

SourceLoc Document::loc(const toml::node& n) const {
  auto it = origins_.find(&n);
  return it != origins_.end() ? it->second : loc(n.source());
}

void Document::set_origin(const toml::node* n, SourceLoc at) {
  origins_[n] = std::move(at);
}

bool Document::used(const toml::table* t, std::string_view key) const {
  auto it = marks_.find(t);
  return it != marks_.end() && it->second.used.count(key) > 0;
}

std::string_view Document::number_literal(const toml::source_region& r) const {
  if (r.begin.line == 0 || r.begin.column == 0) return {};
  size_t i = 0;
  for (uint32_t line = 1; line < r.begin.line; ++line) {
    i = text_.find('\n', i);
    if (i == std::string::npos) return {};
    ++i;
  }
  // Columns count characters, not bytes: skip UTF-8 continuation bytes.
  for (uint32_t col = 1; col < r.begin.column && i < text_.size(); ++col) {
    ++i;
    while (i < text_.size() && (static_cast<unsigned char>(text_[i]) & 0xC0) == 0x80) ++i;
  }
  const size_t start = i;
  while (i < text_.size() &&
         (std::isalnum(static_cast<unsigned char>(text_[i])) || text_[i] == '_' ||
          text_[i] == '.' || text_[i] == '+' || text_[i] == '-'))
    ++i;
  return std::string_view(text_).substr(start, i - start);
}

void Document::check_unused() const {
  check_table(root_, false);
}

void Document::check_unused_in(const toml::table& t) const {
  check_table(t, false);
}

void Document::check_typos() const {
  check_table(root_, true);
}

namespace {

// A key some scenarios read and this one does not: why, instead of the list of valid keys.
std::string context_hint(const std::string& path, const std::string& key) {
  if (path.empty() && key == "day")
    return "an adventuring day is played by a party only ([[party]] members against "
           "[[opponents]], any ruleset; docs/days.md), not by one [character]: remove [day] "
           "here, or write the character as a party of one ([[party]]) against [[opponents]] "
           "it can defeat (docs/parties.md)";
  return {};
}

}  // namespace

void Document::check_table(const toml::table& t, bool typos_only, bool blamed_above) const {
  // Keys are checked in file order, so the first error is the first in the file.
  std::vector<std::pair<const toml::key*, const toml::node*>> entries;
  for (auto&& [k, v] : t) entries.emplace_back(&k, &v);
  std::sort(entries.begin(), entries.end(), [](const auto& a, const auto& b) {
    const auto& pa = a.first->source().begin;
    const auto& pb = b.first->source().begin;
    return pa.line != pb.line ? pa.line < pb.line : pa.column < pb.column;
  });
  auto mit = marks_.find(&t);
  const bool whole = blamed_above || (mit != marks_.end() && mit->second.blamed_whole);
  for (const auto& [k, v] : entries) {
    const std::string key(k->str());
    const bool used = mit != marks_.end() && mit->second.used.count(key) > 0;
    if (!used) {
      const std::string& path = mit == marks_.end() ? std::string() : mit->second.path;
      std::vector<std::string> asked;
      if (mit != marks_.end()) asked.assign(mit->second.asked.begin(), mit->second.asked.end());
      const std::string near = nearest(key, asked);
      if (typos_only &&
          (near.empty() || t.contains(near) || !(whole || mit->second.blamed.count(near) > 0)))
        continue;
      std::string hint = context_hint(path, key);
      if (hint.empty() && !near.empty())
        hint = "did you mean '" + near + "'?";
      else if (hint.empty() && !asked.empty())
        hint = "valid keys here: " + join(asked);
      SourceLoc where = loc(k->source());
      if (where.line == 0) where = loc(v->source());
      throw InputError(where, (path.empty() ? key : path + "." + key) + ": unknown key", hint);
    }
    if (const toml::table* sub = v->as_table()) {
      if (marks_.count(sub)) check_table(*sub, typos_only, whole);
    } else if (const toml::array* arr = v->as_array()) {
      for (const toml::node& e : *arr)
        if (const toml::table* sub2 = e.as_table(); sub2 && marks_.count(sub2))
          check_table(*sub2, typos_only, whole);
    }
  }
}

// ---------------------------------------------------------------------------------------
// Reader

Reader::Reader(std::shared_ptr<Document> doc) : doc_(std::move(doc)) {
  layers_.push_back({&doc_->root(), ""});
}

Reader::Reader(std::shared_ptr<Document> doc, std::vector<Layer> layers)
    : doc_(std::move(doc)), layers_(std::move(layers)) {
  for (const Layer& l : layers_) doc_->visit(l.table, l.path);
}

std::optional<Reader::Found> Reader::find(std::string_view key) const {
  for (const Layer& l : layers_) doc_->ask(l.table, key);
  for (const Layer& l : layers_)
    if (const toml::node* n = l.table->get(key)) return Found{n, &l};
  return std::nullopt;
}

Reader::Found Reader::take(std::string_view key) {
  auto f = find(key);
  doc_->use(f->layer->table, key);
  return *f;
}

bool Reader::has(std::string_view key) const {
  if (doc_->catalog()) doc_->catalog()->probe(path(), key);
  return find(key).has_value();
}

SourceLoc Reader::where() const {
  SourceLoc l = doc_->loc(*layers_.front().table);
  if (l.line == 0) l = SourceLoc{doc_->path()};
  return l;
}

SourceLoc Reader::where(std::string_view key) const {
  auto f = find(key);
  if (!f) return where();
  SourceLoc l = doc_->loc(*f->node);
  if (l.line == 0) return where();
  return l;
}

std::string Reader::path_of(std::string_view key) const {
  auto f = find(key);
  const std::string& base = f ? f->layer->path : layers_.front().path;
  return base.empty() ? std::string(key) : base + "." + std::string(key);
}

void Reader::fail(std::string_view key, const std::string& what, const std::string& hint) const {
  // About a key that is not there: a typo of it may be the cause (Document::check_typos).
  if (!find(key))
    for (const Layer& l : layers_) doc_->blame(l.table, key);
  throw InputError(where(key), path_of(key) + ": " + what, hint);
}

void Reader::fail_here(const std::string& what, const std::string& hint) const {
  for (const Layer& l : layers_) doc_->blame(l.table, {});
  const std::string& p = path();
  throw InputError(where(), (p.empty() ? std::string() : p + ": ") + what, hint);
}

void Reader::check_unused_here() const {
  for (const Layer& l : layers_)
    if (l.table) doc_->check_unused_in(*l.table);
}

void Reader::missing(std::string_view key, const std::string& hint) const {
  for (const Layer& l : layers_) doc_->blame(l.table, key);
  const std::string& p = path();
  throw InputError(
      where(), (p.empty() ? std::string() : p + ": ") + "missing key '" + std::string(key) + "'",
      hint + replaced_note_);
}

void Reader::record(std::string_view key, std::string kind, std::string fallback,
                    bool required) const {
  if (KeyCatalog* c = doc_->catalog())
    c->read(path(), key, std::move(kind), std::move(fallback), required);
}

void Reader::type_error(std::string_view key, const Found& f, const char* expected) const {
  fail(key, std::string("expected ") + expected + ", got " + type_word(*f.node));
}

std::optional<int64_t> Reader::get_int(std::string_view key, int64_t lo, int64_t hi) {
  record(key, "integer " + std::to_string(lo) + ".." + std::to_string(hi));
  if (!find(key)) return std::nullopt;
  Found f = take(key);
  const auto* v = f.node->as_integer();
  if (!v) type_error(key, f, "an integer");
  const int64_t x = v->get();
  if (x < lo || x > hi)
    fail(key, std::to_string(x) + " is out of range",
         "expected an integer from " + std::to_string(lo) + " to " + std::to_string(hi));
  return x;
}

int64_t Reader::get_int(std::string_view key, int64_t lo, int64_t hi, int64_t fallback) {
  record(key, "integer " + std::to_string(lo) + ".." + std::to_string(hi),
         std::to_string(fallback));
  return get_int(key, lo, hi).value_or(fallback);
}

int64_t Reader::need_int(std::string_view key, int64_t lo, int64_t hi) {
  record(key, "", "", true);  // the kind comes from get_int
  auto v = get_int(key, lo, hi);
  if (!v)
    missing(key, "add " + std::string(key) + " = <an integer from " + std::to_string(lo) + " to " +
                     std::to_string(hi) + ">");
  return *v;
}

std::optional<int64_t> Reader::get_whole(std::string_view key, int64_t lo, int64_t hi) {
  record(key, "whole number " + std::to_string(lo) + ".." + std::to_string(hi) +
                  (hi >= 1'000'000 ? " (1_000_000 and 1e6 read too)" : " (2e1 reads as 20)"));
  if (!find(key)) return std::nullopt;
  Found f = take(key);
  const std::string expected =
      "expected an integer from " + std::to_string(lo) + " to " + std::to_string(hi);
  int64_t x;
  if (const auto* i = f.node->as_integer()) {
    x = i->get();
  } else if (const auto* d = f.node->as_floating_point()) {
    // The literal as written, read by the command line's parser, so the two cannot drift.
    const std::string_view text = doc_->number_literal(f.node->source());
    try {
      x = parse_whole_number(text, where(key));
    } catch (const InputError& e) {
      fail(key, e.bare_message(), expected + "; " + e.hint());
    }
    // toml++ read the same literal; a disagreement would mean the column was miscounted.
    if (std::abs(static_cast<double>(x) - d->get()) > 1e-9 * std::abs(d->get()))
      fail(key, fmt_number(d->get()) + " cannot be read as a whole number", expected);
  } else {
    type_error(key, f, "an integer");
  }
  if (x < lo || x > hi) fail(key, std::to_string(x) + " is out of range", expected);
  return x;
}

std::optional<double> Reader::get_number(std::string_view key, double lo, double hi) {
  record(key, "number " + fmt_number(lo) + ".." + fmt_number(hi));
  if (!find(key)) return std::nullopt;
  Found f = take(key);
  double x;
  if (const auto* i = f.node->as_integer())
    x = static_cast<double>(i->get());
  else if (const auto* d = f.node->as_floating_point())
    x = d->get();
  else
    type_error(key, f, "a number");
  if (!std::isfinite(x) || x < lo || x > hi)
    fail(key, fmt_number(x) + " is out of range",
         "expected a number from " + fmt_number(lo) + " to " + fmt_number(hi));
  return x;
}

double Reader::get_number(std::string_view key, double lo, double hi, double fallback) {
  record(key, "number " + fmt_number(lo) + ".." + fmt_number(hi), fmt_number(fallback));
  return get_number(key, lo, hi).value_or(fallback);
}

std::optional<bool> Reader::get_bool(std::string_view key) {
  record(key, "true | false");
  if (!find(key)) return std::nullopt;
  Found f = take(key);
  const auto* v = f.node->as_boolean();
  if (!v) type_error(key, f, "true or false");
  return v->get();
}

bool Reader::get_bool(std::string_view key, bool fallback) {
  record(key, "true | false", fallback ? "true" : "false");
  return get_bool(key).value_or(fallback);
}

std::optional<std::string> Reader::get_string(std::string_view key) {
  record(key, "string");
  if (!find(key)) return std::nullopt;
  Found f = take(key);
  const auto* v = f.node->as_string();
  if (!v) type_error(key, f, "a string");
  return v->get();
}

std::string Reader::need_string(std::string_view key) {
  record(key, "", "", true);
  auto v = get_string(key);
  if (!v) missing(key, "add " + std::string(key) + " = \"...\"");
  return *v;
}

std::optional<std::string> Reader::get_choice(std::string_view key,
                                              const std::vector<std::string>& choices) {
  if (doc_->catalog()) {
    std::string kind;
    for (const std::string& c : choices) kind += (kind.empty() ? "" : " | ") + ("\"" + c + "\"");
    record(key, kind);
  }
  auto v = get_string(key);
  if (!v) return v;
  if (std::find(choices.begin(), choices.end(), *v) != choices.end()) return v;
  const std::string near = nearest(*v, choices, true);
  fail(key, "\"" + *v + "\" is not one of: " + join(choices),
       near.empty() ? "e.g. " + std::string(key) + " = \"" + choices.front() + "\""
                    : "did you mean \"" + near + "\"?");
}

std::string Reader::need_choice(std::string_view key, const std::vector<std::string>& choices) {
  record(key, "", "", true);
  auto v = get_choice(key, choices);
  if (!v)
    missing(key, "add " + std::string(key) + " = \"" + choices.front() +
                     "\" (one of: " + join(choices) + ")");
  return *v;
}

std::optional<std::vector<std::string>> Reader::get_choices(
    std::string_view key, const std::vector<std::string>& choices) {
  record(key, "array of " + join(choices));
  if (!find(key)) return std::nullopt;
  Found f = take(key);
  const toml::array* a = f.node->as_array();
  if (!a) type_error(key, f, "an array of strings");
  if (a->empty()) fail(key, "the array is empty", "name at least one of: " + join(choices));
  std::vector<std::string> out;
  for (const toml::node& e : *a) {
    SourceLoc at = doc_->loc(e);
    if (at.line == 0) at = where(key);
    const auto* v = e.as_string();
    if (!v)
      throw InputError(at, path_of(key) + ": expected strings, got " + type_word(e),
                       "write e.g. " + std::string(key) + " = [\"" + choices.front() + "\"]");
    const std::string& x = v->get();
    if (std::find(choices.begin(), choices.end(), x) == choices.end()) {
      const std::string near = nearest(x, choices, true);
      throw InputError(at, path_of(key) + ": \"" + x + "\" is not one of: " + join(choices),
                       near.empty() ? "" : "did you mean \"" + near + "\"?");
    }
    if (std::find(out.begin(), out.end(), x) != out.end())
      throw InputError(at, path_of(key) + ": \"" + x + "\" is named twice", "name it once");
    out.push_back(x);
  }
  return out;
}

std::optional<Dice> Reader::get_dice(std::string_view key, int64_t lo, int64_t hi) {
  record(key, "dice (\"2d6+3\" or a whole number), values " + std::to_string(lo) + ".." +
                  std::to_string(hi));
  if (!find(key)) return std::nullopt;
  Found f = take(key);
  Dice d;
  if (const auto* i = f.node->as_integer()) {
    if (i->get() < -Dice::kMaxConstant || i->get() > Dice::kMaxConstant)
      fail(key, std::to_string(i->get()) + " is out of range",
           "at most " + std::to_string(Dice::kMaxConstant));
    d = Dice::constant(i->get());
  } else if (const auto* s = f.node->as_string()) {
    SourceLoc at = doc_->loc(*f.node);
    if (at.line != 0) at.column += 1;  // past the opening quote
    try {
      d = Dice::parse(s->get(), at);
    } catch (const InputError& e) {
      throw InputError(e.loc(), path_of(key) + ": " + e.bare_message(), e.hint());
    }
  } else {
    type_error(key, f, "dice such as \"2d6+3\" or a whole number");
  }
  if (d.min() < lo || d.max() > hi) {
    // Appends only: g++ 12 warns falsely (-Wrestrict) on "..." + std::string chains here.
    std::string what = "\"";
    what.append(d.str()).append("\" ranges from ").append(std::to_string(d.min()));
    what.append(" to ").append(std::to_string(d.max()));
    fail(key, what, "values must lie from " + std::to_string(lo) + " to " + std::to_string(hi));
  }
  return d;
}

Dice Reader::need_dice(std::string_view key, int64_t lo, int64_t hi) {
  record(key, "", "", true);
  auto d = get_dice(key, lo, hi);
  if (!d) missing(key, "add " + std::string(key) + " = \"1d6\"");
  return *d;
}

namespace {

// "1000000000 days" with max 10 years: true. Anything but digits and a known unit: false.
bool plain_duration_beyond(const std::string& text, Seconds max) {
  size_t i = 0;
  while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
  const size_t digits_at = i;
  long double amount = 0;
  while (i < text.size() && (std::isdigit(static_cast<unsigned char>(text[i])) || text[i] == '_')) {
    if (text[i] != '_') amount = amount * 10 + (text[i] - '0');
    ++i;
  }
  if (i == digits_at) return false;
  Duration unit;
  try {
    unit = Duration::parse("1" + text.substr(i));
  } catch (const InputError&) {
    return false;
  }
  return amount * static_cast<long double>(unit.max()) > static_cast<long double>(max);
}

}  // namespace

std::optional<Duration> Reader::get_duration(std::string_view key, Seconds max, bool never) {
  const bool may_be_never = never && max >= kNeverAfter;
  record(key, "duration (\"1d4 rounds\", \"8 hours\"), at most " + std::to_string(max / kDay) +
                  " days" + (may_be_never ? ", or \"never\"" : ""));
  if (!find(key)) return std::nullopt;
  Found f = take(key);
  const auto* s = f.node->as_string();
  if (s && s->get() == "never") {
    if (!may_be_never)
      fail(key, "\"never\" is not a length for this",
           "at most " + std::to_string(max / kDay) +
               " days; \"never\" is for when something "
               "happens (help_arrives, arrives)");
    return Duration::fixed(kNever);
  }
  if (!s) {
    if (f.node->as_integer())
      fail(key, "a duration needs a unit",
           "write e.g. \"" + std::to_string(f.node->as_integer()->get()) +
               " minutes\"; units: " + duration_units_help());
    type_error(key, f, "a duration such as \"1d4 rounds\"");
  }
  SourceLoc at = doc_->loc(*f.node);
  if (at.line != 0) at.column += 1;
  Duration d;
  try {
    d = Duration::parse(s->get(), at);
  } catch (const InputError& e) {
    // A plain number too large for dice ("1000000000 days") is really a duration too long.
    if (plain_duration_beyond(s->get(), max))
      fail(key, "\"" + s->get() + "\" is too long", "at most " + duration_words(max));
    // Keep the parser's own hint ("at most 1000000", "must be 0 or more") when it has one.
    throw InputError(
        e.loc(), path_of(key) + ": " + e.bare_message(),
        !e.hint().empty()
            ? e.hint()
            : "write an amount and a unit, e.g. \"1d4 rounds\"; units: " + duration_units_help());
  }
  if (d.max() > max)
    fail(key, "\"" + d.str() + "\" can last " + duration_words(d.max()),
         "at most " + duration_words(max));
  return d;
}

std::optional<Seconds> Reader::get_fixed_duration(std::string_view key, Seconds max,
                                                  std::string_view example, Seconds min,
                                                  bool never) {
  // Recorded before get_duration records its own (the first kind recorded is the one listed).
  const std::string from = min <= 0   ? std::string()
                           : min == 1 ? std::string(", longer than 0")
                                      : ", at least " + duration_text(static_cast<double>(min));
  record(key, "duration (one fixed time, e.g. " + std::string(example) + ")" + from + ", at most " +
                  std::to_string(max / kDay) + " days");
  const std::optional<Duration> d = get_duration(key, max, never);
  if (!d) return std::nullopt;
  if (!d->is_fixed())
    fail(key, std::string(key) + " must be a fixed time", "e.g. " + std::string(example));
  if (d->max() < min)
    fail(
        key,
        std::string(key) + " must be" + (min == 1 ? std::string(" longer than 0") : from.substr(1)),
        "e.g. " + std::string(example));
  return d->max();
}

std::optional<Reader> Reader::get_table(std::string_view key, std::string_view hint) {
  record(key, "table");
  // Every layer that has the key contributes a layer to the child, in the same order.
  std::vector<Layer> child;
  for (const Layer& l : layers_) doc_->ask(l.table, key);
  bool any = false;
  for (const Layer& l : layers_) {
    const toml::node* n = l.table->get(key);
    if (!n) continue;
    any = true;
    doc_->use(l.table, key);
    // `key = "none"` removes the table: a variant's way to take away one the file has (the
    // layers below it are not read for this variant).
    if (const auto* s = n->as_string(); s && s->get() == kRemoved) break;
    const toml::table* t = n->as_table();
    if (!t) {
      const std::string p = l.path.empty() ? std::string(key) : l.path + "." + std::string(key);
      throw InputError(doc_->loc(*n), p + ": expected a table, got " + type_word(*n),
                       !hint.empty() ? std::string(hint)
                                     : "write [" + p + "] or " + std::string(key) +
                                           " = { ... }; or " + std::string(key) + " = \"" +
                                           kRemoved + "\" in a variant to remove it");
    }
    child.push_back({t, l.path.empty() ? std::string(key) : l.path + "." + std::string(key)});
  }
  if (!any || child.empty()) return std::nullopt;
  return Reader(doc_, std::move(child));
}

std::vector<Reader> Reader::get_tables(std::string_view key) {
  record(key, "array of tables [[...]]");
  std::vector<Reader> out;
  const std::string patch_key = "patch_" + std::string(key);
  // A patch changes the array of a layer below it, so the last layer (the file) has none:
  // there, patch_<key> is an unknown key like any other.
  for (size_t l = 0; l + 1 < layers_.size(); ++l) doc_->ask(layers_[l].table, patch_key);
  if (!find(key)) {
    for (size_t l = 0; l + 1 < layers_.size(); ++l)
      if (const toml::node* p = layers_[l].table->get(patch_key))
        throw InputError(doc_->loc(*p),
                         join_path(layers_[l].path, patch_key) + ": there is no " +
                             std::string(key) + " to patch",
                         "write " + std::string(key) + " in full");
    return out;
  }
  Found f = take(key);
  const toml::array* arr = f.node->as_array();
  const std::string base = join_path(f.layer->path, key);
  if (!arr) {
    // A table where the list was expected is most often a change to one element written as
    // [variants.party.fighter], or [party] for [[party]]: say how to write either.
    const bool patchable = f.layer != &layers_.back();
    fail(key, std::string("expected an array of tables, got ") + type_word(*f.node),
         !f.node->is_table() ? "write [[" + base + "]] sections"
         : patchable ? "to change one entry of the file's " + std::string(key) + ", write " +
                           patch_key + ".<name> = { ... } in " + f.layer->path +
                           "; to replace them all, write " + std::string(key) + " = [{ ... }, ...]"
                     : "write [[" + base + "]] sections, one for each");
  }
  std::vector<const toml::table*> elements;
  for (const toml::node& e : *arr) {
    const toml::table* t = e.as_table();
    if (!t)
      throw InputError(doc_->loc(e),
                       base + "[" + std::to_string(elements.size() + 1) +
                           "]: expected a table, got " + type_word(e),
                       "write [[" + base + "]] sections");
    elements.push_back(t);
  }
  // Each element is read through the patches that name it, the first layer's first.
  std::vector<std::vector<Layer>> layers(elements.size());
  for (const Layer& l : layers_) {
    const toml::node* pn = l.table->get(patch_key);
    if (&l == f.layer) {
      if (pn && f.layer != &layers_.back())
        throw InputError(doc_->loc(*pn),
                         join_path(l.path, patch_key) + ": give either " + std::string(key) +
                             " (replacing them all) or " + patch_key + " (changing some), not both",
                         "to change some of them, keep only " + patch_key);
      break;
    }
    if (!pn) continue;
    doc_->use(l.table, patch_key);
    const std::string ppath = join_path(l.path, patch_key);
    const toml::table* patches = pn->as_table();
    if (!patches)
      throw InputError(doc_->loc(*pn), ppath + ": expected a table, got " + type_word(*pn),
                       "write " + patch_key + ".<name> = { ... }, keyed by name or number");
    doc_->visit(patches, ppath);
    // In file order, so that the first mistake reported is the first in the file.
    std::vector<std::pair<const toml::key*, const toml::node*>> entries;
    for (auto&& [k, v] : *patches) entries.emplace_back(&k, &v);
    std::sort(entries.begin(), entries.end(), [](const auto& a, const auto& b) {
      const auto& pa = a.first->source().begin;
      const auto& pb = b.first->source().begin;
      return pa.line != pb.line ? pa.line < pb.line : pa.column < pb.column;
    });
    for (const auto& [kp, vp] : entries) {
      const toml::key& k = *kp;
      const toml::node& v = *vp;
      const std::string id(k.str());
      SourceLoc at = doc_->loc(k.source());
      if (at.line == 0) at = doc_->loc(v);
      const size_t i = patch_target(elements, id, at, ppath + "." + id, base);
      const toml::table* pt = v.as_table();
      if (!pt)
        throw InputError(at, ppath + "." + id + ": expected a table, got " + type_word(v),
                         "write " + patch_key + "." + id + " = { key = value, ... }");
      doc_->use(patches, id);
      // "troll" and "2" may name one element: which would win is not for the reader to guess.
      if (!layers[i].empty() && layers[i].back().path.rfind(ppath + ".", 0) == 0)
        throw InputError(at,
                         ppath + "." + id + ": patches " + base + "[" + std::to_string(i + 1) +
                             "] again, after " + layers[i].back().path,
                         "give each entry one patch");
      layers[i].push_back({pt, ppath + "." + id});
    }
  }
  for (size_t i = 0; i < elements.size(); ++i) {
    layers[i].push_back({elements[i], base + "[" + std::to_string(i + 1) + "]"});
    out.emplace_back(doc_, std::move(layers[i]));
    // An array a variant gives replaces the file's whole: if a key is missing, say how to
    // change only some keys instead.
    if (f.layer != &layers_.back())
      out.back().replaced_note_ =
          "; or, to change only some keys of the file's " + std::string(key) + ", use " +
          patch_key + " (keyed by name or number from 1) instead of " + std::string(key);
  }
  return out;
}

size_t Reader::patch_target(const std::vector<const toml::table*>& elements, const std::string& id,
                            const SourceLoc& at, const std::string& path,
                            const std::string& base) const {
  // By name first (`name` = "troll"), then by number from 1 (an element named "2" wins).
  std::vector<std::string> names;
  std::vector<size_t> named;
  for (size_t i = 0; i < elements.size(); ++i)
    if (const toml::node* n = elements[i]->get("name"); n && n->as_string()) {
      names.push_back(n->as_string()->get());
      if (names.back() == id) named.push_back(i);
    }
  if (named.size() == 1) return named.front();
  if (named.size() > 1)
    throw InputError(at,
                     path + ": " + base + " has " + std::to_string(named.size()) +
                         " entries named \"" + id + "\"",
                     "patch them by number instead, from 1 to " + std::to_string(elements.size()));
  if (!id.empty() && id.size() <= 9 && std::all_of(id.begin(), id.end(), [](char c) {
        return std::isdigit(static_cast<unsigned char>(c));
      })) {
    const size_t n = std::stoul(id);
    if (n >= 1 && n <= elements.size()) return n - 1;
    throw InputError(at, path + ": there is no " + base + "[" + id + "]",
                     "numbers run from 1 to " + std::to_string(elements.size()));
  }
  const std::string near = nearest(id, names);
  std::string hint;
  if (!near.empty())
    hint = "did you mean \"" + near + "\"?";
  else if (!names.empty())
    hint =
        "the names: " + join(names) + "; or a number from 1 to " + std::to_string(elements.size());
  else
    hint = "they have no names: patch by number, from 1 to " + std::to_string(elements.size());
  throw InputError(at, path + ": " + base + " has no entry named \"" + id + "\"", hint);
}

}  // namespace leth
