// The flux party fight: the body and attack of seed 002 ("Aux portes de la mort", "Séquelle",
// "Les altérations d'état"), the metrics of a party trial, and the trial: the fight
// (rules/common/fight.h), the coma's hours after it, waking, the nights' rest.
#include "rules/flux/party.h"

#include <algorithm>
#include <limits>
#include <optional>

#include "rules/common/retire.h"
#include "rules/flux/model.h"
#include "rules/flux/resolution.h"
#include "rules/flux/tables.h"
#include "sim/core/substreams.h"

namespace leth::flux {

namespace {

// 002 "Lors d'une nuit de repos d'au moins 6 heures, les aventuriers récupèrent 4 PV et 4 Flux."
constexpr int kNightGain = 4;
// README, the party fight: the first night begins 8 hours after the fight; 8 hours' sleep.
constexpr Seconds kFirstNight = 8 * kHour;
constexpr Seconds kSleep = 8 * kHour;

std::string pv_text(int pv, int max) {
  return std::to_string(pv) + "/" + std::to_string(max);
}

}  // namespace

Party::Party(PartyConfig config) : Lineup(std::move(config)) {
  // The single character's sequelae, by stat (a d6 each): a party reports them summed over
  // its members.
  metrics_.sequelae = Model::info().metrics->sequelae;
  encounters_counter_ = plan_day(next_);  // [[day.next]] and the encounters fought
  // Declared without powers too (it stays 0): a variant may give some.
  flux_spent_counter_ = metrics_.counters.size();
  metrics_.counters.push_back(
      {"flux_spent", "Flux the members spent on their powers (`flux_cost`), over the trial"});
  metrics_.validate();
}

Party::Body Party::fresh(size_t c) const {
  const Combatant& k = cfg_.combatants[c];
  Body b;
  b.c = static_cast<uint8_t>(c);
  b.pv = k.pv;
  b.flux = k.flux;
  b.sequelae = k.sequelae;
  b.stats = k.stats;
  b.uses = k.heals ? k.heals->uses : 0;
  b.exhausted = k.exhausted;
  return b;
}

// Exhausted: Flux at 0 ("Lorsque le Flux tombe à 0, le personnage devient extenué"), acting at
// 0 PV or less ("en subissant l'état exténué"), carried into the coma (option
// exhausted_into_coma), or given (states = "exhausted"); immobilised has the same effect, for
// the fight. The nights, which would end it, are counted after the coma's hours (README, the
// party fight, 2 and 10).
bool Party::odd_zero(const Body& b, bool in_fight) const {
  const Combatant& k = cfg_.combatants[b.c];
  return b.flux == 0 || b.acting || b.coma_exhausted || b.exhausted || (in_fight && k.immobilised);
}

void Party::die(Body& b, Seconds t, EventLog* log, const char* why) const {
  b.dead = true;
  b.acting = b.comatose = b.stabilised = false;
  b.died_at = t;
  note(log, t, [&] { return name(b) + " dies: " + why; });
}

// 002 "test de Survie (VAI)": d20 + VAI + the survival skill, -1 for each sequela carried.
bool Party::survival_test(Body& b, Stream& s, Seconds t, bool in_fight, const char* what,
                          EventLog* log) const {
  const int mod = b.stats[kVai] + cfg_.combatants[b.c].survival - b.sequelae;
  const int dc = cfg_.resolution.difficulty;
  const TestRoll r = roll_test(s, mod, dc, odd_zero(b, in_fight));
  note(log, t, [&] { return name(b) + " " + what + ": " + test_text(r, mod, dc); });
  return r.success;
}

// 002 "il tombe dans le coma": the hours count from its onset; already past -VAI, the first
// Survival test comes at once (option test_at_coma_onset, README interpretation 4).
void Party::coma(Body& b, Stream& s, Seconds t, bool in_fight, EventLog* log) const {
  if (b.acting && cfg_.options.exhausted_into_coma) b.coma_exhausted = true;
  b.acting = false;
  b.comatose = true;
  b.stabilised = false;
  b.next_hour = t + kHour;
  b.next_care = t;
  ++b.falls;
  if (b.down_first < 0) b.down_first = t;
  note(log, t, [&] { return name(b) + " falls into the coma at " + std::to_string(b.pv) + " PV"; });
  if (cfg_.options.test_at_coma_onset && -b.pv > b.stats[kVai] &&
      !survival_test(b, s, t, in_fight, "Survival test (coma, past -VAI)", log))
    die(b, t, log, "fails the Survival test at the coma's onset");
}

// 002 "il perd 1 PV par heure. Si les PV négatifs dépassent la statistique de VAI, il doit
// effectuer un test de Survie (VAI), en cas d'échec, il meurt."
void Party::coma_hour(Body& b, Stream& s, bool in_fight, EventLog* log) const {
  const Seconds t = b.next_hour;
  b.next_hour += kHour;
  --b.pv;
  note(log, t, [&] {
    return name(b) + ", the coma's hour: -1 PV, PV " + pv_text(b.pv, cfg_.combatants[b.c].max_pv);
  });
  if (-b.pv > b.stats[kVai] &&
      !survival_test(b, s, t, in_fight, "Survival test (coma, past -VAI)", log))
    die(b, t, log, "fails the Survival test in the coma");
}

// 002 "Il peut, une fois par heure, tenter un test de Survie (VAI) pour sortir de
// l'inconscience. Lorsqu'il y parvient, il revient à 1 PV et obtient une séquelle."
void Party::wake_test(Body& b, Stream& s, bool in_fight, EventLog* log) const {
  const Seconds t = b.next_wake;
  b.next_wake += kHour;
  if (survival_test(b, s, t, in_fight, "Survival test to wake", log)) wake(b, s, t, true, log);
}

void Party::wake(Body& b, Stream& s, Seconds t, bool sequela, EventLog* log) const {
  b.comatose = b.stabilised = false;
  b.pv = std::max(b.pv, 1);
  b.up_last = t;
  note(log, t, [&] { return name(b) + " wakes at " + std::to_string(b.pv) + " PV"; });
  if (sequela) gain_sequela(b, s, t, log);
}

// 002 "Séquelle": -1 on Survival tests from now on, and -1 to the stat the d6 names (not below
// the option stat_floor).
void Party::gain_sequela(Body& b, Stream& s, Seconds t, EventLog* log) const {
  const SequelaTable& table = sequela_table();
  const size_t k = static_cast<size_t>(table.stat_for(s.die(table.rolls.die())));
  const int before = b.stats[k];
  b.stats[k] = std::max(cfg_.options.stat_floor, before - 1);
  b.lost[k] = static_cast<uint8_t>(b.lost[k] + before - b.stats[k]);
  ++b.sequela_count[k];
  ++b.sequelae;
  note(log, t, [&] {
    return name(b) + " has a sequela: " + kStatNames[k] + " " + std::to_string(before) + " -> " +
           std::to_string(b.stats[k]);
  });
}

// The body's clocks, at the start of its turn: the scene's end for one acting at 0 PV or less,
// the coma's hours, the stabilised's hourly test to wake (README, the party fight, 3).
void Party::start_turn(Body& b, Stream& s, Seconds t, EventLog* log) const {
  if (b.acting && b.coma_due <= t) coma(b, s, b.coma_due, true, log);
  while (b.comatose && b.next_hour <= t) coma_hour(b, s, true, log);
  while (b.stabilised && b.next_wake <= t) wake_test(b, s, true, log);
}

// 002 "Aux portes de la mort"; a non-player creature at 0 PV or less is out of the fight, dead
// (README, the party fight, 1).
void Party::damage(Body& b, int amount, Stream& s, Seconds t, EventLog* log) const {
  if (amount <= 0 || b.dead) return;
  const Combatant& k = cfg_.combatants[b.c];
  b.pv -= amount;
  note(log, t, [&] { return name(b) + " PV " + pv_text(b.pv, k.max_pv); });
  if (b.comatose || b.stabilised) {
    // Option test_when_struck (README interpretation 4): struck past -VAI, a test at once.
    if (cfg_.options.test_when_struck && -b.pv > b.stats[kVai] &&
        !survival_test(b, s, t, true, "Survival test (struck in the coma)", log))
      die(b, t, log, "struck in the coma");
    return;
  }
  if (b.pv > 0) return;
  if (!k.player_rules) {
    die(b, t, log, "0 PV or less (a non-player creature)");
    return;
  }
  if (b.acting) {
    // Option damage_at_zero (README interpretation 2).
    if (cfg_.options.damage_at_zero == DamageAtZero::TestAgain &&
        !survival_test(b, s, t, true, "Survival test (hurt again at 0 PV or less)", log))
      coma(b, s, t, true, log);
    return;
  }
  // 002 "lorsqu'ils atteignent 0 ou moins, il doit effectuer un test de Survie (VAI). S'il
  // échoue son test, il tombe dans le coma immédiatement. S'il réussit, il repousse d'une
  // dizaine de minutes le coma et peut continuer à agir en subissant l'état exténué."
  if (survival_test(b, s, t, true, "Survival test at 0 PV or less", log)) {
    b.acting = true;
    b.coma_due = t + cfg_.scene;
    note(log, t, [&] { return name(b) + " acts on, exhausted, until the scene ends"; });
  } else {
    coma(b, s, t, true, log);
  }
}

// The attack (README, the party fight, 6): a d20 test, d20 + attack_bonus >= difficulty, odd
// results 0 when the attacker is exhausted; a hit deals its damage less the target's PA.
bool Party::strike(size_t c, int n, Body& attacker, Body& target, Stream& s, Seconds t,
                   EventLog* log) const {
  const Combatant& k = cfg_.combatants[c];
  const PartyAttack& a = k.attacks[static_cast<size_t>(n)];
  if (k.powers > 0) [[unlikely]] {  // powers that cost Flux (PartyAttack::power)
    if (n == 0) {
      attacker.armed = 0;
      attacker.spent = 0;
      for (size_t p = 0; p < k.powers; ++p)
        if (attacker.flux - k.power_cost[p] >= k.power_keep[p])
          attacker.armed |= static_cast<uint8_t>(1u << p);
    }
    if (attacker.armed & a.replaced_by) return false;
    if (a.power >= 0) {
      const size_t p = static_cast<size_t>(a.power);
      const unsigned bit = 1u << p;
      if (!(attacker.armed & bit)) return false;
      if (!(attacker.spent & bit)) {
        if (attacker.flux - k.power_cost[p] < k.power_keep[p]) {  // another power took it
          attacker.armed &= static_cast<uint8_t>(~bit);
          return false;
        }
        attacker.spent |= static_cast<uint8_t>(bit);
        attacker.flux -= k.power_cost[p];
        attacker.flux_spent = static_cast<uint16_t>(attacker.flux_spent + k.power_cost[p]);
        note(log, t, [&] {
          return k.name + " spends " + std::to_string(k.power_cost[p]) + " Flux on " + a.name +
                 " (Flux " + std::to_string(attacker.flux) + " left" +
                 (attacker.flux == 0 ? ": exhausted)" : ")");
        });
      }
    }
  }
  bool hit = false;
  TestRoll r;
  if (a.hit_chance) {
    hit = s.chance(*a.hit_chance);
  } else {
    r = roll_test(s, a.attack_bonus, a.difficulty, odd_zero(attacker, true));
    hit = r.success;
  }
  auto roll = [&] {
    return a.hit_chance ? std::string() : ", " + test_text(r, a.attack_bonus, a.difficulty);
  };
  if (!hit) {
    note(log, t, [&] { return k.name + " misses " + name(target) + " (" + a.name + roll() + ")"; });
    return false;
  }
  const int pa = cfg_.combatants[target.c].pa;
  const int amount = static_cast<int>(std::max<int64_t>(0, a.damage.roll(s) - pa));
  note(log, t, [&] {
    return k.name + " hits " + name(target) + " (" + a.name + roll() +
           "): " + std::to_string(amount) + " after PA";
  });
  damage(target, amount, s, t, log);
  return true;
}

// README interpretation 8: a concoction's PV; above 0, a comatose or stabilised patient wakes
// (with a sequela, option healed_coma_sequela), one acting at 0 PV or less escapes the coma.
void Party::give_concoction(Body& helper, Body& patient, Stream& s, Seconds t,
                            EventLog* log) const {
  --helper.uses;
  ++helper.heals_given;
  const int amount =
      static_cast<int>(std::max<int64_t>(0, cfg_.combatants[helper.c].heals->concoction->roll(s)));
  const int max = cfg_.combatants[patient.c].max_pv;
  patient.pv = std::min(max, patient.pv + amount);
  note(log, t, [&] {
    return name(helper) + " gives " + name(patient) + " a curative concoction: +" +
           std::to_string(amount) + " PV, PV " + pv_text(patient.pv, max);
  });
  if (patient.pv <= 0) return;
  if (patient.comatose || patient.stabilised)
    wake(patient, s, t, cfg_.options.healed_coma_sequela, log);
  else
    patient.acting = false;
}

// 002 "un intervenant extérieur, disposant de matériel adapté, effectue un test de Médecine
// (ESP) pour stabiliser l'état du personnage. Cette action peut être tentée plusieurs fois, mais
// la personne inconsciente perd 1 PV à chaque échec." The next attempt on the same patient comes
// 1 hour / attempts_per_hour later.
bool Party::stabilise(const Body& helper, Body& patient, Stream& s, Seconds t, bool in_fight,
                      EventLog* log) const {
  const Heals& h = *cfg_.combatants[helper.c].heals;
  const int mod = *h.medicine;
  const int dc = cfg_.resolution.difficulty;
  const TestRoll r = roll_test(s, mod, dc, odd_zero(helper, in_fight));
  patient.next_care = t + kHour / h.attempts_per_hour;
  note(log, t, [&] {
    return name(helper) + " tries to stabilise " + name(patient) +
           " (Medicine): " + test_text(r, mod, dc);
  });
  if (r.success) {
    patient.comatose = false;
    patient.stabilised = true;
    patient.next_wake = t + kHour;
    return true;
  }
  --patient.pv;
  note(log, t, [&] {
    return "the failed attempt costs " + name(patient) + " 1 PV: PV " +
           pv_text(patient.pv, cfg_.combatants[patient.c].max_pv);
  });
  return false;
}

// In the fight: a concoction while any is left (on the most urgent fallen ally, the driver's
// choice), else a Medicine test on a comatose ally whose care allows one now; either takes the
// turn. Nothing to do: the turn goes to the attacks.
fight::Cost Party::pick_up(Body& helper, Body& patient, Stream& s, Seconds t, EventLog* log) const {
  const Heals& h = *cfg_.combatants[helper.c].heals;
  if (helper.uses > 0) {
    give_concoction(helper, patient, s, t, log);
    return fight::Cost::Action;
  }
  if (h.medicine && h.equipment && patient.comatose && patient.next_care <= t) {
    stabilise(helper, patient, s, t, true, log);
    return fight::Cost::Action;
  }
  return fight::Cost::Bonus;
}

// After the fight (README, the party fight, 9): the clocks of every member go on, hour by hour,
// in time order: the scene's end, the coma's hours, the tests to wake, and the care of the
// members awake (a concoction first, then the best Medicine with equipment). Each member's
// draws come from its own recovery stream.
void Party::after_fight(std::span<Body> members, TrialRng& rng, Seconds t0, EventLog* log) const {
  std::array<std::optional<Stream>, fight::kMaxMembers> opened;
  auto stream = [&](size_t c) -> Stream& {
    if (!opened[c]) opened[c].emplace(open(rng, streams::combatant_recovery(c)));
    return *opened[c];
  };
  auto awake = [](const Body& b) { return !b.dead && !b.comatose && !b.stabilised; };
  auto giver = [&](size_t patient) -> int {
    for (size_t g = 0; g < members.size(); ++g)
      if (g != patient && awake(members[g]) && members[g].uses > 0) return static_cast<int>(g);
    return -1;
  };
  auto medic = [&](size_t patient) -> int {
    int best = -1;
    for (size_t g = 0; g < members.size(); ++g) {
      const auto& h = cfg_.combatants[g].heals;
      if (g == patient || !awake(members[g]) || !h || !h->medicine || !h->equipment) continue;
      if (best < 0 || *h->medicine > *cfg_.combatants[static_cast<size_t>(best)].heals->medicine)
        best = static_cast<int>(g);
    }
    return best;
  };
  // 002 "S'il n'est pas repassé au-dessus de 0 PV à la fin de la scène": a concoction then.
  for (size_t c = 0; c < members.size(); ++c) {
    Body& b = members[c];
    if (!b.acting || t0 > b.coma_due) continue;
    const int g = giver(c);
    if (g >= 0) give_concoction(members[static_cast<size_t>(g)], b, stream(c), t0, log);
  }
  enum Kind { kHourLoss, kSceneEnd, kWake, kCare };
  Seconds now = t0;
  for (;;) {
    Seconds at = std::numeric_limits<Seconds>::max();
    int who = -1;
    Kind what = kHourLoss;
    auto consider = [&](Seconds when, Kind k, size_t c) {
      when = std::max(when, now);
      if (when < at || (when == at && k < what)) {
        at = when;
        what = k;
        who = static_cast<int>(c);
      }
    };
    for (size_t c = 0; c < members.size(); ++c) {
      const Body& b = members[c];
      if (b.acting) consider(b.coma_due, kSceneEnd, c);
      if (b.stabilised) consider(b.next_wake, kWake, c);
      if (!b.comatose) continue;
      consider(b.next_hour, kHourLoss, c);
      if (giver(c) >= 0 || medic(c) >= 0) consider(b.next_care, kCare, c);
    }
    if (who < 0 || at > cfg_.horizon) return;
    now = at;
    const size_t c = static_cast<size_t>(who);
    Body& b = members[c];
    switch (what) {
      case kSceneEnd:
        coma(b, stream(c), b.coma_due, false, log);
        break;
      case kHourLoss:
        coma_hour(b, stream(c), false, log);
        break;
      case kWake:
        wake_test(b, stream(c), false, log);
        break;
      case kCare: {
        const int g = giver(c);
        if (g >= 0) {
          Body& helper = members[static_cast<size_t>(g)];
          const auto& h = *cfg_.combatants[helper.c].heals;
          give_concoction(helper, b, stream(c), now, log);
          b.next_care = now + kHour / h.attempts_per_hour;
        } else {
          stabilise(members[static_cast<size_t>(medic(c))], b, stream(c), now, false, log);
        }
        break;
      }
    }
  }
}

Outcome Party::run_trial(TrialContext& ctx) const {
  Carried nothing{};
  return run_adventure(ctx, nothing);
}

Outcome Party::run_adventure(TrialContext& ctx, Carried& carried, Seconds leave_by,
                             bool* went_on, AfterDeath after_death,
                             const MemberRetirement& retire, Departures* left) const {
  Bodies<Body> bodies;
  const fight::Result first = play_fight(bodies, ctx, [&](Body& b) {
    if (b.c >= cfg_.members) return;
    const CarriedMember& m = carried[b.c];
    if (m.absent) {  // after_a_death = "go_on": the party goes on short of it
      b.dead = true;
      note(ctx.log, 0, [&] { return fight::empty_place(name(b), m.retired); });
      return;
    }
    if (m.newcomer)
      note(ctx.log, 0, [&] { return fight::newcomer_place(name(b), m.retired); });
    b.sequelae += m.sequelae;
    for (size_t k = 0; k < kStatCount; ++k) b.stats[k] -= m.lost[k];  // floored when lost
    if (m.pv >= 0) b.pv = m.pv;
    if (m.pv >= 0 || m.sequelae > 0)
      note(ctx.log, 0, [&] {
        std::string what;
        if (m.pv >= 0)
          what = "PV " + std::to_string(b.pv) + "/" + std::to_string(cfg_.combatants[b.c].max_pv);
        if (m.sequelae > 0)
          what += (what.empty() ? "" : ", ") + std::to_string(m.sequelae) +
                  (m.sequelae == 1 ? " sequela" : " sequelae") + " (-" +
                  std::to_string(m.sequelae) + " on its Survival tests)";
        return name(b) + " carries from the adventures before: " + what;
      });
  });
  uint32_t defeated = count_defeated(bodies, [](const Body& b) { return b.dead; });
  // An adventuring day: its other encounters, then the rest below after the last (party_day.cpp).
  uint32_t fought = 1;
  const fight::Result res =
      play_day_own(bodies, first, std::span<const Party>(next_), defeated, fought, ctx);

  std::array<bool, fight::kMaxMembers> hurt{};
  for (size_t c = 0; c < cfg_.members; ++c)
    hurt[c] = !bodies[c].dead && bodies[c].pv < cfg_.combatants[c].max_pv;
  const std::span<Body> members(bodies.data(), cfg_.members);
  TrialRng last = ctx.rng.encounter(fought - 1);  // the last encounter's (one fight: the trial's)
  after_fight(members, last, res.end, ctx.log);
  ctx.rng.absorb(last);

  // Then nights of rest (README, the party fight, 10): the first 8 hours after the fight, one
  // every 24 hours, 4 PV each to every member awake when it begins, until every survivor is
  // at full PV; a survivor still in the coma, unconscious or at 0 PV or less at the horizon
  // leaves the trial unresolved.
  std::array<fight::MemberReport, fight::kMaxMembers> reports;
  Seconds full = res.end;
  bool any_hurt = false;
  bool out = false;  // a survivor who cannot act at the horizon
  const Seconds first_night = res.end + kFirstNight;
  for (size_t c = 0; c < cfg_.members; ++c) {
    const Body& b = bodies[c];
    const Combatant& k = cfg_.combatants[c];
    reports[c] = {b.dead, b.died_at, b.falls, b.heals_given, b.down_first, b.up_last, hurt[c]};
    reports[c].absent = carried[c].absent;
    reports[c].retired = carried[c].absent && carried[c].retired;
    if (!b.dead) any_hurt = any_hurt || hurt[c];  // a survivor to tell of
    if (b.dead) continue;
    if (b.comatose || b.stabilised || b.pv <= 0) {
      full = cfg_.horizon + 1;
      out = true;
      continue;
    }
    reports[c].whole_at = res.end;
    if (b.pv >= k.max_pv) continue;
    const int64_t nights = (k.max_pv - b.pv + kNightGain - 1) / kNightGain;
    Seconds start = first_night;
    if (b.up_last > start) start += (b.up_last - start + kDay - 1) / kDay * kDay;
    reports[c].whole_at = start + (nights - 1) * kDay + kSleep;
    full = std::max(full, reports[c].whole_at);
  }
  bool later_death = false;  // a member who died after the survivors were whole
  size_t deaths = 0;
  for (size_t c = 0; c < cfg_.members; ++c) {
    later_death = later_death || (bodies[c].dead && bodies[c].died_at > full);
    deaths += bodies[c].dead;
  }
  // With a downtime (interpretation 21, a party's): once it is over and every survivor awake,
  // within the horizon and before the last is whole, the party goes on; each member has the
  // nights that ended by then (one under way is not counted). A death ends a party's campaign
  // (no downtime then) unless the dead are replaced and some survived: theirs is.
  const bool goes_on = deaths == 0 || (plays_on(after_death) && deaths < cfg_.members);
  Seconds left_at = -1;
  if (leave_by > 0 && goes_on && !out && full > leave_by) {
    Seconds go = leave_by;
    for (size_t c = 0; c < cfg_.members; ++c)
      if (!bodies[c].dead) go = std::max(go, bodies[c].up_last);
    if (go < full && go <= cfg_.horizon) left_at = go;
  }
  for (size_t c = 0; c < cfg_.members && left_at >= 0; ++c) {
    Body& b = bodies[c];
    const int max_pv = cfg_.combatants[c].max_pv;
    if (reports[c].whole_at <= left_at) continue;
    reports[c].whole_at = -1;
    Seconds start = first_night;
    if (b.up_last > start) start += (b.up_last - start + kDay - 1) / kDay * kDay;
    if (start + kSleep > left_at) continue;
    const int64_t n = 1 + (left_at - start - kSleep) / kDay;  // fewer than it needs
    b.pv = std::min(max_pv, static_cast<int>(b.pv + n * kNightGain));
    note(ctx.log, start + (n - 1) * kDay + kSleep, [&] {
      return name(b) + " rests " + std::to_string(n) + (n == 1 ? " night" : " nights") +
             ": PV " + std::to_string(b.pv) + "/" + std::to_string(max_pv);
    });
  }
  if (left_at >= 0)
    note(ctx.log, left_at, [&] {
      std::string who;
      for (size_t c = 0; c < cfg_.members; ++c)
        if (reports[c].whole_at < 0 && !bodies[c].dead)
          who += (who.empty() ? "" : "; ") + name(bodies[c]) + " at PV " +
                 std::to_string(bodies[c].pv) + "/" + std::to_string(cfg_.combatants[c].max_pv);
      return "the downtime is over: the party goes on to the next adventure, " + who;
    });
  else if (any_hurt && full <= cfg_.horizon && !later_death)
    note(ctx.log, full,
         [] { return std::string("after the nights' rest, every survivor is at full PV"); });
  Outcome o = fight::party_outcome(res, std::span(reports.data(), cfg_.members), defeated, full,
                                   cfg_.horizon, left_at, after_death);
  if (encounters_counter_ < Outcome::kMaxCounters) o.count(encounters_counter_, fought);
  for (size_t c = 0; c < cfg_.members; ++c) o.count(flux_spent_counter_, bodies[c].flux_spent);
  if (went_on) *went_on = left_at >= 0;
  for (size_t c = 0; c < cfg_.members; ++c) {
    if (carried[c].absent) continue;  // its place stays empty, for the reason it was left
    carried[c].sequelae = bodies[c].sequelae - cfg_.combatants[c].sequelae;
    for (size_t k = 0; k < kStatCount; ++k) carried[c].lost[k] += bodies[c].lost[k];
    carried[c].pv = left_at >= 0 && reports[c].whole_at < 0 ? bodies[c].pv : -1;
    carried[c].newcomer = carried[c].retired = false;
    if (bodies[c].dead)  // the place it leaves: a newcomer's, or empty (after_a_death)
      carried[c] = after_death == AfterDeath::GoOn ? CarriedMember{.absent = true}
                                                   : CarriedMember{.newcomer = true};
  }
  // What the survivors keep: a member who woke with a sequela and died later keeps nothing,
  // so the trial's sequelae are its survivors', whoever else died (README, the party fight, 7).
  for (size_t c = 0; c < cfg_.members; ++c)
    for (size_t k = 0; k < kStatCount; ++k)
      if (!bodies[c].dead && bodies[c].sequela_count[k] > 0)
        o.add_sequela(static_cast<uint16_t>(k), -static_cast<int32_t>(bodies[c].lost[k]),
                      bodies[c].sequela_count[k]);
  // The campaign's rule to retire a member, on its own sequelae and stat points (carried).
  const bool by_stat = retire.stat >= 0 && static_cast<size_t>(retire.stat) < kStatCount;
  const Departures gone = fight::retire_members(
      std::span(carried.data(), cfg_.members),
      std::span<const fight::MemberReport>(reports.data(), cfg_.members), retire, after_death,
      [&](size_t c) { return static_cast<uint32_t>(carried[c].sequelae); },
      [&](size_t c) { return by_stat ? -int64_t{carried[c].lost[retire.stat]} : int64_t{0}; },
      [&](size_t c) { return name(bodies[c]); },
      by_stat ? metrics().sequelae[retire.stat].name : std::string(), ctx.log, o.end_time);
  if (left) *left = gone;
  return o;
}

}  // namespace leth::flux
