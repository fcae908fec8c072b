#include "rules/common/party_report.h"

#include <algorithm>
#include <iterator>

#include "sim/core/metric_table.h"

namespace leth::fight {

namespace {

// The party's own counters and durations, one table each (sim/core/metric_table.h); each
// member's follow them: fell_<name>, died_<name>, and downtime_<name>,
// time_out_of_action_<name>, time_to_death_<name>.
constexpr CounterDecl kCounterTable[] = {
    {"deaths", "members dead at the end (rate: at least one death)"},
    {"fight_won", "the party won: every opponent down, dead or fled"},
    {"party_fell", "the whole party was down or dead when the fight ended"},
    {"opponents_defeated", "opponents dead at the end of the fight (harmonies: or out, fainted)"},
    {"heals_used", "acts of care given to the party's members: healing spells, potions and "
                   "other uses spent (dnd5e, pf2, flux), first-aid tests made (unisystem, "
                   "harmonies)"},
    {"opponents_fled", "the opponents fled (morale): a fight won, counted in fight_won too"},
    {"party_retreated", "the party withdrew with its fallen (retreat)"},
    {"round_cap", "the round cap ended the fight, neither side beaten (opponents who cannot be "
                  "harmed and leave after their rounds are not counted here)"},
};
constexpr DurationDecl kDurationTable[] = {
    DurationDecl::shared(kDowntime),
    DurationDecl::shared(kTimeOutOfAction),
    DurationDecl::shared(kTimeToDeath),
    {"fight_length", "from the start of the fight until it ended; over every trial"},
};

constexpr auto kDeaths = index_of(kCounterTable, "deaths");
constexpr auto kFightWon = index_of(kCounterTable, "fight_won");
constexpr auto kPartyFell = index_of(kCounterTable, "party_fell");
constexpr auto kOpponentsDefeated = index_of(kCounterTable, "opponents_defeated");
constexpr auto kHealsUsed = index_of(kCounterTable, "heals_used");
constexpr auto kOpponentsFled = index_of(kCounterTable, "opponents_fled");
constexpr auto kPartyRetreated = index_of(kCounterTable, "party_retreated");
constexpr auto kRoundCap = index_of(kCounterTable, "round_cap");
constexpr uint16_t kMemberCounters = std::size(kCounterTable);

constexpr auto kPartyDowntime = index_of(kDurationTable, kDowntime);
constexpr auto kOutOfAction = index_of(kDurationTable, kTimeOutOfAction);
constexpr auto kPartyTimeToDeath = index_of(kDurationTable, kTimeToDeath);
constexpr auto kFightLength = index_of(kDurationTable, "fight_length");
constexpr uint16_t kMemberDurations = std::size(kDurationTable);
// Each member adds two counters and three durations: kMaxMembers of them fit in an Outcome.
constexpr size_t kPerMember = 3;  // downtime, time out of action, time to death
static_assert(kMemberCounters + 2 * kMaxMembers <= Outcome::kMaxCounters &&
              kMemberDurations + kPerMember * kMaxMembers <= Outcome::kMaxDurations);

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
  m.counters = specs(kCounterTable);
  for (const std::string& n : members) {
    m.counters.push_back({"fell_" + n, "times " + n + " went down", n});
    m.counters.push_back({"died_" + n, n + " dead at the end", n});
  }
  m.durations = specs(kDurationTable);
  for (const std::string& n : members) {
    m.durations.push_back({"downtime_" + n,
                           "from the start of the trial until " + n + " is back to full " +
                               "health after the rest (0 if never hurt); over the trials in " +
                               "which " + n + " lived and got there within the horizon",
                           n, CampaignTime::FromStart});
    m.durations.push_back({"time_out_of_action_" + n,
                           "from the first moment " + n + " went down until last back on " +
                               "their feet; over the trials in which " + n + " went down and lived",
                           n, CampaignTime::AddedUpWhole});
    m.durations.push_back({"time_to_death_" + n,
                           "from the start of the trial until " + n + "'s death; over " +
                               "the trials in which " + n + " died",
                           n, CampaignTime::FirstFromStart});
  }
  m.validate();
  return m;
}

Outcome party_outcome(const Result& fight, std::span<const MemberReport> members,
                      uint32_t opponents_defeated, Seconds full, Seconds horizon,
                      Seconds left_at, AfterDeath after_death) {
  Outcome o;
  o.measure(kFightLength, fight.fight_end);
  if (fight.ending == Ending::Won) o.count(kFightWon);
  if (fight.ending == Ending::Fell) o.count(kPartyFell);
  if (fight.opponents_fled) o.count(kOpponentsFled);
  if (fight.ending == Ending::Retreated) o.count(kPartyRetreated);
  if (fight.ending == Ending::RoundCap && !fight.opponents_left) o.count(kRoundCap);
  o.count(kOpponentsDefeated, opponents_defeated);
  uint32_t deaths = 0;
  Seconds first_death = -1, first_down = -1, last_up = 0;
  bool hurt = false;
  size_t absent = 0, absent_dead = 0;
  for (size_t c = 0; c < members.size(); ++c) {
    const MemberReport& b = members[c];
    if (b.absent) {
      ++absent;
      absent_dead += !b.retired;
      continue;
    }
    o.count(kMemberCounters + 2 * c, b.falls);
    o.count(kHealsUsed, b.heals_given);
    if (b.down_first >= 0 && (first_down < 0 || b.down_first < first_down))
      first_down = b.down_first;
    if (b.dead) {
      ++deaths;
      o.count(kMemberCounters + 2 * c + 1);
      o.measure(kMemberDurations + kPerMember * c + 2, b.died_at);
      if (first_death < 0 || b.died_at < first_death) first_death = b.died_at;
      continue;
    }
    if (b.down_first >= 0) {
      last_up = std::max(last_up, b.up_last);
      // Not measured for a member still out at the horizon (its up_last is past it, or
      // never).
      if (b.up_last >= b.down_first && b.up_last <= horizon)
        o.measure(kMemberDurations + kPerMember * c + 1, b.up_last - b.down_first);
    }
    if (b.whole_at >= 0 && b.whole_at <= horizon)
      o.measure(kMemberDurations + kPerMember * c, b.hurt ? b.whole_at : 0);
    hurt = hurt || b.hurt;
  }
  o.count(kDeaths, deaths);
  if (deaths > 0) {
    o.measure(kPartyTimeToDeath, first_death);
    if (!plays_on(after_death) || deaths + absent == members.size()) {
      o.end = static_cast<uint16_t>(deaths + absent_dead - 1);
      o.end_time = first_death;
      return o;
    }
  }
  const auto recovered = static_cast<uint16_t>(members.size());
  if (left_at >= 0) {  // went on still healing: every survivor up by then
    o.end = static_cast<uint16_t>(recovered + 1);
    o.end_time = left_at;
    if (first_down >= 0) o.measure(kOutOfAction, last_up - first_down);
    return o;
  }
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
