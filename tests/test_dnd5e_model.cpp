// The dnd5e model rule by rule, with scripted dice: every roll the model makes is given in
// order, and a roll out of place fails the test. Seed 003 prints no worked example; each case
// here is one of its rules (or of the SRD death-save rules it builds on) with the numbers it
// implies.
#include <catch2/catch.hpp>

#include "sim/engine/registry.h"
#include "tests/support.h"

using namespace leth;
namespace m = dnd5e::metric;

namespace {

struct Parts {
  std::string options;
  std::string character = "max_hp = 10\nac = 15\ncon = 14\nhit_die = 10\n";
  std::string encounter = "rounds = 1\n";
  std::string attackers =
      "[[encounter.attackers]]\nname = \"orc\"\nhit_chance = 1.0\nmelee = false\n"
      "damage = \"10\"\ndamage_type = \"slashing\"\n";
  std::string aftercare;
  std::string recovery = "rest = \"none\"\nshort_rest = false\n";
  std::string horizon = "2 days";
};

std::string scenario(const Parts& p) {
  std::string s = "name = \"t\"\nruleset = \"dnd5e\"\nhorizon = \"" + p.horizon + "\"\n";
  s += "[options]\n" + p.options;
  s += "[character]\n" + p.character;
  s += "[recovery]\n" + p.recovery;
  if (!p.aftercare.empty()) s += "[aftercare]\n" + p.aftercare;
  s += "[encounter]\n" + p.encounter + p.attackers;
  return s;
}

using test::Played;

// Plays one trial of `p` with the scripted dice; the script must be used up exactly.
Played play(const Parts& p, Script& script) {
  return test::play_scripted(scenario(p), script);
}

bool has(const Played& p, const std::string& text) {
  return p.log.find(text) != std::string::npos;
}

int sequela(const Outcome& o, uint16_t id, int32_t* magnitude = nullptr) {
  for (size_t i = 0; i < o.sequela_kinds; ++i)
    if (o.sequelae[i].id == id) {
      if (magnitude) *magnitude = o.sequelae[i].magnitude;
      return o.sequelae[i].count;
    }
  return 0;
}

}  // namespace

TEST_CASE("dnd5e: 0 HP gives an injury from the last damage type; a natural 1 is two failures",
          "[dnd5e]") {
  Script s;
  s.yes();      // the orc hits: 10 slashing, 0 HP
  s.d(20, 12);  // injury d20 12: light (11-20), slashing 11-14: Plaie ouverte
  s.no();       // (a foot, were a limb lost)
  s.d(20, 1);   // death save at 0 s: natural 1, two failures
  s.d(20, 10);  // at 6 s: 10, a success
  s.d(20, 9);   // at 12 s: 9, a failure: three, dead
  const Played p = play(Parts{}, s);
  CHECK(has(p, "injury (d20 12): Plaie ouverte (slashing, light)"));
  CHECK(has(p, "natural 1, two failures"));
  CHECK(p.outcome.end == m::kDiedDying);
  CHECK(p.outcome.end_time == 12);
  CHECK(p.outcome.counters[m::kInjuriesLight] == 1);
  CHECK(p.outcome.counters[m::kDeathSaveFailures] == 3);
}

TEST_CASE("dnd5e: a natural 20 regains 1 HP; three successes stabilise, waking after 1d4 hours",
          "[dnd5e]") {
  SECTION("natural 20") {
    Script s;
    s.yes().d(20, 18).no().d(20, 20);  // Blessure à la jambe; natural 20
    const Played p = play(Parts{}, s);
    CHECK(has(p, "natural 20: HP 1/10"));
    CHECK(p.outcome.counters[m::kNat20Revivals] == 1);
    CHECK(p.outcome.end == m::kStillInjured);  // no rest, no healer: the leg injury stays
    CHECK(sequela(p.outcome, m::kOpenLight) == 1);
  }
  SECTION("three successes") {
    Script s;
    s.yes().d(20, 18).no().d(20, 10).d(20, 15).d(20, 19);  // stable at 12 s
    s.d(4, 2);                                             // wakes 2 hours later
    const Played p = play(Parts{}, s);
    CHECK(has(p, "stable; wakes at 2:00:12"));
    CHECK(has(p, "[2:00:12] wakes at 1 HP"));
    REQUIRE(p.outcome.has(m::kTimeUnconscious));
    CHECK(p.outcome.durations[m::kTimeUnconscious] == 7212);
  }
}

