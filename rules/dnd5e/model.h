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
