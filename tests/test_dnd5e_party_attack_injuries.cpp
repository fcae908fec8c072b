// What seed 003's injuries do to a dnd5e party member's own attack (rules/dnd5e/README.md, the
// party fight): a hand out — "Vous ne pouvez rien porter à deux mains", an open arm injury, a
// burn of the hands, a hand lost in a campaign's adventure before — makes a `two_handed` attack
// one-handed (`one_handed_damage`) or keeps it from being made; an ability loss (Déchirure d'un
// ligament's −3 Str) lowers the attack of that `ability`, and Organe endommagé's −3 Con the
// Constitution save. On scripted dice: the dice asked for say which attack was made, so a model
// that forgot the hand would ask for 2d6 and fail the script.
#include <catch2/catch.hpp>

#include "sim/engine/load.h"
#include "tests/party_support.h"
#include "tests/support.h"

using namespace leth;
using test::has;

namespace {

// The hero (10 HP, AC 10, first in the order) with a greataxe (+5, 2d6 + 3, both hands; held in
// one: `one_handed`, "" for none) against a brute (50 HP, AC 10, last) whose blow (+10, 10
// damage of `type`) drops her; `fight` more keys of [fight], `more` more sections. With `squire`
// a second member (50 HP, never hitting) stands, so the fight goes on with the hero down; the
// brute strikes the weakest. `hero`: more keys of the hero's (its ability scores).
std::string hands_text(const std::string& type, const std::string& one_handed,
                       const std::string& fight = "round_cap = 2\n", const std::string& more = "",
                       bool squire = true, const std::string& hero = "") {
  return "name = \"hands\"\nruleset = \"dnd5e\"\nhorizon = \"60 days\"\n[options]\n"
         "lingering_injuries = true\n[fight]\nopponents_target = \"weakest\"\n" + fight + more +
         test::combatant_text("party", "hero", "max_hp", 10, 20,
                              "name = \"greataxe\"\nattack_bonus = 5\ndamage = \"2d6+3\"\n"
                              "damage_type = \"slashing\"\ntwo_handed = true\n" + one_handed,
                              "ac = 10\n" + hero) +
         (squire ? test::combatant_text("party", "squire", "max_hp", 50, 10,
                                        "hit_chance = 0.0\ndamage = \"1\"", "ac = 10\n")
                 : "") +
         test::combatant_text("opponents", "brute", "hp", 50, 0,
                              "attack_bonus = 10\ndamage = \"10\"\ndamage_type = \"" + type + "\"",
                              "ac = 10\n");
}

const std::string kSword = "one_handed_damage = \"1d8+3\"\n";

// The hero (10 HP, first) and a squire (50 HP, second), neither ever hitting, against a brute
// (last) whose `blows` poisoned blows (+10, 10 damage) strike the weakest; the cap ends the
// fight after 2 rounds. `options`, `fight`: more keys of each; `hero`: the hero's (its scores).
std::string poison_text(const std::string& options, const std::string& fight,
                        const std::string& hero, int blows) {
  return "name = \"con\"\nruleset = \"dnd5e\"\nhorizon = \"60 days\"\n[options]\n"
         "lingering_injuries = true\nmassive_damage = false\n" + options +
         "[fight]\nopponents_target = \"weakest\"\nround_cap = 2\n" + fight +
         test::combatant_text("party", "hero", "max_hp", 10, 20, "hit_chance = 0.0\ndamage = \"1\"",
                              "ac = 10\n" + hero) +
         test::combatant_text("party", "squire", "max_hp", 50, 10,
                              "hit_chance = 0.0\ndamage = \"1\"", "ac = 10\n") +
         test::combatant_text("opponents", "brute", "hp", 50, 0,
                              "attack_bonus = 10\ndamage = \"10\"\ndamage_type = \"poison\"\n"
                              "strikes = " + std::to_string(blows),
                              "ac = 10\n");
}

// Round 1: the hero misses (a natural 1), the squire too, the brute drops the hero and the
// injury's d20 is `injury` (then, for an injury of a hand or a foot, the limb: `limb` "hand",
// "foot", or "" for none). Round 2: a natural 20 on her death save brings her back with 1 HP,
// and she strikes (d20 `strike`, 15: a hit) — unless she cannot (`strike` 0).
void fall_and_rise(Script& s, int injury, const std::string& limb, int strike = 15) {
  s.d(20, 1).d(20, 1).d(20, 1);  // initiative: hero 21, squire 11, brute 1
  s.d(20, 1);                    // the hero's greataxe: a natural 1
  s.no();                        // the squire misses
  s.d(20, 10);                   // the brute hits the hero for 10: 0 HP, dying
  s.d(20, injury);               // the injury's d20
  if (limb == "hand") s.yes();
  if (limb == "foot") s.no();
  s.d(20, 20);  // round 2: a natural 20 on the death save, 1 HP
  if (strike > 0) s.d(20, strike);  // the greataxe's d20
}

}  // namespace

