// The course of a dnd5e party's lingering injuries after the fight (seed 003; README, the party
// fight, "After the fight"): the daily long rests, the medic's treatments and the bed rest they
// prescribe, the deadlines of burns, frostbite and necrosis, the rot's daily loss. What each of
// these does to an injury is written once in course.h, which the single character (model.cpp)
// plays too; here the clocks, played for every survivor on its own stream
// (streams::combatant_course), with the one medic the party shares.
#include <algorithm>
#include <limits>
#include <optional>

#include "rules/dnd5e/course.h"
#include "rules/dnd5e/party.h"
#include "sim/core/substreams.h"

namespace leth::dnd5e {

namespace {

constexpr Seconds kNever = std::numeric_limits<Seconds>::max();

// One open injury after the fight: its course (course.h) and its clocks.
struct OpenInjury : InjuryCourse {
  Seconds deadline = kNever, tick = kNever, bed_end = kNever;  // treated: in bed until bed_end
  int hp_lost = 0;  // maximum HP its rot or haemorrhage took: back when it heals
  bool hand = true;  // "Mains ou pieds": of a hand (drawn with the injury, Body::open_foot)
  int decline = 0;   // septicaemia: points of Str, Dex and Con lost, one a day
};

struct Patient {
  std::array<OpenInjury, Party::Body::kMaxOpen> in{};
  size_t n = 0;
  uint32_t lasting = 0;  // permanent losses: an eye, blindness, deafness, a hand or foot
  uint8_t hands = 0, feet = 0;  // lost to a deadline
  Seconds whole = -1;    // when it was first whole: HP full, out of bed, nothing left to heal
  Seconds up = 0;        // when the last injury that kept it down or in bed ended
};

}  // namespace

Party::Course Party::injury_course(Bodies<Body>& bodies, const fight::Result& res, Seconds awake,
                                   std::span<fight::MemberReport> members, TrialContext& ctx,
                                   Carried& carried, Seconds leave_by,
                                   AfterDeath after_death) const {
  const Options& o = cfg_.options;
  const size_t m = cfg_.members;
  std::array<Patient, fight::kMaxMembers> pat{};
  std::array<std::optional<Stream>, fight::kMaxMembers> stream;
  auto def = [&](const OpenInjury& k) -> const InjuryDef& { return catalog_->injury(k.def); };
  auto label = [&](size_t c, const OpenInjury& k) {
    return name(bodies[c]) + "'s " + def(k).label +
           same_name_mark(pat[c].in.data(), static_cast<size_t>(&k - pat[c].in.data())) + " (" +
           severity_name(k.severity) + ")";
  };
  // The maximum HP less what the open injuries' rot and haemorrhage took (as one character's,
  // model.cpp: recompute — a healed one gives its loss back).
  auto rot = [&](size_t c) {
    int lost = 0;
    for (size_t i = 0; i < pat[c].n; ++i)
      if (pat[c].in[i].open) lost += pat[c].in[i].hp_lost;
    return lost;
  };
  // What the open injuries take from ability a (their losses, septicaemia's decline so far).
  auto taken = [&](size_t c, Ability a) {
    int loss = 0;
    for (size_t i = 0; i < pat[c].n; ++i)
      if (pat[c].in[i].open) loss += ability_taken(def(pat[c].in[i]), pat[c].in[i].decline, a);
    return loss;
  };
  // With a level and a `con` score, less the Con modifier's drop a level (Party::max_hp).
  auto max_hp = [&](size_t c) {
    const Combatant& k = cfg_.combatants[c];
    const int con = k.scores[static_cast<size_t>(Ability::Con)];
    if (k.level == 0 || con == 0) return k.max_hp - rot(c);
    const int now = std::max(con - taken(c, Ability::Con), 0);
    return k.max_hp - rot(c) + k.level * (ability_modifier(now) - ability_modifier(con));
  };
  auto die = [&](size_t c, Seconds t, const char* why) {
    Body& b = bodies[c];
    b.dead = true;
    b.died_at = t;
    note(ctx.log, t, [&] { return name(b) + " dies: " + why; });
  };
  // Rot and haemorrhage (course.h: rot_loss); at 0 the member dies (the single character's
  // reading).
  // A maximum lowered (rot, a Con loss): HP above it come down to it; at 0 the member dies.
  auto cap = [&](size_t c, Seconds t) {
    Body& b = bodies[c];
    b.hp = std::min(b.hp, std::max(max_hp(c), 0));
    if (max_hp(c) <= 0) die(c, t, "maximum HP reduced to 0");
  };
  auto lose_max_hp = [&](size_t c, OpenInjury& k, Seconds t) {
    k.hp_lost += rot_loss(*stream[c]);
    cap(c, t);
  };
  auto keeps_down = [&](const OpenInjury& k) {
    const Condition x = def(k).condition;
    return x == Condition::Incapacitated || x == Condition::Paralyzed || x == Condition::Stunned ||
           x == Condition::Unconscious;
  };
  // Interpretation 9, a member's (with its scores): the open injuries' losses and septicaemia's
  // decline take a score to 0, and ability_zero_kills.
  auto zero_score = [&](size_t c) -> const char* {
    if (!o.ability_zero_kills) return nullptr;
    for (size_t a = 0; a < kAbilities; ++a) {
      const int score = cfg_.combatants[c].scores[a];
      if (score == 0) continue;
      const int loss = taken(c, static_cast<Ability>(a));
      static constexpr const char* kWhy[kAbilities] = {
          "str reduced to 0", "dex reduced to 0", "con reduced to 0",
          "int reduced to 0", "wis reduced to 0", "cha reduced to 0"};
      if (loss >= score) return kWhy[a];
    }
    return nullptr;
  };
  auto close = [&](size_t c, OpenInjury& k, Seconds t, const char* how) {
    k.open = false;
    if (keeps_down(k) || k.treated) pat[c].up = std::max(pat[c].up, t);
    note(ctx.log, t, [&] { return label(c, k) + " heals: " + how; });
  };

  // The clocks begin when the fight ends (it lasted minutes): the first 1d4 of rot, a deadline.
  for (size_t c = 0; c < m; ++c) {
    Body& b = bodies[c];
    if (b.dead || b.n_open == b.n_carried) continue;  // the losses carried: kept, not again
    stream[c].emplace(open(ctx.rng, streams::combatant_course(c)));
    Patient& p = pat[c];
    const CarriedMember& cm = carried[c];
    for (size_t i = b.n_carried; i < b.n_open; ++i) {
      OpenInjury& k = p.in[p.n++];
      const bool hand = (b.open_foot >> i & 1u) == 0;
      // Went on with it (a downtime, README interpretation 20): its course where it was, its
      // clocks on (one due during the fight falls at its end).
      if (i < size_t{b.n_carried} + b.n_healing) {
        const size_t h = carried_course(b, i);
        static_cast<InjuryCourse&>(k) = cm.healing[h].course;
        k.hp_lost = cm.healing[h].hp_lost;
        k.long_rests = b.open_rests[i];  // with the day's nights
        k.decline = cm.healing[h].decline;
        if (cm.healing[h].deadline_in >= 0)
          k.deadline = std::max(res.end, cm.healing[h].deadline_in);
        if (cm.healing[h].tick_in >= 0) k.tick = std::max(res.end, cm.healing[h].tick_in);
        k.hand = hand;
        continue;
      }
      k.begin(b.open[i], b.open_severity[i]);
      k.hand = hand;
      k.long_rests = b.open_rests[i];  // the day's nights
      if (def(k).permanent != Permanent::None) {  // a loss kept, not healed
        k.open = false;
        ++p.lasting;
        note(ctx.log, res.end, [&] { return label(c, k) + " is a loss it keeps"; });
      }
      if (def(k).ongoing == Ongoing::MaxHpLoss) {
        k.tick = res.end + kDay;
        if (!b.dead) lose_max_hp(c, k, res.end);
      }
      // 003 "Votre Force, Dextérité et Constitution diminuent de 1 par tranche de 24 heures".
      if (def(k).ongoing == Ongoing::AbilityDecline) k.tick = res.end + kDay;
      if (def(k).deadline != Deadline::None) k.deadline = res.end + o.deadline.sample(*stream[c]);
    }
  }

  // 003 "Soin magique" (the single character's reading, model.cpp: magic_for_injury): once
  // every survivor is awake, the party's magic heals one open, untreated injury at a time, the
  // most severe first (then the first member, its first injury): light — a healing spell (a
  // use left) or a potion, which also restores its hit points, the patient being stable;
  // moderate — lesser restoration or a remedy; severe — greater restoration or a remedy;
  // serious — heal or regenerate. Each from the first living member, in the party's order,
  // who holds it; each counts in that member's heals_used.
  {
    struct Magic {  // what a member has left (no dice: a trial allocates nothing)
      int uses = 0, potions = 0, lesser_restoration = 0, greater_restoration = 0, heal_spell = 0,
          remedies_moderate = 0, remedies_severe = 0;
    };
    std::array<Magic, fight::kMaxMembers> left{};
    bool any = false;
    for (size_t c = 0; c < m; ++c) {
      const auto& h = cfg_.combatants[c].heals;
      if (bodies[c].dead || !h) continue;
      left[c] = {bodies[c].uses,         bodies[c].potions, h->lesser_restoration,
                 h->greater_restoration, h->heal_spell,     h->remedies_moderate,
                 h->remedies_severe};
      any = any || left[c].uses > 0 || left[c].potions > 0 || left[c].lesser_restoration > 0 ||
            left[c].greater_restoration > 0 || left[c].heal_spell > 0 ||
            left[c].remedies_moderate > 0 || left[c].remedies_severe > 0;
    }
    // The first member holding a resource for severity `sev`: the pool, its name, the holder.
    auto holder = [&](Severity sev, int*& pool, const char*& what) -> size_t {
      for (size_t c = 0; c < m; ++c) {
        if (bodies[c].dead) continue;
        Magic& h = left[c];
        auto take = [&](int& n, const char* name) {
          if (n <= 0 || pool != nullptr) return;
          pool = &n;
          what = name;
        };
        switch (sev) {
          case Severity::Light:
            take(h.uses, "a healing spell");
            take(h.potions, "a potion");
            break;
          case Severity::Moderate:
            take(h.lesser_restoration, "lesser restoration");
            take(h.remedies_moderate, "a remedy");
            break;
          case Severity::Severe:
            take(h.greater_restoration, "greater restoration");
            take(h.remedies_severe, "a remedy");
            break;
          case Severity::Serious:
            take(h.heal_spell, "heal / regenerate");
            break;
        }
        if (pool != nullptr) return c;
      }
      return m;
    };
    while (any) {
      any = false;
      for (int sev = kSeverities - 1; sev >= 0 && !any; --sev)
        for (size_t c = 0; c < m && !any; ++c)
          for (size_t i = 0; i < pat[c].n && !any && !bodies[c].dead; ++i) {
            OpenInjury& k = pat[c].in[i];
            if (!k.open || k.treated || static_cast<int>(k.severity) != sev) continue;
            int* pool = nullptr;
            const char* what = "";
            const size_t by = holder(k.severity, pool, what);
            if (by == m) continue;
            --*pool;
            ++members[by].heals_given;
            if (k.severity == Severity::Light) {
              const Heals& h = *cfg_.combatants[by].heals;
              const Dice& dice = pool == &left[by].uses ? *h.dice : h.potion;
              Body& b = bodies[c];
              b.hp = std::min(max_hp(c),
                              b.hp + static_cast<int>(std::max<int64_t>(dice.roll(*stream[c]), 1)));
            }
            note(ctx.log, awake,
                 [&] { return name(bodies[by]) + " gives " + what + " to " + name(bodies[c]); });
            close(c, k, awake, what);
            any = true;
          }
    }
  }

  // The medic: the living member with treat_injuries and the best Medicine, not kept down by an
  // injury nor in bed.
  auto can_act = [&](size_t c) {
    if (bodies[c].dead) return false;
    for (size_t i = 0; i < pat[c].n; ++i) {
      const OpenInjury& k = pat[c].in[i];
      if (k.open && (keeps_down(k) || k.treated)) return false;  // down, or in bed
    }
    return true;
  };
  auto medic = [&]() {
    int best = -1;
    for (size_t c = 0; c < m; ++c) {
      const auto& h = cfg_.combatants[c].heals;
      if (!h || !h->treat_injuries || !can_act(c)) continue;
      if (best < 0 || *h->medicine > *cfg_.combatants[static_cast<size_t>(best)].heals->medicine)
        best = static_cast<int>(c);
    }
    return best;
  };
  // What the medic can treat: open, untreated, needing no magic, and a DC that its d20 +
  // Medicine can still reach (a medic does not begin a treatment it cannot pass: after enough
  // failures, +2 each, the injury waits for the long rests or its deadline).
  auto can_treat = [&](const OpenInjury& k, int who) {
    return k.treatable(*catalog_) &&
           k.within_reach(*cfg_.combatants[static_cast<size_t>(who)].heals->medicine);
  };
  // The long rests: every day from `awake`, 8 hours (SRD), the medic asleep with the others.
  auto resting = [&](Seconds t) { return t >= awake && (t - awake) % kDay < cfg_.long_rest; };
  auto after_rest = [&](Seconds t) {
    return resting(t) ? awake + (t - awake) / kDay * kDay + cfg_.long_rest : t;
  };
  auto whole = [&](size_t c, Seconds t) {
    const Body& b = bodies[c];
    if (b.dead) return false;
    for (size_t i = 0; i < pat[c].n; ++i) {
      const OpenInjury& k = pat[c].in[i];
      if (k.open || (k.treated && t < k.bed_end)) return false;
    }
    return b.hp >= max_hp(c);
  };

  Seconds out_left = -1;  // the party went on still healing then
  int treating = -1;  // c * kMaxOpen + i while a treatment runs
  int treater = -1;   // its medic
  Seconds treat_end = kNever;
  Seconds next_rest = awake + cfg_.long_rest;
  Seconds t = res.end;
  for (;;) {
    for (size_t c = 0; c < m; ++c)
      if (pat[c].whole < 0 && whole(c, t)) pat[c].whole = t;
    bool done = true;
    for (size_t c = 0; c < m; ++c) done = done && (bodies[c].dead || pat[c].whole >= 0);
    if (done) break;
    // The next thing to happen: a treatment to begin or end, a long rest's end, a clock.
    Seconds next = std::min(next_rest, treat_end);
    Seconds begin = kNever;
    const int who = treating < 0 ? medic() : -1;
    for (size_t c = 0; c < m && who >= 0; ++c)
      for (size_t i = 0; i < pat[c].n && !bodies[c].dead; ++i)
        if (can_treat(pat[c].in[i], who))
          begin = std::min(begin, after_rest(std::max({t, awake, pat[c].in[i].next_try})));
    next = std::min(next, begin);
    for (size_t c = 0; c < m; ++c)
      for (size_t i = 0; i < pat[c].n && !bodies[c].dead; ++i) {
        const OpenInjury& k = pat[c].in[i];
        if (!k.open) continue;
        next = std::min({next, k.treated ? k.bed_end : std::min(k.deadline, k.tick)});
      }
    // A downtime (README interpretation 20, a party's): the party goes on once it is over and
    // every survivor can act — awake, not kept down nor in bed — no treatment under way; never
    // after a death (unless the dead are replaced and some survived), never past the horizon.
    // A long rest under way is cut short.
    if (leave_by > 0) {
      bool can = treating < 0, anyone = false;
      for (size_t c = 0; c < m && can; ++c) {
        if (plays_on(after_death) && bodies[c].dead) continue;
        can = can_act(c);
        anyone = true;
      }
      can = can && anyone;
      const Seconds go = std::max({leave_by, t, awake});
      if (can && go <= std::min(next, cfg_.horizon)) {
        out_left = go;
        break;
      }
    }
    if (next > cfg_.horizon) break;
    t = next;

    if (t == treat_end) {
      // 003 "Soin traditionnel" at the treatment's end (course.h: InjuryCourse::end_treatment).
      const size_t c = static_cast<size_t>(treating) / Body::kMaxOpen;
      OpenInjury& k = pat[c].in[static_cast<size_t>(treating) % Body::kMaxOpen];
      const int by = treater;
      treating = treater = -1;
      treat_end = kNever;
      if (bodies[c].dead || bodies[static_cast<size_t>(by)].dead || !k.open) continue;
      const Heals& h = *cfg_.combatants[static_cast<size_t>(by)].heals;
      const TreatmentEnd e = k.end_treatment(*stream[c], *h.medicine, h.retry_after, o, t);
      note(ctx.log, t, [&] {
        return cfg_.combatants[static_cast<size_t>(by)].name + " treats " + label(c, k) + ": " +
               std::to_string(e.roll) + " vs DC " + std::to_string(e.dc);
      });
      if (e.kind == TreatmentEnd::Kind::Failed) continue;
      if (e.kind == TreatmentEnd::Kind::Healed) {
        close(c, k, t, "treatment");
        continue;
      }
      // In bed: no deadline, no further rot (the clocks below skip a treated injury).
      k.bed_end = t + e.bed;
      note(ctx.log, t, [&] { return name(bodies[c]) + " in bed until " + clock_text(k.bed_end); });
      continue;
    }
    if (t == next_rest) {
      // SRD long rest: full HP; what it does to each injury is the course's (course.h:
      // InjuryCourse::long_rest).
      next_rest += kDay;
      for (size_t c = 0; c < m; ++c) {
        Body& b = bodies[c];
        if (b.dead) continue;
        if (b.hp < max_hp(c))
          note(ctx.log, t, [&] {
            return name(b) + " ends a long rest at full HP (" + std::to_string(max_hp(c)) + ")";
          });
        b.hp = max_hp(c);
        long_rest_dice(b);
        for (size_t i = 0; i < pat[c].n; ++i)
          if (const char* how = pat[c].in[i].long_rest(*catalog_, o))
            close(c, pat[c].in[i], t, how);
      }
      continue;
    }
    if (t == begin) {
      // The deadliest first (course.h: InjuryCourse::treatment_rank), then the first member, then
      // its first injury.
      int best = -1;
      auto rank = [&](int j) {
        return pat[static_cast<size_t>(j) / Body::kMaxOpen]
            .in[static_cast<size_t>(j) % Body::kMaxOpen]
            .treatment_rank(*catalog_);
      };
      for (size_t c = 0; c < m; ++c)
        for (size_t i = 0; i < pat[c].n && !bodies[c].dead; ++i) {
          const int j = static_cast<int>(c * Body::kMaxOpen + i);
          if (can_treat(pat[c].in[i], who) && pat[c].in[i].next_try <= t &&
              (best < 0 || rank(j) > rank(best)))
            best = j;
        }
      if (best >= 0) {
        treater = who;
        treating = best;
        const OpenInjury& k = pat[static_cast<size_t>(best) / Body::kMaxOpen]
                                  .in[static_cast<size_t>(best) % Body::kMaxOpen];
        treat_end = t + kTreatTime[static_cast<size_t>(k.severity)];
      }
      continue;
    }
    // An injury's own clock: its bed rest ends, its deadline comes, or the rot worsens.
    for (size_t c = 0; c < m; ++c)
      for (size_t i = 0; i < pat[c].n && !bodies[c].dead; ++i) {
        OpenInjury& k = pat[c].in[i];
        if (!k.open) continue;
        if (k.treated) {
          if (k.bed_end == t) close(c, k, t, "treatment and bed rest");
          continue;
        }
        if (k.tick == t) {
          k.tick += kDay;
          note(ctx.log, t, [&] { return label(c, k) + " worsens"; });
          const int top_before = ctx.log ? max_hp(c) : 0;
          if (def(k).ongoing == Ongoing::AbilityDecline) {
            ++k.decline;
            if (const char* zero = zero_score(c))
              die(c, t, zero);
            else
              cap(c, t);  // its point of Con
          } else {
            lose_max_hp(c, k, t);
          }
          if (ctx.log && !bodies[c].dead && max_hp(c) != top_before)
            note(ctx.log, t, [&] {
              return name(bodies[c]) + "'s maximum HP is now " + std::to_string(max_hp(c)) +
                     " (was " + std::to_string(top_before) + ")";
            });
        }
        if (k.deadline != t || bodies[c].dead) continue;
        // 003: "Si cela n'est pas traité dans les 1d4 jours qui suivent, vous perdez une main ou
        // un pied" (the hand or foot drawn with the injury); frostbite worsens (course.h:
        // InjuryCourse::worsen), with a fresh clock.
        Stream& s = *stream[c];
        if (def(k).deadline == Deadline::LoseLimb) {
          const bool hand = k.hand;
          ++pat[c].lasting;
          ++(hand ? pat[c].hands : pat[c].feet);
          k.open = false;
          note(ctx.log, t, [&] {
            return label(c, k) + " untreated: " + name(bodies[c]) + " loses a " +
                   (hand ? "hand" : "foot");
          });
          continue;
        }
        k.worsen(*catalog_);
        // At least a second on: a custom table's worsening cycle with a 0-day deadline still
        // moves the clock.
        k.deadline = def(k).deadline != Deadline::None
                         ? t + std::max<Seconds>(1, o.deadline.sample(s))
                         : kNever;
        note(ctx.log, t, [&] { return "untreated, it becomes " + label(c, k); });
      }
  }

  // What each member goes on with: its HP, its rot, its healing injuries with
  // their course and clocks on the next adventure's clock; nothing when whole.
  for (size_t c = 0; c < m; ++c) {
    CarriedMember& cm = carried[c];
    cm.n_healing = 0;
    cm.hp = -1;
    cm.rot = 0;
    if (out_left < 0 || bodies[c].dead) continue;  // the dead go nowhere (after_a_death)
    for (size_t i = 0; i < pat[c].n; ++i) {
      const OpenInjury& k = pat[c].in[i];
      if (!k.open) continue;  // healed, or a loss kept (carried as such)
      CarriedMember::Healing& h = cm.healing[cm.n_healing++];
      h.course = k;
      h.hp_lost = k.hp_lost;
      h.hand = k.hand;
      h.decline = k.decline;
      h.course.next_try = k.next_try - out_left;
      h.deadline_in = k.deadline == kNever ? -1 : k.deadline - out_left;
      h.tick_in = k.tick == kNever ? -1 : k.tick - out_left;
    }
    const Body& b = bodies[c];
    if (cm.n_healing > 0 || b.hp < max_hp(c)) {
      cm.hp = b.hp;
      cm.rot = rot(c);
    }
  }

  // Each member's report: dead in the course, or kept down or in bed until its injury ended.
  Course out;
  out.left_at = out_left;
  for (size_t c = 0; c < m; ++c) {
    const Body& b = bodies[c];
    fight::MemberReport& r = members[c];
    if (b.dead) {
      r.dead = true;
      r.died_at = b.died_at;
      r.whole_at = -1;
      continue;
    }
    out.lasting += pat[c].lasting;
    out.hands[c] = pat[c].hands;
    out.feet[c] = pat[c].feet;
    if (pat[c].n == 0) {
      out.full = std::max(out.full, r.whole_at);
      continue;
    }
    r.hurt = true;
    r.whole_at = pat[c].whole >= 0 ? pat[c].whole : cfg_.horizon + 1;
    out.full = std::max(out.full, r.whole_at);
    bool still_down = false;
    for (size_t i = 0; i < pat[c].n; ++i)
      still_down =
          still_down || (pat[c].in[i].open && (keeps_down(pat[c].in[i]) || pat[c].in[i].treated));
    r.up_last = std::max(r.up_last, still_down ? cfg_.horizon : pat[c].up);
  }
  return out;
}

}  // namespace leth::dnd5e
