// Integer tallies of trial outcomes: one per variant, plus the paired differences of each
// variant against the baseline on the same trials. Everything is a count or an integer sum,
// so blocks, threads, shards and MPI ranks merge exactly and in any order, and a tally can be
// written to JSON and read back bit for bit (checkpoints).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "analysis/histogram.h"
#include "analysis/wide_int.h"
#include "sim/core/outcome.h"

namespace leth {

struct Tally {
  uint64_t trials = 0;
  uint64_t deaths = 0;
  std::array<uint64_t, kPhaseCount> deaths_by_phase{};
  uint64_t knocked_out = 0;
  uint64_t recovered = 0;
  uint64_t unresolved = 0;
  std::vector<uint64_t> unresolved_by_condition;  // by the model's condition id
  LogHistogram downtime;                          // seconds, over recovered trials
  LogHistogram time_to_death;                     // seconds, over deaths
  std::vector<uint64_t> sequela_trials;           // trials with at least one, by sequela id
  std::vector<uint64_t> sequela_total;            // all occurrences, by sequela id
  uint64_t sequela_overflow = 0;
  uint64_t draws = 0;  // raw random draws

  Tally() = default;
  Tally(size_t conditions, size_t sequelae)
      : unresolved_by_condition(conditions, 0),
        sequela_trials(sequelae, 0),
        sequela_total(sequelae, 0) {}

  void add(const Outcome& o, uint64_t draws_used);
  void merge(const Tally& other);
  nlohmann::json to_json() const;
  static Tally from_json(const nlohmann::json& j);
  bool operator==(const Tally& o) const;
};

// Variant against baseline, trial by trial (common random numbers).
struct PairedTally {
  uint64_t n = 0;
  uint64_t only_baseline_died = 0;  // baseline died, variant did not
  uint64_t only_variant_died = 0;
  uint64_t only_baseline_ko = 0;
  uint64_t only_variant_ko = 0;
  uint64_t both_recovered = 0;
  i128 downtime_diff_sum = 0;  // variant - baseline, seconds, over both_recovered
  u128 downtime_diff_sq = 0;

  void add(const Outcome& baseline, const Outcome& variant);
  void merge(const PairedTally& other);
  nlohmann::json to_json() const;
  static PairedTally from_json(const nlohmann::json& j);
  bool operator==(const PairedTally& o) const = default;
};

// All tallies of one scenario run: variants[0] is the baseline; paired[v] compares v to it.
struct RunTally {
  std::vector<Tally> variants;
  std::vector<PairedTally> paired;
  uint64_t first_trial = 0;  // the trials [first_trial, first_trial + trials) were run
  uint64_t trials = 0;

  void merge(const RunTally& other);
  nlohmann::json to_json() const;
  static RunTally from_json(const nlohmann::json& j);
};

}  // namespace leth
