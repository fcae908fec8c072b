#include "rules/harmonies/model.h"

#include <algorithm>
#include <array>

#include "rules/common/solo_fight.h"
#include "rules/harmonies/rest.h"
#include "rules/harmonies/roll.h"
#include "sim/core/out_of_action.h"
#include "sim/core/substreams.h"

namespace leth::harmonies {

const RulesetInfo& Model::info() {
  static const MetricSpec metrics = metric_spec({.ends = metric::kEndTable,
                                                 .counters = metric::kCounterTable,
                                                 .durations = metric::kDurationTable,
                                                 .sequelae = metric::kSequelaTable});
  static const RulesetInfo r{"harmonies",
                             "Les Harmonies: wound levels, instability and therapeutic rest",
                             "001_97a8fa825a08e59d.txt",
                             &option_specs(),
                             &metrics,
                             &scenario_template,
                             &party_template};
  return r;
}

Model::Model(Config config)
    : config_(std::move(config)), wounds_(&wound_table()), mental_(&mental_table()) {
  for (size_t a = 0; a < config_.encounter.attacks.size(); ++a)
    for (int n = 1; n <= config_.encounter.attacks[a].count; ++n)
      actors_.push_back({static_cast<int>(a), n});
}

Model::Model(PartyConfig party)
    : wounds_(&wound_table()),
      mental_(&mental_table()),
      party_(std::make_shared<const Party>(std::move(party))) {}

Model Model::build(const Scenario& s, size_t v) {
  Reader r = s.section_reader(v);
  if (!r.get_tables("party").empty()) return Model(read_party(s, v));
  return Model(read_config(s, v));
}

namespace {

using metric::End;

constexpr const char* kMentalName[kLevels] = {"shock", "trauma", "psychosis"};
// 001: "pour chaque 5 points de douleur" one fainting roll; 10 or more in one blow: one roll.
constexpr int kPainPerFaintRoll = 5;
constexpr int kOneRollFrom = 10;

enum class Ev : uint16_t {
  RoundStart,  // arg: the round; where the driver's round comes among the clocks' events
  FightEnds,
  Check,         // the survival roll of the one clock (unstable or stable period)
  FirstAid,      // a first-aid attempt ends
  Wake,          // a fainted character comes to
  Surveillance,  // a surveillance during rest is due
  Heal,          // the next healing roll is due
  PainTick,      // one pain point recovers
  MentalHeal,    // option mental_healing = "rest": a mental wound drops a level
};

class Trial {
 public:
  Trial(const Model& m, TrialContext& ctx, const Model::Carried& carried)
      : m_(m),
        cfg_(m.config()),
        opt_(cfg_.options),
        ch_(cfg_.character),
        table_(m.wounds()),
        mtable_(m.mental()),
        rng_(ctx.rng),
        log_(ctx.log),
        timeline_(ctx.timeline) {
    // Held at the adventure's start; their rest (mental_healing = "rest") begins anew.
    for (int l = 0; l < kLevels; ++l)
      for (int k = 0; k < carried.mental[static_cast<size_t>(l)]; ++k) {
        mental_.add(l, 0);
        mental_.w[mental_.n - 1].carried = true;
      }
    // Physical wounds it went on with (campaign.downtime): stable, resting since before the
    // adventure began; its pain and its missed-care penalty with them (interpretation 18).
    phys_ = carried.wounds;
    carried_wounds_ = carried.wounds.n;
    if (carried_wounds_ > 0) {
      pain_ = pain_received_ = carried.pain;
      neglect_penalty_ = carried.neglect;
    }
    leave_by_ = carried.leave_by;
  }

  Outcome run();
  // What the character carries into the next adventure: every mental wound it holds.
  // With campaign.downtime, when it went on still wounded: those wounds, their rest on the next
  // adventure's clock, its pain and missed-care penalty.
  void carry(Model::Carried& carried) const {
    for (int l = 0; l < kLevels; ++l) carried.mental[static_cast<size_t>(l)] = mental_.count(l);
    carried.went_on = left_at_ >= 0;
    carried.wounds = WoundList{};
    carried.pain = carried.neglect = 0;
    if (left_at_ < 0) return;
    carried.wounds = phys_;
    for (size_t i = 0; i < phys_.n; ++i)
      if (phys_.w[i].since != kNotResting) carried.wounds.w[i].since = phys_.w[i].since - left_at_;
    carried.pain = pain_;
    carried.neglect = neglect_penalty_;
  }

 private:
  // --- state
  bool over() const { return dead_ || lost_; }
  int mortality() const {
    int s = 0;
    for (size_t i = 0; i < phys_.n; ++i) s += table_[phys_.w[i].level].mortality;
    return s;
  }
  int madness() const {
    int s = 0;
    for (size_t i = 0; i < mental_.n; ++i) s += mtable_[mental_.w[i].level].madness;
    return s;
  }
  // seeds/README: pain is a penalty on every test; option pain_per_penalty.
  int pain_penalty() const { return -(pain_ / opt_.pain_per_penalty); }
  int mental_penalty() const {
    int s = 0;
    for (size_t i = 0; i < mental_.n; ++i) s += mtable_[mental_.w[i].level].penalty;
    return s;
  }
  // 001: first aid against the sum of every wound's difficulty.
  int first_aid_difficulty() const {
    int d = 0;
    for (size_t i = 0; i < phys_.n; ++i) d += table_[phys_.w[i].level].difficulty;
    return d;
  }
  bool helpers_here(Seconds t) const { return help_at_ >= 0 && help_at_ <= t; }
  // README "cannot act": fainted, or in the minimum therapeutic rest (001 "Lorsqu'un
  // personnage est blessé, il doit avant tout se reposer. La période de repos minimale ...
  // Durant cette période, la victime devra se reposer"), which begins at the first
  // stabilisation and lasts until the worst wound has rested its healing period.
  // Wounds carried in (campaign.downtime) have rested before: their rest goes on.
  bool resting(Seconds t) const {
    return (first_stable_ >= 0 || carried_wounds_ > 0) && phys_.n > 0 &&
           t < minimum_rest_end(phys_, table_, restart_rest_);
  }
  bool cannot_act(Seconds t) const { return !conscious_ || resting(t); }

