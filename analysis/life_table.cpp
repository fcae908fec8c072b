#include "analysis/life_table.h"

#include <cmath>

#include "analysis/wide_int.h"

namespace leth {

namespace {

// How many trials lived through exactly k adventures: died in k + 1, or left after k.
uint64_t lived(const Tally& x, size_t k) {
  return x.left_after[k] + (k + 1 < x.died_in.size() ? x.died_in[k + 1] : 0);
}

// The adventures each trial lived through, summed and squared over the trials.
Sums adventures_sums(const Tally& x) {
  Sums m;
  for (size_t k = 0; k < x.left_after.size(); ++k) {
    const uint64_t c = lived(x, k);
    const double kk = static_cast<double>(k);
    m.n += c;
    m.sum += static_cast<double>(c) * kk;
    m.sum_sq += static_cast<double>(c) * kk * kk;
  }
  return m;
}

}  // namespace

std::vector<LifeRow> life_table(const Tally& x, IntervalKind interval) {
  std::vector<LifeRow> rows;
  const std::vector<uint64_t> survivors = x.survivors();
  uint64_t dead = 0;
  for (size_t k = 0; k < x.died_in.size(); ++k) {
    LifeRow r;
    r.adventure = static_cast<int>(k);
    r.died = x.died_in[k];
    r.left = x.left_after[k];
    r.survivors = survivors[k];
    r.at_risk = r.survivors + r.died;  // alive and still playing when adventure k began
    dead += r.died;
    r.alive = rate_interval(interval, x.trials - dead, x.trials);
    r.hazard = k == 0 ? Estimate{0, 0, 0} : rate_interval(interval, r.died, r.at_risk);
    r.with_lasting = x.lasting_holders[k];
    r.with_lasting_share = k == 0 ? Estimate{0, 0, 0}
                                  : r.survivors == 0
                                        ? Estimate{NAN, NAN, NAN}
                                        : rate_interval(interval, r.with_lasting, r.survivors);
    r.lasting_per_survivor = mean_from_sums(static_cast<double>(x.lasting_sum[k]),
                                            to_double(x.lasting_sq[k]), r.survivors);
    rows.push_back(r);
  }
  return rows;
}

std::vector<std::string> member_names(const MetricSpec& m) {
  std::vector<std::string> names;
  const uint64_t mask = m.member_death_mask();
  for (size_t c = 0; c < m.counters.size() && c < 64; ++c)
    if ((mask >> c) & 1) names.push_back(m.counters[c].member);
  return names;
}

std::vector<MemberLifeRow> member_life_table(const Tally& x, IntervalKind interval) {
  std::vector<MemberLifeRow> rows;
  const size_t n = x.died_in.size();
  for (size_t j = 0; j < x.members(); ++j) {
    uint64_t dead = 0, gone = 0, retired = 0;  // dead in, or left after, the adventures before k
    for (size_t k = 0; k < n; ++k) {
      MemberLifeRow r;
      r.member = j;
      r.adventure = static_cast<int>(k);
      r.at_risk = x.trials - gone;  // began adventure k alive (k = 0: every trial)
      r.died = x.member_died_in[j * n + k];
      dead += r.died;
      gone += r.died + x.member_left_after[j * n + k];
      r.dead_by = rate_interval(interval, dead, x.trials);
      r.retired = x.member_retired[j * n + k];
      retired += r.retired;
      r.retired_by = rate_interval(interval, retired, x.trials);
      r.hazard = k == 0 ? Estimate{0, 0, 0} : rate_interval(interval, r.died, r.at_risk);
      rows.push_back(r);
    }
  }
  return rows;
}

Estimate adventures_mean(const Tally& x) {
  const Sums m = adventures_sums(x);
  if (m.n == 0) return {NAN, NAN, NAN};
  return mean_from_sums(m.sum, m.sum_sq, m.n);
}

std::optional<int> adventures_median(const Tally& x) {
  if (x.trials == 0 || x.died_in.empty()) return std::nullopt;
  uint64_t dead = 0;
  for (size_t k = 1; k < x.died_in.size(); ++k) {
    dead += x.died_in[k];
    // Fewer than half alive after k: half had died by adventure k, having lived k - 1.
    if (2 * (x.trials - dead) < x.trials) return static_cast<int>(k) - 1;
  }
  return std::nullopt;
}

Estimate adventures_mean_difference(const PairedTally& p) {
  if (p.lived_diff_sum.empty()) return {NAN, NAN, NAN};
  return paired_mean_difference(to_double(p.lived_diff_sum[0]), to_double(p.lived_diff_sq[0]),
                                p.n);
}

double adventures_variance_ratio(const Tally& ref, const Tally& var, const PairedTally& p) {
  if (p.lived_diff_sum.empty()) return NAN;
  return paired_mean_variance_ratio(
      adventures_sums(ref), adventures_sums(var),
      {to_double(p.lived_diff_sum[0]), to_double(p.lived_diff_sq[0]), p.n});
}

}  // namespace leth