TEST_CASE("dnd5e: massive damage, and damage at 0 HP as failed saves", "[dnd5e]") {
  SECTION("damage left after 0 HP at least the maximum kills outright") {
    Parts parts;
    parts.attackers = "[[encounter.attackers]]\nhit_chance = 1.0\ndamage = \"20\"\n";
    Script s;
    s.yes();
    const Played p = play(parts, s);
    CHECK(p.outcome.end == m::kDiedMassive);
    CHECK(p.outcome.counters[m::kInjuries] == 0);
  }
  SECTION("off: the same blow only knocks out") {
    Parts parts;
    parts.options = "massive_damage = false\n";
    parts.attackers = "[[encounter.attackers]]\nhit_chance = 1.0\ndamage = \"20\"\n";
    Script s;
    s.yes().d(20, 11).no().d(20, 20);  // bludgeoning (the default type) 11-14: Mâchoire brisé
    const Played p = play(parts, s);
    CHECK(has(p, "Mâchoire brisé (bludgeoning, light)"));
  }
  SECTION("a melee hit on an unconscious character is critical: two failures") {
    Parts parts;
    parts.attackers +=
        "[[encounter.attackers]]\nname = \"wolf\"\nhit_chance = 1.0\ndamage = \"1\"\n"
        "damage_type = \"piercing\"\nkeep_attacking_downed = 1.0\n";
    Script s;
    s.yes().d(20, 15).no();  // the orc: 0 HP, Blessure au bras
    s.yes().yes();           // the wolf keeps attacking the fallen character, hits: critical
    s.d(20, 5);              // death save: a failure, the third
    const Played p = play(parts, s);
    CHECK(has(p, "wolf: 1 piercing damage (critical)"));
    CHECK(p.outcome.end == m::kDiedCombat);
    CHECK(p.outcome.counters[m::kDeathSaveFailures] == 3);
  }
}

TEST_CASE("dnd5e: severity mappings and how the row is chosen", "[dnd5e]") {
  SECTION("seed mapping: a 4 is severe, slashing 03-05") {
    Script s;
    s.yes().d(20, 4).no().d(20, 20);
    const Played p = play(Parts{}, s);
    CHECK(has(p, "Déchirure d'un ligament (slashing, severe)"));
    int32_t mag = 0;
    CHECK(sequela(p.outcome, m::kStrLoss, &mag) == 1);
    CHECK(mag == -3);
  }
  SECTION("mild mapping: a 2 is severe; the row is the severe row") {
    Parts parts;
    parts.options = "injury_severity = \"mild\"\n";
    Script s;
    s.yes().d(20, 2).no().d(20, 20);
    CHECK(has(play(parts, s), "Déchirure d'un ligament (slashing, severe)"));
  }
  SECTION("mild mapping, injury_row = roll: the serious row at severe DC") {
    Parts parts;
    parts.options = "injury_severity = \"mild\"\ninjury_row = \"roll\"\n";
    Script s;
    s.yes().d(20, 2).yes().d(20, 20);  // a hand
    const Played p = play(parts, s);
    CHECK(has(p, "Perte d'un pied ou d'une main (slashing, severe)"));
    CHECK(sequela(p.outcome, m::kLostHand) == 1);
    CHECK(p.outcome.end == m::kStillHurt);  // a permanent loss does not block recovery
  }
  SECTION("mild mapping: a 4 is moderate (Paralysie temporaire)") {
    Parts parts;
    parts.options = "injury_severity = \"mild\"\n";
    Script s;
    s.yes().d(20, 4).no().d(20, 20);
    CHECK(has(play(parts, s), "Paralysie temporaire (slashing, moderate)"));
  }
  SECTION("a designer's mapping") {
    Parts parts;
    parts.options = "injury_severity = \"custom\"\n";
    // [[injury_severity]] at the end of the file: the top level's array of tables.
    parts.attackers +=
        "[[injury_severity]]\nrange = \"2-20\"\nseverity = \"light\"\n"
        "[[injury_severity]]\nrange = \"1\"\nseverity = \"serious\"\n";
    Script s;
    s.yes().d(20, 5).no().d(20, 20);  // a 5 is light here: the nearest light row, 11-14
    CHECK(has(play(parts, s), "Plaie ouverte (slashing, light)"));
  }
}