  // --- rolls
  // A test of the character: roll + level + difficulty, with the pain penalty when
  // `with_pain`, and the mental wounds' penalty when their trigger is present.
  TestResult character_test(Stream& s, int level, int difficulty, bool with_pain,
                            std::string* text);
  TestResult helper_test(Stream& s, int modifiers) {
    return resolve_test(roll_pm_d10(s, opt_.open_rolls), modifiers, opt_.strict_success);
  }

  // --- the rules
  friend class SoloRules;
  bool creature_takes_turn(size_t actor_index, int round) const;
  void creature_blow(size_t actor_index, Stream& s, Seconds t);
  bool advance_to_round();
  void play_event(const Timeline::Event& ev);
  void sudden_effort(int round, Seconds t);
  void fight_ends(Seconds t);
  void receive(int level, Seconds t, const std::string& from);
  void receive_mental(int level, Seconds t, const std::string& from);
  void worsen(size_t i, Seconds t, const char* why);
  void receive_pain(int pain, Seconds t);
  void faint(Seconds t);
  void wake(Seconds t);
  void survival_check(Seconds t);
  void become_unstable(Seconds t, int treated);
  void stabilise(Seconds t);
  void first_aid(Seconds t);
  void surveillance(Seconds t);
  void heal(Seconds t);
  void pain_tick(Seconds t);
  void mental_heal(Seconds t);
  template <typename Why>
  void die(Seconds t, End how, Why&& why);
  void dispatch(const Timeline::Event& ev);
  Outcome outcome() const;

  // --- planning: each keeps at most one pending event of its kind
  void plan_check(Seconds t);
  void bring_check_forward(Seconds t);
  Seconds period() const {
    const WoundLevel& w = table_[static_cast<size_t>(phys_.worst_level())];
    return unstable_ ? w.unstable : w.stable;
  }
  void plan_first_aid(Seconds t);
  void plan_rest(Seconds t);  // surveillance, healing, pain while stable
  void plan_surveillance(Seconds from);
  void plan_heal(Seconds t);
  void plan_pain(Seconds t);
  void plan_mental_heal(Seconds t);
  void track_out_of_action(Seconds t);
  void settle_rest(Seconds until);
  void wounds_changed(Seconds t);
  // campaign.downtime: the moment from `now` on, and by `until`, at which the character leaves
  // still wounded for the next adventure; -1 if not by then.
  Seconds leave_time(Seconds now, Seconds until) const;

  const Model& m_;
  const Config& cfg_;
  const Options& opt_;
  const Character& ch_;
  const WoundTable& table_;
  const MentalTable& mtable_;
  TrialRng& rng_;
  EventLog* log_;
  Timeline& timeline_;

