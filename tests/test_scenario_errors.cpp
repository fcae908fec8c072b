// Bad scenario files: every kind of mistake a designer makes gets one exact message that
// names the file, line, column and key path, and suggests the nearest valid key or value.
// Line numbers below count lines of test::pf2_scenario() (see tests/support.cpp): the
// [[encounter.attackers]] table is lines 15-19 and `extra` starts on line 20.
#include <catch2/catch.hpp>

#include <fstream>
#include <iterator>
#include <variant>

#include "sim/core/number.h"
#include "sim/engine/registry.h"
#include "tests/support.h"

using namespace leth;

namespace {

// `text` with the first `from` replaced by `to` (the test fails if `from` is absent).
std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const size_t at = text.find(from);
  REQUIRE(at != std::string::npos);
  return text.replace(at, from.size(), to);
}

struct Bad {
  std::string path;     // where the file was written
  std::string message;  // the InputError's message
};

// Writes `toml` to temp_dir()/name and loads it as `lethality run` would.
Bad load_bad(const std::string& toml, const std::string& name) {
  Bad b;
  b.path = test::write_file(name, toml);
  b.message = test::error_of([&] { load_scenario(b.path); });
  return b;
}

const pf2::Config& config_of(const LoadedScenario& ls, size_t v) {
  return std::get<pf2::Model>(ls.models.at(v)).config();
}

}  // namespace

TEST_CASE("a valid scenario loads without error", "[errors]") {
  CHECK(test::error_of([] { test::load_text(test::pf2_scenario(), "valid.toml"); }) == "");
  CHECK(test::error_of([] {
          load_scenario(test::source_path("scenarios/examples/pf2-lone-fighter-ambush.toml"));
        }) == "");
}

TEST_CASE("malformed TOML is located", "[errors]") {
  const Bad b = load_bad("name = \"x\"\nruleset = = \"pf2\"\n", "malformed.toml");
  CHECK(b.message == b.path +
                         ":2:11: error: malformed TOML: Error while parsing value: could not "
                         "determine value type");
  // A table defined twice is a TOML error too.
  const Bad twice = load_bad(test::pf2_scenario("[character]\n"), "table-twice.toml");
  CHECK(twice.message == twice.path +
                             ":20:1: error: malformed TOML: Error while parsing table header: "
                             "cannot redefine existing table 'character'");
}

TEST_CASE("an unknown top-level key suggests the nearest key", "[errors]") {
  const Bad b =
      load_bad(replaced(test::pf2_scenario(), "trials = 1000", "trails = 1000"), "trails.toml");
  CHECK(b.message == b.path + ":3:1: error: trails: unknown key (did you mean 'trials'?)");
}

TEST_CASE("unusual unknown keys are reported, not crashed on", "[errors]") {
  SECTION("a non-ASCII key") {
    const Bad b = load_bad(replaced(test::pf2_scenario(), "trials = 1000", "\"trïals\" = 1000"),
                           "utf8-key.toml");
    CHECK(b.message == b.path + ":3:1: error: trïals: unknown key (did you mean 'trials'?)");
  }
  SECTION("a very long key") {
    const std::string key(100000, 'k');
    const Bad c = load_bad(replaced(test::pf2_scenario(), "con = 2", key + " = 2"), "long.toml");
    CHECK(c.message == c.path + ":10:1: error: character." + key +
                           ": unknown key (valid keys here: ac, con, doomed, fortitude, "
                           "hero_points, level, max_hp, reflex, temp_hp, will, wounded)");
  }
}

TEST_CASE("an unknown key in [character] suggests the nearest key", "[errors]") {
  const Bad b = load_bad(replaced(test::pf2_scenario(), "fortitude = 7", "fortitud = 7"),
                         "character-typo.toml");
  CHECK(b.message ==
        b.path + ":9:1: error: character.fortitud: unknown key (did you mean 'fortitude'?)");
}

TEST_CASE("an unknown key in an attacker table suggests the nearest key", "[errors]") {
  const Bad b = load_bad(test::pf2_scenario("keep_attacking_downd = 0.5\n"), "attacker-typo.toml");
  CHECK(b.message == b.path +
                         ":20:1: error: encounter.attackers[1].keep_attacking_downd: unknown key "
                         "(did you mean 'keep_attacking_downed'?)");
}

TEST_CASE("an unknown option in a variant suggests the nearest option", "[errors]") {
  const Bad b = load_bad(test::pf2_scenario(R"([[variants]]
name = "flat"
options = { recovry_check = "flat" }
)"),
                         "variant-option-typo.toml");
  // Line 22, column 13: the key inside the inline table.
  CHECK(b.message == b.path +
                         ":22:13: error: variants[1].options.recovry_check: unknown key (did "
                         "you mean 'recovery_check'?)");
}

TEST_CASE("a typo in a required key is reported as the typo, not as a missing key", "[errors]") {
  SECTION("a section") {
    const Bad b =
        load_bad(replaced(test::pf2_scenario(), "[character]", "[charactr]"), "section-typo.toml");
    CHECK(b.message == b.path + ":6:2: error: charactr: unknown key (did you mean 'character'?)");
  }
  SECTION("a key in an attacker") {
    const Bad b = load_bad(replaced(test::pf2_scenario(), "damage = \"1d6\"", "damgae = \"1d6\""),
                           "required-typo.toml");
    CHECK(b.message == b.path +
                           ":18:1: error: encounter.attackers[1].damgae: unknown key (did you "
                           "mean 'damage'?)");
  }
}

