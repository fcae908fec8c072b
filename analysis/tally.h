// Integer tallies of trial outcomes, shaped by the model's declared metrics: one per variant,
// plus the paired differences of every pair of variants on the same trials.
// Everything is a count or an integer sum, so blocks, threads, shards and MPI ranks merge
// exactly and in any order, and a tally can be written to JSON and read back bit for bit.
//
// A run's tallies carry their identity (tool version, scenario, seed, variants, ruleset) and
// the exact trial ranges they cover: merging tallies of different runs, or counting the same
// trials twice, is refused with TallyMismatch instead of silently summed.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "analysis/histogram.h"
#include "analysis/wide_int.h"
#include "sim/core/metrics.h"
#include "sim/core/outcome.h"

namespace leth {

// Two tallies that must not be merged, or a tally read back that does not add up.
class TallyMismatch : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

struct Tally {
  // Trials worth replaying: for each end, counter and sequela, the smallest trial indices
  // that had it. The smallest K of a union is the same whatever the order of merges.
  static constexpr size_t kExamples = 5;
  using Examples = std::vector<std::vector<uint64_t>>;  // by end / counter / sequela: sorted

  uint64_t trials = 0;
  uint64_t draws = 0;                      // raw random draws
  std::vector<uint64_t> ends;              // trials by end, as declared
  std::vector<uint64_t> counter_trials;    // trials where the counter was at least 1
  std::vector<uint64_t> counter_total;     // the counts summed over trials
  std::vector<u128> counter_sq;            // the counts squared, summed (a mean's interval)
  std::vector<LogHistogram> durations;     // seconds, over the trials that measured them
  std::vector<uint64_t> sequela_trials;    // trials with at least one
  std::vector<uint64_t> sequela_trials_lived;  // of those, the trials that did not end in death
  uint64_t died_mask = 0;                  // the ends that are deaths (from the declaration)
  std::vector<uint64_t> sequela_total;     // occurrences
  std::vector<int64_t> sequela_magnitude;  // summed magnitudes
  uint64_t sequela_overflow = 0;
  // A campaign's life table (MetricSpec::adventures = N > 0; both empty otherwise), by
  // adventure k = 0..N: the trials that died in adventure k (died_in[0] is always 0), and those
  // whose campaign ended alive after k adventures lived (retired, unresolved, lost, or all N
  // played). Every trial is in exactly one of them.
  std::vector<uint64_t> died_in;
  std::vector<uint64_t> left_after;
  // Also a campaign's, by k = 0..N, over the trials that lived through k adventures: those that
  // had taken a lasting injury by then, and the lasting injuries taken by then (Outcome::lasting)
  // summed and squared. And the trials with more adventures adding lasting injuries than an
  // outcome records (Outcome::lasting_merged: their later ones counted from an earlier one).
  std::vector<uint64_t> lasting_holders;
  std::vector<uint64_t> lasting_sum;
  std::vector<u128> lasting_sq;
  uint64_t lasting_merged = 0;
  // A party campaign's life table per member (empty otherwise): the counters that are a
  // member's death (MetricSpec::member_death_mask; a property of the declaration, like
  // died_mask), and by member j (the j-th of them) and adventure k = 0..N, at j * (N + 1) + k:
  // the trials in which that member died in adventure k (Outcome::member_died_in, its first
  // death), and those in which it was alive when the campaign ended, after the k adventures it
  // lived through. A campaign that ends at its first death makes a member's deaths by k its
  // share of the party's; one that replaces its dead (after_a_death) plays on past them. A
  // member the campaign's rule retired (Outcome::member_retired_after) left after the adventure
  // it retired after, and is counted there also in member_retired.
  uint64_t member_death_mask = 0;
  std::vector<uint64_t> member_died_in;
  std::vector<uint64_t> member_left_after;
  std::vector<uint64_t> member_retired;
  Examples end_examples;
  Examples counter_examples;
  Examples sequela_examples;
  Examples died_in_examples;  // a campaign's, by k: trials that died in adventure k

  Tally() = default;
  explicit Tally(const MetricSpec& m);

  // `trial` is the outcome's trial index (for the examples).
  void add(const Outcome& o, uint64_t draws_used, uint64_t trial);
  void merge(const Tally& other);  // throws TallyMismatch when the shapes differ
  void add_lasting(const Outcome& o);  // a campaign's: lasting_holders, _sum, _sq, _merged
  // Trials whose end is in the mask (MetricSpec::end_mask).
  uint64_t ends_in(uint64_t mask) const;
  // A campaign's, by k = 0..N: the trials that lived through k adventures — every trial but
  // those that died in 1..k or left before k (the life table's survivors; empty otherwise).
  std::vector<uint64_t> survivors() const;
  // The members with a life table of their own (member_death_mask's counters).
  size_t members() const;
  // Throws TallyMismatch when the counts do not add up (a corrupt checkpoint).
  void check() const;

