#include "rules/dnd5e/model.h"

#include <algorithm>
#include <array>
#include <limits>

#include "rules/common/solo_fight.h"
#include "rules/dnd5e/course.h"
#include "sim/core/clock.h"
#include "sim/core/out_of_action.h"
#include "sim/core/substreams.h"

namespace leth::dnd5e {

const RulesetInfo& Model::info() {
  static const MetricSpec metrics = metric_spec({.ends = metric::kEndTable,
                                                 .counters = metric::kCounterTable,
                                                 .durations = metric::kDurationTable,
                                                 .sequelae = metric::kSequelaTable});
  static const RulesetInfo r{"dnd5e",
                             "D&D 5e: death saving throws and lingering injuries (house rule)",
                             "003_f65d7649eac98612.txt",
                             &option_specs(),
                             &metrics,
                             &scenario_template,
                             &party_template};
  return r;
}

Model::Model(PartyConfig party)
    : catalog_(&InjuryCatalog::builtin()),
      party_(std::make_shared<const Party>(std::move(party))) {}

Model Model::build(const Scenario& s, size_t v) {
  Reader r = s.section_reader(v);
  if (!r.get_tables("party").empty()) return Model(read_party(s, v));
  return Model(read_config(s, v));
}

Model::Model(Config config) : config_(std::move(config)), catalog_(&InjuryCatalog::builtin()) {
  for (size_t s = 0; s < config_.strikes.size(); ++s)
    for (int n = 1; n <= config_.strikes[s].base.count; ++n)
      actors_.push_back({static_cast<int>(s), n});
}

namespace {

using namespace metric;

// SRD: stabilising a dying creature, DC 10 Wisdom (Medicine).
constexpr int kStabiliseDc = 10;
constexpr int kMaxInjuries = 32;  // per trial; further ones are counted but not tracked
constexpr Seconds kNeverAt = std::numeric_limits<Seconds>::max();
constexpr Seconds kLongRest = 8 * kHour;
constexpr Seconds kShortRest = kHour;

// The events of a trial's timeline after the fight (the fight is the driver's: SoloRules).
enum class Ev : uint16_t {
  DeathSave,
  HealerAct,
  TreatEnd,
  Wake,
  ShortRestEnd,
  LongRestStart,
  LongRestEnd,
  DailyTick,
  Deadline,
  BedRestEnd,
  PiercingHour,
};

int64_t constant_part(const Dice& d) {
  int64_t c = 0;
  for (const DiceTerm& t : d.terms())
    if (t.count == 0) c += t.sign * t.constant * t.multiplier;
  return c;
}

// One injury: its course (course.h) and what only the single character keeps.
struct Injury : InjuryCourse {
  bool limb_is_hand = true;
  bool carried = false;  // a permanent loss from an adventure before (Model::Carried)
  int hp_lost = 0;  // rot, haemorrhage
  int decline = 0;  // septicaemia: points of Str, Dex and Con lost
  // Gone on with from the adventure before (campaign.downtime): when its clocks fall due on
  // this adventure's clock; -1: none. Scheduled once the fight is over.
  Seconds deadline_in = -1, tick_in = -1;
};

class Trial {
 public:
  Trial(const Model& m, TrialContext& ctx, const Model::Carried& carried)
      : m_(m),
        cfg_(m.config()),
        opt_(cfg_.options),
        ch_(cfg_.character),
        cat_(m.catalog()),
        rng_(ctx.rng),
        log_(ctx.log),
        timeline_(ctx.timeline) {
    hp_ = ch_.max_hp;
    max_hp_ = ch_.max_hp;
    temp_hp_ = ch_.temp_hp;
    hit_dice_ = ch_.hit_dice;
    scores_ = ch_.scores;
    for (int i = 0; i < carried.n; ++i) {
      Injury& in = inj_[n_injuries_++];
      in.begin(carried.losses[i].def, carried.losses[i].severity);
      in.limb_is_hand = carried.losses[i].limb_is_hand;
      in.carried = true;
    }
    hands_lost_ = carried_hands_ = carried.hands;
    feet_lost_ = carried_feet_ = carried.feet;
    // Went on still healing (campaign.downtime, README interpretation 20): its HP and Hit Dice,
    // and each healable injury with its course and clocks, on this adventure's clock.
    for (int i = 0; i < carried.n_healing && n_injuries_ < kMaxInjuries; ++i) {
      const Model::Carried::Healing& h = carried.healing[static_cast<size_t>(i)];
      Injury& in = inj_[n_injuries_++];
      static_cast<InjuryCourse&>(in) = h.course;
      in.limb_is_hand = h.limb_is_hand;
      in.hp_lost = h.hp_lost;
      in.decline = h.decline;
      in.deadline_in = h.deadline_in;
      in.tick_in = h.tick_in;
    }
    if (carried.hp >= 0) {
      hp_ = carried.hp;  // at most the maximum its injuries leave (recompute)
      hit_dice_ = carried.hit_dice;
      went_on_with_ = true;
    }
    leave_by_ = carried.leave_by;
  }
  Outcome run();
  // What the character carries into the next adventure: every permanent loss still open, and
  // the limbs lost to deadlines (Model::Carried).
  void carry(Model::Carried& carried) const {
    carried.n = 0;
    for (int i = 0; i < n_injuries_ && carried.n < Model::Carried::kMaxLosses; ++i)
      if (inj_[i].open && cat_.injury(inj_[i].def).permanent != Permanent::None)
        carried.losses[carried.n++] = {inj_[i].def, inj_[i].severity, inj_[i].limb_is_hand};
    carried.hands = hands_lost_;
    carried.feet = feet_lost_;
    carried.went_on = left_at_ >= 0;
    carried.n_healing = 0;
    carried.hp = -1;
    carried.hit_dice = 0;
    if (left_at_ < 0) return;
    carried.hp = hp_;
    carried.hit_dice = hit_dice_;
    for (int i = 0; i < n_injuries_ && carried.n_healing < Model::Carried::kMaxLosses; ++i) {
      const Injury& in = inj_[i];
      if (!in.open || cat_.injury(in.def).permanent != Permanent::None) continue;
      Model::Carried::Healing& h = carried.healing[static_cast<size_t>(carried.n_healing++)];
      h.course = in;
      h.course.next_try = in.next_try - left_at_;
      h.limb_is_hand = in.limb_is_hand;
      h.hp_lost = in.hp_lost;
      h.decline = in.decline;
      const Seconds deadline = pending(i, Ev::Deadline), tick = pending(i, Ev::DailyTick);
      h.deadline_in = deadline < 0 ? -1 : deadline - left_at_;
      h.tick_in = tick < 0 ? -1 : tick - left_at_;
    }
  }