TEST_CASE("a string where an integer is expected", "[errors]") {
  const Bad b = load_bad(replaced(test::pf2_scenario(), "trials = 1000", "trials = \"1000\""),
                         "trials-string.toml");
  CHECK(b.message == b.path + ":3:10: error: trials: expected an integer, got a string");
}

TEST_CASE("an integer where a duration is expected", "[errors]") {
  const Bad b = load_bad(replaced(test::pf2_scenario(), "seed = 7", "seed = 7\nhorizon = 30"),
                         "horizon-integer.toml");
  CHECK(b.message == b.path +
                         ":5:11: error: horizon: a duration needs a unit (write e.g. \"30 "
                         "minutes\"; units: seconds (s, sec), rounds (6 s), minutes (min), "
                         "hours (h), days, weeks)");
}

TEST_CASE("zero and negative trials are refused", "[errors]") {
  const Bad zero =
      load_bad(replaced(test::pf2_scenario(), "trials = 1000", "trials = 0"), "trials-0.toml");
  CHECK(zero.message == zero.path +
                            ":3:10: error: trials: 0 is out of range (expected an integer from "
                            "1 to 1000000000000)");
  const Bad negative =
      load_bad(replaced(test::pf2_scenario(), "trials = 1000", "trials = -5"), "trials-neg.toml");
  CHECK(negative.message == negative.path +
                                ":3:10: error: trials: -5 is out of range (expected an integer "
                                "from 1 to 1000000000000)");
}

TEST_CASE("trials above 10^12 are refused", "[errors]") {
  const Bad b =
      load_bad(replaced(test::pf2_scenario(), "trials = 1000", "trials = 1_000_000_000_001"),
               "trials-big.toml");
  CHECK(b.message == b.path +
                         ":3:10: error: trials: 1000000000001 is out of range (expected an "
                         "integer from 1 to 1000000000000)");
  // 10^12 itself is allowed.
  CHECK(test::error_of([] {
          test::load_text(
              replaced(test::pf2_scenario(), "trials = 1000", "trials = 1_000_000_000_000"),
              "trials-max.toml");
        }) == "");
}

TEST_CASE("trials and seed read as on the command line", "[errors]") {
  // Whole numbers in exponent form are accepted, as --trials 1e5 is.
  const LoadedScenario ls =
      test::load_text(replaced(replaced(test::pf2_scenario(), "trials = 1000", "trials = 2.5e3"),
                               "seed = 7", "seed = 1e2"),
                      "trials-exp.toml");
  CHECK(ls.scenario.trials == 2500);
  CHECK(ls.scenario.seed == 100);
  const std::string forms = std::string("; ") + kWholeNumberForms + ")";
  const Bad half =
      load_bad(replaced(test::pf2_scenario(), "trials = 1000", "trials = 1.5"), "trials-half.toml");
  CHECK(half.message == half.path +
                            ":3:10: error: trials: 1.5 is not a whole number (expected an integer "
                            "from 1 to 1000000000000" +
                            forms);
  const Bad milli =
      load_bad(replaced(test::pf2_scenario(), "seed = 7", "seed = 1e-3"), "seed-milli.toml");
  CHECK(milli.message == milli.path +
                             ":4:8: error: seed: 1e-3 is not a whole number (expected an integer "
                             "from 0 to 9223372036854775807" +
                             forms);
  const Bad big = load_bad(replaced(test::pf2_scenario(), "trials = 1000", "trials = 1e13"),
                           "trials-1e13.toml");
  CHECK(big.message == big.path +
                           ":3:10: error: trials: 10000000000000 is out of range (expected an "
                           "integer from 1 to 1000000000000)");
  // Other integers stay integers.
  const Bad hp =
      load_bad(replaced(test::pf2_scenario(), "max_hp = 20", "max_hp = 2e1"), "hp-exp.toml");
  CHECK(hp.message ==
        hp.path + ":7:10: error: character.max_hp: expected an integer, got a number");
}

TEST_CASE("a d0 die is refused at the 0", "[errors]") {
  const Bad b = load_bad(replaced(test::pf2_scenario(), "\"1d6\"", "\"1d0\""), "d0.toml");
  // damage = "1d0": the quote is column 10, the 0 column 13.
  CHECK(b.message == b.path +
                         ":18:13: error: encounter.attackers[1].damage: a d0 die has no faces "
                         "in \"1d0\" (dice have at least 1 side, e.g. \"1d6\")");
}

TEST_CASE("a term with 10^12 dice is refused", "[errors]") {
  const Bad b =
      load_bad(replaced(test::pf2_scenario(), "\"1d6\"", "\"1000000000000d6\""), "many-dice.toml");
  CHECK(b.message == b.path +
                         ":18:11: error: encounter.attackers[1].damage: 1000000000000 dice in one "
                         "term in \"1000000000000d6\" (at most 1000)");
}

