#include "rules/pf2/model.h"

#include <algorithm>

#include "rules/common/solo_fight.h"
#include "rules/pf2/medicine.h"
#include "sim/core/check.h"
#include "sim/core/clock.h"
#include "sim/core/out_of_action.h"
#include "sim/core/substreams.h"

namespace leth::pf2 {

const RulesetInfo& Model::info() {
  // No sequelae: seed 004 has no lasting injuries.
  static const MetricSpec metrics = metric_spec({.ends = metric::kEndTable,
                                                 .counters = metric::kCounterTable,
                                                 .durations = metric::kDurationTable});
  static const RulesetInfo r{"pf2",
                             "Pathfinder 2e: hit points, dying and recovery",
                             "004_3cd47c20af020d45.txt",
                             &option_specs(),
                             &metrics,
                             &scenario_template,
                             &party_template};
  return r;
}

Model::Model(PartyConfig party) : party_(std::make_shared<const Party>(std::move(party))) {}

Model Model::build(const Scenario& s, size_t v) {
  Reader r = s.section_reader(v);
  if (!r.get_tables("party").empty()) return Model(read_party(s, v));
  return Model(read_config(s, v));
}

Model::Model(Config config) : config_(std::move(config)) {
  for (size_t s = 0; s < config_.strikes.size(); ++s)
    for (int n = 1; n <= config_.strikes[s].base.count; ++n)
      actors_.push_back({static_cast<int>(s), n});
}

namespace {

// 004 "Inconscient" (condition): "une pénalité de condition de -4 à la CA".
constexpr int kUnconsciousAcPenalty = 4;
// 004 "Inconscient" makes the character "pris au dépourvu" (off-guard); its -2 to AC is Player
// Core.
constexpr int kOffGuardAcPenalty = 2;
// Player Core, unconscious: -4 to Reflex saves as well (not in seed 004).
constexpr int kUnconsciousReflexPenalty = 4;

std::string hp_text(int hp, int max) {
  return std::to_string(hp) + "/" + std::to_string(max);
}

// The events of one trial's timeline after the fight (the fight is the driver's: SoloRules).
enum class Ev : uint16_t {
  DyingTurn,  // after the fight: a turn while dying (a recovery check)
  HealerRound,
  TreatStart,
  TreatEnd,
  Wake,
  RestStart,
  RestEnd
};

using metric::End;

// What one blow of a creature's turn did, before temporary HP absorb any of it.
struct Blow {
  int64_t damage = 0;     // 0: none
  bool critical = false;  // a critical hit, or the character's critical failure at a save
  std::string how;        // the roll, for the log only (empty without one)
};

// "d20 14 + 10 = 24 vs AC 23: success": a Strike's attack roll against the character's AC.
std::string attack_text(const CheckResult& r, int bonus, int ac) {
  std::string s = "d20 " + std::to_string(r.natural);
  if (bonus != 0)
    s += (bonus > 0 ? " + " : " - ") + std::to_string(bonus > 0 ? bonus : -bonus) + " = " +
         std::to_string(r.total);
  return s + " vs AC " + std::to_string(ac) + ": " + degree_name(r.degree);
}

// One trial: the character's state and the rules that change it.
class Trial {
 public:
  Trial(const Model& m, TrialContext& ctx, const Model::Carried& carried)
      : m_(m),
        cfg_(m.config()),
        opt_(cfg_.options),
        ch_(cfg_.character),
        rng_(ctx.rng),
        log_(ctx.log),
        timeline_(ctx.timeline) {
    hp_ = ch_.max_hp;
    temp_hp_ = ch_.temp_hp;
    wounded_ = ch_.wounded;
    doomed_ = carried.doomed >= 0 ? carried.doomed : ch_.doomed;
    hero_points_ = ch_.hero_points;
    // Went on short of full HP (campaign.downtime): its HP and wounded with it.
    if (carried.hp >= 0) {
      carried_in_ = true;
      hp_ = carried.hp;
      full_since_ = hp_ >= ch_.max_hp ? 0 : -1;
      wounded_ = carried.wounded;
    }
    leave_by_ = carried.leave_by;
  }

  Outcome run();
  void carry(Model::Carried& carried) const {
    carried.doomed = doomed_;
    carried.went_on = left_at_ >= 0;
    carried.hp = left_at_ >= 0 ? hp_ : -1;
    carried.wounded = left_at_ >= 0 ? wounded_ : -1;
  }

 private:
  friend class SoloRules;

  // --- state queries
  bool down() const { return hp_ == 0; }
  int death_at() const { return 4 - (opt_.doomed ? doomed_ : 0); }
  bool full() const { return !dead_ && !down() && hp_ == ch_.max_hp; }
  // 004 "Jets de récupération": the knock-out DC + the current dying value; Player Core's flat
  // check: 10 + dying.
  int recovery_dc() const {
    return opt_.recovery_check == RecoveryCheck::Fortitude ? recovery_dc_ + dying_ : 10 + dying_;
  }

  // --- the fight, played by the driver (SoloRules), and the timeline after it
  void start_fight();
  void round_end(Seconds t);
  void fight_ends(Seconds t);
  void dispatch(const Timeline::Event& ev);