  nlohmann::json to_json() const;
  static Tally from_json(const nlohmann::json& j);
  bool operator==(const Tally& o) const;

  // The one list of the fields: merge, JSON and equality all walk it.
  // f(name, field of t...) for each field: fields(f, a) walks one tally, fields(f, a, b) two.
  template <typename F, typename... Self>
  static void fields(F&& f, Self&... t) {
    f("trials", t.trials...);
    f("draws", t.draws...);
    f("ends", t.ends...);
    f("counter_trials", t.counter_trials...);
    f("counter_total", t.counter_total...);
    f("counter_sq", t.counter_sq...);
    f("durations", t.durations...);
    f("sequela_trials", t.sequela_trials...);
    f("sequela_trials_lived", t.sequela_trials_lived...);
    f("died_mask", t.died_mask...);
    f("sequela_total", t.sequela_total...);
    f("sequela_magnitude", t.sequela_magnitude...);
    f("sequela_overflow", t.sequela_overflow...);
    f("died_in", t.died_in...);
    f("left_after", t.left_after...);
    f("lasting_holders", t.lasting_holders...);
    f("lasting_sum", t.lasting_sum...);
    f("lasting_sq", t.lasting_sq...);
    f("lasting_merged", t.lasting_merged...);
    f("member_death_mask", t.member_death_mask...);
    f("member_died_in", t.member_died_in...);
    f("member_left_after", t.member_left_after...);
    f("member_retired", t.member_retired...);
    f("end_examples", t.end_examples...);
    f("counter_examples", t.counter_examples...);
    f("sequela_examples", t.sequela_examples...);
    f("died_in_examples", t.died_in_examples...);
  }
};

// One variant against a reference variant, trial by trial (common random numbers). The
// fields say "baseline" for the reference, the pair's first member: against the baseline that
// is what it is; for other pairs see RunTally::pair.
struct PairedTally {
  uint64_t died_mask = 0;  // the ends that are deaths (from the declaration)
  uint64_t n = 0;
  uint64_t only_baseline_died = 0;  // baseline died, variant did not
  uint64_t only_variant_died = 0;
  std::vector<uint64_t> only_baseline_counter;  // by counter: > 0 in the baseline only
  std::vector<uint64_t> only_variant_counter;
  std::vector<i128> counter_diff_sum;  // by counter: variant - baseline, summed over every trial
  std::vector<u128> counter_diff_sq;   // and squared
  std::vector<uint64_t> both_measured;  // by duration: measured in both
  std::vector<i128> diff_sum;           // variant - baseline, seconds, over both_measured
  std::vector<u128> diff_sq;
  std::vector<uint64_t> only_baseline_sequela;  // by sequela: trials with it in the baseline only
  std::vector<uint64_t> only_variant_sequela;
  // A campaign's (MetricSpec::adventures = N > 0; empty otherwise): by k = 0..N, the trials
  // alive after k adventures in the baseline only, in the variant only; and the adventures
  // lived, variant - baseline, summed and squared over every trial (one entry each).
  std::vector<uint64_t> only_baseline_alive;
  std::vector<uint64_t> only_variant_alive;
  std::vector<i128> lived_diff_sum;
  std::vector<u128> lived_diff_sq;
  // A party campaign's, per member (as Tally::member_died_in, member j at j * (N + 1) + k): the
  // trials in which the member had died by adventure k in the baseline only, in the variant
  // only; member_death_mask as the Tally's. And the same of its retirement (retired after one
  // of adventures 1..k: Outcome::member_retired_after).
  uint64_t member_death_mask = 0;
  std::vector<uint64_t> only_baseline_dead_by;
  std::vector<uint64_t> only_variant_dead_by;
  std::vector<uint64_t> only_baseline_retired_by;
  std::vector<uint64_t> only_variant_retired_by;

  PairedTally() = default;
  explicit PairedTally(const MetricSpec& m);

  void add(const Outcome& baseline, const Outcome& variant);
  void merge(const PairedTally& other);
  nlohmann::json to_json() const;
  static PairedTally from_json(const nlohmann::json& j);
  bool operator==(const PairedTally& o) const = default;
  // The same pair seen from the other side: the variant becomes the reference.
  PairedTally reversed() const;