TEST_CASE("a horizon of 10^9 days is refused", "[errors]") {
  const Bad b = load_bad(
      replaced(test::pf2_scenario(), "seed = 7", "seed = 7\nhorizon = \"1000000000 days\""),
      "horizon-huge.toml");
  CHECK(b.message ==
        b.path + ":5:11: error: horizon: \"1000000000 days\" is too long (at most 3650 days)");

  // Within the dice limits but beyond ten years: the horizon's own limit speaks.
  const Bad years =
      load_bad(replaced(test::pf2_scenario(), "seed = 7", "seed = 7\nhorizon = \"4000 days\""),
               "horizon-years.toml");
  CHECK(years.message == years.path +
                             ":5:11: error: horizon: \"4000 days\" can last 4000 days (at most "
                             "3650 days)");
}

TEST_CASE("a probability outside [0, 1] is refused", "[errors]") {
  const Bad b = load_bad(test::pf2_scenario("keep_attacking_downed = 1.5\n"), "probability.toml");
  CHECK(b.message == b.path +
                         ":20:25: error: encounter.attackers[1].keep_attacking_downed: 1.5 is out "
                         "of range (expected a number from 0 to 1)");
}

TEST_CASE("malformed dice are refused", "[errors]") {
  const Bad b = load_bad(replaced(test::pf2_scenario(), "\"1d6\"", "\"2d\""), "dice-2d.toml");
  CHECK(b.message == b.path +
                         ":18:13: error: encounter.attackers[1].damage: expected the number of "
                         "sides after 'd' in \"2d\"");
}

TEST_CASE("a duration with an unknown unit is refused", "[errors]") {
  const Bad b =
      load_bad(replaced(test::pf2_scenario(), "seed = 7", "seed = 7\nhorizon = \"3 fortnights\""),
               "unit.toml");
  CHECK(b.message == b.path +
                         ":5:14: error: horizon: \"3 fortnights\" is not a duration: unknown unit "
                         "'fortnights' (write an amount and a unit, e.g. \"1d4 rounds\" or \"8 "
                         "hours\"; units: seconds (s, sec), rounds (6 s), minutes (min), hours "
                         "(h), days, weeks)");
}

TEST_CASE("an unknown ruleset suggests the nearest ruleset", "[errors]") {
  const Bad b = load_bad(replaced(test::pf2_scenario(), "\"pf2\"", "\"pf3\""), "ruleset.toml");
  std::string ids;  // every registered ruleset, in registry order
  for (const std::string& id : ruleset_ids()) ids += (ids.empty() ? "" : ", ") + id;
  CHECK(b.message == b.path + ":2:11: error: ruleset: \"pf3\" is not one of: " + ids +
                         " (did you mean \"pf2\"?)");
  // Another ending of the same word is near however long it is, as `lethality rules` takes it.
  const Bad h = load_bad(replaced(test::pf2_scenario(), "\"pf2\"", "\"harmony\""), "h.toml");
  CHECK_THAT(h.message, Catch::EndsWith("(did you mean \"harmonies\"?)"));
  CHECK(nearest("harmony", ruleset_ids(), true) == "harmonies");
  CHECK(nearest("unisys", ruleset_ids(), true) == "unisystem");
  CHECK(nearest("harmony", ruleset_ids()).empty());     // keys: an edit distance of 3 is too far
  CHECK(nearest("harm", ruleset_ids(), true).empty());  // too short a start to say
  CHECK(nearest("recovery_time", {"recovery_check"}, true).empty());  // only its start shared
}

TEST_CASE("a missing [character] is reported", "[errors]") {
  const Bad b = load_bad(replaced(test::pf2_scenario(),
                                  "[character]\nmax_hp = 20\nac = 18\n"
                                  "fortitude = 7\ncon = 2\n",
                                  ""),
                         "no-character.toml");
  CHECK(b.message == b.path +
                         ":1:1: error: missing [character] (add [character] with max_hp, ac, "
                         "fortitude, con)");
}

TEST_CASE("a missing max_hp is reported at its table", "[errors]") {
  const Bad b = load_bad(replaced(test::pf2_scenario(), "max_hp = 20\n", ""), "no-max-hp.toml");
  CHECK(b.message == b.path +
                         ":6:1: error: character: missing key 'max_hp' (add max_hp = <an integer "
                         "from 1 to 10000>)");
}

TEST_CASE("an invalid option value suggests the nearest value", "[errors]") {
  const Bad b =
      load_bad(test::pf2_scenario("[options]\nrecovery_check = \"flatt\"\n"), "option-value.toml");
  CHECK(b.message == b.path +
                         ":21:18: error: options.recovery_check: \"flatt\" is not one of: "
                         "fortitude, flat (did you mean \"flat\"?)");
}

TEST_CASE("a variant cannot be named baseline", "[errors]") {
  const Bad b =
      load_bad(test::pf2_scenario("[[variants]]\nname = \"baseline\"\n"), "variant-baseline.toml");
  CHECK(b.message == b.path +
                         ":21:8: error: variants[1].name: \"baseline\" is the scenario as written "
                         "(give the variant another name)");
}

