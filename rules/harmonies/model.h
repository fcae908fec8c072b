// Les Harmonies, advanced wound rules (seed 001): wound levels with caps and escalation, pain
// and mortality, unstable wounds worsening on failed survival rolls, first aid, therapeutic
// rest with surveillance, healing lightest first, and mental wounds as a second track.
// Immutable once built; run_trial() is a pure function of the trial's streams.
#pragma once

#include <memory>

#include "rules/common/health_model.h"
#include "rules/harmonies/config.h"
#include "rules/harmonies/party.h"

namespace leth::harmonies {

// What a harmonies trial reports (the order of Model::info().metrics's lists).
namespace metric {
enum End : uint16_t {
  kDiedBlow,       // a wound arriving beyond the critical cap
  kDiedWorsening,  // a critical wound worsening (instability, effort)
  kLostMadness,    // a mental wound beyond the psychosis cap
  kRecovered,      // no physical wound left
  kStillUnstable,  // unresolved at the horizon: wounds unstable
  kStillWounded,   // unresolved: wounds stable, not yet healed
};
enum Counter : uint16_t {
  kWounds,              // physical wounds received (blows and starting wounds)
  kEscalations,         // levels a physical wound climbed because its level was full
  kMentalEscalations,   // levels a mental wound climbed because its level was full
  kWorsenings,          // wounds that worsened (survival roll, effort)
  kFaints,              // times the character fainted
  kFirstAidRolls,       // first-aid rolls made
  kStabilisations,      // times every wound was stabilised
  kMissedSurveillance,  // surveillances missed during rest
  kHealingRolls,        // healing rolls made
  kHealingFailures,     // healing rolls failed (the patient unstable again)
  kMentalWounds,        // mental wounds received
};
enum Duration : uint16_t {
  kDowntime,      // until no physical wound is left (recovered)
  kOutOfAction,   // shared: fainted, or in the minimum therapeutic rest (README)
  kTimeToDeath,   // deaths
  kTimeUnstable,  // seconds with unstable wounds in all
  kTimeToStable,  // first wound -> first stabilisation
  kTimeToLoss,    // start -> lost to madness
};
enum Sequela : uint16_t {
  kOpenLight,  // wounds still open at the horizon
  kOpenGrave,
  kOpenCritical,
  kEscalated,        // physical escalations suffered (a wound past a full level)
  kMentalEscalated,  // mental escalations suffered
  kShock,            // mental wounds held at the end
  kTrauma,
  kPsychosis,
};
}  // namespace metric

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
