// The harmonies party fight: the body and attack of seed 001 ("Les blessures", "Blessures,
// Douleur et Mortalité", "Stabilité des blessures"), the metrics of a party trial, and the
// trial: the fight (rules/common/fight.h), then first aid until every survivor is stable.
#include "rules/harmonies/party.h"

#include <algorithm>
#include <array>

#include "rules/common/retire.h"
#include "sim/core/substreams.h"

namespace leth::harmonies {

namespace {

// seeds/README: a fainting roll for every 5 pain points received; 10 or more in one blow, one.
constexpr int kPainPerFaintRoll = 5;
constexpr int kOneRollFrom = 10;

}  // namespace

Party::Party(PartyConfig config) : Lineup(std::move(config)), table_(&wound_table()) {
  encounters_counter_ = plan_day(next_);  // [[day.next]] and the encounters fought
  metrics_.validate();
}

Party::Body Party::fresh(size_t c) const {
  Body b;
  b.c = static_cast<uint8_t>(c);
  return b;
}

int Party::mortality(const Body& b) const {
  int m = 0;
  for (int l = 0; l < kLevels; ++l) m += b.wounds[static_cast<size_t>(l)] * (*table_)[l].mortality;
  return m;
}

int Party::first_aid_difficulty(const Body& b) const {
  int d = 0;
  for (int l = 0; l < kLevels; ++l) d += b.wounds[static_cast<size_t>(l)] * (*table_)[l].difficulty;
  return d;
}

int Party::worst(const Body& b) const {
  for (int l = kLevels - 1; l >= 0; --l)
    if (b.wounds[static_cast<size_t>(l)] > 0) return l;
  return -1;
}

Seconds Party::period(const Body& b) const {
  const WoundLevel& w = (*table_)[static_cast<size_t>(worst(b))];
  return b.unstable ? w.unstable : w.stable;
}

// seeds/README: pain is a penalty on every test of the combatant (its attacks, its survival and
// fainting rolls, the first aid it gives).
TestResult Party::test(const Body& b, Stream& s, int level, int difficulty) const {
  const int roll = roll_pm_d10(s, cfg_.options.open_rolls);
  return resolve_test(roll, level + difficulty + pain_penalty(b), cfg_.options.strict_success);
}

void Party::die(Body& b, Seconds t, EventLog* log, const char* why) const {
  b.dead = true;
  b.died_at = t;
  b.check_at = -1;
  note(log, t, [&] { return name(b) + " dies: " + why; });
}

// One clock per combatant, set by its worst wound (001: "après chaque période correspondant à
// la blessure la plus grave"): the next roll one period after the last roll or change of state.
void Party::plan_check(Body& b, Seconds t) const {
  b.check_at = worst(b) < 0 ? -1 : std::max(t, b.anchor + period(b));
}

void Party::faint(Body& b, Stream& s, Seconds t, EventLog* log) const {
  const Combatant& k = cfg_.combatants[b.c];
  b.conscious = false;
  ++b.falls;
  if (b.down_first < 0) b.down_first = t;
  if (!k.player_rules) {  // README, the party fight, reading 7
    b.out = true;
    note(log, t, [&] { return name(b) + " faints: out of the fight"; });
    return;
  }
  b.wake_at = t + k.faint_duration.sample(s);
  // Its length, not its end: a later encounter of a day plays on its own clock.
  note(log, t, [&] { return name(b) + " faints for " + duration_text(static_cast<double>(b.wake_at - t)); });
}

// seeds/README: a fainting roll (Rs+It, with the pain penalty) for every 5 pain points received;
// 10 or more in one blow, a single roll with the final penalty (as model.cpp's receive_pain).
void Party::receive_pain(Body& b, int pain, Stream& s, Seconds t, EventLog* log) const {
  b.pain += pain;
  const int rolls = pain >= kOneRollFrom ? 1
                                         : (b.pain_received + pain) / kPainPerFaintRoll -
                                               b.pain_received / kPainPerFaintRoll;
  b.pain_received += pain;
  const int fainting = cfg_.combatants[b.c].fainting;
  for (int k = 0; k < rolls && b.conscious && !b.dead && !b.out; ++k) {
    const TestResult r = test(b, s, fainting, 0);
    note(log, t, [&] {
      return name(b) + " pain " + std::to_string(b.pain) + ", fainting roll: " +
             test_text(r, mod_text(fainting) + mod_text(pain_penalty(b)) + " (pain)");
    });
    if (!r.success) faint(b, s, t, log);
  }
}

// 001 "Les blessures": a wound arriving at a full level escalates one level, again if that one is
// full; beyond the critical cap the blow is fatal. The pain is the level's it arrives at; the
// state becomes unstable ("son état est automatiquement instable"), and the next survival roll
// comes one period of the new worst wound from now unless one is due sooner.
void Party::receive(Body& b, int level, Stream& s, Seconds t, EventLog* log) const {
  if (b.dead) return;
  const auto& caps = cfg_.combatants[b.c].caps;
  int l = level;
  while (l < kLevels && b.wounds[static_cast<size_t>(l)] >= caps[static_cast<size_t>(l)]) ++l;
  if (l >= kLevels) {
    die(b, t, log, "a wound beyond the critical cap");
    return;
  }
  ++b.wounds[static_cast<size_t>(l)];
  note(log, t, [&] {
    std::string m = name(b) + " takes a " + kLevelName[level] + " wound";
    if (l != level) m += std::string(", escalated to ") + kLevelName[l];
    return m + ": mortality " + std::to_string(mortality(b));
  });
  if (!b.unstable || b.check_at < 0 || b.check_at > t + period(b)) {
    b.unstable = true;
    b.anchor = t;
    plan_check(b, t);
  }
  receive_pain(b, (*table_)[static_cast<size_t>(l)].pain, s, t, log);
}

// 001: a failed survival roll while unstable replaces the worst wound by one a level higher,
// with the pain of a new wound; a critical wound worsening kills (harmonies README,
// interpretations 5 and 6: into a full level it escalates on).
void Party::worsen(Body& b, Stream& s, Seconds t, EventLog* log) const {
  const int from = worst(b);
  if (from == kCritical) {
    die(b, t, log, "the critical wound worsens");
    return;
  }
  const auto& caps = cfg_.combatants[b.c].caps;
  --b.wounds[static_cast<size_t>(from)];
  int l = from + 1;
  while (l < kLevels && b.wounds[static_cast<size_t>(l)] >= caps[static_cast<size_t>(l)]) ++l;
  if (l >= kLevels) {
    die(b, t, log, "a wound worsens beyond the critical cap");
    return;
  }
  ++b.wounds[static_cast<size_t>(l)];
  note(log, t, [&] {
    return name(b) + ": the " + kLevelName[from] + " wound worsens to " + kLevelName[l];
  });
  b.anchor = t;
  plan_check(b, t);
  receive_pain(b, (*table_)[static_cast<size_t>(l)].pain, s, t, log);
}

// 001: "un jet de survie (Cp+Rs à 0 plus le malus de douleur)". Unstable: a failure worsens the
// worst wound; stable: a failure makes the state unstable again.
void Party::survival_roll(Body& b, Stream& s, Seconds t, EventLog* log) const {
  const int survival = cfg_.combatants[b.c].survival;
  const TestResult r = test(b, s, survival, 0);
  note(log, t, [&] {
    return name(b) + (b.unstable ? " survival roll (unstable): " : " survival roll (stable): ") +
           test_text(r, mod_text(survival) + mod_text(pain_penalty(b)) + " (pain)");
  });
  b.anchor = t;
  if (r.success) {
    plan_check(b, t);
    return;
  }
  if (!b.unstable) {
    b.unstable = true;
    plan_check(b, t);
    return;
  }
  worsen(b, s, t, log);
}

// 001: "pour les blessures graves ou critiques, une activité physique brusque pourra entraîner
// une aggravation de la blessure, que celle-ci soit stabilisée ou non" — the single character's
// reading 10, a chance a turn fought instead of a round (the wound worsens as by a failed roll,
// its stability as it was).
void Party::end_turn(size_t, Body& b, Stream& s, Seconds t, EventLog* log) const {
  if (!s.chance(cfg_.combatants[b.c].effort_worsening)) return;
  note(log, t, [&] { return name(b) + " strains its " + kLevelName[worst(b)] + " wound: sudden effort"; });
  worsen(b, s, t, log);
}

void Party::catch_up(Body& b, Stream& s, Seconds t, EventLog* log) const {
  while (!b.dead && b.check_at >= 0 && b.check_at <= t) survival_roll(b, s, b.check_at, log);
}

void Party::stabilise(Body& b, Seconds t, EventLog* log) const {
  b.unstable = false;
  b.anchor = t;
  b.stable_at = t;
  plan_check(b, t);
  note(log, t, [&] { return name(b) + " is stable"; });
}

// The start of its turn (README, the party fight, reading 4): the survival rolls that fell due
// since its last turn, each at its own time; then, fainted, it comes to once its time is over.
void Party::start_turn(Body& b, Stream& s, Seconds t, EventLog* log) const {
  catch_up(b, s, t, log);
  if (b.dead || b.out || b.conscious || b.wake_at > t) return;
  b.conscious = true;
  b.up_last = t;
  note(log, t, [&] { return name(b) + " comes to"; });
}

// An attack (README, the party fight, reading 1): a test ±d10 + skill + the attacker's pain
// penalty - the target's defence, its total the margin that sets the wound's level; or a fixed
// hit chance with the chances of each level.
bool Party::strike(size_t c, int n, Body& attacker, Body& target, Stream& s, Seconds t,
                   EventLog* log) const {
  const Combatant& k = cfg_.combatants[c];
  const PartyAttack& a = k.attacks[static_cast<size_t>(n)];
  int level = -1;
  bool hit = false;
  std::string how;  // for the log only
  if (a.skill) {
    const int defence = cfg_.combatants[target.c].defence;
    const int roll = roll_pm_d10(s, cfg_.options.open_rolls);
    const TestResult r = resolve_test(roll, *a.skill + pain_penalty(attacker) - defence,
                                      cfg_.options.strict_success);
    hit = r.success;
    if (hit) level = r.total >= a.critical_at ? kCritical : r.total >= a.grave_at ? 1 : 0;
    if (log)
      how = test_text(r, mod_text(*a.skill) + mod_text(pain_penalty(attacker)) + " (pain)" +
                             mod_text(-defence) + " (defence)");
  } else {
    hit = s.chance(a.hit_chance);
    if (hit) {
      const double u = s.uniform();
      for (int l = 0; l < kLevels && level < 0; ++l)
        if (u < a.chances[static_cast<size_t>(l)]) level = l;
    }
  }
  note(log, t, [&] {
    return k.name + (hit ? " hits " : " misses ") + name(target) + " (" + a.name +
           (how.empty() ? std::string() : ", " + how) + ")" +
           (hit && level < 0 ? ": no wound" : "");
  });
  if (level >= 0) receive(target, level, s, t, log);
  return hit;
}

// 001: first aid against the sum of the difficulties of every wound (Géraldine: -1 -1 -3 = -5),
// with the helper's own pain penalty; a success stabilises every wound.
bool Party::first_aid_roll(Body& helper, Body& patient, Stream& s, Seconds t, EventLog* log) const {
  const int level = *cfg_.combatants[helper.c].first_aid;
  const int difficulty = first_aid_difficulty(patient);
  ++helper.first_aid_rolls;
  const TestResult r = test(helper, s, level, difficulty);
  note(log, t, [&] {
    return name(helper) + " gives first aid to " + name(patient) + " at " +
           signed_text(difficulty) + ": " +
           test_text(r, mod_text(level) + mod_text(difficulty) + mod_text(pain_penalty(helper)) +
                            " (pain)");
  });
  if (r.success) stabilise(patient, t, log);
  return r.success;
}

fight::Cost Party::pick_up(Body& helper, Body& patient, Stream& s, Seconds t, EventLog* log) const {
  if (!patient.unstable) return fight::Cost::Bonus;  // a stable fainted ally: nothing to do
  // An attempt that cannot succeed (closed rolls: modifiers below -9) is not tried, as after
  // the fight (reading 9): the helper fights on.
  const int mods =
      *cfg_.combatants[helper.c].first_aid + first_aid_difficulty(patient) + pain_penalty(helper);
  if (!possible(cfg_.options, mods)) return fight::Cost::Bonus;
  first_aid_roll(helper, patient, s, t, log);
  return fight::Cost::Action;
}

Outcome Party::run_trial(TrialContext& ctx) const {
  Carried nothing;
  return run_adventure(ctx, nothing);
}

Outcome Party::run_adventure(TrialContext& ctx, Carried& carried, Seconds leave_by,
                             bool* went_on, AfterDeath after_death) const {
  Bodies<Body> bodies;
  // A member that went on still wounded (README interpretation 18, a party's) begins with its
  // wounds, stable, its survival clock from the adventure's start, and its pain.
  const fight::Result first = play_fight(bodies, ctx, [&](Body& b) {
    if (b.c >= cfg_.members) return;
    const CarriedMember& m = carried[b.c];
    if (m.absent) {  // after_a_death = "go_on": the party goes on short of it
      b.dead = b.absent = true;
      note(ctx.log, 0, [&] { return fight::empty_place(name(b), false); });
      return;
    }
    if (m.newcomer)
      note(ctx.log, 0, [&] { return fight::newcomer_place(name(b), false); });
    if (m.wounds.n == 0) return;
    for (size_t i = 0; i < m.wounds.n; ++i) ++b.wounds[size_t{m.wounds.w[i].level}];
    b.pain = b.pain_received = m.pain;
    plan_check(b, 0);
    note(ctx.log, 0, [&] {
      return name(b) + " carries from the adventure before, still healing: " +
             std::to_string(m.wounds.count(kLight)) + " light, " +
             std::to_string(m.wounds.count(kGrave)) + " grave, " +
             std::to_string(m.wounds.count(kCritical)) + " critical; pain " +
             std::to_string(b.pain) +
             (m.neglect > 0 ? ", missed care " + signed_text(-m.neglect) : "");
    });
  });
  uint32_t defeated = count_defeated(bodies, [this](const Body& b) { return defeated_out(b); });
  // An adventuring day: its other encounters, the fallen tended between them (party_day.cpp).
  uint32_t fought = 1;
  const fight::Result res =
      play_day_own(bodies, first, std::span<const Party>(next_), defeated, fought, ctx);
  // After the day's last fight, on its numbers (one fight: the trial's).
  TrialRng last = ctx.rng.encounter(fought - 1);
  int rounds = res.rounds + res.aftermath_rounds;
  tend(bodies, res.end, rounds, last, ctx.log);
  ctx.rng.absorb(last);
  // A member stable by then begins its rest when the fighting ended: one fight's end (a member
  // stabilised in its aftermath, at that moment); a day's, when its last aftermath ended.
  const Seconds rest_from = fought > 1 ? res.end : res.fight_end;
  Outcome o =
      rest(bodies, res, defeated, rest_from, ctx, carried, leave_by, went_on, after_death);
  if (encounters_counter_ < Outcome::kMaxCounters) o.count(encounters_counter_, fought);
  return o;
}

Seconds Party::tend(Bodies<Body>& bodies, Seconds end, int& rounds, TrialRng& rng,
                    EventLog* log) const {
  const size_t m = cfg_.members;
  // A member still fainted at the aftermath's cap comes to when its time is over.
  for (size_t c = 0; c < m; ++c) {
    Body& b = bodies[c];
    if (!b.dead && !b.conscious) {
      b.conscious = true;
      b.up_last = std::max(end, b.wake_at);
    }
  }
  // After the fight (README, the party fight, reading 9): a round at a time, every member with
  // first aid tends the most urgent unstable survivor (itself included) while the survival
  // clocks run, until every survivor is stable or dead; with nobody able to help, the clocks
  // run alone to the horizon.
  Seconds ready = end;
  for (size_t c = 0; c < m; ++c)
    if (!bodies[c].dead) ready = std::max(ready, bodies[c].up_last);
  const int from = rounds;
  while (true) {
    const int r = ++rounds;
    const Seconds t = end + static_cast<Seconds>(r - from - 1) * kRound;
    bool unstable = false;
    for (size_t c = 0; c < m; ++c) {
      Body& b = bodies[c];
      if (b.dead || !b.unstable) continue;
      Stream d = open(rng, streams::combatant_check(r, c));
      catch_up(b, d, t, log);
      unstable = unstable || (!b.dead && b.unstable);
    }
    if (!unstable) return std::max(ready, t);
    if (t > cfg_.horizon) break;
    std::array<bool, fight::kMaxMembers> tended{};
    bool helped = false;
    for (size_t h = 0; h < m; ++h) {
      Body& helper = bodies[h];
      if (helper.dead || !can_pick_up(helper)) continue;
      int best = -1;
      for (size_t p = 0; p < m; ++p) {
        const Body& b = bodies[p];
        if (b.dead || !b.unstable || tended[p]) continue;
        const int mods =
            *cfg_.combatants[h].first_aid + first_aid_difficulty(b) + pain_penalty(helper);
        if (!possible(cfg_.options, mods)) continue;  // not tried: it cannot succeed
        if (best < 0 || urgency(b) > urgency(bodies[static_cast<size_t>(best)]))
          best = static_cast<int>(p);
      }
      if (best < 0) continue;
      tended[static_cast<size_t>(best)] = true;
      helped = true;
      Stream s = open(rng, streams::combatant_care(r, h));
      first_aid_roll(helper, bodies[static_cast<size_t>(best)], s, t, log);
    }
    if (helped) continue;
    // Nobody can help: each clock alone, until death, the horizon, or a roll that cannot fail.
    for (size_t c = 0; c < m; ++c) {
      Body& b = bodies[c];
      Stream s = open(rng, streams::combatant_recovery(c));
      while (!b.dead && b.unstable && b.check_at >= 0 && b.check_at <= cfg_.horizon) {
        if (certain(cfg_.options, cfg_.combatants[c].survival + pain_penalty(b))) break;
        survival_roll(b, s, b.check_at, log);
      }
    }
    break;
  }
  return cfg_.horizon + 1;
}

}  // namespace leth::harmonies