TEST_CASE("variant names must be unique", "[errors]") {
  const Bad b = load_bad(test::pf2_scenario(R"([[variants]]
name = "flat"
options = { recovery_check = "flat" }
[[variants]]
name = "flat"
options = { wounded = true }
)"),
                         "variant-duplicate.toml");
  CHECK(b.message == b.path +
                         ":24:8: error: variants[2].name: a variant named \"flat\" already exists "
                         "(variant names must be unique)");
}

TEST_CASE("a variant cannot override a key that does not exist", "[errors]") {
  SECTION("at the variant's top level") {
    const Bad b =
        load_bad(test::pf2_scenario("[[variants]]\nname = \"v\"\ntrails = 5\n"), "override.toml");
    CHECK(b.message == b.path +
                           ":22:1: error: variants[1].trails: unknown key (valid keys here: "
                           "aftercare, character, description, encounter, name, options, "
                           "party, patch_party, recovery)");
  }
  SECTION("inside a section") {
    const Bad b =
        load_bad(test::pf2_scenario("[[variants]]\nname = \"v\"\ncharacter = { max_hpp = 30 }\n"),
                 "override-character.toml");
    CHECK(b.message == b.path +
                           ":22:15: error: variants[1].character.max_hpp: unknown key (did you "
                           "mean 'max_hp'?)");
  }
}

TEST_CASE("a variant cannot change the common keys", "[errors]") {
  const Bad b = load_bad(test::pf2_scenario("[[variants]]\nname = \"v\"\nhorizon = \"60 days\"\n"),
                         "variant-horizon.toml");
  CHECK(b.message == b.path +
                         ":22:11: error: variants[1].horizon: a variant cannot change horizon "
                         "(variants share the file's ruleset, trials (or precision), seed, "
                         "horizon and campaign, so that they play the same trials)");
}

TEST_CASE("an error a variant causes in the shared file names the variant", "[errors]") {
  // The baseline uses the flat check, so its attacker needs no dc; the variant does not.
  const std::string text =
      replaced(test::pf2_scenario("[options]\nrecovery_check = \"flat\"\n"
                                  "[[variants]]\nname = \"seed-rules\"\n"
                                  "options = { recovery_check = \"fortitude\" }\n"),
               "dc = 16\n", "");
  const Bad b = load_bad(text, "variant-breaks-base.toml");
  CHECK(b.message == b.path +
                         ":15:1: error: encounter.attackers[1]: missing key 'dc', for variant "
                         "\"seed-rules\" (with recovery_check = \"fortitude\" (seed 004) the "
                         "recovery save is against the DC of what knocked the character out: add "
                         "dc = <the attacker's class DC>)");
}

TEST_CASE("a missing file is reported", "[errors]") {
  const std::string path = test::temp_dir() + "/no-such-file.toml";
  CHECK(test::error_of([&] { load_scenario(path); }) ==
        path + ": error: no such file (check the path)");
}

TEST_CASE("a directory given to load is reported", "[errors]") {
  const std::string dir = test::temp_dir() + "/a-folder.toml";
  test::write_file("a-folder.toml/inside.toml", test::pf2_scenario());
  CHECK(test::error_of([&] { load_scenario(dir); }) == dir + ": error: is a directory, not a file");
}

TEST_CASE("crit_chance needs hit_chance", "[errors]") {
  const Bad b = load_bad(replaced(test::pf2_scenario(), "attack_bonus = 8", "crit_chance = 0.1"),
                         "crit-chance.toml");
  CHECK(b.message == b.path +
                         ":17:15: error: encounter.attackers[1].crit_chance: crit_chance needs "
                         "hit_chance (give hit_chance too, or use the ruleset's attack roll)");
}

TEST_CASE("attack_bonus and hit_chance exclude each other", "[errors]") {
  const Bad b = load_bad(test::pf2_scenario("hit_chance = 0.5\n"), "attack-and-chance.toml");
  CHECK(b.message == b.path +
                         ":15:1: error: encounter.attackers[1]: give only one of attack_bonus, "
                         "attacks, save and hit_chance (attack_bonus rolls d20 against the "
                         "character's AC, attacks lists several Strikes that each do, save makes "
                         "the character roll a basic save, hit_chance is a fixed chance)");
}

TEST_CASE("a pf2 attacker needs dc under the default fortitude recovery", "[errors]") {
  const Bad b = load_bad(replaced(test::pf2_scenario(), "dc = 16\n", ""), "no-dc.toml");
  CHECK(b.message == b.path +
                         ":15:1: error: encounter.attackers[1]: missing key 'dc' (with "
                         "recovery_check = \"fortitude\" (seed 004) the recovery save is against "
                         "the DC of what knocked the character out: add dc = <the attacker's class "
                         "DC>)");
  // The flat check needs no dc.
  CHECK(test::error_of([] {
          test::load_text(replaced(test::pf2_scenario("[options]\nrecovery_check = \"flat\"\n"),
                                   "dc = 16\n", ""),
                          "no-dc-flat.toml");
        }) == "");
}

