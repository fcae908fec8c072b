// D&D 5e hit points, death saving throws and the lingering-injuries house rule of seed 003.
// Immutable once built; run_trial() is a pure function of the trial's streams.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "rules/common/health_model.h"
#include "rules/dnd5e/config.h"
#include "rules/dnd5e/course.h"
#include "rules/dnd5e/metrics.h"
#include "rules/dnd5e/party.h"

namespace leth::dnd5e {

// rules/dnd5e/template.cpp: every scenario key, commented.
const char* scenario_template();
// rules/dnd5e/party_template.cpp: every key of a party scenario, commented.
const char* party_template();

class Model {
 public:
  explicit Model(Config config);
  explicit Model(PartyConfig party);

  static const RulesetInfo& info();
  // A scenario with [[party]] is a party fight (rules/dnd5e/party.h); else one character.
  static Model build(const Scenario& s, size_t v);

  Outcome run_trial(TrialContext& ctx) const;
  // What one character carries from an adventure of a campaign to the next
  // (sim/engine/campaign.h): its permanent losses — the open injuries only magic heals (a lost
  // eye, hand or foot, permanent blindness, a torn auditory nerve: README interpretation 13,
  // which do not block recovery) — and the hands and feet lost to an untreated deadline.
  // run_adventure() begins from them (a second lost eye blinds; a healer's magic may still
  // heal one) and reports only the losses the adventure itself inflicted; run_trial() is
  // run_adventure() from nothing carried. A party carries each member's permanent losses
  // (Party::Carried; the limbs lost to a deadline are not carried there: the party's own attacks
  // do not read them).
  //
  // With campaign.downtime (sim/engine/campaign.h), one character still healing may end an
  // adventure early: at `leave_by` on its own clock, or as soon after as it can act (conscious,
  // out of bed, no condition that takes its actions, no treatment under way), it goes on
  // (`went_on`) with its HP and Hit Dice and every healable injury still open, each with its
  // course (DC, untreated long rests, next try) and its clocks (deadline, daily worsening) —
  // README interpretation 20; a party each member's (Party::Carried).
  struct Carried {
    static constexpr int kMaxLosses = 16;  // more are not carried (README interpretation 19)
    struct Loss {
      uint16_t def = 0;  // the catalog's row
      Severity severity = Severity::Light;
      bool limb_is_hand = true;
    };
    std::array<Loss, kMaxLosses> losses{};
    int n = 0;
    int hands = 0, feet = 0;  // lost to a deadline (the injury closed with the limb)
    Party::Carried members{};
    Seconds leave_by = 0;  // set by the campaign: 0, play to whole or the horizon
    bool went_on = false;  // set by run_adventure: left still healing at its downtime
    AfterDeath after_death = AfterDeath::End;  // set by the campaign (a party's)
    MemberRetirement retire{};  // set by the campaign: its rule for one member (a party's)
    Departures left{};          // set by run_adventure: the members that rule retired
    // What it went on with (set by run_adventure as went_on), on the next adventure's clock.
    struct Healing {
      InjuryCourse course;  // next_try from the next adventure's start
      bool limb_is_hand = true;
      int hp_lost = 0, decline = 0;
      Seconds deadline_in = -1, tick_in = -1;  // its pending clocks; -1: none
    };
    std::array<Healing, kMaxLosses> healing{};
    int n_healing = 0;
    int hp = -1, hit_dice = 0;  // hp -1: the scenario's, whole
  };
  Outcome run_adventure(TrialContext& ctx, Carried& carried) const;
  // What a trial reports: info().metrics for one character; a party's own, with its members.
  const MetricSpec& metrics() const { return party_ ? party_->metrics() : *info().metrics; }
  const Party* party() const { return party_.get(); }

  const Config& config() const { return config_; }
  const InjuryCatalog& catalog() const { return *catalog_; }

  struct Actor {
    int strike;
    int number;
  };
  const std::vector<Actor>& actors() const { return actors_; }

 private:
  Config config_;
  const InjuryCatalog* catalog_;
  std::vector<Actor> actors_;
  std::shared_ptr<const Party> party_;  // immutable, shared by the threads
};

}  // namespace leth::dnd5e