 private:
  friend class SoloRules;

  // --- state
  // When the pending event of `kind` about injury i falls due; -1: none.
  Seconds pending(int i, Ev kind) const {
    Seconds at = -1;
    timeline_.any([&](const Timeline::Event& e) {
      if (e.slot != i || e.kind != static_cast<uint16_t>(kind)) return false;
      at = e.time;
      return true;
    });
    return at;
  }
  // campaign.downtime (README interpretation 20): when it goes on, from `now` (the last event)
  // and before `until` (the next), or -1.
  Seconds leave_time(Seconds now, Seconds until) const;
  bool down() const { return hp_ == 0; }
  bool dying() const { return down() && !stable_ && !dead_; }
  bool has_condition(Condition c) const {
    for (int i = 0; i < n_injuries_; ++i)
      if (inj_[i].open && cat_.injury(inj_[i].def).condition == c) return true;
    return false;
  }
  bool coma() const { return has_condition(Condition::Unconscious); }
  bool unconscious() const { return down() || coma(); }
  bool paralysed() const { return has_condition(Condition::Paralyzed); }
  bool stunned() const { return has_condition(Condition::Stunned); }
  bool blind() const { return eyes_lost() >= 2 || has_condition(Condition::Blinded); }
  int eyes_lost() const {
    int n = 0;
    for (int i = 0; i < n_injuries_; ++i)
      if (inj_[i].open && cat_.injury(inj_[i].def).permanent == Permanent::Eye) ++n;
    return n;
  }
  bool in_bed(Seconds t) const { return bed_until_ > t; }
  // Cannot act (README interpretation 12): the SRD's incapacitated, alone or within
  // unconscious (0 HP, coma), paralysed or stunned; or kept in bed by a treatment.
  bool out_of_action(Seconds t) const {
    return !dead_ && (unconscious() || paralysed() || stunned() ||
                      has_condition(Condition::Incapacitated) || in_bed(t));
  }
  // Injuries that still count against recovery: open and not a permanent loss.
  bool healable_open() const {
    for (int i = 0; i < n_injuries_; ++i)
      if (inj_[i].open && cat_.injury(inj_[i].def).permanent == Permanent::None) return true;
    return false;
  }
  bool full(Seconds t) const {
    return !dead_ && !unconscious() && hp_ >= max_hp_ && !in_bed(t) && !healable_open();
  }
  int con_mod() const { return ability_modifier(scores_[static_cast<size_t>(Ability::Con)]); }

  // --- fight, played by the driver (SoloRules)
  void start_fight();
  bool creature_takes_turn(size_t actor, int round, Stream& s) const;
  bool creature_blow(size_t actor, size_t i, Stream& s, Seconds t);
  void character_turn(Seconds t);
  void round_end(Seconds t);
  void fight_ends(Seconds t);
  void dispatch(const Timeline::Event& ev);

  // --- the rules
  void take_damage(int64_t amount, uint16_t type, bool critical, Seconds t, const char* what);
  void fall(uint16_t type, Seconds t);
  void inflict_injury(uint16_t type, Seconds t);
  void death_save(Seconds t);
  void add_failures(int n, Seconds t);
  void become_stable(Seconds t);
  void heal_hp(int amount, Seconds t, const char* how);
  void close_injury(int i, Seconds t, const char* how);
  void recompute(Seconds t);
  template <typename Why>
  void die(Seconds t, End end, Why&& why);
  bool healer_turn(Seconds t);  // true: did something
  bool magic_for_injury(Seconds t);
  bool start_treatment(Seconds t);
  void treat_end(int i, Seconds t);
  void plan_healer(Seconds t);
  void schedule_short_rest(Seconds t);
  void short_rest(Seconds t);
  void long_rest_end(Seconds t);
  void daily_tick(int i, Seconds t);
  void deadline(int i, Seconds t);
  void track(Seconds t);  // out-of-action and unconscious time, full health
  // When the trial ends: death, full health, or the horizon.
  Seconds end_time() const {
    return dead_             ? death_time_
           : full_since_ >= 0 ? full_since_
           : left_at_ >= 0    ? left_at_
                              : cfg_.horizon;
  }
  Outcome outcome() const;
  std::string injury_name(int i) const {
    const InjuryDef& d = cat_.injury(inj_[i].def);
    return d.label + same_name_mark(inj_.data(), static_cast<size_t>(i)) + " (" + d.damage_type +
           ", " + severity_name(inj_[i].severity) + ")";
  }
  Stream course() { return open(rng_, streams::injury_course(courses_++)); }

  const Model& m_;
  const Config& cfg_;
  const Options& opt_;
  const Character& ch_;
  const InjuryCatalog& cat_;
  TrialRng& rng_;
  EventLog* log_;
  Timeline& timeline_;

