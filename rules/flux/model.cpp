#include "rules/flux/model.h"

#include <algorithm>

#include "rules/common/solo_fight.h"
#include "rules/flux/resolution.h"
#include "rules/flux/tables.h"
#include "sim/core/clock.h"
#include "sim/core/out_of_action.h"
#include "sim/core/substreams.h"

namespace leth::flux {

const RulesetInfo& Model::info() {
  static const MetricSpec metrics = metric_spec({.ends = metric::kEndTable,
                                                 .counters = metric::kCounterTable,
                                                 .durations = metric::kDurationTable,
                                                 .sequelae = metric::kSequelaTable});
  static const RulesetInfo r{"flux",
                             "Flux: PV, coma, stabilisation and sequelae",
                             "002_4ffadc883fca27db.txt",
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

namespace {

using namespace metric;

// 002 "Ébranlé : ... perte de 3 PA."
constexpr int kShakenPa = 3;
// 002 "Lors d'une nuit de repos d'au moins 6 heures, les aventuriers récupèrent 4 PV et 4 Flux.
// La moitié si la nuit est plus courte ou si la qualité du sommeil est médiocre."
constexpr Seconds kFullNight = 6 * kHour;
constexpr int kNightGain = 4;
// 002 "Privation de sommeil": a passed Will test leaves "un malus de 2 à toutes ses actions".
constexpr int kSleepMalus = 2;
// 002 "Maladie": "1D4+1 jours" on a failed test, "1D4-1 jours" on a success; remedies "1D4".
constexpr int kDiseaseDie = 4;
// 002 "Repos": an hour's rest, "1D4 pour le groupe".
constexpr int kHourRestDie = 4;
// 002 "Clinique": "1D4 PV supplémentaires lors de la nuit de repos".
constexpr int kClinicDie = 4;

// "bandit 2" when the attacker is one of several of its kind, for logs.
std::string who(const Attacker& a, int n) {
  return a.count > 1 ? a.name + " " + std::to_string(n + 1) : a.name;
}

std::string pv_text(int pv, int max) {
  return std::to_string(pv) + "/" + std::to_string(max);
}

class Trial {
 public:
  Trial(const Model& m, TrialContext& ctx, const Model::Carried& carried)
      : m_(m),
        cfg_(m.config()),
        opt_(cfg_.options),
        rng_(ctx.rng),
        log_(ctx.log),
        stats_(cfg_.character.stats),
        pv_(cfg_.character.pv),
        flux_(cfg_.character.flux),
        sequelae_(cfg_.character.sequelae + carried.sequelae) {
    for (size_t k = 0; k < kStatCount; ++k) stats_[k] -= carried.lost[k];  // floored when lost
    state_exhausted_ = cfg_.character.states[static_cast<size_t>(State::Exhausted)];
    // Went on short of full PV (campaign.downtime): its PV and Flux as they were.
    if (carried.held) {
      carried_in_ = true;
      pv_ = carried.pv;
      flux_ = carried.flux;
    }
    leave_by_ = carried.leave_by;
    hurt_ = pv_ < cfg_.character.max_pv;
    if (cfg_.helper) concoctions_left_ = cfg_.helper->concoction_uses;
  }

  Outcome run();
  // What this adventure adds to what the character carries into the next.
  void carry(Model::Carried& carried) const {
    carried.sequelae = sequelae_ - cfg_.character.sequelae;
    for (size_t k = 0; k < kStatCount; ++k) carried.lost[k] += lost_[k];
    carried.went_on = carried.held = left_at_ >= 0;
    carried.pv = pv_;
    carried.flux = flux_;
  }

 private:
  friend class SoloRules;
  // --- the states that change a test (002 "Les altérations d'état")
  bool in_state(State s) const {
    return in_fight_ && cfg_.character.states[static_cast<size_t>(s)];
  }
  bool exhausted() const {
    // 002: "Lorsque le Flux tombe à 0, le personnage devient extenué"; acting at 0 PV; a failed
    // Will test after a partial night; the scenario's starting state until a rest.
    return acting_ || flux_ == 0 || sleep_exhausted_ || state_exhausted_ || coma_exhausted_;
  }
  bool odd_zero() const { return exhausted() || in_state(State::Immobilised); }
  int vai() const { return stats_[kVai]; }
  // Malus on every test: the disease's and a partial night's.
  int malus(Seconds t) {
    resolve_disease(t);
    int m = sleep_malus_ ? kSleepMalus : 0;
    if (sick_at(t)) m += kSeverities[static_cast<size_t>(cfg_.disease->severity)].malus;
    return m;
  }
  bool sick_at(Seconds t) const { return sick_days_ > 0 && t >= sick_from_ && t < sick_until_; }

  TestRoll character_test(Stream& s, int modifier, Seconds t, const char* what);
  // 002 "test de Survie (VAI)": -1 for each sequela carried.
  TestRoll survival_test(Seconds t, const char* what) {
    Stream s = open(rng_, streams::dying_check(checks_++));
    return character_test(s, vai() + cfg_.character.survival - sequelae_, t, what);
  }

  // --- the rules
  void fall(Seconds t);
  void fight();
  void take_damage(int amount, Seconds t, const char* how);
  void coma(Seconds t);
  void coma_hours();
  void wake_hours();
  void gain_sequela(Stream& s, Seconds t);
  void give_concoction(Stream& s, Seconds t);
  void recovery(Seconds t0);
  void night(Seconds start, uint64_t n);
  void hour_rest(Seconds end, uint64_t n);
  void heal(int pv, int flux, Seconds t);
  void resolve_disease(Seconds t);
  // `why` makes the reason's text, for the log only (no allocation without a log).
  template <typename Why>
  void die(Seconds t, End how, Why&& why);
  Outcome outcome() const;

  const Model& m_;
  const Config& cfg_;
  const Options& opt_;
  TrialRng& rng_;
  EventLog* log_;

  std::array<int, kStatCount> stats_;
  int pv_;
  int flux_;
  int sequelae_;
  std::array<int, kStatCount> lost_{};  // stat points lost to sequelae in this trial
  std::array<uint16_t, kStatCount> sequela_count_{};

  bool in_fight_ = false;
  bool acting_ = false;      // passed the test at 0 PV: acting, exhausted, until the scene ends
  Seconds coma_due_ = 0;     // the end of the scene
  bool comatose_ = false;    // in the coma, not stabilised
  bool stabilised_ = false;  // unconscious, no longer losing PV
  bool dead_ = false;
  End death_end_ = kDiedComa;
  Seconds death_time_ = 0;
  Seconds coma_at_ = -1;  // the current coma's onset
  OutOfAction out_;       // README "cannot act": from the coma's onset until awake
  Seconds stabilised_at_ = -1;
  Seconds awake_at_ = -1;  // woke from the coma
  Seconds full_at_ = -1;   // back to full PV
  Seconds fight_end_ = 0;
  Seconds help_at_ = -1;    // when the helper arrives; -1: nobody comes
  Seconds clinic_at_ = -1;  // when the clinic is reached; -1: not (yet)
  bool hurt_ = false;
  bool state_exhausted_ = false;
  bool coma_exhausted_ = false;  // option exhausted_into_coma: acting's exhaustion, carried on
  bool sleep_exhausted_ = false;
  bool sleep_malus_ = false;
  bool disease_resolved_ = false;
  int sick_days_ = 0;
  Seconds sick_from_ = 0, sick_until_ = 0;
  bool carried_in_ = false;  // began short of full PV, from the adventure before
  Seconds leave_by_ = 0;     // Model::Carried::leave_by
  Seconds left_at_ = -1;     // when it left short of full PV; -1: it did not
  uint64_t checks_ = 0;  // survival tests (dying_check index)
  uint64_t wakes_ = 0;
  uint64_t cares_ = 0;
  int concoctions_left_ = 0;
  Seconds revived_at_ = 0;  // brought back above 0 PV within the scene
  std::array<uint32_t, Outcome::kMaxCounters> counters_{};
};

TestRoll Trial::character_test(Stream& s, int modifier, Seconds t, const char* what) {
  const int m = modifier - malus(t);
  const TestRoll r = roll_test(s, m, cfg_.resolution.difficulty, odd_zero());
  note(log_, t,
       [&] { return std::string(what) + ": " + test_text(r, m, cfg_.resolution.difficulty); });
  return r;
}

template <typename Why>
void Trial::die(Seconds t, End how, Why&& why) {
  dead_ = true;
  death_end_ = how;
  death_time_ = t;
  comatose_ = acting_ = false;
  note(log_, t, [&] { return "dies: " + why(); });
}

// 002 "Dégâts de chute": the table row by height, moved a row by the surface; a cushioned fall
// takes half the damage, rounded up; "Les dégâts de chute ignorent les PA du personnage".
void Trial::fall(Seconds t) {
  const Fall& f = *cfg_.fall;
  const FallTable& table = fall_table();
  Stream s = open(rng_, streams::hazard(1));
  const FallRow* row = &table.moving;
  if (f.floors) {
    const int floors = static_cast<int>(*f.floors) + f.surface;
    if (floors <= 0) {  // interpretation: one floor onto a soft surface does no harm
      note(log_, t, [&] { return "falls onto a " + f.surface_name + " surface: unhurt"; });
      return;
    }
    row = &table.floors[static_cast<size_t>(std::min(floors, FallTable::kFloors) - 1)];
  }
  if (row->deadly) {
    die(t, kDiedFall, [&] {
      return "falls " + std::to_string(*f.floors) + " floor(s) onto a " + f.surface_name +
             " surface (the row: " + row->label + ")";
    });
    return;
  }
  // "falls 3 floors onto a soft surface (the row: deux étages (~6 mètres))", for logs.
  auto what = [&] {
    const std::string from = f.floors ? std::to_string(*f.floors) + " floor(s)" : row->label;
    return "falls " + from + " onto a " + f.surface_name + " surface (the row: " + row->label + ")";
  };
  int damage = static_cast<int>(row->damage.roll(s));
  bool cushioned = f.cushion == Fall::Cushion::Spell;
  // Interpretation 17: cushioning by ADR is a reflex; "Ébranlé", "Paralysé" and "Surpris"
  // cannot use reflexes ("Ne peut pas utiliser de réflexes", "Aucune action ni réflexe").
  const bool reflexes =
      !in_state(State::Shaken) && !in_state(State::Paralysed) && !in_state(State::Surprised);
  if (f.cushion == Fall::Cushion::Test && reflexes) {
    // 002: "un test d'Agilité (ADR)", with the row's "Malus pour amortir".
    cushioned =
        character_test(s, stats_[kAdr] - row->cushion_malus, t, "cushions the fall (ADR)").success;
  }
  if (cushioned) {
    damage = (damage + 1) / 2;
    ++counters_[kFallsCushioned];
  }
  note(log_, t, [&] {
    return what() + ": " + std::to_string(damage) + " damage" + (cushioned ? " (cushioned)" : "");
  });
  take_damage(damage, t, "the fall");
}

// The single character's fight on the driver (rules/common/solo_fight.h): each creature one
// blow a round, in the listed order; a character acting on at 0 PV falls into the coma when
// its scene is over, at the start of a round. The driver asks keep_attacking_downed before a
// blow at a character in the coma.
class SoloRules : public fight::Solo<SoloRules> {
 public:
  explicit SoloRules(Trial& t)
      : Solo(t.m_.actors().size(), true),
        t_(&t),
        // 002 "Ébranlé : ... perte de 3 PA."
        pa_(std::max(0, t.cfg_.character.pa - (t.in_state(State::Shaken) ? kShakenPa : 0))) {}

  bool character_down() const { return t_->comatose_ || t_->stabilised_; }
  bool character_dead() const { return t_->dead_; }
  int character_hp() const { return t_->pv_; }
  bool takes_turn(size_t actor, int round, Stream&) const {
    const Attacker& a = attacker(actor);
    return round >= a.first_round && round <= a.last_round;
  }
  bool blow(size_t actor, int, Stream& s, Seconds t) const {
    const Attacker& a = attacker(actor);
    const int n = t_->m_.actors()[actor].number;
    EventLog* log = t_->log_;
    if (character_down())
      note(log, t, [&] { return who(a, n) + " strikes the character in the coma"; });
    if (!s.chance(*a.hit_chance)) {
      note(log, t, [&] { return who(a, n) + " misses"; });
      return false;
    }
    const int damage = std::max(0, static_cast<int>(a.damage.roll(s)) - pa_);
    note(log, t,
         [&] { return who(a, n) + " hits: " + std::to_string(damage) + " damage after PA"; });
    t_->take_damage(damage, t, a.name.c_str());
    return true;
  }
  double keep_attacking_downed(size_t actor) const { return attacker(actor).keep_attacking_downed; }
  void spares_fallen(size_t c, Seconds t, EventLog* log) const {
    const Attacker& a = attacker(c - 1);
    const int n = t_->m_.actors()[c - 1].number;
    note(log, t, [&] { return who(a, n) + " leaves the character in the coma be"; });
  }
  void round_start(int, Seconds t, EventLog*) const {
    if (t_->acting_ && t_->coma_due_ <= t) t_->coma(t_->coma_due_);
  }

 private:
  const Attacker& attacker(size_t actor) const {
    return t_->cfg_.attackers[static_cast<size_t>(t_->m_.actors()[actor].attacker)];
  }
  Trial* t_;
  int pa_;
};

void Trial::fight() {
  in_fight_ = true;
  if (cfg_.fall) fall(0);
  Stream setup = open(rng_, streams::fight_setup());
  const int rounds =
      cfg_.attackers.empty() ? 0 : static_cast<int>(cfg_.encounter.rounds.roll(setup));
  if (rounds > 0 && !dead_) fight::play_solo(SoloRules(*this), rounds, rng_, log_);
  fight_end_ = rounds * kRound;
  in_fight_ = false;
}

void Trial::take_damage(int amount, Seconds t, const char* how) {
  if (amount <= 0 || dead_) return;
  hurt_ = true;
  pv_ -= amount;
  note(log_, t, [&] { return std::string("PV ") + pv_text(pv_, cfg_.character.max_pv); });
  if (comatose_ || stabilised_) {
    // Interpretation 4 (option test_when_struck): damage in the coma past -VAI calls for the
    // Survival test at once; otherwise the next hourly test sees the loss.
    if (opt_.test_when_struck && -pv_ > vai()) {
      ++counters_[kComaSurvivalTests];
      if (!survival_test(t, "Survival test (damage in the coma)").success)
        die(t, kDiedComa, [&] { return std::string("struck in the coma by ") + how; });
    }
    return;
  }
  if (pv_ > 0) return;
  if (acting_) {
    if (opt_.damage_at_zero == DamageAtZero::TestAgain &&
        !survival_test(t, "Survival test (hurt again at 0 PV or less)").success)
      coma(t);
    return;
  }
  // 002 "lorsqu'ils atteignent 0 ou moins, il doit effectuer un test de Survie (VAI)".
  ++counters_[kAtZero];
  if (survival_test(t, "Survival test at 0 PV or less").success) {
    acting_ = true;  // "peut continuer à agir en subissant l'état exténué"
    coma_due_ = t + cfg_.scene;
    note(log_, t, [&] {
      return "keeps acting, exhausted, until the end of the scene at " + clock_text(coma_due_);
    });
  } else {
    coma(t);
  }
}

void Trial::coma(Seconds t) {
  // Option exhausted_into_coma: "continuer à agir en subissant l'état exténué" lasts until a
  // rest, and the coma is none.
  if (acting_ && opt_.exhausted_into_coma) coma_exhausted_ = true;
  acting_ = false;
  comatose_ = true;
  stabilised_ = false;
  coma_at_ = t;
  out_.cannot_act(t);
  ++counters_[kComa];
  note(log_, t, [&] { return "falls into the coma at " + std::to_string(pv_) + " PV"; });
  // Interpretation 4 (option test_at_coma_onset): already past -VAI at the onset, the first
  // Survival test comes at once; otherwise with the first hour's loss.
  if (opt_.test_at_coma_onset && -pv_ > vai()) {
    ++counters_[kComaSurvivalTests];
    if (!survival_test(t, "Survival test (coma, past -VAI)").success)
      die(t, kDiedComa, [] { return std::string("fails the Survival test at the coma's onset"); });
  }
}

// 002 "il perd 1 PV par heure. Si les PV négatifs dépassent la statistique de VAI, il doit
// effectuer un test de Survie (VAI), en cas d'échec, il meurt. Ce test doit être effectué toutes
// les heures jusqu'à ce qu'un intervenant extérieur, disposant de matériel adapté, effectue un
// test de Médecine (ESP) pour stabiliser ... la personne inconsciente perd 1 PV à chaque échec."
// Each hour from the onset: lose 1 PV, then the Survival test if past -VAI. The helper's
// attempts come from max(onset, arrival, end of the fight), every hour / attempts_per_hour;
// an hour's loss at the same second as an attempt comes first.
void Trial::coma_hours() {
  const bool here = cfg_.helper && help_at_ >= 0;
  const bool can_stabilise = here && cfg_.helper->equipment;
  Seconds next_hour = coma_at_ + kHour;
  Seconds next_try = here && (can_stabilise || concoctions_left_ > 0)
                         ? std::max({coma_at_, help_at_, fight_end_})
                         : cfg_.horizon + 1;
  const Seconds every = here ? kHour / cfg_.helper->attempts_per_hour : kHour;
  while (!dead_) {
    const Seconds t = std::min(next_hour, next_try);
    if (t > cfg_.horizon) return;
    if (next_hour <= next_try) {
      --pv_;
      next_hour += kHour;
      note(log_, t,
           [&] { return "the coma's hour: -1 PV, PV " + pv_text(pv_, cfg_.character.max_pv); });
      if (-pv_ > vai()) {
        ++counters_[kComaSurvivalTests];
        if (!survival_test(t, "Survival test (coma, past -VAI)").success)
          die(t, kDiedComa, [&] {
            return "fails the Survival test in the coma at " + std::to_string(pv_) + " PV";
          });
      }
      continue;
    }
    Stream s = open(rng_, streams::care_action(++cares_));
    next_try += every;
    if (concoctions_left_ > 0) {
      // Interpretation 8: the concoction comes before any Medicine test; healed above 0, the
      // character wakes at once.
      give_concoction(s, t);
      if (pv_ > 0) {
        comatose_ = false;
        awake_at_ = t;
        out_.can_act(t);
        note(log_, t, [&] { return std::string("comes out of the coma, healed above 0 PV"); });
        if (opt_.healed_coma_sequela) gain_sequela(s, t);
        return;
      }
      if (!can_stabilise && concoctions_left_ == 0) next_try = cfg_.horizon + 1;
      continue;
    }
    const TestRoll r = roll_test(s, cfg_.helper->medicine, cfg_.resolution.difficulty, false);
    note(log_, t, [&] {
      return "Medicine test to stabilise: " +
             test_text(r, cfg_.helper->medicine, cfg_.resolution.difficulty);
    });
    if (r.success) {
      comatose_ = false;
      stabilised_ = true;
      stabilised_at_ = t;
      return;
    }
    ++counters_[kStabiliseFailures];
    --pv_;
    note(log_, t, [&] {
      return "the failed attempt costs 1 PV: PV " + pv_text(pv_, cfg_.character.max_pv);
    });
  }
}

// 002 "Certaines cliniques ... concoctions curatives" (no numbers): the helper's, as dice.
void Trial::give_concoction(Stream& s, Seconds t) {
  --concoctions_left_;
  ++counters_[kConcoctions];
  const int amount = static_cast<int>(cfg_.helper->concoction->roll(s));
  pv_ = std::min(cfg_.character.max_pv, pv_ + amount);
  note(log_, t, [&] {
    return "a curative concoction: +" + std::to_string(amount) + " PV, PV " +
           pv_text(pv_, cfg_.character.max_pv);
  });
}

// 002 "Il peut, une fois par heure, tenter un test de Survie (VAI) pour sortir de
// l'inconscience. Lorsqu'il y parvient, il revient à 1 PV et obtient une séquelle."
void Trial::wake_hours() {
  for (Seconds t = stabilised_at_ + kHour; t <= cfg_.horizon; t += kHour) {
    ++counters_[kWakeTests];
    Stream s = open(rng_, streams::wake(wakes_++));
    const TestRoll r =
        character_test(s, vai() + cfg_.character.survival - sequelae_, t, "Survival test to wake");
    if (!r.success) continue;
    stabilised_ = false;
    pv_ = 1;
    awake_at_ = t;
    out_.can_act(t);
    gain_sequela(s, t);
    return;
  }
}

// 002 "Séquelle": -1 on Survival tests from now on, and -1 to the stat the d6 names.
void Trial::gain_sequela(Stream& s, Seconds t) {
  const SequelaTable& table = sequela_table();
  const Stat stat = table.stat_for(s.die(table.rolls.die()));
  const size_t k = static_cast<size_t>(stat);
  const int before = stats_[k];
  stats_[k] = std::max(opt_.stat_floor, before - 1);
  lost_[k] += before - stats_[k];
  ++sequela_count_[k];
  ++sequelae_;
  ++counters_[kSequelae];
  note(log_, t, [&] {
    return std::string("wakes at 1 PV with a sequela: ") + kStatNames[k] + " " +
           std::to_string(before) + " -> " + std::to_string(stats_[k]);
  });
}

void Trial::heal(int pv, int flux, Seconds t) {
  pv_ = std::min(cfg_.character.max_pv, pv_ + pv);
  flux_ = std::min(cfg_.character.max_flux, flux_ + flux);
  if (pv_ == cfg_.character.max_pv && full_at_ < 0) full_at_ = t;
}

// 002 "Maladie": a Constitution (VAI) test; failure 1D4+1 days, success 1D4-1; a remedy takes
// 1D4 days off. Interpretation: 0 days is no disease at all.
void Trial::resolve_disease(Seconds t) {
  if (!cfg_.disease || disease_resolved_ || t < cfg_.disease->onset) return;
  disease_resolved_ = true;
  const Disease& d = *cfg_.disease;
  Stream s = open(rng_, streams::hazard(2));
  const int m = vai() - (sleep_malus_ ? kSleepMalus : 0);
  const TestRoll r = roll_test(s, m, cfg_.resolution.difficulty, odd_zero());
  int days = r.success ? s.die(kDiseaseDie) - 1 : s.die(kDiseaseDie) + 1;
  if (d.remedy) days = std::max(0, days - s.die(kDiseaseDie));
  sick_days_ = days;
  sick_from_ = d.onset;
  sick_until_ = d.onset + days * kDay;
  note(log_, d.onset, [&] {
    return std::string("falls ") + kSeverities[static_cast<size_t>(d.severity)].name +
           " (Constitution " + test_text(r, m, cfg_.resolution.difficulty) +
           "): " + std::to_string(days) + (days == 1 ? " day" : " days");
  });
}

// 002 "Repos": the group's 1D4 after an hour's rest. Interpretation: the whole roll goes to the
// simulated character, PV first, the rest to Flux. An hour's rest ends exhaustion.
void Trial::hour_rest(Seconds end, uint64_t n) {
  Stream s = open(rng_, streams::short_rest(n));
  const int roll = s.die(kHourRestDie);
  const int to_pv = std::min(roll, cfg_.character.max_pv - pv_);
  ++counters_[kHourRests];
  sleep_exhausted_ = state_exhausted_ = coma_exhausted_ = false;
  heal(to_pv, roll - to_pv, end);
  note(log_, end, [&] {
    return "an hour's rest: 1d4 = " + std::to_string(roll) + ", PV " +
           pv_text(pv_, cfg_.character.max_pv);
  });
}

// 002 "nuit de repos": 4 PV and 4 Flux, half for a short or poor night; a disease caps it; a
// clinic adds 1D4 PV (and a concoction its own dice); a partial night calls for a Will test.
void Trial::night(Seconds start, uint64_t n) {
  const Recovery& rec = cfg_.recovery;
  const Seconds end = start + rec.sleep;
  Stream s = open(rng_, streams::night(n));
  const bool partial = rec.sleep < kFullNight;
  int gain = partial || rec.poor_sleep ? kNightGain / 2 : kNightGain;
  resolve_disease(start);
  const int cap = sick_at(start)
                      ? kSeverities[static_cast<size_t>(cfg_.disease->severity)].night_cap
                      : kNightGain;
  gain = std::min(gain, cap);
  int pv_gain = gain;
  const bool clinic = clinic_at_ >= 0 && clinic_at_ <= start;
  if (clinic) {
    int extra = s.die(kClinicDie);
    if (rec.concoction) extra += static_cast<int>(rec.concoction->roll(s));
    pv_gain = opt_.clinic_when_sick ? gain + extra : std::min(gain + extra, cap);
    ++counters_[kClinicNights];
  }
  ++counters_[kNights];
  // A night is a rest: it ends exhaustion; only a proper night ends a partial night's malus
  // (002 "jusqu'à ce qu'il dorme convenablement").
  sleep_exhausted_ = state_exhausted_ = coma_exhausted_ = false;
  if (!partial && !rec.poor_sleep) sleep_malus_ = false;
  heal(pv_gain, gain, end);
  note(log_, end, [&] {
    return std::string(clinic ? "a night in the clinic" : "a night's rest") + ": +" +
           std::to_string(pv_gain) + " PV, PV " + pv_text(pv_, cfg_.character.max_pv);
  });
  if (partial) {
    // 002 "Privation de sommeil": a Will (VAI) test; success: -2 to everything until a proper
    // night; failure: exhausted.
    const TestRoll r = character_test(s, vai(), end, "Will test after a partial night");
    if (r.success) {
      sleep_malus_ = true;
    } else {
      sleep_exhausted_ = true;
      ++counters_[kSleepTestsFailed];
    }
  }
}

// Awake from t0 on: nights at first_night + k days, hour rests every hour_rest_every from t0
// (postponed past a night they would overlap), and the journey to the clinic, which an
// exhausted character starts only after a rest (002 "Exténué : Ne permet plus de voyager sur de
// longues distances tant qu'un repos n'a pas été effectué").
void Trial::recovery(Seconds t0) {
  const Recovery& rec = cfg_.recovery;
  if (pv_ >= cfg_.character.max_pv && full_at_ < 0) full_at_ = t0;
  if (full_at_ >= 0) return;
  Stream travel = open(rng_, streams::travel());
  const Seconds journey = rec.clinic_travel ? rec.clinic_travel->sample(travel) : 0;
  auto start_travel = [&](Seconds t) {
    if (rec.clinic_travel && clinic_at_ < 0 && !exhausted()) {
      clinic_at_ = t + journey;
      note(log_, t, [&] { return "sets off for the clinic, there at " + clock_text(clinic_at_); });
    }
  };
  start_travel(t0);
  Seconds night_start = rec.first_night;
  uint64_t nights = 0, rests = 0;
  while (night_start < t0) night_start += kDay;
  Seconds rest_start = rec.hour_rests ? t0 : cfg_.horizon + 1;
  // With a downtime, the rests that end by its end (interpretation 21); then it goes on.
  const Seconds leave = leave_by_ > 0 ? std::max(leave_by_, t0) : cfg_.horizon + 1;
  const Seconds until = std::min(cfg_.horizon, leave);
  while (full_at_ < 0 && !dead_) {
    // An hour rest that would overlap the night waits for its end.
    if (rest_start < night_start + rec.sleep && rest_start + kHour > night_start)
      rest_start = night_start + rec.sleep;
    const Seconds night_end = night_start + rec.sleep;
    const Seconds rest_end = rest_start + kHour;
    if (std::min(night_end, rest_end) > until) {
      if (leave <= cfg_.horizon) {
        left_at_ = leave;
        note(log_, leave, [&] {
          return "the downtime is over: goes on to the next adventure at PV " +
                 pv_text(pv_, cfg_.character.max_pv) + ", Flux " + std::to_string(flux_);
        });
      }
      return;
    }
    if (rest_end <= night_end) {
      hour_rest(rest_end, rests++);
      rest_start += rec.hour_rest_every;
      start_travel(rest_end);
    } else {
      night(night_start, nights++);
      night_start += kDay;
      start_travel(night_end);
    }
  }
}

Outcome Trial::outcome() const {
  Outcome o;
  for (size_t c = 0; c < counters_.size(); ++c)
    if (counters_[c] > 0) o.count(c, counters_[c]);
  for (size_t k = 0; k < kStatCount; ++k)
    if (sequela_count_[k] > 0)
      o.add_sequela(static_cast<uint16_t>(k), -lost_[k], sequela_count_[k]);
  if (stabilised_at_ >= 0) o.measure(kTimeToStabilise, stabilised_at_ - coma_at_);
  if (sick_days_ > 0) o.measure(kTimeSick, sick_days_ * kDay);
  // The trial ends at death, back at full PV or at the horizon: a clinic reached later was
  // never reached.
  const Seconds end = dead_            ? death_time_
                      : full_at_ >= 0   ? full_at_
                      : left_at_ >= 0   ? left_at_
                                        : cfg_.horizon;
  if (clinic_at_ >= 0 && clinic_at_ <= end) o.measure(kTimeToClinic, clinic_at_);
  if (dead_) {
    o.end = death_end_;
    o.end_time = death_time_;
    o.measure(kTimeToDeath, death_time_);
    return o;
  }
  out_.measure(o, kOutOfAction, !dead_);
  if (full_at_ >= 0) {
    o.end = kRecovered;
    o.end_time = full_at_;
    o.measure(kDowntime, hurt_ ? full_at_ : 0);
  } else {
    o.end = comatose_ ? kStillComa : stabilised_ ? kStillUnconscious : kStillInjured;
    o.end_time = left_at_ >= 0 ? left_at_ : cfg_.horizon;
  }
  return o;
}

Outcome Trial::run() {
  if (carried_in_)
    note(log_, 0, [&] {
      return "carried from the adventure before: PV " + pv_text(pv_, cfg_.character.max_pv) +
             ", Flux " + std::to_string(flux_);
    });
  if (cfg_.helper) {
    Stream s = open(rng_, streams::help_arrival());
    help_at_ = cfg_.helper->arrives.sample(s);
    note(log_, 0, [&] { return "a helper will arrive at " + clock_text(help_at_); });
  }
  resolve_disease(0);
  fight();
  if (!dead_ && acting_ && help_at_ >= 0 && concoctions_left_ > 0) {
    // 002 "S'il n'est pas repassé au-dessus de 0 PV à la fin de la scène": the helper's
    // concoction, if the helper is there before the scene ends.
    const Seconds t = std::max(help_at_, fight_end_);
    if (t <= coma_due_) {
      Stream s = open(rng_, streams::care_action(++cares_));
      give_concoction(s, t);
      if (pv_ > 0) {
        acting_ = false;  // back above 0: acts on normally, no coma
        revived_at_ = t;
      }
    }
  }
  if (!dead_ && acting_) coma(coma_due_);
  if (!dead_ && comatose_) coma_hours();
  if (!dead_ && stabilised_) wake_hours();
  if (!dead_ && !comatose_ && !stabilised_) {
    const Seconds t0 = awake_at_ >= 0 ? awake_at_ : std::max(fight_end_, revived_at_);
    if (t0 <= cfg_.horizon) recovery(t0);
  }
  if (full_at_ > cfg_.horizon) full_at_ = -1;
  if (full_at_ >= 0 && !hurt_) full_at_ = 0;
  return outcome();
}

}  // namespace

Model::Model(Config config) : config_(std::move(config)) {
  for (size_t a = 0; a < config_.attackers.size(); ++a)
    for (int n = 0; n < config_.attackers[a].count; ++n)
      actors_.push_back({static_cast<int>(a), n});
}

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

}  // namespace leth::flux
