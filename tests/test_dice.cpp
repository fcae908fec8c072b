// Dice expressions: the grammar, canonical text, exact min/max/mean/pmf, the limits, error
// messages with their columns, scripted rolls, and the sampler against the exact pmf.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <functional>
#include <numeric>
#include <stdexcept>
#include <string>
#include <vector>

#include "sim/core/dice.h"
#include "sim/core/stream.h"

using namespace leth;

namespace {

// The message of the InputError that parsing `text` at f.toml:3:10 throws, or "".
std::string parse_error(const std::string& text) {
  try {
    Dice::parse(text, SourceLoc{"f.toml", 3, 10});
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

// Reference pmf of one "NdS keep K" term by brute force over every outcome (small cases).
std::vector<double> brute_force_keep(int n, int sides, int keep) {
  const int k = keep < 0 ? -keep : keep;
  std::vector<double> dist(static_cast<size_t>(k * sides - k + 1), 0.0);
  std::vector<int> faces(static_cast<size_t>(n), 1);
  const double w = 1.0 / std::pow(sides, n);
  for (;;) {
    std::vector<int> sorted = faces;
    std::sort(sorted.begin(), sorted.end());
    int sum = 0;
    for (int i = 0; i < k; ++i)
      sum += keep > 0 ? sorted[sorted.size() - 1 - static_cast<size_t>(i)]
                      : sorted[static_cast<size_t>(i)];
    dist[static_cast<size_t>(sum - k)] += w;
    size_t i = 0;
    while (i < faces.size() && faces[i] == sides) faces[i++] = 1;
    if (i == faces.size()) break;
    ++faces[i];
  }
  return dist;
}

// Reference pmf of "NdS keep K" over multisets of faces with multinomial weights: C(N+S-1, N)
// multisets instead of S^N outcomes, so 20d6 is 53130 cases.
std::vector<double> multiset_keep(int n, int sides, int keep) {
  const int k = keep < 0 ? -keep : keep;
  std::vector<double> dist(static_cast<size_t>(k * sides - k + 1), 0.0);
  std::vector<int> counts(static_cast<size_t>(sides) + 1, 0);  // counts[f]: dice showing f
  const double log_total = n * std::log(static_cast<double>(sides));
  std::function<void(int, int)> place = [&](int face, int left) {
    if (face == sides) {
      counts[static_cast<size_t>(face)] = left;
      double log_w = std::lgamma(n + 1.0) - log_total;
      for (int f = 1; f <= sides; ++f) log_w -= std::lgamma(counts[static_cast<size_t>(f)] + 1.0);
      int sum = 0, need = k;
      for (int i = 0; i < sides && need > 0; ++i) {
        const int f = keep > 0 ? sides - i : i + 1;
        const int take = std::min(need, counts[static_cast<size_t>(f)]);
        sum += take * f;
        need -= take;
      }
      dist[static_cast<size_t>(sum - k)] += std::exp(log_w);
      return;
    }
    for (int c = 0; c <= left; ++c) {
      counts[static_cast<size_t>(face)] = c;
      place(face + 1, left - c);
    }
  };
  place(1, n);
  return dist;
}

void check_same(const std::vector<double>& got, const std::vector<double>& want) {
  REQUIRE(got.size() == want.size());
  for (size_t i = 0; i < got.size(); ++i) CHECK(got[i] == Approx(want[i]).margin(1e-14));
}

double pmf_mean(const Dice& d) {
  const std::vector<double> p = d.pmf();
  double m = 0;
  for (size_t i = 0; i < p.size(); ++i)
    m += p[i] * static_cast<double>(d.min() + static_cast<int64_t>(i));
  return m;
}

}  // namespace

TEST_CASE("dice: the forms the rule texts write", "[dice]") {
  struct Case {
    const char* text;
    const char* canonical;
    int64_t min, max;
    double mean;
  };
  const Case cases[] = {
      {"2d6+3", "2d6+3", 5, 15, 10.0},
      {"1D6 x 4", "1d6x4", 4, 24, 14.0},
      {"20", "20", 20, 20, 20.0},
      {"1d20 adv", "2d20kh1", 1, 20, 13.825},
      {"1d20 advantage", "2d20kh1", 1, 20, 13.825},
      {"1d20 dis", "2d20kl1", 1, 20, 7.175},
      {"1D20 Disadvantage", "2d20kl1", 1, 20, 7.175},
      {"4d6kh3", "4d6kh3", 3, 18, 15869.0 / 1296.0},
      {"4d6 KL 3", "4d6kl3", 3, 18, 21.0 - 15869.0 / 1296.0},
      {"d8-1", "1d8-1", 0, 7, 3.5},
      {"-1d4+10", "-1d4+10", 6, 9, 7.5},
      {"+3", "3", 3, 3, 3.0},
      {"1D6 x 2 + 9", "1d6x2+9", 11, 21, 16.0},
      {"1d6*3", "1d6x3", 3, 18, 10.5},
      {"  3 d 6  ", "3d6", 3, 18, 10.5},
      {"10 x 3", "10x3", 30, 30, 30.0},
      {"2d6 - 1d4 x 2", "2d6-1d4x2", -6, 10, 2.0},
      {"1_000", "1000", 1000, 1000, 1000.0},
      {"0", "0", 0, 0, 0.0},
      {"1d1", "1d1", 1, 1, 1.0},
  };
  for (const Case& c : cases) {
    INFO(c.text);
    const Dice d = Dice::parse(c.text);
    CHECK(d.str() == c.canonical);
    CHECK(d.min() == c.min);
    CHECK(d.max() == c.max);
    CHECK(d.mean() == Approx(c.mean).epsilon(1e-12));
    // The canonical text parses back to the same expression.
    const Dice again = Dice::parse(d.str());
    CHECK(again.str() == d.str());
    CHECK(again.pmf() == d.pmf());
  }
}

TEST_CASE("dice: 4d6 keep lowest 3 is the mirror image of keep highest 3", "[dice]") {
  // The sum of the three lowest of 4d6 is 21 minus the three highest of the mirrored dice.
  const std::vector<double> hi = Dice::parse("4d6kh3").pmf(), lo = Dice::parse("4d6kl3").pmf();
  REQUIRE(hi.size() == lo.size());
  for (size_t i = 0; i < hi.size(); ++i) CHECK(lo[i] == Approx(hi[hi.size() - 1 - i]));
  CHECK(Dice::parse("4d6kl3").mean() == Approx(21.0 - 15869.0 / 1296.0));
}

TEST_CASE("dice: terms hold what was written", "[dice]") {
  const Dice d = Dice::parse("1d20 adv - 2d6kl1x3 + 7");
  REQUIRE(d.terms().size() == 3);
  const DiceTerm& a = d.terms()[0];
  CHECK(a.sign == 1);
  CHECK(a.count == 2);
  CHECK(a.sides == 20);
  CHECK(a.keep == 1);
  CHECK(a.multiplier == 1);
  const DiceTerm& b = d.terms()[1];
  CHECK(b.sign == -1);
  CHECK(b.count == 2);
  CHECK(b.sides == 6);
  CHECK(b.keep == -1);
  CHECK(b.multiplier == 3);
  const DiceTerm& c = d.terms()[2];
  CHECK(c.sign == 1);
  CHECK(c.count == 0);
  CHECK(c.constant == 7);
  CHECK_FALSE(d.is_constant());
  CHECK(Dice::parse("3 + 4x2 - 1").is_constant());
  CHECK(Dice::parse("3 + 4x2 - 1").min() == 10);
}

TEST_CASE("dice: constants", "[dice]") {
  const Dice neg = Dice::constant(-5);
  CHECK(neg.str() == "-5");
  CHECK(neg.min() == -5);
  CHECK(neg.max() == -5);
  CHECK(neg.mean() == -5.0);
  CHECK(neg.is_constant());
  CHECK(neg.pmf() == std::vector<double>{1.0});
  TrialRng rng(1, 1);
  Stream s = rng.stream(Purpose::Test);
  CHECK(neg.roll(s) == -5);
  CHECK(rng.draws() == 0);  // a constant consumes no random numbers
  CHECK(Dice::constant(0).str() == "0");
  CHECK(Dice::constant(12).str() == "12");
  CHECK(Dice::constant(12).max() == 12);
}

TEST_CASE("dice: exact pmf of simple expressions", "[dice]") {
  const std::vector<double> two_d6 = Dice::parse("2d6").pmf();
  REQUIRE(two_d6.size() == 11);
  const int ways[] = {1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1};
  for (size_t i = 0; i < 11; ++i) CHECK(two_d6[i] == Approx(ways[i] / 36.0).epsilon(1e-14));

  // A multiplier spreads the support: only multiples of 4 between 4 and 24.
  const std::vector<double> x4 = Dice::parse("1D6 x 4").pmf();
  REQUIRE(x4.size() == 21);
  for (size_t i = 0; i < x4.size(); ++i) CHECK(x4[i] == Approx(i % 4 == 0 ? 1.0 / 6 : 0.0));

  // A subtracted die: -1d4+10 is 6..9, uniform.
  const std::vector<double> neg = Dice::parse("-1d4+10").pmf();
  REQUIRE(neg.size() == 4);
  for (double p : neg) CHECK(p == Approx(0.25));

  // 2d20 keep highest: P(max = v) = (2v - 1) / 400.
  const std::vector<double> adv = Dice::parse("1d20 adv").pmf();
  REQUIRE(adv.size() == 20);
  for (size_t i = 0; i < 20; ++i) CHECK(adv[i] == Approx((2.0 * (i + 1) - 1) / 400.0));

  // 2d6 - 1d4 x 2: a mixed expression, checked by direct enumeration.
  std::vector<double> want(17, 0.0);
  for (int a = 1; a <= 6; ++a)
    for (int b = 1; b <= 6; ++b)
      for (int c = 1; c <= 4; ++c) want[static_cast<size_t>(a + b - 2 * c + 6)] += 1.0 / 144;
  check_same(Dice::parse("2d6 - 1d4 x 2").pmf(), want);
}

TEST_CASE("dice: keep-highest and keep-lowest pmfs match brute force", "[dice]") {
  check_same(Dice::parse("4d6kh3").pmf(), brute_force_keep(4, 6, 3));
  check_same(Dice::parse("3d6kl2").pmf(), brute_force_keep(3, 6, -2));
  check_same(Dice::parse("5d4kh2").pmf(), brute_force_keep(5, 4, 2));
  check_same(Dice::parse("5d4kl4").pmf(), brute_force_keep(5, 4, -4));
  check_same(Dice::parse("3d10kh3").pmf(), brute_force_keep(3, 10, 3));
  check_same(Dice::parse("1d20 dis").pmf(), brute_force_keep(2, 20, -1));
  check_same(Dice::parse("6d1kh2").pmf(), std::vector<double>{1.0});
  // The exact value every D&D player knows: 4d6 drop lowest has mean 15869/1296.
  CHECK(pmf_mean(Dice::parse("4d6kh3")) == Approx(15869.0 / 1296.0).epsilon(1e-14));
}

TEST_CASE("dice: keep pmfs of many dice, which brute force cannot enumerate", "[dice]") {
  // The parser accepts up to 20 dice in a keep term; 6^20 outcomes cannot be enumerated, so
  // pmf() and mean() must not depend on doing so.
  check_same(Dice::parse("10d6kh3").pmf(), multiset_keep(10, 6, 3));
  check_same(Dice::parse("20d6kh3").pmf(), multiset_keep(20, 6, 3));
  check_same(Dice::parse("20d6kl5").pmf(), multiset_keep(20, 6, -5));
  check_same(Dice::parse("8d12kh4").pmf(), multiset_keep(8, 12, 4));
  check_same(Dice::parse("6d20kh1").pmf(), multiset_keep(6, 20, 1));
  // Highest of 6d20: E = sum over v of P(max >= v) = sum 1 - ((v-1)/20)^6.
  double e = 0;
  for (int v = 1; v <= 20; ++v) e += 1 - std::pow((v - 1) / 20.0, 6);
  CHECK(Dice::parse("6d20kh1").mean() == Approx(e).epsilon(1e-13));
  CHECK(Dice::parse("20d100kh10").pmf().size() == 991);
}

TEST_CASE("dice: pmf sums to one and agrees with mean()", "[dice]") {
  for (const char* text : {"2d6+3", "1D6 x 4", "1d20 adv", "4d6kh3", "d8-1", "-1d4+10",
                           "2d6 - 1d4 x 2", "3d6kl2x5+1d8", "10d10", "20d6kh3-3", "100d6"}) {
    INFO(text);
    const Dice d = Dice::parse(text);
    const std::vector<double> p = d.pmf();
    CHECK(p.size() == static_cast<size_t>(d.max() - d.min() + 1));
    CHECK(std::accumulate(p.begin(), p.end(), 0.0) == Approx(1.0).epsilon(1e-12));
    CHECK(p.front() > 0);
    CHECK(p.back() > 0);
    CHECK(pmf_mean(d) == Approx(d.mean()).epsilon(1e-12));
  }
}

TEST_CASE("dice: pmf refuses a support larger than asked", "[dice]") {
  CHECK(Dice::parse("2d6").pmf(11).size() == 11);
  CHECK_THROWS_AS(Dice::parse("2d6").pmf(10), std::length_error);
  CHECK_THROWS_AS(Dice::parse("1000d1000").pmf(1000), std::length_error);
  CHECK_THROWS_AS(Dice::parse("4d6kh3x100").pmf(1000), std::length_error);
}

TEST_CASE("dice: limits are inclusive", "[dice]") {
  CHECK(Dice::kMaxDice == 1000);
  CHECK(Dice::kMaxSides == 1000);
  CHECK(Dice::kMaxConstant == 1000000);
  CHECK(Dice::kMaxMultiplier == 1000);
  CHECK(Dice::kMaxKeepDice == 20);
  CHECK(Dice::kMaxTerms == 32);

  CHECK(Dice::parse("1000d6").max() == 6000);
  CHECK(Dice::parse("1d1000").max() == 1000);
  CHECK(Dice::parse("1000000").max() == 1000000);
  CHECK(Dice::parse("1d6x1000").max() == 6000);
  CHECK(Dice::parse("20d6kh3").max() == 18);
  CHECK(Dice::parse("20d6kh20").min() == 20);

  // The largest expression the limits allow stays far inside int64.
  std::string big = "1000d1000x1000";
  for (int i = 1; i < 32; ++i) big += "+1000d1000x1000";
  const Dice d = Dice::parse(big);
  CHECK(d.terms().size() == 32);
  CHECK(d.max() == 32 * int64_t{1000000000});
  CHECK(d.min() == 32 * int64_t{1000000});
  CHECK(d.mean() == Approx(32 * 1000 * 1000 * 500.5));

  CHECK(parse_error(big + "+1") == "f.toml:3:" + std::to_string(10 + big.size() + 2) +
                                       ": error: too many terms in dice expression in \"" + big +
                                       "+1\" (at most 32)");
}

TEST_CASE("dice: error messages name the file, line, column and the fix", "[dice]") {
  // The text starts at column 10; each column below points at the offending token.
  CHECK(parse_error("") ==
        "f.toml:3:10: error: empty dice expression in \"\" (write e.g. \"1d6+2\" or \"20\")");
  CHECK(parse_error("  ") ==
        "f.toml:3:12: error: empty dice expression in \"  \" (write e.g. \"1d6+2\" or \"20\")");
  CHECK(parse_error("+") ==
        "f.toml:3:11: error: expected a number or a die such as \"1d6\" in \"+\"");
  CHECK(parse_error("0d6") ==
        "f.toml:3:10: error: zero dice in \"0d6\" (write at least 1 die, e.g. \"1d6\")");
  CHECK(parse_error("2d6+1001d6") ==
        "f.toml:3:14: error: 1001 dice in one term in \"2d6+1001d6\" (at most 1000)");
  CHECK(parse_error("1d0") ==
        "f.toml:3:12: error: a d0 die has no faces in \"1d0\" (dice have at least 1 side, e.g. "
        "\"1d6\")");
  CHECK(parse_error("1d1001") ==
        "f.toml:3:12: error: a d1001 die in \"1d1001\" (at most 1000 sides)");
  CHECK(
      parse_error("2d20 adv") ==
      "f.toml:3:15: error: advantage applies to a single die in \"2d20 adv\" (write \"1d20 adv\")");
  CHECK(parse_error("2d20 disadvantage") ==
        "f.toml:3:15: error: disadvantage applies to a single die in \"2d20 disadvantage\" (write "
        "\"1d20 dis\")");
  CHECK(parse_error("4d6kh5") == "f.toml:3:13: error: cannot keep 5 of 4 dice in \"4d6kh5\"");
  CHECK(parse_error("4d6 kl0") == "f.toml:3:14: error: cannot keep 0 of 4 dice in \"4d6 kl0\"");
  CHECK(
      parse_error("21d6kh3") ==
      "f.toml:3:14: error: keeping some of 21 dice in \"21d6kh3\" (at most 20 dice in a term that "
      "keeps)");
  CHECK(parse_error("4d6kh21") ==
        "f.toml:3:15: error: how many dice to keep after 'kh' 21 is too large in \"4d6kh21\" (at "
        "most 20)");
  CHECK(parse_error("4d6kh") ==
        "f.toml:3:15: error: expected how many dice to keep after 'kh' in \"4d6kh\"");
  CHECK(parse_error("1d6x0") ==
        "f.toml:3:14: error: a multiplier of 0 in \"1d6x0\" (multiply by 1 or more)");
  CHECK(parse_error("1d6x1001") ==
        "f.toml:3:14: error: a multiplier after 'x' 1001 is too large in \"1d6x1001\" (at most "
        "1000)");
  // The message names the number only, not what follows it.
  CHECK(parse_error("1d6x5000+2") ==
        "f.toml:3:14: error: a multiplier after 'x' 5000 is too large in \"1d6x5000+2\" (at most "
        "1000)");
  CHECK(parse_error("1d6 x") == "f.toml:3:15: error: expected a multiplier after 'x' in \"1d6 x\"");
  CHECK(parse_error("1d6xx2") ==
        "f.toml:3:14: error: expected a multiplier after 'x' in \"1d6xx2\"");
  CHECK(parse_error("1000001") ==
        "f.toml:3:10: error: constant 1000001 is too large in \"1000001\" (at most 1000000)");
  CHECK(parse_error("99999999999999999999d6") ==
        "f.toml:3:10: error: a number 99999999999999999999 is too large in "
        "\"99999999999999999999d6\" (at most 9223372036854775807)");
  CHECK(parse_error("2d6+") ==
        "f.toml:3:14: error: expected a number or a die such as \"1d6\" in \"2d6+\"");
  CHECK(parse_error("2d6++3") ==
        "f.toml:3:14: error: expected a number or a die such as \"1d6\" in \"2d6++3\"");
  CHECK(parse_error("2d6 3") ==
        "f.toml:3:14: error: unexpected '3' in dice expression in \"2d6 3\" (terms are joined by + "
        "or -, e.g. \"2d6+3\")");
  CHECK(parse_error("4d6k3") ==
        "f.toml:3:13: error: unexpected 'k' in dice expression in \"4d6k3\" (terms are joined by + "
        "or -, e.g. \"2d6+3\")");
  CHECK(parse_error("1d20 adv kh1") ==
        "f.toml:3:19: error: unexpected 'k' in dice expression in \"1d20 adv kh1\" (terms are "
        "joined by + or -, e.g. \"2d6+3\")");
  CHECK(parse_error("1d6 x 2 x 3") ==
        "f.toml:3:18: error: unexpected 'x' in dice expression in \"1d6 x 2 x 3\" (terms are "
        "joined by + or -, e.g. \"2d6+3\")");
  CHECK(parse_error("d") == "f.toml:3:11: error: expected the number of sides after 'd' in \"d\"");
  CHECK(parse_error("x") ==
        "f.toml:3:10: error: expected a number or a die such as \"1d6\" in \"x\"");
  CHECK(parse_error("1d20 advx") ==
        "f.toml:3:15: error: unexpected 'a' in dice expression in \"1d20 advx\" (terms are joined "
        "by + or -, e.g. \"2d6+3\")");
}

TEST_CASE("dice: an error without a location, and one without a line", "[dice]") {
  try {
    Dice::parse("2d");
    FAIL("no error");
  } catch (const InputError& e) {
    CHECK(std::string(e.what()) == "error: expected the number of sides after 'd' in \"2d\"");
    CHECK(e.bare_message() == "expected the number of sides after 'd' in \"2d\"");
    CHECK(e.hint().empty());
    CHECK(e.loc().column == 0);
  }
  // A file without a line: the column is not invented.
  CHECK_THROWS_WITH(Dice::parse("2d6 3", SourceLoc{"cli", 0, 0}),
                    "cli: error: unexpected '3' in dice expression in \"2d6 3\" (terms are joined "
                    "by + or -, e.g. \"2d6+3\")");
  try {
    Dice::parse("1d6x0", SourceLoc{"s.toml", 7, 21});
    FAIL("no error");
  } catch (const InputError& e) {
    CHECK(e.loc().file == "s.toml");
    CHECK(e.loc().line == 7);
    CHECK(e.loc().column == 25);
    CHECK(e.hint() == "multiply by 1 or more");
  }
}

TEST_CASE("dice: scripted rolls add, keep and multiply as written", "[dice]") {
  Script script;
  script.d(6, 1)
      .d(6, 5)
      .d(6, 3)
      .d(6, 6)  // 4d6kh3: 5 + 3 + 6
      .d(20, 17)
      .d(20, 4)  // 1d20 dis: 4
      .d(6, 3)
      .d(6, 4)
      .d(4, 2)  // 2d6 - 1d4 x 2 + 1: 7 - 4 + 1
      .d(6, 5)  // 1D6 x 4: 20
      .d(8, 1)  // d8-1: 0
      .d(20, 3)
      .d(20, 19);  // 1d20 adv: 19
  TrialRng rng(script);
  Stream s = rng.stream(Purpose::Test);
  CHECK(Dice::parse("4d6kh3").roll(s) == 14);
  CHECK(Dice::parse("1d20 dis").roll(s) == 4);
  CHECK(Dice::parse("2d6 - 1d4 x 2 + 1").roll(s) == 4);
  CHECK(Dice::parse("1D6 x 4").roll(s) == 20);
  CHECK(Dice::parse("d8-1").roll(s) == 0);
  CHECK(Dice::parse("1d20 adv").roll(s) == 19);
  CHECK(script.done());
}

TEST_CASE("dice: sampled frequencies match the exact pmf (chi-square, fixed seed)",
          "[dice][statistics]") {
  const char* exprs[] = {"2d6+3", "4d6kh3", "1D6 x 4", "1d20 dis", "2d6 - 1d4 x 2", "3d6kl2x5+1d8"};
  uint64_t trial = 0;
  for (const char* text : exprs) {
    INFO(text);
    const Dice d = Dice::parse(text);
    const std::vector<double> p = d.pmf();
    TrialRng rng(2026, trial++);
    Stream s = rng.stream(Purpose::Test);
    const int n = 200000;
    std::vector<int64_t> counts(p.size(), 0);
    for (int i = 0; i < n; ++i) {
      const int64_t r = d.roll(s);
      REQUIRE(r >= d.min());
      REQUIRE(r <= d.max());
      ++counts[static_cast<size_t>(r - d.min())];
    }
    double chi2 = 0;
    int cells = 0;
    for (size_t i = 0; i < p.size(); ++i) {
      if (p[i] == 0) {
        CHECK(counts[i] == 0);  // e.g. 1D6 x 4 never shows 5
        continue;
      }
      const double e = n * p[i];
      chi2 += (static_cast<double>(counts[i]) - e) * (static_cast<double>(counts[i]) - e) / e;
      ++cells;
    }
    // Every cell here expects at least ~150 counts. Mean df, sd sqrt(2 df): 6 sd never
    // happens by chance, while a wrong keep or multiplier gives thousands.
    const double df = cells - 1;
    CHECK(chi2 < df + 6 * std::sqrt(2 * df));
  }
}

TEST_CASE("dice: the sample mean of many dice matches mean()", "[dice][statistics]") {
  // "20d6kh3" has too many outcomes to enumerate by brute force; its mean comes from pmf().
  for (const char* text : {"20d6kh3", "100d6", "10d10kl2x3"}) {
    INFO(text);
    const Dice d = Dice::parse(text);
    const std::vector<double> p = d.pmf();
    double var = 0;
    for (size_t i = 0; i < p.size(); ++i) {
      const double x = static_cast<double>(d.min() + static_cast<int64_t>(i)) - d.mean();
      var += p[i] * x * x;
    }
    TrialRng rng(7, 7);
    Stream s = rng.stream(Purpose::Test);
    const int n = 100000;
    double sum = 0;
    for (int i = 0; i < n; ++i) sum += static_cast<double>(d.roll(s));
    CHECK(std::fabs(sum / n - d.mean()) < 5 * std::sqrt(var / n));
  }
}
