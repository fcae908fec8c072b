#include "analysis/tally.h"

#include <algorithm>
#include <bit>
#include <iterator>
#include <type_traits>

namespace leth {

namespace {

// ---- merge, JSON and equality for each kind of field, so each struct lists its fields once

[[noreturn]] void mismatch(const std::string& what) {
  throw TallyMismatch("tallies do not match: " + what);
}

void merge_field(const char*, uint64_t& a, const uint64_t& b) {
  a += b;
}

// The kExamples smallest of two sorted lists of trial indices.
void merge_examples(std::vector<uint64_t>& a, const std::vector<uint64_t>& b) {
  std::vector<uint64_t> u;
  std::merge(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(u));
  u.erase(std::unique(u.begin(), u.end()), u.end());
  if (u.size() > Tally::kExamples) u.resize(Tally::kExamples);
  a = std::move(u);
}

void add_example(std::vector<uint64_t>& ex, uint64_t trial) {
  if (ex.size() == Tally::kExamples && trial >= ex.back()) return;  // the usual case: one compare
  ex.insert(std::upper_bound(ex.begin(), ex.end(), trial), trial);
  if (ex.size() > Tally::kExamples) ex.pop_back();
}
template <typename T>
void merge_field(const char* name, std::vector<T>& a, const std::vector<T>& b);
template <typename T>
void merge_field(const char* name, std::vector<T>& a, const std::vector<T>& b) {
  if (a.size() != b.size())
    mismatch(std::string(name) + " has " + std::to_string(a.size()) + " entries vs " +
             std::to_string(b.size()));
  for (size_t i = 0; i < a.size(); ++i) {
    if constexpr (std::is_same_v<T, LogHistogram>)
      a[i].merge(b[i]);
    else if constexpr (std::is_same_v<T, std::vector<uint64_t>>)
      merge_examples(a[i], b[i]);
    else
      a[i] += b[i];
  }
}

nlohmann::json json_of(uint64_t v) {
  return v;
}
nlohmann::json json_of(const std::vector<uint64_t>& v) {
  return v;
}
nlohmann::json json_of(const std::vector<int64_t>& v) {
  return v;
}
nlohmann::json json_of(const Tally::Examples& v) {
  return v;
}
nlohmann::json json_of(const std::vector<LogHistogram>& v) {
  nlohmann::json a = nlohmann::json::array();
  for (const LogHistogram& h : v) a.push_back(h.to_json());
  return a;
}
nlohmann::json json_of(const std::vector<i128>& v) {  // JSON numbers stop at 64 bits
  nlohmann::json a = nlohmann::json::array();
  for (i128 x : v) a.push_back(to_string_i128(x));
  return a;
}
nlohmann::json json_of(const std::vector<u128>& v) {
  nlohmann::json a = nlohmann::json::array();
  for (u128 x : v) a.push_back(to_string_u128(x));
  return a;
}

void read_field(const nlohmann::json& j, uint64_t& v) {
  v = j.get<uint64_t>();
}
void read_field(const nlohmann::json& j, std::vector<uint64_t>& v) {
  v = j.get<std::vector<uint64_t>>();
}
void read_field(const nlohmann::json& j, std::vector<int64_t>& v) {
  v = j.get<std::vector<int64_t>>();
}
void read_field(const nlohmann::json& j, Tally::Examples& v) {
  v = j.get<Tally::Examples>();
}
void read_field(const nlohmann::json& j, std::vector<LogHistogram>& v) {
  v.clear();
  for (const auto& h : j) v.push_back(LogHistogram::from_json(h));
}
void read_field(const nlohmann::json& j, std::vector<i128>& v) {
  v.clear();
  for (const auto& x : j) v.push_back(parse_i128(x.get<std::string>()));
}
void read_field(const nlohmann::json& j, std::vector<u128>& v) {
  v.clear();
  for (const auto& x : j) v.push_back(parse_u128(x.get<std::string>()));
}

template <typename T>
nlohmann::json to_json_by_fields(const T& t) {
  nlohmann::json j = nlohmann::json::object();
  T::fields([&](const char* name, const auto& f) { j[name] = json_of(f); }, t);
  return j;
}

template <typename T>
T from_json_by_fields(const nlohmann::json& j) {
  T t;
  try {
    T::fields([&](const char* name, auto& f) { read_field(j.at(name), f); }, t);
  } catch (const nlohmann::json::exception& e) {
    throw TallyMismatch(std::string("tally: ") + e.what());
  } catch (const std::invalid_argument& e) {
    throw TallyMismatch(std::string("tally: ") + e.what());
  }
  return t;
}

}  // namespace

// ---- Tally

Tally::Tally(const MetricSpec& m)
    : ends(m.ends.size(), 0),
      counter_trials(m.counters.size(), 0),
      counter_total(m.counters.size(), 0),
      counter_sq(m.counters.size(), 0),
      durations(m.durations.size()),
      sequela_trials(m.sequelae.size(), 0),
      sequela_trials_lived(m.sequelae.size(), 0),
      died_mask(m.end_mask(EndKind::Died)),
      sequela_total(m.sequelae.size(), 0),
      sequela_magnitude(m.sequelae.size(), 0),
      died_in(m.adventures > 0 ? static_cast<size_t>(m.adventures) + 1 : 0, 0),
      left_after(died_in.size(), 0),
      lasting_holders(died_in.size(), 0),
      lasting_sum(died_in.size(), 0),
      lasting_sq(died_in.size(), 0),
      end_examples(m.ends.size()),
      counter_examples(m.counters.size()),
      sequela_examples(m.sequelae.size()),
      died_in_examples(died_in.size()) {
  if (died_in.empty()) return;
  member_death_mask = m.member_death_mask();
  member_died_in.assign(members() * died_in.size(), 0);
  member_left_after.assign(member_died_in.size(), 0);
  member_retired.assign(member_died_in.size(), 0);
}

size_t Tally::members() const {
  return static_cast<size_t>(std::popcount(member_death_mask));
}

void Tally::add(const Outcome& o, uint64_t draws_used, uint64_t trial) {
  ++trials;
  draws += draws_used;
  ++ends[o.end];
  add_example(end_examples[o.end], trial);
  for (size_t c = 0; c < counter_total.size(); ++c)
    if (o.counters[c] > 0) {
      ++counter_trials[c];
      counter_total[c] += o.counters[c];
      counter_sq[c] += static_cast<u128>(o.counters[c]) * o.counters[c];
      add_example(counter_examples[c], trial);
    }
  for (size_t d = 0; d < durations.size(); ++d)
    if (o.has(d)) durations[d].add(static_cast<uint64_t>(std::max<Seconds>(0, o.durations[d])));
  for (uint8_t i = 0; i < o.sequela_kinds; ++i) {
    const SequelaEntry& s = o.sequelae[i];
    ++sequela_trials[s.id];
    if (!((died_mask >> o.end) & 1)) ++sequela_trials_lived[s.id];  // a survivor's
    sequela_total[s.id] += s.count;
    sequela_magnitude[s.id] += s.magnitude;
    add_example(sequela_examples[s.id], trial);
  }
  sequela_overflow += o.sequela_overflow;
  if (!died_in.empty()) {
    if ((died_mask >> o.end) & 1) {
      ++died_in[o.adventures + 1u];
      add_example(died_in_examples[o.adventures + 1u], trial);
    } else {
      ++left_after[o.adventures];
    }
    // Each member: dead in its adventure, retired after its adventure, or alive when the
    // campaign ended, after the adventures it lived through (the party's, and the one the
    // party died in if it lived).
    const size_t lived = o.adventures + ((died_mask >> o.end) & 1);
    for (size_t j = 0; j < members(); ++j) {
      const uint16_t a = o.member_died_in[j], r = o.member_retired_after[j];
      const size_t at = j * died_in.size();
      if (a > 0) {
        ++member_died_in[at + a];
      } else if (r > 0) {
        ++member_left_after[at + r];
        ++member_retired[at + r];
      } else {
        ++member_left_after[at + lived];
      }
    }
    add_lasting(o);
  }
}

// Each adventure k it lived through (k <= o.adventures) from the first that added a lasting
// injury: what it had taken by then. The steps taken in the adventure it died in do not count.
void Tally::add_lasting(const Outcome& o) {
  uint64_t taken = 0;
  for (uint8_t i = 0; i < o.lasting_steps && o.lasting[i].adventure <= o.adventures; ++i) {
    taken += o.lasting[i].count;
    const size_t until = i + 1 < o.lasting_steps && o.lasting[i + 1].adventure <= o.adventures
                             ? o.lasting[i + 1].adventure
                             : o.adventures + 1u;
    for (size_t k = o.lasting[i].adventure; k < until; ++k) {
      ++lasting_holders[k];
      lasting_sum[k] += taken;
      lasting_sq[k] += static_cast<u128>(taken) * taken;
    }
  }
  lasting_merged += o.lasting_merged;
}

void Tally::merge(const Tally& o) {
  if (died_mask != o.died_mask) mismatch("the ends counted as deaths differ");
  if (member_death_mask != o.member_death_mask) mismatch("the members' death counters differ");
  const uint64_t mask = died_mask, members = member_death_mask;
  fields([](const char* name, auto& a, const auto& b) { merge_field(name, a, b); }, *this, o);
  died_mask = mask;  // properties of the declaration, not counts
  member_death_mask = members;
}

uint64_t Tally::ends_in(uint64_t mask) const {
  uint64_t n = 0;
  for (size_t e = 0; e < ends.size() && e < 64; ++e)
    if ((mask >> e) & 1) n += ends[e];
  return n;
}

std::vector<uint64_t> Tally::survivors() const {
  std::vector<uint64_t> s(died_in.size(), 0);
  uint64_t lived = trials;
  for (size_t k = 0; k < s.size(); ++k) {  // left_after has died_in's size (check())
    lived -= died_in[k] + (k > 0 ? left_after[k - 1] : 0);
    s[k] = lived;
  }
  return s;
}

void Tally::check() const {
  uint64_t sum = 0;
  for (uint64_t e : ends) sum += e;
  if (sum != trials)
    mismatch("ends add up to " + std::to_string(sum) + ", not to " + std::to_string(trials) +
             " trials");
  if (counter_trials.size() != counter_total.size() || counter_sq.size() != counter_total.size())
    mismatch("counter lists differ in length");
  for (size_t c = 0; c < counter_trials.size(); ++c)
    if (counter_trials[c] > trials || counter_total[c] < counter_trials[c] ||
        counter_sq[c] < counter_total[c])
      mismatch("counter " + std::to_string(c) + " does not fit the trials");
  for (const LogHistogram& h : durations)
    if (h.count() > trials) mismatch("a duration measured more often than there were trials");
  if (sequela_trials.size() != sequela_total.size() ||
      sequela_trials.size() != sequela_magnitude.size() ||
      sequela_trials.size() != sequela_trials_lived.size())
    mismatch("sequela lists differ in length");
  for (size_t s = 0; s < sequela_trials.size(); ++s)
    if (sequela_trials[s] > trials || sequela_total[s] < sequela_trials[s] ||
        sequela_trials_lived[s] > sequela_trials[s])
      mismatch("sequela " + std::to_string(s) + " does not fit the trials");
  auto check_examples = [&](const Examples& ex, const std::vector<uint64_t>& counts,
                            const char* what) {
    if (ex.size() != counts.size()) mismatch(std::string(what) + " examples: wrong length");
    for (size_t i = 0; i < ex.size(); ++i)
      if (ex[i].size() != std::min<uint64_t>(counts[i], kExamples) ||
          !std::is_sorted(ex[i].begin(), ex[i].end()) ||
          std::adjacent_find(ex[i].begin(), ex[i].end()) != ex[i].end())
        mismatch(std::string(what) + " examples do not match their counts");
  };
  const size_t rows = died_in.size();
  if (left_after.size() != rows || lasting_holders.size() != rows ||
      lasting_sum.size() != rows || lasting_sq.size() != rows)
    mismatch("life table lists differ in length");
  if (!died_in.empty()) {
    uint64_t died = 0, left = 0;
    for (uint64_t n : died_in) died += n;
    for (uint64_t n : left_after) left += n;
    if (died_in[0] != 0 || died + left != trials || died != ends_in(died_mask))
      mismatch("the life table does not add up to the trials and their deaths");
    const std::vector<uint64_t> lived = survivors();
    for (size_t k = 0; k < rows; ++k) {
      if (lasting_holders[k] > lived[k] || lasting_sum[k] < lasting_holders[k] ||
          lasting_sq[k] < lasting_sum[k] || (k == 0 && lasting_holders[0] != 0))
        mismatch("the lasting injuries of adventure " + std::to_string(k) +
                 " do not fit its survivors");
    }
  }
  // Each member's life table holds every trial once: dead in one adventure (never before the
  // first), or alive when its campaign ended or it retired (after one adventure at least).
  if (member_died_in.size() != members() * rows || member_left_after.size() != members() * rows ||
      member_retired.size() != members() * rows)
    mismatch("the members' life tables have the wrong length");
  for (size_t j = 0; j < members(); ++j) {
    uint64_t n = 0;
    bool fits = rows > 0 && member_died_in[j * rows] == 0 && member_retired[j * rows] == 0;
    for (size_t k = 0; k < rows; ++k) {
      n += member_died_in[j * rows + k] + member_left_after[j * rows + k];
      fits = fits && member_retired[j * rows + k] <= member_left_after[j * rows + k];
    }
    if (n != trials || !fits) mismatch("a member's life table does not add up to the trials");
  }
  if (lasting_merged > trials) mismatch("more trials merged lasting injuries than there were");
  check_examples(end_examples, ends, "end");
  check_examples(counter_examples, counter_trials, "counter");
  check_examples(sequela_examples, sequela_trials, "sequela");
  check_examples(died_in_examples, died_in, "died-in-adventure");
}

nlohmann::json Tally::to_json() const {
  return to_json_by_fields(*this);
}

Tally Tally::from_json(const nlohmann::json& j) {
  Tally t = from_json_by_fields<Tally>(j);
  t.check();
  return t;
}

bool Tally::operator==(const Tally& o) const {
  bool same = true;
  fields([&](const char*, const auto& a, const auto& b) { same = same && a == b; }, *this, o);
  return same;
}

// ---- PairedTally

PairedTally::PairedTally(const MetricSpec& m)
    : died_mask(m.end_mask(EndKind::Died)),
      only_baseline_counter(m.counters.size(), 0),
      only_variant_counter(m.counters.size(), 0),
      counter_diff_sum(m.counters.size(), 0),
      counter_diff_sq(m.counters.size(), 0),
      both_measured(m.durations.size(), 0),
      diff_sum(m.durations.size(), 0),
      diff_sq(m.durations.size(), 0),
      only_baseline_sequela(m.sequelae.size(), 0),
      only_variant_sequela(m.sequelae.size(), 0),
      only_baseline_alive(m.adventures > 0 ? static_cast<size_t>(m.adventures) + 1 : 0, 0),
      only_variant_alive(only_baseline_alive.size(), 0),
      lived_diff_sum(m.adventures > 0 ? 1 : 0, 0),
      lived_diff_sq(lived_diff_sum.size(), 0) {
  if (m.adventures <= 0) return;
  member_death_mask = m.member_death_mask();
  only_baseline_dead_by.assign(
      static_cast<size_t>(std::popcount(member_death_mask)) * only_baseline_alive.size(), 0);
  only_variant_dead_by.assign(only_baseline_dead_by.size(), 0);
  only_baseline_retired_by.assign(only_baseline_dead_by.size(), 0);
  only_variant_retired_by.assign(only_baseline_dead_by.size(), 0);
}

namespace {

bool has_sequela(const Outcome& o, uint16_t id) {
  for (size_t i = 0; i < o.sequela_kinds; ++i)
    if (o.sequelae[i].id == id) return true;
  return false;
}

}  // namespace

void PairedTally::add(const Outcome& b, const Outcome& v) {
  ++n;
  const bool bd = (died_mask >> b.end) & 1, vd = (died_mask >> v.end) & 1;
  if (bd && !vd) ++only_baseline_died;
  if (vd && !bd) ++only_variant_died;
  for (size_t c = 0; c < only_baseline_counter.size(); ++c) {
    const bool bc = b.counters[c] > 0, vc = v.counters[c] > 0;
    if (bc && !vc) ++only_baseline_counter[c];
    if (vc && !bc) ++only_variant_counter[c];
    if (b.counters[c] != v.counters[c]) {
      const i128 x = static_cast<i128>(v.counters[c]) - static_cast<i128>(b.counters[c]);
      counter_diff_sum[c] += x;
      counter_diff_sq[c] += static_cast<u128>(x * x);
    }
  }
  for (size_t d = 0; d < both_measured.size(); ++d)
    if (b.has(d) && v.has(d)) {
      ++both_measured[d];
      const i128 x = static_cast<i128>(v.durations[d]) - static_cast<i128>(b.durations[d]);
      diff_sum[d] += x;
      diff_sq[d] += static_cast<u128>(x * x);
    }
  // A trial counts a kind once however many of it the character carries.
  for (size_t i = 0; i < b.sequela_kinds; ++i)
    if (!has_sequela(v, b.sequelae[i].id)) ++only_baseline_sequela.at(b.sequelae[i].id);
  for (size_t i = 0; i < v.sequela_kinds; ++i)
    if (!has_sequela(b, v.sequelae[i].id)) ++only_variant_sequela.at(v.sequelae[i].id);
  if (!lived_diff_sum.empty()) {
    // Alive after k adventures, k < n: a death in adventure a + 1 leaves k = 0..a; a
    // survivor (retired or not) is alive after every k.
    const size_t top = only_baseline_alive.size();
    const size_t nb = bd ? b.adventures + 1u : top, nv = vd ? v.adventures + 1u : top;
    for (size_t k = std::min(nv, top); k < std::min(nb, top); ++k) ++only_baseline_alive[k];
    for (size_t k = std::min(nb, top); k < std::min(nv, top); ++k) ++only_variant_alive[k];
    const i128 x = static_cast<i128>(v.adventures) - static_cast<i128>(b.adventures);
    lived_diff_sum[0] += x;
    lived_diff_sq[0] += static_cast<u128>(x * x);
    // Each member dead by k from the adventure it died in on (retired by k from the one it
    // retired after on); never, if it did not: the k of one side only, into ob or ov.
    auto only_one = [top](uint16_t at_b, uint16_t at_v, uint64_t* ob, uint64_t* ov) {
      const size_t mb = at_b > 0 ? at_b : top, mv = at_v > 0 ? at_v : top;
      for (size_t k = std::min(mb, top); k < std::min(mv, top); ++k) ++ob[k];
      for (size_t k = std::min(mv, top); k < std::min(mb, top); ++k) ++ov[k];
    };
    for (size_t j = 0; j < static_cast<size_t>(std::popcount(member_death_mask)); ++j) {
      only_one(b.member_died_in[j], v.member_died_in[j], only_baseline_dead_by.data() + j * top,
               only_variant_dead_by.data() + j * top);
      only_one(b.member_retired_after[j], v.member_retired_after[j],
               only_baseline_retired_by.data() + j * top,
               only_variant_retired_by.data() + j * top);
    }
  }
}

PairedTally PairedTally::reversed() const {
  PairedTally r = *this;
  std::swap(r.only_baseline_died, r.only_variant_died);
  std::swap(r.only_baseline_counter, r.only_variant_counter);
  std::swap(r.only_baseline_sequela, r.only_variant_sequela);
  std::swap(r.only_baseline_alive, r.only_variant_alive);
  std::swap(r.only_baseline_dead_by, r.only_variant_dead_by);
  std::swap(r.only_baseline_retired_by, r.only_variant_retired_by);
  for (i128& d : r.lived_diff_sum) d = -d;
  for (i128& d : r.diff_sum) d = -d;  // squares do not change sign
  for (i128& d : r.counter_diff_sum) d = -d;
  return r;
}

void PairedTally::merge(const PairedTally& o) {
  if (died_mask != o.died_mask) mismatch("the ends counted as deaths differ");
  if (member_death_mask != o.member_death_mask) mismatch("the members' death counters differ");
  const uint64_t mask = died_mask, members = member_death_mask;
  fields([](const char* name, auto& a, const auto& b) { merge_field(name, a, b); }, *this, o);
  died_mask = mask;  // properties of the declaration, not counts
  member_death_mask = members;
}

nlohmann::json PairedTally::to_json() const {
  return to_json_by_fields(*this);
}

PairedTally PairedTally::from_json(const nlohmann::json& j) {
  PairedTally p = from_json_by_fields<PairedTally>(j);
  if (p.only_baseline_died + p.only_variant_died > p.n)
    mismatch("paired deaths exceed the paired trials");
  const size_t rows =
      static_cast<size_t>(std::popcount(p.member_death_mask)) * p.only_baseline_alive.size();
  if (p.only_baseline_dead_by.size() != rows || p.only_variant_dead_by.size() != rows ||
      p.only_baseline_retired_by.size() != rows || p.only_variant_retired_by.size() != rows)
    mismatch("the members' paired life tables have the wrong length");
  for (size_t i = 0; i < rows; ++i)
    if (p.only_baseline_dead_by[i] + p.only_variant_dead_by[i] > p.n ||
        p.only_baseline_retired_by[i] + p.only_variant_retired_by[i] > p.n)
      mismatch("a member's paired deaths or retirements exceed the paired trials");
  return p;
}

// ---- TallyIdentity

std::string TallyIdentity::difference(const TallyIdentity& o) const {
  auto diff = [](const char* what, const std::string& a, const std::string& b) {
    return std::string(what) + " " + a + " vs " + b;
  };
  if (tool_version != o.tool_version) return diff("tool version", tool_version, o.tool_version);
  if (scenario != o.scenario) return diff("scenario", scenario, o.scenario);
  if (scenario_sha256 != o.scenario_sha256)
    return diff("scenario file sha256", scenario_sha256.substr(0, 12),
                o.scenario_sha256.substr(0, 12));
  if (ruleset != o.ruleset) return diff("ruleset", ruleset, o.ruleset);
  if (seed != o.seed) return diff("seed", std::to_string(seed), std::to_string(o.seed));
  if (variants != o.variants) {
    auto join = [](const std::vector<std::string>& v) {
      std::string s;
      for (const std::string& x : v) s += (s.empty() ? "" : ",") + x;
      return s;
    };
    return diff("variants", join(variants), join(o.variants));
  }
  return "";
}

nlohmann::json TallyIdentity::to_json() const {
  return {
      {"tool_version", tool_version}, {"scenario", scenario}, {"scenario_sha256", scenario_sha256},
      {"ruleset", ruleset},           {"seed", seed},         {"variants", variants}};
}

TallyIdentity TallyIdentity::from_json(const nlohmann::json& j) {
  TallyIdentity id;
  try {
    id.tool_version = j.at("tool_version").get<std::string>();
    id.scenario = j.at("scenario").get<std::string>();
    id.scenario_sha256 = j.at("scenario_sha256").get<std::string>();
    id.ruleset = j.at("ruleset").get<std::string>();
    id.seed = j.at("seed").get<uint64_t>();
    id.variants = j.at("variants").get<std::vector<std::string>>();
  } catch (const nlohmann::json::exception& e) {
    throw TallyMismatch(std::string("tally identity: ") + e.what());
  }
  return id;
}

// ---- TrialRanges

void TrialRanges::add(uint64_t first, uint64_t last) {
  if (first >= last) return;
  auto it = std::lower_bound(ranges_.begin(), ranges_.end(), Range{first, 0},
                             [](const Range& a, const Range& b) { return a.first < b.first; });
  if ((it != ranges_.end() && it->first < last) ||
      (it != ranges_.begin() && (it - 1)->second > first)) {
    const Range& other = (it != ranges_.end() && it->first < last) ? *it : *(it - 1);
    throw TallyMismatch("trials [" + std::to_string(first) + ", " + std::to_string(last) +
                        ") overlap trials [" + std::to_string(other.first) + ", " +
                        std::to_string(other.second) +
                        ") already counted: the same trials would be counted twice");
  }
  it = ranges_.insert(it, Range{first, last});
  // Join with the neighbours it touches.
  if (it + 1 != ranges_.end() && (it + 1)->first == it->second) {
    it->second = (it + 1)->second;
    ranges_.erase(it + 1);
  }
  if (it != ranges_.begin() && (it - 1)->second == it->first) {
    (it - 1)->second = it->second;
    ranges_.erase(it);
  }
}

void TrialRanges::merge(const TrialRanges& o) {
  TrialRanges copy = *this;  // all or nothing
  for (const Range& r : o.ranges_) copy.add(r.first, r.second);
  *this = std::move(copy);
}

uint64_t TrialRanges::total() const {
  uint64_t n = 0;
  for (const Range& r : ranges_) n += r.second - r.first;
  return n;
}

std::string TrialRanges::text() const {
  std::string s;
  for (const Range& r : ranges_)
    s += (s.empty() ? "[" : " [") + std::to_string(r.first) + ", " + std::to_string(r.second) + ")";
  return s.empty() ? "none" : s;
}

nlohmann::json TrialRanges::to_json() const {
  nlohmann::json a = nlohmann::json::array();
  for (const Range& r : ranges_) a.push_back({r.first, r.second});
  return a;
}

TrialRanges TrialRanges::from_json(const nlohmann::json& j) {
  TrialRanges t;
  try {
    for (const auto& r : j) t.add(r.at(0).get<uint64_t>(), r.at(1).get<uint64_t>());
  } catch (const nlohmann::json::exception& e) {
    throw TallyMismatch(std::string("trial ranges: ") + e.what());
  }
  return t;
}

// ---- RunTally

RunTally::RunTally(TallyIdentity id, const MetricSpec& m) : identity(std::move(id)) {
  const size_t k = identity.variants.size();
  variants.assign(k, Tally(m));
  paired.assign(pair_count(k), PairedTally(m));
}

size_t RunTally::pair_slot(size_t a, size_t b, size_t k) {
  if (a >= b || b >= k) throw std::out_of_range("pair_slot: no pair (a, b) with a < b < k");
  if (a == 0) return b;
  // Pairs (a', b') with 1 <= a' < a come first: (k - 1 - a') of them for each a'.
  const size_t before = (a - 1) * (k - 1) - (a - 1) * a / 2;
  return k + before + (b - a - 1);
}

PairedTally RunTally::pair(size_t ref, size_t var) const {
  if (ref == var) throw std::invalid_argument("a variant is not compared with itself");
  const size_t k = variants.size();
  return ref < var ? paired.at(pair_slot(ref, var, k))
                   : paired.at(pair_slot(var, ref, k)).reversed();
}

void RunTally::add_pairs(const Outcome* out) {
  const size_t k = variants.size();
  ++paired[0].n;  // the baseline against itself: nothing to count but the trial
  for (size_t v = 1; v < k; ++v) paired[v].add(out[0], out[v]);
  size_t slot = k;
  for (size_t a = 1; a < k; ++a)
    for (size_t b = a + 1; b < k; ++b) paired[slot++].add(out[a], out[b]);
}

void RunTally::merge(const RunTally& o) {
  const std::string d = identity.difference(o.identity);
  if (!d.empty()) throw TallyMismatch("refusing to merge tallies of different runs: " + d);
  if (o.variants.size() != variants.size() || o.paired.size() != paired.size())
    mismatch("the variant lists differ in length");
  RunTally out = *this;  // all or nothing
  out.ranges.merge(o.ranges);
  for (size_t v = 0; v < variants.size(); ++v) out.variants[v].merge(o.variants[v]);
  for (size_t p = 0; p < paired.size(); ++p) out.paired[p].merge(o.paired[p]);
  *this = std::move(out);
}

nlohmann::json RunTally::to_json() const {
  nlohmann::json vs = nlohmann::json::array(), ps = nlohmann::json::array();
  for (const Tally& t : variants) vs.push_back(t.to_json());
  for (const PairedTally& p : paired) ps.push_back(p.to_json());
  return {{"identity", identity.to_json()},
          {"ranges", ranges.to_json()},
          {"variants", vs},
          {"paired", ps}};
}

RunTally RunTally::from_json(const nlohmann::json& j) {
  RunTally r;
  try {
    r.identity = TallyIdentity::from_json(j.at("identity"));
    r.ranges = TrialRanges::from_json(j.at("ranges"));
    for (const auto& v : j.at("variants")) r.variants.push_back(Tally::from_json(v));
    for (const auto& p : j.at("paired")) r.paired.push_back(PairedTally::from_json(p));
  } catch (const nlohmann::json::exception& e) {
    throw TallyMismatch(std::string("tally: ") + e.what());
  }
  if (r.variants.size() != r.identity.variants.size() ||
      r.paired.size() != pair_count(r.variants.size()))
    mismatch("the variant lists differ in length");
  for (size_t v = 0; v < r.variants.size(); ++v) {
    if (r.variants[v].trials != r.trials())
      mismatch("variant " + r.identity.variants[v] + " counts " +
               std::to_string(r.variants[v].trials) + " trials, the ranges " +
               std::to_string(r.trials()));
  }
  for (const PairedTally& p : r.paired)
    if (p.n != r.trials()) mismatch("paired counts differ from the ranges");
  return r;
}

}  // namespace leth
