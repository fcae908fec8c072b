#include "sim/engine/campaign.h"

#include <bit>
#include <stdexcept>
#include <concepts>
#include <string>
#include <type_traits>
#include <variant>

#include "sim/core/error.h"

namespace leth {

MetricSpec campaign_metrics(const MetricSpec& model, const CampaignSpec& spec) {
  MetricSpec m = model;
  m.adventures = spec.adventures;
  m.after_death = spec.after_death;
  // Without a rule, nobody retires: no end to report. A party that plays on retires its
  // members one by one: "replace" fills their places, so only "go_on" can end retired.
  if (spec.retires() && !plays_on(spec.after_death))
    m.ends.push_back({EndKind::Lost, "retired",
                      "alive and whole, retired by the campaign's rule (retire_sequelae, "
                      "retire_stat_loss) before another adventure"});
  if (spec.retires() && spec.after_death == AfterDeath::GoOn)
    m.ends.push_back({EndKind::Lost, "retired",
                      "alive: the last members left the party, retired by the campaign's rule "
                      "(retire_sequelae, retire_stat_loss; each member's own lasting injuries)"});
  if (spec.retires() && plays_on(spec.after_death)) {
    if (m.counters.size() >= Outcome::kMaxCounters)
      throw std::logic_error("campaign: no counter left for the retirements");
    m.counters.push_back({"retirements",
                          "members retired by the campaign's rule (retire_sequelae, "
                          "retire_stat_loss), each by its own lasting injuries"});
  }
  // With both rules, which one retired: its own counters (each retirement in one or both).
  if (spec.retire_sequelae > 0 && !spec.retire_sequela.empty()) {
    const bool party = plays_on(spec.after_death);
    const std::string who = party ? "members retired" : "retired";
    const std::string floor = spec.retire_sequela + "'s summed change at " +
                              std::to_string(spec.retire_reaches) +
                              (spec.retire_reaches < 0 ? " or below" : " or above");
    if (m.counters.size() + 2 > Outcome::kMaxCounters)  // a party of five has room
      throw std::logic_error("campaign: no counter left for why members retired");
    m.counters.push_back({party ? "retirements_for_sequelae" : "retired_for_sequelae",
                          who + " with " + std::to_string(spec.retire_sequelae) +
                              " lasting injuries or more (retire_sequelae; also counted in "
                              "the other if the stat too had reached its floor)"});
    m.counters.push_back({party ? "retirements_for_stat_loss" : "retired_for_stat_loss",
                          who + " with " + floor + " (retire_stat_loss; also counted in the "
                          "other if the lasting injuries too had reached their count)"});
  }
  for (CounterSpec& c : m.counters) c.help = "over the campaign's adventures, added up: " + c.help;
  for (DurationSpec& d : m.durations) {
    if (d.name == kDowntime || d.name == kTimeOutOfAction || d.name == kTimeToDeath) {
      d.help = shared_duration(d.name.c_str(), true).help;
      continue;
    }
    switch (d.campaign) {
      case CampaignTime::FromStart:
      case CampaignTime::FirstFromStart:
        d.help = "from the campaign's start, the adventures before added: " + d.help;
        break;
      case CampaignTime::AddedUpWhole:
        d.help = "over the campaign's adventures, added up, when it ends whole: " + d.help;
        break;
      case CampaignTime::AddedUp:
        d.help = "over the campaign's adventures, added up: " + d.help;
        break;
    }
  }
  for (SequelaSpec& q : m.sequelae) q.help += " (a campaign's: every one carried to its end)";
  for (EndSpec& e : m.ends)
    if (e.kind == EndKind::Recovered)
      e.help = "a campaign's: every adventure played, and whole after the last (" + e.help + ")";
    else if (e.kind == EndKind::Unresolved)
      e.help = "a campaign's: an adventure not whole at its horizon ended it (" + e.help + ")";
    else if (e.kind == EndKind::Died)
      e.help = "a campaign's: died in one of its adventures (" + e.help + ")";
  m.validate();
  return m;
}

Campaign::Campaign(const MetricSpec& model, const CampaignSpec& s)
    : spec(s),
      metrics(campaign_metrics(model, s)),
      retired(s.retires() && s.after_death != AfterDeath::Replace
                  ? static_cast<uint16_t>(metrics.ends.size() - 1)
                  : kNoRetirement),
      recovered_mask(metrics.end_mask(EndKind::Recovered)),
      died_mask(metrics.end_mask(EndKind::Died)),
      member_deaths(metrics.member_death_mask()) {
  for (size_t d = 0; d < metrics.durations.size(); ++d) time[d] = metrics.durations[d].campaign;
  if (plays_on(s.after_death) && metrics.member_death_mask() == 0)
    throw InputError(s.after_death_where,
                     "campaign.after_a_death: \"replace\" and \"go_on\" are a party's: a "
                     "newcomer takes a dead member's place, or the survivors go on without",
                     "a single character's campaign ends at its death: remove the key, or play "
                     "a [[party]] (docs/parties.md)");
  if (s.retire_sequelae > 0 && !s.retire_sequela.empty())
    why = metrics.counters.size() - 2;
  if (plays_on(s.after_death) && s.retires()) {
    retirements = metrics.counters.size() - 1 - (why < Outcome::kMaxCounters ? 2 : 0);
    member_retire.sequelae = s.retire_sequelae;
    member_retire.reaches = s.retire_reaches;
  }
  if (s.retire_sequela.empty()) return;
  // retire_stat_loss: a sequela of the ruleset's, one with a magnitude (a stat's change).
  std::string named;
  for (size_t i = 0; i < model.sequelae.size(); ++i) {
    const SequelaSpec& q = model.sequelae[i];
    if (q.unit.empty()) continue;
    if (q.name == s.retire_sequela) retire_id = static_cast<int>(i);
    named += (named.empty() ? "" : ", ") + q.name;
  }
  if (retire_id >= 0) {
    if (retirements < Outcome::kMaxCounters) member_retire.stat = retire_id;
    return;
  }
  bool counted = false;
  for (const SequelaSpec& q : model.sequelae) counted = counted || q.name == s.retire_sequela;
  if (counted)
    throw InputError(s.retire_where,
                     "campaign.retire_stat_loss.sequela: \"" + s.retire_sequela +
                         "\" has no magnitude (it is not a stat's change)",
                     "count it with retire_sequelae instead");
  throw InputError(s.retire_where,
                   "campaign.retire_stat_loss.sequela: \"" + s.retire_sequela +
                       "\" is not a sequela with a magnitude of this ruleset",
                   named.empty() ? "this ruleset's sequelae have no magnitude: retire with "
                                   "retire_sequelae"
                                 : "one of: " + named);
}

namespace {

// How an adventure left the character or party: still wounded for the next one (went_on, with
// campaign.downtime: not whole, and yet it goes on), or short of members the campaign's rule
// retired (a party that plays on after a death).
struct AdventureEnd {
  bool went_on = false;
  Departures left;
};

// `adventure(ctx, k, end)` plays adventure k (from 0) and says how it left the party in `end`.
template <typename Adventure>
Outcome play_adventures(const Campaign& c, TrialContext& ctx, Adventure&& adventure) {
  Outcome total;
  Seconds elapsed = 0;  // when the adventure begins, on the campaign's clock
  uint32_t carried = 0;  // lasting injuries, one by one
  int64_t stat = 0;      // retire_stat_loss's sequela: its magnitudes, summed
  const size_t nd = c.metrics.durations.size();
  for (int k = 0; k < c.spec.adventures; ++k) {
    TrialRng rng = ctx.rng.adventure(static_cast<uint64_t>(k));
    ctx.timeline.clear();
    EventLog part;  // empty, and never written without a log: no allocation
    TrialContext a{rng, ctx.log ? &part : nullptr, ctx.timeline};
    AdventureEnd after;
    const Outcome o = adventure(a, k, after);
    ctx.rng.absorb(rng);
    if (ctx.log) {
      // One entry on the campaign's clock: the adventure's story below it keeps the adventure's
      // own clock, the one the times inside its lines ("a helper will arrive at 2:00:00") use.
      std::string story = part.render();
      if (!story.empty()) story.pop_back();  // the campaign's render ends the entry's line
      ctx.log->add(elapsed, "adventure " + std::to_string(k + 1) + " of " +
                                std::to_string(c.spec.adventures) +
                                " begins; its story, on its own clock from 0:00:00:\n" + story);
    }
    for (size_t i = 0; i < total.counters.size(); ++i) total.counters[i] += o.counters[i];
    for (size_t d = 0; d < nd; ++d) {
      if (c.time[d] == CampaignTime::FirstFromStart) {
        if (o.has(d) && !total.has(d)) total.measure(d, elapsed + o.durations[d]);
      } else if (c.time[d] == CampaignTime::FromStart) {
        if (o.has(d))
          total.measure(d, elapsed + o.durations[d]);
        else
          total.measured &= ~(1u << d);  // the last adventure's, or none
      } else if (o.has(d)) {
        total.measure(d, (total.has(d) ? total.durations[d] : 0) + o.durations[d]);
      }
    }
    uint32_t taken = o.sequela_overflow;  // lasting injuries taken in this adventure
    for (uint8_t i = 0; i < o.sequela_kinds; ++i) {
      const SequelaEntry& q = o.sequelae[i];
      total.add_sequela(q.id, q.magnitude, q.count);
      taken += q.count;
      if (q.id == c.retire_id) stat += q.magnitude;
    }
    total.sequela_overflow = static_cast<uint16_t>(total.sequela_overflow + o.sequela_overflow);
    carried += taken;
    if (taken > 0) total.add_lasting(static_cast<uint16_t>(k + 1), taken);
    // Each member's first death, unless it retired before: a newcomer's death in its place is
    // counted, not dated.
    size_t j = 0;
    for (uint64_t m = c.member_deaths; m != 0; m &= m - 1, ++j)
      if (o.counters[static_cast<size_t>(std::countr_zero(m))] > 0 &&
          total.member_died_in[j] == 0 && total.member_retired_after[j] == 0)
        total.member_died_in[j] = static_cast<uint16_t>(k + 1);
    total.end = o.end;
    total.end_time = elapsed + o.end_time;
    if ((c.died_mask >> o.end) & 1) break;  // died in adventure k + 1
    total.adventures = static_cast<uint16_t>(k + 1);
    // Not whole at the horizon, or lost; unless it went on wounded after its downtime.
    if (!((c.recovered_mask >> o.end) & 1) && !after.went_on) break;
    elapsed = total.end_time;
    if (c.retirements < Outcome::kMaxCounters) {  // each member by its own rule, told in its story
      total.counters[c.retirements] += after.left.retired;
      if (c.why < Outcome::kMaxCounters) {
        total.counters[c.why] += after.left.for_count;
        total.counters[c.why + 1] += after.left.for_stat;
      }
      for (uint32_t w = after.left.who; w != 0; w &= w - 1) {  // each first occupant's, dated
        const size_t r = static_cast<size_t>(std::countr_zero(w));
        if (total.member_died_in[r] == 0 && total.member_retired_after[r] == 0)
          total.member_retired_after[r] = static_cast<uint16_t>(k + 1);
      }
      if (after.left.disbanded) {  // "go_on": the last members retired
        total.end = c.retired;
        for (size_t d = 0; d < nd; ++d)
          if (c.time[d] == CampaignTime::FromStart) total.measured &= ~(1u << d);
        if (ctx.log) ctx.log->add(elapsed, "the party is no more: its last members retired");
        break;
      }
      continue;
    }
    const bool by_count =
        c.spec.retire_sequelae > 0 && carried >= static_cast<uint32_t>(c.spec.retire_sequelae);
    const bool by_stat = c.retire_id >= 0 && (c.spec.retire_reaches < 0
                                                  ? stat <= c.spec.retire_reaches
                                                  : stat >= c.spec.retire_reaches);
    if (k + 1 < c.spec.adventures && (by_count || by_stat)) {
      total.end = c.retired;
      if (c.why < Outcome::kMaxCounters) {
        total.counters[c.why] += by_count;
        total.counters[c.why + 1] += by_stat;
      }
      for (size_t d = 0; d < nd; ++d)  // whole, but the campaign is not played out
        if (c.time[d] == CampaignTime::FromStart) total.measured &= ~(1u << d);
      if (ctx.log)
        ctx.log->add(elapsed, "retired after adventure " + std::to_string(k + 1) + ", carrying " +
                                  std::to_string(carried) + " lasting injuries" +
                                  (by_stat ? ", its " + c.spec.retire_sequela + " at " +
                                                 std::to_string(stat)
                                           : std::string()));
      break;
    }
  }
  if (!((c.recovered_mask >> total.end) & 1) && total.end != c.retired)
    for (size_t d = 0; d < nd; ++d)
      if (c.time[d] == CampaignTime::AddedUpWhole) total.measured &= ~(1u << d);
  return total;
}

// A model that can leave an adventure still wounded: its Carried, what its character or party
// carries from one adventure to the next, says by when it must leave (leave_by, set here: the
// downtime, none for the last adventure) and whether it did (went_on).
template <typename M>
concept GoesOnWounded = requires(typename M::Carried& c) {
  c.leave_by = Seconds{0};
  { c.went_on } -> std::convertible_to<bool>;
};

// A model whose party plays on after a death, a newcomer in the dead one's place or short of
// it: its Carried is told so (after_a_death = "replace", "go_on").
template <typename M>
concept PlaysOnAfterDeath = requires(typename M::Carried& c) { c.after_death = AfterDeath::GoOn; };

// A model whose party reports each member's lasting injuries (flux's sequelae, dnd5e's
// permanent losses) and so can retire a member by the campaign's rule while the party plays on:
// its Carried is told the rule (retire: none after the last adventure) and says who left.
// Another's party reports none, and nobody in it retires.
template <typename M>
concept RetiresMembers = requires(typename M::Carried& c) {
  c.retire = MemberRetirement{};
  c.left = Departures{};
};

// One ruleset's campaign: each adventure's run_adventure plays from what the one before left
// (M::Carried).
template <typename M>
Outcome play(const M& model, const Campaign& c, TrialContext& ctx) {
  static_assert(GoesOnWounded<M>,
                "every ruleset's model carries its body from one adventure to the next and goes "
                "on still wounded (docs/campaigns.md): Carried with leave_by and went_on");
  static_assert(PlaysOnAfterDeath<M>,
                "every ruleset's party plays on after a death, a newcomer in the dead one's "
                "place (docs/campaigns.md, after_a_death): Carried with after_death");
  typename M::Carried carried{};
  return play_adventures(c, ctx, [&](TrialContext& a, int k, AdventureEnd& after) {
    const bool more = k + 1 < c.spec.adventures;
    carried.leave_by = more ? c.spec.downtime : 0;
    carried.went_on = false;
    carried.after_death = c.spec.after_death;
    if constexpr (RetiresMembers<M>) {
      carried.retire = more ? c.member_retire : MemberRetirement{};
      carried.left = Departures{};
    }
    const Outcome o = model.run_adventure(a, carried);
    after.went_on = carried.went_on;
    if constexpr (RetiresMembers<M>) after.left = carried.left;
    return o;
  });
}

}  // namespace

Outcome play_campaign(const Model& model, const Campaign& c, TrialContext& ctx) {
  return std::visit([&](const auto& m) { return play(m, c, ctx); }, model);
}

}  // namespace leth
