// The survivors' therapeutic rest after a harmonies party fight (README, the party fight,
// reading 10): once every survivor is stable, each wounded one rests, is watched over, is
// healed lightest wound first and recovers its pain by seed 001's rules, the single
// character's ("Repos thérapeutique", "Guérison des blessures": rest.h's, which model.cpp plays
// too), each on its own list of wounds. Each member has its own clock and its own streams
// (sim/core/substreams.h, combatant_rest_*); they meet only where the party acts for one of
// them: the healer (the living member with the best healing roll) and the first aid given to a
// member made unstable again.
#include <algorithm>
#include <array>

#include "rules/harmonies/party.h"
#include "rules/harmonies/rest.h"
#include "sim/core/out_of_action.h"
#include "sim/core/substreams.h"

namespace leth::harmonies {

namespace {

enum class Ev : uint8_t { Check, Wake, Aid, Surveillance, Heal, Pain, None };

}  // namespace

// One trial's rest: the members' bodies from the fight, each with its list of wounds (the
// body keeps the counts per level, which its rules read) and its pending events.
class PartyRestPhase {
 public:
  PartyRestPhase(const Party& p, Party::Bodies<Party::Body>& bodies, TrialContext& ctx,
                 Party::Carried& carried)
      : p_(p),
        cfg_(p.cfg_),
        table_(*p.table_),
        bodies_(bodies),
        rng_(ctx.rng),
        log_(ctx.log),
        carried_(carried) {}

  // To the horizon, or (leave_by > 0) until the party goes on still wounded: then `carried`
  // holds what each member takes into the next adventure.
  // `rest_from`: a member stable by then begins its rest there (Party::rest).
  // `after_death`: a death does not keep the survivors from going on (after_a_death).
  Outcome run(const fight::Result& res, uint32_t defeated, Seconds rest_from, Seconds leave_by,
              bool* went_on, AfterDeath after_death);

 private:
  struct Patient {
    WoundList wounds;
    bool resting = false;  // its rest has begun
    int treated = -1;      // after a failed healing roll: the wound that worsens until stable
    bool restart = false;  // the next stabilisation restarts every wound's rest
    int neglect = 0;       // 001: -1 cumulative per missed surveillance
    Seconds aid_at = -1, surveil_at = -1, heal_at = -1, pain_at = -1;
    uint32_t checks = 0, cares = 0, surveillances = 0;
    Seconds healed_at = -1;  // its last physical wound went
    OutOfAction out;
  };

  Party::Body& body(size_t c) { return bodies_[c]; }
  const Options& opt() const { return cfg_.options; }
  const std::string& name(size_t c) const { return cfg_.combatants[c].name; }

  // --- wounds
  void sync(size_t c);  // the body's counts per level from the list
  Seconds minimum_rest_end(size_t c) const {
    return harmonies::minimum_rest_end(q_[c].wounds, table_, q_[c].restart);
  }

  // --- the rules, one each (model.cpp's of the same names)
  void begin(size_t c, Seconds t);
  void stable_again(size_t c, Seconds t);
  void become_unstable(size_t c, Seconds t, int treated);
  void check(size_t c, Seconds t);
  void worsen(size_t c, size_t i, Seconds t, Stream& s, const char* why);
  void aid(size_t c, Seconds t);
  void surveillance(size_t c, Seconds t);
  void heal(size_t c, Seconds t);
  void pain_tick(size_t c, Seconds t);
  void wake(size_t c, Seconds t);
  void wounds_changed(size_t c, Seconds t);

  // --- planning: at most one pending event of each kind per member
  void plan_rest(size_t c, Seconds t);
  void plan_aid(size_t c, Seconds t);
  void plan_surveillance(size_t c, Seconds from);
  void plan_heal(size_t c, Seconds t);
  void plan_pain(size_t c, Seconds t);
  int helper(size_t patient) const;  // the best first aid for it now, or -1
  int healer() const;                // the best healing roll now, or -1