TEST_CASE("dnd5e: which falls give an injury", "[dnd5e]") {
  Parts parts;
  parts.encounter = "rounds = 2\n";
  parts.character = "max_hp = 20\nac = 15\ncon = 14\n";
  parts.attackers =
      "[[encounter.attackers]]\nname = \"orc\"\nhit_chance = 1.0\nmelee = false\n"
      "damage = \"20\"\ndamage_type = \"slashing\"\nlast_round = 1\n"
      "[[encounter.attackers]]\nname = \"archer\"\nhit_chance = 1.0\nmelee = false\n"
      "damage = \"1\"\ndamage_type = \"piercing\"\nfirst_round = 2\n";
  SECTION("each fall: the open wound adds 1d4, and the second fall brings a second injury") {
    Script s;
    s.yes().d(20, 12).no().d(20, 20);  // round 1: 0 HP, Plaie ouverte, natural 20: 1 HP
    s.yes().d(4, 3);                   // round 2: 1 + 3 piercing, 0 HP again
    s.d(20, 15).no();                  // second injury, piercing 15-17: Blessure au bras
    s.d(20, 20);                       // natural 20
    const Played p = play(parts, s);
    CHECK(has(p, "archer: 4 piercing damage"));
    CHECK(has(p, "Blessure au bras (piercing, light)"));
    CHECK(p.outcome.counters[m::kInjuries] == 2);
    CHECK(p.outcome.counters[m::kKnockedOut] == 2);
  }
  SECTION("first fall only") {
    parts.options = "injury_trigger = \"first_fall\"\n";
    Script s;
    s.yes().d(20, 12).no().d(20, 20);
    s.yes().d(4, 3).d(20, 20);
    const Played p = play(parts, s);
    CHECK(p.outcome.counters[m::kInjuries] == 1);
  }
}

TEST_CASE("dnd5e: rot lowers max HP by 1d4 now and each day, and kills at 0", "[dnd5e]") {
  Parts parts;
  parts.attackers =
      "[[encounter.attackers]]\nhit_chance = 1.0\ndamage = \"10\"\ndamage_type = \"necrotic\"\n"
      "melee = false\n";
  Script s;
  s.yes().d(20, 4).no().d(4, 4);  // Pourrissement: max HP 10 -> 6
  s.d(20, 20);                    // natural 20: 1 HP
  s.d(4, 4).d(4, 2);              // day 1: 6 -> 2; day 2: 2 -> 0
  const Played p = play(parts, s);
  CHECK(has(p, "natural 20: HP 1/6"));
  CHECK(has(p, "[0:00:00] maximum HP now 6 (was 10): HP 0/6"));
  CHECK(has(p, "[1d 00:00:00] maximum HP now 2 (was 6): HP 1/2"));
  CHECK(p.outcome.end == m::kDiedInjury);
  CHECK(p.outcome.end_time == 2 * kDay);
}

TEST_CASE("dnd5e: deadlines: necrosis costs a hand, frostbite turns serious", "[dnd5e]") {
  SECTION("necrosis untreated for 1d4 days") {
    Parts parts;
    parts.horizon = "3 days";
    parts.attackers =
        "[[encounter.attackers]]\nhit_chance = 1.0\ndamage = \"10\"\ndamage_type = "
        "\"necrotic\"\nmelee = false\n";
    Script s;
    s.yes().d(20, 1).yes().d(4, 2).d(20, 20);  // Nécrose, a hand; deadline in 2 days
    const Played p = play(parts, s);
    CHECK(has(p, "[2d 00:00:00] untreated: loses a hand"));
    CHECK(sequela(p.outcome, m::kLostHand) == 1);
    CHECK(p.outcome.counters[m::kLimbsLostToDeadline] == 1);
  }
  SECTION("frostbite: Dex -3, then Gelure Sévère with a fresh clock, then a foot") {
    Parts parts;
    parts.horizon = "3 days";
    parts.character = "max_hp = 10\nac = 15\ncon = 14\ndex = 14\n";
    parts.attackers =
        "[[encounter.attackers]]\nhit_chance = 1.0\ndamage = \"10\"\ndamage_type = "
        "\"cold\"\nmelee = false\n";
    Script s;
    s.yes().d(20, 3).no().d(4, 1).d(20, 20);  // Gelure; deadline 1 day
    s.d(4, 1);                                // the serious frostbite's own clock: 1 day
    const Played p = play(parts, s);
    CHECK(
        has(p, "[1d 00:00:00] untreated: becomes Gelure Sévère (Mains ou Pieds) (cold, serious)"));
    CHECK(has(p, "[2d 00:00:00] untreated: loses a foot"));
    CHECK(p.outcome.counters[m::kFrostbiteWorsened] == 1);
    CHECK(sequela(p.outcome, m::kLostFoot) == 1);
    CHECK(sequela(p.outcome, m::kDexLoss) == 0);  // Gelure's -3 went with it
  }
}

