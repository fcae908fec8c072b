// D&D 5e hit points, death saving throws and the lingering-injuries house rule of seed 003.
// Immutable once built; run_trial() is a pure function of the trial's streams.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "rules/common/health_model.h"
#include "rules/dnd5e/config.h"
#include "rules/dnd5e/party.h"

namespace leth::dnd5e {

// What a dnd5e trial reports (the order of Model::info().metrics's lists).
namespace metric {
enum End : uint16_t {
  kDiedCombat,        // died in the fight: death saves or damage at 0 HP
  kDiedMassive,       // killed outright by massive damage
  kDiedDying,         // died after the fight, of death saves
  kDiedInjury,        // killed by an injury's course: max HP or an ability reduced to 0
  kRecovered,         // full HP, conscious, out of bed, no healable injury open
  kStillDying,        // unresolved at the horizon: at 0 HP making death saves
  kStillUnconscious,  // at 0 HP and stable, or in a coma
  kStillInjured,      // conscious with an injury still open
  kStillHurt,         // below full HP, no injury open (in bed means a treated injury open)
};
enum Counter : uint16_t {
  kKnockedOut,
  kInjuries,
  kInjuriesLight,
  kInjuriesModerate,
  kInjuriesSevere,
  kInjuriesSerious,
  kDeathSaveFailures,
  kNat20Revivals,
  kStabilisedByMedicine,
  kTreatmentsFailed,
  kTreatmentsSucceeded,
  kMagicUsed,
  kHitDiceSpent,
  kLimbsLostToDeadline,
  kFrostbiteWorsened,
};
enum Duration : uint16_t {
  kDowntime,
  kOutOfAction,
  kTimeToDeath,
  kTimeUnconscious,
  kTimeInBed,
};
// Sequelae: permanent losses, ability and max-HP losses, and injuries still open by severity.
enum Sequela : uint16_t {
  kLostEye,
  kBlindness,
  kDeafness,
  kLostHand,
  kLostFoot,
  kStrLoss,  // .. kChaLoss: in Ability order
  kDexLoss,
  kConLoss,
  kIntLoss,
  kWisLoss,
  kChaLoss,
  kMaxHpLoss,
  kOpenLight,  // .. kOpenSerious: in Severity order
  kOpenModerate,
  kOpenSevere,
  kOpenSerious,
};
}  // namespace metric

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