TEST_CASE("a variant's overrides apply to that variant only", "[errors]") {
  const LoadedScenario ls = test::load_text(test::pf2_scenario(R"([[variants]]
name = "tough-flat"
description = "more HP, Player Core's flat check"
options = { recovery_check = "flat", wounded = true }
character = { max_hp = 40 }
)"),
                                            "variant-ok.toml");
  REQUIRE(ls.scenario.variants.size() == 2);
  CHECK(ls.scenario.variants[0].name == "baseline");
  CHECK(ls.scenario.variants[1].name == "tough-flat");
  CHECK(ls.scenario.variants[1].description == "more HP, Player Core's flat check");
  REQUIRE(ls.models.size() == 2);

  const pf2::Config& base = config_of(ls, 0);
  const pf2::Config& tough = config_of(ls, 1);
  CHECK(base.character.max_hp == 20);
  CHECK(base.options.recovery_check == pf2::RecoveryCheck::Fortitude);
  CHECK_FALSE(base.options.wounded);
  CHECK(tough.character.max_hp == 40);
  CHECK(tough.options.recovery_check == pf2::RecoveryCheck::Flat);
  CHECK(tough.options.wounded);
  // What the variant does not name comes from the file.
  CHECK(tough.character.ac == 18);
  CHECK(tough.character.fortitude == 7);
  CHECK_FALSE(tough.options.doomed);
  REQUIRE(tough.strikes.size() == 1);
  CHECK(tough.strikes[0].turn.at(0).attack_bonus == 8);
  CHECK(tough.strikes[0].dc == std::optional<int>(16));
}

// A second attacker, on lines 20-24, so that a patch must pick one.
const char* const kTroll = R"([[encounter.attackers]]
name = "troll"
attack_bonus = 10
damage = "2d10+6"
dc = 20
)";

TEST_CASE("a variant patches one attacker by name or by number", "[errors][patch]") {
  const LoadedScenario ls = test::load_text(test::pf2_scenario(std::string(kTroll) + R"([[variants]]
name = "angry-troll"
encounter.patch_attackers.troll = { damage = "2d10+8" }
[[variants]]
name = "sharp-goblin"
[variants.encounter.patch_attackers.1]
attack_bonus = 9
keep_attacking_downed = 0.5
[[variants]]
name = "lone-ogre"
encounter.attackers = [{ name = "ogre", attack_bonus = 12, damage = "2d8+7", dc = 21 }]
)"),
                                            "patch-ok.toml");
  REQUIRE(ls.models.size() == 4);
  const pf2::Config& base = config_of(ls, 0);
  const pf2::Config& troll = config_of(ls, 1);
  const pf2::Config& goblin = config_of(ls, 2);
  const pf2::Config& ogre = config_of(ls, 3);
  REQUIRE(base.strikes.size() == 2);
  CHECK(base.strikes[1].base.damage.str() == "2d10+6");
  // By name: only the troll's damage changes; the rest of the troll and the goblin stay.
  REQUIRE(troll.strikes.size() == 2);
  CHECK(troll.strikes[1].base.name == "troll");
  CHECK(troll.strikes[1].base.damage.str() == "2d10+8");
  CHECK(troll.strikes[1].turn.at(0).attack_bonus == 10);
  CHECK(troll.strikes[1].dc == std::optional<int>(20));
  CHECK(troll.strikes[0].base.damage.str() == "1d6");
  CHECK(troll.strikes[0].turn.at(0).attack_bonus == 8);
  // By number, from 1.
  REQUIRE(goblin.strikes.size() == 2);
  CHECK(goblin.strikes[0].turn.at(0).attack_bonus == 9);
  CHECK(goblin.strikes[0].base.keep_attacking_downed == 0.5);
  CHECK(goblin.strikes[0].base.damage.str() == "1d6");
  CHECK(goblin.strikes[1].turn.at(0).attack_bonus == 10);
  CHECK(base.strikes[0].turn.at(0).attack_bonus == 8);  // the baseline is untouched
  // The whole array can still be replaced.
  REQUIRE(ogre.strikes.size() == 1);
  CHECK(ogre.strikes[0].base.name == "ogre");
  CHECK(ogre.strikes[0].turn.at(0).attack_bonus == 12);
}

TEST_CASE("a patch of an unknown attacker suggests the nearest name", "[errors][patch]") {
  const Bad b = load_bad(test::pf2_scenario(std::string(kTroll) + R"([[variants]]
name = "v"
encounter.patch_attackers.trol = { damage = "2d10+8" }
)"),
                         "patch-unknown.toml");
  CHECK(b.message == b.path +
                         ":27:27: error: variants[1].encounter.patch_attackers.trol: "
                         "encounter.attackers has no entry named \"trol\" (did you mean "
                         "\"troll\"?)");
  const Bad far = load_bad(test::pf2_scenario(std::string(kTroll) + R"([[variants]]
name = "v"
encounter.patch_attackers.dragon = { damage = "2d10+8" }
)"),
                           "patch-far.toml");
  CHECK(far.message == far.path +
                           ":27:27: error: variants[1].encounter.patch_attackers.dragon: "
                           "encounter.attackers has no entry named \"dragon\" (the names: "
                           "goblin, troll; or a number from 1 to 2)");
  const Bad number = load_bad(test::pf2_scenario(std::string(kTroll) + R"([[variants]]
name = "v"
[variants.encounter.patch_attackers.3]
damage = "1"
)"),
                              "patch-number.toml");
  CHECK(number.message == number.path +
                              ":27:37: error: variants[1].encounter.patch_attackers.3: there is "
                              "no encounter.attackers[3] (numbers run from 1 to 2)");
}