TEST_CASE("dnd5e party: an open arm injury makes a two-handed attack one-handed",
          "[party][injuries][scripted]") {
  // d20 16: light, slashing 15-17, Blessure au bras.
  Script s;
  fall_and_rise(s, 16, "");
  s.d(8, 5);    // one-handed: 1d8 + 3 = 8 (two hands would ask for two d6)
  s.no();       // the squire misses
  s.d(20, 1);   // the brute misses; the cap ends the fight
  const test::Played p = test::play_scripted(hands_text("slashing", kSword), s);
  INFO(p.log);
  CHECK(has(p.log, "Blessure au bras"));
  CHECK(has(p.log, "hero hits brute (greataxe, one-handed) for 8"));
}

TEST_CASE("dnd5e party: a burn of the hands keeps a two-handed attack without a one-handed one "
          "from being made; of the feet, it does not",
          "[party][injuries][scripted]") {
  // d20 1: serious, fire 01-02, Brûlure sévère (Mains ou pieds), the limb drawn with it.
  Script hand;
  fall_and_rise(hand, 1, "hand", 0);  // no greataxe: no d20 for it
  hand.no();       // the squire misses
  hand.d(20, 1);   // the brute misses; the cap ends the fight
  hand.d(4, 1);    // the burn's deadline, a day after the fight: the hand drawn with it
  const test::Played p = test::play_scripted(hands_text("fire", ""), hand);
  INFO(p.log);
  CHECK(has(p.log, "Brûlure sévère (Mains ou pieds) (fire, serious, a hand)"));
  CHECK(has(p.log, "hero cannot make greataxe with one hand"));
  CHECK_FALSE(has(p.log, "hero hits"));
  CHECK(has(p.log, "hero loses a hand"));  // the deadline takes the limb drawn with the injury

  Script foot;
  fall_and_rise(foot, 1, "foot");
  foot.d(6, 2).d(6, 3);  // both hands: 2d6 + 3 = 8
  foot.no();             // the squire misses
  foot.d(20, 1);         // the brute misses
  foot.d(4, 1);          // the deadline: a foot
  const test::Played q = test::play_scripted(hands_text("fire", ""), foot);
  INFO(q.log);
  CHECK(has(q.log, "(fire, serious, a foot)"));
  CHECK(has(q.log, "hero hits brute (greataxe) for 8"));
  CHECK(has(q.log, "hero loses a foot"));
}

