// A campaign's life table (docs/campaigns.md), from a variant's tally (Tally::died_in,
// left_after): by adventure k, who began it, who died in it, who left alive after it, and the
// share of all trials still alive after k adventures — the survival curve, a retired character
// counted alive (it leaves the danger; its end says why). Also the adventures lived through
// (Outcome::adventures: played and survived, at most N): their mean with its interval, their
// median, and the paired difference of the mean between two variants. And what the survivors
// of each adventure carry (Tally::lasting_holders, lasting_sum, lasting_sq).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "analysis/interval.h"
#include "analysis/tally.h"

namespace leth {

struct LifeRow {
  int adventure = 0;     // k = 0 (the start), 1..N
  uint64_t at_risk = 0;  // began adventure k (k = 0: every trial)
  uint64_t died = 0;     // died in adventure k
  uint64_t left = 0;     // ended alive after k adventures: retired, not whole, or the last
  Estimate alive;        // alive after k adventures, over every trial (the rate's interval)
  Estimate hazard;       // died / at_risk: the chance of dying in adventure k, having begun it
  // What the survivors of adventure k carry: those that lived through it (at_risk - died; k = 0:
  // every trial), the share of them that had taken a lasting injury by then (the rate's
  // interval), and the lasting injuries each had taken by then, on average (a normal interval).
  uint64_t survivors = 0;
  uint64_t with_lasting = 0;
  Estimate with_lasting_share;
  Estimate lasting_per_survivor;
};

// Rows k = 0..N; empty for a tally without a life table.
std::vector<LifeRow> life_table(const Tally& x, IntervalKind interval);

// A party campaign's life table for one member (Tally::member_died_in, member_left_after): in
// how many trials it died in adventure k, and the share of all trials in which it died by
// adventure k (the cumulative incidence of its death, the campaign's other ends competing).
// A campaign that ends at its first death makes this the member's part of the party's deaths
// (the others' deaths compete); with after_a_death = "replace" the party plays on past a
// death, a newcomer in the dead one's place, and the row is the member's own (its first
// occupant's: a newcomer's death is counted in died_<member>, not here).
struct MemberLifeRow {
  size_t member = 0;     // the j-th member with a life table (member_names()[j])
  int adventure = 0;     // k = 0..N
  uint64_t at_risk = 0;  // trials that began adventure k with the member alive
  uint64_t died = 0;     // the member died in adventure k
  Estimate dead_by;      // the share of all trials in which it died in adventures 1..k
  Estimate hazard;       // died / at_risk
  // Retired by the campaign's rule after adventure k (Tally::member_retired), and the share of
  // all trials in which it retired after one of adventures 1..k (the rate's interval).
  uint64_t retired = 0;
  Estimate retired_by;
};

// The names of the members with a life table, in Tally::member_died_in's order.
std::vector<std::string> member_names(const MetricSpec& m);
// Rows by member, then k = 0..N; empty without members' life tables.
std::vector<MemberLifeRow> member_life_table(const Tally& x, IntervalKind interval);

// The mean of the adventures lived through, with a normal interval; NaN without trials.
Estimate adventures_mean(const Tally& x);
// The median adventures lived before death: the largest k with at least half the trials alive
// after k adventures; nullopt when more than half are alive after the last (not reached).
std::optional<int> adventures_median(const Tally& x);
// The paired difference of the means, variant - reference, over the pair's trials, and what
// pairing bought (as paired_mean_variance_ratio).
Estimate adventures_mean_difference(const PairedTally& p);
double adventures_variance_ratio(const Tally& ref, const Tally& var, const PairedTally& p);

}  // namespace leth