TEST_CASE("a variant's table where a list was expected suggests a patch", "[errors][patch]") {
  // [variants.encounter.attackers.goblin] reads as changing the goblin; it replaces the list.
  const Bad b = load_bad(test::pf2_scenario(R"([[variants]]
name = "v"
[variants.encounter.attackers.goblin]
damage = "2d6"
)"),
                         "patch-as-table.toml");
  CHECK(b.message == b.path +
                         ":22:1: error: variants[1].encounter.attackers: expected an array of "
                         "tables, got a table (to change one entry of the file's attackers, write "
                         "patch_attackers.<name> = { ... } in variants[1].encounter; to replace "
                         "them all, write attackers = [{ ... }, ...])");
  std::string text = test::pf2_scenario();
  text.replace(text.find("[[encounter.attackers]]"), 23, "[encounter.attackers]");
  const Bad file = load_bad(text, "list-as-table.toml");
  CHECK(file.message == file.path +
                            ":15:1: error: encounter.attackers: expected an array of tables, "
                            "got a table (write [[encounter.attackers]] sections, one for each)");
}

TEST_CASE("mistakes in a patch are located in the patch", "[errors][patch]") {
  SECTION("an unknown key") {
    const Bad b = load_bad(test::pf2_scenario(R"([[variants]]
name = "v"
[variants.encounter.patch_attackers.goblin]
damgae = "2d6"
)"),
                           "patch-typo.toml");
    CHECK(b.message == b.path +
                           ":23:1: error: variants[1].encounter.patch_attackers.goblin.damgae: "
                           "unknown key (did you mean 'damage'?)");
  }
  SECTION("a bad value") {
    const Bad b = load_bad(test::pf2_scenario(R"([[variants]]
name = "v"
encounter.patch_attackers.goblin = { damage = "1d0" }
)"),
                           "patch-d0.toml");
    CHECK(b.message == b.path +
                           ":22:50: error: variants[1].encounter.patch_attackers.goblin.damage: a "
                           "d0 die has no faces in \"1d0\" (dice have at least 1 side, e.g. "
                           "\"1d6\")");
  }
  SECTION("both a replacement and a patch") {
    const Bad b = load_bad(test::pf2_scenario(R"([[variants]]
name = "v"
encounter.attackers = [{ name = "ogre", attack_bonus = 12, damage = "2d8+7", dc = 21 }]
encounter.patch_attackers.ogre = { damage = "1" }
)"),
                           "patch-both.toml");
    CHECK(b.message == b.path +
                           ":23:11: error: variants[1].encounter.patch_attackers: give either "
                           "attackers (replacing them all) or patch_attackers (changing some), not "
                           "both (to change some of them, keep only patch_attackers)");
  }
  SECTION("two attackers of one name are patched by number") {
    const Bad b = load_bad(test::pf2_scenario(R"([[encounter.attackers]]
name = "goblin"
attack_bonus = 6
damage = "1d4"
dc = 15
[[variants]]
name = "v"
encounter.patch_attackers.goblin = { damage = "1" }
)"),
                           "patch-twice.toml");
    CHECK(b.message == b.path +
                           ":27:27: error: variants[1].encounter.patch_attackers.goblin: "
                           "encounter.attackers has 2 entries named \"goblin\" (patch them by "
                           "number instead, from 1 to 2)");
  }
  SECTION("one attacker patched twice, by name and by number") {
    const Bad b = load_bad(test::pf2_scenario(R"([[variants]]
name = "v"
encounter.patch_attackers = { goblin = { damage = "1" }, 1 = { damage = "2" } }
)"),
                           "patch-two-ways.toml");
    CHECK(b.message == b.path +
                           ":22:58: error: variants[1].encounter.patch_attackers.1: patches "
                           "encounter.attackers[1] again, after "
                           "variants[1].encounter.patch_attackers.goblin (give each entry one "
                           "patch)");
  }
  SECTION("a whole attacker given in a variant points to the patch when a key is missing") {
    const Bad b = load_bad(test::pf2_scenario(R"([[variants]]
name = "v"
encounter.attackers = [{ name = "goblin", attack_bonus = 9, dc = 16 }]
)"),
                           "replace-partial.toml");
    CHECK(b.message == b.path +
                           ":22:24: error: variants[1].encounter.attackers[1]: missing key "
                           "'damage' (add damage = \"1d6\"; or, to change only some keys of the "
                           "file's attackers, use patch_attackers (keyed by name or number from "
                           "1) instead of attackers)");
  }
  SECTION("a patch in the file itself is an unknown key") {
    const Bad b =
        load_bad(test::pf2_scenario("[encounter.patch_attackers.goblin]\ndamage = \"2\"\n"),
                 "patch-in-file.toml");
    CHECK(b.message ==
          b.path +
              ":20:12: error: encounter.patch_attackers: unknown key (valid keys here: "
              "attackers, initiative, rounds)");
  }
}