TEST_CASE("dnd5e: Constitution loss lowers max HP", "[dnd5e]") {
  Parts parts;
  parts.attackers =
      "[[encounter.attackers]]\nhit_chance = 1.0\ndamage = \"10\"\ndamage_type = \"poison\"\n"
      "melee = false\n";
  Script s;
  s.yes().d(20, 5).no().d(20, 20);  // Organe endommagé: Con 14 -> 11, modifier +2 -> +0
  const Played p = play(parts, s);
  CHECK(has(p, "natural 20: HP 1/8"));
  CHECK(has(p, "[0:00:00] maximum HP now 8 (was 10): HP 0/8"));
  int32_t mag = 0;
  CHECK(sequela(p.outcome, m::kConLoss, &mag) == 1);
  CHECK(mag == -3);
}

TEST_CASE("dnd5e: treatment, DC +2 per failure; rests", "[dnd5e]") {
  const char* const medicine_0 =
      "help_arrives = \"1 minute\"\n[aftercare.healer]\nmedicine = 0\nherbalism_kit = true\n"
      "retry_after = \"1 hour\"\n";
  SECTION("a failed treatment raises the DC by 2; the next attempt after retry_after") {
    Parts parts;
    parts.aftercare = medicine_0;
    Script s;
    s.yes().d(20, 12).no().d(20, 20);  // Plaie ouverte; 1 HP
    s.d(20, 5);                        // at 0:11:00: 5 vs DC 10, failure
    s.d(20, 12);                       // at 1:21:00: 12 vs DC 12, success
    const Played p = play(parts, s);
    CHECK(has(p, "[0:11:00] treats Plaie ouverte (slashing, light): 5 vs DC 10"));
    CHECK(has(p, "[1:21:00] treats Plaie ouverte (slashing, light): 12 vs DC 12"));
    CHECK(p.outcome.counters[m::kTreatmentsFailed] == 1);
    CHECK(p.outcome.counters[m::kTreatmentsSucceeded] == 1);
    CHECK(p.outcome.end == m::kStillHurt);
  }
  SECTION("the healer does not begin a treatment its d20 + Medicine cannot pass") {
    // Medicine 0: DC 10, 12, ... 20 can still be passed on a 20; DC 22 cannot (interpretation
    // 14). Six failures, then no seventh try: the script holds no further roll.
    Parts parts;
    parts.aftercare = medicine_0;
    Script s;
    s.yes().d(20, 12).no().d(20, 20);           // Plaie ouverte; 1 HP
    for (int i = 0; i < 6; ++i) s.d(20, 1);  // 1 vs DC 10, 12, 14, 16, 18, 20
    const Played p = play(parts, s);
    CHECK(has(p, "treats Plaie ouverte (slashing, light): 1 vs DC 20"));
    CHECK_FALSE(has(p, "vs DC 22"));
    CHECK(p.outcome.counters[m::kTreatmentsFailed] == 6);
    CHECK(p.outcome.counters[m::kTreatmentsSucceeded] == 0);
  }
  SECTION("a long rest heals HP and a moderate injury; paralysis keeps the character out") {
    Parts parts;
    parts.recovery = "rest = \"daily\"\nfirst_rest = \"8 hours\"\nshort_rest = false\n";
    Script s;
    s.yes().d(20, 8).no().d(20, 20);  // Paralysie temporaire; 1 HP
    const Played p = play(parts, s);
    const Seconds end = 6 + 16 * kHour;
    CHECK(p.outcome.end == m::kRecovered);
    CHECK(p.outcome.durations[m::kDowntime] == end);
    CHECK(p.outcome.durations[m::kOutOfAction] == end);
  }
  SECTION("a Hit Die in a short rest heals a light injury") {
    Parts parts;
    parts.recovery = "rest = \"none\"\nshort_rest = true\n";
    Script s;
    s.yes().d(20, 12).no().d(20, 20);
    s.d(10, 5);  // the Hit Die: 5 + 2
    const Played p = play(parts, s);
    CHECK(has(p, "a Hit Die: HP 8/10"));
    CHECK(has(p, "heals: a Hit Die in a short rest"));
    CHECK(p.outcome.counters[m::kHitDiceSpent] == 1);
  }
  SECTION("a severe injury: the treatment then 2d4 days in bed") {
    Parts parts;
    parts.horizon = "10 days";
    parts.aftercare =
        "help_arrives = \"1 minute\"\n[aftercare.healer]\nmedicine = 10\nherbalism_kit = true\n";
    Script s;
    s.yes().d(20, 4).no().d(20, 20);  // Déchirure d'un ligament; 1 HP
    s.d(20, 10).d(4, 1).d(4, 2);      // 20 vs DC 20; 3 days in bed
    const Played p = play(parts, s);
    CHECK(has(p, "bed rest until 3d 00:31:00"));
    CHECK(p.outcome.durations[m::kTimeInBed] == 3 * kDay);
    CHECK(sequela(p.outcome, m::kStrLoss) == 0);
  }
}