  int hp_ = 0, max_hp_ = 0, temp_hp_ = 0, hit_dice_ = 0;
  std::array<int, kAbilities> scores_{};
  int successes_ = 0, failures_ = 0;
  bool stable_ = false, dead_ = false, in_combat_ = true;
  bool fell_before_ = false;
  std::array<Injury, kMaxInjuries> inj_{};
  int n_injuries_ = 0;
  int hands_lost_ = 0, feet_lost_ = 0;
  int carried_hands_ = 0, carried_feet_ = 0;  // of hands_lost_, feet_lost_: adventures before
  Seconds bed_until_ = 0, bed_total_ = 0;
  bool ever_bed_ = false;
  Seconds death_time_ = 0;
  End death_end_ = kDiedCombat;
  int rounds_ = 0;
  Seconds combat_end_ = 0;
  Seconds help_at_ = -1;
  bool healer_here_ = false;
  int healing_uses_ = 0, potions_ = 0, lesser_ = 0, greater_ = 0, heal_spell_ = 0, rem_mod_ = 0,
      rem_sev_ = 0;
  bool treating_ = false;
  bool short_rest_done_ = false, resting_ = false;
  uint64_t saves_ = 0, cares_ = 0, wakes_ = 0, injuries_drawn_ = 0, courses_ = 0, rests_ = 0;
  std::array<uint32_t, 16> counts_{};
  // tracking
  Seconds last_track_ = 0;
  OutOfAction ooa_;
  bool was_unconscious_ = false, ever_unconscious_ = false;
  Seconds unconscious_total_ = 0;
  Seconds full_since_ = -1;
  // campaign.downtime
  Seconds leave_by_ = 0;      // Model::Carried::leave_by
  Seconds left_at_ = -1;      // when it went on still healing
  bool went_on_with_ = false;  // it began this adventure still healing
};

template <typename Why>
void Trial::die(Seconds t, End end, Why&& why) {
  if (dead_) return;
  track(t);
  dead_ = true;
  death_time_ = t;
  death_end_ = end;
  note(log_, t, [&] { return std::string("dies: ") + why(); });
}

// Accumulates the time unconscious up to t, then records the state from t on: unconscious,
// able to act or not (OutOfAction), at full health.
void Trial::track(Seconds t) {
  if (was_unconscious_) unconscious_total_ += t - last_track_;
  last_track_ = t;
  if (dead_) {
    was_unconscious_ = false;
    return;
  }
  if (out_of_action(t))
    ooa_.cannot_act(t);
  else
    ooa_.can_act(t);
  was_unconscious_ = unconscious();
  ever_unconscious_ = ever_unconscious_ || was_unconscious_;
  if (!in_combat_ && full(t)) {
    if (full_since_ < 0) full_since_ = t;
  } else {
    full_since_ = -1;
  }
}

// 003 ongoing effects and 5e ability scores: the scores from the open injuries' losses and
// septicaemia's decline; the HP maximum from the Constitution modifier (SRD: it counts once a
// level) and rot or haemorrhage. A maximum at 0 kills (003 "Si votre maximum atteint 0, vous
// mourrez"), and so does a score at 0 with ability_zero_kills.
void Trial::recompute(Seconds t) {
  scores_ = ch_.scores;
  int rot = 0;
  for (int i = 0; i < n_injuries_; ++i) {
    const Injury& in = inj_[i];
    if (!in.open) continue;
    const InjuryDef& d = cat_.injury(in.def);
    for (size_t a = 0; a < kAbilities; ++a)
      scores_[a] -= ability_taken(d, in.decline, static_cast<Ability>(a));
    rot += in.hp_lost;
  }
  for (int& s : scores_) s = std::max(s, 0);
  const int max_before = max_hp_;
  const int con_change =
      con_mod() - ability_modifier(ch_.scores[static_cast<size_t>(Ability::Con)]);
  max_hp_ = ch_.max_hp + con_change * ch_.level - rot;
  if (max_hp_ <= 0) {
    max_hp_ = 0;
    die(t, kDiedInjury, [] { return std::string("maximum HP reduced to 0"); });
    return;
  }
  hp_ = std::min(hp_, max_hp_);
  if (max_hp_ != max_before)
    note(log_, t, [&] {
      return "maximum HP now " + std::to_string(max_hp_) + " (was " + std::to_string(max_before) +
             "): HP " + std::to_string(hp_) + "/" + std::to_string(max_hp_);
    });
  if (opt_.ability_zero_kills)
    for (size_t a = 0; a < kAbilities; ++a)
      if (scores_[a] == 0) {
        die(t, kDiedInjury,
            [&] { return std::string(ability_name(static_cast<Ability>(a))) + " reduced to 0"; });
        return;
      }
}

void Trial::heal_hp(int amount, Seconds t, const char* how) {
  if (dead_ || amount <= 0) return;
  const bool was_down = down();
  hp_ = std::min(max_hp_, hp_ + amount);
  note(log_, t, [&] {
    return std::string(how) + ": HP " + std::to_string(hp_) + "/" + std::to_string(max_hp_);
  });
  if (was_down && hp_ > 0) {
    // SRD: regaining any HP ends dying; the death saves reset.
    successes_ = failures_ = 0;
    stable_ = false;
    timeline_.cancel_kind(Ev::Wake);
    timeline_.cancel_kind(Ev::DeathSave);
    if (!in_combat_) schedule_short_rest(t);
  }
}

void Trial::close_injury(int i, Seconds t, const char* how) {
  Injury& in = inj_[i];
  if (!in.open) return;
  in.open = false;
  timeline_.cancel_if([i](const Timeline::Event& e) {
    return e.slot == i && (e.kind == static_cast<uint16_t>(Ev::DailyTick) ||
                          e.kind == static_cast<uint16_t>(Ev::Deadline) ||
                          e.kind == static_cast<uint16_t>(Ev::BedRestEnd));
  });
  note(log_, t, [&] { return injury_name(i) + " heals: " + how; });
  recompute(t);
  if (!dead_) schedule_short_rest(t);  // a coma's end: conscious at last
}

// 003: "Le type de blessure dépend du dernier type de dégât subit": one d20 gives the severity
// (the mapping in use) and the row of that damage type's table (option injury_row).
void Trial::inflict_injury(uint16_t type, Seconds t) {
  Stream s = open(rng_, streams::injury(injuries_drawn_++));
  const int roll = s.die(20);
  const Severity sev = cfg_.severity.of(roll);
  const uint16_t def = cat_.pick(type, roll, sev, opt_.injury_row);
  ++counts_[kInjuries];
  ++counts_[kInjuriesLight + static_cast<size_t>(sev)];
  const bool hand = s.chance(opt_.lost_limb_hand_percent / 100.0);
  if (n_injuries_ >= kMaxInjuries) return;
  // README interpretation 10: with both eyes lost, Perte d'un œil has no eye left to take.
  if (cat_.injury(def).permanent == Permanent::Eye && eyes_lost() >= 2) {
    note(log_, t, [&] {
      return "injury (d20 " + std::to_string(roll) + "): " + cat_.injury(def).label +
             ": no eye left to lose";
    });
    return;
  }
  const int i = n_injuries_++;
  Injury& in = inj_[i];
  in = Injury{};
  in.begin(def, sev);
  in.limb_is_hand = hand;
  const InjuryDef& d = cat_.injury(def);
  note(log_, t, [&] { return "injury (d20 " + std::to_string(roll) + "): " + injury_name(i); });
  if (d.ongoing == Ongoing::MaxHpLoss) {
    Stream c = course();
    in.hp_lost = rot_loss(c);
    timeline_.schedule(t + kDay, Ev::DailyTick, static_cast<uint16_t>(i));
  } else if (d.ongoing == Ongoing::AbilityDecline) {
    timeline_.schedule(t + kDay, Ev::DailyTick, static_cast<uint16_t>(i));
  }
  if (d.deadline != Deadline::None) {
    Stream c = course();
    timeline_.schedule(t + opt_.deadline.sample(c), Ev::Deadline, static_cast<uint16_t>(i));
  }
  if (d.ongoing == Ongoing::PiercingWound && !in_combat_ &&
      opt_.piercing_after_fight == PiercingAfterFight::PerHour &&
      !timeline_.has_kind(Ev::PiercingHour))
    timeline_.schedule(t + kHour, Ev::PiercingHour);
  recompute(t);
}

void Trial::fall(uint16_t type, Seconds t) {
  ++counts_[kKnockedOut];
  successes_ = failures_ = 0;
  stable_ = false;
  note(log_, t, [] { return std::string("falls to 0 HP: unconscious, dying"); });
  const bool first = !fell_before_;
  fell_before_ = true;
  if (opt_.lingering_injuries && (opt_.injury_trigger != InjuryTrigger::FirstFall || first))
    inflict_injury(type, t);
  if (!dead_ && !in_combat_ && !timeline_.has_kind(Ev::DeathSave))
    timeline_.schedule(t + kRound, Ev::DeathSave);
}

void Trial::add_failures(int n, Seconds t) {
  failures_ += n;
  counts_[kDeathSaveFailures] += static_cast<uint32_t>(n);
  if (failures_ >= opt_.failures_to_die)
    die(t, in_combat_ ? kDiedCombat : kDiedDying,
        [&] { return std::to_string(failures_) + " death-save failures"; });
}

// SRD: damage on temporary HP first; at 0 HP a death-save failure (two on a critical hit);
// massive damage kills. 003: an open wound adds 1d4 to any damage.
void Trial::take_damage(int64_t amount, uint16_t type, bool critical, Seconds t, const char* what) {
  if (dead_ || amount <= 0) return;
  for (int i = 0; i < n_injuries_; ++i)
    if (inj_[i].open && cat_.injury(inj_[i].def).ongoing == Ongoing::OpenWound) {
      Stream c = course();
      amount += c.die(4);
    }
  const int64_t absorbed = std::min<int64_t>(temp_hp_, amount);
  temp_hp_ -= static_cast<int>(absorbed);
  amount -= absorbed;
  if (amount <= 0) return;
  note(log_, t, [&] {
    return std::string(what) + ": " + std::to_string(amount) + " " + damage_types()[type] +
           " damage" + (critical ? " (critical)" : "");
  });
  if (!down()) {
    const int64_t left = amount - hp_;
    if (left < 0) {
      hp_ -= static_cast<int>(amount);
      return;
    }
    hp_ = 0;
    if (opt_.massive_damage && left >= max_hp_) {
      die(t, kDiedMassive, [&] {
        return std::to_string(left) + " damage past 0 HP >= maximum " + std::to_string(max_hp_);
      });
      return;
    }
    fall(type, t);
    return;
  }
  if (opt_.massive_damage && amount >= max_hp_) {
    die(t, kDiedMassive, [] { return std::string("massive damage at 0 HP"); });
    return;
  }
  stable_ = false;
  timeline_.cancel_kind(Ev::Wake);
  if (opt_.lingering_injuries && opt_.injury_trigger == InjuryTrigger::EachDamageAtZero)
    inflict_injury(type, t);
  if (dead_) return;
  add_failures(critical ? 2 : 1, t);
  if (!dead_ && !in_combat_ && !timeline_.has_kind(Ev::DeathSave))
    timeline_.schedule(t + kRound, Ev::DeathSave);
}

// SRD: "The number of both is reset to zero when you regain any hit points or become stable."
void Trial::become_stable(Seconds t) {
  stable_ = true;
  successes_ = failures_ = 0;
  timeline_.cancel_kind(Ev::DeathSave);
  Stream w = open(rng_, streams::wake(wakes_++));
  const Seconds at = t + opt_.stable_wake.sample(w);
  timeline_.schedule(at, Ev::Wake);
  note(log_, t, [&] { return "stable; wakes at " + clock_text(at); });
}

// SRD death saving throw; options for the DC, advantage, the natural 20 and failures to die.
void Trial::death_save(Seconds t) {
  if (!dying()) return;
  Stream s = open(rng_, streams::dying_check(saves_++));
  int roll = s.die(20);
  if (opt_.death_save_advantage) roll = std::max(roll, s.die(20));
  if (roll == 20 && opt_.nat20_revives) {
    ++counts_[kNat20Revivals];
    note(log_, t, [] { return std::string("death save: natural 20"); });
    heal_hp(1, t, "natural 20");
    return;
  }
  if (roll == 1) {
    note(log_, t, [] { return std::string("death save: natural 1, two failures"); });
    add_failures(2, t);
    return;
  }
  if (roll >= opt_.death_save_dc) {
    ++successes_;
    note(log_, t, [&] {
      return "death save " + std::to_string(roll) + ": success " + std::to_string(successes_);
    });
    if (successes_ >= opt_.successes_to_stabilise) become_stable(t);
  } else {
    note(log_, t, [&] { return "death save " + std::to_string(roll) + ": failure"; });
    add_failures(1, t);
  }
}

// The fight's length, drawn once; the driver plays its rounds (SoloRules).
void Trial::start_fight() {
  Stream setup = open(rng_, streams::fight_setup());
  rounds_ = static_cast<int>(cfg_.encounter.rounds.roll(setup));
  note(log_, 0,
       [&] { return "the fight begins: " + amount_text(static_cast<double>(rounds_), kRound); });
  combat_end_ = std::min<Seconds>(static_cast<Seconds>(rounds_) * kRound, cfg_.horizon);
}

// A creature strikes in its rounds (first_round..last_round), and one with a recharge (a
// breath weapon) after its first round only on a d6 at or above it, drawn first from its turn.
bool Trial::creature_takes_turn(size_t actor, int round, Stream& s) const {
  const Strike& st = cfg_.strikes[static_cast<size_t>(m_.actors()[actor].strike)];
  if (round < st.base.first_round || round > st.base.last_round) return false;
  return !(st.recharge > 0 && round > st.base.first_round && s.die(6) < st.recharge);
}

// Blow i of a creature's turn, from the turn's stream (the driver asks keep_attacking_downed
// before each blow at a fallen character). SRD: attacks against a blinded, stunned, paralysed or
// unconscious character have advantage, but an unconscious one is prone, which gives attacks
// from beyond 5 feet disadvantage: a ranged attack on them is a straight roll. A melee hit on a
// paralysed or unconscious one is critical; paralysed, stunned and unconscious fail Str and Dex
// saves.
bool Trial::creature_blow(size_t actor, size_t i, Stream& s, Seconds t) {
  const Strike& st = cfg_.strikes[static_cast<size_t>(m_.actors()[actor].strike)];
  const Attack& at = st.turn[i];
  const bool helpless = paralysed() || unconscious();
  int64_t dmg = 0;
  bool crit = false;
  if (st.mode == Strike::Mode::Attack) {
    const bool advantage = blind() || stunned() || helpless;
    const bool prone_at_range = unconscious() && !st.melee;  // disadvantage: cancels it
    int d = s.die(20);
    if (advantage && !prone_at_range) d = std::max(d, s.die(20));
    const bool hit = d == 20 || (d != 1 && d + at.attack_bonus >= ch_.ac);
    if (!hit) return false;
    crit = d == 20 || (st.melee && helpless);
  } else if (st.mode == Strike::Mode::Save) {
    const bool auto_fail =
        (st.save == Ability::Str || st.save == Ability::Dex) && (helpless || stunned());
    const size_t ab = static_cast<size_t>(st.save);
    const int bonus =
        ch_.saves[ab] + ability_modifier(scores_[ab]) - ability_modifier(ch_.scores[ab]);
    const bool saved = !auto_fail && s.die(20) + bonus >= st.dc;
    dmg = std::max<int64_t>(0, at.damage.roll(s));
    if (saved) dmg = st.half_on_save ? dmg / 2 : 0;
    take_damage(dmg, at.damage_type, false, t, st.base.name.c_str());
    return true;
  } else {
    if (!s.chance(*st.base.hit_chance)) return false;
    crit = (st.base.crit_chance > 0 && s.chance(st.base.crit_chance / *st.base.hit_chance)) ||
           (st.melee && helpless);
  }
  dmg = at.damage.roll(s);
  if (crit) dmg += at.damage.roll(s) - constant_part(at.damage);  // SRD: the dice twice
  take_damage(std::max<int64_t>(1, dmg), at.damage_type, crit, t, st.base.name.c_str());
  return true;
}

// The character's turn: a death save at 0 HP; standing, 003's piercing wound costs 1 HP "à la
// fin de chaque tour tant que vous êtes debout".
void Trial::character_turn(Seconds t) {
  if (dead_) return;
  if (dying()) {
    death_save(t);
    return;
  }
  if (unconscious()) return;  // a comatose character is not standing
  for (int i = 0; i < n_injuries_ && !dead_ && !down(); ++i)
    if (inj_[i].open && cat_.injury(inj_[i].def).ongoing == Ongoing::PiercingWound)
      take_damage(1, static_cast<uint16_t>(7), false, t, "piercing wound");  // 7: piercing
}

// The healer acts at the end of each round from the round it arrives in, and in the fight
// tends only a character at 0 HP.
void Trial::round_end(Seconds t) {
  if (help_at_ < 0 || help_at_ >= t + kRound) return;
  if (!healer_here_) {
    healer_here_ = true;
    note(log_, t, [] { return std::string("help arrives"); });
  }
  if (down()) healer_turn(t);
}

// At 0 HP: healing magic (a spell, else a potion), else a DC 10 Medicine check to stabilise.
bool Trial::healer_turn(Seconds t) {
  if (!cfg_.healer || dead_ || !down()) return false;
  const Healer& h = *cfg_.healer;
  Stream s = open(rng_, streams::care_action(++cares_));
  if (healing_uses_ > 0 || potions_ > 0) {
    const bool spell = healing_uses_ > 0;
    (spell ? healing_uses_ : potions_)--;
    ++counts_[kMagicUsed];
    const bool was_dying = dying();
    heal_hp(static_cast<int>(std::max<int64_t>(1, (spell ? *h.healing : *h.potion).roll(s))), t,
            spell ? "healing spell" : "potion");
    // 003: light injuries heal with "Soin magique, dans un état stable": not while dying.
    if (!was_dying)
      for (int i = 0; i < n_injuries_; ++i)
        if (inj_[i].open && inj_[i].severity == Severity::Light) {
          close_injury(i, t, "healing magic while stable");
          break;
        }
    return true;
  }
  if (dying() && h.stabilise) {
    const int r = s.die(20) + *h.medicine;
    note(log_, t, [&] { return "Medicine to stabilise: " + std::to_string(r) + " vs DC 10"; });
    if (r >= kStabiliseDc) {
      ++counts_[kStabilisedByMedicine];
      become_stable(t);
    }
    return true;
  }
  return false;
}

// 003 "Soin magique": one injury at a time, by severity: light — any healing magic once
// stable; moderate — lesser restoration or a remedy; severe — greater restoration or a remedy;
// serious — heal or regenerate. The most severe first.
bool Trial::magic_for_injury(Seconds t) {
  for (int sev = kSeverities - 1; sev >= 0; --sev)
    for (int i = 0; i < n_injuries_; ++i) {
      Injury& in = inj_[i];
      if (!in.open || in.treated || static_cast<int>(in.severity) != sev) continue;
      int* pool = nullptr;
      const char* what = "";
      switch (in.severity) {
        case Severity::Light:
          if (healing_uses_ > 0)
            pool = &healing_uses_, what = "a healing spell";
          else if (potions_ > 0)
            pool = &potions_, what = "a potion";
          break;
        case Severity::Moderate:
          if (lesser_ > 0)
            pool = &lesser_, what = "lesser restoration";
          else if (rem_mod_ > 0)
            pool = &rem_mod_, what = "a remedy";
          break;
        case Severity::Severe:
          if (greater_ > 0)
            pool = &greater_, what = "greater restoration";
          else if (rem_sev_ > 0)
            pool = &rem_sev_, what = "a remedy";
          break;
        case Severity::Serious:
          if (heal_spell_ > 0) pool = &heal_spell_, what = "heal / regenerate";
          break;
      }
      if (!pool) continue;
      --*pool;
      ++counts_[kMagicUsed];
      if (in.severity == Severity::Light) {
        Stream s = open(rng_, streams::care_action(++cares_));
        const Healer& h = *cfg_.healer;
        heal_hp(static_cast<int>((pool == &healing_uses_ ? *h.healing : *h.potion).roll(s)), t,
                what);
      }
      close_injury(i, t, what);
      return true;
    }
  return false;
}

// 003 "Soin traditionnel": Medicine with an herbalism kit against the injury's DC (10/15/20/25,
// +2 per failure); the care takes 10 min (light), 30 min (moderate and the care before the bed
// rest of severe and serious). The deadliest first: deadlines, then by severity.
bool Trial::start_treatment(Seconds t) {
  const Healer& h = *cfg_.healer;
  if (!h.treat_injuries || treating_) return false;
  int best = -1;
  auto rank = [&](int i) { return inj_[i].treatment_rank(cat_); };
  for (int i = 0; i < n_injuries_; ++i) {
    if (!inj_[i].treatable(cat_) || inj_[i].next_try > t || !inj_[i].within_reach(*h.medicine))
      continue;
    if (best < 0 || rank(i) > rank(best)) best = i;
  }
  if (best < 0) return false;
  treating_ = true;
  timeline_.schedule(t + kTreatTime[static_cast<size_t>(inj_[best].severity)], Ev::TreatEnd,
                     static_cast<uint16_t>(best));
  return true;
}

void Trial::treat_end(int i, Seconds t) {
  treating_ = false;
  Injury& in = inj_[i];
  if (!in.open || dead_) return;
  const Healer& h = *cfg_.healer;
  Stream s = open(rng_, streams::care_action(++cares_));
  const TreatmentEnd end = in.end_treatment(s, *h.medicine, h.retry_after, opt_, t);
  note(log_, t, [&] {
    return "treats " + injury_name(i) + ": " + std::to_string(end.roll) + " vs DC " +
           std::to_string(end.dc);
  });
  if (end.kind == TreatmentEnd::Kind::Failed) {
    ++counts_[kTreatmentsFailed];
    return;
  }
  ++counts_[kTreatmentsSucceeded];
  if (end.kind == TreatmentEnd::Kind::Healed) {
    close_injury(i, t, "treatment");
    return;
  }
  // In bed: the injury's clocks stop; it heals when the bed rest ends.
  timeline_.cancel_if([i](const Timeline::Event& e) {
    return e.slot == i && (e.kind == static_cast<uint16_t>(Ev::DailyTick) ||
                          e.kind == static_cast<uint16_t>(Ev::Deadline));
  });
  const Seconds until = t + end.bed;
  if (until > bed_until_) {
    bed_total_ += until - std::max(bed_until_, t);
    bed_until_ = until;
  }
  ever_bed_ = true;
  timeline_.schedule(until, Ev::BedRestEnd, static_cast<uint16_t>(i));
  note(log_, t, [&] { return "bed rest until " + clock_text(until); });
}

void Trial::plan_healer(Seconds t) {
  if (!cfg_.healer || dead_ || help_at_ < 0 || in_combat_) return;
  if (timeline_.has_kind(Ev::HealerAct) || treating_) return;
  const Seconds at = std::max(t, help_at_);
  bool need = down() && (healing_uses_ > 0 || potions_ > 0 || (dying() && cfg_.healer->stabilise));
  Seconds next = at;
  if (!need)
    for (int i = 0; i < n_injuries_; ++i) {
      const Injury& in = inj_[i];
      if (!in.open || in.treated) continue;
      const bool magic = (in.severity == Severity::Light && (healing_uses_ + potions_) > 0) ||
                         (in.severity == Severity::Moderate && (lesser_ + rem_mod_) > 0) ||
                         (in.severity == Severity::Severe && (greater_ + rem_sev_) > 0) ||
                         (in.severity == Severity::Serious && heal_spell_ > 0);
      const bool mundane = cfg_.healer->treat_injuries && !cat_.injury(in.def).requires_magic &&
                           in.within_reach(*cfg_.healer->medicine);
      if (magic) {
        need = true;
        next = at;
        break;
      }
      if (mundane) {
        const Seconds when = std::max(at, in.next_try);
        if (!need || when < next) next = when;
        need = true;
      }
    }
  if (need) timeline_.schedule(next, Ev::HealerAct);
}

// One short rest after the fight, once the character is conscious (not at 0 HP, not in a coma).
void Trial::schedule_short_rest(Seconds t) {
  if (short_rest_done_ || !cfg_.recovery.short_rest || in_combat_ || unconscious()) return;
  short_rest_done_ = true;
  timeline_.schedule(t + kShortRest, Ev::ShortRestEnd);
}

// SRD short rest: spend Hit Dice (die + Con modifier each). 003: "Utiliser un dé de vie pendant
// un repos court guérit une blessure légère": one die per light injury first, then for HP.
void Trial::short_rest(Seconds t) {
  if (unconscious()) return;
  Stream s = open(rng_, streams::rest(rests_++));
  for (int i = 0; i < n_injuries_ && hit_dice_ > 0; ++i)
    if (inj_[i].open && inj_[i].severity == Severity::Light &&
        !cat_.injury(inj_[i].def).no_natural_healing && !cat_.injury(inj_[i].def).requires_magic) {
      --hit_dice_;
      ++counts_[kHitDiceSpent];
      heal_hp(std::max(0, s.die(ch_.hit_die) + con_mod()), t, "a Hit Die");
      close_injury(i, t, "a Hit Die in a short rest");
    }
  while (hit_dice_ > 0 && hp_ < max_hp_ && !dead_) {
    --hit_dice_;
    ++counts_[kHitDiceSpent];
    heal_hp(std::max(0, s.die(ch_.hit_die) + con_mod()), t, "a Hit Die");
  }
}

// SRD long rest: all HP, half the Hit Dice back (at least one); what it does to each injury is
// the course's (course.h: InjuryCourse::long_rest).
void Trial::long_rest_end(Seconds t) {
  resting_ = false;
  if (dead_) return;
  hit_dice_ = std::min(ch_.level, hit_dice_ + std::max(1, ch_.level / 2));
  for (int i = 0; i < n_injuries_; ++i)
    if (const char* how = inj_[i].long_rest(cat_, opt_)) close_injury(i, t, how);
  if (!dead_) heal_hp(max_hp_, t, "a long rest");
}

void Trial::daily_tick(int i, Seconds t) {
  Injury& in = inj_[i];
  if (!in.open || in.treated) return;
  const InjuryDef& d = cat_.injury(in.def);
  if (d.ongoing == Ongoing::MaxHpLoss) {
    Stream c = course();
    in.hp_lost += rot_loss(c);
  } else {
    ++in.decline;
  }
  note(log_, t, [&] { return injury_name(i) + " worsens"; });
  recompute(t);
  if (!dead_) timeline_.schedule(t + kDay, Ev::DailyTick, static_cast<uint16_t>(i));
}

// 003: "Si cela n'est pas traité dans les 1d4 jours qui suivent, vous perdez une main ou un
// pied" (the hand or foot drawn with the injury); frostbite "évolue en blessure sérieuse"
// (course.h: InjuryCourse::worsen), with a fresh clock from a course stream of its own.
void Trial::deadline(int i, Seconds t) {
  Injury& in = inj_[i];
  if (!in.open || in.treated) return;
  const InjuryDef& d = cat_.injury(in.def);
  if (d.deadline == Deadline::LoseLimb) {
    ++counts_[kLimbsLostToDeadline];
    (in.limb_is_hand ? hands_lost_ : feet_lost_)++;
    note(log_, t,
         [&] { return std::string("untreated: loses a ") + (in.limb_is_hand ? "hand" : "foot"); });
    close_injury(i, t, "the limb is lost");
    return;
  }
  ++counts_[kFrostbiteWorsened];
  in.worsen(cat_);
  note(log_, t, [&] { return "untreated: becomes " + injury_name(i); });
  Stream c = course();
  timeline_.schedule(t + opt_.deadline.sample(c), Ev::Deadline, static_cast<uint16_t>(i));
  recompute(t);
}

void Trial::fight_ends(Seconds t) {
  in_combat_ = false;
  temp_hp_ = 0;
  note(log_, t,
       [&] { return "the fight ends: HP " + std::to_string(hp_) + "/" + std::to_string(max_hp_); });
  // The next turn comes when the fight's last round would have ended.
  if (dying()) timeline_.schedule(t, Ev::DeathSave);
  if (cfg_.recovery.daily_rest) timeline_.schedule(t + cfg_.recovery.first_rest, Ev::LongRestStart);
  schedule_short_rest(t);
  if (opt_.piercing_after_fight == PiercingAfterFight::PerHour)
    timeline_.schedule(t + kHour, Ev::PiercingHour);
  plan_healer(t);
}

// Interpretation 20: it goes on at the downtime's end if it can act then — the fight over,
// conscious, out of bed, no condition that takes its actions, no treatment under way — else as
// soon after as it can (each of those changes only at an event). A long rest under way is cut
// short. Never past the horizon.
Seconds Trial::leave_time(Seconds now, Seconds until) const {
  if (leave_by_ <= 0 || dead_ || in_combat_ || treating_) return -1;
  for (int i = 0; i < n_injuries_; ++i)
    if (inj_[i].open && inj_[i].treated) return -1;  // its bed rest not over
  const Seconds go = std::max(leave_by_, now);
  if (out_of_action(go)) return -1;
  return go <= std::min(until, cfg_.horizon) ? go : -1;
}

void Trial::dispatch(const Timeline::Event& ev) {
  const Seconds t = ev.time;
  const int inj = ev.slot;  // the injury the event is about (its kinds that carry one)
  switch (static_cast<Ev>(ev.kind)) {
    case Ev::DeathSave:
      if (dying()) {
        death_save(t);
        if (dying()) timeline_.schedule(t + kRound, Ev::DeathSave);
      }
      break;
    case Ev::HealerAct:
      if (!healer_here_) {
        healer_here_ = true;
        note(log_, t, [] { return std::string("help arrives"); });
      }
      if (!healer_turn(t) && !magic_for_injury(t)) start_treatment(t);
      // Every round while there is something to do at 0 HP: heal, or stabilise a dying one.
      if (!dead_ && down() && (healing_uses_ + potions_ > 0 || dying()))
        timeline_.schedule(t + kRound, Ev::HealerAct);
      break;
    case Ev::TreatEnd:
      treat_end(inj, t);
      break;
    case Ev::Wake:
      if (down() && stable_) {
        hp_ = 1;
        stable_ = false;
        successes_ = failures_ = 0;
        note(log_, t, [] { return std::string("wakes at 1 HP"); });
        if (!in_combat_) schedule_short_rest(t);
      }
      break;
    case Ev::ShortRestEnd:
      short_rest(t);
      break;
    case Ev::LongRestStart:
      timeline_.schedule(t + kDay, Ev::LongRestStart);
      if (down()) break;  // SRD: a long rest needs at least 1 HP
      resting_ = true;
      timeline_.schedule(t + kLongRest, Ev::LongRestEnd);
      break;
    case Ev::LongRestEnd:
      long_rest_end(t);
      break;
    case Ev::DailyTick:
      daily_tick(inj, t);
      break;
    case Ev::Deadline:
      deadline(inj, t);
      break;
    case Ev::BedRestEnd:
      close_injury(inj, t, "treatment and bed rest");
      break;
    case Ev::PiercingHour: {
      bool any = false;
      for (int i = 0; i < n_injuries_; ++i)
        any = any || (inj_[i].open && cat_.injury(inj_[i].def).ongoing == Ongoing::PiercingWound);
      if (!any) break;
      if (!unconscious() && !resting_ && !in_bed(t)) character_turn(t);
      if (!dead_) timeline_.schedule(t + kHour, Ev::PiercingHour);
      break;
    }
  }
}

Outcome Trial::outcome() const {
  Outcome o;
  for (size_t c = 0; c < counts_.size(); ++c)
    if (counts_[c]) o.count(c, counts_[c]);
  ooa_.measure(o, kOutOfAction, !dead_);
  if (ever_unconscious_) o.measure(kTimeUnconscious, unconscious_total_);
  // The bed rest inside the trial: every stay began by the end, so what lies past it is the
  // part of the last one after end_time().
  if (ever_bed_) o.measure(kTimeInBed, bed_total_ - std::max<Seconds>(0, bed_until_ - end_time()));
  if (dead_) {
    o.end = death_end_;
    o.end_time = death_time_;
    o.measure(kTimeToDeath, death_time_);
    return o;
  }
  // Sequelae of a survivor: permanent losses, losses from injuries still open, open injuries.
  // In a campaign, only this adventure's: a loss carried in was reported by the adventure
  // that inflicted it (blindness is new when this adventure took the second eye).
  std::array<int, kSeverities> open_by{};
  int eyes = 0, hands = hands_lost_ - carried_hands_, feet = feet_lost_ - carried_feet_, rot = 0;
  Losses losses;
  for (int i = 0; i < n_injuries_; ++i) {
    const Injury& in = inj_[i];
    if (!in.open) continue;
    const InjuryDef& d = cat_.injury(in.def);
    losses.add(d.permanent, in.carried);
    if (in.carried) continue;
    rot += in.hp_lost;
    switch (d.permanent) {
      case Permanent::Eye:
        ++eyes;
        break;
      case Permanent::Limb:
        (in.limb_is_hand ? hands : feet)++;
        break;
      case Permanent::Blindness:
      case Permanent::Deafness:
        break;
      case Permanent::None:
        ++open_by[static_cast<size_t>(in.severity)];
        break;
    }
  }
  // Gone on still healing: its healable injuries and what they take are carried, reported only
  // if still open at the campaign's end.
  if (left_at_ >= 0) open_by = {}, rot = 0;
  if (eyes) o.add_sequela(kLostEye, 0, static_cast<uint16_t>(eyes));
  if (losses.new_blindness()) o.add_sequela(kBlindness);
  if (losses.new_deafness()) o.add_sequela(kDeafness);
  if (hands) o.add_sequela(kLostHand, 0, static_cast<uint16_t>(hands));
  if (feet) o.add_sequela(kLostFoot, 0, static_cast<uint16_t>(feet));
  for (size_t a = 0; a < kAbilities && left_at_ < 0; ++a) {
    const int lost = ch_.scores[a] - scores_[a];
    if (lost > 0) o.add_sequela(static_cast<uint16_t>(kStrLoss + a), -lost);
  }
  if (rot > 0) o.add_sequela(kMaxHpLoss, -rot);
  for (size_t s = 0; s < kSeverities; ++s)
    if (open_by[s])
      o.add_sequela(static_cast<uint16_t>(kOpenLight + s), 0, static_cast<uint16_t>(open_by[s]));
  if (full_since_ >= 0) {
    o.end = kRecovered;
    o.end_time = full_since_;
    o.measure(kDowntime, full_since_);
    return o;
  }
  o.end = dying()           ? kStillDying
          : unconscious()   ? kStillUnconscious
          : healable_open() ? kStillInjured
                            : kStillHurt;
  o.end_time = end_time();
  return o;
}

// The single character's fight on the driver (rules/common/solo_fight.h): the creatures
// strike in their listed order, the character's turn before them or after them
// (attackers_first) — a death save at 0 HP, the piercing wound standing —, help that has
// arrived acts at the end of each round. The time in each state is tracked around every act,
// as it was around every event of the timeline.
class SoloRules : public fight::Solo<SoloRules> {
 public:
  explicit SoloRules(Trial& t)
      : Solo(t.m_.actors().size(), t.cfg_.encounter.attackers_first), t_(&t) {}

