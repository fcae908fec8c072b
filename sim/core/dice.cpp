#include "sim/core/dice.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <functional>
#include <stdexcept>

#include "sim/core/stream.h"

namespace leth {

namespace {

class Parser {
 public:
  Parser(std::string_view text, const SourceLoc& where) : text_(text), where_(where) {}

  std::vector<DiceTerm> run() {
    std::vector<DiceTerm> terms;
    skip_blanks();
    if (at_end()) fail("empty dice expression", "write e.g. \"1d6+2\" or \"20\"");
    int sign = 1;
    if (peek() == '+' || peek() == '-') {
      sign = take() == '-' ? -1 : 1;
    }
    for (;;) {
      DiceTerm t = term();
      t.sign = sign;
      terms.push_back(t);
      if (terms.size() > Dice::kMaxTerms)
        fail("too many terms in dice expression", "at most " + std::to_string(Dice::kMaxTerms));
      skip_blanks();
      if (at_end()) break;
      const char c = peek();
      if (c != '+' && c != '-')
        fail(std::string("unexpected '") + c + "' in dice expression",
             "terms are joined by + or -, e.g. \"2d6+3\"");
      sign = take() == '-' ? -1 : 1;
    }
    return terms;
  }

 private:
  bool at_end() const { return pos_ >= text_.size(); }
  char peek() const { return at_end() ? '\0' : text_[pos_]; }
  char take() { return text_[pos_++]; }
  void skip_blanks() {
    while (!at_end() && std::isspace(static_cast<unsigned char>(peek()))) ++pos_;
  }
  bool peek_digit() const { return std::isdigit(static_cast<unsigned char>(peek())) != 0; }

  [[noreturn]] void fail(const std::string& what, const std::string& hint = "") const {
    SourceLoc loc = where_;
    if (loc.line != 0) loc.column += static_cast<uint32_t>(std::min(pos_, text_.size()));
    throw InputError(loc, what + " in \"" + std::string(text_) + "\"", hint);
  }

  // An unsigned integer; the error names what it was for.
  int64_t number(const char* what, int64_t max) {
    skip_blanks();
    if (!peek_digit()) fail(std::string("expected ") + what);
    const size_t start = pos_;
    int64_t value = 0;
    bool too_big = false;
    while (peek_digit() || peek() == '_') {
      const char c = take();
      if (c == '_') continue;
      if (value > (INT64_MAX - 9) / 10)
        too_big = true;
      else
        value = value * 10 + (c - '0');
    }
    if (too_big || value > max) {
      const std::string digits(text_.substr(start, std::min<size_t>(pos_ - start, 24)));
      pos_ = start;
      fail(std::string(what) + " " + digits + " is too large", "at most " + std::to_string(max));
    }
    return value;
  }

  bool take_word(std::string_view w) {
    if (text_.size() - pos_ < w.size()) return false;
    for (size_t i = 0; i < w.size(); ++i)
      if (std::tolower(static_cast<unsigned char>(text_[pos_ + i])) != w[i]) return false;
    const size_t end = pos_ + w.size();
    if (end < text_.size() && std::isalpha(static_cast<unsigned char>(text_[end]))) return false;
    pos_ = end;
    return true;
  }

