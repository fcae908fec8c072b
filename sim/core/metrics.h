// What a health model measures, declared once by the model: how a trial can end, what it
// counts, which durations it times, and which lasting injuries (sequelae) it leaves. The
// tallies, the reports and every CSV follow this declaration; nothing downstream knows a
// ruleset's shape.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace leth {

// The kind of an end condition. Every trial ends in exactly one declared end.
enum class EndKind : uint8_t {
  Died,        // the character is dead
  Recovered,   // alive, able to act and back to full health
  Unresolved,  // alive but not recovered when the horizon came
  Lost,        // out of play for good without dying (e.g. lost to madness)
};
inline constexpr int kEndKindCount = 4;
// "died", "recovered", "unresolved", "lost". Constexpr, so that sim/core/metric_table.h can
// find an end by its name at compile time.
constexpr const char* end_kind_name(EndKind k) {
  switch (k) {
    case EndKind::Died:
      return "died";
    case EndKind::Recovered:
      return "recovered";
    case EndKind::Unresolved:
      return "unresolved";
    case EndKind::Lost:
      return "lost";
  }
  return "?";
}

struct EndSpec {
  EndKind kind;
  std::string detail;  // where or how: "combat", "dying", "still_unconscious"; may be ""
  std::string help;
  // "died_combat", "recovered": the end's name in logs.
  std::string name() const;
};

// A per-trial count: how many times something happened (knocked out, resuscitated, ...).
// Reported as the rate of trials where it happened at least once and the mean count.
// `member`: the party member (rules/common/party_report.h) a counter or a duration is about;
// empty for the whole party, or the one character. The tidy CSVs carry it in their `member`
// column, the terminal table and the report give such metrics rows per member.
struct CounterSpec {
  std::string name;
  std::string help;
  std::string member = {};
};

// How a campaign (sim/engine/campaign.h) makes one of its adventures' durations its own.
enum class CampaignTime : uint8_t {
  AddedUp,       // a span: added up over the adventures that measured it
  AddedUpWhole,  // time_out_of_action: added up, only when the campaign ends whole
  FromStart,     // a moment counted from the trial's start (downtime, time_to_loss):
                 // counted from the campaign's start, the last adventure's
  FirstFromStart,  // a death's moment (time_to_death, a member's): counted from the
                   // campaign's start, the first adventure's that measured it (a party that
                   // goes on after a death, after_a_death = "replace", measures it again later)
};

// What a campaign's party does after an adventure in which some of its members died, not all
// (docs/campaigns.md, after_a_death). The whole party dead in an adventure ends it always.
enum class AfterDeath : uint8_t {
  End,      // "end" (the default): the first death ends the campaign
  Replace,  // "replace": a newcomer, the scenario's fresh member, takes each dead one's place
  GoOn,     // "go_on": the survivors go on short of their dead, who are absent from then on
};
inline bool plays_on(AfterDeath a) { return a != AfterDeath::End; }

// A campaign's rule to retire one member of a party that plays on after a death (after_a_death
// = "replace" or "go_on", docs/campaigns.md): after an adventure the campaign goes on from, a
// survivor whose own lasting injuries, every adventure's, number `sequelae` or more, or whose
// stat sequela's summed magnitude has reached `reaches`, leaves the party alive.
struct MemberRetirement {
  int sequelae = 0;  // retire_sequelae; 0: not by count
  int stat = -1;     // retire_stat_loss's sequela, the model's index; -1: not by a stat
  int reaches = 0;   // negative: at or below; positive: at or above
  bool any() const { return sequelae > 0 || stat >= 0; }
  bool by_count(uint32_t lasting) const {
    return sequelae > 0 && lasting >= static_cast<uint32_t>(sequelae);
  }
  bool by_stat(int64_t change) const {
    return stat >= 0 && (reaches < 0 ? change <= reaches : change >= reaches);
  }
};

// What the members a campaign's rule retired left of the party after an adventure: how many
// retired, which (bit c: the party's member c, its `died_<name>` counter the c-th of
// MetricSpec::member_death_mask), and whether no place is filled any more (after_a_death =
// "go_on": the campaign ends with them, retired).
struct Departures {
  uint8_t retired = 0;
  uint8_t who = 0;
  bool disbanded = false;
  // Why: of the `retired`, those whose count reached the rule, and those whose stat did (a
  // member may meet both).
  uint8_t for_count = 0;
  uint8_t for_stat = 0;
};