// A troll with two attack profiles, on lines 20-32.
const char* const kTrollAttacks = R"([[encounter.attackers]]
name = "troll"
dc = 20
[[encounter.attackers.attacks]]
name = "jaws"
attack_bonus = 14
damage = "2d10+6"
[[encounter.attackers.attacks]]
name = "claw"
attack_bonus = 14
damage = "2d8+6"
agile = true
strikes = 2
)";

TEST_CASE("a pf2 attacker's attacks make its turn, in order", "[errors][attacks]") {
  const LoadedScenario ls = test::load_text(test::pf2_scenario(kTrollAttacks), "troll.toml");
  const pf2::Config& c = config_of(ls, 0);
  REQUIRE(c.strikes.size() == 2);
  const pf2::Strike& troll = c.strikes[1];
  CHECK(troll.mode == pf2::Strike::Mode::Attack);
  REQUIRE(troll.turn.size() == 3);
  CHECK(troll.turn[0].name == "jaws");
  CHECK(troll.turn[0].damage.str() == "2d10+6");
  CHECK(troll.turn[0].map == 5);
  CHECK(troll.turn[1].name == "claw");
  CHECK(troll.turn[1].map == 4);  // agile
  CHECK(troll.turn[2].name == "claw");
  CHECK(troll.turn[2].damage.str() == "2d8+6");
  // The goblin's own Strike is one entry with its damage.
  REQUIRE(c.strikes[0].turn.size() == 1);
  CHECK(c.strikes[0].turn[0].name.empty());
  CHECK(c.strikes[0].turn[0].damage.str() == "1d6");
}

TEST_CASE("mistakes in an attacker's attacks are located", "[errors][attacks]") {
  const std::string troll = test::pf2_scenario(kTrollAttacks);
  SECTION("damage on the attacker as well") {
    const Bad b = load_bad(replaced(troll, "dc = 20\n", "dc = 20\ndamage = \"2d10\"\n"),
                           "attacks-damage.toml");
    CHECK(b.message == b.path +
                           ":23:10: error: encounter.attackers[2].damage: damage on an attacker "
                           "that has attacks (each attack has its own damage: give it there)");
  }
  SECTION("neither damage nor attacks") {
    const Bad b = load_bad(test::pf2_scenario("[[encounter.attackers]]\nname = \"troll\"\n"
                                              "dc = 20\nattack_bonus = 14\n"),
                           "attacks-none.toml");
    CHECK(b.message == b.path +
                           ":20:1: error: encounter.attackers[2]: missing key 'damage' (add "
                           "damage = \"1d6\")");
  }
  SECTION("an attack without damage") {
    const Bad b =
        load_bad(replaced(troll, "damage = \"2d8+6\"\n", ""), "attacks-attack-damage.toml");
    CHECK(b.message == b.path +
                           ":27:1: error: encounter.attackers[2].attacks[2]: missing key 'damage' "
                           "(add damage = \"1d6\")");
  }
  SECTION("attacks and attack_bonus") {
    const Bad b = load_bad(replaced(troll, "dc = 20\n", "dc = 20\nattack_bonus = 14\n"),
                           "attacks-and-bonus.toml");
    CHECK(b.message == b.path +
                           ":20:1: error: encounter.attackers[2]: give only one of attack_bonus, "
                           "attacks, save and hit_chance (attack_bonus rolls d20 against the "
                           "character's AC, attacks lists several Strikes that each do, save "
                           "makes the character roll a basic save, hit_chance is a fixed chance)");
  }
  SECTION("strikes on the attacker") {
    const Bad b =
        load_bad(replaced(troll, "dc = 20\n", "dc = 20\nstrikes = 3\n"), "attacks-strikes.toml");
    CHECK(b.message == b.path +
                           ":23:11: error: encounter.attackers[2].strikes: strikes on an attacker "
                           "that has attacks (give strikes (how many in a row) and agile = true "
                           "(the penalty of an agile Strike) in each attack)");
  }
  SECTION("more Strikes than a turn holds") {
    const Bad b =
        load_bad(replaced(troll, "strikes = 2\n", "strikes = 4\n"), "attacks-too-many.toml");
    CHECK(b.message == b.path +
                           ":32:11: error: encounter.attackers[2].attacks[2].strikes: 5 Strikes "
                           "in one turn (a creature makes at most 4 Strikes a turn (3 actions, 4 "
                           "if quickened): drop an attack or lower its strikes)");
  }
  SECTION("a misspelt key in an attack") {
    const Bad b = load_bad(replaced(troll, "agile = true", "agil = true"), "attacks-typo.toml");
    CHECK(b.message == b.path +
                           ":31:1: error: encounter.attackers[2].attacks[2].agil: unknown key "
                           "(did you mean 'agile'?)");
  }
  SECTION("an empty list") {
    const Bad b = load_bad(
        test::pf2_scenario("[[encounter.attackers]]\nname = \"troll\"\ndc = 20\nattacks = []\n"),
        "attacks-empty.toml");
    CHECK(b.message == b.path +
                           ":23:11: error: encounter.attackers[2].attacks: no attacks (give each "
                           "Strike as [[encounter.attackers.attacks]] with name, attack_bonus, "
                           "damage)");
  }
}