  DiceTerm term() {
    skip_blanks();
    DiceTerm t;
    const size_t start = pos_;
    int64_t first = -1;
    if (peek_digit()) first = number("a number", INT64_MAX);
    skip_blanks();
    if (peek() == 'd' || peek() == 'D') {
      take();
      t.count = first < 0 ? 1 : first;
      if (t.count == 0) {
        pos_ = start;
        fail("zero dice", "write at least 1 die, e.g. \"1d6\"");
      }
      if (t.count > Dice::kMaxDice) {
        pos_ = start;
        fail(std::to_string(t.count) + " dice in one term",
             "at most " + std::to_string(Dice::kMaxDice));
      }
      skip_blanks();
      const size_t sides_at = pos_;
      t.sides = number("the number of sides after 'd'", INT64_MAX);
      if (t.sides == 0) {
        pos_ = sides_at;
        fail("a d0 die has no faces", "dice have at least 1 side, e.g. \"1d6\"");
      }
      if (t.sides > Dice::kMaxSides) {
        pos_ = sides_at;
        fail("a d" + std::to_string(t.sides) + " die",
             "at most " + std::to_string(Dice::kMaxSides) + " sides");
      }
      keep(t);
    } else {
      if (first < 0) fail("expected a number or a die such as \"1d6\"");
      if (first > Dice::kMaxConstant) {
        pos_ = start;
        fail("constant " + std::to_string(first) + " is too large",
             "at most " + std::to_string(Dice::kMaxConstant));
      }
      t.constant = first;
    }
    skip_blanks();
    if (peek() == 'x' || peek() == 'X' || peek() == '*') {
      take();
      const size_t mult_at = pos_;
      t.multiplier = number("a multiplier after 'x'", Dice::kMaxMultiplier);
      if (t.multiplier == 0) {
        pos_ = mult_at;
        fail("a multiplier of 0", "multiply by 1 or more");
      }
    }
    return t;
  }

  void keep(DiceTerm& t) {
    skip_blanks();
    const size_t at = pos_;
    if (take_word("kh")) {
      t.keep = number("how many dice to keep after 'kh'", Dice::kMaxKeepDice);
    } else if (take_word("kl")) {
      t.keep = -number("how many dice to keep after 'kl'", Dice::kMaxKeepDice);
    } else if (take_word("advantage") || take_word("adv")) {
      if (t.count != 1) {
        pos_ = at;
        fail("advantage applies to a single die", "write \"1d20 adv\"");
      }
      t.count = 2;
      t.keep = 1;
      return;
    } else if (take_word("disadvantage") || take_word("dis")) {
      if (t.count != 1) {
        pos_ = at;
        fail("disadvantage applies to a single die", "write \"1d20 dis\"");
      }
      t.count = 2;
      t.keep = -1;
      return;
    } else {
      return;
    }
    const int64_t k = t.keep < 0 ? -t.keep : t.keep;
    if (k == 0 || k > t.count) {
      pos_ = at;
      fail("cannot keep " + std::to_string(k) + " of " + std::to_string(t.count) + " dice");
    }
    if (t.count > Dice::kMaxKeepDice) {
      pos_ = at;
      fail("keeping some of " + std::to_string(t.count) + " dice",
           "at most " + std::to_string(Dice::kMaxKeepDice) + " dice in a term that keeps");
    }
  }

