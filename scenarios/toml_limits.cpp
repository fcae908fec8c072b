#include "scenarios/toml_limits.h"

#include <cstdint>
#include <vector>

#include "sim/core/error.h"

namespace leth {

namespace {

// A single pass over the text, with an explicit stack instead of recursion. It follows valid
// TOML exactly (strings, comments, headers, dotted keys, arrays and inline tables); in a file
// that is not valid TOML it may lose its way after the first mistake, but the parser stops at
// that mistake too, so it never nests deeper than the scan has checked.
class DepthScan {
 public:
  DepthScan(const std::string& text, const std::string& path) : t_(text), path_(path) {}

  void run() {
    size_t table_level = 0;  // the level of the keys under the last table header
    while (!at_end()) {
      skip_space(true);
      if (at_end()) break;
      const char c = peek();
      if (c == '#') {
        skip_comment();
      } else if (c == '[') {
        advance();
        const bool array = peek() == '[';
        if (array) advance();
        // [a.b] puts keys at level 2; [[a.b]] at 3 (the array, then its element table).
        table_level = key(0) + (array ? 1 : 0);
        check(table_level);
        skip_line();
      } else {
        const size_t level = key(table_level);
        skip_space(false);
        if (peek() == '=') {
          advance();
          value(level);
        }
        skip_line();
      }
    }
  }

 private:
  enum class Frame { Array, Inline };
  struct Open {
    Frame frame;
    size_t level;  // an array: its elements' level; an inline table: its keys' context
  };

  bool at_end() const { return i_ >= t_.size(); }
  char peek(size_t k = 0) const { return i_ + k < t_.size() ? t_[i_ + k] : '\0'; }
  void advance() {
    if (t_[i_] == '\n') {
      ++line_;
      line_start_ = i_ + 1;
    }
    ++i_;
  }

  SourceLoc here() const {
    uint32_t column = 1;  // in characters, as toml++ counts: UTF-8 continuation bytes skipped
    for (size_t k = line_start_; k < i_ && k < t_.size(); ++k)
      if ((static_cast<unsigned char>(t_[k]) & 0xC0) != 0x80) ++column;
    return SourceLoc{path_, line_, column};
  }

  void check(size_t level) const {
    if (level > kMaxTomlDepth)
      throw InputError(here(),
                       "tables, arrays and dotted keys nest deeper than " +
                           std::to_string(kMaxTomlDepth) + " levels here",
                       "a scenario needs a few levels; the file is damaged or was generated "
                       "wrong");
  }

  // Spaces and tabs; with `lines`, also line ends and comments (between statements, inside
  // arrays and inline tables).
  void skip_space(bool lines) {
    while (!at_end()) {
      const char c = peek();
      if (c == ' ' || c == '\t' || (lines && (c == '\n' || c == '\r')))
        advance();
      else if (lines && c == '#')
        skip_comment();
      else
        break;
    }
  }
  void skip_comment() {
    while (!at_end() && peek() != '\n') advance();
  }
  // The rest of a statement's line; a string there is skipped whole, so that a multi-line
  // string cannot hide a line end.
  void skip_line() {
    while (!at_end() && peek() != '\n') {
      if (peek() == '"' || peek() == '\'')
        skip_string();
      else if (peek() == '#')
        skip_comment();
      else
        advance();
    }
  }

  // At a quote: a basic ("..."), literal ('...') or multi-line ("""...""", '''...''') string.
  void skip_string() {
    const char q = peek();
    const bool basic = q == '"';
    if (peek(1) == q && peek(2) == q) {
      advance(), advance(), advance();
      while (!at_end()) {
        if (basic && peek() == '\\') {
          advance();
          if (!at_end()) advance();
        } else if (peek() == q && peek(1) == q && peek(2) == q) {
          advance(), advance(), advance();
          for (int extra = 0; extra < 2 && peek() == q; ++extra) advance();  // """a""""
          return;
        } else {
          advance();
        }
      }
      return;
    }
    advance();
    while (!at_end() && peek() != '\n') {
      if (basic && peek() == '\\') {
        advance();
        if (!at_end() && peek() != '\n') advance();
      } else if (peek() == q) {
        advance();
        return;
      } else {
        advance();
      }
    }
  }

  static bool ends_bare(char c) {
    return c == '\0' || c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '.' || c == '=' ||
           c == ']' || c == '[' || c == '#' || c == ',' || c == '{' || c == '}' || c == '"' ||
           c == '\'';
  }

  // A key of one or more dotted segments under `level`: returns the level of its value,
  // checking each segment as it comes, so a key of 40,000 segments stops at the first too deep.
  size_t key(size_t level) {
    for (;;) {
      skip_space(false);
      if (peek() == '"' || peek() == '\'') {
        check(level + 1);
        skip_string();
      } else if (!ends_bare(peek())) {
        check(level + 1);
        while (!ends_bare(peek())) advance();
      } else {
        return level;
      }
      ++level;
      skip_space(false);
      if (peek() != '.') return level;
      advance();
    }
  }

  // A value at `level` (a key's level, or an array element's), nested arrays and inline tables
  // followed on the explicit stack.
  void value(size_t level) {
    std::vector<Open> open;
    for (;;) {
      // A value.
      skip_space(!open.empty());
      const char c = peek();
      if (c == '[') {
        check(level + 1);
        advance();
        open.push_back({Frame::Array, level + 1});
        skip_space(true);
        if (peek() != ']') {
          level = open.back().level;
          continue;  // its first element
        }
      } else if (c == '{') {
        advance();
        open.push_back({Frame::Inline, level});
        skip_space(true);
        if (peek() != '}') {
          if (!inline_key(open.back(), level)) return;
          continue;
        }
      } else if (c == '"' || c == '\'') {
        skip_string();
      } else {
        // A number, a boolean, a date or a time; "1979-05-27 07:32:00" holds a space.
        while (!at_end()) {
          const char d = peek();
          if (d == ' ' && peek(1) >= '0' && peek(1) <= '9') {
            advance();
            continue;
          }
          if (d == ',' || d == ']' || d == '}' || d == '#' || d == ' ' || d == '\t' || d == '\n' ||
              d == '\r')
            break;
          advance();
        }
      }
      // What follows a value: a comma, or the end of the array or inline table it is in.
      for (;;) {
        if (open.empty()) return;
        skip_space(true);
        const char d = peek();
        if (d == ']' || d == '}') {
          advance();
          open.pop_back();
          continue;
        }
        if (d != ',') return;  // not TOML: the parser will say so
        advance();
        skip_space(true);
        if (open.back().frame == Frame::Array) {
          if (peek() == ']') continue;  // a trailing comma
          level = open.back().level;
        } else if (!inline_key(open.back(), level)) {
          return;
        }
        break;
      }
    }
  }

  // In an inline table: a key, then '='; sets `level` to its value's. False if not TOML.
  bool inline_key(const Open& table, size_t& level) {
    level = key(table.level);
    skip_space(true);
    if (peek() != '=') return false;
    advance();
    return true;
  }

  const std::string& t_;
  const std::string& path_;
  size_t i_ = 0;
  uint32_t line_ = 1;
  size_t line_start_ = 0;
};

}  // namespace

void check_toml_depth(const std::string& text, const std::string& path) {
  DepthScan(text, path).run();
}

}  // namespace leth