  // --- the rules
  bool creature_takes_turn(size_t actor_index, int round) const;
  bool creature_blow(size_t actor_index, size_t i, Stream& s, Seconds t);
  Blow strike(const Attack& a, size_t before, Stream& s) const;
  Blow basic_save(const Strike& st, const Attack& a, Stream& s) const;
  Blow fixed_chance(const Strike& st, const Attack& a, Stream& s) const;
  void character_turn(Seconds t);
  void healer_action(Seconds t, bool in_combat);
  // `actor`: the creature that dealt it (index into Model::actors()), or -1 for treatment.
  void take_hit(const Hit& hit, int dc, bool death_effect, int actor, Seconds t);
  std::string actor_name(int actor) const;
  void knock_out(bool critical, int dc, bool nonlethal, Seconds t);
  void gain_dying_while_down(bool critical, int dc, Seconds t);
  void lose_dying(Seconds t);
  template <typename Why>
  void worsen_dying(int to, Seconds t, Why&& why);
  void spend_hero_points(Seconds t);
  void become_stable(Seconds t);
  void schedule_wake(Seconds t);
  void heal(int amount, Seconds t, const char* how);
  void grant_temp_hp(int amount, Seconds t);
  // `why` makes the reason's text, for the log only.
  template <typename Why>
  void die(Seconds t, Why&& why);
  void set_hp(int hp, Seconds t);
  void set_dying(int dying, Seconds t);  // keeps the time spent dying
  Outcome outcome() const;

  // --- after the fight
  // seeds/README (Player Core): 8 hours of rest restore Con x level HP (at least level).
  int rest_gain() const { return std::max(ch_.con, 1) * ch_.level; }
  bool healer_expected() const { return cfg_.healer.has_value() && help_at_ >= 0; }
  void rest_the_remaining_nights(Seconds t);
  void plan_healer(Seconds t);
  void arrive(Seconds t) {
    if (healer_here_) return;
    healer_here_ = true;
    note(log_, t, [] { return std::string("help arrives"); });
  }
  void treat_wounds(Seconds t);
  bool quiet_dying() const { return !log_ && hero_points_ == 0 && !healer_expected(); }
  void quiet_dying_turns(Seconds t);
  bool next_turn_is_earliest(Seconds next) const;
  // campaign.downtime: the moment from `now` on, and by `until`, at which the character leaves
  // short of full HP for the next adventure; -1 if not by then (interpretation 15).
  Seconds leave_time(Seconds now, Seconds until) const;

  const Model& m_;
  const Config& cfg_;
  const Options& opt_;
  const Character& ch_;
  TrialRng& rng_;
  EventLog* log_;
  Timeline& timeline_;

  int hp_ = 0;
  int temp_hp_ = 0;
  int dying_ = 0;
  int recovery_dc_ = 0;
  int wounded_ = 0;
  int doomed_ = 0;
  int hero_points_ = 0;
  bool dead_ = false;
  uint32_t knock_outs_ = 0;
  uint32_t hero_points_spent_ = 0;
  OutOfAction ooa_;          // cannot act: unconscious (at 0 HP), from the first knock-out on
  Seconds dying_since_ = 0;  // when the current dying episode began
  Seconds time_dying_ = 0;   // closed dying episodes, in all
  bool ever_dying_ = false;
  bool resting_ = false;
  Seconds rest_ends_ = 0;
  Seconds wake_at_ = -1;    // when a stable, unconscious character wakes; -1: not scheduled
  Seconds full_since_ = 0;  // -1 while below full health
  Seconds death_time_ = 0;
  End death_end_ = metric::kDiedCombat;
  bool dying_began_in_combat_ = false;
  bool in_combat_ = true;
  Seconds combat_end_ = 0;
  int rounds_ = 0;