TEST_CASE("dnd5e: magic heals an injury by severity", "[dnd5e]") {
  Parts parts;
  parts.aftercare =
      "help_arrives = \"1 minute\"\n[aftercare.healer]\nlesser_restoration = 1\n"
      "heal_spell = 1\n";
  SECTION("lesser restoration, a moderate injury") {
    Script s;
    s.yes().d(20, 8).no().d(20, 20);
    const Played p = play(parts, s);
    CHECK(has(p, "Paralysie temporaire (slashing, moderate) heals: lesser restoration"));
    CHECK(p.outcome.counters[m::kMagicUsed] == 1);
  }
  SECTION("heal restores a lost hand; a severe injury waits for greater restoration") {
    Script s;
    s.yes().d(20, 1).yes().d(20, 20);
    const Played p = play(parts, s);
    CHECK(has(p, "heals: heal / regenerate"));
    CHECK(sequela(p.outcome, m::kLostHand) == 0);
  }
}

TEST_CASE("dnd5e: a paralysed character is attacked with advantage, and a melee hit is critical",
          "[dnd5e]") {
  Parts parts;
  parts.encounter = "rounds = 2\n";
  parts.attackers =
      "[[encounter.attackers]]\nname = \"ogre\"\nhit_chance = 1.0\nmelee = false\n"
      "damage = \"10\"\ndamage_type = \"slashing\"\nlast_round = 1\n"
      "[[encounter.attackers]]\nname = \"kobold\"\nattack_bonus = 5\ndamage = \"1d4\"\n"
      "first_round = 2\n";
  Script s;
  s.yes().d(20, 8).no().d(20, 20);  // Paralysie temporaire; natural 20: 1 HP, still paralysed
  s.d(20, 3).d(20, 12);             // the kobold with advantage: 12 + 5 = 17 vs AC 15
  s.d(4, 3).d(4, 2);                // critical: the die twice, 5 damage
  s.d(20, 15).no();                 // 0 HP again: bludgeoning 15-17, Blessure au bras
  s.d(20, 1).d(20, 2);              // death saves: natural 1, then a failure
  const Played p = play(parts, s);
  CHECK(has(p, "kobold: 5 bludgeoning damage (critical)"));
  CHECK(p.outcome.end == m::kDiedDying);
}

