#include "analysis/tally.h"

#include <algorithm>
#include <stdexcept>

namespace leth {

void Tally::add(const Outcome& o, uint64_t draws_used) {
  ++trials;
  draws += draws_used;
  if (o.knocked_out) ++knocked_out;
  switch (o.end) {
    case End::Died:
      ++deaths;
      ++deaths_by_phase[static_cast<size_t>(o.death_phase)];
      time_to_death.add(static_cast<uint64_t>(o.time));
      break;
    case End::Recovered:
      ++recovered;
      downtime.add(static_cast<uint64_t>(o.time));
      break;
    case End::Unresolved:
      ++unresolved;
      if (o.condition < unresolved_by_condition.size()) ++unresolved_by_condition[o.condition];
      break;
  }
  for (uint8_t i = 0; i < o.sequela_kinds; ++i) {
    const SequelaCount& s = o.sequelae[i];
    if (s.id < sequela_trials.size()) {
      ++sequela_trials[s.id];
      sequela_total[s.id] += s.count;
    }
  }
  sequela_overflow += o.sequela_overflow;
}

namespace {
void add_vec(std::vector<uint64_t>& a, const std::vector<uint64_t>& b) {
  if (a.size() < b.size()) a.resize(b.size(), 0);
  for (size_t i = 0; i < b.size(); ++i) a[i] += b[i];
}
}  // namespace

void Tally::merge(const Tally& o) {
  trials += o.trials;
  deaths += o.deaths;
  for (size_t i = 0; i < deaths_by_phase.size(); ++i) deaths_by_phase[i] += o.deaths_by_phase[i];
  knocked_out += o.knocked_out;
  recovered += o.recovered;
  unresolved += o.unresolved;
  add_vec(unresolved_by_condition, o.unresolved_by_condition);
  downtime.merge(o.downtime);
  time_to_death.merge(o.time_to_death);
  add_vec(sequela_trials, o.sequela_trials);
  add_vec(sequela_total, o.sequela_total);
  sequela_overflow += o.sequela_overflow;
  draws += o.draws;
}

nlohmann::json Tally::to_json() const {
  return {{"trials", trials},
          {"deaths", deaths},
          {"deaths_by_phase", deaths_by_phase},
          {"knocked_out", knocked_out},
          {"recovered", recovered},
          {"unresolved", unresolved},
          {"unresolved_by_condition", unresolved_by_condition},
          {"downtime", downtime.to_json()},
          {"time_to_death", time_to_death.to_json()},
          {"sequela_trials", sequela_trials},
          {"sequela_total", sequela_total},
          {"sequela_overflow", sequela_overflow},
          {"draws", draws}};
}

Tally Tally::from_json(const nlohmann::json& j) {
  Tally t;
  t.trials = j.at("trials").get<uint64_t>();
  t.deaths = j.at("deaths").get<uint64_t>();
  t.deaths_by_phase = j.at("deaths_by_phase").get<std::array<uint64_t, kPhaseCount>>();
  t.knocked_out = j.at("knocked_out").get<uint64_t>();
  t.recovered = j.at("recovered").get<uint64_t>();
  t.unresolved = j.at("unresolved").get<uint64_t>();
  t.unresolved_by_condition = j.at("unresolved_by_condition").get<std::vector<uint64_t>>();
  t.downtime = LogHistogram::from_json(j.at("downtime"));
  t.time_to_death = LogHistogram::from_json(j.at("time_to_death"));
  t.sequela_trials = j.at("sequela_trials").get<std::vector<uint64_t>>();
  t.sequela_total = j.at("sequela_total").get<std::vector<uint64_t>>();
  t.sequela_overflow = j.at("sequela_overflow").get<uint64_t>();
  t.draws = j.at("draws").get<uint64_t>();
  return t;
}

bool Tally::operator==(const Tally& o) const {
  return trials == o.trials && deaths == o.deaths && deaths_by_phase == o.deaths_by_phase &&
         knocked_out == o.knocked_out && recovered == o.recovered && unresolved == o.unresolved &&
         unresolved_by_condition == o.unresolved_by_condition && downtime == o.downtime &&
         time_to_death == o.time_to_death && sequela_trials == o.sequela_trials &&
         sequela_total == o.sequela_total && sequela_overflow == o.sequela_overflow &&
         draws == o.draws;
}

void PairedTally::add(const Outcome& b, const Outcome& v) {
  ++n;
  const bool bd = b.end == End::Died, vd = v.end == End::Died;
  if (bd && !vd) ++only_baseline_died;
  if (vd && !bd) ++only_variant_died;
  if (b.knocked_out && !v.knocked_out) ++only_baseline_ko;
  if (v.knocked_out && !b.knocked_out) ++only_variant_ko;
  if (b.end == End::Recovered && v.end == End::Recovered) {
    ++both_recovered;
    const i128 d = static_cast<i128>(v.time) - static_cast<i128>(b.time);
    downtime_diff_sum += d;
    downtime_diff_sq += static_cast<u128>(d * d);
  }
}

void PairedTally::merge(const PairedTally& o) {
  n += o.n;
  only_baseline_died += o.only_baseline_died;
  only_variant_died += o.only_variant_died;
  only_baseline_ko += o.only_baseline_ko;
  only_variant_ko += o.only_variant_ko;
  both_recovered += o.both_recovered;
  downtime_diff_sum += o.downtime_diff_sum;
  downtime_diff_sq += o.downtime_diff_sq;
}

nlohmann::json PairedTally::to_json() const {
  return {{"n", n},
          {"only_baseline_died", only_baseline_died},
          {"only_variant_died", only_variant_died},
          {"only_baseline_ko", only_baseline_ko},
          {"only_variant_ko", only_variant_ko},
          {"both_recovered", both_recovered},
          {"downtime_diff_sum", to_string_i128(downtime_diff_sum)},
          {"downtime_diff_sq", to_string_u128(downtime_diff_sq)}};
}

PairedTally PairedTally::from_json(const nlohmann::json& j) {
  PairedTally p;
  p.n = j.at("n").get<uint64_t>();
  p.only_baseline_died = j.at("only_baseline_died").get<uint64_t>();
  p.only_variant_died = j.at("only_variant_died").get<uint64_t>();
  p.only_baseline_ko = j.at("only_baseline_ko").get<uint64_t>();
  p.only_variant_ko = j.at("only_variant_ko").get<uint64_t>();
  p.both_recovered = j.at("both_recovered").get<uint64_t>();
  p.downtime_diff_sum = parse_i128(j.at("downtime_diff_sum").get<std::string>());
  p.downtime_diff_sq = parse_u128(j.at("downtime_diff_sq").get<std::string>());
  return p;
}

void RunTally::merge(const RunTally& o) {
  // An empty tally (default, or with no trials yet) is the identity on either side.
  if (o.variants.empty() && o.trials == 0) return;
  if (variants.empty()) {
    *this = o;
    return;
  }
  if (o.variants.size() != variants.size())
    throw std::invalid_argument("merging tallies of different scenarios");
  for (size_t v = 0; v < variants.size(); ++v) {
    variants[v].merge(o.variants[v]);
    paired[v].merge(o.paired[v]);
  }
  // A tally of no trials has no first trial: its default 0 must not extend the range.
  if (o.trials > 0)
    first_trial = trials == 0 ? o.first_trial : std::min(first_trial, o.first_trial);
  trials += o.trials;
}

nlohmann::json RunTally::to_json() const {
  nlohmann::json vs = nlohmann::json::array(), ps = nlohmann::json::array();
  for (const Tally& t : variants) vs.push_back(t.to_json());
  for (const PairedTally& p : paired) ps.push_back(p.to_json());
  return {{"first_trial", first_trial}, {"trials", trials}, {"variants", vs}, {"paired", ps}};
}

RunTally RunTally::from_json(const nlohmann::json& j) {
  RunTally r;
  r.first_trial = j.at("first_trial").get<uint64_t>();
  r.trials = j.at("trials").get<uint64_t>();
  for (const auto& v : j.at("variants")) r.variants.push_back(Tally::from_json(v));
  for (const auto& p : j.at("paired")) r.paired.push_back(PairedTally::from_json(p));
  if (r.variants.size() != r.paired.size())
    throw std::invalid_argument("tally: variants/paired mismatch");
  return r;
}

}  // namespace leth
