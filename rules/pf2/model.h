// Pathfinder 2e hit points, dying and recovery (seed 004, with the Player Core rules as
// options). Immutable once built; run_trial() is a pure function of the trial's streams.
#pragma once

#include <string>
#include <vector>

#include "rules/pf2/config.h"
#include "sim/core/event_log.h"
#include "sim/core/outcome.h"
#include "sim/core/stream.h"

namespace leth::pf2 {

// Conditions a trial can be left in at the horizon (Outcome::condition).
enum ConditionId : uint8_t { kStillDying = 0, kStillUnconscious = 1, kStillInjured = 2 };

class Model {
 public:
  explicit Model(Config config);

  Outcome run_trial(TrialRng& rng, EventLog* log) const;

  const Config& config() const { return config_; }
  static const std::vector<std::string>& condition_names();
  static const std::vector<std::string>& sequela_names();

  // One creature's place in the fight: which strike profile it uses, its number among its kind.
  struct Actor {
    int strike;
    int number;
  };
  const std::vector<Actor>& actors() const { return actors_; }

 private:
  Config config_;
  std::vector<Actor> actors_;
};

}  // namespace leth::pf2
