#include "rules/flux/config.h"

#include <algorithm>

#include "sim/core/substreams.h"

namespace leth::flux {

const std::vector<OptionSpec>& option_specs() {
  using K = OptionSpec::Kind;
  static const std::vector<OptionSpec> specs = {
      {"damage_at_zero",
       K::Choice,
       "\"test_again\"",
       {"test_again", "no_test"},
       0,
       0,
       "damage taken while acting at 0 PV or less after a passed Survival test: a new Survival "
       "test (failure: coma at once), or only the PV loss (002 is silent)"},
      {"stat_floor",
       K::Int,
       "0",
       {},
       -10,
       10,
       "the lowest value a sequela can take a stat to (002 is silent; 0: a stat can reach 0 "
       "but not go below)"},
      {"cushion_test",
       K::Bool,
       "false",
       {},
       0,
       0,
       "002: a fall with cushion = \"test\" is cushioned by an ADR test only \"si le MJ lui "
       "autorise\"; false: the GM refuses and the fall is taken in full"},
      {"clinic_when_sick",
       K::Bool,
       "true",
       {},
       0,
       0,
       "the clinic's 1d4 PV a night still comes when a disease caps the night's recovery (002 "
       "is silent); false: the disease's cap applies to the clinic's PV too"},
      {"healed_coma_sequela",
       K::Bool,
       "true",
       {},
       0,
       0,
       "a character healed above 0 PV in the coma before any stabilisation (by the helper's "
       "concoction) wakes at once: with a sequela (true), as on waking from a stabilised coma, "
       "or without (false); 002 is silent"},
      {"test_at_coma_onset",
       K::Bool,
       "true",
       {},
       0,
       0,
       "a coma that begins already past -VAI (a big blow): the first Survival test at once "
       "(true), or at the first hour's PV loss (false); 002 says only that the test comes "
       "hourly once the negative PV exceed VAI"},
      {"test_when_struck",
       K::Bool,
       "true",
       {},
       0,
       0,
       "a comatose character struck past -VAI: a Survival test at once (true), or only the "
       "PV lost, seen by the next hourly test (false); 002 is silent"},
      {"exhausted_into_coma",
       K::Bool,
       "false",
       {},
       0,
       0,
       "the exhaustion of a character who passed the test at 0 PV and acted on (\"en subissant "
       "l'état exténué\") lasts through the coma until the first rest after waking: odd d20s "
       "count 0 on the Survival tests of the coma and on waking (true), or ends when the coma "
       "begins (false); 002 is silent"},
  };
  return specs;
}

const DamageVocabulary& vocabulary() {
  // 002 names no damage types; falls are their own hazard.
  static const DamageVocabulary v{{"physical"}, {Channel::Lethal}, "physical"};
  return v;
}

const char* state_name(State s) {
  static constexpr const char* kNames[] = {"shaken",      "exhausted", "hindered",
                                           "immobilised", "paralysed", "surprised"};
  return kNames[static_cast<int>(s)];
}

Resolution read_resolution(Reader& r) {
  Resolution res;
  if (auto t = r.get_table("resolution"))
    res.difficulty = static_cast<int>(t->get_int("difficulty", -100, 200, 15));
  return res;
}

Options read_rule_options(Reader& r) {
  const OptionValues v = read_options(r.get_table("options"), option_specs());
  Options o;
  o.damage_at_zero =
      v.choice("damage_at_zero") == "no_test" ? DamageAtZero::NoTest : DamageAtZero::TestAgain;
  o.stat_floor = static_cast<int>(v.integer("stat_floor"));
  o.cushion_test = v.flag("cushion_test");
  o.clinic_when_sick = v.flag("clinic_when_sick");
  o.healed_coma_sequela = v.flag("healed_coma_sequela");
  o.test_at_coma_onset = v.flag("test_at_coma_onset");
  o.test_when_struck = v.flag("test_when_struck");
  o.exhausted_into_coma = v.flag("exhausted_into_coma");
  return o;
}

Character read_character(Reader& r) {
  Character c;
  c.max_pv = static_cast<int>(r.need_int("max_pv", 1, 10000));
  c.pv = static_cast<int>(r.get_int("pv", 1, c.max_pv, c.max_pv));
  c.max_flux = static_cast<int>(r.get_int("max_flux", 0, 10000, 10));
  c.flux = static_cast<int>(r.get_int("flux", 0, c.max_flux, c.max_flux));
  c.pa = static_cast<int>(r.get_int("pa", 0, 1000, 0));
  static constexpr const char* kKeys[] = {"adr", "pui", "ins", "pre", "vai", "sav"};
  for (int k = 0; k < kStatCount; ++k)
    c.stats[static_cast<size_t>(k)] = static_cast<int>(r.get_int(kKeys[k], -10, 100, 0));
  c.survival = static_cast<int>(r.get_int("survival", -20, 100, 0));
  c.sequelae = static_cast<int>(r.get_int("sequelae", 0, 100, 0));
  if (auto states = r.get_string("states")) {
    // A comma-separated list: "shaken, immobilised".
    std::string s = *states;
    size_t at = 0;
    while (at <= s.size()) {
      size_t end = s.find(',', at);
      if (end == std::string::npos) end = s.size();
      std::string word = s.substr(at, end - at);
      word.erase(0, word.find_first_not_of(' '));
      word.erase(word.find_last_not_of(' ') + 1);
      bool found = false;
      std::vector<std::string> names;
      for (int k = 0; k < kStateCount; ++k) {
        names.push_back(state_name(static_cast<State>(k)));
        if (word == names.back()) c.states[static_cast<size_t>(k)] = found = true;
      }
      if (!word.empty() && !found) {
        const std::string near = nearest(word, names);
        r.fail("states", "unknown state \"" + word + "\"",
               near.empty() ? "states: shaken, exhausted, hindered, immobilised, paralysed, "
                              "surprised"
                            : "did you mean \"" + near + "\"?");
      }
      at = end + 1;
    }
  }
  return c;
}

namespace {

// The least time between two hour rests' starts.
constexpr Seconds kMinHourRestEvery = 2 * kHour;
// The fight's rounds of 6 s, at most an hour's.
constexpr int kMaxFightRounds = static_cast<int>(kHour / kRound);

std::optional<Fall> read_fall(Reader& enc, const Options& opt) {
  auto f = enc.get_table("fall");
  if (!f) return std::nullopt;
  Fall fall;
  const bool moving = f->get_bool("moving", false);
  fall.floors = f->get_int("floors", 1, FallTable::kFloors);
  if (moving == fall.floors.has_value())
    f->fail_here(moving ? "give floors or moving = true, not both" : "missing key 'floors'",
                 "floors = 1..6 for a fall from a height; moving = true for a fall at speed "
                 "(a galloping horse)");
  fall.surface_name = f->get_choice("surface", {"normal", "rough", "soft"}).value_or("normal");
  fall.surface = fall.surface_name == "rough"  ? fall_table().rough
                 : fall.surface_name == "soft" ? fall_table().soft
                                               : 0;
  const std::string c = f->get_choice("cushion", {"none", "test", "spell"}).value_or("none");
  fall.cushion = c == "spell"                      ? Fall::Cushion::Spell
                 : c == "test" && opt.cushion_test ? Fall::Cushion::Test
                                                   : Fall::Cushion::None;
  return fall;
}

std::optional<Disease> read_disease(Reader& enc) {
  auto d = enc.get_table("disease");
  if (!d) return std::nullopt;
  Disease out;
  std::vector<std::string> names;
  for (const Severity& s : kSeverities) names.push_back(s.name);
  const auto sev = d->get_choice("severity", names);
  if (!sev)
    d->fail_here("missing key 'severity'",
                 "add severity = \"sick\" (light, sick, severe, critical)");
  out.severity = static_cast<int>(std::find(names.begin(), names.end(), *sev) - names.begin());
  if (auto on = d->get_fixed_duration("onset", Scenario::kMaxHorizon, "\"2 days\""))
    out.onset = *on;
  out.remedy = d->get_bool("remedy", false);
  return out;
}

std::optional<Helper> read_aftercare(Reader& r) {
  auto a = r.get_table("aftercare");
  if (!a) return std::nullopt;
  Helper h;
  const auto arrives = a->get_duration("help_arrives", Scenario::kMaxHorizon);
  if (!arrives) a->fail_here("missing key 'help_arrives'", "add help_arrives = \"2 hours\"");
  h.arrives = *arrives;
  h.medicine = static_cast<int>(a->need_int("medicine", -20, 100));
  h.attempts_per_hour = static_cast<int>(a->get_int("attempts_per_hour", 1, 60, 1));
  h.equipment = a->get_bool("equipment", true);
  h.concoction = a->get_dice("concoction", 0, 1000);
  h.concoction_uses = static_cast<int>(a->get_int("concoction_uses", 0, 100, h.concoction ? 1 : 0));
  if (h.concoction_uses > 0 && !h.concoction)
    a->fail("concoction_uses", "concoction_uses without concoction",
            "add concoction = \"2d4\" (the PV it restores)");
  return h;
}

Recovery read_recovery(Reader& r) {
  Recovery rec;
  auto t = r.get_table("recovery");
  if (!t) return rec;
  auto fixed = [&](const char* key, Seconds max, Seconds fallback, Seconds min = 0,
                   const char* example = "\"8 hours\"") {
    return t->get_fixed_duration(key, max, example, min).value_or(fallback);
  };
  rec.first_night = fixed("first_night", 7 * kDay, rec.first_night);
  rec.sleep = fixed("sleep", kDay, rec.sleep, 1);  // a night of no sleep is no night
  rec.poor_sleep = t->get_choice("sleep_quality", {"good", "poor"}).value_or("good") == "poor";
  rec.hour_rests = t->get_bool("hour_rests", true);
  // 002: "un repos par demi-journée", the GM free to change it; an hour's rest lasts an hour,
  // and two never meet.
  rec.hour_rest_every =
      fixed("hour_rest_every", 7 * kDay, rec.hour_rest_every, kMinHourRestEvery, "\"12 hours\"");
  rec.clinic_travel = t->get_duration("clinic_travel", Scenario::kMaxHorizon);
  rec.concoction = t->get_dice("concoction", 0, 1000);
  if (rec.concoction && !rec.clinic_travel)
    t->fail("concoction", "a concoction without a clinic",
            "002: concoctions are given in clinics; add clinic_travel = \"1 day\"");
  return rec;
}

}  // namespace

Config read_config(const Scenario& s, size_t v) {
  // The rule tables are read (and a bad replacement reported) at load, never mid-run.
  (void)fall_table();
  (void)sequela_table();
  Reader r = s.section_reader(v);
  Config c;
  c.horizon = s.horizon;
  c.options = read_rule_options(r);
  c.resolution = read_resolution(r);
  auto ch = r.get_table("character");
  if (!ch) r.fail_here("missing [character]", "add [character] with max_pv, vai, pa");
  c.character = read_character(*ch);
  auto enc = r.get_table("encounter");
  if (!enc) r.fail_here("missing [encounter]", "add [encounter] and [[encounter.attackers]]");
  // The coma's hours are counted after the fight: keep the fight within an hour. Read here
  // first, so that `lethality rules flux` lists the range flux accepts.
  (void)enc->get_dice("rounds", 1, kMaxFightRounds);
  c.encounter = read_encounter_common(*enc);
  if (auto sc = enc->get_fixed_duration("scene", kDay, "\"10 minutes\"")) c.scene = *sc;
  std::vector<Reader> attackers = enc->get_tables("attackers");
  size_t actors = 0;
  for (size_t i = 0; i < attackers.size(); ++i) {
    // 002 prints no attack roll: an attacker has one damage and a chance to hit, no profiles.
    c.attackers.push_back(read_attacker(attackers[i], vocabulary(), i + 1, false));
    if (!c.attackers.back().hit_chance) c.attackers.back().hit_chance = 1.0;
    actors += static_cast<size_t>(c.attackers.back().count);
  }
  if (actors >= streams::kMaxActors)
    enc->fail_here("more than " + std::to_string(streams::kMaxActors - 1) + " creatures",
                   "split the scenario");
  c.fall = read_fall(*enc, c.options);
  c.disease = read_disease(*enc);
  if (attackers.empty() && !c.fall && !c.disease)
    enc->fail_here("nothing happens",
                   "add [[encounter.attackers]], [encounter.fall] or "
                   "[encounter.disease]");
  c.helper = read_aftercare(r);
  c.recovery = read_recovery(r);
  return c;
}

}  // namespace leth::flux