TEST_CASE("dnd5e: septicaemia lowers Str, Dex and Con by 1 a day; a score at 0 kills", "[dnd5e]") {
  Parts parts;
  parts.horizon = "4 days";
  parts.character = "max_hp = 10\nac = 15\ncon = 14\nstr = 3\n";
  parts.attackers =
      "[[encounter.attackers]]\nhit_chance = 1.0\ndamage = \"10\"\ndamage_type = \"poison\"\n"
      "melee = false\n";
  SECTION("dies when Strength reaches 0") {
    Script s;
    s.yes().d(20, 1).no().d(20, 20);
    const Played p = play(parts, s);
    CHECK(has(p, "str reduced to 0"));
    CHECK(p.outcome.end == m::kDiedInjury);
    CHECK(p.outcome.end_time == 3 * kDay);
  }
  SECTION("ability_zero_kills = false: alive, the losses reported") {
    parts.options = "ability_zero_kills = false\n";
    Script s;
    s.yes().d(20, 1).no().d(20, 20);
    const Played p = play(parts, s);
    CHECK(p.outcome.end == m::kStillInjured);
    int32_t con = 0, str = 0;
    CHECK(sequela(p.outcome, m::kConLoss, &con) == 1);
    CHECK(con == -4);  // four days
    CHECK(sequela(p.outcome, m::kStrLoss, &str) == 1);
    CHECK(str == -3);  // 3 -> 0, no lower
  }
}

TEST_CASE("dnd5e: a piercing wound costs 1 HP at the end of each turn while standing", "[dnd5e]") {
  Parts parts;
  parts.encounter = "rounds = 2\n";
  parts.attackers =
      "[[encounter.attackers]]\nname = \"archer\"\nhit_chance = 1.0\nmelee = false\n"
      "damage = \"10\"\ndamage_type = \"piercing\"\nlast_round = 1\n";
  Script s;
  s.yes().d(20, 12).no().d(20, 20);  // Plaie perforante; natural 20: 1 HP
  s.d(20, 18).no();                  // round 2's turn: 1 HP lost, 0 HP: Blessure à la jambe
  s.d(20, 20);                       // after the fight: natural 20
  const Played p = play(parts, s);
  CHECK(has(p, "piercing wound: 1 piercing damage"));
  CHECK(has(p, "Blessure à la jambe (piercing, light)"));
  CHECK(p.outcome.counters[m::kKnockedOut] == 2);
}

TEST_CASE("dnd5e: a coma keeps the character unconscious until heal or regenerate", "[dnd5e]") {
  Parts parts;
  parts.attackers =
      "[[encounter.attackers]]\nhit_chance = 1.0\ndamage = \"10\"\ndamage_type = \"psychic\"\n"
      "melee = false\n";
  parts.aftercare = "help_arrives = \"1 minute\"\n[aftercare.healer]\nheal_spell = 1\n";
  Script s;
  s.yes().d(20, 1).no().d(20, 20);  // Coma; natural 20: 1 HP but still unconscious
  const Played p = play(parts, s);
  CHECK(has(p, "[0:01:00] Coma (psychic, serious) heals: heal / regenerate"));
  CHECK(p.outcome.durations[m::kOutOfAction] == 60);
  CHECK(p.outcome.durations[m::kTimeUnconscious] == 60);
}

TEST_CASE("dnd5e: a DC 10 Medicine check stabilises; healing magic brings the character back",
          "[dnd5e]") {
  SECTION("Medicine") {
    Parts parts;
    parts.aftercare = "help_arrives = \"1 round\"\n[aftercare.healer]\nmedicine = 0\n";
    Script s;
    s.yes().d(20, 12).no().d(20, 5);  // Plaie ouverte; death save at 0 s: a failure
    s.d(20, 5);                       // at 6 s: the death save, a second failure
    s.d(20, 10);                      // at 6 s: the healer's Medicine, 10 vs DC 10: stable
    s.d(4, 1);                        // wakes an hour later
    const Played p = play(parts, s);
    CHECK(has(p, "Medicine to stabilise: 10 vs DC 10"));
    CHECK(has(p, "[1:00:06] wakes at 1 HP"));
    CHECK(p.outcome.counters[m::kStabilisedByMedicine] == 1);
    CHECK(p.outcome.counters[m::kDeathSaveFailures] == 2);
  }
  SECTION("a healing spell in the fight; a dying character's light injury stays") {
    Parts parts;
    parts.aftercare =
        "help_arrives = \"0 rounds\"\n[aftercare.healer]\nhealing = \"1d8+3\"\nhealing_uses = 1\n";
    Script s;
    s.yes().d(20, 12).no().d(20, 5);  // 0 HP, Plaie ouverte; a failed death save
    s.d(8, 4);                        // end of round 1: cure wounds, 7 HP
    const Played p = play(parts, s);
    CHECK(has(p, "healing spell: HP 7/10"));
    CHECK(p.outcome.counters[m::kMagicUsed] == 1);
    CHECK(sequela(p.outcome, m::kOpenLight) == 1);  // healed while dying: no injury healed
  }
}

