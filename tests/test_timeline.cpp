// The trial timeline: order and ties, payloads, cancelling one event or a set, no fixed
// capacity, and storage kept from one trial to the next.
#include <catch2/catch.hpp>

#include <algorithm>
#include <vector>

#include "sim/core/stream.h"
#include "sim/core/timeline.h"

using namespace leth;

namespace {
enum class Ev : uint16_t { Check, Bleed, Heal, Wake };
}  // namespace

TEST_CASE("timeline: earliest first, ties in the order scheduled, payloads kept", "[timeline]") {
  Timeline a;
  CHECK(a.empty());
  a.schedule(30, Ev::Wake);
  a.schedule(10, Ev::Check, 3, -7);
  a.schedule(20, Ev::Heal);
  a.schedule(10, Ev::Bleed, 1);
  a.schedule(10, Ev::Heal);
  CHECK(a.size() == 5);
  CHECK(a.peek().time == 10);
  CHECK(a.peek().kind == static_cast<uint16_t>(Ev::Check));
  const auto e1 = a.pop();
  CHECK(e1.time == 10);
  CHECK(e1.slot == 3);
  CHECK(e1.arg == -7);
  // Scheduling at the same time as pending events goes after them.
  a.schedule(10, Ev::Wake);
  const Ev want[] = {Ev::Bleed, Ev::Heal, Ev::Wake, Ev::Heal, Ev::Wake};
  const Seconds times[] = {10, 10, 10, 20, 30};
  for (int i = 0; i < 5; ++i) {
    INFO(i);
    REQUIRE_FALSE(a.empty());
    const auto e = a.pop();
    CHECK(e.kind == static_cast<uint16_t>(want[i]));
    CHECK(e.time == times[i]);
  }
  CHECK(a.empty());
}

TEST_CASE("timeline: cancel one event by its id, or every event a predicate picks", "[timeline]") {
  Timeline a;
  const auto w1 = a.schedule(5, Ev::Bleed, /*wound*/ 1);
  a.schedule(5, Ev::Check);
  const auto w2 = a.schedule(1, Ev::Bleed, 2);
  a.schedule(5, Ev::Heal);
  a.schedule(3, Ev::Bleed, 3);
  CHECK(a.cancel(w2));
  CHECK_FALSE(a.cancel(w2));  // already gone
  CHECK(a.size() == 4);
  CHECK(a.peek().slot == 3);
  CHECK(a.cancel_if([](const Timeline::Event& e) { return e.slot == 3; }) == 1);
  CHECK(a.has_kind(Ev::Bleed));
  CHECK(a.cancel(w1));
  CHECK_FALSE(a.has_kind(Ev::Bleed));
  CHECK(a.cancel_kind(Ev::Wake) == 0);
  CHECK(a.pop().kind == static_cast<uint16_t>(Ev::Check));
  CHECK(a.pop().kind == static_cast<uint16_t>(Ev::Heal));
  CHECK(a.empty());
}

TEST_CASE("timeline: no fixed capacity, and clear() keeps the storage", "[timeline]") {
  Timeline a;
  for (int i = 0; i < 5000; ++i) a.schedule(5000 - i, Ev::Check, static_cast<uint16_t>(i));
  CHECK(a.size() == 5000);
  CHECK(a.pop().time == 1);
  const size_t cap = a.capacity();
  a.clear();
  CHECK(a.empty());
  CHECK(a.capacity() == cap);
  CHECK(a.schedule(0, Ev::Wake) == 0);  // ids restart: a trial does not depend on the last one
}

TEST_CASE("timeline: random schedule, pop and cancel agree with a stable sort", "[timeline]") {
  struct Ref {
    Seconds time;
    uint64_t id;
    int kind;
  };
  TrialRng rng(31, 0);
  Stream s = rng.stream(Purpose::Test);
  Timeline a;
  std::vector<Ref> ref;
  int pops = 0, cancels = 0;
  for (int step = 0; step < 20000; ++step) {
    const uint64_t op = s.below(12);
    if (op < 5 && ref.size() < 40) {
      const Seconds t = static_cast<Seconds>(s.below(8));  // few distinct times: many ties
      const int kind = static_cast<int>(s.below(4));
      ref.push_back({t, a.schedule(t, static_cast<Ev>(kind)), kind});
    } else if (op < 9 && !ref.empty()) {
      const auto it = std::min_element(ref.begin(), ref.end(), [](const Ref& x, const Ref& y) {
        return x.time < y.time || (x.time == y.time && x.id < y.id);
      });
      REQUIRE(a.peek().id == it->id);
      const auto e = a.pop();
      REQUIRE(e.time == it->time);
      REQUIRE(e.kind == it->kind);
      ref.erase(it);
      ++pops;
    } else if (op < 11 && !ref.empty()) {
      const size_t k = s.below(ref.size());
      REQUIRE(a.cancel(ref[k].id));
      ref.erase(ref.begin() + static_cast<long>(k));
      ++cancels;
    } else if (op == 11) {
      const int kind = static_cast<int>(s.below(4));
      const size_t n = a.cancel_kind(static_cast<Ev>(kind));
      const auto end =
          std::remove_if(ref.begin(), ref.end(), [&](const Ref& r) { return r.kind == kind; });
      REQUIRE(n == static_cast<size_t>(ref.end() - end));
      ref.erase(end, ref.end());
    }
    REQUIRE(a.size() == ref.size());
  }
  CHECK(pops > 4000);
  CHECK(cancels > 1000);
}