TEST_CASE("campaign: a dnd5e party member carries a hand lost to a deadline into its next fight",
          "[campaign][party][injuries][scripted]") {
  // Adventure 1: the hero falls to necrotic damage, d20 1: Nécrose (Mains ou Pieds), of a hand
  // ("hand") or a foot; no medic, so 2 days later the limb is lost. Adventure 2: her greataxe
  // hits; with the hand lost she swings it one-handed (1d8), with the foot two-handed (2d6).
  const std::string toml =
      hands_text("necrotic", kSword, "round_cap = 1\n", "[campaign]\nadventures = 2\n", false);
  for (const std::string limb : {"hand", "foot"}) {
    Script s;
    s.d(20, 1).d(20, 1);  // initiative
    s.d(20, 1);           // the greataxe: a natural 1
    s.d(20, 10);          // the brute drops her
    s.d(20, 1);           // Nécrose
    limb == "hand" ? s.yes() : s.no();
    s.d(20, 15).d(20, 12).d(20, 11);  // stable
    s.d(4, 2);                        // wakes after 2 hours
    s.d(4, 2);                        // the deadline: 2 days after the fight
    s.d(20, 1).d(20, 1);              // adventure 2: initiative
    s.d(20, 15);                      // the greataxe hits
    if (limb == "hand")
      s.d(8, 5);  // 1d8 + 3 = 8
    else
      s.d(6, 2).d(6, 3);  // 2d6 + 3 = 8
    s.d(20, 1);           // the brute misses; the cap ends it
    const test::Played p = test::play_scripted(toml, s);
    INFO(p.log);
    const LoadedScenario ls = test::load_text(toml);
    CHECK(p.outcome.adventures == 2);
    CHECK(has(p.log, "hero loses a " + limb));
    const size_t a2 = p.log.find("adventure 2 of 2 begins");
    REQUIRE(a2 != std::string::npos);
    if (limb == "hand") {
      CHECK(p.log.find("hero carries from the adventures before: 1 hand lost") > a2);
      CHECK(p.log.find("hero hits brute (greataxe, one-handed) for 8") > a2);
    } else {
      CHECK_FALSE(has(p.log, "hand lost"));
      CHECK(p.log.find("hero hits brute (greataxe) for 8") > a2);
    }
    CHECK(test::counter(ls, p.outcome, "lasting_injuries") == 1);  // reported once
  }
}

TEST_CASE("dnd5e party: two_handed and one_handed_damage are located errors where they mean "
          "nothing",
          "[party][errors]") {
  const std::string alone = test::error_of([&] {
    test::load_text(hands_text("fire", kSword).replace(
        hands_text("fire", kSword).find("two_handed = true\n"), 18, ""));
  });
  CHECK_THAT(alone, Catch::Contains("one_handed_damage") &&
                        Catch::Contains("without two_handed = true") &&
                        Catch::Contains("scenario.toml:"));
  const std::string opponent = test::error_of([&] {
    test::load_text(hands_text("fire", "") + "two_handed = true\n");  // the brute's attack
  });
  CHECK_THAT(opponent, Catch::Contains("two_handed") && Catch::Contains("opponent takes no "
                                                                        "lingering injury"));
}

TEST_CASE("dnd5e party: Déchirure d'un ligament's -3 Str lowers the Strength attack's d20 and "
          "damage by the modifier's drop",
          "[party][injuries][scripted]") {
  // Str 16 (+3) less 3 is 13 (+1): -2. d20 4: severe, slashing 03-05, Déchirure d'un ligament.
  const std::string toml =
      hands_text("slashing", "ability = \"str\"\n", "round_cap = 2\n", "", true, "str = 16\n");
  Script miss;
  fall_and_rise(miss, 4, "", 6);  // 6 + 5 = 11 would hit AC 10; 6 + 5 - 2 = 9 misses
  miss.no();                      // the squire misses
  miss.d(20, 1);                  // the brute misses; the cap ends the fight
  const test::Played p = test::play_scripted(toml, miss);
  INFO(p.log);
  CHECK(has(p.log, "Déchirure d'un ligament (slashing, severe)"));
  CHECK(has(p.log, "hero misses brute (greataxe, str -2)"));

  Script hit;
  fall_and_rise(hit, 4, "", 7);  // 7 + 5 - 2 = 10: a hit
  hit.d(6, 2).d(6, 3);           // 2 + 3 + 3 - 2 = 6
  hit.no();
  hit.d(20, 1);
  const test::Played q = test::play_scripted(toml, hit);
  INFO(q.log);
  CHECK(has(q.log, "hero hits brute (greataxe, str -2) for 6"));

  // With ability_damage = false (a spell attack's damage holds no modifier) the d20 drops alone.
  Script spell;
  fall_and_rise(spell, 4, "", 7);
  spell.d(6, 2).d(6, 3);  // 2 + 3 + 3 = 8
  spell.no();
  spell.d(20, 1);
  const test::Played r = test::play_scripted(
      hands_text("slashing", "ability = \"str\"\nability_damage = false\n", "round_cap = 2\n",
                 "", true, "str = 16\n"),
      spell);
  INFO(r.log);
  CHECK(has(r.log, "hero hits brute (greataxe, str -2) for 8"));
}