  WoundList phys_;
  WoundList mental_;
  int pain_ = 0;
  int pain_received_ = 0;  // every pain point received, for the fainting rolls
  bool conscious_ = true;
  bool unstable_ = false;
  int treated_ = -1;       // after a failed healing roll: the wound that worsens until stable
  Seconds anchor_ = 0;     // the one clock: the last survival roll or change of state
  Seconds check_at_ = -1;  // the pending survival roll; -1: none
  Seconds rest_start_ = -1;
  bool restart_rest_ = false;  // the next stabilisation restarts every wound's rest
  int neglect_penalty_ = 0;    // 001: -1 cumulative per missed surveillance
  bool in_combat_ = false;
  int rounds_ = 0;
  bool dead_ = false;
  bool lost_ = false;
  End end_ = metric::kRecovered;
  Seconds end_time_ = 0;
  Seconds last_healed_ = 0;  // when the last physical wound went
  Seconds first_wound_ = -1;
  Seconds first_stable_ = -1;
  Seconds unstable_since_ = 0;
  Seconds time_unstable_ = 0;
  OutOfAction out_;
  Seconds help_at_ = -1;
  size_t carried_wounds_ = 0;  // physical wounds carried in (Model::Carried), the first ones
  Seconds leave_by_ = 0;       // Model::Carried::leave_by
  Seconds left_at_ = -1;       // when it left still wounded; -1: it did not
  uint64_t checks_ = 0, care_ = 0, faint_rolls_ = 0, surveillances_ = 0, wakes_ = 0;
  std::array<uint32_t, 16> count_{};
};

// ---------------------------------------------------------------- rolls

TestResult Trial::character_test(Stream& s, int level, int difficulty, bool with_pain,
                                 std::string* text) {
  const int roll = roll_pm_d10(s, opt_.open_rolls);
  int mods = level + difficulty;
  std::string m;  // the modifiers' text, for the log only
  if (text) {
    m = mod_text(level);
    m += mod_text(difficulty);
  }
  if (with_pain && pain_penalty() != 0) {
    mods += pain_penalty();
    if (text) m += mod_text(pain_penalty()) + " (pain)";
  }
  // 001 "Les blessures mentales": the penalty may apply only when a trigger is present.
  if (mental_.n > 0) {
    const bool triggered = ch_.trigger_share >= 1.0 || s.chance(ch_.trigger_share);
    if (triggered) {
      mods += mental_penalty();
      if (text) m += mod_text(mental_penalty()) + " (mental)";
    }
  }
  const TestResult r = resolve_test(roll, mods, opt_.strict_success);
  if (text) *text = test_text(r, m);
  return r;
}

// ---------------------------------------------------------------- the fight

// The clocks' events that come before a round of the fight (the survival rolls, first aid, a
// fainted character coming to), up to the round's marker: the order of one timeline. False
// when one of them ended the fight (a death, the duel's faint).
bool Trial::advance_to_round() {
  while (!over() && in_combat_ && !timeline_.empty()) {
    const Timeline::Event ev = timeline_.pop();
    if (static_cast<Ev>(ev.kind) == Ev::RoundStart) {
      settle_rest(ev.time);
      return true;
    }
    play_event(ev);
  }
  return false;
}

void Trial::play_event(const Timeline::Event& ev) {
  settle_rest(ev.time);
  dispatch(ev);
  track_out_of_action(ev.time);
}

bool Trial::creature_takes_turn(size_t actor_index, int round) const {
  const Attack& a = cfg_.encounter.attacks[static_cast<size_t>(m_.actors()[actor_index].attack)];
  return round >= a.first_round && round <= a.last_round;
}

// One creature's blow, from its turn's stream: whether it hits, and the wound. The driver asks
// keep_attacking_downed first when the character has fainted.
void Trial::creature_blow(size_t actor_index, Stream& s, Seconds t) {
  const Model::Actor& actor = m_.actors()[actor_index];
  const Attack& a = cfg_.encounter.attacks[static_cast<size_t>(actor.attack)];
  std::string who;  // for the log only: a trial without one allocates nothing
  if (log_) who = a.count > 1 ? a.name + " " + std::to_string(actor.number) : a.name;
  if (!conscious_) note(log_, t, [&] { return who + " strikes the fainted character"; });
  if (!s.chance(a.hit_chance)) {
    note(log_, t, [&] { return who + " misses"; });
    return;
  }
  // The wound of a hit (README, interpretation 1): a drawn level, or a damage margin against
  // the thresholds.
  int level = -1;
  std::string how;
  if (a.chances) {
    const double u = s.uniform();
    for (int l = 0; l < kLevels && level < 0; ++l)
      if (u < (*a.chances)[static_cast<size_t>(l)]) level = l;
  } else {
    const int64_t margin = a.damage.roll(s);
    level = margin >= a.critical_at ? kCritical
            : margin >= a.grave_at  ? kGrave
            : margin >= 1           ? kLight
                                    : -1;
    if (log_) how = " (margin " + std::to_string(margin) + ")";
  }
  if (level < 0) {
    note(log_, t, [&] { return who + " hits without wounding" + how; });
    return;
  }
  if (a.track == Track::Mental) {
    // 001: mental damage is rolled against the will (Intuition + Résistance).
    std::string text;
    const TestResult r =
        character_test(s, ch_.will, a.will_difficulty, true, log_ ? &text : nullptr);
    note(log_, t, [&] { return who + " strikes the mind" + how + "; will: " + text; });
    if (!r.success) receive_mental(level, t, who);
    return;
  }
  receive(level, t, who + how);
}

// 001: "une activité physique brusque pourra entraîner une aggravation de la blessure, que
// celle-ci soit stabilisée ou non" — a chance per round fought with a grave or critical wound.
void Trial::sudden_effort(int round, Seconds t) {
  if (cfg_.encounter.effort_worsening <= 0 || !conscious_) return;
  if (phys_.count(kGrave) + phys_.count(kCritical) == 0) return;
  Stream s = open(rng_, streams::sudden_effort(round));
  if (!s.chance(cfg_.encounter.effort_worsening)) return;
  worsen(phys_.worst(), t, "sudden effort");
}

void Trial::fight_ends(Seconds t) {
  in_combat_ = false;
  note(log_, t, [] { return std::string("the fight ends"); });
  plan_first_aid(t);
}

// ---------------------------------------------------------------- wounds

template <typename Why>
void Trial::die(Seconds t, End how, Why&& why) {
  dead_ = true;
  end_ = how;
  end_time_ = t;
  note(log_, t, [&] { return "dies: " + why(); });
}

// 001 "Les blessures": a wound arriving at a full level escalates one level, again if that one
// is full; a critical wound beyond the cap is fatal. Pain is that of the level it arrives at
// (README, interpretation 4); the new wound is unstable.
void Trial::receive(int level, Seconds t, const std::string& from) {
  const int l = open_level(phys_, level, ch_.caps);
  count_[metric::kEscalations] += static_cast<uint32_t>(l - level);
  ++count_[metric::kWounds];
  if (first_wound_ < 0) first_wound_ = t;
  if (l >= kLevels) {
    die(t, metric::kDiedBlow, [&] {
      return std::string("a ") + kLevelName[level] + " wound from " + from +
             " arrives beyond the critical cap";
    });
    return;
  }
  phys_.add(l, kNotResting);
  note(log_, t, [&] {
    std::string s = std::string("a ") + kLevelName[level] + " wound from " + from;
    if (l != level) s += std::string(", escalated to ") + kLevelName[l] + " (level full)";
    return s + ": +" + std::to_string(table_[static_cast<size_t>(l)].pain) + " pain, mortality " +
           std::to_string(mortality());
  });
  // 001 "Stabilité": "Lorsqu'une blessure survient, son état est automatiquement instable."
  if (!unstable_)
    become_unstable(t, -1);
  else
    bring_check_forward(t);
  receive_pain(table_[static_cast<size_t>(l)].pain, t);
}

// 001: a failed roll while unstable replaces the wound with one a level higher: pain as for a
// new wound, mortality replaced by the new level's. A critical wound worsening kills
// (interpretation 5); worsening into a full level escalates on (interpretation 6).
void Trial::worsen(size_t i, Seconds t, const char* why) {
  const int from = phys_.w[i].level;
  ++count_[metric::kWorsenings];
  if (from == kCritical) {
    die(t, metric::kDiedWorsening,
        [&] { return std::string("the critical wound worsens (") + why + ")"; });
    return;
  }
  const int mort_before = mortality();
  const int l = open_level(phys_, from + 1, ch_.caps);
  count_[metric::kEscalations] += static_cast<uint32_t>(l - from - 1);
  if (l >= kLevels) {
    die(t, metric::kDiedWorsening, [&] {
      return std::string("the ") + kLevelName[from] + " wound worsens (" + why +
             ") beyond the critical cap";
    });
    return;
  }
  phys_.w[i] = {static_cast<uint8_t>(l), kNotResting};  // replaced by a worse wound
  const int pain = table_[static_cast<size_t>(l)].pain;
  note(log_, t, [&] {
    return std::string("the ") + kLevelName[from] + " wound worsens to " + kLevelName[l] + " (" +
           why + "): +" + std::to_string(pain) + " pain, +" +
           std::to_string(mortality() - mort_before) + " mortality (" +
           std::to_string(mortality()) + ")";
  });
  bring_check_forward(t);
  receive_pain(pain, t);
}

void Trial::receive_mental(int level, Seconds t, const std::string& from) {
  const int l = open_level(mental_, level, ch_.mental_caps);
  count_[metric::kMentalEscalations] += static_cast<uint32_t>(l - level);
  ++count_[metric::kMentalWounds];
  if (l >= kLevels) {
    lost_ = true;
    end_ = metric::kLostMadness;
    end_time_ = t;
    note(log_, t, [&] {
      return std::string("a ") + kMentalName[level] + " from " + from +
             " beyond the psychosis cap: the character is lost to madness";
    });
    return;
  }
  mental_.add(l, t);
  note(log_, t, [&] {
    std::string s = std::string("a ") + kMentalName[level] + " from " + from;
    if (l != level) s += std::string(", escalated to ") + kMentalName[l];
    return s + ": " + std::to_string(mtable_[static_cast<size_t>(l)].penalty) +
           " on tests, madness " + std::to_string(madness());
  });
  // 001: "Le gain de points de douleur est le même sur le coup".
  receive_pain(table_[static_cast<size_t>(l)].pain, t);
  plan_mental_heal(t);
}

// seeds/README: a fainting roll (Rs+It, with the pain penalty) for every 5 pain points
// received; 10 or more in one blow, a single roll with the final penalty.
void Trial::receive_pain(int pain, Seconds t) {
  pain_ += pain;
  const int rolls = pain >= kOneRollFrom ? 1
                                         : (pain_received_ + pain) / kPainPerFaintRoll -
                                               pain_received_ / kPainPerFaintRoll;
  pain_received_ += pain;
  for (int k = 0; k < rolls && conscious_; ++k) {
    Stream s = open(rng_, streams::fainting_roll(++faint_rolls_));
    std::string text;
    const TestResult r = character_test(s, ch_.fainting, 0, true, log_ ? &text : nullptr);
    note(log_, t, [&] { return "pain " + std::to_string(pain_) + ", fainting roll: " + text; });
    if (!r.success) faint(t);
  }
}

void Trial::faint(Seconds t) {
  conscious_ = false;
  ++count_[metric::kFaints];
  Stream s = open(rng_, streams::wake(++wakes_));
  const Seconds out = ch_.faint_duration.sample(s);
  note(log_, t, [&] { return "faints for " + clock_text(out); });
  timeline_.schedule(t + out, Ev::Wake);
  // encounter.stop_when_fainted: the fight is over when the character falls (a duel).
  if (in_combat_ && cfg_.encounter.stop_when_fainted) {
    timeline_.cancel_kind(Ev::RoundStart);
    timeline_.cancel_kind(Ev::FightEnds);
    fight_ends(t);
  }
}

void Trial::wake(Seconds t) {
  conscious_ = true;
  note(log_, t, [] { return std::string("comes to"); });
  plan_first_aid(t);
}

// ---------------------------------------------------------------- instability

// One clock, set by the worst wound (001): while unstable a survival roll after every
// unstable period, while stable after every stable period, from the last roll or change.
void Trial::plan_check(Seconds t) {
  timeline_.cancel_kind(Ev::Check);
  check_at_ = -1;
  if (phys_.n == 0) return;
  check_at_ = std::max(t, anchor_ + period());
  timeline_.schedule(check_at_, Ev::Check);
}

// A wound arrived or worsened between two rolls: the worst wound's period from now, unless
// the roll already due comes sooner (interpretation 3).
void Trial::bring_check_forward(Seconds t) {
  if (check_at_ >= 0 && check_at_ <= t + period()) return;
  anchor_ = t;
  plan_check(t);
}

// 001: "un jet de survie (Cp+Rs à 0 plus le malus de douleur)"; the missed surveillances' -1
// each. Unstable: failure worsens the worst wound (the treated one after a failed healing
// roll). Stable: failure makes the state unstable again.
void Trial::survival_check(Seconds t) {
  // Nothing else can happen and the roll cannot fail (closed rolls, every penalty counted):
  // the state holds to the horizon, so the rolls that would keep it are not played one by one.
  if (timeline_.empty() &&
      certain(opt_, ch_.survival - neglect_penalty_ + pain_penalty() + mental_penalty())) {
    note(log_, t, [] {
      return std::string(
          "no survival roll can fail and nothing else can happen: the state "
          "holds to the horizon");
    });
    return;
  }
  Stream s = open(rng_, streams::dying_check(++checks_));
  std::string text;
  const TestResult r =
      character_test(s, ch_.survival, -neglect_penalty_, true, log_ ? &text : nullptr);
  note(log_, t, [&] {
    return std::string(unstable_ ? "survival roll (unstable): " : "survival roll (stable): ") +
           text;
  });
  anchor_ = t;
  if (r.success) {
    plan_check(t);
    return;
  }
  if (!unstable_) {
    // README, interpretation 11: option failed_stable_roll.
    if (opt_.restart_rest_on_stable_failure) restart_rest_ = true;
    become_unstable(t, -1);
    return;
  }
  const size_t i = treated_ >= 0 ? static_cast<size_t>(treated_) : phys_.worst();
  worsen(i, t,
         treated_ >= 0 ? "the treated wound, after the failed healing" : "failed survival roll");
}

void Trial::become_unstable(Seconds t, int treated) {
  unstable_ = true;
  treated_ = treated;
  anchor_ = t;
  unstable_since_ = t;
  rest_start_ = -1;
  note(log_, t, [&] {
    return treated >= 0 ? std::string(
                              "unstable: the treated wound worsens if a survival roll fails "
                              "before it is stable again")
                        : std::string("unstable");
  });
  timeline_.cancel_kind(Ev::Surveillance);
  timeline_.cancel_kind(Ev::Heal);
  timeline_.cancel_kind(Ev::PainTick);
  plan_check(t);
  plan_first_aid(t);
}

// 001: a successful first-aid roll stabilises every wound; rest (and the healing periods)
// start from here.
void Trial::stabilise(Seconds t) {
  unstable_ = false;
  treated_ = -1;
  anchor_ = t;
  time_unstable_ += t - unstable_since_;
  if (first_stable_ < 0) first_stable_ = t;
  ++count_[metric::kStabilisations];
  rest_start_ = t;
  rest_from(phys_, t, restart_rest_);
  restart_rest_ = false;
  note(log_, t, [] { return std::string("stable: therapeutic rest begins"); });
  timeline_.cancel_kind(Ev::FirstAid);
  plan_check(t);
  plan_rest(t);
}

// The first-aid attempt that ends at t + attempt_time: the helpers once they are there, else
// the character if conscious (self-help, with the pain penalty).
// Nobody tries an attempt that cannot succeed (closed rolls: +9 at best), so a hopeless case
// does not schedule an attempt every `attempt_time` until the horizon.
void Trial::plan_first_aid(Seconds t) {
  if (!unstable_ || in_combat_ || over() || timeline_.has_kind(Ev::FirstAid)) return;
  const Aftercare& a = cfg_.aftercare;
  const int difficulty = first_aid_difficulty();
  const bool helpers =
      a.present && a.first_aid.has_value() && possible(opt_, *a.first_aid + difficulty);
  const bool self = ch_.self_help && possible(opt_, ch_.first_aid + difficulty + pain_penalty());
  Seconds start = -1;
  if (helpers && helpers_here(t))
    start = t;
  else if (self && conscious_)
    start = t;
  else if (helpers && help_at_ > t)
    start = help_at_;
  if (start < 0) return;  // an unconscious character alone: waking plans again
  timeline_.schedule(start + a.attempt_time, Ev::FirstAid);
}

// 001: first aid against the sum of every wound's difficulty (Géraldine: -1 -1 -3 = -5).
void Trial::first_aid(Seconds t) {
  if (!unstable_) return;
  const Aftercare& a = cfg_.aftercare;
  const int difficulty = first_aid_difficulty();
  const bool helpers = a.present && a.first_aid && helpers_here(t - a.attempt_time) &&
                       possible(opt_, *a.first_aid + difficulty);
  bool done = false;
  if (helpers) {
    for (int h = 0; h < a.helpers && !done; ++h) {
      Stream s = open(rng_, streams::care_action(++care_));
      ++count_[metric::kFirstAidRolls];
      const TestResult r = helper_test(s, *a.first_aid + difficulty);
      note(log_, t, [&] {
        return "first aid at " + signed_text(difficulty) + ": " +
               test_text(r, mod_text(*a.first_aid) + mod_text(difficulty));
      });
      done = r.success;
    }
  } else if (ch_.self_help && conscious_ &&
             possible(opt_, ch_.first_aid + difficulty + pain_penalty())) {
    Stream s = open(rng_, streams::care_action(++care_));
    ++count_[metric::kFirstAidRolls];
    std::string text;
    const TestResult r = character_test(s, ch_.first_aid, difficulty, true, log_ ? &text : nullptr);
    note(log_, t,
         [&] { return "first aid on oneself at " + signed_text(difficulty) + ": " + text; });
    done = r.success;
  }
  if (done)
    stabilise(t);
  else
    plan_first_aid(t);
}

// ---------------------------------------------------------------- rest and healing

void Trial::plan_rest(Seconds t) {
  if (unstable_ || phys_.n == 0) return;
  timeline_.cancel_kind(Ev::Surveillance);
  plan_surveillance(t);
  plan_heal(t);
  plan_pain(t);
}

// 001 "Repos thérapeutique": care at the worst wound's surveillance period; only a chance of
// missing one makes it matter. Option surveillance: until no wound is left, or only during
// the minimum rest ("Durant cette période").
void Trial::plan_surveillance(Seconds from) {
  if (cfg_.aftercare.neglect <= 0 || unstable_) return;
  const Seconds at = surveillance_at(phys_, table_, from, restart_rest_, opt_);
  if (at >= 0) timeline_.schedule(at, Ev::Surveillance);
}

// 001: a missed surveillance forces a survival roll (failure: unstable, rest starts over) and
// in any case -1 cumulative on later survival and healing rolls until healed.
void Trial::surveillance(Seconds t) {
  Stream s = open(rng_, streams::surveillance(++surveillances_));
  if (s.chance(cfg_.aftercare.neglect)) {
    ++count_[metric::kMissedSurveillance];
    std::string text;
    const TestResult r =
        character_test(s, ch_.survival, -neglect_penalty_, true, log_ ? &text : nullptr);
    ++neglect_penalty_;
    note(log_, t, [&] {
      return "surveillance missed: survival roll " + text + "; later rolls " +
             signed_text(-neglect_penalty_);
    });
    if (!r.success) {
      restart_rest_ = true;  // 001: "La période de repos doit alors être reprise du départ"
      become_unstable(t, -1);
      return;
    }
  }
  plan_surveillance(t);
}

// 001 "Guérison": lightest wound first, once it has rested its healing period; needs a healer.
void Trial::plan_heal(Seconds t) {
  timeline_.cancel_kind(Ev::Heal);
  if (unstable_ || phys_.n == 0 || !cfg_.aftercare.present || !cfg_.aftercare.healer) return;
  timeline_.schedule(std::max({t, healing_ready(phys_, table_), help_at_}), Ev::Heal);
}

// 001: healer's level + the wound's difficulty + equipment + missed surveillances; success
// lowers the wound a level (a light one goes) and allows the next roll; failure: unstable,
// and until stable again the treated wound is the one that worsens.
void Trial::heal(Seconds t) {
  const Aftercare& a = cfg_.aftercare;
  while (!over() && phys_.n > 0) {
    const size_t i = ready_to_heal(phys_, table_, t);
    if (i == phys_.n) {
      plan_heal(t);
      return;
    }
    const int l = phys_.w[i].level;
    const WoundLevel& w = table_[static_cast<size_t>(l)];
    Stream s = open(rng_, streams::care_action(++care_));
    ++count_[metric::kHealingRolls];
    const TestResult r = helper_test(s, *a.healer + w.difficulty + a.equipment - neglect_penalty_);
    note(log_, t, [&] {
      std::string m = mod_text(*a.healer);
      m += mod_text(w.difficulty);
      m += mod_text(a.equipment);
      m += " (equipment)";
      m += mod_text(-neglect_penalty_);
      m += " (missed care)";
      return std::string("healing roll on a ") + kLevelName[l] + " wound: " + test_text(r, m);
    });
    if (!r.success) {
      ++count_[metric::kHealingFailures];
      healing_failed(phys_, i, opt_, restart_rest_);
      become_unstable(t, static_cast<int>(i));
      return;
    }
    const int before = mortality();
    healed(phys_, i, t, opt_);
    note(log_, t, [&] {
      return std::string("the ") + kLevelName[l] + " wound " +
             (l == kLight ? std::string("heals") : std::string("becomes ") + kLevelName[l - 1]) +
             ": mortality " + std::to_string(before) + " -> " + std::to_string(mortality());
    });
    wounds_changed(t);
  }
}

void Trial::wounds_changed(Seconds t) {
  if (phys_.n == 0) {
    last_healed_ = t;
    timeline_.cancel_kind(Ev::Check);
    check_at_ = -1;
    timeline_.cancel_kind(Ev::Surveillance);
    timeline_.cancel_kind(Ev::PainTick);
    return;
  }
  plan_check(t);
  if (!timeline_.has_kind(Ev::Surveillance)) plan_surveillance(t);
  plan_pain(t);
}

// seeds/README: pain recovers (rate: recovery.pain_recovery) but never below mortality; 001:
// nothing recovers while a wound is unstable.
void Trial::plan_pain(Seconds t) {
  if (unstable_ || pain_ <= mortality() || timeline_.has_kind(Ev::PainTick)) return;
  timeline_.schedule(t + cfg_.recovery.pain_every, Ev::PainTick);
}

void Trial::pain_tick(Seconds t) {
  if (unstable_) return;
  pain_ = std::max(mortality(), pain_ - 1);
  plan_pain(t);
}

// Option mental_healing = "rest": each mental wound, lightest first, drops a level after the
// wound table's healing period of its level (README, interpretation 13).
void Trial::plan_mental_heal(Seconds t) {
  if (opt_.mental_healing != MentalHealing::Rest || mental_.n == 0) return;
  timeline_.cancel_kind(Ev::MentalHeal);
  timeline_.schedule(std::max(t, healing_ready(mental_, table_)), Ev::MentalHeal);
}

void Trial::mental_heal(Seconds t) {
  if (const size_t i = ready_to_heal(mental_, table_, t); i < mental_.n) {
    const int l = mental_.w[i].level;
    if (l == 0)
      mental_.remove(i);
    else
      mental_.w[i] = {static_cast<uint8_t>(l - 1), t, mental_.w[i].carried};
    note(log_, t, [&] { return std::string("a ") + kMentalName[l] + " heals a level"; });
  }
  plan_mental_heal(t);
}

// ---------------------------------------------------------------- the trial

// After each event: the state it left the character in.
void Trial::track_out_of_action(Seconds t) {
  if (over()) return;
  if (cannot_act(t))
    out_.cannot_act(t);
  else
    out_.can_act(t);
}

// Before the next event (or at the horizon): a minimum rest can end between two events; the
// character, conscious, can act again from its end.
void Trial::settle_rest(Seconds until) {
  if (over() || !out_.out() || !conscious_ || phys_.n == 0) return;
  const Seconds end = minimum_rest_end(phys_, table_, restart_rest_);
  if (end <= until) out_.can_act(end);
}

// Interpretation 18: it goes on at the downtime's end if it can act then — conscious, stable,
// its minimum rest over, the fight done — else as soon after as it can (a minimum rest may end
// between two events; anything else changes only at one). Never past the horizon.
Seconds Trial::leave_time(Seconds now, Seconds until) const {
  if (leave_by_ <= 0 || over() || in_combat_ || !conscious_ || unstable_ || phys_.n == 0)
    return -1;
  Seconds go = std::max(leave_by_, now);
  if (first_stable_ >= 0 || carried_wounds_ > 0)
    go = std::max(go, minimum_rest_end(phys_, table_, restart_rest_));
  return go <= std::min(until, cfg_.horizon) ? go : -1;
}

void Trial::dispatch(const Timeline::Event& ev) {
  const Seconds t = ev.time;
  switch (static_cast<Ev>(ev.kind)) {
    case Ev::RoundStart:  // taken by advance_to_round(); none is left after the fight
      break;
    case Ev::FightEnds:
      fight_ends(t);
      break;
    case Ev::Check:
      check_at_ = -1;
      survival_check(t);
      break;
    case Ev::FirstAid:
      first_aid(t);
      break;
    case Ev::Wake:
      wake(t);
      break;
    case Ev::Surveillance:
      if (!unstable_) surveillance(t);
      break;
    case Ev::Heal:
      if (!unstable_) heal(t);
      break;
    case Ev::PainTick:
      pain_tick(t);
      break;
    case Ev::MentalHeal:
      mental_heal(t);
      break;
  }
}

Outcome Trial::outcome() const {
  using namespace metric;
  Outcome o;
  for (size_t c = 0; c < count_.size(); ++c)
    if (count_[c] > 0) o.count(c, count_[c]);
  if (first_wound_ >= 0) {
    const Seconds stop = over() ? end_time_ : cfg_.horizon;
    o.measure(kTimeUnstable, time_unstable_ + (unstable_ ? stop - unstable_since_ : 0));
  }
  if (first_stable_ >= 0) o.measure(kTimeToStable, first_stable_ - first_wound_);
  if (dead_) {
    o.end = end_;
    o.end_time = end_time_;
    o.measure(kTimeToDeath, end_time_);
    return o;
  }
  if (lost_) {
    o.end = end_;
    o.end_time = end_time_;
    o.measure(kTimeToLoss, end_time_);
    return o;
  }
  if (count_[kEscalations] > 0)
    o.add_sequela(kEscalated, 0, static_cast<uint16_t>(count_[kEscalations]));
  if (count_[kMentalEscalations] > 0)
    o.add_sequela(kMentalEscalated, 0, static_cast<uint16_t>(count_[kMentalEscalations]));
  // In a campaign, only this adventure's: a wound carried in was reported by the adventure
  // that inflicted it.
  for (int l = 0; l < kLevels; ++l) {
    int n = 0;
    for (size_t i = 0; i < mental_.n; ++i) n += mental_.w[i].level == l && !mental_.w[i].carried;
    if (n > 0) o.add_sequela(static_cast<uint16_t>(kShock + l), 0, static_cast<uint16_t>(n));
  }
  out_.measure(o, kOutOfAction, !dead_ && !lost_);
  if (phys_.n == 0 && conscious_) {
    o.end = kRecovered;
    o.end_time = last_healed_;
    o.measure(kDowntime, last_healed_);
    return o;
  }
  o.end = unstable_ ? kStillUnstable : kStillWounded;
  o.end_time = cfg_.horizon;
  if (left_at_ >= 0) {  // went on still healing: its open wounds are the next adventure's
    o.end_time = left_at_;
    return o;
  }
  for (int l = 0; l < kLevels; ++l)
    if (const int n = phys_.count(l); n > 0)
      o.add_sequela(static_cast<uint16_t>(kOpenLight + l), 0, static_cast<uint16_t>(n));
  return o;
}

// The single character's fight on the driver (rules/common/solo_fight.h): the creatures, one
// blow each, in their listed order; then the character's sudden effort. Its survival rolls,
// first aid and waking stay on the trial's timeline: each round's marker keeps the round's
// place among them, so the driver's rounds and those clocks run in the order of one timeline.
class SoloRules : public fight::Solo<SoloRules> {
 public:
  SoloRules(Trial& t, int rounds) : Solo(t.m_.actors().size(), true), t_(&t), rounds_(rounds) {}

