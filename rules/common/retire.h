// A campaign's rule to retire a member of a party that plays on after a death (MemberRetirement,
// sim/core/metrics.h; docs/campaigns.md): after an adventure the campaign goes on from, each
// survivor whose own lasting injuries, every adventure's, or whose stat sequela's summed change
// reach the rule leaves the party alive. Its place goes to a newcomer, the scenario's fresh
// member (after_a_death = "replace"), or stays empty ("go_on"; the member is `absent` from then
// on, and `retired` says why). A ruleset whose party reports lasting injuries calls this last.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "rules/common/party_report.h"
#include "sim/core/event_log.h"
#include "sim/core/metrics.h"

namespace leth::fight {

// The story's line at an adventure's start for a place left empty (after_a_death = "go_on") or
// filled by a newcomer ("replace"): its last member died, or retired.
inline std::string empty_place(const std::string& name, bool retired) {
  return name + "'s place is empty: " +
         (retired ? "retired after an adventure before" : "dead in an adventure before");
}
inline std::string newcomer_place(const std::string& name, bool retired) {
  return name + " is a newcomer, in the place of the one who " + (retired ? "retired" : "died") +
         " (the scenario's)";
}

// `lasting(c)`: member c's lasting injuries, every adventure's, one by one; `stat(c)`: its
// rule.stat sequela's summed magnitude; `name(c)`: its name; `stat_name`: that sequela's.
// Logged at `t` (the adventure's end). Member has `newcomer`, `absent` and `retired`.
template <typename Member, typename Lasting, typename Stat, typename Name>
Departures retire_members(std::span<Member> carried, std::span<const MemberReport> reports,
                          const MemberRetirement& rule, AfterDeath after_death,
                          Lasting&& lasting, Stat&& stat, Name&& name,
                          const std::string& stat_name, EventLog* log, Seconds t) {
  Departures left;
  if (!rule.any() || !plays_on(after_death)) return left;
  size_t filled = 0;  // places a member will fill in the next adventure
  for (size_t c = 0; c < carried.size(); ++c) {
    if (reports[c].dead || reports[c].absent) {
      filled += after_death == AfterDeath::Replace;
      continue;
    }
    const uint32_t n = lasting(c);
    const int64_t change = stat(c);
    const bool by_stat = rule.by_stat(change);
    if (!rule.by_count(n) && !by_stat) {
      ++filled;
      continue;
    }
    ++left.retired;
    left.for_count = static_cast<uint8_t>(left.for_count + rule.by_count(n));
    left.for_stat = static_cast<uint8_t>(left.for_stat + by_stat);
    left.who = static_cast<uint8_t>(left.who | 1u << c);  // c < fight::kMaxMembers (5)
    if (log)
      log->add(t, name(c) + " retires, alive, carrying " + std::to_string(n) +
                      (n == 1 ? " lasting injury" : " lasting injuries") +
                      (by_stat ? ", its " + stat_name + " at " + std::to_string(change) : "") +
                      (after_death == AfterDeath::Replace ? "; a newcomer takes its place"
                                                          : "; its place stays empty"));
    Member m{};
    m.newcomer = after_death == AfterDeath::Replace;
    m.absent = after_death == AfterDeath::GoOn;
    m.retired = true;
    carried[c] = m;
    filled += m.newcomer;
  }
  left.disbanded = left.retired > 0 && filled == 0;
  return left;
}

}  // namespace leth::fight