TEST_CASE("dnd5e party: ability and its scores are located errors where they mean nothing",
          "[party][errors]") {
  const std::string no_score = test::error_of(
      [&] { test::load_text(hands_text("fire", "ability = \"str\"\n")); });
  CHECK_THAT(no_score, Catch::Contains("ability") && Catch::Contains("no str score") &&
                           Catch::Contains("str = 16"));
  const std::string alone = test::error_of([&] {
    test::load_text(hands_text("fire", "ability_damage = false\n", "round_cap = 2\n", "", true,
                               "str = 16\n"));
  });
  CHECK_THAT(alone, Catch::Contains("ability_damage without ability"));
  const std::string opponent = test::error_of([&] {
    test::load_text(hands_text("fire", "") + "ability = \"str\"\n");  // the brute's attack
  });
  CHECK_THAT(opponent, Catch::Contains("opponent takes no lingering injury"));
  const std::string range = test::error_of([&] {
    test::load_text(hands_text("fire", "", "round_cap = 2\n", "", true, "str = 0\n"));
  });
  CHECK_THAT(range, Catch::Contains("str"));
}

TEST_CASE("dnd5e party: Organe endommagé's -3 Con lowers the Constitution save that Nausée asks",
          "[party][injuries][scripted]") {
  // Con 14 (+2, con_save's default) less 3 is 11 (+0). The brute's two poisoned blows: the first
  // drops the hero (d20 4: severe, poison 03-05, Organe endommagé), the second strikes her at 0
  // HP (d20 19: light, poison 18-20, Nausée, DC 8).
  const std::string toml = poison_text("injury_trigger = \"each_damage_at_zero\"\n",
                                       "strike_fallen = 1.0\n", "con = 14\n", 2);
  Script s;
  s.d(20, 1).d(20, 1).d(20, 1);  // initiative: hero 21, squire 11, brute 1
  s.no().no();                   // hero and squire miss
  s.d(20, 10);                   // the brute's first blow: the hero at 0 HP
  s.d(20, 4);                    // Organe endommagé
  s.yes();                       // its second blow goes to the fallen hero
  s.d(20, 10).d(20, 10);         // with advantage: a hit, critical (melee, unconscious)
  s.d(20, 19);                   // Nausée; two failures
  s.d(20, 20);                   // round 2: a natural 20 on her death save, 1 HP
  s.d(20, 7);                    // Nausée's save: 7 + 2 - 2 = 7 < 8, the action lost
  s.no();                        // the squire misses
  s.d(20, 1).d(20, 1);           // the brute misses twice; the cap ends it
  const test::Played p = test::play_scripted(toml, s);
  INFO(p.log);
  CHECK(has(p.log, "Organe endommagé (poison, severe)"));
  CHECK(has(p.log, "hero's Nausée: Constitution save 7 + 0 vs DC 8, its action is lost"));
}