TEST_CASE("dnd5e: becoming stable resets both death-save tallies", "[dnd5e]") {
  // SRD 5.1: "The number of both is reset to zero when you regain any hit points or become
  // stable." Two failures, then three successes: stable with no failure left, so the wolf's
  // blow in round 5 is the first failure, and three fresh successes are needed again.
  Parts parts;
  parts.encounter = "rounds = 5\n";
  parts.attackers =
      "[[encounter.attackers]]\nname = \"orc\"\nhit_chance = 1.0\nmelee = false\n"
      "damage = \"10\"\ndamage_type = \"slashing\"\nlast_round = 1\n"
      "[[encounter.attackers]]\nname = \"wolf\"\nhit_chance = 1.0\nmelee = false\n"
      "damage = \"1\"\ndamage_type = \"piercing\"\nfirst_round = 5\nkeep_attacking_downed = 1.0\n";
  Script s;
  s.yes().d(20, 18).no();           // round 1: 0 HP, Blessure à la jambe (light)
  s.d(20, 1);                       // round 1's death save: natural 1, two failures
  s.d(20, 10).d(20, 10).d(20, 10);  // rounds 2-4: three successes, stable
  s.d(4, 1);                        // (would wake an hour later)
  s.yes().yes();                    // round 5: the wolf strikes the fallen character: 1 damage
  s.d(20, 10).d(20, 10).d(20, 10);  // success 1 (round 5), 2 and 3 after the fight: stable
  s.d(4, 1);                        // wakes an hour later
  const Played p = play(parts, s);
  CHECK(p.outcome.end == m::kStillInjured);  // alive, awake, the leg injury open
  CHECK(p.outcome.counters[m::kDeathSaveFailures] == 3);
}

TEST_CASE("dnd5e: a ranged attack on an unconscious character is a straight roll", "[dnd5e]") {
  // SRD: unconscious means prone, and prone gives disadvantage to attacks from beyond 5 feet;
  // with the unconscious condition's advantage the two cancel. Within 5 feet: advantage, and a
  // hit is critical.
  Parts parts;
  parts.encounter = "rounds = 2\n";
  parts.attackers =
      "[[encounter.attackers]]\nname = \"orc\"\nhit_chance = 1.0\nmelee = false\n"
      "damage = \"10\"\ndamage_type = \"slashing\"\nlast_round = 1\n";
  SECTION("an archer: one d20, no critical") {
    parts.attackers +=
        "[[encounter.attackers]]\nname = \"archer\"\nattack_bonus = 5\nmelee = false\n"
        "damage = \"1d6\"\ndamage_type = \"piercing\"\nfirst_round = 2\n"
        "keep_attacking_downed = 1.0\n";
    Script s;
    s.yes().d(20, 18).no().d(20, 10);  // round 1: 0 HP, Blessure à la jambe; a success
    s.yes().d(20, 12).d(6, 4);         // round 2: the archer, one d20: 12 + 5 vs AC 15, 4 damage
    s.d(20, 10);                       // round 2's death save
    s.d(20, 10);                       // after the fight: success 3, stable
    s.d(4, 1);
    const Played p = play(parts, s);
    CHECK(p.outcome.counters[m::kDeathSaveFailures] == 1);  // one failure: not a critical
    CHECK(p.outcome.end == m::kStillInjured);
  }
  SECTION("a melee attacker: advantage, and the hit is critical") {
    parts.attackers +=
        "[[encounter.attackers]]\nname = \"goblin\"\nattack_bonus = 5\n"
        "damage = \"1d6\"\ndamage_type = \"slashing\"\nfirst_round = 2\n"
        "keep_attacking_downed = 1.0\n";
    Script s;
    s.yes().d(20, 18).no().d(20, 10);  // round 1: 0 HP; a success
    s.yes().d(20, 2).d(20, 12);        // round 2: the goblin with advantage: 12 + 5 vs AC 15
    s.d(6, 4).d(6, 3);                 // critical: the die twice
    s.d(20, 1);                        // round 2's death save: natural 1, the fourth failure
    const Played p = play(parts, s);
    CHECK(p.outcome.end == m::kDiedCombat);
    CHECK(p.outcome.counters[m::kDeathSaveFailures] == 4);  // two from the critical, two from the 1
  }
}

