// The dnd5e party fight: the body and attack of 5e (SRD "Damage and Healing", "Making an
// Attack"), the metrics of a party trial, and the trial: the fight (rules/common/fight.h), the
// stable waking, one long rest.
#include "rules/dnd5e/party.h"

#include <algorithm>
#include <array>

#include "sim/core/substreams.h"

namespace leth::dnd5e {

namespace {

constexpr int kStabiliseDc = 10;  // SRD: DC 10 Wisdom (Medicine)

// The order of a party trial's counters: these, then per member fell_<name>, died_<name>.
enum PartyCounter : uint16_t { kDeaths, kFightWon, kPartyFell, kOpponentsDefeated, kHealsUsed };
constexpr uint16_t kMemberCounters = 5;
enum PartyDuration : uint16_t { kPartyDowntime, kOutOfAction, kPartyTimeToDeath, kFightLength };

MetricSpec party_metrics(const PartyConfig& c) {
  MetricSpec m;
  for (size_t k = 1; k <= c.members; ++k)
    m.ends.push_back({EndKind::Died, std::to_string(k) + (k == 1 ? "_member" : "_members"),
                      std::to_string(k) + " of the party's members dead"});
  m.ends.push_back({EndKind::Recovered, "",
                    "nobody died, and every member is back to full HP after the long rest"});
  m.ends.push_back({EndKind::Unresolved, "still_hurt",
                    "nobody died, but the horizon came before every member was back to full HP"});
  m.counters = {
      {"deaths", "members dead at the end (rate: at least one death)"},
      {"fight_won", "the party won: every opponent dead or fled"},
      {"party_fell", "the whole party was down or dead when the fight ended"},
      {"opponents_defeated", "opponents dead at the end of the fight"},
      {"heals_used", "healing spells and other uses spent on fallen allies"},
  };
  for (size_t k = 0; k < c.members; ++k) {
    const std::string& n = c.combatants[k].name;
    m.counters.push_back({"fell_" + n, "times " + n + " dropped to 0 HP"});
    m.counters.push_back({"died_" + n, n + " dead at the end"});
  }
  m.durations = {shared_duration(kDowntime),
                 shared_duration(kTimeOutOfAction),
                 shared_duration(kTimeToDeath),
                 {"fight_length", "from the start of the fight until it ended; over every trial"}};
  m.validate();
  return m;
}

}  // namespace

Party::Party(PartyConfig config) : cfg_(std::move(config)), metrics_(party_metrics(cfg_)) {}

Party::Body Party::fresh(size_t c) const {
  const Combatant& k = cfg_.combatants[c];
  Body b;
  b.c = static_cast<uint8_t>(c);
  b.hp = k.max_hp;
  b.temp = k.temp_hp;
  b.uses = k.heals ? k.heals->uses : 0;
  return b;
}

void Party::revive(Body& b, int hp, Seconds t) const {
  b.hp = std::min(hp, cfg_.combatants[b.c].max_hp);
  b.successes = b.failures = 0;
  b.stable = false;
  b.up_last = t;
}

// SRD "Death Saving Throws": at the start of a dying creature's turn.
void Party::start_turn(Body& b, Stream& s, Seconds t, EventLog* log) const {
  const Options& o = cfg_.options;
  int roll = s.die(20);
  if (o.death_save_advantage) roll = std::max(roll, s.die(20));
  if (roll == 20 && o.nat20_revives) {
    revive(b, 1, t);
    note(log, t, [&] { return name(b) + " rolls a natural 20 on a death save: 1 HP, conscious"; });
    return;
  }
  if (roll == 1)
    b.failures = static_cast<uint8_t>(b.failures + 2);
  else if (roll >= o.death_save_dc)
    ++b.successes;
  else
    ++b.failures;
  if (b.failures >= o.failures_to_die) {
    b.dead = true;
    b.died_at = t;
  } else if (b.successes >= o.successes_to_stabilise) {
    b.stable = true;
    b.successes = b.failures = 0;  // SRD: both reset on becoming stable
  }
  note(log, t, [&] {
    return name(b) + " death save " + std::to_string(roll) + ": " + std::to_string(b.successes) +
           " successes, " + std::to_string(b.failures) + " failures" +
           (b.dead     ? ", dead"
            : b.stable ? ", stable"
                       : "");
  });
}

// SRD "Damage at 0 Hit Points", "Instant Death", "Monsters and Death".
void Party::damage(Body& b, int amount, bool critical, Seconds t, EventLog* log) const {
  const Combatant& k = cfg_.combatants[b.c];
  if (amount <= 0) return;
  if (b.hp > 0) {
    const int soak = std::min(b.temp, amount);
    b.temp -= soak;
    const int left = amount - soak;
    if (left < b.hp) {
      b.hp -= left;
      return;
    }
    const int overflow = left - b.hp;
    b.hp = 0;
    if (!k.player_rules || (cfg_.options.massive_damage && overflow >= k.max_hp)) {
      b.dead = true;
      b.died_at = t;
      note(log, t, [&] { return name(b) + " is killed"; });
      return;
    }
    b.successes = b.failures = 0;
    b.stable = false;
    ++b.falls;
    if (b.down_first < 0) b.down_first = t;
    note(log, t, [&] { return name(b) + " drops to 0 HP, dying"; });
    return;
  }
  if (cfg_.options.massive_damage && amount >= k.max_hp) {
    b.dead = true;
  } else {
    b.stable = false;
    b.failures = static_cast<uint8_t>(b.failures + (critical ? 2 : 1));
    b.dead = b.failures >= cfg_.options.failures_to_die;
  }
  if (b.dead) b.died_at = t;
  note(log, t, [&] {
    return name(b) + " is struck at 0 HP: " + std::to_string(b.failures) + " failures" +
           (b.dead ? ", dead" : "");
  });
}

// SRD "Making an Attack": d20 + bonus against AC, a natural 1 misses and a natural 20 hits
// critically; a melee attack on an unconscious creature has advantage and a hit is critical.
bool Party::strike(size_t c, int n, Body& attacker, Body& target, Stream& s, Seconds t,
                   EventLog* log) const {
  const Combatant& k = cfg_.combatants[c];
  const PartyAttack& a = k.attacks[static_cast<size_t>(n)];
  if (n == 0) attacker.sneak_done = false;
  const bool unconscious = target.hp == 0;
  bool hit = false;
  bool crit = false;
  int roll = 0;
  if (a.hit_chance) {
    hit = s.chance(*a.hit_chance);
    crit = hit && a.crit_chance > 0.0 && s.chance(a.crit_chance);
  } else {
    roll = s.die(20);
    if (unconscious && a.melee) roll = std::max(roll, s.die(20));
    hit = roll == 20 || (roll != 1 && roll + a.attack_bonus >= cfg_.combatants[target.c].ac);
    crit = roll == 20;
  }
  if (hit && unconscious && a.melee) crit = true;
  if (!hit) {
    note(log, t, [&] { return k.name + " misses " + name(target) + " (" + a.name + ")"; });
    return false;
  }
  int64_t dmg = a.damage.roll(s) + (crit ? a.crit_extra.roll(s) : 0);
  if (k.sneak_attack && !attacker.sneak_done) {
    attacker.sneak_done = true;
    dmg += k.sneak_attack->roll(s) + (crit ? k.sneak_crit.roll(s) : 0);
  }
  const int amount = static_cast<int>(std::max<int64_t>(dmg, 0));
  note(log, t, [&] {
    return k.name + " hits " + name(target) + " (" + a.name + (crit ? ", critical" : "") +
           ") for " + std::to_string(amount);
  });
  damage(target, amount, crit, t, log);
  return true;
}

// Healing Word or Cure Wounds while uses last (SRD: a creature at 0 HP that regains hit points
// is conscious, its death saves reset); else a Medicine check to stabilise the dying.
fight::Cost Party::pick_up(Body& helper, Body& patient, Stream& s, Seconds t, EventLog* log) const {
  const Heals& h = *cfg_.combatants[helper.c].heals;
  if (helper.uses > 0) {
    --helper.uses;
    ++helper.heals_given;
    const int amount = static_cast<int>(std::max<int64_t>(h.dice->roll(s), 1));
    revive(patient, amount, t);
    note(log, t, [&] {
      return name(helper) + " heals " + name(patient) + " for " + std::to_string(amount);
    });
    return h.bonus_action ? fight::Cost::Bonus : fight::Cost::Action;
  }
  if (!h.medicine || !dying(patient)) return fight::Cost::Bonus;
  const int roll = s.die(20);
  if (roll + *h.medicine >= kStabiliseDc) {
    patient.stable = true;
    patient.successes = patient.failures = 0;
  }
  note(log, t, [&] {
    return name(helper) + " tends " + name(patient) + ": Medicine " + std::to_string(roll) +
           (patient.stable ? ", stable" : ", fails");
  });
  return fight::Cost::Action;
}

Outcome Party::run_trial(TrialContext& ctx) const {
  std::array<Body, fight::kMaxCombatants> bodies;
  const size_t n = combatants();
  for (size_t c = 0; c < n; ++c) bodies[c] = fresh(c);
  const fight::Result res = fight::play(*this, std::span<Body>(bodies.data(), n), cfg_.members,
                                        ctx.rng, cfg_.policies, ctx.log);
  Outcome o;
  o.measure(kFightLength, res.fight_end);
  if (res.ending == fight::Ending::Won) o.count(kFightWon);
  if (res.ending == fight::Ending::Fell) o.count(kPartyFell);
  for (size_t c = cfg_.members; c < n; ++c)
    if (bodies[c].dead) o.count(kOpponentsDefeated);

  // The stable wake with 1 HP (option stable_wake, SRD 1d4 hours); then one long rest, once
  // every survivor is awake, brings every member back to full HP (SRD "Long Rest").
  uint32_t deaths = 0;
  Seconds first_death = -1, awake = res.end, first_down = -1, last_up = 0;
  bool hurt = false;
  for (size_t c = 0; c < cfg_.members; ++c) {
    Body& b = bodies[c];
    o.count(kMemberCounters + 2 * c, b.falls);
    o.count(kHealsUsed, b.heals_given);
    if (b.down_first >= 0 && (first_down < 0 || b.down_first < first_down))
      first_down = b.down_first;
    if (b.dead) {
      ++deaths;
      o.count(kMemberCounters + 2 * c + 1);
      if (first_death < 0 || b.died_at < first_death) first_death = b.died_at;
      continue;
    }
    if (b.hp == 0) {
      Stream s = open(ctx.rng, streams::combatant_recovery(c));
      b.up_last = res.end + cfg_.options.stable_wake.sample(s);
      b.hp = 1;
      note(ctx.log, b.up_last, [&] { return name(b) + " wakes with 1 HP"; });
    }
    awake = std::max(awake, b.up_last);
    if (b.down_first >= 0) last_up = std::max(last_up, b.up_last);
    hurt = hurt || b.hp < cfg_.combatants[c].max_hp;
  }
  o.count(kDeaths, deaths);
  if (deaths > 0) {
    o.end = static_cast<uint16_t>(deaths - 1);
    o.end_time = first_death;
    o.measure(kPartyTimeToDeath, first_death);
    return o;
  }
  const Seconds full = hurt ? awake + cfg_.long_rest : res.end;
  const uint16_t recovered = static_cast<uint16_t>(cfg_.members);
  if (full > cfg_.horizon) {
    o.end = static_cast<uint16_t>(recovered + 1);
    o.end_time = cfg_.horizon;
    return o;
  }
  if (hurt)
    note(ctx.log, full, [] { return std::string("after a long rest, everyone is at full HP"); });
  o.end = recovered;
  o.end_time = full;
  o.measure(kPartyDowntime, hurt ? full : 0);
  if (first_down >= 0) o.measure(kOutOfAction, last_up - first_down);
  return o;
}

}  // namespace leth::dnd5e