TEST_CASE("dnd5e party: an ability score taken to 0 kills, as one character's "
          "(ability_zero_kills)",
          "[party][injuries][scripted]") {
  // Str 3 less Déchirure d'un ligament's 3 is 0 (d20 4: slashing 03-05).
  const std::string toml =
      hands_text("slashing", "ability = \"str\"\n", "round_cap = 2\n", "", true, "str = 3\n");
  Script s;
  s.d(20, 1).d(20, 1).d(20, 1);  // initiative
  s.d(20, 1);                    // the hero's greataxe: a natural 1
  s.no();                        // the squire misses
  s.d(20, 10);                   // the brute drops the hero
  s.d(20, 4);                    // Déchirure d'un ligament: Str 0
  s.no();                        // round 2: the squire misses
  s.d(20, 1);                    // the brute (at the squire) misses
  const test::Played p = test::play_scripted(toml, s);
  INFO(p.log);
  CHECK(has(p.log, "hero dies: str reduced to 0"));
  const LoadedScenario ls = test::load_text(toml);
  CHECK(test::counter(ls, p.outcome, "deaths") == 1);
  // ability_zero_kills = false leaves her dying at 0 HP: her death saves come in round 2.
  Script keep;
  keep.d(20, 1).d(20, 1).d(20, 1).d(20, 1).no().d(20, 10).d(20, 4);
  keep.d(20, 20);  // round 2: a natural 20, 1 HP; her greataxe (Str 3: -4, Str 0: -5; -1)
  keep.d(20, 20);  // a natural 20 hits
  keep.d(6, 1).d(6, 1).d(6, 1).d(6, 1);  // critical: the dice twice, 4 + 3 - 1 = 6
  keep.no();
  keep.d(20, 1);
  std::string kept = toml;
  kept.replace(kept.find("lingering_injuries = true\n"), 26,
               "lingering_injuries = true\nability_zero_kills = false\n");
  const test::Played q = test::play_scripted(kept, keep);
  INFO(q.log);
  CHECK_FALSE(has(q.log, "reduced to 0"));
  CHECK(has(q.log, "hero hits brute (greataxe, str -1, critical) for 6"));
}

namespace {

// The hero alone (10 HP, a sword: +5, 1d8 + 3, Str; `hero` more keys) against the brute's
// poisoned blow (+10, 10 damage) that drops her; `more` more sections.
std::string septic_text(const std::string& hero, const std::string& more) {
  return "name = \"septic\"\nruleset = \"dnd5e\"\nhorizon = \"30 days\"\n[options]\n"
         "lingering_injuries = true\n[fight]\nround_cap = 1\n" + more +
         test::combatant_text("party", "hero", "max_hp", 10, 20,
                              "name = \"sword\"\nattack_bonus = 5\ndamage = \"1d8+3\"\n"
                              "ability = \"str\"",
                              "ac = 10\n" + hero) +
         test::combatant_text("opponents", "brute", "hp", 50, 0,
                              "attack_bonus = 10\ndamage = \"10\"\ndamage_type = \"poison\"",
                              "ac = 10\n");
}

// Adventure 1: the hero's sword misses (a natural 1), the brute drops her, d20 1: serious,
// poison 01-02, Septicémie (Str, Dex, Con -1 a day, no natural healing); three death saves,
// awake after 2 hours.
void septic_fall(Script& s) {
  s.d(20, 1).d(20, 1);              // initiative
  s.d(20, 1);                       // the sword: a natural 1
  s.d(20, 10);                      // the brute drops her
  s.d(20, 1);                       // Septicémie
  s.d(20, 15).d(20, 12).d(20, 11);  // stable
  s.d(4, 2);                        // awake after 2 hours
}

}  // namespace

TEST_CASE("dnd5e party: septicaemia takes a point of Str a day; at 0 it kills",
          "[party][injuries][scripted]") {
  Script s;
  septic_fall(s);
  const std::string toml = septic_text("str = 2\n", "");
  const test::Played p = test::play_scripted(toml, s);
  INFO(p.log);
  const LoadedScenario ls = test::load_text(toml);
  CHECK(has(p.log, "[2d 00:00:24] hero dies: str reduced to 0"));  // 2 days after the fight
  CHECK(test::counter(ls, p.outcome, "deaths") == 1);
}

