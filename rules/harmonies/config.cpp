#include "rules/harmonies/config.h"

#include "rules/common/aftercare.h"
#include "scenarios/encounter.h"
#include "sim/core/substreams.h"

namespace leth::harmonies {

const std::vector<OptionSpec>& option_specs() {
  using K = OptionSpec::Kind;
  static const std::vector<OptionSpec> specs = {
      {"open_rolls",
       K::Bool,
       "false",
       {},
       0,
       0,
       "open rolls (±d10°): a die showing 10 is rolled again and adds 10, on either die "
       "(seeds/README); off: ±d10 = d10 - d10, -9..+9"},
      {"success",
       K::Choice,
       "\"at_least_zero\"",
       {"at_least_zero", "above_zero"},
       0,
       0,
       "a test succeeds when roll + level + difficulty reaches 0 (seeds/README), or only "
       "when it exceeds 0"},
      {"pain_per_penalty",
       K::Int,
       "1",
       {},
       1,
       10,
       "pain points for each -1 of penalty on every test (001: Géraldine's 5 pain is -5)"},
      {"healing_after_drop",
       K::Choice,
       "\"full_period\"",
       {"full_period", "counted_from_rest"},
       0,
       0,
       "a wound healed down a level rests that level's whole healing period again before its "
       "next roll (a critical wound: 2 weeks + 1 week + 2 days), or the period counts from "
       "the start of the rest (2 weeks in all)"},
      {"failed_stable_roll",
       K::Choice,
       "\"resume\"",
       {"resume", "restart_rest"},
       0,
       0,
       "after a failed survival roll while stable, once stabilised again: the rest already "
       "done still counts, or every wound's healing period starts over (001 says so only of a "
       "missed surveillance)"},
      {"failed_healing_rest",
       K::Choice,
       "\"every_wound\"",
       {"every_wound", "treated_wound"},
       0,
       0,
       "after a failed healing roll, once stabilised again, the healer waits \"la fin de la "
       "prochaine période de guérison\" (001): every wound's rest starts over, or only the "
       "treated wound's (the others keep the rest they have done)"},
      {"surveillance",
       K::Choice,
       "\"until_healed\"",
       {"until_healed", "minimum_rest"},
       0,
       0,
       "the surveillances of therapeutic rest (001: \"Durant cette période\"): until no wound "
       "is left, or only during the minimum rest (the worst wound's healing period)"},
      {"mental_healing",
       K::Choice,
       "\"none\"",
       {"none", "rest"},
       0,
       0,
       "001 leaves mental healing to the GM: none (mental wounds stay), or each drops a level "
       "after the wound table's healing period of its level, lightest first, without a roll"},
  };
  return specs;
}

Options read_rule_options(Reader& r) {
  const OptionValues v = read_options(r.get_table("options"), option_specs());
  Options o;
  o.open_rolls = v.flag("open_rolls");
  o.strict_success = v.choice("success") == "above_zero";
  o.pain_per_penalty = static_cast<int>(v.integer("pain_per_penalty"));
  o.full_period_after_drop = v.choice("healing_after_drop") == "full_period";
  o.restart_rest_on_stable_failure = v.choice("failed_stable_roll") == "restart_rest";
  o.failed_healing_restarts_all = v.choice("failed_healing_rest") == "every_wound";
  o.surveillance_until_healed = v.choice("surveillance") == "until_healed";
  o.mental_healing =
      v.choice("mental_healing") == "rest" ? MentalHealing::Rest : MentalHealing::None;
  return o;
}

namespace {

constexpr const char* kLevelKeys[kLevels] = {"light", "grave", "critical"};
constexpr const char* kMentalKeys[kLevels] = {"shock", "trauma", "psychosis"};

int skill(Reader& r, const char* key, int fallback) {
  return static_cast<int>(r.get_int(key, -30, 30, fallback));
}

Character read_character(Reader& r) {
  Character c;
  c.survival = static_cast<int>(r.need_int("survival", -30, 30));
  c.fainting = skill(r, "fainting", c.survival);
  c.will = skill(r, "will", c.fainting);
  c.first_aid = skill(r, "first_aid", -5);
  c.self_help = r.get_bool("self_help", true);
  const WoundTable& wt = wound_table();
  const MentalTable& mt = mental_table();
  auto caps = r.get_table("caps");
  auto mental_caps = r.get_table("mental_caps");
  auto wounds = r.get_table("wounds");
  for (int i = 0; i < kLevels; ++i) {
    const size_t l = static_cast<size_t>(i);
    c.caps[l] =
        caps ? static_cast<int>(caps->get_int(kLevelKeys[i], 0, kMaxCap, wt[l].max)) : wt[l].max;
    c.mental_caps[l] =
        mental_caps ? static_cast<int>(mental_caps->get_int(kMentalKeys[i], 0, kMaxCap, mt[l].max))
                    : mt[l].max;
    if (wounds) {
      c.wounds[l] = static_cast<int>(wounds->get_int(kLevelKeys[i], 0, kMaxCap, 0));
      if (c.wounds[l] > c.caps[l])
        wounds->fail(kLevelKeys[i],
                     std::to_string(c.wounds[l]) + " " + kLevelKeys[i] + " wounds, over the cap " +
                         std::to_string(c.caps[l]),
                     "a character holds at most its cap of each level ([character.caps])");
    }
  }
  c.pain = r.get_int("pain", 0, 1000);
  // The starting pain is the starting wounds' (seeds/README: pain recovers, never below the
  // mortality); without wounds it would change nothing.
  if (c.pain && c.wounds == std::array<int, kLevels>{})
    r.fail("pain", "pain without starting wounds",
           "pain sets the starting wounds' pain: give [character.wounds] too, or drop pain");
  c.trigger_share = r.get_number("trigger_share", 0.0, 1.0, 1.0);
  c.faint_duration =
      r.get_duration("faint_duration", 30 * kDay).value_or(Duration::fixed(10 * kMinute));
  return c;
}

Attack read_attack(Reader& r, size_t index) {
  Attack a;
  a.name = r.get_string("name").value_or("attacker " + std::to_string(index));
  a.count = static_cast<int>(r.get_int("count", 1, kMaxAttackerCount, 1));
  a.track = r.get_choice("track", {"physical", "mental"}).value_or("physical") == "mental"
                ? Track::Mental
                : Track::Physical;
  a.hit_chance = r.get_number("hit_chance", 0.0, 1.0, 1.0);
  auto wound = r.get_table("wound");
  const bool has_damage = r.has("damage");
  if (wound && has_damage)
    r.fail("damage", "both wound and damage",
           "give the wound a hit inflicts either as chances (wound = { light = 0.5, ... }) or "
           "as a damage margin with grave_at and critical_at");
  if (!wound && !has_damage)
    r.fail_here("missing the wound a hit inflicts",
                "add wound = { light = 0.6, grave = 0.3, critical = 0.1 }, or damage = \"1d10\" "
                "with grave_at and critical_at");
  if (wound) {
    std::array<double, kLevels> cum{};
    double sum = 0;
    for (int i = 0; i < kLevels; ++i) {
      sum += wound->get_number(kLevelKeys[i], 0.0, 1.0, 0.0);
      cum[static_cast<size_t>(i)] = sum;
    }
    if (sum > 1.0 + 1e-9)
      wound->fail_here("the chances of a light, grave and critical wound add up to more than 1",
                       "they are the chances per hit; what is left is a hit without a wound");
    a.chances = cum;
    for (const char* k : {"grave_at", "critical_at"})
      if (r.has(k))
        r.fail(k, std::string(k) + " without damage", "thresholds apply to a damage margin");
  } else {
    a.damage = r.need_dice("damage", -1000, 1000);
    a.grave_at = static_cast<int>(r.need_int("grave_at", 1, 1000));
    a.critical_at = static_cast<int>(r.need_int("critical_at", 1, 1000));
    if (a.critical_at <= a.grave_at)
      r.fail("critical_at",
             "critical_at " + std::to_string(a.critical_at) + " is not above grave_at " +
                 std::to_string(a.grave_at),
             "a margin of grave_at or more is grave, of critical_at or more critical");
  }
  if (a.track == Track::Mental)
    a.will_difficulty = static_cast<int>(r.get_int("will_difficulty", -30, 30, 0));
  a.keep_attacking_downed = r.get_number("keep_attacking_downed", 0.0, 1.0, 0.0);
  a.first_round = static_cast<int>(r.get_int("first_round", 1, kMaxRounds, 1));
  a.last_round = static_cast<int>(r.get_int("last_round", 1, kMaxRounds, kMaxRounds));
  if (a.last_round < a.first_round)
    r.fail("last_round", "last_round " + std::to_string(a.last_round) +
                             " comes before first_round " + std::to_string(a.first_round));
  return a;
}

Encounter read_encounter(Reader& r) {
  Encounter e;
  auto enc = r.get_table("encounter");
  if (!enc) return e;  // no fight: the starting wounds alone
  e.rounds = enc->get_dice("rounds", 1, kMaxRounds).value_or(Dice::constant(1));
  e.effort_worsening = enc->get_number("effort_worsening", 0.0, 1.0, 0.0);
  e.stop_when_fainted = enc->get_bool("stop_when_fainted", false);
  std::vector<Reader> attackers = enc->get_tables("attackers");
  size_t actors = 0;
  for (size_t i = 0; i < attackers.size(); ++i) {
    e.attacks.push_back(read_attack(attackers[i], i + 1));
    actors += static_cast<size_t>(e.attacks.back().count);
  }
  if (actors >= streams::kMaxActors)
    enc->fail_here("more than " + std::to_string(streams::kMaxActors - 1) + " creatures",
                   "split the scenario");
  return e;
}

Aftercare read_aftercare(Reader& r) {
  Aftercare a;
  auto t = r.get_table("aftercare");
  if (!t) return a;
  auto arrives = t->get_duration("help_arrives", Scenario::kMaxHorizon);
  if (!arrives) t->fail_here("missing key 'help_arrives'", "add help_arrives = \"30 minutes\"");
  a.present = true;
  a.arrives = *arrives;
  a.helpers = static_cast<int>(t->get_int("helpers", 1, 20, 1));
  a.first_aid = t->get_int("first_aid", -30, 30);
  if (auto d = t->get_fixed_duration("attempt_time", kDay, "\"1 minute\"", 1)) a.attempt_time = *d;
  a.neglect = t->get_number("neglect", 0.0, 1.0, 0.0);
  a.healer = t->get_int("healer", -30, 30);
  a.equipment = static_cast<int>(t->get_int("equipment", -30, 0, 0));
  require_help_that_acts(*t, a.first_aid || a.healer,
                         "first_aid = 3 (to stabilise) or healer = -2 (to heal)");
  return a;
}

Recovery read_recovery(Reader& r) {
  Recovery rec;
  auto t = r.get_table("recovery");
  if (!t) return rec;
  // One pain point comes back per this time.
  if (auto d = t->get_fixed_duration("pain_recovery", 52 * kWeek, "\"1 hour\"", 1))
    rec.pain_every = *d;
  return rec;
}

}  // namespace

Config read_config(const Scenario& s, size_t v) {
  Reader r = s.section_reader(v);
  Config c;
  c.horizon = s.horizon;
  c.options = read_rule_options(r);
  auto ch = r.get_table("character");
  if (!ch) r.fail_here("missing [character]", "add [character] with survival (Cp+Rs)");
  c.character = read_character(*ch);
  c.encounter = read_encounter(r);
  c.aftercare = read_aftercare(r);
  c.recovery = read_recovery(r);
  int held = 0;
  for (int w : c.character.wounds) held += w;
  if (held == 0 && c.encounter.attacks.empty())
    r.fail_here("nothing can hurt the character",
                "add [[encounter.attackers]] or starting wounds in [character.wounds]");
  return c;
}

}  // namespace leth::harmonies
