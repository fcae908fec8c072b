// Two readings of harmonies' therapeutic rest (seed 001 "Repos thérapeutique", "Guérison des
// blessures"), each option at each value with scripted dice: whose rest a failed healing roll
// restarts (failed_healing_rest), and how long surveillance lasts (surveillance). A ±d10 is
// two d10 entries, the positive die then the negative one (rules/harmonies/README.md,
// interpretations 11 and 15).
#include <catch2/catch.hpp>

#include "rules/harmonies/model.h"
#include "sim/engine/registry.h"
#include "tests/support.h"

using namespace leth;
namespace hm = leth::harmonies;

namespace {

// ±d10 showing `v` (-9..+9): the positive die, then the negative one.
void pm(Script& s, int v) {
  if (v >= 0)
    s.d(10, v + 1).d(10, 1);
  else
    s.d(10, 1).d(10, 1 - v);
}

// Two light wounds at the start; helpers there at once stabilise in a minute; a healer.
std::string two_light_wounds(const std::string& options, const std::string& horizon,
                             const std::string& aftercare = "healer = 0\n") {
  return "name = \"t\"\nruleset = \"harmonies\"\nhorizon = \"" + horizon + "\"\n[options]\n" +
         options +
         "[character]\nsurvival = 9\nfainting = 9\nself_help = false\n"
         "wounds = { light = 2 }\n[aftercare]\nhelp_arrives = \"0 seconds\"\nfirst_aid = 9\n" +
         aftercare;
}

}  // namespace

TEST_CASE("harmonies option failed_healing_rest: every wound's rest starts over, or the treated's",
          "[harmonies][options]") {
  // 0:01:00 stable, both light wounds rest from there; 2d 0:01:00 the first healing roll
  // fails: unstable; 2d 0:02:00 stable again. Horizon 3 days.
  auto script = [](Script& s) {
    pm(s, 0);   // 0:01:00 first aid: 0 + 9 - 2: stable
    pm(s, -9);  // 2d 0:01:00 healing the first light wound: -9 + 0 - 1: failure
    pm(s, 0);   // 2d 0:02:00 first aid: stable again
  };
  SECTION("every_wound (the default): the next roll waits two more days, past the horizon") {
    Script s;
    script(s);
    const test::Played p = test::play_scripted(two_light_wounds("", "3 days"), s);
    CHECK(p.outcome.counters[hm::metric::kHealingRolls] == 1);
    CHECK(p.outcome.end == hm::metric::kStillWounded);
  }
  SECTION("treated_wound: the other light wound has rested: its roll at once") {
    Script s;
    script(s);
    pm(s, 1);  // 2d 0:02:00 healing the second light wound: 1 + 0 - 1: success, it heals
    const test::Played p = test::play_scripted(
        two_light_wounds("failed_healing_rest = \"treated_wound\"\n", "3 days"), s);
    CHECK(p.outcome.counters[hm::metric::kHealingRolls] == 2);
    CHECK(p.outcome.sequelae[0].id == hm::metric::kOpenLight);
    CHECK(p.outcome.sequelae[0].count == 1);  // the treated one waits its own two days
  }
}

TEST_CASE("harmonies option surveillance: until healed, or during the minimum rest only",
          "[harmonies][options]") {
  // Every surveillance is missed (neglect 1) and its survival roll passed; no healer. Light
  // wounds: surveillance every day, minimum rest 2 days from the stabilisation at 0:01:00.
  const std::string never_healed = "neglect = 1.0\n";
  auto missed = [](Script& s, int n) {
    for (int k = 0; k < n; ++k) {
      s.yes();   // missed
      pm(s, 0);  // survival 0 + 9 - 2 (pain at its floor) - k: success
    }
  };
  SECTION("until_healed (the default): every day to the horizon, the -1s piling up") {
    Script s;
    pm(s, 0);  // first aid
    missed(s, 5);
    const test::Played p = test::play_scripted(two_light_wounds("", "432120 seconds", never_healed),
                                               s);  // 5 days 2 minutes
    CHECK(p.outcome.counters[hm::metric::kMissedSurveillance] == 5);
  }
  SECTION("minimum_rest: at 1 day and 2 days, then no more") {
    Script s;
    pm(s, 0);
    missed(s, 2);
    const test::Played p = test::play_scripted(
        two_light_wounds("surveillance = \"minimum_rest\"\n", "432120 seconds", never_healed), s);
    CHECK(p.outcome.counters[hm::metric::kMissedSurveillance] == 2);
  }
}