  bool character_down() const { return !t_->conscious_; }
  // Out of the fight for good: dead, lost, or the duel ended by its faint.
  bool character_dead() const { return t_->over() || !t_->in_combat_; }
  int character_hp() const { return 0; }
  bool takes_turn(size_t actor, int round, Stream&) const {
    return t_->creature_takes_turn(actor, round);
  }
  bool blow(size_t actor, int, Stream& s, Seconds t) const {
    t_->creature_blow(actor, s, t);
    return true;
  }
  double keep_attacking_downed(size_t actor) const {
    return attack_of(actor).keep_attacking_downed;
  }
  void spares_fallen(size_t c, Seconds t, EventLog* log) const {
    const Model::Actor& actor = t_->m_.actors()[c - 1];
    const Attack& a = attack_of(c - 1);
    note(log, t, [&] {
      return (a.count > 1 ? a.name + " " + std::to_string(actor.number) : a.name) +
             " leaves the fainted character be";
    });
  }
  void round_start(int, Seconds t, EventLog*) const {
    if (!t_->advance_to_round()) return;  // the fight ended before the round
    last_round_at_ = t;
    tracked_ = false;
  }
  // 001's sudden effort, then the next round's marker; the round counts as one event.
  void round_end(int round, Seconds t, EventLog*) const {
    t_->sudden_effort(round, t);
    if (!t_->over() && t_->in_combat_ && round < rounds_)
      t_->timeline_.schedule(t + kRound, Ev::RoundStart, 0, round + 1);
    t_->track_out_of_action(t);
    tracked_ = true;
  }
  // A round cut short (a death, the duel's faint) is tracked at its time.
  void finish() const {
    if (!tracked_) t_->track_out_of_action(last_round_at_);
  }

