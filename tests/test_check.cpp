// d20 checks with four degrees of success (PF2): the thresholds at DC+10 and DC-10, the
// natural 20 and natural 1 steps, scripted rolls and the event-log text.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <string>

#include "sim/core/check.h"
#include "sim/core/stream.h"

using namespace leth;

namespace {
constexpr Degree CF = Degree::CriticalFailure;
constexpr Degree F = Degree::Failure;
constexpr Degree S = Degree::Success;
constexpr Degree CS = Degree::CriticalSuccess;
}  // namespace

TEST_CASE("check: degree names", "[check]") {
  CHECK(std::string(degree_name(CF)) == "critical failure");
  CHECK(std::string(degree_name(F)) == "failure");
  CHECK(std::string(degree_name(S)) == "success");
  CHECK(std::string(degree_name(CS)) == "critical success");
  CHECK(static_cast<int>(CF) == 0);
  CHECK(static_cast<int>(CS) == 3);
}

TEST_CASE("check: thresholds at DC, DC+10 and DC-10", "[check]") {
  // A natural 10 changes nothing; the total alone decides.
  const int dc = 18;
  CHECK(degree_of(10, dc + 10, dc) == CS);
  CHECK(degree_of(10, dc + 9, dc) == S);
  CHECK(degree_of(10, dc, dc) == S);
  CHECK(degree_of(10, dc - 1, dc) == F);
  CHECK(degree_of(10, dc - 9, dc) == F);
  CHECK(degree_of(10, dc - 10, dc) == CF);
  CHECK(degree_of(10, dc - 30, dc) == CF);
  CHECK(degree_of(10, dc + 30, dc) == CS);
}

TEST_CASE("check: a natural 20 improves and a natural 1 worsens by one step", "[check]") {
  const int dc = 15;
  // natural 20
  CHECK(degree_of(20, dc + 10, dc) == CS);  // already the best
  CHECK(degree_of(20, dc, dc) == CS);
  CHECK(degree_of(20, dc - 1, dc) == S);
  CHECK(degree_of(20, dc - 10, dc) == F);
  // natural 1
  CHECK(degree_of(1, dc + 10, dc) == S);
  CHECK(degree_of(1, dc, dc) == F);
  CHECK(degree_of(1, dc - 1, dc) == CF);
  CHECK(degree_of(1, dc - 10, dc) == CF);  // already the worst
}

TEST_CASE("check: every natural, modifier and DC against the rule as written", "[check]") {
  for (int dc = -5; dc <= 45; ++dc)
    for (int mod = -25; mod <= 35; ++mod)
      for (int nat = 1; nat <= 20; ++nat) {
        const int total = nat + mod;
        int step = total >= dc + 10 ? 3 : total >= dc ? 2 : total > dc - 10 ? 1 : 0;
        if (nat == 20) step = std::min(3, step + 1);
        if (nat == 1) step = std::max(0, step - 1);
        REQUIRE(degree_of(nat, total, dc) == static_cast<Degree>(step));
      }
}

TEST_CASE("check: scripted rolls and their event-log text", "[check]") {
  Script script;
  script.d(20, 17).d(20, 4).d(20, 20).d(20, 1).d(20, 12);
  TrialRng rng(script);
  Stream s = rng.stream(Purpose::Dying);

  const CheckResult a = roll_check(s, 5, 18);
  CHECK(a.natural == 17);
  CHECK(a.total == 22);
  CHECK(a.degree == S);
  CHECK(check_text(a, 5, 18) == "d20 17 + 5 = 22 vs DC 18: success");

  const CheckResult b = roll_check(s, -3, 10);
  CHECK(b.natural == 4);
  CHECK(b.total == 1);
  CHECK(b.degree == F);
  CHECK(check_text(b, -3, 10) == "d20 4 - 3 = 1 vs DC 10: failure");

  const CheckResult c = roll_check(s, 0, 25);  // 20 fails by 5, the natural 20 lifts it
  CHECK(c.total == 20);
  CHECK(c.degree == S);
  CHECK(check_text(c, 0, 25) == "d20 20 vs DC 25: success");

  const CheckResult d = roll_check(s, 12, 10);  // 13 succeeds, the natural 1 drops it
  CHECK(d.total == 13);
  CHECK(d.degree == F);
  CHECK(check_text(d, 12, 10) == "d20 1 + 12 = 13 vs DC 10: failure");

  const CheckResult e = roll_check(s, 10, 12);
  CHECK(e.degree == CS);
  CHECK(check_text(e, 10, 12) == "d20 12 + 10 = 22 vs DC 12: critical success");
  CHECK(script.done());
}

TEST_CASE("check: a flat DC 10 check's exact degree probabilities", "[check][statistics]") {
  // PF2 recovery check at dying 0: CF on 1, F on 2-9, S on 10-19, CS on 20.
  std::array<int, 4> exact{};
  for (int nat = 1; nat <= 20; ++nat) ++exact[static_cast<size_t>(degree_of(nat, nat, 10))];
  CHECK(exact == std::array<int, 4>{1, 8, 10, 1});

  TrialRng rng(2026, 9);
  Stream s = rng.stream(Purpose::Test);
  const int n = 200000;
  std::array<int, 4> seen{};
  for (int i = 0; i < n; ++i) {
    const CheckResult r = roll_check(s, 0, 10);
    REQUIRE(r.natural >= 1);
    REQUIRE(r.natural <= 20);
    REQUIRE(r.total == r.natural);
    ++seen[static_cast<size_t>(r.degree)];
  }
  for (size_t i = 0; i < 4; ++i) {
    const double p = exact[i] / 20.0;
    CHECK(std::fabs(seen[i] / static_cast<double>(n) - p) < 5 * std::sqrt(p * (1 - p) / n));
  }
}