  uint64_t dying_checks_ = 0;  // stream indices, so each check has its own numbers
  uint64_t care_actions_ = 0;
  uint64_t wakes_ = 0;
  Seconds help_at_ = -1;  // when the healer arrives; -1: never
  bool healer_here_ = false;
  bool temp_hp_granted_ = false;
  int heal_uses_ = 0;
  Seconds next_treat_ = 0;  // Treat Wounds: the patient is immune until then
  bool carried_in_ = false;  // began short of full HP, from the adventure before
  Seconds leave_by_ = 0;     // Model::Carried::leave_by
  Seconds left_at_ = -1;     // when it left short of full HP; -1: it did not
  Seconds rested_to_ = 0;    // the end of the last night counted in one step
};

void Trial::set_hp(int hp, Seconds t) {
  if (hp_ == 0 && hp > 0) ooa_.can_act(t);  // 004: back to 1 HP or more, conscious
  hp_ = std::clamp(hp, 0, ch_.max_hp);
  if (hp_ == ch_.max_hp) {
    if (full_since_ < 0) full_since_ = t;
  } else {
    full_since_ = -1;
  }
}

void Trial::set_dying(int dying, Seconds t) {
  if (dying_ == 0 && dying > 0) {
    dying_since_ = t;
    ever_dying_ = true;
  } else if (dying_ > 0 && dying == 0) {
    time_dying_ += t - dying_since_;
  }
  dying_ = dying;
}

template <typename Why>
void Trial::die(Seconds t, Why&& why) {
  dead_ = true;
  hp_ = 0;
  death_time_ = t;
  if (dying_ > 0) time_dying_ += t - dying_since_;
  if (in_combat_)
    death_end_ = metric::kDiedCombat;
  else if (dying_began_in_combat_)
    death_end_ = metric::kDiedDying;
  else
    death_end_ = metric::kDiedRecovery;
  note(log_, t, [&] { return "dies: " + why(); });
}

std::string Trial::actor_name(int actor) const {
  if (actor < 0) return "Treat Wounds";
  const Model::Actor& a = m_.actors()[static_cast<size_t>(actor)];
  const Attacker& base = cfg_.strikes[static_cast<size_t>(a.strike)].base;
  return base.count > 1 ? base.name + " " + std::to_string(a.number) : base.name;
}

// 004 "Être mis KO": unconscious; dying 1, or 2 on a critical hit or own critical failure;
// nonlethal: unconscious at 0 HP but not dying. Player Core: dying also gains wounded.
void Trial::knock_out(bool critical, int dc, bool nonlethal, Seconds t) {
  ++knock_outs_;
  ooa_.cannot_act(t);  // 004: "Vous tombez inconscient"
  if (nonlethal) {
    note(log_, t,
         [] { return std::string("knocked out by nonlethal damage: unconscious, not dying"); });
    schedule_wake(t);
    return;
  }
  const int to = (critical ? 2 : 1) + (opt_.wounded ? wounded_ : 0);
  recovery_dc_ = dc;
  dying_began_in_combat_ = in_combat_;
  wake_at_ = -1;
  note(log_, t, [&] {
    std::string s = "knocked out";
    if (critical) s += " by a critical";
    s += ": unconscious, dying " + std::to_string(to);
    if (opt_.wounded && wounded_ > 0) s += " (wounded " + std::to_string(wounded_) + ")";
    if (opt_.recovery_check == RecoveryCheck::Fortitude)
      s += ", recovery DC " + std::to_string(recovery_dc_) + " + dying";
    return s;
  });
  worsen_dying(to, t, [&] { return "dying " + std::to_string(to) + " on being knocked out"; });
}

// 004 "Subir des dégâts en étant inconscient": the effects of a knock-out again, keeping the
// higher recovery DC. Read as dying +1 (+2 on a critical) — option damage_while_dying.
void Trial::gain_dying_while_down(bool critical, int dc, Seconds t) {
  const int step = critical ? 2 : 1;
  int to = 0;
  if (dying_ > 0) {
    to = opt_.dying_adds ? dying_ + step : std::max(dying_, step + (opt_.wounded ? wounded_ : 0));
    recovery_dc_ = std::max(recovery_dc_, dc);
    note(log_, t, [&] {
      return "hit while dying: dying " + std::to_string(dying_) + " -> " + std::to_string(to);
    });
  } else {
    to = step + (opt_.wounded ? wounded_ : 0);
    recovery_dc_ = dc;
    dying_began_in_combat_ = in_combat_;
    wake_at_ = -1;
    timeline_.cancel_kind(Ev::Wake);
    note(log_, t, [&] { return "hit while unconscious: dying " + std::to_string(to); });
  }
  worsen_dying(to, t, [&] { return "dying " + std::to_string(to); });
}

// Dying rises to `to`; at death_at() the character dies — unless, with heroic_recovery =
// "before_death", hero points are spent first (004 "Récupération héroïque": "que vous soyez à
// deux doigts de la mort ou pas"; Player Core: "when your dying value would increase").
template <typename Why>
void Trial::worsen_dying(int to, Seconds t, Why&& why) {
  if (to >= death_at() && hero_points_ > 0 && opt_.heroic_recovery == HeroPolicy::BeforeDeath) {
    note(log_, t, [&] { return "dying would reach " + std::to_string(to) + ": death"; });
    spend_hero_points(t);
    return;
  }
  set_dying(to, t);
  if (dying_ >= death_at()) die(t, why);
}

// 004 "Récupération héroïque": 1 hero point, back to 1 HP (losing dying as usual: conscious,
// slowed, wounded +1). Player Core (heroic_recovery_effect = "stabilize"): all hero points,
// stable at 0 HP, no wounded from losing dying this way. Spent before a rise of dying, so a
// character knocked out straight to death never had the dying condition: no slowed, no wounded.
void Trial::spend_hero_points(Seconds t) {
  const bool stabilize = opt_.heroic_recovery_effect == HeroEffect::Stabilize;
  const int spent = stabilize ? hero_points_ : 1;
  const int d = dying_;
  hero_points_ -= spent;
  hero_points_spent_ += static_cast<uint32_t>(spent);
  note(log_, t, [&] {
    return "spends " + std::to_string(spent) + (spent == 1 ? " hero point" : " hero points") +
           " (heroic recovery) at dying " + std::to_string(d);
  });
  if (stabilize) {
    set_dying(0, t);
    note(log_, t, [] {
      return std::string("stable: unconscious at 0 HP, no longer dying (wounded unchanged)");
    });
    schedule_wake(t);
    return;
  }
  set_hp(1, t);
  wake_at_ = -1;
  timeline_.cancel_kind(Ev::Wake);
  if (d > 0) {
    lose_dying(t);
    note(log_, t,
         [&] { return "back to 1 HP, conscious, slowed " + std::to_string(d) + " for 1 round"; });
  } else {
    note(log_, t, [] { return std::string("back to 1 HP, conscious"); });
  }
}

void Trial::take_hit(const Hit& hit, int dc, bool death_effect, int actor, Seconds t) {
  int64_t amount = hit.amount;
  const bool nonlethal = hit.channel == Channel::Nonlethal;
  // 004 "Dégâts extrêmes": damage >= twice max HP in one blow kills at once; not a nonlethal
  // blow (004 intro: "à moins que l'attaque ne soit non létale"; README interpretation 12).
  if (opt_.massive_damage && !nonlethal && amount >= 2 * static_cast<int64_t>(ch_.max_hp)) {
    die(t, [&] {
      return std::to_string(amount) + " damage from " + actor_name(actor) +
             " is massive damage (>= " + std::to_string(2 * ch_.max_hp) + ")";
    });
    return;
  }
  // 004 "Points de vie temporaires": temporary HP are lost first.
  const int64_t absorbed = std::min<int64_t>(temp_hp_, amount);
  temp_hp_ -= static_cast<int>(absorbed);
  amount -= absorbed;
  if (absorbed > 0)
    note(log_, t, [&] {
      return std::to_string(absorbed) + " absorbed by temporary HP (" + std::to_string(temp_hp_) +
             " left)";
    });
  if (amount <= 0) return;
  if (!down()) {
    const int before = hp_;
    set_hp(static_cast<int>(std::max<int64_t>(0, hp_ - amount)), t);
    note(log_, t,
         [&] { return "HP " + std::to_string(before) + " -> " + hp_text(hp_, ch_.max_hp); });
    if (!down()) return;
    if (death_effect) {
      die(t, [&] { return "reduced to 0 HP by a death effect (" + actor_name(actor) + ")"; });
      return;
    }
    knock_out(hit.critical, dc, nonlethal, t);
    return;
  }
  // Already unconscious at 0 HP.
  if (death_effect) {
    die(t, [&] { return "struck by a death effect at 0 HP (" + actor_name(actor) + ")"; });
    return;
  }
  if (nonlethal) {
    note(log_, t,
         [] { return std::string("nonlethal damage while unconscious: no further effect"); });
    return;
  }
  gain_dying_while_down(hit.critical, dc, t);
}

// 004: losing dying (back to 1 HP, or stabilised). Player Core: wounded +1.
void Trial::lose_dying(Seconds t) {
  set_dying(0, t);
  if (opt_.wounded) {
    ++wounded_;
    note(log_, t, [&] { return "wounded " + std::to_string(wounded_); });
  }
}

// 004 "Inconscient": at 0 HP and no longer dying, the character wakes at 1 HP in time.
void Trial::become_stable(Seconds t) {
  lose_dying(t);
  note(log_, t, [] { return std::string("stable: unconscious at 0 HP, no longer dying"); });
  schedule_wake(t);
}

void Trial::schedule_wake(Seconds t) {
  Stream s = open(rng_, streams::wake(wakes_++));
  wake_at_ = t + opt_.stable_wake.sample(s);
  note(log_, t, [&] { return "will wake at " + clock_text(wake_at_) + " unless healed"; });
  if (!in_combat_) timeline_.schedule(wake_at_, Ev::Wake);
}

void Trial::heal(int amount, Seconds t, const char* how) {
  if (amount <= 0 || dead_) return;
  const int before = hp_;
  const bool was_dying = dying_ > 0;
  const int dying_before = dying_;
  set_hp(hp_ + amount, t);
  note(log_, t, [&] {
    return std::string(how) + ": +" + std::to_string(amount) + " HP, " + std::to_string(before) +
           " -> " + hp_text(hp_, ch_.max_hp);
  });
  if (before == 0 && hp_ > 0) {
    wake_at_ = -1;
    timeline_.cancel_kind(Ev::Wake);
    if (was_dying) {
      lose_dying(t);
      note(log_, t, [&] {
        return "conscious again, slowed " + std::to_string(dying_before) + " for 1 round";
      });
    } else {
      note(log_, t, [] { return std::string("conscious again"); });
    }
  }
}

// 004 "Points de vie temporaires": one source at a time; the character keeps whichever
// amount is larger (README: the choice a player makes).
void Trial::grant_temp_hp(int amount, Seconds t) {
  if (amount > temp_hp_) {
    note(log_, t, [&] {
      return "gains " + std::to_string(amount) + " temporary HP" +
             (temp_hp_ > 0 ? " (replacing " + std::to_string(temp_hp_) + ")" : std::string());
    });
    temp_hp_ = amount;
  } else {
    note(log_, t, [&] {
      return "keeps " + std::to_string(temp_hp_) + " temporary HP rather than " +
             std::to_string(amount) + " (one source at a time)";
    });
  }
}

// 004 "Jets de récupération": at the start of each turn while dying.
void Trial::character_turn(Seconds t) {
  if (dead_) return;
  if (down() && dying_ == 0 && wake_at_ >= 0 && t >= wake_at_) {
    wake_at_ = -1;
    set_hp(1, t);
    note(log_, t, [] { return std::string("wakes at 1 HP"); });
    return;
  }
  if (dying_ == 0) return;
  // 004 "Récupération héroïque", at the start of the turn (heroic_recovery policies).
  if (hero_points_ > 0 &&
      (opt_.heroic_recovery == HeroPolicy::Immediately ||
       (opt_.heroic_recovery == HeroPolicy::LastChance && dying_ == death_at() - 1))) {
    spend_hero_points(t);
    return;
  }
  Stream s = open(rng_, streams::dying_check(dying_checks_++));
  const int dc = recovery_dc();
  const int mod = opt_.recovery_check == RecoveryCheck::Fortitude ? ch_.fortitude : 0;
  const CheckResult r = roll_check(s, mod, dc);
  static constexpr int kShift[] = {+2, +1, -1, -2};  // by Degree
  const int to = std::max(0, dying_ + kShift[static_cast<int>(r.degree)]);
  note(log_, t, [&] {
    return std::string(opt_.recovery_check == RecoveryCheck::Fortitude
                           ? "recovery save: "
                           : "recovery check (flat): ") +
           check_text(r, mod, dc) + " -> dying " + std::to_string(dying_) + " -> " +
           std::to_string(to);
  });
  if (to > dying_) {
    worsen_dying(to, t, [&] { return "dying " + std::to_string(to); });
  } else {
    set_dying(to, t);
    if (dying_ == 0) become_stable(t);
  }
}

// A Strike: d20 + bonus against the AC, a fallen character's lowered by unconscious and
// off-guard; on a hit the damage (at least 1), doubled on a critical hit. `before`: the Strikes
// this turn has already made. Player Core, multiple attack penalty: the second attack of a turn
// at -step, the third and later at -2 x step (the penalty stops growing there), where step is
// the attack's own (5, or 4 if agile): it follows this attack's trait and its place in the turn.
Blow Trial::strike(const Attack& a, size_t before, Stream& s) const {
  const int ac = ch_.ac - (down() ? kUnconsciousAcPenalty + kOffGuardAcPenalty : 0);
  const int bonus = a.attack_bonus - static_cast<int>(std::min<size_t>(before, 2)) * a.map;
  const CheckResult r = roll_check(s, bonus, ac);
  Blow b;
  b.critical = r.degree == Degree::CriticalSuccess;
  if (log_) b.how = attack_text(r, bonus, ac);
  if (r.degree >= Degree::Success)
    b.damage = std::max<int64_t>(1, a.damage.roll(s)) * (b.critical ? 2 : 1);
  return b;
}

// A basic save against the attacker's DC: critical success none, success half (rounded down),
// failure full, critical failure double (README interpretation 6). Unconscious: Reflex -4.
Blow Trial::basic_save(const Strike& st, const Attack& a, Stream& s) const {
  const int mod = st.save == SaveKind::Fortitude ? ch_.fortitude
                  : st.save == SaveKind::Will
                      ? ch_.will
                      : ch_.reflex - (down() ? kUnconsciousReflexPenalty : 0);
  const CheckResult r = roll_check(s, mod, *st.dc);
  Blow b;
  if (log_) b.how = "basic save " + check_text(r, mod, *st.dc);
  const int64_t full = std::max<int64_t>(0, a.damage.roll(s));
  switch (r.degree) {
    case Degree::CriticalSuccess:
      b.damage = 0;
      break;
    case Degree::Success:
      b.damage = full / 2;
      break;
    case Degree::Failure:
      b.damage = full;
      break;
    case Degree::CriticalFailure:
      b.damage = 2 * full;
      b.critical = true;
      break;
  }
  return b;
}

// A fixed chance to hit, and of a critical hit within it (damage at least 1, doubled).
Blow Trial::fixed_chance(const Strike& st, const Attack& a, Stream& s) const {
  Blow b;
  const bool hit = s.chance(*st.base.hit_chance);
  if (hit && st.base.crit_chance > 0)
    b.critical = s.chance(st.base.crit_chance / *st.base.hit_chance);
  if (log_) b.how = hit ? (b.critical ? "critical hit" : "hit") : "miss";
  if (hit) b.damage = std::max<int64_t>(1, a.damage.roll(s)) * (b.critical ? 2 : 1);
  return b;
}

// A creature strikes in its rounds only (first_round..last_round).
bool Trial::creature_takes_turn(size_t actor_index, int round) const {
  const Strike& st = cfg_.strikes[static_cast<size_t>(m_.actors()[actor_index].strike)];
  return round >= st.base.first_round && round <= st.base.last_round;
}

// Blow i of a creature's turn (Strike::turn), from the turn's stream; true when it dealt
// damage. The driver asks keep_attacking_downed before each blow at a fallen character, and
// moves the character's turn to just before the creature that knocked it out (004).
bool Trial::creature_blow(size_t actor_index, size_t i, Stream& s, Seconds t) {
  const Model::Actor& actor = m_.actors()[actor_index];
  const Strike& st = cfg_.strikes[static_cast<size_t>(actor.strike)];
  const int who = static_cast<int>(actor_index);
  if (down())
    note(log_, t, [&] { return actor_name(who) + " keeps attacking the fallen character"; });
  const Attack& a = st.turn[i];
  Blow b;
  switch (st.mode) {
    case Strike::Mode::Attack:
      b = strike(a, i, s);
      break;
    case Strike::Mode::Save:
      b = basic_save(st, a, s);
      break;
    case Strike::Mode::Chance:
      b = fixed_chance(st, a, s);
      break;
  }
  note(log_, t, [&] {
    std::string line = actor_name(who);
    if (!a.name.empty()) line += " " + a.name;
    line += ": " + b.how;
    if (b.damage > 0)
      line += ", " + std::to_string(b.damage) + " " + vocabulary().types[a.damage_type] +
              (st.base.channel == Channel::Nonlethal ? " (nonlethal)" : "") + " damage";
    return line;
  });
  if (b.damage <= 0) return false;
  take_hit(Hit{b.damage, st.base.channel, a.damage_type, b.critical, actor.strike},
           st.dc.value_or(0), st.death_effect, who, t);
  return true;
}

// The healer's action in a round: healing magic first, else Administer First Aid.
void Trial::healer_action(Seconds t, bool in_combat) {
  const Healer& h = *cfg_.healer;
  Stream s = open(rng_, streams::care_action(++care_actions_));
  if (heal_uses_ > 0 && (down() || (!in_combat && h.heal_after_fight && hp_ < ch_.max_hp))) {
    --heal_uses_;
    heal(static_cast<int>(h.heal->roll(s)), t, "healer's heal");
    return;
  }
  if (dying_ > 0 && h.first_aid) {
    // Player Core, Administer First Aid (stabilize): Medicine vs 5 + the recovery DC (option).
    const int dc = opt_.first_aid_dc == FirstAidDc::RecoveryPlus5 ? 5 + recovery_dc() : 15 + dying_;
    const CheckResult r = roll_check(s, *h.medicine, dc);
    note(log_, t, [&] { return "first aid (stabilize): " + check_text(r, *h.medicine, dc); });
    if (r.degree >= Degree::Success)
      become_stable(t);
    else if (r.degree == Degree::CriticalFailure) {
      const int to = dying_ + 1;
      note(log_, t, [&] { return "the fumbled first aid worsens dying to " + std::to_string(to); });
      worsen_dying(to, t, [&] { return "dying " + std::to_string(to); });
    }
  }
}

// The fight's length, drawn once; the driver plays its rounds (SoloRules).
void Trial::start_fight() {
  const EncounterCommon& enc = cfg_.encounter;
  Stream setup = open(rng_, streams::fight_setup());
  rounds_ = static_cast<int>(enc.rounds.roll(setup));
  note(log_, 0, [&] {
    return "the fight begins: " + amount_text(static_cast<double>(rounds_), kRound) + ", HP " +
           hp_text(hp_, ch_.max_hp) +
           (temp_hp_ ? " + " + std::to_string(temp_hp_) + " temporary" : "");
  });
  combat_end_ = std::min<Seconds>(static_cast<Seconds>(rounds_) * kRound, cfg_.horizon);
}

// The healer acts at the end of each round from the round it arrives in, and during the fight
// tends only a fallen character.
void Trial::round_end(Seconds t) {
  if (help_at_ < 0 || help_at_ >= t + kRound) return;
  if (!healer_here_) {
    healer_here_ = true;
    note(log_, t, [] { return std::string("help arrives"); });
  }
  if (down()) {
    healer_action(t, true);
  } else if (cfg_.healer->temp_hp && !temp_hp_granted_) {
    temp_hp_granted_ = true;
    Stream s = open(rng_, streams::care_action(++care_actions_));
    grant_temp_hp(static_cast<int>(cfg_.healer->temp_hp->roll(s)), t);
  }
}

// The fight is over: temporary HP go, and the aftermath's events begin.
void Trial::fight_ends(Seconds e) {
  in_combat_ = false;
  temp_hp_ = 0;  // temporary HP last for the fight (README: assumption)
  note(log_, e, [&] { return "the fight ends: HP " + hp_text(hp_, ch_.max_hp); });
  if (full()) return;
  if (dying_ > 0) timeline_.schedule(e, Ev::DyingTurn);
  if (down() && dying_ == 0 && wake_at_ >= 0) timeline_.schedule(std::max(wake_at_, e), Ev::Wake);
  if (cfg_.recovery.nightly_rest) timeline_.schedule(e + cfg_.recovery.first_rest, Ev::RestStart);
  plan_healer(e);
}

void Trial::treat_wounds(Seconds t) {
  const Healer& h = *cfg_.healer;
  Stream s = open(rng_, streams::care_action(++care_actions_));
  // seeds/README (Player Core): Treat Wounds (rules/pf2/medicine.h).
  const int dc = h.treat_wounds_dc;
  const CheckResult r = roll_check(s, *h.medicine, dc);
  note(log_, t, [&] { return "Treat Wounds: " + check_text(r, *h.medicine, dc); });
  const int healed = medicine_healing(s, dc, r.degree);
  if (healed > 0) {
    heal(healed, t, "Treat Wounds");
    if (opt_.wounded && wounded_ > 0) {
      wounded_ = 0;
      note(log_, t, [] { return std::string("wounded ends (Treat Wounds)"); });
    }
  } else if (healed < 0) {
    const int amount = -healed;
    note(log_, t,
         [&] { return "the botched treatment deals " + std::to_string(amount) + " damage"; });
    take_hit(Hit{amount, Channel::Lethal, 0, false, -1}, dc, false, -1, t);
    if (!dead_ && dying_ > 0) timeline_.schedule(t + kRound, Ev::DyingTurn);
  }
}

void Trial::plan_healer(Seconds t) {
  if (!cfg_.healer || dead_ || help_at_ < 0) return;
  if (timeline_.has_kind(Ev::HealerRound) || timeline_.has_kind(Ev::TreatStart) ||
      timeline_.has_kind(Ev::TreatEnd))
    return;
  const Healer& h = *cfg_.healer;
  const Seconds at = std::max(t, help_at_);
  if (hp_ >= ch_.max_hp) return;
  const bool can_heal = heal_uses_ > 0 && (down() || h.heal_after_fight);
  if (can_heal || (dying_ > 0 && h.first_aid)) {
    timeline_.schedule(at, Ev::HealerRound);
  } else if (dying_ == 0 && h.treat_wounds) {
    Seconds when = std::max(at, next_treat_);
    if (resting_) when = std::max(when, rest_ends_);
    timeline_.schedule(when, Ev::TreatStart);
  }
}

// Nothing but rest can happen any more (conscious, not dying, no event pending, no healer on
// the way): every night adds the same HP and draws nothing, so the nights left are counted
// instead of played one by one — the same outcome as the night-by-night events, in one step.
void Trial::rest_the_remaining_nights(Seconds t) {
  const int gain = rest_gain();
  const int64_t nights_to_full = (ch_.max_hp - hp_ + gain - 1) / gain;
  const Seconds first_end = t + 8 * kHour;  // the n-th night ends at first_end + (n - 1) days
  const int64_t nights_by_horizon =
      first_end > cfg_.horizon ? 0 : 1 + (cfg_.horizon - first_end) / kDay;
  int64_t n = std::min(nights_to_full, nights_by_horizon);
  // With a downtime, the nights begun before it ends (the one under way is slept out, as
  // leave_time waits for it): the n-th begins at t + (n - 1) days.
  if (leave_by_ > 0) n = std::min<int64_t>(n, leave_by_ > t ? 1 + (leave_by_ - 1 - t) / kDay : 0);
  if (n <= 0) return;
  const Seconds last_end = first_end + (n - 1) * kDay;
  rested_to_ = last_end;
  note(log_, t, [&] {
    return "rests " + std::to_string(n) + (n == 1 ? " night" : " nights") +
           ", the last ending at " + clock_text(last_end) + ": +" + std::to_string(gain) +
           " HP each";
  });
  heal(static_cast<int>(std::min<int64_t>(n * gain, ch_.max_hp - hp_)), last_end,
       "the nights' rest");
  if (opt_.doomed && doomed_ > 0) {
    doomed_ = static_cast<int>(std::max<int64_t>(0, doomed_ - n));
    note(log_, last_end, [&] { return "doomed drops to " + std::to_string(doomed_); });
  }
}

// Interpretation 15: conscious (1 HP or more), not dying, the fight over and the night's sleep
// under way slept out; at the downtime's end, or at the first moment after it the character is
// so. Never past the horizon.
Seconds Trial::leave_time(Seconds now, Seconds until) const {
  if (leave_by_ <= 0 || dead_ || in_combat_ || full() || down() || dying_ > 0 || resting_)
    return -1;
  const Seconds go = std::max({leave_by_, now, rested_to_});
  return go <= std::min(until, cfg_.horizon) ? go : -1;
}

bool Trial::next_turn_is_earliest(Seconds next) const {
  return next <= cfg_.horizon && (timeline_.empty() || timeline_.peek().time > next);
}

// The hot loop of a run (the pf2 dying track). After the fight, a dying character's turns
// come every round, each an event that schedules the next. With no log to write, no hero point
// to spend and no healer on the way (plan_healer() then schedules nothing), and while no other
// event is pending at or before the next turn, that turn would be the timeline's next event
// anyway: it is played here directly, the same checks on the same streams as character_turn()
// with the same result. Between the first turn and the one that ends the dying (stable or
// dead) the dying value changes nothing else (no time accounted, nothing scheduled), so it is
// kept in a register, and the die's degree gives the next value without a branch: only the
// loop's exits branch.
// tests/test_pf2_quiet_dying.cpp compares it, trial by trial, with the logged path.
thread_local uint64_t quiet_turns_played = 0;

void Trial::quiet_dying_turns(Seconds t) {
  static constexpr int kShift[] = {+2, +1, -1, -2};  // by Degree, as in character_turn
  const bool fortitude = opt_.recovery_check == RecoveryCheck::Fortitude;
  const int mod = fortitude ? ch_.fortitude : 0;
  const int dc_base = fortitude ? recovery_dc_ : 10;  // + dying: recovery_dc()
  const int death = death_at();
  int dying = dying_;
  for (;;) {
    ++quiet_turns_played;
    Stream s = open(rng_, streams::dying_check(dying_checks_++));
    const int nat = s.die(20);  // roll_check(s, mod, dc_base + dying), spelled out inline
    const Degree degree = degree_of(nat, nat + mod, dc_base + dying);
    const int to = std::max(0, dying + kShift[static_cast<int>(degree)]);
    if (to == 0) {
      set_dying(0, t);
      become_stable(t);
      return;
    }
    if (to >= death) {
      worsen_dying(to, t, [&] { return "dying " + std::to_string(to); });
      return;
    }
    dying = to;
    dying_ = to;  // 0 < to < death: set_dying(to, t) would change nothing else
    const Seconds next = t + kRound;
    if (!next_turn_is_earliest(next)) {
      timeline_.schedule(next, Ev::DyingTurn);
      return;
    }
    t = next;
  }
}

void Trial::dispatch(const Timeline::Event& ev) {
  const Seconds t = ev.time;
  switch (static_cast<Ev>(ev.kind)) {
    case Ev::DyingTurn:
      if (dying_ == 0) break;
      if (quiet_dying()) {
        quiet_dying_turns(t);
        break;
      }
      character_turn(t);
      if (!dead_ && dying_ > 0) timeline_.schedule(t + kRound, Ev::DyingTurn);
      break;
    case Ev::HealerRound:
      arrive(t);
      healer_action(t, false);
      if (!dead_) plan_healer(t + kRound);
      break;
    case Ev::TreatStart:
      arrive(t);
      if (dying_ > 0) break;  // first aid comes first; plan_healer reschedules
      if (resting_) {
        timeline_.schedule(rest_ends_, Ev::TreatStart);
        break;
      }
      timeline_.schedule(t + 10 * kMinute, Ev::TreatEnd);
      break;
    case Ev::TreatEnd:
      // Player Core, Treat Wounds: the patient is then immune for 1 hour, from the treatment's end.
      next_treat_ = t + kHour;
      treat_wounds(t);
      break;
    case Ev::Wake:
      if (down() && dying_ == 0 && wake_at_ >= 0 && t >= wake_at_) {
        wake_at_ = -1;
        set_hp(1, t);
        note(log_, t, [] { return std::string("wakes at 1 HP"); });
      }
      break;
    case Ev::RestStart:
      if (down()) {
        note(log_, t, [] { return std::string("no rest tonight: unconscious"); });
        timeline_.schedule(t + kDay, Ev::RestStart);
        break;
      }
      if (timeline_.empty() && !healer_expected()) {
        rest_the_remaining_nights(t);
        break;
      }
      resting_ = true;
      rest_ends_ = t + 8 * kHour;
      timeline_.schedule(rest_ends_, Ev::RestEnd);
      timeline_.schedule(t + kDay, Ev::RestStart);
      break;
    case Ev::RestEnd: {
      resting_ = false;
      heal(rest_gain(), t, "a night's rest");
      if (opt_.doomed && doomed_ > 0) {
        --doomed_;
        note(log_, t, [&] { return "doomed drops to " + std::to_string(doomed_); });
      }
      break;
    }
  }
}

Outcome Trial::outcome() const {
  using namespace metric;
  Outcome o;
  if (knock_outs_ > 0) o.count(kKnockedOut, knock_outs_);
  if (hero_points_spent_ > 0) o.count(kHeroPointsSpent, hero_points_spent_);
  if (ever_dying_)
    o.measure(kTimeDying, time_dying_ + (!dead_ && dying_ > 0 ? cfg_.horizon - dying_since_ : 0));
  ooa_.measure(o, kOutOfAction, !dead_);
  if (dead_) {
    o.end = death_end_;
    o.end_time = death_time_;
    o.measure(kTimeToDeath, death_time_);
    return o;
  }
  if (full()) {
    o.end = kRecovered;
    o.end_time = full_since_;
    o.measure(kDowntime, full_since_);
  } else {
    o.end = dying_ > 0 ? kStillDying : down() ? kStillUnconscious : kStillInjured;
    o.end_time = left_at_ >= 0 ? left_at_ : cfg_.horizon;
  }
  return o;
}

// The single character's fight on the driver (rules/common/solo_fight.h): the creatures
// strike in their listed order, the character before them or after them (attackers_first), a
// knock-out moves its turn to just before the creature that did it (004 "Être mis KO"), help
// that has arrived acts at the end of each round.
class SoloRules : public fight::Solo<SoloRules> {
 public:
  static constexpr bool kKnockOutMovesInitiative = true;
  explicit SoloRules(Trial& t)
      : Solo(t.m_.actors().size(), t.cfg_.encounter.attackers_first), t_(&t) {}

