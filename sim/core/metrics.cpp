#include "sim/core/metrics.h"

#include <set>
#include <stdexcept>

#include "sim/core/outcome.h"

namespace leth {

std::string EndSpec::name() const {
  return detail.empty() ? end_kind_name(kind) : std::string(end_kind_name(kind)) + "_" + detail;
}

uint64_t MetricSpec::end_mask(EndKind k) const {
  uint64_t m = 0;
  for (size_t e = 0; e < ends.size() && e < 64; ++e)
    if (ends[e].kind == k) m |= uint64_t{1} << e;
  return m;
}

uint64_t MetricSpec::member_death_mask() const {
  uint64_t m = 0;
  for (size_t c = 0; c < counters.size() && c < 64; ++c)
    if (!counters[c].member.empty() && counters[c].name == "died_" + counters[c].member)
      m |= uint64_t{1} << c;
  return m;
}

namespace {
template <typename Spec>
int index_of(const std::vector<Spec>& v, const std::string& name) {
  for (size_t i = 0; i < v.size(); ++i)
    if (v[i].name == name) return static_cast<int>(i);
  return -1;
}

bool is_metric_name(const std::string& s) {
  if (s.empty() || s.size() > 48) return false;
  for (char c : s)
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_')) return false;
  return true;
}

void check_names(const std::vector<std::string>& names, const char* what) {
  std::set<std::string> seen;
  for (const std::string& n : names) {
    if (!is_metric_name(n))
      throw std::logic_error(std::string("metrics: ") + what + " name \"" + n +
                             "\" must be 1-48 of a-z, 0-9, _");
    if (!seen.insert(n).second)
      throw std::logic_error(std::string("metrics: ") + what + " \"" + n + "\" declared twice");
  }
}
}  // namespace

DurationSpec shared_duration(const char* name, bool campaign) {
  const std::string n = name;
  if (n == kDowntime)
    return {n, campaign ? kCampaignDowntimeHelp : kDowntimeHelp, {}, CampaignTime::FromStart};
  if (n == kTimeOutOfAction)
    return {n, campaign ? kCampaignTimeOutOfActionHelp : kTimeOutOfActionHelp, {},
            CampaignTime::AddedUpWhole};
  if (n == kTimeToDeath)
    return {n, campaign ? kCampaignTimeToDeathHelp : kTimeToDeathHelp, {},
            CampaignTime::FirstFromStart};
  throw std::logic_error("metrics: \"" + n + "\" is not a shared duration");
}

int MetricSpec::duration_index(const std::string& name) const {
  return index_of(durations, name);
}
int MetricSpec::counter_index(const std::string& name) const {
  return index_of(counters, name);
}

void MetricSpec::validate() const {
  if (ends.empty() || ends.size() > Outcome::kMaxEnds)
    throw std::logic_error("metrics: 1 to " + std::to_string(Outcome::kMaxEnds) + " ends");
  if (counters.size() > Outcome::kMaxCounters)
    throw std::logic_error("metrics: at most " + std::to_string(Outcome::kMaxCounters) +
                           " counters");
  if (durations.size() > Outcome::kMaxDurations)
    throw std::logic_error("metrics: at most " + std::to_string(Outcome::kMaxDurations) +
                           " durations");
  if (sequelae.size() > Outcome::kMaxSequelaIds)
    throw std::logic_error("metrics: at most " + std::to_string(Outcome::kMaxSequelaIds) +
                           " sequelae");
  if (adventures < 0 || adventures > 0xfffe)
    throw std::logic_error("metrics: a campaign of 0 to 65534 adventures");
  std::vector<std::string> end_names, names;
  for (const EndSpec& e : ends) {
    if (!e.detail.empty() && !is_metric_name(e.detail))
      throw std::logic_error("metrics: end detail \"" + e.detail + "\" must be a-z, 0-9, _");
    end_names.push_back(e.name());
  }
  check_names(end_names, "end");
  for (const CounterSpec& c : counters) names.push_back(c.name);
  check_names(names, "counter");
  names.clear();
  for (const DurationSpec& d : durations) names.push_back(d.name);
  check_names(names, "duration");
  names.clear();
  for (const SequelaSpec& s : sequelae) names.push_back(s.name);
  check_names(names, "sequela");
  for (const char* required : {kDowntime, kTimeOutOfAction, kTimeToDeath}) {
    const int d = duration_index(required);
    if (d < 0)
      throw std::logic_error(std::string("metrics: every model declares the duration \"") +
                             required + "\"");
    if (durations[static_cast<size_t>(d)].help != shared_duration(required, adventures > 0).help)
      throw std::logic_error(std::string("metrics: \"") + required +
                             "\" means one thing in every ruleset: declare it with "
                             "shared_duration()");
  }
  if (!has_kind(EndKind::Died) || !has_kind(EndKind::Recovered) || !has_kind(EndKind::Unresolved))
    throw std::logic_error("metrics: every model declares died, recovered and unresolved ends");
}

}  // namespace leth