  // f(name, field of t...) for each field: fields(f, a) walks one tally, fields(f, a, b) two.
  template <typename F, typename... Self>
  static void fields(F&& f, Self&... t) {
    f("died_mask", t.died_mask...);
    f("n", t.n...);
    f("only_baseline_died", t.only_baseline_died...);
    f("only_variant_died", t.only_variant_died...);
    f("only_baseline_counter", t.only_baseline_counter...);
    f("only_variant_counter", t.only_variant_counter...);
    f("counter_diff_sum", t.counter_diff_sum...);
    f("counter_diff_sq", t.counter_diff_sq...);
    f("both_measured", t.both_measured...);
    f("diff_sum", t.diff_sum...);
    f("diff_sq", t.diff_sq...);
    f("only_baseline_sequela", t.only_baseline_sequela...);
    f("only_variant_sequela", t.only_variant_sequela...);
    f("only_baseline_alive", t.only_baseline_alive...);
    f("only_variant_alive", t.only_variant_alive...);
    f("lived_diff_sum", t.lived_diff_sum...);
    f("lived_diff_sq", t.lived_diff_sq...);
    f("member_death_mask", t.member_death_mask...);
    f("only_baseline_dead_by", t.only_baseline_dead_by...);
    f("only_variant_dead_by", t.only_variant_dead_by...);
    f("only_baseline_retired_by", t.only_baseline_retired_by...);
    f("only_variant_retired_by", t.only_variant_retired_by...);
  }
};

// Which run a tally belongs to. Two tallies merge only if these are equal.
struct TallyIdentity {
  std::string tool_version;
  std::string scenario;  // name
  std::string scenario_sha256;
  std::string ruleset;
  uint64_t seed = 0;
  std::vector<std::string> variants;

  bool operator==(const TallyIdentity& o) const = default;
  // "" when equal, else what differs, e.g. "seed 7 vs 8".
  std::string difference(const TallyIdentity& o) const;
  nlohmann::json to_json() const;
  static TallyIdentity from_json(const nlohmann::json& j);
};

// The trial indices a tally covers: sorted, disjoint, adjacent ranges joined.
class TrialRanges {
 public:
  using Range = std::pair<uint64_t, uint64_t>;  // [first, last)

  void add(uint64_t first, uint64_t last);  // throws TallyMismatch if any trial is already in
  void merge(const TrialRanges& o);
  uint64_t total() const;
  bool empty() const { return ranges_.empty(); }
  const std::vector<Range>& ranges() const { return ranges_; }
  bool operator==(const TrialRanges& o) const = default;
  std::string text() const;  // "[0, 1024) [4096, 8192)"
  nlohmann::json to_json() const;
  static TrialRanges from_json(const nlohmann::json& j);

 private:
  std::vector<Range> ranges_;
};

// All tallies of one scenario run: variants[0] is the baseline. `paired` holds every pair of
// variants, tallied on the same trials: first paired[v] = (baseline, v) for each v (paired[0],
// the baseline against itself, counts only its trials), then each pair (a, b) of non-baseline
// variants, 1 <= a < b, in the order (1,2), (1,3), ..., (2,3), ... (pair_slot).
struct RunTally {
  TallyIdentity identity;
  TrialRanges ranges;
  std::vector<Tally> variants;
  std::vector<PairedTally> paired;

  RunTally() = default;
  RunTally(TallyIdentity id, const MetricSpec& m);

  // Where the pair (a, b), a < b, of k variants lives in `paired`.
  static size_t pair_slot(size_t a, size_t b, size_t k);
  static size_t pair_count(size_t k) { return k + (k < 2 ? 0 : (k - 1) * (k - 2) / 2); }
  // `var` against the reference `ref` (ref != var): the tally of the pair, reversed when
  // ref > var, so its "baseline" fields are always the reference's.
  PairedTally pair(size_t ref, size_t var) const;
  // One trial's outcomes, by variant, into every pair's tally.
  void add_pairs(const Outcome* by_variant);

  uint64_t trials() const { return ranges.total(); }
  // Adds another part of the same run. Throws TallyMismatch for another run's tally (the
  // message says what differs) or for trials both already cover.
  void merge(const RunTally& other);
  nlohmann::json to_json() const;
  static RunTally from_json(const nlohmann::json& j);  // validated: throws TallyMismatch
};

}  // namespace leth
