// Unisystem hit points, survival tests, resuscitation and recovery, endurance and essence
// (seed 000). Immutable once built; run_trial() is a pure function of the trial's streams.
#pragma once

#include <memory>
#include <vector>

#include "rules/common/health_model.h"
#include "rules/unisystem/config.h"
#include "rules/unisystem/party.h"

namespace leth::unisystem {

// What a unisystem trial reports (the order of Model::info().metrics's lists).
namespace metric {
enum End : uint16_t {
  kDiedCombat,          // a failed survival test in the fight (or a creature destroyed there)
  kDiedDying,           // a failed survival test of the minute-by-minute chain
  kDiedUnresuscitable,  // killed by an attacker flagged unresuscitable (decapitated, burnt)
  kDiedEssence,         // a failed survival test at -30 essence or less
  kDiedRecovery,        // a failed daily survival test without medical care
  kRecovered,           // full hit points, endurance and essence
  kStillDying,          // unresolved: dying at the horizon
  kStillInjured,        // unresolved: alive, not recovered at the horizon
};
enum Counter : uint16_t {
  kWoundsSuperficial,      // wounds of 1-2 points
  kWoundsDeep,             // 3-5
  kWoundsSerious,          // 6-10
  kWoundsLifeThreatening,  // 11-15
  kWoundsMassive,          // more than 15
  kCollapsed,              // failed the Will test after a hit
  kKnockedDown,            // failed to stay up at 0 HP or less
  kSurvivalTests,          // survival tests made (fight, minutes, resuscitation, days, essence)
  kStabilised,             // stabilised while dying
  kResuscitated,           // brought back after a failed survival test
  kFirstAidHp,             // hit points restored by first aid
  kEnduranceKnockouts,     // fell unconscious at 0 endurance or less
  kHpFromEndurance,        // HP lost to endurance damage (realism option)
  kEssenceWillFailures,    // failed Will tests below 0 essence
};
enum Duration : uint16_t {
  kDowntime,       // start -> fully recovered
  kOutOfAction,    // first out of action -> fully recovered
  kTimeToDeath,    // start -> death
  kTimeBelowZero,  // seconds with HP below 0, in all
  kTimeDying,      // first survival test survived -> stabilised or dead
};
enum Sequela : uint16_t {
  kResuscitatedSequela,  // brought back from death
  kDaysBelowZero,        // days of recovery begun below 0 HP
  kMentalLevelLost,      // essence: a mental attribute level lost (temporarily)
  kMentalFlaw,           // essence: a mental flaw gained (temporarily)
};
}  // namespace metric

const char* scenario_template();
// rules/unisystem/party_template.cpp: every key of a party scenario, commented.
const char* party_template();

class Model {
 public:
  explicit Model(Config config);
  explicit Model(PartyConfig party);

  static const RulesetInfo& info();
  // A scenario with [[party]] is a party fight (rules/unisystem/party.h); else one character.
  static Model build(const Scenario& s, size_t v);

  Outcome run_trial(TrialContext& ctx) const;

  // What a trial reports: info().metrics for one character; a party's own, with its members.
  const MetricSpec& metrics() const { return party_ ? party_->metrics() : *info().metrics; }
  const Party* party() const { return party_.get(); }

  const Config& config() const { return config_; }

  struct Actor {
    int attacker;
    int number;
  };
  const std::vector<Actor>& actors() const { return actors_; }

 private:
  Config config_;
  std::vector<Actor> actors_;
  std::shared_ptr<const Party> party_;  // immutable, shared by the threads
};

}  // namespace leth::unisystem