TEST_CASE("a variant patches one attack of an attacker", "[errors][attacks][patch]") {
  const LoadedScenario ls =
      test::load_text(test::pf2_scenario(std::string(kTrollAttacks) + R"([[variants]]
name = "sharp-claws"
encounter.patch_attackers.troll.patch_attacks.claw = { damage = "2d8+10", agile = false }
)"),
                      "attacks-patch.toml");
  const pf2::Strike& troll = config_of(ls, 1).strikes.at(1);
  REQUIRE(troll.turn.size() == 3);
  CHECK(troll.turn[0].damage.str() == "2d10+6");
  CHECK(troll.turn[2].damage.str() == "2d8+10");
  CHECK(troll.turn[2].map == 5);
  CHECK(config_of(ls, 0).strikes.at(1).turn[2].damage.str() == "2d8+6");  // baseline untouched
}

TEST_CASE("a time that must be fixed refuses dice, located, with an example", "[errors]") {
  // Reader::get_fixed_duration, which every ruleset's fixed times go through.
  const Bad b = load_bad(test::pf2_scenario("\n[recovery]\nfirst_rest = \"1d4 hours\"\n"),
                         "first-rest-dice.toml");
  CHECK(b.message == b.path +
                         ":22:14: error: recovery.first_rest: first_rest must be a fixed time "
                         "(e.g. \"8 hours\")");
  const Bad ok = load_bad(test::pf2_scenario("\n[recovery]\nfirst_rest = \"4 hours\"\n"),
                          "first-rest-fixed.toml");
  CHECK(ok.message == "");
}

TEST_CASE("a bad or missing name is reported as what it is, not as a guessed typo", "[errors]") {
  // "ruleset" is read after "name": stopping at the name must not make it an unknown key that
  // looks like "rulesets" (issue 20, item 11). The first real error wins.
  const std::string hint =
      " cannot name a results folder (use letters, digits, '-', '_' and '.', at most 64 "
      "characters, e.g. \"goblin-ambush\")";
  for (const std::string& name : {std::string(65, 'a'), std::string("caf\xc3\xa9"),
                                  std::string("a/b"), std::string(".."), std::string("")}) {
    INFO(name);
    const Bad b =
        load_bad(replaced(test::pf2_scenario(), "name = \"test\"", "name = \"" + name + "\""),
                 "bad-name.toml");
    CHECK(b.message == b.path + ":1:8: error: name: \"" + name + "\"" + hint);
  }
  const Bad absent =
      load_bad(replaced(test::pf2_scenario(), "name = \"test\"\n", ""), "no-name.toml");
  CHECK(absent.message == absent.path + ":1:1: error: missing key 'name' (add name = \"...\")");
  // A value out of range ahead of an attacker's unread keys: the range, not a typo of them.
  const Bad range = load_bad(test::pf2_scenario("\n[[encounter.attackers]]\nname = \"b\"\n"
                                                "attack_bonus = 100000\ndamage = \"1d6\"\n"
                                                "dc = 16\ncount = 2\n"),
                             "range-first.toml");
  CHECK_THAT(range.message, Catch::Contains("encounter.attackers[2].attack_bonus: 100000 is out "
                                            "of range"));
  // And a real typo still wins over the missing key it causes.
  const Bad typo = load_bad(replaced(test::pf2_scenario(), "name = \"test\"", "nmae = \"test\""),
                            "name-typo.toml");
  CHECK(typo.message == typo.path + ":1:1: error: nmae: unknown key (did you mean 'name'?)");
}

TEST_CASE("more than 128 variants are refused, as a sweep's are", "[errors]") {
  std::string variants;
  for (int i = 1; i <= 127; ++i)
    variants += "[[variants]]\nname = \"v" + std::to_string(i) + "\"\n";
  CHECK(test::error_of([&] { test::load_text(test::pf2_scenario(variants), "v128.toml"); }) == "");
  const Bad b =
      load_bad(test::pf2_scenario(variants + "[[variants]]\nname = \"v128\"\n"), "v129.toml");
  // The 128th [[variants]] entry: line 20 + 2 * 127.
  CHECK(b.message == b.path +
                         ":274:1: error: variants[128]: the file has 129 variants with the "
                         "baseline (at most 128: every pair of variants is tallied on every "
                         "trial; split them into files)");
}

TEST_CASE("a time too long says by how much, in the units that fit", "[errors]") {
  // flux's encounter.scene is at most a day: 86401 s is a second over it, not "1 days (at
  // most 1 days)".
  std::ifstream in(test::source_path("scenarios/examples/flux-bandit-ambush.toml"));
  const std::string flux((std::istreambuf_iterator<char>(in)), {});
  const Bad b =
      load_bad(replaced(flux, "scene = \"10 minutes\"", "scene = \"86401 s\""), "scene.toml");
  CHECK(b.message == b.path +
                         ":27:9: error: encounter.scene: \"86401 s\" can last 86401 seconds (at "
                         "most 1 day)");
  CHECK(duration_words(kDay) == "1 day");
  CHECK(duration_words(3650 * kDay) == "3650 days");
  CHECK(duration_words(90 * kMinute) == "90 minutes");
  CHECK(duration_words(2 * kHour) == "2 hours");
  CHECK(duration_words(1) == "1 second");
  CHECK(duration_words(0) == "0 days");
}
