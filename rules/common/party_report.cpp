#include "rules/common/party_report.h"

#include <algorithm>

namespace leth::fight {

namespace {

// The order of the counters: these, then per member fell_<name>, died_<name>.
enum Counter : uint16_t { kDeaths, kFightWon, kPartyFell, kOpponentsDefeated, kHealsUsed };
constexpr uint16_t kMemberCounters = 5;
// The durations: these, then per member time_out_of_action_<name>, time_to_death_<name>.
enum Duration : uint16_t { kPartyDowntime, kOutOfAction, kPartyTimeToDeath, kFightLength };
constexpr uint16_t kMemberDurations = 4;

}  // namespace

MetricSpec party_metrics(const std::vector<std::string>& members) {
  MetricSpec m;
  for (size_t k = 1; k <= members.size(); ++k)
    m.ends.push_back({EndKind::Died, std::to_string(k) + (k == 1 ? "_member" : "_members"),
                      std::to_string(k) + " of the party's members dead"});
  m.ends.push_back({EndKind::Recovered, "",
                    "nobody died, and every member is back to full health after the rest"});
  m.ends.push_back({EndKind::Unresolved, "still_hurt",
                    "nobody died, but the horizon came before every member was back to full "
                    "health"});
  m.counters = {
      {"deaths", "members dead at the end (rate: at least one death)"},
      {"fight_won", "the party won: every opponent down, dead or fled"},
      {"party_fell", "the whole party was down or dead when the fight ended"},
      {"opponents_defeated", "opponents dead at the end of the fight"},
      {"heals_used", "healing spells and other uses spent on fallen allies"},
  };
  for (const std::string& n : members) {
    m.counters.push_back({"fell_" + n, "times " + n + " went down", n});
    m.counters.push_back({"died_" + n, n + " dead at the end", n});
  }
  m.durations = {shared_duration(kDowntime),
                 shared_duration(kTimeOutOfAction),
                 shared_duration(kTimeToDeath),
                 {"fight_length", "from the start of the fight until it ended; over every trial"}};
  for (const std::string& n : members) {
    m.durations.push_back({"time_out_of_action_" + n,
                           "from the first moment " + n + " went down until last back on " +
                               "their feet; over the trials in which " + n + " went down and lived",
                           n});
    m.durations.push_back({"time_to_death_" + n,
                           "from the start of the trial until " + n + "'s death; over " +
                               "the trials in which " + n + " died",
                           n});
  }
  m.validate();
  return m;
}

Outcome party_outcome(const Result& fight, std::span<const MemberReport> members,
                      uint32_t opponents_defeated, Seconds full, Seconds horizon) {
  Outcome o;
  o.measure(kFightLength, fight.fight_end);
  if (fight.ending == Ending::Won) o.count(kFightWon);
  if (fight.ending == Ending::Fell) o.count(kPartyFell);
  o.count(kOpponentsDefeated, opponents_defeated);
  uint32_t deaths = 0;
  Seconds first_death = -1, first_down = -1, last_up = 0;
  bool hurt = false;
  for (size_t c = 0; c < members.size(); ++c) {
    const MemberReport& b = members[c];
    o.count(kMemberCounters + 2 * c, b.falls);
    o.count(kHealsUsed, b.heals_given);
    if (b.down_first >= 0 && (first_down < 0 || b.down_first < first_down))
      first_down = b.down_first;
    if (b.dead) {
      ++deaths;
      o.count(kMemberCounters + 2 * c + 1);
      o.measure(kMemberDurations + 2 * c + 1, b.died_at);
      if (first_death < 0 || b.died_at < first_death) first_death = b.died_at;
      continue;
    }
    if (b.down_first >= 0) {
      last_up = std::max(last_up, b.up_last);
      if (b.up_last >= b.down_first) o.measure(kMemberDurations + 2 * c, b.up_last - b.down_first);
    }
    hurt = hurt || b.hurt;
  }
  o.count(kDeaths, deaths);
  if (deaths > 0) {
    o.end = static_cast<uint16_t>(deaths - 1);
    o.end_time = first_death;
    o.measure(kPartyTimeToDeath, first_death);
    return o;
  }
  const auto recovered = static_cast<uint16_t>(members.size());
  if (full > horizon) {
    o.end = static_cast<uint16_t>(recovered + 1);
    o.end_time = horizon;
    return o;
  }
  o.end = recovered;
  o.end_time = full;
  o.measure(kPartyDowntime, hurt ? full : 0);
  if (first_down >= 0) o.measure(kOutOfAction, last_up - first_down);
  return o;
}

}  // namespace leth::fight
