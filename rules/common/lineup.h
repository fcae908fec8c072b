// What every ruleset's party answers the same way, written once: the line-up of combatants
// (members first, then every opponent, as the scenario lists them), each side, initiative and
// the number of attacks in a turn, the party's metric declaration, and playing the fight from
// fresh bodies. A ruleset's Party derives from Lineup<Party, PartyConfig> and adds its body,
// its attack and its recovery (rules/common/fight.h, the FightRules concept).
//
// Config has `combatants` (a vector of stat blocks, each with `name`, `initiative` and
// `attacks`, one turn's, in order) and `members` (how many of them are the party) and
// `policies`. Derived has a public `Body fresh(size_t c) const` and satisfies FightRules.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <utility>

#include "rules/common/fight.h"
#include "rules/common/party_report.h"
#include "sim/core/metrics.h"
#include "sim/core/trial.h"

namespace leth::fight {

template <typename Derived, typename Config>
class Lineup {
 public:
  explicit Lineup(Config config)
      : cfg_(std::move(config)),
        metrics_(party_metrics(member_names(cfg_.combatants, cfg_.members))) {}

  const MetricSpec& metrics() const { return metrics_; }
  const Config& config() const { return cfg_; }

  // ---- the part of fight::FightRules that is the line-up's
  size_t combatants() const { return cfg_.combatants.size(); }
  Side side(size_t c) const { return c < cfg_.members ? Side::Party : Side::Opponents; }
  int initiative_bonus(size_t c) const { return cfg_.combatants[c].initiative; }
  int attacks(size_t c) const { return static_cast<int>(cfg_.combatants[c].attacks.size()); }
  // ----

 protected:
  template <typename Body>
  using Bodies = std::array<Body, kMaxCombatants>;

  // Fills bodies with every combatant's fresh body and plays the fight to the end of its
  // aftermath (fight::play). Allocation-free.
  template <typename Body>
  Result play_fight(Bodies<Body>& bodies, TrialContext& ctx) const {
    return play_fight(bodies, ctx, [](Body&) {});
  }
  // The same, with `start(body)` applied to each fresh body before the fight: what a campaign's
  // member carries from the adventure before (docs/campaigns.md).
  template <typename Body, typename Start>
  Result play_fight(Bodies<Body>& bodies, TrialContext& ctx, Start&& start) const {
    const Derived& self = static_cast<const Derived&>(*this);
    const size_t n = combatants();
    for (size_t c = 0; c < n; ++c) {
      bodies[c] = self.fresh(c);
      start(bodies[c]);
    }
    return play(self, std::span<Body>(bodies.data(), n), cfg_.members, ctx.rng, cfg_.policies,
                ctx.log);
  }
  // The next encounter of an adventuring day (docs/days.md): the members keep their bodies as
  // the encounter before left them, every opponent is fresh, and the fight plays on `rng` (the
  // encounter's, TrialRng::encounter) from its own clock at 0. Allocation-free.
  template <typename Body>
  Result play_encounter(Bodies<Body>& bodies, TrialRng& rng, EventLog* log) const {
    const Derived& self = static_cast<const Derived&>(*this);
    const size_t n = combatants();
    for (size_t c = cfg_.members; c < n; ++c) bodies[c] = self.fresh(c);
    return play(self, std::span<Body>(bodies.data(), n), cfg_.members, rng, cfg_.policies, log);
  }
  // How many opponents are out for good (`out(body)`: dead, or as the ruleset counts them).
  template <typename Body, typename Out>
  uint32_t count_defeated(const Bodies<Body>& bodies, Out&& out) const {
    uint32_t k = 0;
    for (size_t c = cfg_.members; c < combatants(); ++c) k += out(bodies[c]) ? 1u : 0u;
    return k;
  }
  // A body's combatant's name (Body has `c`, its index).
  template <typename Body>
  const std::string& name(const Body& b) const {
    return cfg_.combatants[b.c].name;
  }

  Config cfg_;
  MetricSpec metrics_;
};

}  // namespace leth::fight