TEST_CASE("campaign downtime: a dnd5e party member carries septicaemia's lost Strength into the "
          "next fight",
          "[campaign][party][injuries][scripted][downtime]") {
  // Str 16 (+3). The party goes on 3 days after adventure 1 began, the septicaemia untreated:
  // 2 days of it, Str 14 (+2), so the sword hits for 1d8 + 3 - 1.
  Script s;
  septic_fall(s);
  s.d(20, 1).d(20, 1);  // adventure 2: initiative
  s.d(20, 15);          // the sword hits
  s.d(8, 5);            // 5 + 3 - 1 = 7
  s.d(20, 1);           // the brute misses; the cap ends it
  const test::Played p = test::play_scripted(
      septic_text("str = 16\n", "[campaign]\nadventures = 2\ndowntime = \"3 days\"\n"), s);
  INFO(p.log);
  const size_t a2 = p.log.find("adventure 2 of 2 begins");
  REQUIRE(a2 != std::string::npos);
  CHECK(p.log.find("hero carries from the adventures before: Septicémie, still healing") > a2);
  CHECK(p.log.find("hero hits brute (sword, str -1) for 7") > a2);
}

TEST_CASE("dnd5e party: Organe endommagé's -3 Con lowers the maximum HP a level; at 0 it kills",
          "[party][injuries][scripted]") {
  // Con 14 (+2) less 3 is 11 (+0): 2 a level off the maximum, 10 at level 5 — the hero's 10.
  const std::string toml = poison_text("", "", "con = 14\nlevel = 5\n", 1);
  Script s;
  s.d(20, 1).d(20, 1).d(20, 1);  // initiative: hero 21, squire 11, brute 1
  s.no().no();                   // hero and squire miss
  s.d(20, 10);                   // the brute drops the hero
  s.d(20, 4);                    // Organe endommagé: her maximum at 0
  s.no();                        // round 2: the squire misses
  s.d(20, 1);                    // the brute misses the squire; the cap ends it
  const test::Played p = test::play_scripted(toml, s);
  INFO(p.log);
  CHECK(has(p.log, "Organe endommagé (poison, severe)"));
  CHECK(has(p.log, "hero dies: maximum HP reduced to 0"));
  const LoadedScenario ls = test::load_text(toml);
  CHECK(test::counter(ls, p.outcome, "died_hero") == 1);
  // At level 2 her maximum comes down by 4, and the story says so.
  Script two;
  two.d(20, 1).d(20, 1).d(20, 1);
  two.no().no();
  two.d(20, 10);
  two.d(20, 4);
  two.d(20, 20).no().no().d(20, 1);  // round 2: a 20 on her death save; all miss
  const test::Played q = test::play_scripted(poison_text("", "", "con = 14\nlevel = 2\n", 1), two);
  INFO(q.log);
  CHECK(has(q.log, "[0:00:00] hero's maximum HP is now 6 (was 10)"));
}

TEST_CASE("dnd5e party: septicaemia's point of Con a day lowers the maximum HP a level",
          "[party][injuries][scripted]") {
  // Con 10 (+0): a day of septicaemia makes it 9 (-1), 10 off the maximum at level 10: 0.
  Script s;
  septic_fall(s);
  const std::string toml = septic_text("str = 10\ncon = 10\nlevel = 10\n", "");
  const test::Played p = test::play_scripted(toml, s);
  INFO(p.log);
  CHECK(has(p.log, "[1d 00:00:24] hero dies: maximum HP reduced to 0"));
  // Without a level the maximum does not move: the decline goes on, and nothing kills.
  Script t;
  septic_fall(t);
  const test::Played q = test::play_scripted(septic_text("str = 10\ncon = 10\n", ""), t);
  INFO(q.log);
  CHECK_FALSE(has(q.log, "maximum HP reduced to 0"));
  // Con 11 (+0) at level 1: the second day's point (Con 9, -1) takes 1 off, and the story says so.
  Script u;
  septic_fall(u);
  const test::Played r =
      test::play_scripted(septic_text("str = 10\ncon = 11\nlevel = 1\n", ""), u);
  INFO(r.log);
  CHECK(has(r.log, "[2d 00:00:24] hero's maximum HP is now 9 (was 10)"));
  CHECK_FALSE(has(r.log, "[1d 00:00:24] hero's maximum HP"));
}