TEST_CASE("dnd5e: time in bed is counted inside the trial", "[dnd5e]") {
  // A severe injury treated at 0:31:00 sends the character to bed for 3 days; the horizon
  // comes at 2 days, so 2 days less 31 minutes of it fall inside the trial.
  Parts parts;
  parts.horizon = "2 days";
  parts.aftercare =
      "help_arrives = \"1 minute\"\n[aftercare.healer]\nmedicine = 10\nherbalism_kit = true\n";
  Script s;
  s.yes().d(20, 4).no().d(20, 20);  // Déchirure d'un ligament (severe); natural 20: 1 HP
  s.d(20, 10).d(4, 1).d(4, 2);      // 20 vs DC 20; 3 days in bed
  const Played p = play(parts, s);
  CHECK(p.outcome.end == m::kStillInjured);
  REQUIRE(p.outcome.has(m::kTimeInBed));
  CHECK(p.outcome.durations[m::kTimeInBed] == 2 * kDay - 31 * kMinute);
  CHECK_FALSE(p.outcome.has(m::kOutOfAction));  // still in bed at the horizon
}

TEST_CASE("dnd5e: a short rest needs the character conscious, so not in a coma", "[dnd5e]") {
  Parts parts;
  parts.recovery = "rest = \"none\"\nshort_rest = true\n";
  parts.attackers =
      "[[encounter.attackers]]\nhit_chance = 1.0\ndamage = \"10\"\ndamage_type = \"psychic\"\n"
      "melee = false\n";
  SECTION("the coma lasts: no Hit Die is spent") {
    Script s;
    s.yes().d(20, 1).no().d(20, 20);  // Coma; natural 20: 1 HP but still unconscious
    const Played p = play(parts, s);
    CHECK(p.outcome.end == m::kStillUnconscious);
    CHECK(p.outcome.counters[m::kHitDiceSpent] == 0);
  }
  SECTION("heal ends the coma: the short rest follows") {
    parts.aftercare = "help_arrives = \"1 minute\"\n[aftercare.healer]\nheal_spell = 1\n";
    Script s;
    s.yes().d(20, 1).no().d(20, 20);  // Coma; natural 20: 1 HP
    s.d(10, 5);                       // at 1:01:00, the short rest's Hit Die: 5 + 2
    const Played p = play(parts, s);
    CHECK(p.outcome.counters[m::kHitDiceSpent] == 1);
    CHECK(p.outcome.end == m::kStillHurt);  // 8/10 HP, no rest
  }
}

TEST_CASE("dnd5e: time out of action runs from the first fall to able to act for good", "[dnd5e]") {
  SECTION("two falls: from the first to the last time back, not the spans summed") {
    Parts parts;
    parts.encounter = "rounds = 2\n";
    parts.character = "max_hp = 20\nac = 15\ncon = 14\n";
    parts.attackers =
        "[[encounter.attackers]]\nname = \"orc\"\nhit_chance = 1.0\nmelee = false\n"
        "damage = \"20\"\ndamage_type = \"slashing\"\nlast_round = 1\n"
        "[[encounter.attackers]]\nname = \"archer\"\nhit_chance = 1.0\nmelee = false\n"
        "damage = \"1\"\ndamage_type = \"piercing\"\nfirst_round = 2\n";
    Script s;
    s.yes().d(20, 12).no().d(20, 20);  // round 1: 0 HP, Plaie ouverte, natural 20: 1 HP
    s.yes().d(4, 3);                   // round 2: 1 + 3 piercing, 0 HP again
    s.d(20, 15).no();                  // Blessure au bras
    s.d(20, 20);                       // natural 20 at 6 s
    const Played p = play(parts, s);
    REQUIRE(p.outcome.has(m::kOutOfAction));
    CHECK(p.outcome.durations[m::kOutOfAction] == 6);
  }
  SECTION("the dead are counted by their end, not here") {
    Script s;
    s.yes().d(20, 12).no();
    s.d(20, 1).d(20, 10).d(20, 9);  // dies of death saves at 12 s
    const Played p = play(Parts{}, s);
    CHECK(p.outcome.end == m::kDiedDying);
    CHECK_FALSE(p.outcome.has(m::kOutOfAction));
  }
}
