// Helpers shared by the party-fight tests (tests/test_*party*.cpp): a member's and an
// opponent's text, a trial's counters and durations by name, a ruleset's Party from a loaded
// scenario, and the duel that every body is held to — one member against one opponent, each
// side with a fixed chance to hit, solved exactly as a Markov chain (Eigen) and run against
// it within 4 standard errors.
#pragma once

#include <cmath>
#include <cstdint>
#include <functional>
#include <string>
#include <variant>

#include <catch2/catch.hpp>

#include "sim/core/outcome.h"
#include "sim/engine/load.h"

namespace leth::test {

// A [[party]] member or an [[opponents]] kind (`table`), its health under `hp_key` (max_hp,
// hp, max_pv, ...), its initiative, one attack's keys and any further keys.
std::string combatant_text(const std::string& table, const std::string& name,
                           const std::string& hp_key, int hp, int initiative,
                           const std::string& attack, const std::string& extra = "");

// A counter's or a duration's value in a trial's outcome, by name (REQUIRE it is declared,
// and for a duration that it was measured).
uint32_t counter(const LoadedScenario& ls, const Outcome& o, const std::string& name);
Seconds duration(const LoadedScenario& ls, const Outcome& o, const std::string& name);

// The scenario's first section's party fight under ruleset Model (REQUIRE it has one).
template <typename Model>
const auto& party_of(const LoadedScenario& ls) {
  const auto* p = std::get<Model>(ls.models[0]).party();
  REQUIRE(p != nullptr);
  return *p;
}

// The duel as a chain over (hits the member can still take, hits the opponent can still take),
// both from `member` and `opponent` down to 1: each round the member strikes first (p), then
// the opponent, if still up (q). `fell`: the member is down first; `won`: the opponent is;
// `rounds`: the expected number of rounds.
struct DuelChain {
  double fell, won, rounds;
};
DuelChain alternating_duel(int member, int opponent, double p, double q);

// What a run is held to: P(a death), P(the fight is won) and, when not NaN, the expected
// number of rounds of `round_seconds` each.
struct DuelExact {
  double death, won, rounds = std::nan("");
};
// Runs n trials of the scenario from `seed` and CHECKs each figure within 4 standard errors.
void check_duel(const LoadedScenario& ls, uint64_t seed, uint64_t n, const DuelExact& exact,
                double round_seconds = 6.0);

// The located errors of opponents without health (docs/parties.md): a kind without `rounds`,
// and a table mixing kinds with and without `health` in either order. `text` makes the
// ruleset's scenario from its tables; `hero` is a member, `foe` an opponent with health,
// `attack` an opponent attack's keys.
void check_untouchable_errors(const std::function<std::string(const std::string&)>& text,
                              const std::string& hero, const std::string& foe,
                              const std::string& health, const std::string& attack);

// An adventuring day against its bundled party scenario `example` (docs/days.md): with
// `[day] encounters = 1` inserted before its [fight] it is the fight, trial for trial (ends,
// times, the common counters: REQUIREd over n trials from `seed`); with `longer` (a [day]
// table) it kills every member the fight kills. Returns how many trials without a death in the
// fight went on to a second encounter.
int check_day_against_fight(const std::string& example, const std::string& longer, uint64_t seed,
                            uint64_t n);
// The bundled day `example` as a campaign of 3: a trial whose day kills dies in adventure 1 as
// the day did, draw for draw (REQUIREd over n trials from `seed`). Returns how many lived
// through the first day.
int check_day_campaign(const std::string& example, uint64_t seed, uint64_t n);
// A night that only passes time (harmonies, unisystem: docs/days.md): the bundled party
// scenario `example` with `[day] encounters = 1, days = 2` is, trial for trial (REQUIREd over n
// trials from `seed`), a day of two encounters with `travel = "8 hours"`, and the story of a
// trial that reaches the second day holds `night_line`. Returns how many trials reached it.
int check_night_as_travel(const std::string& example, const std::string& night_line,
                          uint64_t seed, uint64_t n);

}  // namespace leth::test
