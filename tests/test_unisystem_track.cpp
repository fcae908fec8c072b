// rules/unisystem/track.h: endurance and essence as values of time, each rule of seed 000's
// "Récupérer des points d'endurance" / "d'essence" at the ticks it gives.
#include <catch2/catch.hpp>

#include "rules/unisystem/track.h"

using namespace leth;
using leth::unisystem::kNever;
using leth::unisystem::Track;
using Mode = Track::Mode;

TEST_CASE("unisystem track: untouched, it was always full", "[unisystem][track]") {
  Track t(20, 20);
  CHECK(t.at(0) == 20);
  CHECK(t.at(kDay) == 20);
  CHECK(t.full_at() == 0);
  t.recover(500, Mode::Steady, 2, kHour);
  CHECK(t.full_at() == 0);  // starting a rate on a full track does not make it "full since 500"
}

TEST_CASE("unisystem track: a steady rate ticks from the last change", "[unisystem][track]") {
  // 000: "1 point d'essence par niveau de volonté, chaque heure" (Will 3).
  Track t(20, 20);
  t.recover(0, Mode::Steady, 3, kHour);
  t.lose(10, 100, -1000);
  CHECK(t.at(100) == 10);
  CHECK(t.at(100 + kHour - 1) == 10);
  CHECK(t.at(100 + kHour) == 13);
  CHECK(t.at(100 + 3 * kHour) == 19);
  CHECK(t.at(100 + 4 * kHour) == 20);  // capped
  CHECK(t.full_at() == 100 + 4 * kHour);
  // A second loss after one tick: the tick is kept and the clock keeps its time (a blow
  // every 59 minutes must not stop the hourly points).
  t.lose(5, 100 + kHour + 30, -1000);
  CHECK(t.at(100 + kHour + 30) == 8);
  CHECK(t.at(100 + 2 * kHour - 1) == 8);
  CHECK(t.at(100 + 2 * kHour) == 11);
  CHECK(t.full_at() == 100 + 5 * kHour);  // 12 missing: ticks at 100 + 2, 3, 4 and 5 hours
  // One point lost every 50 minutes: the hourly ticks still come (a clock restarted at each
  // loss would never tick).
  for (int i = 1; i <= 5; ++i) t.lose(1, 100 + 2 * kHour + i * 50 * kMinute, -1000);
  CHECK(t.at(100 + 6 * kHour + 10 * kMinute) == 18);  // 8 + 5 ticks of 3 - 5
  CHECK(t.full_at() == 100 + 7 * kHour);
  // A loss after the track came back full: from full.
  Track u(10, 10);
  u.recover(0, Mode::Steady, 5, kMinute);
  u.lose(5, 0, -1000);
  u.lose(4, 10 * kMinute, -1000);
  CHECK(u.at(10 * kMinute) == 6);
}

TEST_CASE("unisystem track: still, then at rest, asleep, and a rate of 0", "[unisystem][track]") {
  // During the fight endurance at rest does not come back; after it, Con (2) an hour awake.
  Track t(30, 30);
  t.lose(12, 5, -1000);
  CHECK(t.at(kDay) == 18);
  CHECK(t.full_at() == kNever);
  t.recover(10, Mode::Awake, 2);
  CHECK(t.at(10 + kHour) == 20);
  CHECK(t.full_at() == 10 + 6 * kHour);
  // Knocked out after 2 hours: asleep, Con every half hour, from then on.
  t.recover(10 + 2 * kHour, Mode::Asleep, 2);
  CHECK(t.at(10 + 2 * kHour) == 22);
  CHECK(t.at(10 + 2 * kHour + kHour / 2) == 24);
  CHECK(t.full_at() == 10 + 2 * kHour + 4 * (kHour / 2));
  // Con 0: nothing comes back.
  Track z(30, 30);
  z.lose(3, 0, -1000);
  z.recover(0, Mode::Awake, 0);
  CHECK(z.at(100 * kDay) == 27);
  CHECK(z.full_at() == kNever);
  // A steady rate of 0 points likewise.
  z.recover(0, Mode::Steady, 0, kMinute);
  CHECK(z.full_at() == kNever);
}

TEST_CASE("unisystem track: what lack of sleep took comes back only by sleep",
          "[unisystem][track]") {
  // 000: "Les points d'endurance perdus par le manque de sommeil se récupèrent uniquement en
  // dormant": 30 endurance, 6 lost to short nights, 7 to effort; Con 2.
  Track t(30, 24, 6);
  t.lose(7, 0, -1000);
  t.recover(5, Mode::Awake, 2);
  // The 7 of effort by rest: 4 hours (the fourth tick restores the last point only); then
  // the 6 of lack of sleep by sleep, 2 every half hour.
  CHECK(t.at(5 + 3 * kHour) == 23);
  CHECK(t.at(5 + 4 * kHour) == 24);
  CHECK(t.at(5 + 4 * kHour + kHour / 2) == 26);
  CHECK(t.full_at() == 5 + 4 * kHour + 3 * (kHour / 2));
  // Asleep, everything comes back at the sleep rate.
  Track a(30, 24, 6);
  a.lose(7, 0, -1000);
  a.recover(5, Mode::Asleep, 2);
  CHECK(a.full_at() == 5 + 7 * (kHour / 2));
  // Falling asleep halfway through the rest: the sleep debt is still owed, all at one rate.
  Track h(30, 24, 6);
  h.lose(7, 0, -1000);
  h.recover(5, Mode::Awake, 2);
  h.recover(5 + 2 * kHour, Mode::Asleep, 2);  // 4 of the 7 back by rest
  CHECK(h.at(5 + 2 * kHour) == 21);
  CHECK(h.full_at() == 5 + 2 * kHour + 5 * (kHour / 2));  // 9 left at 2 a half hour
}

TEST_CASE("unisystem track: never below the floor", "[unisystem][track]") {
  Track t(10, 10);
  t.lose(1'000'000, 0, -1000);
  CHECK(t.at(0) == -1000);
}