// A per-trial time in seconds, measured in the trials where it applies (downtime over the
// trials that recovered, time to death over deaths, ...). Reported as mean and quantiles.
struct DurationSpec {
  std::string name;
  std::string help;  // says over which trials it is measured
  std::string member = {};
  CampaignTime campaign = CampaignTime::AddedUp;
};

// A lasting injury. `unit` names its magnitude; "" if it has none. One convention in every
// ruleset: a unit "<stat> change" ("Strength change", "ADR change") is the signed change of
// that stat, a point lost -1; any other unit ("days", "levels") counts a positive amount.
struct SequelaSpec {
  std::string name;
  std::string unit;
  std::string help;
};

struct MetricSpec {
  std::vector<EndSpec> ends;
  std::vector<CounterSpec> counters;
  std::vector<DurationSpec> durations;
  std::vector<SequelaSpec> sequelae;
  // A campaign (sim/engine/campaign.h): a trial plays up to this many adventures, and the
  // tallies keep its life table (Outcome::adventures). 0: a trial is one adventure.
  int adventures = 0;
  // A party's campaign that plays on after a death: its own life table is then the whole
  // party's, until its last member's death (the reports say so).
  AfterDeath after_death = AfterDeath::End;

  // Bit e is set when ends[e] is of kind k.
  uint64_t end_mask(EndKind k) const;
  // Bit c is set when counters[c] is a party member's death: named died_<member> for its
  // member (rules/common/party_report.h). A campaign's tallies keep a life table per member.
  uint64_t member_death_mask() const;
  bool has_kind(EndKind k) const { return end_mask(k) != 0; }
  int duration_index(const std::string& name) const;  // -1 if not declared
  int counter_index(const std::string& name) const;

  // Throws std::logic_error when the declaration breaks a rule: names (letters, digits and
  // '_'), unique, within Outcome's capacities, and the three shared durations declared with
  // their shared meaning (shared_duration()).
  void validate() const;
};

// The durations every model declares, each defined once, here: what starts it, what ends it,
// over which trials. A model declares them with DurationDecl::shared() in its table
// (sim/core/metric_table.h) or shared_duration() (these very words, which the
// docs/outputs.md quotes), and measures time_out_of_action with OutOfAction
// (sim/core/out_of_action.h). What "full health" and "cannot act" mean under its rules is all
// a ruleset's README adds.
inline constexpr const char* kDowntime = "downtime";
inline constexpr const char* kTimeOutOfAction = "time_out_of_action";
inline constexpr const char* kTimeToDeath = "time_to_death";

inline constexpr const char* kDowntimeHelp =
    "from the start of the trial until back to full health (a party: its last survivor); over "
    "the trials that recovered (0 for a character never hurt)";
inline constexpr const char* kTimeOutOfActionHelp =
    "from the first moment the character cannot act until able to act again for good; over "
    "the trials out of action at least once that end alive and able to act (deaths, and "
    "trials still out of action at the horizon, are counted by their ends, not here); a "
    "party's: from its first member down until its last back on their feet, over the trials "
    "nobody died in";
inline constexpr const char* kTimeToDeathHelp =
    "from the start of the trial until death (a party: the first); over deaths";

// In a campaign (MetricSpec::adventures > 0) the same three are the campaign's, over its
// adventures (sim/engine/campaign.h, docs/campaigns.md).
inline constexpr const char* kCampaignDowntimeHelp =
    "a campaign's: from the start of its first adventure until back to full health after its "
    "last, every adventure's fight and recovery added up; over the campaigns that played every "
    "adventure and recovered from the last";
inline constexpr const char* kCampaignTimeOutOfActionHelp =
    "a campaign's: every adventure's time out of action (as for one adventure) added up; over "
    "the campaigns out of action at least once that end alive and able to act";
inline constexpr const char* kCampaignTimeToDeathHelp =
    "a campaign's: from the start of its first adventure until death, the adventures before "
    "included; over deaths";

// {kDowntime, kDowntimeHelp} and likewise (with `campaign`, kCampaignDowntimeHelp and
// likewise): throws std::logic_error for another name.
DurationSpec shared_duration(const char* name, bool campaign = false);

}  // namespace leth
