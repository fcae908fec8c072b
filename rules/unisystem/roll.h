// Unisystem tests and the small pure rules the health model is made of: the D10 test and its
// success levels (seeds/README.md), the penalties by groups of points, the wound severity
// labels, and the sleep-deprivation arithmetic of seed 000. Pure functions, tested one by one.
#pragma once

#include <cstdint>
#include <string>

namespace leth {
class Stream;
}

namespace leth::unisystem {

// seeds/README.md (Classic Unisystem): D10 + attributes (+ skill) +- modifiers, 9+ succeeds.
inline constexpr int kTarget = 9;

// Success levels of a test total: 9-10 -> 1, 11-12 -> 2, 13-14 -> 3, 15-16 -> 4, 17-20 -> 5,
// 21-23 -> 6, 24-26 -> 7, then one more for every 3 points; below 9 -> 0 (a failure).
int success_levels(int total);

struct TestResult {
  int die = 0;
  int total = 0;
  int levels = 0;  // 0: failed
  bool passed() const { return levels > 0; }
};

// Rolls D10 + base (attributes, skill and every modifier already summed).
TestResult roll_test(Stream& s, int base);

// "D10 6 + 6 = 12: 2 levels" / "D10 2 - 3 = -1: failure" — for event logs.
std::string test_text(const TestResult& r, int base);

// 000 "-1 pour chaque 10 points de vie en dessous de 0 (arrondis à l'inférieur)": full groups
// of `group` points below `zero` (points <= zero), rounded down, or up when `round_up`.
int groups_below(int64_t points, int64_t zero, int group, bool round_up);

// 000 "Blessures": the label of one wound of `damage` points (after armour and multiplier).
enum class Severity : uint8_t { None, Superficial, Deep, Serious, LifeThreatening, Massive };
Severity severity_of(int64_t damage);
const char* severity_name(Severity s);

// The penalties on a character's own actions and the first-aid rules (used by the single
// character's trial and the party fight's body).
// 000 "Effet de la perte d'endurance": "À 5 points d'endurance ou moins ... pénalité de -2".
inline constexpr int kGroggyAt = 5;
inline constexpr int kGroggy = -2;
// 000: "un personnage réduit à moins de 5 points de vie est sévèrement blessé".
inline constexpr int kPainBelow = 5;
// 000 "Pratiquer des premiers soins sur soi-même est possible, mais avec un modificateur de -2".
inline constexpr int kSelfAid = -2;
// 000: "après cela, il récupère 2 points de vie par jour".
inline constexpr int kDailyAboveZero = 2;

// One day of rest for the human HP rule (000 "Récupérer des points de vie"; used by the single
// character's recovery and the party's rest). Under care, "1 point de vie par niveau de
// constitution par jour ... jusqu'à ce qu'il atteigne 0 points ou plus. Après cela, il
// récupère 2 points de vie par jour": the HP after the day (uncapped).
int cared_day(int hp, int con);
// Without care, below 0: "un test de survie chaque jour en dessous de 0: +1 PV par niveau de
// succès (au plus Con), -1 PV sur un échec" — D10 + `survival_base` (Con + Will and the
// creature's modifiers) at -1 per full 10 below 0. `kills` (README interpretation 11): the
// failure took HP to `threshold` or below and `failure_kills` (untreated_failure_kills) —
// the caller's creature has a threshold when `threshold` is given.
struct UntreatedDay {
  TestResult test;
  int base = 0;  // the test's D10 + base
  int hp = 0;    // after the day (uncapped)
  bool kills = false;
};
UntreatedDay untreated_day(Stream& s, int hp, int survival_base, int con, const int* threshold,
                           bool failure_kills);

// 000 "Perte de points d'endurance": 7 hours of sleep a day are needed; 1 endurance point per
// missing hour.
inline constexpr int kSleepNeeded = 7;
int sleep_shortfall_loss(int hours_slept);
// 000: awake more than 24 hours, 1 more point per further hour; with no sleep in the first 24
// hours the shortfall of 7 counts too ("éveillé durant 36 heures d'affilée perd 19 points").
int awake_loss(int hours_awake);

}  // namespace leth::unisystem
