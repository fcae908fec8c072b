// time_out_of_action under harmonies (the shared meaning, sim/core/metrics.h): a character
// cannot act while fainted or during the minimum therapeutic rest (rules/harmonies/README.md,
// "Cannot act"). Scripted dice; a ±d10 is two d10 entries, the positive die then the negative.
#include <catch2/catch.hpp>

#include "rules/harmonies/model.h"
#include "sim/engine/registry.h"
#include "tests/support.h"

using namespace leth;
namespace hm = leth::harmonies::metric;

namespace {

void pm(Script& s, int v) {
  if (v >= 0)
    s.d(10, v + 1).d(10, 1);
  else
    s.d(10, 1).d(10, 1 - v);
}

const char* kHeader = "name = \"t\"\nruleset = \"harmonies\"\n";

}  // namespace

TEST_CASE("harmonies out of action: a stable light wound failing its roll on day 28 is 2 days",
          "[harmonies][out_of_action]") {
  // A light wound, stabilised at 0:01:00 by a helper: two days of minimum rest (the healing
  // period of a light wound), then the character can act. No healer: the wound stays. The
  // weekly stable roll fails on day 28: unstable, stabilised again a minute later; the rest
  // done still counts (failed_stable_roll = "resume"), so the character is not put back to bed.
  const std::string toml = std::string(kHeader) +
                           "horizon = \"30 days\"\n[character]\nsurvival = 0\nself_help = false\n"
                           "wounds = { light = 1 }\n[aftercare]\nhelp_arrives = \"0 seconds\"\n"
                           "first_aid = 9\n";
  Script s;
  pm(s, 0);   // 0:01:00 first aid: stable; rest begins
  pm(s, 5);   // 7 days: the stable roll, 5 + 0 - 1 (pain at its floor): success
  pm(s, 5);   // 14 days
  pm(s, 5);   // 21 days
  pm(s, -5);  // 28 days: -6: unstable
  pm(s, 0);   // 28 days + 1 minute: first aid: stable again
  const test::Played p = test::play_scripted(toml, s);
  CHECK(p.outcome.end == hm::kStillWounded);
  REQUIRE(p.outcome.has(hm::kOutOfAction));
  CHECK(p.outcome.durations[hm::kOutOfAction] == 2 * kDay);
}

TEST_CASE("harmonies out of action: fainted, then conscious with an unstable wound, can act",
          "[harmonies][out_of_action]") {
  // A grave wound (5 pain: a fainting roll) in the first round; the character faints for ten
  // minutes. Nobody stabilises: awake and unstable at the horizon, the character can act.
  const std::string toml = std::string(kHeader) +
                           "horizon = \"14 minutes\"\n[character]\nsurvival = 0\nfainting = -30\n"
                           "self_help = false\n[encounter]\nrounds = 1\n"
                           "[[encounter.attackers]]\nname = \"blade\"\nwound = { grave = 1.0 }\n";
  Script s;
  s.yes().u(0.5);  // a grave wound
  pm(s, 0);        // fainting: 0 - 30 - 5: faints for 10 minutes
  const test::Played p = test::play_scripted(toml, s);
  CHECK(p.outcome.end == hm::kStillUnstable);
  REQUIRE(p.outcome.has(hm::kOutOfAction));
  CHECK(p.outcome.durations[hm::kOutOfAction] == 10 * kMinute);
}

TEST_CASE("harmonies out of action: still resting at the horizon, or dead, is not counted",
          "[harmonies][out_of_action]") {
  // A grave wound stabilised at 0:01:00: a week of minimum rest, past the 3-day horizon.
  const std::string toml = std::string(kHeader) +
                           "horizon = \"3 days\"\n[character]\nsurvival = 9\nself_help = false\n"
                           "wounds = { grave = 1 }\n[aftercare]\nhelp_arrives = \"0 seconds\"\n"
                           "first_aid = 9\n";
  Script s;
  pm(s, 0);  // first aid: stable
  pm(s, 0);  // 1 day 0:01:00: the stable roll, 0 + 9 - 3: success
  pm(s, 0);  // 2 days 0:01:00 (the next, at 3 days 0:01:00, is past the horizon)
  const test::Played p = test::play_scripted(toml, s);
  CHECK(p.outcome.end == hm::kStillWounded);
  CHECK_FALSE(p.outcome.has(hm::kOutOfAction));
}