  // --- out of action (README, interpretation 16): fainted, or in the minimum rest
  bool cannot_act(size_t c, Seconds t) const;
  // --- a campaign's downtime (README interpretation 18, a party's): when the party goes on,
  // from `now` (the last event) and before `until` (the next), or -1
  Seconds leave_time(Seconds leave_by, Seconds now, Seconds until) const;
  AfterDeath after_death_ = AfterDeath::End;  // run's
  void carry(Seconds left_at);
  void track(size_t c, Seconds t);
  void settle(Seconds until);

  const Party& p_;
  const PartyConfig& cfg_;
  const WoundTable& table_;
  Party::Bodies<Party::Body>& bodies_;
  TrialRng& rng_;
  EventLog* log_;
  Party::Carried& carried_;  // in: from the adventure before; out: into the next
  std::array<Patient, fight::kMaxMembers> q_{};
};

// ---------------------------------------------------------------- wounds

void PartyRestPhase::sync(size_t c) {
  Party::Body& b = body(c);
  b.wounds = {};
  const Patient& q = q_[c];
  for (size_t i = 0; i < q.wounds.n; ++i) ++b.wounds[q.wounds.w[i].level];
}

// ---------------------------------------------------------------- the rules

// A stable, wounded survivor's rest begins: at its stabilisation, or when the fight ended if
// it was stabilised during it.
void PartyRestPhase::begin(size_t c, Seconds t) {
  Patient& q = q_[c];
  const Party::Body& b = body(c);
  q.resting = true;
  // Wounds carried in keep their rest so far (interpretation 18), matched by level: at each
  // level the carried ones first, in their order (those the fight worsened are gone from it),
  // then the fight's, whose rest begins now.
  const WoundList& carried = carried_[c].wounds;
  for (int l = 0; l < kLevels; ++l) {
    int left = b.wounds[static_cast<size_t>(l)];
    for (size_t i = 0; i < carried.n && left > 0; ++i)
      if (carried.w[i].level == l) {
        q.wounds.add(l, carried.w[i].since);
        --left;
      }
    for (; left > 0; --left) q.wounds.add(l, kNotResting);
  }
  if (carried.n > 0) q.neglect = carried_[c].neglect;
  note(log_, t, [&] {
    return name(c) + (carried.n > 0 ? ": therapeutic rest goes on" : ": therapeutic rest begins");
  });
  stable_again(c, t);
}

// 001: rest (and the healing periods) start at the stabilisation that follows a wound's
// arrival; after a missed surveillance's failed roll, or a failed healing roll (option
// failed_healing_rest), every wound's rest starts over.
void PartyRestPhase::stable_again(size_t c, Seconds t) {
  Patient& q = q_[c];
  q.treated = -1;
  rest_from(q.wounds, t, q.restart);
  q.restart = false;
  q.aid_at = -1;
  plan_rest(c, t);
}

void PartyRestPhase::become_unstable(size_t c, Seconds t, int treated) {
  Party::Body& b = body(c);
  Patient& q = q_[c];
  b.unstable = true;
  q.treated = treated;
  b.anchor = t;
  note(log_, t, [&] {
    return name(c) + (treated >= 0
                          ? std::string(" is unstable: the treated wound worsens if a survival "
                                        "roll fails before it is stable again")
                          : std::string(" is unstable"));
  });
  // 001: "Tant qu'une blessure n'est pas stabilisée, aucune récupération de Douleur ou de
  // blessures n'est possible."
  q.surveil_at = q.heal_at = q.pain_at = -1;
  p_.plan_check(b, t);
  plan_aid(c, t);
}

// 001: "un jet de survie (Cp+Rs à 0 plus le malus de douleur)", with the missed
// surveillances' -1 each. Unstable: a failure worsens the worst wound (the treated one after
// a failed healing roll); stable: a failure makes the state unstable again.
void PartyRestPhase::check(size_t c, Seconds t) {
  Party::Body& b = body(c);
  Patient& q = q_[c];
  b.check_at = -1;
  const int survival = cfg_.combatants[c].survival;
  // Stable, nothing pending that could change its odds, and no roll can fail (closed rolls):
  // the state holds to the horizon, so the rolls are not played one by one (model.cpp's
  // shortcut).
  if (!b.unstable && q.surveil_at < 0 && q.heal_at < 0 &&
      certain(opt(), survival - q.neglect + p_.pain_penalty(b))) {
    note(log_, t, [&] { return name(c) + ": no survival roll can fail; the state holds"; });
    return;
  }
  Stream s = open(rng_, streams::combatant_rest_check(c, ++q.checks));
  const TestResult r = p_.test(b, s, survival, -q.neglect);
  note(log_, t, [&] {
    return name(c) + (b.unstable ? " survival roll (unstable): " : " survival roll (stable): ") +
           test_text(r, mod_text(survival) + mod_text(-q.neglect) + " (missed care)" +
                            mod_text(p_.pain_penalty(b)) + " (pain)");
  });
  b.anchor = t;
  if (r.success) {
    p_.plan_check(b, t);
    return;
  }
  if (!b.unstable) {
    // README, interpretation 11: option failed_stable_roll.
    if (opt().restart_rest_on_stable_failure) q.restart = true;
    become_unstable(c, t, -1);
    return;
  }
  const size_t i = q.treated >= 0 ? static_cast<size_t>(q.treated) : q.wounds.worst();
  worsen(c, i, t, s,
         q.treated >= 0 ? "the treated wound, after the failed healing" : "failed survival roll");
}

// 001: the wound is replaced by one a level higher, with the pain of a new wound; a critical
// wound worsening kills (interpretation 5); into a full level it escalates on (6).
void PartyRestPhase::worsen(size_t c, size_t i, Seconds t, Stream& s, const char* why) {
  Party::Body& b = body(c);
  Patient& q = q_[c];
  const int from = q.wounds.w[i].level;
  if (from == kCritical) {
    p_.die(b, t, log_, "the critical wound worsens");
    return;
  }
  const int l = open_level(q.wounds, from + 1, cfg_.combatants[c].caps);
  if (l >= kLevels) {
    p_.die(b, t, log_, "a wound worsens beyond the critical cap");
    return;
  }
  q.wounds.w[i] = {static_cast<uint8_t>(l), kNotResting};  // a new wound of its level: a new rest
  sync(c);
  note(log_, t, [&] {
    return name(c) + ": the " + kLevelName[from] + " wound worsens to " + kLevelName[l] + " (" +
           why + "): mortality " + std::to_string(p_.mortality(b));
  });
  p_.plan_check(b, t);
  p_.receive_pain(b, table_[static_cast<size_t>(l)].pain, s, t, log_);
}

// A member unstable again during the rest: the party's first aid (001: at the sum of the
// wounds' difficulties), one attempt a round (6 s) by the best helper able, itself included
// (README, the party fight, reading 10).
void PartyRestPhase::aid(size_t c, Seconds t) {
  Party::Body& b = body(c);
  Patient& q = q_[c];
  q.aid_at = -1;
  if (!b.unstable || b.dead) return;
  const int h = helper(c);
  if (h < 0) return;
  Stream s = open(rng_, streams::combatant_rest_care(c, ++q.cares));
  if (p_.first_aid_roll(body(static_cast<size_t>(h)), b, s, t, log_))
    stable_again(c, t);
  else
    plan_aid(c, t);
}

// 001: a missed surveillance forces a survival roll (failure: unstable, the rest starts over)
// and in any case -1 cumulative on later survival and healing rolls until healed.
void PartyRestPhase::surveillance(size_t c, Seconds t) {
  Party::Body& b = body(c);
  Patient& q = q_[c];
  q.surveil_at = -1;
  Stream s = open(rng_, streams::combatant_surveillance(c, ++q.surveillances));
  if (s.chance(cfg_.rest.neglect)) {
    const int survival = cfg_.combatants[c].survival;
    const TestResult r = p_.test(b, s, survival, -q.neglect);
    ++q.neglect;
    note(log_, t, [&] {
      return name(c) + ": surveillance missed, survival roll " +
             test_text(r, mod_text(survival) + mod_text(1 - q.neglect) + " (missed care)" +
                              mod_text(p_.pain_penalty(b)) + " (pain)") +
             "; later rolls " + signed_text(-q.neglect);
    });
    if (!r.success) {
      q.restart = true;  // 001: "La période de repos doit alors être reprise du départ"
      become_unstable(c, t, -1);
      return;
    }
  }
  plan_surveillance(c, t);
}

// 001 "Guérison des blessures": the healer rolls for the lightest wound that has rested its
// period, at the wound's difficulty + equipment + the missed surveillances (and its own pain);
// a success lowers it a level (a light one goes) and allows the next roll; a failure makes
// the patient unstable, the treated wound the one that worsens until stable again.
void PartyRestPhase::heal(size_t c, Seconds t) {
  Party::Body& b = body(c);
  Patient& q = q_[c];
  q.heal_at = -1;
  if (b.unstable || b.dead) return;
  const int hi = healer();
  if (hi < 0) {
    // Every living healer has fainted: the roll waits for the first to come to.
    Seconds wake = -1;
    for (size_t h = 0; h < cfg_.members; ++h) {
      const Party::Body& k = body(h);
      if (!k.dead && cfg_.combatants[h].healing && (wake < 0 || k.wake_at < wake)) wake = k.wake_at;
    }
    if (wake >= 0) q.heal_at = std::max(t, wake);
    return;
  }
  const Party::Body& healer = body(static_cast<size_t>(hi));
  const int level = *cfg_.combatants[static_cast<size_t>(hi)].healing;
  while (!b.dead && q.wounds.n > 0) {
    const size_t i = ready_to_heal(q.wounds, table_, t);
    if (i == q.wounds.n) {
      plan_heal(c, t);
      return;
    }
    const int l = q.wounds.w[i].level;
    const WoundLevel& w = table_[static_cast<size_t>(l)];
    Stream s = open(rng_, streams::combatant_rest_care(c, ++q.cares));
    const int difficulty = w.difficulty + cfg_.rest.equipment - q.neglect;
    const TestResult r = p_.test(healer, s, level, difficulty);
    note(log_, t, [&] {
      return name(static_cast<size_t>(hi)) + " heals " + name(c) + "'s " + kLevelName[l] +
             " wound: " +
             test_text(r, mod_text(level) + mod_text(w.difficulty) + mod_text(cfg_.rest.equipment) +
                              " (equipment)" + mod_text(-q.neglect) + " (missed care)" +
                              mod_text(p_.pain_penalty(healer)) + " (pain)");
    });
    if (!r.success) {
      healing_failed(q.wounds, i, opt(), q.restart);
      become_unstable(c, t, static_cast<int>(i));
      return;
    }
    const int before = p_.mortality(b);
    healed(q.wounds, i, t, opt());
    sync(c);
    note(log_, t, [&] {
      return name(c) + "'s " + kLevelName[l] + " wound " +
             (l == kLight ? std::string("heals") : std::string("becomes ") + kLevelName[l - 1]) +
             ": mortality " + std::to_string(before) + " -> " + std::to_string(p_.mortality(b));
    });
    wounds_changed(c, t);
  }
}

void PartyRestPhase::wounds_changed(size_t c, Seconds t) {
  Party::Body& b = body(c);
  Patient& q = q_[c];
  if (q.wounds.n == 0) {
    q.healed_at = t;
    b.check_at = -1;
    q.surveil_at = q.pain_at = -1;
    note(log_, t, [&] { return name(c) + " has no wound left"; });
    return;
  }
  p_.plan_check(b, t);
  if (q.surveil_at < 0) plan_surveillance(c, t);
  plan_pain(c, t);
}

// seeds/README: pain recovers, one point per [rest] pain_recovery, never below the mortality;
// 001: nothing recovers while unstable.
void PartyRestPhase::pain_tick(size_t c, Seconds t) {
  Party::Body& b = body(c);
  q_[c].pain_at = -1;
  if (b.unstable) return;
  b.pain = std::max(p_.mortality(b), b.pain - 1);
  plan_pain(c, t);
}

void PartyRestPhase::wake(size_t c, Seconds t) {
  Party::Body& b = body(c);
  b.conscious = true;
  b.up_last = t;
  note(log_, t, [&] { return name(c) + " comes to"; });
}

// ---------------------------------------------------------------- planning

void PartyRestPhase::plan_rest(size_t c, Seconds t) {
  Patient& q = q_[c];
  q.surveil_at = -1;
  plan_surveillance(c, t);
  plan_heal(c, t);
  plan_pain(c, t);
}

void PartyRestPhase::plan_aid(size_t c, Seconds t) {
  const Party::Body& b = body(c);
  Patient& q = q_[c];
  if (!q.resting || b.dead || !b.unstable || q.aid_at >= 0 || helper(c) < 0) return;
  q.aid_at = t + kRound;  // an attempt is a round (README, the party fight, reading 6)
}

// 001 "Repos thérapeutique": care at the worst wound's surveillance period; only a chance of
// missing one makes it matter. Option surveillance: until healed, or during the minimum rest.
void PartyRestPhase::plan_surveillance(size_t c, Seconds from) {
  Patient& q = q_[c];
  if (cfg_.rest.neglect <= 0 || body(c).unstable) return;
  if (const Seconds at = surveillance_at(q.wounds, table_, from, q.restart, opt()); at >= 0)
    q.surveil_at = at;
}

// 001: lightest wound first, once it has rested its healing period; needs a healer.
void PartyRestPhase::plan_heal(size_t c, Seconds t) {
  Patient& q = q_[c];
  q.heal_at = -1;
  if (body(c).unstable || q.wounds.n == 0) return;
  bool any = false;
  for (size_t h = 0; h < cfg_.members; ++h) any = any || cfg_.combatants[h].healing.has_value();
  if (!any) return;  // nobody in the party heals: the wounds stay
  q.heal_at = std::max(t, healing_ready(q.wounds, table_));
}

void PartyRestPhase::plan_pain(size_t c, Seconds t) {
  const Party::Body& b = body(c);
  Patient& q = q_[c];
  if (b.unstable || b.pain <= p_.mortality(b) || q.pain_at >= 0) return;
  q.pain_at = t + cfg_.rest.pain_every;
}

// The living, conscious member with [party.heals] first_aid whose roll on this patient is best
// (its level, its own pain, the patient's difficulties), if that roll can succeed; ties: the
// first listed.
int PartyRestPhase::helper(size_t patient) const {
  int best = -1, best_mods = 0;
  const int difficulty = p_.first_aid_difficulty(bodies_[patient]);
  for (size_t h = 0; h < cfg_.members; ++h) {
    const Party::Body& k = bodies_[h];
    if (k.dead || !k.conscious || !cfg_.combatants[h].first_aid) continue;
    const int mods = *cfg_.combatants[h].first_aid + difficulty + p_.pain_penalty(k);
    if (!possible(opt(), mods)) continue;
    if (best < 0 || mods > best_mods) {
      best = static_cast<int>(h);
      best_mods = mods;
    }
  }
  return best;
}

// The living, conscious member with [party.heals] healing whose roll is best (its level and
// its own pain); ties: the first listed.
int PartyRestPhase::healer() const {
  int best = -1, best_mods = 0;
  for (size_t h = 0; h < cfg_.members; ++h) {
    const Party::Body& k = bodies_[h];
    if (k.dead || !k.conscious || !cfg_.combatants[h].healing) continue;
    const int mods = *cfg_.combatants[h].healing + p_.pain_penalty(k);
    if (best < 0 || mods > best_mods) {
      best = static_cast<int>(h);
      best_mods = mods;
    }
  }
  return best;
}

// ---------------------------------------------------------------- out of action

bool PartyRestPhase::cannot_act(size_t c, Seconds t) const {
  const Party::Body& b = bodies_[c];
  const Patient& q = q_[c];
  return !b.conscious || (q.resting && q.wounds.n > 0 && t < minimum_rest_end(c));
}

void PartyRestPhase::track(size_t c, Seconds t) {
  if (bodies_[c].dead || !q_[c].resting) return;
  if (cannot_act(c, t))
    q_[c].out.cannot_act(t);
  else
    q_[c].out.can_act(t);
}

// A minimum rest can end between two events: the member, conscious, can act from its end.
void PartyRestPhase::settle(Seconds until) {
  for (size_t c = 0; c < cfg_.members; ++c) {
    Patient& q = q_[c];
    if (bodies_[c].dead || !q.out.out() || !bodies_[c].conscious || q.wounds.n == 0) continue;
    const Seconds end = minimum_rest_end(c);
    if (end <= until) q.out.can_act(end);
  }
}

// ---------------------------------------------------------------- the rest

// Interpretation 18, a party's: it goes on at the downtime's end if every survivor can act
// then — conscious, stable, its minimum rest over — and one still has open wounds (else it
// rests to whole as without a downtime); else as soon after as they all can (a minimum rest may
// end between two events; anything else changes only at one). Never past the horizon, never
// after a death: a death ends a party's campaign.
Seconds PartyRestPhase::leave_time(Seconds leave_by, Seconds now, Seconds until) const {
  if (leave_by <= 0) return -1;
  Seconds go = std::max(leave_by, now);
  bool open = false;
  for (size_t c = 0; c < cfg_.members; ++c) {
    const Party::Body& b = bodies_[c];
    if (b.dead && plays_on(after_death_)) continue;  // left behind: a newcomer's place, or empty
    if (b.dead || b.unstable || !b.conscious) return -1;
    if (q_[c].wounds.n == 0) continue;
    open = true;
    go = std::max(go, minimum_rest_end(c));
  }
  return open && go <= std::min(until, cfg_.horizon) ? go : -1;
}

// What each member takes into the next adventure: its open wounds, their rest on the next
// adventure's clock, its pain and missed-care penalty; nothing when it is whole.
void PartyRestPhase::carry(Seconds left_at) {
  for (size_t c = 0; c < cfg_.members; ++c) {
    Party::CarriedMember& out = carried_[c];
    const Patient& q = q_[c];
    out = Party::CarriedMember{};
    // Its place's next occupant: the scenario's, fresh, or nobody (after_a_death).
    out.newcomer = body(c).dead && after_death_ != AfterDeath::GoOn;
    out.absent = body(c).dead && after_death_ == AfterDeath::GoOn;
    if (left_at < 0 || q.wounds.n == 0 || body(c).dead) continue;
    out.wounds = q.wounds;
    for (size_t i = 0; i < q.wounds.n; ++i)
      if (q.wounds.w[i].since != kNotResting) out.wounds.w[i].since = q.wounds.w[i].since - left_at;
    out.pain = body(c).pain;
    out.neglect = q.neglect;
  }
}

Outcome PartyRestPhase::run(const fight::Result& res, uint32_t defeated, Seconds rest_from,
                            Seconds leave_by, bool* went_on, AfterDeath after_death) {
  const size_t m = cfg_.members;
  after_death_ = after_death;
  std::array<bool, fight::kMaxMembers> hurt{};  // wounded when the fight's aftermath ended
  for (size_t c = 0; c < m; ++c) {
    const Party::Body& b = body(c);
    if (b.dead || p_.worst(b) < 0) continue;
    hurt[c] = true;
    // A member left unstable (nobody could help it) has played its clock to the horizon.
    if (!b.unstable) {
      const Seconds start = std::max(b.stable_at, rest_from);
      begin(c, start);
      track(c, start);
    }
  }
  // The members' events in the order of time; at one time, the kinds in Ev's order (every
  // member's survival roll, then every waking, ... so a healing roll never waits on a healer
  // coming to at that very time), then the member listed first; to the horizon, or until the
  // party goes on (a downtime).
  Seconds now = res.end;  // the last event's time
  Seconds left_at = -1;
  while (true) {
    size_t who = 0;
    Ev kind = Ev::None;
    Seconds when = -1;
    auto consider = [&](size_t c, Ev k, Seconds at) {
      if (at >= 0 && (kind == Ev::None || at < when || (at == when && k < kind))) {
        who = c;
        kind = k;
        when = at;
      }
    };
    for (size_t c = 0; c < m; ++c) {
      const Party::Body& b = body(c);
      const Patient& q = q_[c];
      if (b.dead || !q.resting) continue;
      consider(c, Ev::Check, b.check_at);
      if (!b.conscious) consider(c, Ev::Wake, b.wake_at);
      consider(c, Ev::Aid, q.aid_at);
      consider(c, Ev::Surveillance, q.surveil_at);
      consider(c, Ev::Heal, q.heal_at);
      consider(c, Ev::Pain, q.pain_at);
    }
    left_at = leave_time(leave_by, now, kind == Ev::None ? kNever : when);
    if (left_at >= 0 || kind == Ev::None || when > cfg_.horizon) break;
    now = when;
    settle(when);
    switch (kind) {
      case Ev::Check:
        check(who, when);
        break;
      case Ev::Wake:
        wake(who, when);
        break;
      case Ev::Aid:
        aid(who, when);
        break;
      case Ev::Surveillance:
        surveillance(who, when);
        break;
      case Ev::Heal:
        heal(who, when);
        break;
      case Ev::Pain:
        pain_tick(who, when);
        break;
      case Ev::None:
        break;
    }
    track(who, when);
    // A helper who came to, or whose pain eased, may now tend a member left unstable.
    for (size_t c = 0; c < m; ++c) plan_aid(c, when);
  }
  settle(left_at >= 0 ? left_at : cfg_.horizon);
  if (left_at >= 0)
    note(log_, left_at, [&] {
      std::string who;
      for (size_t c = 0; c < m; ++c) {
        const WoundList& w = q_[c].wounds;
        if (w.n == 0) continue;
        who += (who.empty() ? "" : "; ") + name(c) + " with " + std::to_string(w.count(kLight)) +
               " light, " + std::to_string(w.count(kGrave)) + " grave, " +
               std::to_string(w.count(kCritical)) + " critical, pain " +
               std::to_string(body(c).pain);
      }
      return "the downtime is over: the party goes on to the next adventure still healing, " + who;
    });
  carry(left_at);
  if (went_on) *went_on = left_at >= 0;

  // What each member is left with (docs/parties.md, what a party trial reports): out of
  // action from its first faint or the start of its rest until able to act again for good
  // (unmeasured while still out); the party at full health when the last wound went.
  std::array<fight::MemberReport, fight::kMaxMembers> members;
  bool wounded = false;
  Seconds full = res.end;
  for (size_t c = 0; c < m; ++c) {
    const Party::Body& b = body(c);
    const Patient& q = q_[c];
    const bool open = !b.dead && p_.worst(b) >= 0;
    wounded = wounded || open;
    if (!b.dead && q.healed_at >= 0) full = std::max(full, q.healed_at);
    fight::MemberReport r{b.dead,       b.died_at, b.falls, b.first_aid_rolls,
                          b.down_first, b.up_last, hurt[c]};
    if (!b.dead && !open) r.whole_at = std::max(res.end, q.healed_at);
    if (q.out.ever()) {
      r.down_first = r.down_first < 0 ? q.out.first() : std::min(r.down_first, q.out.first());
      r.up_last = q.out.out() ? -1 : std::max(b.up_last, q.out.back());
    }
    r.absent = b.absent;
    members[c] = r;
  }
  if (wounded) full = cfg_.horizon + 1;
  return fight::party_outcome(res, std::span(members.data(), m), defeated, full, cfg_.horizon,
                              left_at, after_death);
}

Outcome Party::rest(Bodies<Body>& bodies, const fight::Result& res, uint32_t defeated,
                    Seconds rest_from, TrialContext& ctx, Carried& carried, Seconds leave_by,
                    bool* went_on, AfterDeath after_death) const {
  PartyRestPhase phase(*this, bodies, ctx, carried);
  return phase.run(res, defeated, rest_from, leave_by, went_on, after_death);
}

}  // namespace leth::harmonies