 private:
  const Attack& attack_of(size_t actor) const {
    return t_->cfg_.encounter.attacks[static_cast<size_t>(t_->m_.actors()[actor].attack)];
  }
  Trial* t_;
  int rounds_;
  mutable Seconds last_round_at_ = 0;
  mutable bool tracked_ = true;
};

Outcome Trial::run() {
  if (mental_.n > 0) {
    note(log_, 0, [&] {
      return "carried from the adventures before: " + std::to_string(mental_.count(0)) +
             " shock, " + std::to_string(mental_.count(1)) + " trauma, " +
             std::to_string(mental_.count(2)) + " psychosis;" + mod_text(mental_penalty()) +
             " on tests, madness " + std::to_string(madness());
    });
    plan_mental_heal(0);
  }
  const Aftercare& a = cfg_.aftercare;
  if (a.present) {
    Stream s = open(rng_, streams::help_arrival());
    help_at_ = a.arrives.sample(s);
    note(log_, 0, [&] { return "help will arrive at " + clock_text(help_at_); });
  }
  if (carried_wounds_ > 0)
    note(log_, 0, [&] {
      return "carried from the adventure before, still healing: " +
             std::to_string(phys_.count(kLight)) + " light, " + std::to_string(phys_.count(kGrave)) +
             " grave, " + std::to_string(phys_.count(kCritical)) + " critical; pain " +
             std::to_string(pain_) + ", mortality " + std::to_string(mortality()) +
             (neglect_penalty_ > 0 ? ", missed care " + signed_text(-neglect_penalty_) : "");
    });
  // Starting wounds: already received (no fainting roll), unstable.
  for (int l = 0; l < kLevels; ++l)
    for (int k = 0; k < ch_.wounds[static_cast<size_t>(l)]; ++k) {
      phys_.add(l, kNotResting);
      ++count_[metric::kWounds];
      first_wound_ = 0;
    }
  const bool starting = phys_.n > carried_wounds_;
  if (starting) {
    int pain = 0;
    for (size_t i = carried_wounds_; i < phys_.n; ++i) pain += table_[phys_.w[i].level].pain;
    pain_ += ch_.pain.value_or(pain);
    pain_received_ = pain_;
    note(log_, 0, [&] {
      return "starting wounds: " + std::to_string(phys_.count(kLight)) + " light, " +
             std::to_string(phys_.count(kGrave)) + " grave, " +
             std::to_string(phys_.count(kCritical)) + " critical; pain " + std::to_string(pain_) +
             ", mortality " + std::to_string(mortality());
    });
  }
  if (!m_.actors().empty()) {
    Stream setup = open(rng_, streams::fight_setup());
    rounds_ = static_cast<int>(cfg_.encounter.rounds.roll(setup));
    in_combat_ = true;
    timeline_.schedule(0, Ev::RoundStart, 0, 1);
    timeline_.schedule(std::min<Seconds>(static_cast<Seconds>(rounds_) * kRound, cfg_.horizon),
                       Ev::FightEnds);
  }
  if (starting)
    become_unstable(0, -1);
  else if (carried_wounds_ > 0) {  // stable: its survival rolls, rest and healing go on
    plan_check(0);
    plan_rest(0);
  }
  track_out_of_action(0);
  const int rounds = m_.actors().empty() ? 0 : fight::solo_rounds(rounds_, cfg_.horizon);
  if (rounds > 0) {
    const SoloRules rules(*this, rounds);
    fight::play_solo(rules, rounds, rng_, log_);
    rules.finish();
  } else if (!m_.actors().empty()) {
    timeline_.cancel_kind(Ev::RoundStart);
  }
  Seconds now = 0;  // the last event's time
  while (!over() && !timeline_.empty()) {
    if (!in_combat_ && phys_.n == 0 && conscious_) break;
    if (const Seconds go = leave_time(now, timeline_.peek().time); go >= 0) {
      left_at_ = go;
      break;
    }
    const Timeline::Event ev = timeline_.pop();
    if (ev.time > cfg_.horizon) break;
    now = ev.time;
    play_event(ev);
  }
  if (left_at_ < 0 && !over()) left_at_ = leave_time(now, cfg_.horizon);
  if (left_at_ >= 0) {
    settle_rest(left_at_);
    timeline_.clear();
    note(log_, left_at_, [&] {
      return "the downtime is over: goes on to the next adventure still healing (" +
             std::to_string(phys_.count(kLight)) + " light, " + std::to_string(phys_.count(kGrave)) +
             " grave, " + std::to_string(phys_.count(kCritical)) + " critical; pain " +
             std::to_string(pain_) + ")";
    });
    return outcome();
  }
  settle_rest(cfg_.horizon);
  if (unstable_ && !over() && log_)
    note(log_, cfg_.horizon, [] { return std::string("the horizon comes: still unstable"); });
  return outcome();
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
  Trial trial(*this, ctx, carried);
  const Outcome o = trial.run();
  trial.carry(carried);
  return o;
}

}  // namespace leth::harmonies