  bool character_down() const { return t_->down(); }
  bool character_dead() const { return t_->dead_; }
  int character_hp() const { return t_->hp_; }
  void character_turn(Seconds t) const {
    act(t, [&] { t_->character_turn(t); });
  }
  void standing_turn(size_t c, Body&, Seconds t, EventLog*) const {
    if (c == 0) character_turn(t);
  }
  int blows(size_t actor) const { return static_cast<int>(strike_of(actor).turn.size()); }
  bool takes_turn(size_t actor, int round, Stream& s) const {
    return t_->creature_takes_turn(actor, round, s);
  }
  bool blow(size_t actor, int n, Stream& s, Seconds t) const {
    bool r = false;
    act(t, [&] { r = t_->creature_blow(actor, static_cast<size_t>(n), s, t); });
    return r;
  }
  double keep_attacking_downed(size_t actor) const {
    return strike_of(actor).base.keep_attacking_downed;
  }
  void round_start(int, Seconds t, EventLog*) const { t_->track(t); }
  void round_end(int, Seconds t, EventLog*) const {
    act(t, [&] { t_->round_end(t); });
  }

 private:
  const Strike& strike_of(size_t actor) const {
    return t_->cfg_.strikes[static_cast<size_t>(t_->m_.actors()[actor].strike)];
  }
  template <typename F>
  void act(Seconds t, F&& f) const {
    t_->track(t);
    f();
    if (!t_->dead_) t_->track(t);
  }
  Trial* t_;
};

Outcome Trial::run() {
  if (log_ && n_injuries_ > 0)
    for (int i = 0; i < n_injuries_; ++i)
      note(log_, 0, [&] { return "carried from the adventures before: " + injury_name(i); });
  if (n_injuries_ > 0) recompute(0);  // what a carried injury or loss takes
  if (went_on_with_)
    note(log_, 0, [&] {
      return "carried from the adventure before: HP " + std::to_string(hp_) + "/" +
             std::to_string(max_hp_) + ", " + std::to_string(hit_dice_) + " Hit Dice";
    });
  if (cfg_.healer) {
    const Healer& h = *cfg_.healer;
    Stream s = open(rng_, streams::help_arrival());
    help_at_ = h.arrives.sample(s);
    healing_uses_ = h.healing_uses;
    potions_ = h.potions;
    lesser_ = h.lesser_restoration;
    greater_ = h.greater_restoration;
    heal_spell_ = h.heal_spell;
    rem_mod_ = h.remedies_moderate;
    rem_sev_ = h.remedies_severe;
  }
  start_fight();
  track(0);
  const int rounds = fight::solo_rounds(rounds_, cfg_.horizon);
  if (rounds > 0) fight::play_solo(SoloRules(*this), rounds, rng_, log_);
  if (!dead_) {
    track(combat_end_);
    fight_ends(combat_end_);
    // The clocks of injuries it went on with run on after the fight (one that fell due during
    // it, at its end: README interpretation 20).
    for (int i = 0; i < n_injuries_ && !dead_; ++i) {
      const Injury& in = inj_[i];
      if (!in.open || in.treated) continue;
      const auto slot = static_cast<uint16_t>(i);
      if (in.deadline_in >= 0)
        timeline_.schedule(std::max(in.deadline_in, combat_end_), Ev::Deadline, slot);
      if (in.tick_in >= 0)
        timeline_.schedule(std::max(in.tick_in, combat_end_), Ev::DailyTick, slot);
    }
    if (!dead_) {
      plan_healer(combat_end_);
      track(combat_end_);
    }
  }
  // After the fight, one timeline until death, full health or the horizon — or, with a
  // downtime, until it goes on still healing.
  Seconds now = combat_end_;
  while (!dead_ && full_since_ < 0) {
    left_at_ = leave_time(now, timeline_.empty() ? kNeverAt : timeline_.peek().time);
    if (left_at_ >= 0 || timeline_.empty()) break;
    const Timeline::Event ev = timeline_.pop();
    if (ev.time > cfg_.horizon) break;
    now = ev.time;
    track(ev.time);
    dispatch(ev);
    if (dead_) break;
    if (!in_combat_) plan_healer(ev.time);
    track(ev.time);
    if (full_since_ >= 0) break;
  }
  if (!dead_ && full_since_ < 0) track(left_at_ >= 0 ? left_at_ : cfg_.horizon);
  if (left_at_ >= 0)
    note(log_, left_at_, [&] {
      std::string what = "HP " + std::to_string(hp_) + "/" + std::to_string(max_hp_);
      for (int i = 0; i < n_injuries_; ++i)
        if (inj_[i].open && cat_.injury(inj_[i].def).permanent == Permanent::None)
          what += "; " + injury_name(i);
      return "the downtime is over: goes on to the next adventure still healing (" + what + ")";
    });
  const Outcome o = outcome();
  if (!dead_ && left_at_ < 0)
    note(log_, o.end_time, [&] {
      return std::string(o.end == kRecovered ? "recovered" : "the horizon comes: still ") +
             (o.end == kRecovered ? "" : Model::info().metrics->ends[o.end].detail);
    });
  return o;
}

}  // namespace

Outcome Model::run_trial(TrialContext& ctx) const {
  Carried nothing;
  return run_adventure(ctx, nothing);
}

Outcome Model::run_adventure(TrialContext& ctx, Carried& carried) const {
  if (party_)
    return party_->run_adventure(ctx, carried.members, carried.leave_by, &carried.went_on,
                                 carried.after_death, carried.retire, &carried.left);
  Trial trial(*this, ctx, carried);
  const Outcome o = trial.run();
  trial.carry(carried);
  return o;
}

}  // namespace leth::dnd5e
