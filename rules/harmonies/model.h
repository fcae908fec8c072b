// Les Harmonies, advanced wound rules (seed 001): wound levels with caps and escalation, pain
// and mortality, unstable wounds worsening on failed survival rolls, first aid, therapeutic
// rest with surveillance, healing lightest first, and mental wounds as a second track.
// Immutable once built; run_trial() is a pure function of the trial's streams.
#pragma once

#include <array>
#include <memory>

#include "rules/common/health_model.h"
#include "rules/harmonies/config.h"
#include "rules/harmonies/metrics.h"
#include "rules/harmonies/party.h"
#include "rules/harmonies/rest.h"

namespace leth::harmonies {

// rules/harmonies/template.cpp: every scenario key, commented.
const char* scenario_template();
// rules/harmonies/party_template.cpp: every key of a party scenario, commented.
const char* party_template();

class Model {
 public:
  explicit Model(Config config);
  explicit Model(PartyConfig party);

  static const RulesetInfo& info();
  // A scenario with [[party]] is a party fight (rules/harmonies/party.h); else one character.
  static Model build(const Scenario& s, size_t v);

  Outcome run_trial(TrialContext& ctx) const;
  // What one character carries from an adventure of a campaign to the next
  // (sim/engine/campaign.h): its mental wounds — shocks, traumas, psychoses, by level — which
  // never stop a recovery and, with mental_healing = "none", never heal (README
  // interpretation 17). run_adventure() begins with them held: their penalty on every test,
  // their madness, and a level already full, so the next mental wound escalates; it reports
  // only the wounds the adventure itself inflicted. run_trial() is run_adventure() from
  // nothing carried. A party carries nothing but, with a downtime, its members' open wounds.
  //
  // With campaign.downtime (sim/engine/campaign.h), an adventure still healing may end early:
  // at `leave_by` on its own clock, or as soon after as the character can act (conscious,
  // stable, its minimum rest over), it goes on (`went_on`) with its physical wounds, their
  // rest so far, its pain and its missed-care penalty (README interpretation 18). The next
  // adventure begins with them: a full level makes the next wound escalate.
  struct Carried {
    std::array<int, kLevels> mental{};
    Seconds leave_by = 0;  // set by the campaign: 0, play to whole or the horizon
    bool went_on = false;  // set by run_adventure: left still wounded at its downtime
    AfterDeath after_death = AfterDeath::End;  // set by the campaign (a party's)
    WoundList wounds;      // each wound's rest from `since`, on the next adventure's clock
    int pain = 0;
    int neglect = 0;
    Party::Carried members;  // a party's, each member's as above (Party::run_adventure)
  };
  Outcome run_adventure(TrialContext& ctx, Carried& carried) const;
  // What a trial reports: info().metrics for one character; a party's own, with its members.
  const MetricSpec& metrics() const { return party_ ? party_->metrics() : *info().metrics; }
  const Party* party() const { return party_.get(); }

  const Config& config() const { return config_; }
  const WoundTable& wounds() const { return *wounds_; }
  const MentalTable& mental() const { return *mental_; }

  // One creature: its attack profile, its number among its kind.
  struct Actor {
    int attack;
    int number;
  };
  const std::vector<Actor>& actors() const { return actors_; }

 private:
  Config config_;
  const WoundTable* wounds_;
  const MentalTable* mental_;
  std::vector<Actor> actors_;
  std::shared_ptr<const Party> party_;  // immutable, shared by the threads
};

}  // namespace leth::harmonies