TEST_CASE("dnd5e party: a member's level below its Hit Dice is a located error",
          "[party][errors]") {
  const std::string e = test::error_of([] {
    test::load_text(septic_text("str = 10\nlevel = 2\nhit_dice = 3\nhit_die = \"1d10\"\n", ""));
  });
  CHECK_THAT(e, Catch::Contains("hit_dice") && Catch::Contains("more Hit Dice than levels"));
}

TEST_CASE("dnd5e party: Gelure's -3 Dex lowers the AC of light armour, not of heavy",
          "[party][injuries][scripted]") {
  // Dex 14 (+2) less 3 is 11 (+0): AC 12 in light armour becomes 10. The brute (+0) drops the
  // hero with a 12 (d20 4: severe, cold 03-05, Gelure), then strikes her fallen with
  // advantage: 10 and 3 hit AC 10 (critical: two failures), not AC 12.
  auto toml = [](const std::string& armor) {
    return "name = \"dex\"\nruleset = \"dnd5e\"\nhorizon = \"60 days\"\n[options]\n"
           "lingering_injuries = true\nmassive_damage = false\n[fight]\n"
           "opponents_target = \"weakest\"\nround_cap = 2\nstrike_fallen = 1.0\n" +
           test::combatant_text("party", "hero", "max_hp", 10, 20,
                                "hit_chance = 0.0\ndamage = \"1\"",
                                "ac = 12\ndex = 14\narmor = \"" + armor + "\"\n") +
           test::combatant_text("party", "squire", "max_hp", 50, 10,
                                "hit_chance = 0.0\ndamage = \"1\"", "ac = 10\n") +
           test::combatant_text("opponents", "brute", "hp", 50, 0,
                                "attack_bonus = 0\ndamage = \"10\"\ndamage_type = \"cold\"\n"
                                "strikes = 2",
                                "ac = 10\n");
  };
  auto fall = [](Script& s) {
    s.d(20, 1).d(20, 1).d(20, 1);  // initiative: hero 21, squire 11, brute 1
    s.no().no();                   // hero and squire miss
    s.d(20, 12);                   // the brute drops the hero
    s.d(20, 4).yes();              // Gelure, of a hand (its deadline may take one)
    s.yes().d(20, 10).d(20, 3);    // its second blow, at the fallen hero
  };
  Script light;
  fall(light);                      // a hit: two failures
  light.d(20, 1);                   // round 2: a natural 1 on her death save, dead
  light.no();                       // the squire misses
  light.d(20, 1).d(20, 1);          // the brute misses the squire twice; the cap ends it
  const test::Played l = test::play_scripted(toml("light"), light);
  INFO(l.log);
  CHECK(has(l.log, "Gelure (cold, severe)"));
  CHECK(has(l.log, "[0:00:00] brute hits hero (attack 1, critical) for 10"));
  CHECK(has(l.log, "hero death save 1: 0 successes, 4 failures, dead"));
  CHECK(has(l.log, "[0:00:00] hero's AC is now 10 (was 12)"));
  Script heavy;
  fall(heavy);                      // a miss
  heavy.d(20, 1);                   // round 2: a natural 1 on her death save
  heavy.no();                       // the squire misses
  heavy.yes().d(20, 12).d(20, 3);   // the brute hits the fallen hero: a critical, dead
  heavy.d(20, 1);                   // and misses the squire; the cap ends it
  const test::Played h = test::play_scripted(toml("heavy"), heavy);
  INFO(h.log);
  CHECK(has(h.log, "[0:00:00] brute misses hero (attack 1)"));
  CHECK(has(h.log, "hero is struck at 0 HP: 3 failures, dead"));
  CHECK_FALSE(has(h.log, "AC is now"));
}

TEST_CASE("dnd5e party: armor without a dex score is a located error", "[party][errors]") {
  const std::string e = test::error_of([] {
    test::load_text(septic_text("str = 10\narmor = \"light\"\n", ""));
  });
  CHECK_THAT(e, Catch::Contains("armor") && Catch::Contains("dex = 14"));
}