  std::string_view text_;
  SourceLoc where_;
  size_t pos_ = 0;
};

int64_t term_min(const DiceTerm& t) {
  if (t.count == 0) return t.sign * t.constant * t.multiplier;
  const int64_t kept = t.keep == 0 ? t.count : (t.keep < 0 ? -t.keep : t.keep);
  const int64_t lo = kept * t.multiplier, hi = kept * t.sides * t.multiplier;
  return t.sign > 0 ? lo : -hi;
}

int64_t term_max(const DiceTerm& t) {
  if (t.count == 0) return t.sign * t.constant * t.multiplier;
  const int64_t kept = t.keep == 0 ? t.count : (t.keep < 0 ? -t.keep : t.keep);
  const int64_t lo = kept * t.multiplier, hi = kept * t.sides * t.multiplier;
  return t.sign > 0 ? hi : -lo;
}

// Distribution of the unsigned, unmultiplied part of a dice term, indexed from its minimum.
std::vector<double> term_pmf(const DiceTerm& t, size_t max_support) {
  if (t.keep == 0) {
    std::vector<double> dist{1.0};
    for (int64_t i = 0; i < t.count; ++i) {
      std::vector<double> next(dist.size() + static_cast<size_t>(t.sides) - 1, 0.0);
      if (next.size() > max_support) throw std::length_error("dice pmf: support too large");
      for (size_t a = 0; a < dist.size(); ++a)
        for (int64_t f = 0; f < t.sides; ++f) next[a + static_cast<size_t>(f)] += dist[a];
      for (double& p : next) p /= static_cast<double>(t.sides);
      dist = std::move(next);
    }
    return dist;
  }
  // Keep the k highest: visit the faces from the highest down. A state is (m, sum): m < k dice
  // show faces above the current one, with that sum; its weight is the chance of those faces
  // times the ways to pick which dice show them. Once k or more dice are placed, the kept sum is
  // known and the rest only have to show less than the current face. Enumerating every outcome
  // instead would cost sides^count (6^20 for "20d6kh3", which the parser accepts).
  const int64_t n = t.count, s = t.sides, k = t.keep < 0 ? -t.keep : t.keep;
  const size_t width = static_cast<size_t>(k * s - k + 1);  // sums k .. k*s
  if (width > max_support) throw std::length_error("dice pmf: support too large");
  std::vector<std::vector<double>> choose(static_cast<size_t>(n) + 1);
  for (size_t r = 0; r < choose.size(); ++r) {
    choose[r].assign(r + 1, 1.0);
    for (size_t j = 1; j < r; ++j) choose[r][j] = choose[r - 1][j - 1] + choose[r - 1][j];
  }
  const size_t sums = static_cast<size_t>(k * s) + 1;
  std::vector<double> cur(static_cast<size_t>(k) * sums, 0.0), next(cur.size());
  std::vector<double> on_face(static_cast<size_t>(n) + 1), below(static_cast<size_t>(n) + 1);
  std::vector<double> dist(width, 0.0);
  cur[0] = 1.0;
  for (int64_t f = s; f >= 1; --f) {
    for (size_t j = 0; j <= static_cast<size_t>(n); ++j) {
      on_face[j] = std::pow(1.0 / static_cast<double>(s), static_cast<double>(j));
      below[j] =
          std::pow(static_cast<double>(f - 1) / static_cast<double>(s), static_cast<double>(j));
    }
    std::fill(next.begin(), next.end(), 0.0);
    for (int64_t m = 0; m < k; ++m) {
      const int64_t r = n - m;
      for (size_t sum = 0; sum < sums; ++sum) {
        const double w = cur[static_cast<size_t>(m) * sums + sum];
        if (w == 0) continue;
        for (int64_t j = 0; j <= r; ++j) {
          const double wj = w * choose[static_cast<size_t>(r)][static_cast<size_t>(j)] *
                            on_face[static_cast<size_t>(j)];
          if (m + j >= k)
            dist[sum + static_cast<size_t>((k - m) * f - k)] +=
                wj * below[static_cast<size_t>(r - j)];
          else
            next[static_cast<size_t>(m + j) * sums + sum + static_cast<size_t>(j * f)] += wj;
        }
      }
    }
    std::swap(cur, next);
  }
  // The k lowest of faces v are the k highest of faces sides+1-v: the mirror image.
  if (t.keep < 0) std::reverse(dist.begin(), dist.end());
  return dist;
}

}  // namespace

Dice Dice::parse(std::string_view text, const SourceLoc& where) {
  Dice d;
  d.terms_ = Parser(text, where).run();
  return d;
}

Dice Dice::constant(int64_t value) {
  Dice d;
  DiceTerm t;
  t.sign = value < 0 ? -1 : 1;
  t.constant = value < 0 ? -value : value;
  d.terms_.push_back(t);
  return d;
}

int64_t Dice::roll(Stream& rng) const {
  int64_t total = 0;
  for (const DiceTerm& t : terms_) {
    int64_t v = 0;
    if (t.count == 0) {
      v = t.constant;
    } else if (t.keep == 0) {
      for (int64_t i = 0; i < t.count; ++i) v += rng.die(static_cast<int>(t.sides));
    } else {
      int64_t faces[kMaxKeepDice];
      for (int64_t i = 0; i < t.count; ++i) faces[i] = rng.die(static_cast<int>(t.sides));
      std::sort(faces, faces + t.count);
      const int64_t k = t.keep < 0 ? -t.keep : t.keep;
      for (int64_t i = 0; i < k; ++i) v += t.keep > 0 ? faces[t.count - 1 - i] : faces[i];
    }
    total += t.sign * v * t.multiplier;
  }
  return total;
}

int64_t Dice::min() const {
  int64_t s = 0;
  for (const DiceTerm& t : terms_) s += term_min(t);
  return s;
}

int64_t Dice::max() const {
  int64_t s = 0;
  for (const DiceTerm& t : terms_) s += term_max(t);
  return s;
}

double Dice::mean() const {
  double m = 0;
  for (const DiceTerm& t : terms_) {
    if (t.count == 0) {
      m += static_cast<double>(t.sign * t.constant * t.multiplier);
    } else if (t.keep == 0) {
      m += t.sign * static_cast<double>(t.count * t.multiplier) * (t.sides + 1) / 2.0;
    } else {
      const std::vector<double> p = term_pmf(t, size_t{1} << 20);
      const int64_t k = t.keep < 0 ? -t.keep : t.keep;
      double e = 0;
      for (size_t i = 0; i < p.size(); ++i)
        e += p[i] * static_cast<double>(k + static_cast<int64_t>(i));
      m += t.sign * e * static_cast<double>(t.multiplier);
    }
  }
  return m;
}

bool Dice::is_constant() const {
  return std::all_of(terms_.begin(), terms_.end(), [](const DiceTerm& t) { return t.count == 0; });
}

std::vector<double> Dice::pmf(size_t max_support) const {
  const int64_t lo = min(), hi = max();
  if (static_cast<uint64_t>(hi - lo) + 1 > max_support)
    throw std::length_error("dice pmf: support too large");
  std::vector<double> dist{1.0};
  int64_t dist_min = 0;
  for (const DiceTerm& t : terms_) {
    std::vector<double> tp;  // indexed from term_min(t)
    if (t.count == 0) {
      tp = {1.0};
    } else {
      const std::vector<double> raw = term_pmf(t, max_support);
      const size_t span = (raw.size() - 1) * static_cast<size_t>(t.multiplier) + 1;
      tp.assign(span, 0.0);
      for (size_t i = 0; i < raw.size(); ++i) {
        const size_t at = i * static_cast<size_t>(t.multiplier);
        tp[t.sign > 0 ? at : span - 1 - at] += raw[i];
      }
    }
    std::vector<double> next(dist.size() + tp.size() - 1, 0.0);
    for (size_t a = 0; a < dist.size(); ++a)
      for (size_t b = 0; b < tp.size(); ++b) next[a + b] += dist[a] * tp[b];
    dist = std::move(next);
    dist_min += term_min(t);
  }
  (void)dist_min;
  return dist;
}

std::string Dice::str() const {
  std::string out;
  for (size_t i = 0; i < terms_.size(); ++i) {
    const DiceTerm& t = terms_[i];
    if (t.sign < 0)
      out += "-";
    else if (i > 0)
      out += "+";
    if (t.count == 0) {
      out += std::to_string(t.constant);
    } else {
      // Appends only: g++ 12 warns falsely (-Wrestrict) on "kh" + std::to_string(...).
      out.append(std::to_string(t.count)).append("d").append(std::to_string(t.sides));
      if (t.keep > 0) out.append("kh").append(std::to_string(t.keep));
      if (t.keep < 0) out.append("kl").append(std::to_string(-t.keep));
    }
    if (t.multiplier != 1) out.append("x").append(std::to_string(t.multiplier));
  }
  return out;
}

}  // namespace leth
