// time_out_of_action's one measurement (sim/core/out_of_action.h) and the shared durations'
// one meaning (sim/core/metrics.h shared_duration, enforced by MetricSpec::validate).
#include <catch2/catch.hpp>

#include <stdexcept>

#include "sim/core/metrics.h"
#include "sim/core/out_of_action.h"

using namespace leth;

TEST_CASE("out of action: from the first fall until able to act for good", "[out_of_action]") {
  OutOfAction a;
  Outcome o;
  a.measure(o, 1, true);
  CHECK_FALSE(o.has(1));  // never out of action: not in the population
  a.cannot_act(12);
  a.cannot_act(18);  // still down: the start stays the first fall
  a.can_act(30);
  a.cannot_act(100);  // down again: the span runs to the last time back up
  CHECK(a.out());
  a.can_act(160);
  a.can_act(500);  // already up: nothing moves
  a.measure(o, 1, true);
  REQUIRE(o.has(1));
  CHECK(o.durations[1] == 148);
  CHECK(a.first() == 12);
}

TEST_CASE("out of action: deaths and trials still out are not in the population",
          "[out_of_action]") {
  OutOfAction a;
  a.cannot_act(6);
  Outcome still_down;
  a.measure(still_down, 0, true);
  CHECK_FALSE(still_down.has(0));
  a.can_act(60);
  Outcome dead;
  a.measure(dead, 0, false);
  CHECK_FALSE(dead.has(0));
}

TEST_CASE("shared durations: one meaning in every declaration", "[metrics]") {
  MetricSpec m{.ends = {{EndKind::Died, "", ""},
                        {EndKind::Recovered, "", ""},
                        {EndKind::Unresolved, "", ""}},
               .counters = {},
               .durations = {shared_duration(kDowntime), shared_duration(kTimeOutOfAction),
                             shared_duration(kTimeToDeath)},
               .sequelae = {}};
  CHECK_NOTHROW(m.validate());
  m.durations[1].help = "from the first fall until fully recovered";  // a meaning of its own
  CHECK_THROWS_AS(m.validate(), std::logic_error);
  CHECK_THROWS_AS(shared_duration("time_dying"), std::logic_error);
}
