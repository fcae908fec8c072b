#include "rules/unisystem/model.h"

#include <algorithm>
#include <array>
#include <utility>

#include "rules/common/solo_fight.h"
#include "rules/unisystem/roll.h"
#include "rules/unisystem/track.h"
#include "sim/core/out_of_action.h"
#include "sim/core/substreams.h"

namespace leth::unisystem {

const RulesetInfo& Model::info() {
  static const MetricSpec metrics = metric_spec({.ends = metric::kEndTable,
                                                 .counters = metric::kCounterTable,
                                                 .durations = metric::kDurationTable,
                                                 .sequelae = metric::kSequelaTable});
  static const RulesetInfo r{"unisystem",
                             "Unisystem: survival tests, resuscitation and recovery",
                             "000_46f22156c4a95f9d.txt",
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
  for (size_t a = 0; a < config_.attackers.size(); ++a)
    for (int n = 1; n <= config_.attackers[a].base.count; ++n)
      actors_.push_back({static_cast<int>(a), n});
}

namespace {

using namespace metric;

// Tracks never fall below this, so that no sum of blows overflows an int (far past any death).
constexpr int kFloor = -10'000'000;

// The round-end tests' creature index in fight_test().
constexpr uint64_t kRoundEnd = streams::kMaxActors - 1;
// fight_test() numbers turns below 2^20 (60 days of 5-second turns).
constexpr int64_t kMaxTurns = int64_t{1} << 20;

// The kinds of fight_test().
enum FightTest : uint64_t {
  kSurvivalKind,
  kConsciousKind,
  kStayUpKind,
  kShockKind,
  kEssenceWillKind,
  kEssenceSurvivalKind,
  kDrainKind,
  kEnduranceKind,
};

// One trial's timeline: the fight's rounds, the minute-by-minute survival tests and the
// endurance tests after the fight, in one order (README, interpretation 21).
enum class Ev : uint16_t {
  Round,          // arg: the round; the end of the one before, then the creatures' turns
                  // (played by the driver: where its round comes among the clocks' events)
  FightEnds,      // arg: the last round; its end, then the fight is over
  Minute,         // arg: the minute of the dying episode; the survival test (helpers first)
  EnduranceTest,  // after the fight, a turn's endurance test while at 0 or less
};

// 000: "à 1 ou 0 points d'essence ... Tous les tests et épreuves subissent une pénalité de -3".
constexpr int kEssenceDepression = -3;
// 000: half the essence pool lost: "les épreuves mentales ... une pénalité de -1".
constexpr int kHalfEssenceLost = -1;
// 000: resuscitation within "constitution x 2 minutes"; "techniques avancées ... +3".
constexpr int kResuscitationMinutesPerCon = 2;
constexpr int kAdvancedBonus = 3;
// 000 essence: a survival test "à -30 ou moins", -1 per 10 below; Will test -1 per 5 below 0.
constexpr int kEssenceDeath = -30;
// 000 realism: "tous les 4 points d'endurance de dégâts ... la perte d'1 point de vie".
constexpr int kEndurancePerHp = 4;

Seconds ceil_div(int64_t a, int64_t b) {
  return (a + b - 1) / b;
}

// 000 "Récupérer des points d'essence": "leur niveau de canalisation d'essence par minute.
// Ceux qui ne l'ont pas ... 1 point d'essence par niveau de volonté, chaque heure"; or the
// creature's own rate. {points, per}; 0 points: essence does not come back by itself.
std::pair<int, Seconds> essence_rate(const Creature& cr, const Character& ch) {
  const Rate& r = cr.essence;
  if (r.rule == Rate::Rule::Standard)
    return ch.channelling > 0 ? std::pair{ch.channelling, kMinute} : std::pair{ch.will, kHour};
  if (r.rule != Rate::Rule::Formula) return {0, 0};  // "/"
  const Formula& f = r.for_channelling(ch.channelling);
  return {f.amount(ch.con, ch.will, ch.channelling), f.per};
}

class Trial {
 public:
  Trial(const Model& m, TrialContext& ctx, const Model::Carried& carried)
      : m_(m),
        cfg_(m.config()),
        opt_(cfg_.options),
        ch_(cfg_.character),
        cr_(*ch_.creature),
        rng_(ctx.rng),
        log_(ctx.log),
        timeline_(ctx.timeline) {
    hp_ = ch_.hp;
    hp_full_at_ = hp_ >= ch_.max_hp ? 0 : -1;
    endurance_tracked_ = cr_.endurance.rule != Rate::Rule::None;
    essence_tracked_ = ch_.essence > 0;
    // 000: "7 heures de sommeil par période de 24 heures ... 1 point d'endurance par heure de
    // sommeil en moins", and more when awake past 24 hours.
    const int deficit =
        endurance_tracked_
            ? awake_loss(ch_.hours_awake) + ch_.short_nights * sleep_shortfall_loss(ch_.sleep_hours)
            : 0;
    endurance_ = Track(ch_.endurance, ch_.endurance - deficit, deficit);
    // The creature tables' endurance rates ("points / tour") run in the fight too.
    if (const Rate& r = cr_.endurance; r.rule == Rate::Rule::Formula)
      endurance_.recover(0, Track::Mode::Steady, r.amount(ch_.con, ch_.will, ch_.channelling),
                         r.per);
    essence_ = Track(ch_.essence, ch_.essence);
    // Essence comes back on its own clock from each drain, in the fight too (README,
    // interpretation 24).
    const auto [points, per] = essence_rate(cr_, ch_);
    essence_.recover(0, Track::Mode::Steady, points, per);
    essence_lowest_ = ch_.essence;
    // Went on short of full health (campaign.downtime): HP, endurance and essence as they were.
    if (carried.held) {
      carried_in_ = true;
      hp_ = carried.hp;
      hp_full_at_ = hp_ >= ch_.max_hp ? 0 : -1;
      endurance_ = Track(ch_.endurance, carried.endurance, carried.endurance_owed);
      if (const Rate& r = cr_.endurance; r.rule == Rate::Rule::Formula)
        endurance_.recover(0, Track::Mode::Steady, r.amount(ch_.con, ch_.will, ch_.channelling),
                           r.per);
      essence_ = Track(ch_.essence, carried.essence);
      essence_.recover(0, Track::Mode::Steady, points, per);
      essence_lowest_ = carried.essence_lowest;
    }
    leave_by_ = carried.leave_by;
    if (hp_ < 0) {
      neg_since_ = 0;
      ever_neg_ = true;
    }
  }

  Outcome run();
  // With campaign.downtime, when it went on short of full health: its HP, endurance and
  // essence then.
  void carry(Model::Carried& carried) const {
    carried.went_on = carried.held = left_at_ >= 0;
    if (left_at_ < 0) return;
    carried.hp = hp_;
    carried.endurance = endurance_.at(left_at_);
    carried.endurance_owed = endurance_.owed(left_at_);
    carried.essence = essence_.at(left_at_);
    carried.essence_lowest = essence_lowest_;
  }

 private:
  friend class SoloRules;
  // --- penalties, as they stand at time t
  int essence_penalty(Seconds t) const {
    return essence_tracked_ && essence_.at(t) <= 1 ? kEssenceDepression : 0;
  }
  // 000: "Un personnage qui a perdu la moitié de sa réserve d'essence ... les épreuves mentales
  // sont accomplies avec une pénalité de -1 jusqu'à ce que la moitié de l'essence perdue soit
  // récupérée": -1 on the Will tests while half the pool or more is lost, until half of what
  // was lost (from the lowest point) is back.
  int mental_penalty(Seconds t) const {
    if (!essence_tracked_) return 0;
    const int lost = ch_.essence - essence_lowest_;
    if (2 * lost < ch_.essence) return 0;
    return 2 * (essence_.at(t) - essence_lowest_) < lost ? kHalfEssenceLost : 0;
  }
  // The character's own actions (not survival tests): groggy, pain outside adrenaline.
  int action_penalty(bool in_fight, Seconds t) const {
    int p = essence_penalty(t);
    if (endurance_tracked_ && endurance_.at(t) <= kGroggyAt) p += kGroggy;
    if (hp_ < kPainBelow && !(in_fight && opt_.adrenaline)) p -= opt_.pain_penalty;
    return p;
  }
  int survival_base(Seconds t) const { return ch_.con + ch_.will + essence_penalty(t); }
  bool has_threshold() const { return cr_.has_threshold; }
  int threshold() const { return cr_.threshold_for(ch_.will); }

  // --- the timeline
  void play();
  void dispatch(const Timeline::Event& ev);

  // --- the fight
  void start_fight();
  void effort();
  bool advance_to_round();
  bool creature_takes_turn(size_t actor, int round) const;
  void creature_turn(size_t actor, int round, Seconds t, Stream& s);
  int64_t attack(const Attacker& a, const Profile& pr, Seconds t, Stream& s);
  void after_hits(size_t actor, int round, Seconds t, int64_t damage, int hp_before,
                  int essence_before);
  void round_end(int round, Seconds t);
  void end_fight(Seconds t);
  void endurance_test(int64_t turn, Seconds t);
  void knocked_out(Seconds t);
  void lose_consciousness(Seconds t);
  void regenerate(Seconds t);

  // --- dying
  void draw_arrivals();
  void start_dying(Seconds t);
  void minute_test(int minute, Seconds t);
  Seconds helpers_stabilise(uint64_t n, Seconds t);
  void clinical_death(Seconds t, End how);
  bool resuscitate();

  // --- recovery
  void first_aid_healing(Seconds t0);
  void recover(Seconds t0);
  // When HP is full, by `until` (the horizon, or the downtime's end); kNever if not by then; -1
  // if died.
  Seconds hp_recovery(Seconds t0, Seconds until);

  // --- state
  bool survival(Stream& s, int penalty, Seconds t, const char* what);
  void set_hp(int hp, Seconds t);
  void fall(Seconds t) {
    out_of_fight_ = true;
    out_.cannot_act(t);
  }
  void die(Seconds t, End how);
  void finish(End end, Seconds t);
  Outcome outcome() const;

  const Model& m_;
  const Config& cfg_;
  const Options& opt_;
  const Character& ch_;
  const Creature& cr_;
  TrialRng& rng_;
  EventLog* log_;
  Timeline& timeline_;

  int hp_ = 0;
  Seconds hp_full_at_ = -1;  // when HP last came back to full (0: never short); -1 while short
  Seconds hp_regen_at_ = 0;  // the creature's HP regeneration by the turn is applied up to here
  Track endurance_;
  Track essence_;
  int essence_lowest_ = 0;        // the lowest essence of the trial so far
  int64_t endurance_damage_ = 0;  // realism: endurance damage taken, in all
  int hp_from_endurance_ = 0;
  bool endurance_tracked_ = false;
  bool essence_tracked_ = false;
  int wounds_ = 0;
  int rounds_ = 0;
  bool in_fight_ = true;
  bool out_of_fight_ = false;
  bool down_ = false;           // failed to stay up at 0 HP or less
  bool unconscious_ = false;    // failed to stay conscious, out of endurance, or died
  bool endurance_out_ = false;  // knocked out by endurance: sleeps until it is full
  bool dying_ = false;
  bool unresuscitable_ = false;
  bool in_hospital_ = false;
  bool dead_ = false;
  bool clinical_ = false;  // dead of a failed survival test, resuscitation not yet tried
  Seconds death_at_ = 0;
  End death_how_ = kDiedCombat;
  bool finished_ = false;
  Seconds fight_end_ = 0;
  Seconds stable_at_ = 0;
  Seconds dying_since_ = -1;    // the first dying episode's start
  Seconds episode_since_ = -1;  // this dying episode's start
  Seconds dying_until_ = -1;
  uint64_t minute_tests_ = 0;  // minute marks of the trial so far: their streams' index
  OutOfAction out_;
  Seconds neg_since_ = -1;
  Seconds time_neg_ = 0;
  bool ever_neg_ = false;
  Seconds first_aider_at_ = kNever, bystander_at_ = kNever, paramedics_at_ = kNever,
          hospital_at_ = kNever;
  uint16_t end_ = kStillInjured;
  Seconds end_time_ = 0;
  std::array<uint32_t, Outcome::kMaxCounters> counters_{};
  int days_below_zero_ = 0;
  int levels_lost_ = 0;
  int flaws_ = 0;
  bool resuscitated_ = false;
  bool carried_in_ = false;  // began short of full health, from the adventure before
  Seconds leave_by_ = 0;     // Model::Carried::leave_by
  Seconds left_at_ = -1;     // when it left short of full health; -1: it did not
};

void Trial::set_hp(int hp, Seconds t) {
  if (hp_ >= 0 && hp < 0) {
    neg_since_ = t;
    ever_neg_ = true;
  } else if (hp_ < 0 && hp >= 0 && neg_since_ >= 0) {
    time_neg_ += t - neg_since_;
    neg_since_ = -1;
  }
  if (hp < ch_.max_hp)
    hp_full_at_ = -1;
  else if (hp_ < ch_.max_hp)
    hp_full_at_ = t;
  hp_ = hp;
}

bool Trial::survival(Stream& s, int penalty, Seconds t, const char* what) {
  ++counters_[kSurvivalTests];
  const int base = survival_base(t) - penalty;
  const TestResult r = roll_test(s, base);
  note(log_, t, [&] {
    const std::string pen =
        penalty >= 0 ? " - " + std::to_string(penalty) : " + " + std::to_string(-penalty);
    return std::string(what) + " (Con + Will" + pen + "): " + test_text(r, base);
  });
  return r.passed();
}

void Trial::die(Seconds t, End how) {
  dead_ = true;
  if (dying_ && dying_until_ < 0) dying_until_ = t;
  note(log_, t, [&] { return std::string("dead (") + m_.info().metrics->ends[how].name() + ")"; });
  finish(how, t);
}

void Trial::finish(End end, Seconds t) {
  if (finished_) return;
  finished_ = true;
  end_ = end;
  end_time_ = t;
  if (neg_since_ >= 0) {
    time_neg_ += t - neg_since_;
    neg_since_ = -1;
  }
}

// ---------------------------------------------------------------- the timeline

// Events after the horizon do not happen. Ties at one second go in the order they were
// scheduled: a minute's survival test (scheduled a minute before) comes before the turn's end
// and the next round scheduled at the turn before.
void Trial::play() {
  while (!timeline_.empty()) {
    const Timeline::Event ev = timeline_.pop();
    if (ev.time > cfg_.horizon) break;
    dispatch(ev);
    if (finished_ || clinical_) break;
  }
}

void Trial::dispatch(const Timeline::Event& ev) {
  const Seconds t = ev.time;
  switch (static_cast<Ev>(ev.kind)) {
    case Ev::Round:  // taken by advance_to_round(); one past the horizon ends play()
      break;
    case Ev::FightEnds:
      round_end(ev.arg, t);
      end_fight(t);
      break;
    case Ev::Minute:
      minute_test(ev.arg, t);
      break;
    case Ev::EnduranceTest:
      endurance_test(t / kTurn, t);
      break;
  }
}

// ---------------------------------------------------------------- the fight

void Trial::start_fight() {
  Stream setup = open(rng_, streams::fight_setup());
  rounds_ = static_cast<int>(std::clamp<int64_t>(cfg_.encounter.rounds.roll(setup), 1, kMaxRounds));
  fight_end_ = rounds_ * kTurn;
  effort();
  timeline_.schedule(0, Ev::Round, 0, 1);
}

// 000 "Perte de points d'endurance": "une activité très difficile ... D4 (2) points par minute.
// Un effort intense ... 1 point d'endurance toutes les dix minutes" — before the fight.
void Trial::effort() {
  if (!endurance_tracked_ || cfg_.effort == Config::Effort::None) return;
  int lost = 0;
  if (cfg_.effort == Config::Effort::Intense) {
    lost = static_cast<int>(cfg_.effort_time / (10 * kMinute));
  } else {
    Stream s = open(rng_, streams::fight_test(0, kRoundEnd, kDrainKind));
    for (Seconds m = 0; m < cfg_.effort_time / kMinute; ++m) lost += s.die(4);
  }
  endurance_.lose(lost, 0, kFloor);
  note(log_, 0, [&] {
    return "effort before the fight: -" + std::to_string(lost) + " endurance, " +
           std::to_string(endurance_.at(0)) + " left";
  });
}

// The events that come before a round of the fight (the minute's survival tests), up to the
// round's marker, in the order of one timeline. False when one of them ended the fight.
bool Trial::advance_to_round() {
  while (!timeline_.empty()) {
    const Timeline::Event ev = timeline_.pop();
    if (static_cast<Ev>(ev.kind) == Ev::Round) return true;
    dispatch(ev);
    if (finished_ || clinical_) return false;
  }
  return false;
}

bool Trial::creature_takes_turn(size_t actor, int round) const {
  const Attacker& a = cfg_.attackers[static_cast<size_t>(m_.actors()[actor].attacker)];
  return round >= a.base.first_round && round <= a.base.last_round;
}

// A creature's turn, from its own stream: its attacks in order, then the tests after its hits
// (once a turn: the driver sees the turn as one blow).
void Trial::creature_turn(size_t actor, int round, Seconds t, Stream& s) {
  const Attacker& a = cfg_.attackers[static_cast<size_t>(m_.actors()[actor].attacker)];
  const int hp_before = hp_, essence_before = essence_.at(t);
  int64_t damage = 0;
  for (const Profile& pr : a.turn) damage += attack(a, pr, t, s);
  // README interpretation 18: damage that lands on no track (non-lethal on a creature without
  // endurance, a drain on untracked essence) does nothing, so it calls for no test either.
  if (damage == 0) return;
  if (a.unresuscitable && hp_ < hp_before && has_threshold() && hp_ <= threshold())
    unresuscitable_ = true;
  after_hits(actor, round, t, damage, hp_before, essence_before);
}

// One attack of a creature's turn: the attack test, then each hit through the armour. Returns
// the damage that landed on a track (hit points, endurance or essence).
int64_t Trial::attack(const Attacker& a, const Profile& pr, Seconds t, Stream& s) {
  int hits = 0;
  if (a.base.hit_chance) {
    hits = s.chance(*a.base.hit_chance) ? 1 : 0;
  } else {
    // seeds/README: D10 + attack >= 9; 000 (alley): "deux niveaux de réussite. Deux balles
    // touchent" — a burst lands as many bullets as success levels.
    const TestResult r = roll_test(s, pr.attack);
    hits = std::min(r.levels, pr.burst);
    note(log_, t, [&] {
      return pr.name + " attacks: " + test_text(r, pr.attack) + ", " + std::to_string(hits) +
             (hits == 1 ? " hit" : " hits");
    });
  }
  int64_t damage = 0;
  for (int h = 0; h < hits; ++h) {
    const int64_t rolled = pr.damage.roll(s);
    const bool armored = a.armor_applies && a.base.channel != Channel::Essence;
    const int64_t armor = armored ? ch_.armor.roll(s) : 0;
    // 000 (alley): armour per hit, then the multiplier ("doublés ... balles normales").
    const int64_t after = std::max<int64_t>(0, rolled - armor) * pr.multiplier;
    const Severity sev = severity_of(after);
    note(log_, t, [&] {
      return "hit: " + std::to_string(rolled) + " - armour " + std::to_string(armor) + ", x" +
             std::to_string(pr.multiplier) + " = " + std::to_string(after) + " (" +
             channel_name(a.base.channel) + ", " + severity_name(sev) + ")";
    });
    const int dmg = static_cast<int>(std::min<int64_t>(after, 1'000'000));
    if (a.base.channel == Channel::Essence) {
      if (!essence_tracked_) continue;  // no essence to drain
      essence_.lose(dmg, t, kFloor);
      essence_lowest_ = std::min(essence_lowest_, essence_.at(t));
      damage += after;
      continue;
    }
    if (a.base.channel == Channel::Nonlethal && opt_.cinematic) {
      if (!endurance_tracked_) continue;  // a creature without endurance shrugs it off
      endurance_.lose(dmg, t, kFloor);
      damage += after;
      if (opt_.realism) {
        endurance_damage_ += dmg;
        const int owed =
            static_cast<int>(std::min<int64_t>(endurance_damage_ / kEndurancePerHp, -kFloor));
        if (owed > hp_from_endurance_) {
          counters_[kHpFromEndurance] += static_cast<uint32_t>(owed - hp_from_endurance_);
          set_hp(std::max(hp_ - (owed - hp_from_endurance_), kFloor), t);
          hp_from_endurance_ = owed;
        }
      }
      continue;
    }
    if (sev != Severity::None) {
      ++wounds_;
      ++counters_[kWoundsSuperficial + static_cast<int>(sev) - 1];
    }
    damage += after;
    set_hp(std::max(hp_ - dmg, kFloor), t);
  }
  return damage;
}

void Trial::after_hits(size_t actor, int round, Seconds t, int64_t damage, int hp_before,
                       int essence_before) {
  auto stream = [&](FightTest k) { return open(rng_, streams::fight_test(round, actor, k)); };
  const bool hp_dropped = hp_ < hp_before;
  const int essence = essence_.at(t);
  note(log_, t, [&] {
    return "HP " + std::to_string(hp_) + "/" + std::to_string(ch_.max_hp) +
           (endurance_tracked_ ? ", endurance " + std::to_string(endurance_.at(t)) : "") +
           (essence_tracked_ ? ", essence " + std::to_string(essence) : "");
  });
  if (hp_dropped && has_threshold() && hp_ <= threshold()) {
    if (!cr_.survival_test) {
      // 000's table: a threshold with no survival test ("Fantôme"): destroyed there.
      die(t, kDiedCombat);
      return;
    }
    // 000 "Test de survie et conscience": -1 per full 10 points below 0.
    Stream s = stream(kSurvivalKind);
    if (!survival(s, groups_below(hp_, 0, 10, false), t, "survival test")) {
      clinical_death(t, kDiedCombat);
      return;
    }
    if (!dying_) start_dying(t);
    fall(t);
    // 000 (petit Tim): "pour rester conscient ... un test similaire, mais avec une pénalité de
    // -24" — after each survival test of the fight while the character is still conscious.
    if (!unconscious_) {
      Stream c = stream(kConsciousKind);
      const int base = survival_base(t) + hp_;
      const TestResult r = roll_test(c, base);
      note(log_, t, [&] { return "stay conscious: " + test_text(r, base); });
      if (!r.passed()) unconscious_ = true;
    }
  } else if (hp_dropped && hp_ <= 0 && !down_) {
    // 000 "Effet des blessures": Will + Con at minus the points below zero to stay up.
    Stream s = stream(kStayUpKind);
    const int base = ch_.will + ch_.con + essence_penalty(t) + hp_;
    const TestResult r = roll_test(s, base);
    note(log_, t,
         [&] { return "stay up at " + std::to_string(hp_) + " HP: " + test_text(r, base); });
    if (!r.passed()) {
      down_ = true;
      ++counters_[kKnockedDown];
      fall(t);
    }
  }
  if (opt_.shock_test && damage > 0 && !out_of_fight_) {
    // 000 (alley): "un test simple de Volonté ... un malus égal aux dégâts subis".
    Stream s = stream(kShockKind);
    const int base = static_cast<int>(std::max<int64_t>(
        2 * ch_.will + action_penalty(true, t) + mental_penalty(t) - damage, -1'000'000));
    const TestResult r = roll_test(s, base);
    note(log_, t, [&] { return "Will test after the hit: " + test_text(r, base); });
    if (!r.passed()) {
      ++counters_[kCollapsed];
      fall(t);
    }
  }
  if (essence_tracked_ && essence < essence_before && essence < 0) {
    // 000: "un test difficile de Volonté à -1 pour chaque groupe de 5 points ... en dessous
    // de 0"; a failure costs a mental attribute level or gives a mental flaw.
    Stream s = stream(kEssenceWillKind);
    const int base = ch_.will + essence_penalty(t) + mental_penalty(t) -
                     groups_below(essence, 0, 5, opt_.groups_round_up);
    const TestResult r = roll_test(s, base);
    note(log_, t, [&] { return "Will test below 0 essence: " + test_text(r, base); });
    if (!r.passed()) {
      ++counters_[kEssenceWillFailures];
      const bool level = opt_.essence_failure == EssenceFailure::Level ||
                         (opt_.essence_failure == EssenceFailure::Either && s.chance(0.5));
      ++(level ? levels_lost_ : flaws_);
    }
    // README interpretation 10: these groups of 10 are always full ones (`groups` does not
    // apply), as the survival test's "arrondis à l'inférieur".
    if (essence <= kEssenceDeath && cr_.survival_test) {
      Stream d = stream(kEssenceSurvivalKind);
      if (!survival(d, groups_below(essence, kEssenceDeath, 10, false), t,
                    "essence survival test")) {
        die(t, kDiedEssence);
        return;
      }
    }
  }
}

// The end of round r, at time t (the next round's start).
void Trial::round_end(int r, Seconds t) {
  if (cfg_.close_combat && endurance_tracked_ && !out_of_fight_) {
    // 000: "un combat rapproché intensif ... dépensant D4 (2) points en un tour".
    Stream s = open(rng_, streams::fight_test(r, kRoundEnd, kDrainKind));
    endurance_.lose(s.die(4), t, kFloor);
  }
  regenerate(t);
  endurance_test(r, t);
}

// 000's creature tables: hit points back "points / tour" (or by the minute), applied at each
// turn's end in the fight and at the dying chain's minute marks — each tick once.
void Trial::regenerate(Seconds t) {
  const Rate& r = cr_.hp;
  if (r.rule != Rate::Rule::Formula || r.per > kMinute) return;
  const int64_t ticks = (t - hp_regen_at_) / r.per;
  if (ticks <= 0) return;
  hp_regen_at_ += ticks * r.per;
  const int g = r.amount(ch_.con, ch_.will, ch_.channelling);
  if (g > 0 && hp_ < ch_.max_hp)
    set_hp(static_cast<int>(std::min<int64_t>(ch_.max_hp, hp_ + ticks * g)), t);
}

// 000: "Si l'endurance ... est réduite à 0 ou en dessous ... Un test de survie est nécessaire
// pour le remettre sur pied, avec une pénalité de -1 pour chaque groupe de 5 points en dessous
// de 0 (arrondis au supérieur). Ce test se répète tous les tours, jusqu'à ce que le personnage
// tombe dans l'inconscience." At the end of every turn, in the fight and after it, while the
// character is conscious with 0 or less; a test that cannot fail is not rolled.
void Trial::endurance_test(int64_t turn, Seconds t) {
  if (!endurance_tracked_ || unconscious_ || dead_) return;
  const int e = endurance_.at(t);
  if (e > 0) return;
  const int pen = groups_below(e, 0, 5, true);
  // The die's 1 passes: nothing can change that but a new blow (after the fight, endurance
  // and essence only come back, so the tests stop for good).
  if (1 + survival_base(t) - pen >= kTarget) return;
  if (turn >= kMaxTurns) return;  // 0.9^(2^20) turns without a failure: never in practice
  Stream s = open(rng_, streams::fight_test(static_cast<int>(turn), kRoundEnd, kEnduranceKind));
  if (!survival(s, pen, t, "endurance test")) {
    knocked_out(t);
    return;
  }
  if (!in_fight_) timeline_.schedule(t + kTurn, Ev::EnduranceTest);
}

void Trial::knocked_out(Seconds t) {
  endurance_out_ = true;
  ++counters_[kEnduranceKnockouts];
  lose_consciousness(t);
  fall(t);
}

// Unconscious is asleep (README, interpretation 23): after the fight, endurance at rest comes
// back at the sleep rate from now on (in the fight, end_fight() starts it so).
void Trial::lose_consciousness(Seconds t) {
  if (unconscious_) return;
  unconscious_ = true;
  if (!in_fight_ && cr_.endurance.rule == Rate::Rule::Rest)
    endurance_.recover(t, Track::Mode::Asleep, ch_.con);
}

// The fight is over (its last round, or a death that ends it for the body): endurance at rest
// starts coming back.
void Trial::end_fight(Seconds t) {
  in_fight_ = false;
  fight_end_ = t;
  note(log_, t, [&] {
    return "the fight ends: HP " + std::to_string(hp_) + "/" + std::to_string(ch_.max_hp);
  });
  if (cr_.endurance.rule == Rate::Rule::Rest)
    endurance_.recover(t, unconscious_ ? Track::Mode::Asleep : Track::Mode::Awake, ch_.con);
  if (!dead_ && endurance_tracked_ && !unconscious_ && endurance_.at(t + kTurn) <= 0)
    timeline_.schedule(t + kTurn, Ev::EnduranceTest);
}

// ---------------------------------------------------------------- dying

void Trial::draw_arrivals() {
  const Aftercare& a = cfg_.aftercare;
  auto when = [&](const leth::Duration& d, uint64_t k) {
    Stream s = open(rng_, streams::helper_arrival(k));
    return d.sample(s);
  };
  if (a.first_aider) first_aider_at_ = when(a.first_aider->arrives, 0);
  if (a.bystander) bystander_at_ = when(a.bystander->arrives, 1);
  if (a.paramedics) paramedics_at_ = when(a.paramedics->arrives, 2);
  if (a.hospital) hospital_at_ = when(a.hospital->arrives, 3);
}

// 000: "À moins de soins médicaux, le personnage peut mourir en quelques minutes, et un nouveau
// test de survie est nécessaire, avec une pénalité cumulative de -1" — once a minute from the
// test survived, on the fight's own clock.
void Trial::start_dying(Seconds t) {
  dying_ = true;
  if (dying_since_ < 0) dying_since_ = t;
  episode_since_ = t;
  dying_until_ = -1;
  timeline_.schedule(t + kMinute, Ev::Minute, 0, 1);
}

void Trial::minute_test(int minute, Seconds t) {
  if (!dying_) return;
  const uint64_t n = ++minute_tests_;
  Seconds stable = -1;
  // 000's creature tables: a type that regenerates by the turn or the minute climbs back
  // above its threshold by itself.
  if (const Rate& r = cr_.hp; r.rule == Rate::Rule::Formula && r.per <= kMinute) {
    regenerate(t);
    if (hp_ > threshold()) {
      stable = t;
      note(log_, t, [&] { return "regenerates to " + std::to_string(hp_) + " HP"; });
    }
  }
  // Nobody tends the wounded while the fight goes on (README, interpretation 8).
  if (stable < 0 && !in_fight_) stable = helpers_stabilise(n, t);
  if (stable >= 0) {
    dying_ = false;
    dying_until_ = stable;
    stable_at_ = stable;
    ++counters_[kStabilised];
    return;
  }
  Stream s = open(rng_, streams::dying_check(n));
  const int pen = groups_below(hp_, 0, 10, false) + minute;
  if (!survival(s, pen, t, "survival test")) {
    clinical_death(t, kDiedDying);
    return;
  }
  timeline_.schedule(t + kMinute, Ev::Minute, 0, minute + 1);
}

// The helpers present at minute mark t, each once, before its test: when one stabilises.
Seconds Trial::helpers_stabilise(uint64_t n, Seconds t) {
  const Aftercare& a = cfg_.aftercare;
  if (hospital_at_ <= t) {
    const Seconds at = std::max({hospital_at_, episode_since_, fight_end_});
    in_hospital_ = true;
    note(log_, at, [] { return std::string("intensive care: stabilised"); });
    return at;
  }
  // 000: "Les personnages avec premiers soins ou des compétences médicales peuvent
  // stabiliser l'état de la victime, grâce à une épreuve réussie" (README: no modifier).
  Stream s = open(rng_, streams::stabilise_attempt(n));
  auto attempt = [&](const char* who, int base) {
    const TestResult r = roll_test(s, base);
    note(log_, t, [&] { return std::string(who) + " stabilises: " + test_text(r, base); });
    return r.passed();
  };
  if (first_aider_at_ <= t && attempt("first aider", *a.first_aider->skill)) return t;
  if (paramedics_at_ <= t && attempt("paramedics", *a.paramedics->skill)) return t;
  if (bystander_at_ <= t) {
    const bool ok = s.chance(a.bystander->untrained_chance);
    note(log_, t, [&] {
      return std::string("a bystander binds the wounds: ") + (ok ? "stabilised" : "no use");
    });
    if (ok) return t;
  }
  if (!unconscious_ && a.self_aid && ch_.first_aid >= 0 &&
      attempt("self-aid", ch_.first_aid + kSelfAid + action_penalty(false, t)))
    return t;
  return -1;
}

// A failed survival test: the character is dead unless resuscitated, which run() tries once
// the timeline stops (a body is not struck again: the fight is over for it).
void Trial::clinical_death(Seconds td, End how) {
  if (dying_ && dying_until_ < 0) dying_until_ = td;
  dead_ = true;
  clinical_ = true;
  lose_consciousness(td);
  death_at_ = td;
  death_how_ = how;
  if (in_fight_) end_fight(td);
}

// 000 "Réanimation": intensive care within Con x 2 minutes (+1 a level of the paramedics'
// first aid), the doctor's Medicine test, a new survival test. False: dead.
bool Trial::resuscitate() {
  const Seconds td = death_at_;
  if (unresuscitable_) {
    die(td, kDiedUnresuscitable);
    return false;
  }
  const Aftercare& a = cfg_.aftercare;
  Stream s = open(rng_, streams::resuscitation());
  Seconds window = kResuscitationMinutesPerCon * ch_.con * kMinute;
  if (paramedics_at_ <= td + window) {
    const TestResult r = roll_test(s, *a.paramedics->skill);
    window += r.levels * kMinute;
    note(log_, std::max(td, paramedics_at_),
         [&] { return "paramedics' first aid: " + test_text(r, *a.paramedics->skill); });
  }
  if (hospital_at_ > td + window || hospital_at_ > cfg_.horizon) {
    note(log_, td, [&] {
      return "no intensive care within " + clock_text(window) + " of the death: no resuscitation";
    });
    die(td, death_how_);
    return false;
  }
  const Seconds at = std::max(td, hospital_at_);
  const TestResult doc = roll_test(s, a.hospital->medicine);
  const int bonus = doc.levels + (a.hospital->advanced ? kAdvancedBonus : 0);
  note(log_, at, [&] { return "doctor's Medicine test: " + test_text(doc, a.hospital->medicine); });
  const int pen = groups_below(hp_, 0, 5, opt_.groups_round_up) - bonus;
  if (!survival(s, pen, at, "survival test after resuscitation")) {
    die(td, death_how_);
    return false;
  }
  resuscitated_ = true;
  ++counters_[kResuscitated];
  dead_ = false;
  clinical_ = false;
  dying_ = false;
  in_hospital_ = true;
  stable_at_ = at;
  fall(td);
  return true;
}

// ---------------------------------------------------------------- recovery

// 000 "Soin médical": Int + First Aid gives 1 HP a success level; one test a wound (or a fight);
// -2 on oneself.
void Trial::first_aid_healing(Seconds t0) {
  const Aftercare& a = cfg_.aftercare;
  int skill = 0;
  Seconds at = kNever;
  if (a.first_aider) {
    skill = *a.first_aider->skill;
    at = std::max(t0, first_aider_at_);
  } else if (a.paramedics) {
    skill = *a.paramedics->skill;
    at = std::max(t0, paramedics_at_);
  } else if (a.self_aid && ch_.first_aid >= 0 && !unconscious_ && !down_) {
    skill = ch_.first_aid + kSelfAid + action_penalty(false, t0);
    at = t0;
  }
  if (at > cfg_.horizon) return;
  const int tests = opt_.first_aid_per_wound ? wounds_ : std::min(wounds_, 1);
  for (int i = 0; i < tests && hp_ < ch_.max_hp; ++i) {
    Stream s = open(rng_, streams::first_aid_test(static_cast<uint64_t>(i)));
    const TestResult r = roll_test(s, skill);
    const int gain = std::min(r.levels, ch_.max_hp - hp_);
    counters_[kFirstAidHp] += static_cast<uint32_t>(gain);
    set_hp(hp_ + gain, at);
    note(log_, at,
         [&] { return "first aid: " + test_text(r, skill) + ", HP " + std::to_string(hp_); });
  }
}

// HP back to full: when, kNever if not by the horizon, -1 if the character died on the way.
Seconds Trial::hp_recovery(Seconds t0, Seconds until) {
  if (hp_ >= ch_.max_hp) return hp_full_at_;
  const Rate& r = cr_.hp;
  if (r.rule == Rate::Rule::Formula) {
    const int g = r.amount(ch_.con, ch_.will, ch_.channelling);
    if (g <= 0) return kNever;  // README interpretation 22: a rate of 0 restores nothing
    const Seconds full = t0 + ceil_div(ch_.max_hp - hp_, g) * r.per;
    if (full > until && until >= t0 && until < cfg_.horizon) {  // the downtime's end first
      const int64_t ticks = (until - t0) / r.per;
      set_hp(static_cast<int>(std::min<int64_t>(ch_.max_hp, hp_ + ticks * g)), t0 + ticks * r.per);
      return kNever;
    }
    if (hp_ < 0) set_hp(0, std::min(full, t0 + ceil_div(-hp_, g) * r.per));
    return full;
  }
  if (r.rule != Rate::Rule::Medical) return kNever;  // "/", or a power 000 does not give
  // 000: under medical care, Con HP a day to 0 or more, then 2 a day; without, a survival test
  // a day below 0. README: the author's house rule makes rest count as medical care.
  const bool care = cfg_.medical_care || opt_.house_rule;
  // Care from the hospital starts when it is reached; self-care (house rule) at once.
  Seconds start = t0;
  if (care && !opt_.house_rule && cfg_.aftercare.hospital) start = std::max(t0, hospital_at_);
  if (care && hp_ < 0 && ch_.con == 0) {
    // Con 0 a day never reaches 0 (interpretation 22): every day to the horizon begins below.
    if (start + kDay <= until) days_below_zero_ += static_cast<int>((until - start) / kDay);
    return kNever;
  }
  for (int64_t d = 1;; ++d) {
    const Seconds td = start + d * kDay;
    if (td > until) return kNever;
    if (hp_ < 0) ++days_below_zero_;
    int hp = hp_;
    if (care || hp >= 0) {
      hp = cared_day(hp, ch_.con);  // README interpretation 11: at 0 or more, as with care
    } else {
      Stream s = open(rng_, streams::recovery_day(static_cast<uint64_t>(d)));
      ++counters_[kSurvivalTests];
      const int th = threshold();
      const UntreatedDay u =
          untreated_day(s, hp, survival_base(td), ch_.con, has_threshold() ? &th : nullptr,
                        opt_.untreated_failure_kills);
      note(log_, td, [&] { return "daily survival test: " + test_text(u.test, u.base); });
      hp = u.hp;
      if (u.kills) {
        set_hp(hp, td);
        die(td, kDiedRecovery);
        return -1;
      }
    }
    set_hp(std::min(hp, ch_.max_hp), td);
    if (hp_ >= ch_.max_hp) return td;
  }
}

// First aid, then HP, endurance and essence each back by its own rule. The character who fell
// is back on their feet when HP are full (and endurance too, after an endurance knock-out);
// the trial ends recovered when all three are full (README, "cannot act" and "full health").
void Trial::recover(Seconds t0) {
  first_aid_healing(t0);
  // With a downtime, one who can act (never fell, or on its feet again) leaves at its end with
  // the HP it has by then (interpretation 27); one in bed plays on to the horizon, to be up.
  const bool can_act = !out_.out();
  const Seconds until =
      leave_by_ > 0 && can_act ? std::min(cfg_.horizon, std::max(leave_by_, t0)) : cfg_.horizon;
  const Seconds hp_full = hp_recovery(t0, until);
  if (hp_full < 0) return;  // died
  const Seconds endurance_full = endurance_tracked_ ? endurance_.full_at() : 0;
  const Seconds essence_full = essence_tracked_ ? essence_.full_at() : 0;
  if (out_.out()) {
    Seconds up = std::max(t0, hp_full);
    if (endurance_out_) up = std::max(up, endurance_full);
    if (up <= cfg_.horizon) {
      out_.can_act(up);
      note(log_, up, [] { return std::string("back on their feet"); });
    }
  }
  const Seconds full = std::max({hp_full, endurance_full, essence_full});
  if (leave_by_ > 0) {
    // Not whole by the downtime's end: it goes on once it can act, if by the horizon and
    // before it is whole (whole first, the adventure ends whole).
    Seconds go = std::max(leave_by_, t0);
    if (!can_act) go = std::max(go, endurance_out_ ? std::max(hp_full, endurance_full) : hp_full);
    if (go < full && go <= cfg_.horizon) {
      left_at_ = go;
      note(log_, go, [&] {
        return "the downtime is over: goes on to the next adventure at HP " + std::to_string(hp_) +
               "/" + std::to_string(ch_.max_hp) +
               (endurance_tracked_ ? ", endurance " + std::to_string(endurance_.at(go)) + "/" +
                                         std::to_string(ch_.endurance)
                                   : std::string()) +
               (essence_tracked_ ? ", essence " + std::to_string(essence_.at(go)) + "/" +
                                       std::to_string(ch_.essence)
                                 : std::string());
      });
      finish(kStillInjured, go);
      return;
    }
  }
  if (full > cfg_.horizon) {
    finish(kStillInjured, cfg_.horizon);
    return;
  }
  note(log_, full, [] { return std::string("fully recovered"); });
  finish(kRecovered, full);
}

// The single character's fight on the driver (rules/common/solo_fight.h), in 5-second turns:
// each creature's turn is one blow for the driver (its attacks, then the tests after its hits),
// so keep_attacking_downed is asked once a turn at a character out of the fight; a round's
// marker on the timeline keeps its place among the minute's survival tests, and the end of a
// round comes with the next one's start, as one event.
class SoloRules : public fight::Solo<SoloRules> {
 public:
  SoloRules(Trial& t) : Solo(t.m_.actors().size(), true), t_(&t) {}

  Seconds round_seconds() const { return kTurn; }
  bool character_down() const { return t_->out_of_fight_; }
  bool character_dead() const { return t_->dead_ || t_->finished_ || stopped_; }
  int character_hp() const { return t_->hp_; }
  bool takes_turn(size_t actor, int round, Stream&) const {
    return t_->creature_takes_turn(actor, round);
  }
  bool blow(size_t actor, int, Stream& s, Seconds t) const {
    t_->creature_turn(actor, round_, t, s);
    return true;
  }
  double keep_attacking_downed(size_t actor) const {
    return t_->cfg_.attackers[static_cast<size_t>(t_->m_.actors()[actor].attacker)]
        .base.keep_attacking_downed;
  }
  void round_start(int round, Seconds t, EventLog*) const {
    round_ = round;
    if (!t_->advance_to_round()) {
      stopped_ = true;
      return;
    }
    if (round > 1) t_->round_end(round - 1, t);
  }
  void round_end(int round, Seconds t, EventLog*) const {
    if (t_->dead_) return;
    if (round < t_->rounds_)
      t_->timeline_.schedule(t + kTurn, Ev::Round, 0, round + 1);
    else
      t_->timeline_.schedule(t + kTurn, Ev::FightEnds, 0, round);
  }

 private:
  Trial* t_;
  mutable int round_ = 0;
  mutable bool stopped_ = false;
};

Outcome Trial::run() {
  if (carried_in_)
    note(log_, 0, [&] {
      return "carried from the adventure before: HP " + std::to_string(hp_) + "/" +
             std::to_string(ch_.max_hp) +
             (endurance_tracked_ ? ", endurance " + std::to_string(endurance_.at(0)) + "/" +
                                       std::to_string(ch_.endurance)
                                 : std::string()) +
             (essence_tracked_ ? ", essence " + std::to_string(essence_.at(0)) + "/" +
                                     std::to_string(ch_.essence)
                               : std::string());
    });
  draw_arrivals();  // before the fight: a death in it may be resuscitated
  start_fight();
  // The rounds whose start comes by the horizon (an event at the horizon still happens).
  const int rounds =
      static_cast<int>(std::min<Seconds>(rounds_, cfg_.horizon < 0 ? 0 : cfg_.horizon / kTurn + 1));
  if (rounds > 0) fight::play_solo(SoloRules(*this), rounds, rng_, log_);
  if (!finished_ && !clinical_) play();
  if (finished_) return outcome();
  if (clinical_) {
    if (!resuscitate()) return outcome();
  } else if (in_fight_ || dying_) {  // the horizon came first
    finish(dying_ ? kStillDying : kStillInjured, cfg_.horizon);
    return outcome();
  }
  recover(std::max(fight_end_, stable_at_));
  return outcome();
}

Outcome Trial::outcome() const {
  Outcome o;
  o.end = end_;
  o.end_time = end_time_;
  o.counters = counters_;
  const EndKind kind = m_.info().metrics->ends[end_].kind;
  if (kind == EndKind::Recovered) o.measure(kDowntime, end_time_);
  out_.measure(o, kOutOfAction, kind != EndKind::Died);
  if (kind == EndKind::Died) o.measure(kTimeToDeath, end_time_);
  if (ever_neg_ || ch_.hp < 0) o.measure(kTimeBelowZero, time_neg_);
  if (dying_since_ >= 0)
    o.measure(kTimeDying, (dying_until_ >= 0 ? dying_until_ : end_time_) - dying_since_);
  if (kind != EndKind::Died) {
    if (resuscitated_) o.add_sequela(kResuscitatedSequela);
    if (days_below_zero_ > 0) o.add_sequela(kDaysBelowZero, days_below_zero_);
    if (levels_lost_ > 0)
      o.add_sequela(kMentalLevelLost, levels_lost_, static_cast<uint16_t>(levels_lost_));
    if (flaws_ > 0) o.add_sequela(kMentalFlaw, flaws_, static_cast<uint16_t>(flaws_));
  }
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
                                 carried.after_death);
  Trial t(*this, ctx, carried);
  const Outcome o = t.run();
  t.carry(carried);
  return o;
}

}  // namespace leth::unisystem
