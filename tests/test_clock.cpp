// Trial time: the agenda of pending events (order, ties, cancel, capacity) and the clock and
// duration texts of event logs and summaries.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <vector>

#include "sim/core/clock.h"
#include "sim/core/stream.h"

using namespace leth;

namespace {
enum class Ev { Check, Bleed, Heal, Wake };
}  // namespace

TEST_CASE("agenda: earliest first, ties in the order scheduled", "[clock]") {
  Agenda<Ev> a;
  CHECK(a.empty());
  a.schedule(30, Ev::Wake);
  a.schedule(10, Ev::Check);
  a.schedule(20, Ev::Heal);
  a.schedule(10, Ev::Bleed);
  a.schedule(10, Ev::Heal);
  CHECK(a.size() == 5);
  CHECK(a.peek().time == 10);
  CHECK(a.peek().kind == Ev::Check);

  const auto e1 = a.pop();
  CHECK(e1.time == 10);
  CHECK(e1.kind == Ev::Check);
  // Scheduling at the same time as pending events goes after them.
  a.schedule(10, Ev::Wake);
  const Ev want[] = {Ev::Bleed, Ev::Heal, Ev::Wake, Ev::Heal, Ev::Wake};
  const Seconds times[] = {10, 10, 10, 20, 30};
  for (int i = 0; i < 5; ++i) {
    INFO(i);
    REQUIRE_FALSE(a.empty());
    CHECK(a.peek().kind == want[i]);
    const auto e = a.pop();
    CHECK(e.kind == want[i]);
    CHECK(e.time == times[i]);
  }
  CHECK(a.empty());
  CHECK(a.size() == 0);
}

TEST_CASE("agenda: cancel drops every event of a kind and keeps the others' order", "[clock]") {
  Agenda<Ev> a;
  a.schedule(5, Ev::Bleed);
  a.schedule(5, Ev::Check);
  a.schedule(1, Ev::Bleed);
  a.schedule(5, Ev::Heal);
  a.schedule(3, Ev::Bleed);
  CHECK(a.has(Ev::Bleed));
  CHECK_FALSE(a.has(Ev::Wake));
  a.cancel(Ev::Bleed);
  CHECK_FALSE(a.has(Ev::Bleed));
  CHECK(a.size() == 2);
  a.cancel(Ev::Wake);  // nothing to cancel
  CHECK(a.size() == 2);
  CHECK(a.pop().kind == Ev::Check);
  CHECK(a.pop().kind == Ev::Heal);
  CHECK(a.empty());
}

TEST_CASE("agenda: a full agenda refuses one more event", "[clock]") {
  Agenda<Ev, 4> a;
  for (int i = 0; i < 4; ++i) a.schedule(i, Ev::Check);
  CHECK_THROWS_AS(a.schedule(9, Ev::Heal), std::logic_error);
  CHECK_THROWS_WITH(a.schedule(9, Ev::Heal), "agenda: more pending events than capacity");
  CHECK(a.size() == 4);
  a.pop();
  a.schedule(9, Ev::Heal);  // room again
  CHECK(a.size() == 4);
}

TEST_CASE("agenda: random schedule, pop and cancel agree with a stable sort", "[clock]") {
  // A reference model: pending events in a vector; the next is the minimum (time, order).
  struct Ref {
    Seconds time;
    uint64_t order;
    int kind;
  };
  TrialRng rng(31, 0);
  Stream s = rng.stream(Purpose::Test);
  Agenda<int, 16> a;
  std::vector<Ref> ref;
  uint64_t order = 0;
  int pops = 0;
  for (int step = 0; step < 20000; ++step) {
    const uint64_t op = s.below(10);
    if (op < 5 && ref.size() < 16) {
      const Seconds t = static_cast<Seconds>(s.below(8));  // few distinct times: many ties
      const int kind = static_cast<int>(s.below(4));
      a.schedule(t, kind);
      ref.push_back({t, order++, kind});
    } else if (op < 9 && !ref.empty()) {
      const auto it = std::min_element(ref.begin(), ref.end(), [](const Ref& x, const Ref& y) {
        return x.time < y.time || (x.time == y.time && x.order < y.order);
      });
      REQUIRE(a.peek().order == it->order);
      const auto e = a.pop();
      REQUIRE(e.time == it->time);
      REQUIRE(e.order == it->order);
      REQUIRE(e.kind == it->kind);
      ref.erase(it);
      ++pops;
    } else if (op == 9) {
      const int kind = static_cast<int>(s.below(4));
      a.cancel(kind);
      ref.erase(
          std::remove_if(ref.begin(), ref.end(), [&](const Ref& r) { return r.kind == kind; }),
          ref.end());
    }
    REQUIRE(a.size() == ref.size());
    for (int k = 0; k < 4; ++k)
      REQUIRE(a.has(k) ==
              std::any_of(ref.begin(), ref.end(), [&](const Ref& r) { return r.kind == k; }));
  }
  CHECK(pops > 5000);
}

TEST_CASE("clock_text: h:mm:ss, with days when there are any", "[clock]") {
  CHECK(clock_text(0) == "0:00:00");
  CHECK(clock_text(6) == "0:00:06");
  CHECK(clock_text(59) == "0:00:59");
  CHECK(clock_text(60) == "0:01:00");
  CHECK(clock_text(3 * kHour + 15 * kMinute) == "3:15:00");
  CHECK(clock_text(kDay - 1) == "23:59:59");
  CHECK(clock_text(kDay) == "1d 00:00:00");
  CHECK(clock_text(2 * kDay + 3 * kHour + 15 * kMinute) == "2d 03:15:00");
  CHECK(clock_text(3650 * kDay + 7) == "3650d 00:00:07");
  CHECK(clock_text(-6) == "-0:00:06");
  CHECK(clock_text(-(kDay + kHour)) == "-1d 01:00:00");
}

TEST_CASE("duration_text: three significant digits in the largest unit that fits", "[clock]") {
  CHECK(duration_text(0) == "0 s");
  CHECK(duration_text(0.5) == "0.5 s");
  CHECK(duration_text(42) == "42 s");
  CHECK(duration_text(59.4) == "59.4 s");
  CHECK(duration_text(60) == "1 min");
  CHECK(duration_text(210) == "3.5 min");
  CHECK(duration_text(7.2 * kHour) == "7.2 h");
  CHECK(duration_text(kDay) == "1 d");
  CHECK(duration_text(12.4 * kDay) == "12.4 d");
  CHECK(duration_text(123.4 * kDay) == "123 d");
  CHECK(duration_text(-120) == "-2 min");
  // A thousand days and more are whole days, never "1e+03 d" (10-year horizons reach 3650).
  CHECK(duration_text(999.4 * kDay) == "999 d");
  CHECK(duration_text(999.6 * kDay) == "1000 d");
  CHECK(duration_text(3650 * kDay) == "3650 d");
  CHECK(duration_text(-2000.0 * kDay) == "-2000 d");
  CHECK(duration_text(std::numeric_limits<double>::quiet_NaN()) == "-");
  CHECK(duration_text(std::numeric_limits<double>::infinity()) == "-");
}