  bool character_down() const { return t_->down(); }
  bool character_dead() const { return t_->dead_; }
  int character_hp() const { return t_->hp_; }
  void character_turn(Seconds t) const { t_->character_turn(t); }
  int blows(size_t actor) const {
    return static_cast<int>(
        t_->cfg_.strikes[static_cast<size_t>(t_->m_.actors()[actor].strike)].turn.size());
  }
  bool takes_turn(size_t actor, int round, Stream&) const {
    return t_->creature_takes_turn(actor, round);
  }
  bool blow(size_t actor, int n, Stream& s, Seconds t) const {
    return t_->creature_blow(actor, static_cast<size_t>(n), s, t);
  }
  double keep_attacking_downed(size_t actor) const {
    return t_->cfg_.strikes[static_cast<size_t>(t_->m_.actors()[actor].strike)]
        .base.keep_attacking_downed;
  }
  void round_start(int round, Seconds t, EventLog* log) const {
    note(log, t, [&] { return "round " + std::to_string(round); });
  }
  void round_end(int, Seconds t, EventLog*) const { t_->round_end(t); }

 private:
  Trial* t_;
};

Outcome Trial::run() {
  if (cfg_.healer) {
    Stream s = open(rng_, streams::help_arrival());
    help_at_ = cfg_.healer->arrives.sample(s);
    heal_uses_ = cfg_.healer->heal_uses;
    note(log_, 0, [&] { return "help will arrive at " + clock_text(help_at_); });
  }
  if (carried_in_)
    note(log_, 0, [&] {
      return "carried from the adventure before: HP " + hp_text(hp_, ch_.max_hp) +
             (opt_.wounded ? ", wounded " + std::to_string(wounded_) : "");
    });
  start_fight();
  const int rounds = fight::solo_rounds(rounds_, cfg_.horizon);
  if (rounds > 0) fight::play_solo(SoloRules(*this), rounds, rng_, log_);
  if (!dead_) fight_ends(combat_end_);
  // After the fight, one timeline: a trial ends as soon as the character is back to full
  // health; nothing happens after the horizon.
  Seconds now = combat_end_;  // the last event's time
  while (!dead_ && !timeline_.empty()) {
    if (!in_combat_ && full()) break;
    if (const Seconds go = leave_time(now, timeline_.peek().time); go >= 0) {
      left_at_ = go;
      break;
    }
    const Timeline::Event ev = timeline_.pop();
    if (ev.time > cfg_.horizon) break;
    now = ev.time;
    dispatch(ev);
    if (!dead_) plan_healer(ev.time);
  }
  if (left_at_ < 0) left_at_ = leave_time(now, cfg_.horizon);
  if (left_at_ >= 0) {
    timeline_.clear();
    note(log_, left_at_, [&] {
      return "the downtime is over: goes on to the next adventure at HP " +
             hp_text(hp_, ch_.max_hp) +
             (opt_.wounded && wounded_ > 0 ? ", wounded " + std::to_string(wounded_) : "");
    });
  }
  const Outcome o = outcome();
  if (o.end == metric::kRecovered)
    note(log_, full_since_,
         [&] { return "back to full health, " + hp_text(hp_, ch_.max_hp) + " HP"; });
  else if (!dead_ && left_at_ < 0)
    note(log_, cfg_.horizon, [&] {
      return "the horizon comes: still " + Model::info().metrics->ends[o.end].detail + ", HP " +
             hp_text(hp_, ch_.max_hp);
    });
  return o;
}

}  // namespace

Outcome Model::run_trial(TrialContext& ctx) const {
  Carried nothing;
  return run_adventure(ctx, nothing);
}

Outcome Model::run_adventure(TrialContext& ctx, Carried& carried) const {
  if (party_) {
    carried.members.leave_by = carried.leave_by;
    carried.members.after_death = carried.after_death;
    const Outcome o = party_->run_adventure(ctx, carried.members);
    carried.went_on = carried.members.went_on;
    return o;
  }
  Trial trial(*this, ctx, carried);
  const Outcome o = trial.run();
  trial.carry(carried);
  return o;
}

uint64_t quiet_dying_turns_played() {
  return quiet_turns_played;
}

}  // namespace leth::pf2
