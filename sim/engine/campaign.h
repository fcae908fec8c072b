// A campaign trial (docs/campaigns.md): the scenario's trial played as adventure after
// adventure on one character or party, until a death (a party that plays on after one,
// after_a_death: the whole party's), a retirement, an adventure that does not end whole, or
// the last adventure. Adventure k plays from TrialRng::adventure(k), so the
// first adventure is the scenario's own trial, draw for draw, and every variant plays the same
// adventures (common random numbers). What the adventures leave — counters, durations,
// sequelae — adds up into one Outcome, declared by campaign_metrics(); Outcome::adventures and
// the tallies' life table say how long the character lasted.
//
// What a character carries from one adventure to the next is its ruleset's: every model
// declares `Carried` (a value, default-constructed at the campaign's start) and
// `Outcome run_adventure(TrialContext&, Carried&) const` plays each adventure from it and adds
// what the adventure left (flux: sequelae and their stat points; docs/campaigns.md lists which
// carry what).
// With campaign.downtime every model (its Carried has `leave_by` and `went_on`) is told,
// before each adventure but the last, by when it must leave; one that left still healing has
// its adventure end not whole, and the campaign goes on with it.
#pragma once

#include <array>
#include <cstdint>

#include "scenarios/campaign.h"
#include "sim/core/metrics.h"
#include "sim/core/outcome.h"
#include "sim/core/trial.h"
#include "sim/engine/registry.h"

namespace leth {

struct Campaign {
  CampaignSpec spec;
  MetricSpec metrics;    // campaign_metrics(the model's, spec)
  static constexpr uint16_t kNoRetirement = UINT16_MAX;
  uint16_t retired = kNoRetirement;  // the end "lost_retired", only with a rule to retire
  int retire_id = -1;  // retire_stat_loss's sequela, an index into the model's sequelae
  // A party that plays on after a death retires its members one by one (each member's own
  // lasting injuries), counted in the counter `retirements`; kMaxCounters: no such rule.
  MemberRetirement member_retire;
  size_t retirements = Outcome::kMaxCounters;
  // With both rules (retire_sequelae and retire_stat_loss), why: the counter of those retired
  // for their count (`retired_for_sequelae`, a party's `retirements_for_sequelae`), and the one
  // after it, for their stat (`..._for_stat_loss`); a retirement may count in both.
  // kMaxCounters: not both rules.
  size_t why = Outcome::kMaxCounters;
  uint64_t recovered_mask = 0, died_mask = 0;
  uint64_t member_deaths = 0;  // MetricSpec::member_death_mask: a party's
  // How each duration becomes the campaign's, as the model declared it (DurationSpec::campaign,
  // sim/core/metrics.h): a moment from the start (downtime, time_to_death, time_to_loss) counts
  // from the campaign's start (the last adventure's, when it measured it; not for a retired
  // character, whose campaign was not played out); time_out_of_action adds up over the
  // adventures when the campaign ends whole (all played, or retired); every other duration
  // adds up over the adventures that measured it.
  std::array<CampaignTime, Outcome::kMaxDurations> time{};

  Campaign(const MetricSpec& model, const CampaignSpec& spec);
};

// The model's declaration as a campaign's: its ends and, with retire_sequelae, the end
// "lost_retired"; its counters (added up over the adventures); its durations
// (DurationSpec::campaign; the shared three with their campaign help texts); its sequelae
// (each reported once, by the adventure that inflicted it); `adventures`, for the life table.
MetricSpec campaign_metrics(const MetricSpec& model, const CampaignSpec& spec);

// One campaign trial of `model`: allocation-free unless ctx.log is given (the story is then
// told adventure by adventure, on the campaign's clock).
Outcome play_campaign(const Model& model, const Campaign& c, TrialContext& ctx);

}  // namespace leth
