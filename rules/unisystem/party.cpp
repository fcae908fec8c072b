// The unisystem party fight: the body and attack of seed 000 ("Blessures & récupération", the
// alley's "Exemple de combat"), the metrics of a party trial, and the trial: the fight
// (rules/common/fight.h), the first aid after it, the rest.
#include "rules/unisystem/party.h"

#include <algorithm>
#include <array>
#include <optional>
#include <string>

#include "rules/common/retire.h"
#include "rules/unisystem/roll.h"
#include "rules/unisystem/track.h"
#include "sim/core/substreams.h"

namespace leth::unisystem {

namespace {

// Hit points never fall below this, so that no sum of blows overflows an int (as the single
// character's trial).
constexpr int kFloor = -10'000'000;

int64_t ceil_div(int64_t a, int64_t b) {
  return (a + b - 1) / b;
}

}  // namespace

Party::Party(PartyConfig config) : Lineup(std::move(config)) {
  encounters_counter_ = plan_day(next_);  // [[day.next]] and the encounters fought
}

int Party::first_aider(const Bodies<Body>& bodies) const {
  int helper = -1;
  for (size_t c = 0; c < cfg_.members; ++c)
    if (state(bodies[c]) == fight::State::Standing && can_pick_up(bodies[c]) &&
        (helper < 0 ||
         cfg_.combatants[c].first_aid > cfg_.combatants[static_cast<size_t>(helper)].first_aid))
      helper = static_cast<int>(c);
  return helper;
}

void Party::first_aid(Body& h, Body& b, Stream& s, Seconds t, EventLog* log) const {
  const int base =
      cfg_.combatants[h.c].first_aid + action_penalty(h, false) + (h.c == b.c ? kSelfAid : 0);
  while (b.treated < first_aid_tests(b) && b.hp < cfg_.combatants[b.c].max_hp) {
    const TestResult r = roll_test(s, base);
    ++h.aid_given;
    note(log, t, [&] { return name(h) + " gives first aid to " + name(b) + ": " + test_text(r, base); });
    treat(b, r.levels);
  }
}

Party::Body Party::fresh(size_t c) const {
  Body b;
  b.c = static_cast<uint8_t>(c);
  b.hp = cfg_.combatants[c].max_hp;
  return b;
}

// 000 "Effet de la perte d'endurance": "À 5 points d'endurance ou moins ... Toutes ses actions
// ont une pénalité de -2"; "Effet des blessures": below 5 HP "La plupart des actions souffrent
// d'une pénalité de -1 à -5" (pain_penalty), which adrenaline keeps off in the fight.
int Party::action_penalty(const Body& b, bool in_fight) const {
  const Combatant& k = cfg_.combatants[b.c];
  const Options& o = cfg_.options;
  int p = 0;
  if (k.endurance_tracked && k.endurance <= kGroggyAt) p += kGroggy;
  if (b.hp < kPainBelow && !(in_fight && o.adrenaline)) p -= o.pain_penalty;
  return p;
}

int Party::urgency(const Body& b) const {
  return groups_below(b.hp, 0, 10, false) + b.minute + 1;
}

bool Party::survival(const Body& b, Stream& s, int penalty, Seconds t, EventLog* log,
                     const char* what) const {
  const Combatant& k = cfg_.combatants[b.c];
  const int base = k.con + k.will - penalty;
  const TestResult r = roll_test(s, base);
  note(log, t, [&] {
    return name(b) + " " + what + " (Con + Will - " + std::to_string(penalty) +
           "): " + test_text(r, base);
  });
  return r.passed();
}

void Party::fall(Body& b, Seconds t, EventLog* log, const char* why) const {
  if (b.down) return;
  b.down = true;
  ++b.falls;
  if (b.down_first < 0) b.down_first = t;
  note(log, t, [&] { return name(b) + " is out of the fight: " + why; });
}

void Party::die(Body& b, Seconds t, EventLog* log, const char* why) const {
  b.dead = true;
  b.down = true;
  b.dying = false;
  b.died_at = t;
  note(log, t, [&] { return name(b) + " dies: " + why; });
}

// The tests a turn's blows call for, after the attacker's last attack (the single character's
// order: README interpretation 5 and "The Will test after a hit"):
// - at the creature's survival threshold or below, 000 "Test de survie et conscience": Con +
//   Will at -1 per full 10 below 0; failure: dead on the spot; success: dying, a new test
//   each minute; a threshold without a test (Fantôme): destroyed there;
// - else at 0 or less, 000 "Effet des blessures": "Un test de Volonté + Constitution ... une
//   pénalité du montant des points en dessous de zéro"; failure: down;
// - then, still up, the alley's "test simple de Volonté ... un malus égal aux dégâts subis"
//   (2 x Will, README interpretation 1), with the penalties on its own actions; failure: it
//   collapses.
void Party::settle(Body& b, Stream& s, Seconds t, EventLog* log) const {
  if (b.pending_from < 0) return;
  const int64_t damage = b.pending;
  const int before = b.pending_hp_before;
  b.pending_from = -1;
  b.pending_at = -1;
  b.pending = 0;
  if (b.dead) return;
  const Combatant& k = cfg_.combatants[b.c];
  const Creature& cr = *k.creature;
  const bool dropped = b.hp < before;
  note(log, t, [&] {
    return name(b) + " at " + std::to_string(b.hp) + "/" + std::to_string(k.max_hp) + " HP";
  });
  if (dropped && cr.has_threshold && b.hp <= cr.threshold_for(k.will)) {
    if (!cr.survival_test) {
      die(b, t, log, "destroyed at its threshold");
      return;
    }
    if (!survival(b, s, groups_below(b.hp, 0, 10, false), t, log, "survival test")) {
      die(b, t, log, "a failed survival test");
      return;
    }
    if (!b.dying) {
      b.dying = true;
      b.minute = 0;
      b.next_test = t + kMinute;
      b.aid_next = t;
    }
    fall(b, t, log, "dying");
  } else if (dropped && b.hp <= 0 && !b.down) {
    const int base = k.will + k.con + b.hp;
    const TestResult r = roll_test(s, base);
    note(log, t, [&] { return name(b) + " stays up: " + test_text(r, base); });
    if (!r.passed()) fall(b, t, log, "knocked down at 0 HP or less");
  }
  if (cfg_.options.shock_test && damage > 0 && !b.down) {
    const int base = static_cast<int>(
        std::max<int64_t>(2 * k.will + action_penalty(b, true) - damage, -1'000'000));
    const TestResult r = roll_test(s, base);
    note(log, t, [&] { return name(b) + " Will test after the hit: " + test_text(r, base); });
    if (!r.passed()) fall(b, t, log, "collapsed (the Will test after a hit)");
  }
}

// Blows still waiting for their tests from another attacker's turn (its last attack went to
// someone else) are settled before the body is touched again.
void Party::settle_stale(Body& b, size_t attacker, Stream& s, Seconds t, EventLog* log) const {
  if (b.pending_from >= 0 && (static_cast<size_t>(b.pending_from) != attacker || b.pending_at != t))
    settle(b, s, t, log);
}

// 000 "Test de survie et conscience": "À moins de soins médicaux, le personnage peut mourir
// en quelques minutes, et un nouveau test de survie est nécessaire, avec une pénalité
// cumulative de -1" — at the first of its turns a minute after the last (README, the party
// fight: the minutes run on the driver's 5-second rounds).
void Party::start_turn(Body& b, Stream& s, Seconds t, EventLog* log) const {
  if (!dying(b) || t < b.next_test) return;
  ++b.minute;
  const int pen = groups_below(b.hp, 0, 10, false) + b.minute;
  if (!survival(b, s, pen, t, log, "minute survival test")) {
    die(b, t, log, "a failed survival test while dying");
    return;
  }
  b.next_test += kMinute;
}

// seeds/README.md: D10 + attack_bonus (attribute + skill + modifiers) + the penalties on the
// attacker's own actions, 9 or more hits; 000 (alley): "deux niveaux de réussite. Deux balles
// touchent" — a burst lands as many bullets as success levels, at most `burst`; each hit rolls
// its damage and the target's armour, "Après avoir soustrait la valeur d'armure des dégâts"
// (floored at 0), times the multiplier ("doublés (... balles normales)"). The tests the
// damage calls for come after the attacker's last attack of the turn.
bool Party::strike(size_t c, int n, Body& attacker, Body& target, Stream& s, Seconds t,
                   EventLog* log) const {
  settle_stale(attacker, c, s, t, log);
  settle_stale(target, c, s, t, log);
  const Combatant& k = cfg_.combatants[c];
  const bool last = n + 1 == attacks(c);
  if (state(attacker) != fight::State::Standing || target.dead) {
    if (last) settle(target, s, t, log);
    return false;
  }
  const PartyAttack& a = k.attacks[static_cast<size_t>(n)];
  const Profile& pr = a.profile;
  int hits = 0;
  if (a.hit_chance) {
    hits = s.chance(*a.hit_chance) ? 1 : 0;
  } else {
    const int base = pr.attack + action_penalty(attacker, true);
    const TestResult r = roll_test(s, base);
    hits = std::min(r.levels, pr.burst);
    note(log, t, [&] {
      return k.name + " " + pr.name + " at " + name(target) + ": " + test_text(r, base) + ", " +
             std::to_string(hits) + (hits == 1 ? " hit" : " hits");
    });
  }
  const Combatant& tk = cfg_.combatants[target.c];
  for (int h = 0; h < hits; ++h) {
    const int64_t rolled = pr.damage.roll(s);
    const int64_t armor = a.armor_applies ? tk.armor.roll(s) : 0;
    const int64_t after = std::max<int64_t>(0, rolled - armor) * pr.multiplier;
    note(log, t, [&] {
      return "hit: " + std::to_string(rolled) + " - armour " + std::to_string(armor) + ", x" +
             std::to_string(pr.multiplier) + " = " + std::to_string(after) + " (" +
             severity_name(severity_of(after)) + ")";
    });
    if (after <= 0) continue;
    if (target.pending_from < 0) {
      target.pending_from = static_cast<int8_t>(c);
      target.pending_at = t;
      target.pending_hp_before = target.hp;
    }
    target.pending += after;
    ++target.wounds;
    target.hp = static_cast<int>(std::max<int64_t>(target.hp - after, kFloor));
  }
  if (last) settle(target, s, t, log);
  return hits > 0;
}

// 000: "Les personnages avec premiers soins ou des compétences médicales peuvent stabiliser
// l'état de la victime, grâce à une épreuve réussie"; "Une épreuve d'Intelligence + Premiers
// soins redonne 1 point de vie par niveau de succès". In the fight and its aftermath an ally
// tends the dying only: one test (its turn), at most one a minute on a patient (README, the
// party fight); a success stabilises and, as one of the patient's first-aid tests, restores
// a point a level. The wounds of the others are treated after the fight.
fight::Cost Party::pick_up(Body& helper, Body& patient, Stream& s, Seconds t, EventLog* log) const {
  settle_stale(helper, fight::kMaxCombatants, s, t, log);
  settle_stale(patient, fight::kMaxCombatants, s, t, log);
  if (state(helper) != fight::State::Standing) return fight::Cost::Action;
  if (!dying(patient) || t < patient.aid_next) return fight::Cost::Bonus;
  patient.aid_next = t + kMinute;
  const int base = cfg_.combatants[helper.c].first_aid + action_penalty(helper, true);
  const TestResult r = roll_test(s, base);
  ++helper.aid_given;
  note(log, t, [&] {
    return name(helper) + " gives first aid to " + name(patient) + ": " + test_text(r, base);
  });
  if (r.passed()) {
    patient.dying = false;
    treat(patient, r.levels);
    note(log, t,
         [&] { return name(patient) + " is stabilised at " + std::to_string(patient.hp) + " HP"; });
  }
  return fight::Cost::Action;
}

// One of the patient's first-aid tests (one a wound, or one a fight), if any is left.
void Party::treat(Body& patient, int levels) const {
  if (patient.treated >= first_aid_tests(patient)) return;
  ++patient.treated;
  patient.hp = std::min(patient.hp + levels, cfg_.combatants[patient.c].max_hp);
}

// The rest after the fight under care (README, the party fight): the creature's HP recovery,
// as under 000's "surveillance médicale" for the human rule — Con a day while below 0 (the day
// that reaches 0 or more the last at Con), then 2 a day; a rate by the turn or the day for the
// types that have one; kNever for the types that do not recover. Also the human rule at 0 or
// more without care (README interpretation 11: 2 a day, as with care).
Seconds Party::rest_until(const Body& b, Seconds from) const {
  const Combatant& k = cfg_.combatants[b.c];
  if (b.hp >= k.max_hp) return from;
  const Rate& r = k.creature->hp;
  if (r.rule == Rate::Rule::Formula) {
    const int g = r.amount(k.con, k.will, 0);
    if (g <= 0) return kNever;
    return from + ceil_div(k.max_hp - b.hp, g) * r.per;
  }
  if (r.rule != Rate::Rule::Medical) return kNever;
  int64_t days = 0;
  int64_t hp = b.hp;
  if (hp < 0) {
    if (k.con == 0) return kNever;
    const int64_t below = ceil_div(-hp, k.con);
    days += below;
    hp += below * k.con;
  }
  if (hp < k.max_hp) days += ceil_div(k.max_hp - hp, kDailyAboveZero);
  return from + days * kDay;
}

// The rest after the fight, as the single character's (README, the party fight: the rest):
// under care, or at 0 HP or more, rest_until; without care below 0, 000 "sans soins, un test
// de survie chaque jour en dessous de 0" on the member's own stream, a day at a time until 0
// or more (then 2 a day), the horizon, or a failed test at the survival threshold or below
// that kills (untreated_failure_kills). Care that begins care_after the fight's end: the days
// begun before it are days without care, then rest_until under care. Returns when its HP are
// full, kNever if not by the horizon; a death sets b.dead. `mending_from` gets when the
// steady mending (rest_until) began; with `until` (a downtime's end) no daily test is made
// past it: kNever then, b.hp as the last day by then left it, and mending_from kNever.
Seconds Party::rest(Body& b, Stream& s, Seconds from, EventLog* log, Seconds until,
                    Seconds* mending_from) const {
  const Combatant& k = cfg_.combatants[b.c];
  const Creature& cr = *k.creature;
  const bool waits = cfg_.medical_care && cfg_.care_after > 0 && !cfg_.options.house_rule;
  auto mend = [&](Seconds t) {
    if (mending_from) *mending_from = t;
    return rest_until(b, t);
  };
  if ((care() && !waits) || b.hp >= 0 || cr.hp.rule != Rate::Rule::Medical) return mend(from);
  const Seconds care_at = care() ? from + cfg_.care_after : kNever;
  const int th = cr.threshold_for(k.will);
  Seconds t = from;
  while (b.hp < 0) {
    if (t >= care_at) {  // care has come: the rest under it from here
      note(log, t, [&] { return name(b) + " is under medical care, HP " + std::to_string(b.hp); });
      return mend(t);
    }
    if (t + kDay > until) {  // the party goes on before the day ends
      if (mending_from) *mending_from = kNever;
      return kNever;
    }
    t += kDay;
    if (t > cfg_.horizon) return kNever;
    const UntreatedDay u =
        untreated_day(s, b.hp, k.con + k.will, k.con, cr.has_threshold ? &th : nullptr,
                      cfg_.options.untreated_failure_kills);
    b.hp = std::max(std::min(u.hp, k.max_hp), kFloor);
    note(log, t, [&] {
      return name(b) + " daily survival test without care: " + test_text(u.test, u.base) + ", HP " +
             std::to_string(b.hp);
    });
    if (u.kills) {
      die(b, t, log, "a failed daily survival test without care");
      return t;
    }
  }
  return mend(t);
}

// b's HP at t, mending by rest_until's rule since `from` (the days, or a formula's ticks, that
// ended by t).
int Party::mended_by(const Body& b, Seconds from, Seconds t) const {
  const Combatant& k = cfg_.combatants[b.c];
  const Rate& r = k.creature->hp;
  if (b.hp >= k.max_hp || t <= from) return b.hp;
  int64_t hp = b.hp;
  if (r.rule == Rate::Rule::Formula) {
    const int g = r.amount(k.con, k.will, 0);
    if (g > 0) hp += (t - from) / r.per * g;
  } else if (r.rule == Rate::Rule::Medical) {
    int64_t days = (t - from) / kDay;
    if (hp < 0 && k.con > 0) {
      const int64_t below = std::min(days, ceil_div(-hp, k.con));
      hp += below * k.con;
      days -= below;
    }
    if (hp >= 0) hp += days * kDailyAboveZero;
  }
  return static_cast<int>(std::min<int64_t>(hp, k.max_hp));
}

Outcome Party::run_trial(TrialContext& ctx) const {
  Carried nothing;
  return run_adventure(ctx, nothing);
}

Outcome Party::run_adventure(TrialContext& ctx, Carried& carried, Seconds leave_by,
                             bool* went_on, AfterDeath after_death) const {
  Bodies<Body> bodies;
  const fight::Result first = play_fight(bodies, ctx, [&](Body& b) {
    if (b.c < cfg_.members && carried.absent[b.c]) {  // after_a_death = "go_on": short of it
      b.dead = true;
      note(ctx.log, 0, [&] { return fight::empty_place(name(b), false); });
      return;
    }
    if (b.c < cfg_.members && carried.newcomer[b.c])
      note(ctx.log, 0, [&] { return fight::newcomer_place(name(b), false); });
    if (b.c >= cfg_.members || !carried.held || carried.hp[b.c] >= cfg_.combatants[b.c].max_hp)
      return;
    b.hp = carried.hp[b.c];
    note(ctx.log, 0, [&] {
      return name(b) + " carries from the adventures before: HP " + std::to_string(b.hp) + "/" +
             std::to_string(cfg_.combatants[b.c].max_hp);
    });
  });
  uint32_t defeated = count_defeated(bodies, [](const Body& b) { return b.dead; });
  // An adventuring day: its other encounters, first aid between them (party_day.cpp).
  uint32_t fought = 1;
  const fight::Result res =
      play_day_own(bodies, first, std::span<const Party>(next_), defeated, fought, ctx);
  // After the day's last fight, its numbers (one fight: the trial's).
  TrialRng last = ctx.rng.encounter(fought - 1);

  // Blows left waiting when the fight ended (README, the party fight, reading 1): tested on
  // the member's check stream of the round after the last, which the driver never opens (a
  // day's: its rounds added up, past any of its last encounter's).
  const int after = res.rounds + res.aftermath_rounds + 1;
  for (size_t c = 0; c < cfg_.members; ++c) {
    Stream s = open(last, streams::combatant_check(after, c));
    settle(bodies[c], s, res.end, ctx.log);
  }
  // After the aftermath: first aid for the wounds not yet treated, from the standing member
  // with the best First Aid (on itself at -2), with the pain penalty now; then the rest.
  const int helper = first_aider(bodies);
  std::array<fight::MemberReport, fight::kMaxMembers> members;
  std::array<std::optional<Stream>, fight::kMaxMembers> recovery;
  std::array<bool, fight::kMaxMembers> hurt{};
  std::array<Seconds, fight::kMaxMembers> mine{};
  // With a downtime a member who never fell (it can act however hurt) rests below, once the
  // party knows when it goes: the others' rest decides that.
  auto deferred = [&](const Body& b) {
    return leave_by > 0 && hurt[b.c] && !dying(b) && b.down_first < 0;
  };
  for (size_t c = 0; c < cfg_.members; ++c) {
    Body& b = bodies[c];
    const Combatant& k = cfg_.combatants[c];
    Stream& s = recovery[c].emplace(open(last, streams::combatant_recovery(c)));
    hurt[c] = !b.dead && b.hp < k.max_hp;
    mine[c] = res.end;
    if (dying(b)) {
      mine[c] = kNever;  // the aftermath's cap came first
    } else if (hurt[c]) {
      if (helper >= 0) first_aid(bodies[static_cast<size_t>(helper)], b, s, res.end, ctx.log);
      if (!deferred(b)) mine[c] = rest(b, s, res.end, ctx.log);
    }
    // A member who fell stays in bed until its HP are full (the single character's reading).
    if (!b.dead && b.down_first >= 0) b.up_last = mine[c];
  }
  // The downtime (interpretation 27, a party's): the party goes at its end, or once the last
  // who fell is whole; never past the horizon, nor after a death (a party's campaign ends
  // there, unless it replaces its dead and some survived). The members who never fell rest
  // until then, and carry the HP they have.
  Seconds left_at = -1;
  if (leave_by > 0) {
    Seconds go = leave_by;
    size_t deaths = 0;
    for (size_t c = 0; c < cfg_.members; ++c) {
      deaths += bodies[c].dead;
      if (!bodies[c].dead && !deferred(bodies[c])) go = std::max(go, mine[c]);
    }
    const bool goes_on = deaths == 0 || (plays_on(after_death) && deaths < cfg_.members);
    const bool can = goes_on && go <= cfg_.horizon;
    for (size_t c = 0; c < cfg_.members; ++c) {
      Body& b = bodies[c];
      if (b.dead || !deferred(b)) continue;
      Seconds from = res.end;
      mine[c] = rest(b, *recovery[c], res.end, ctx.log, can ? go : kNever, &from);
      if (!can || mine[c] <= go) continue;
      left_at = go;
      if (from < kNever) b.hp = mended_by(b, from, go);
      mine[c] = -1;  // not whole when the party goes
    }
  }
  Seconds full = res.end;
  for (size_t c = 0; c < cfg_.members; ++c) {
    const Body& b = bodies[c];
    if (!b.dead && mine[c] >= 0) full = std::max(full, mine[c]);
    members[c] = {b.dead, b.died_at, b.falls, 0, b.down_first, b.up_last, hurt[c], b.dead ? -1 : mine[c]};
    members[c].absent = carried.absent[c];
  }
  carried.held = left_at >= 0;
  for (size_t c = 0; c < cfg_.members; ++c) {
    carried.hp[c] = mine[c] < 0 && !bodies[c].dead ? bodies[c].hp : cfg_.combatants[c].max_hp;
    // Its place's next occupant: the scenario's, fresh, or nobody (after_a_death).
    carried.newcomer[c] = bodies[c].dead && after_death != AfterDeath::GoOn;
    carried.absent[c] = bodies[c].dead && after_death == AfterDeath::GoOn;
  }
  if (went_on) *went_on = carried.held;
  if (carried.held)
    note(ctx.log, left_at, [&] {
      std::string who;
      for (size_t c = 0; c < cfg_.members; ++c)
        if (mine[c] < 0)
          who += (who.empty() ? "" : "; ") + name(bodies[c]) + " at HP " +
                 std::to_string(bodies[c].hp) + "/" + std::to_string(cfg_.combatants[c].max_hp);
      return "the downtime is over: the party goes on to the next adventure, " + who;
    });
  // The helper's tests after the fight are counted once every member has had its own.
  for (size_t c = 0; c < cfg_.members; ++c) members[c].heals_given = bodies[c].aid_given;
  ctx.rng.absorb(last);
  // Not told when a member died in its rest after it: "every survivor" would read as everyone.
  bool later_death = false;
  for (size_t c = 0; c < cfg_.members; ++c)
    later_death = later_death || (bodies[c].dead && bodies[c].died_at > full);
  if (!carried.held && full > res.end && full <= cfg_.horizon && !later_death)
    note(ctx.log, full, [] { return std::string("after the rest, every survivor is at full HP"); });
  Outcome o = fight::party_outcome(res, std::span(members.data(), cfg_.members), defeated, full,
                                   cfg_.horizon, left_at, after_death);
  if (encounters_counter_ < Outcome::kMaxCounters) o.count(encounters_counter_, fought);
  return o;
}

}  // namespace leth::unisystem
