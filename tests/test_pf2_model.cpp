// The pf2 model rule by rule (seed 004, and the Player Core options), with scripted dice: every
// roll the model makes is given in order, and a roll out of place fails the test.
#include <catch2/catch.hpp>

#include "sim/engine/registry.h"
#include "tests/support.h"

using namespace leth;

namespace {

struct Parts {
  std::string options;
  std::string character = "max_hp = 10\nac = 15\nfortitude = 5\ncon = 2\n";
  std::string encounter = "rounds = 1\n";
  std::string attackers =
      "[[encounter.attackers]]\nname = \"ogre\"\nattack_bonus = 5\n"
      "damage = \"10\"\ndc = 15\n";
  std::string aftercare;
  std::string recovery = "rest = \"none\"\n";
  std::string horizon = "2 days";
};

std::string scenario(const Parts& p) {
  std::string s = "name = \"t\"\nruleset = \"pf2\"\nhorizon = \"" + p.horizon + "\"\n";
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

EndKind kind_of(const Outcome& o) {
  return pf2::Model::info().metrics->ends.at(o.end).kind;
}

bool knocked_out(const Outcome& o) {
  return o.counters[pf2::metric::kKnockedOut] > 0;
}

bool has(const Played& p, const std::string& text) {
  return p.log.find(text) != std::string::npos;
}

}  // namespace

TEST_CASE("pf2: 0 HP knocks out with dying 1; failed recovery saves kill at dying 4",
          "[pf2][dying]") {
  Script s;
  s.d(20, 10);  // ogre: 10 + 5 = 15 vs AC 15, hit for 10: 0 HP
  s.d(20, 2);   // recovery save: 2 + 5 = 7 vs DC 15 + 1 = 16: failure -> dying 2
  s.d(20, 2);   // 7 vs DC 17: critical failure (<= DC - 10) -> dying 4
  const Played p = play(Parts{}, s);
  CHECK(has(p, "knocked out: unconscious, dying 1"));
  CHECK(has(p, "vs DC 16: failure -> dying 1 -> 2"));
  CHECK(has(p, "vs DC 17: critical failure -> dying 2 -> 4"));
  CHECK(kind_of(p.outcome) == EndKind::Died);
  CHECK(p.outcome.end == pf2::metric::kDiedDying);  // the checks come after the 1-round fight
  CHECK(p.outcome.end_time == 12);
  CHECK(knocked_out(p.outcome));
}

TEST_CASE("pf2: recovery save degrees, natural 20 and natural 1", "[pf2][dying]") {
  SECTION("success lowers dying by 1: stable at 0") {
    Script s;
    s.d(20, 10).d(20, 11);  // 11 + 5 = 16 vs DC 16: success
    const Played p = play(Parts{}, s);
    CHECK(has(p, "success -> dying 1 -> 0"));
    CHECK(has(p, "stable: unconscious at 0 HP"));
  }
  SECTION("natural 20 on the save: success becomes critical success (-2)") {
    Parts parts;
    parts.character = "max_hp = 12\nac = 15\nfortitude = 5\ncon = 2\n";
    parts.attackers = "[[encounter.attackers]]\nattack_bonus = 5\ndamage = \"7\"\ndc = 15\n";
    Script s;
    s.d(20, 20);  // critical hit: 14 damage (< 24, not massive): dying 2
    s.d(20, 20);  // 25 vs DC 17: success, natural 20 -> critical success: dying 0
    const Played p = play(parts, s);
    CHECK(has(p, "knocked out by a critical: unconscious, dying 2"));
    CHECK(has(p, "d20 20 + 5 = 25 vs DC 17: critical success -> dying 2 -> 0"));
  }
  SECTION("natural 1 turns a success into a failure") {
    Parts parts;
    parts.character = "max_hp = 10\nac = 15\nfortitude = 20\ncon = 2\n";
    Script s;
    s.d(20, 10);  // knocked out, dying 1
    s.d(20, 1);   // 1 + 20 = 21 vs DC 16: success, natural 1 -> failure
    s.d(20, 1);   // 21 vs 17 -> failure: dying 3
    s.d(20, 15);  // 35 vs 18: critical success: dying 1
    s.d(20, 5);   // 25 vs 16: success: 0, stable
    const Played p = play(parts, s);
    CHECK(has(p, "d20 1 + 20 = 21 vs DC 16: failure -> dying 1 -> 2"));
    CHECK(has(p, "vs DC 18: critical success -> dying 3 -> 1"));
    CHECK(has(p, "stable"));
    CHECK(kind_of(p.outcome) == EndKind::Unresolved);  // wakes at 1 HP, no rest, no healer
    CHECK(p.outcome.end == pf2::metric::kStillInjured);
  }
}

TEST_CASE("pf2: a critical hit knocks out with dying 2", "[pf2][dying]") {
  Parts parts;
  parts.character = "max_hp = 12\nac = 15\nfortitude = 5\ncon = 2\n";
  parts.attackers = "[[encounter.attackers]]\nattack_bonus = 5\ndamage = \"7\"\ndc = 15\n";
  Script s;
  s.d(20, 20);  // crit: 14 damage, dying 2
  s.d(20, 1);   // 6 vs DC 17: critical failure: dying 4
  const Played p = play(parts, s);
  CHECK(has(p, "dying 2"));
  CHECK(kind_of(p.outcome) == EndKind::Died);
}

TEST_CASE("pf2: Player Core flat check DC 10 + dying, no Fortitude", "[pf2][dying]") {
  Parts parts;
  parts.options = "recovery_check = \"flat\"\n";
  parts.character = "max_hp = 10\nac = 15\nfortitude = 30\ncon = 2\n";
  Script s;
  s.d(20, 10);  // knocked out
  s.d(20, 10);  // flat 10 vs DC 11: failure (Fortitude +30 would have succeeded)
  s.d(20, 11);  // 11 vs 12: failure: dying 3
  s.d(20, 2);   // 2 vs 13: critical failure: dead
  const Played p = play(parts, s);
  CHECK(has(p, "recovery check (flat): d20 10 vs DC 11: failure -> dying 1 -> 2"));
  CHECK(kind_of(p.outcome) == EndKind::Died);
}

TEST_CASE("pf2: massive damage kills outright; temporary HP count in the blow", "[pf2]") {
  Parts parts;
  parts.character = "max_hp = 10\nac = 15\nfortitude = 5\ntemp_hp = 5\n";
  parts.attackers = "[[encounter.attackers]]\nattack_bonus = 5\ndamage = \"20\"\ndc = 15\n";
  Script s;
  s.d(20, 10);
  const Played p = play(parts, s);
  CHECK(kind_of(p.outcome) == EndKind::Died);
  CHECK(p.outcome.end == pf2::metric::kDiedCombat);
  CHECK(p.outcome.end_time == 0);

  SECTION("and not with the option off") {
    parts.options = "massive_damage = false\n";
    Script s2;
    s2.d(20, 10).d(20, 11);  // 20 - 5 temporary = 15 damage: knocked out; save succeeds
    const Played q = play(parts, s2);
    CHECK(kind_of(q.outcome) != EndKind::Died);
    CHECK(has(q, "5 absorbed by temporary HP"));
  }
}

TEST_CASE("pf2: temporary HP are lost first", "[pf2]") {
  Parts parts;
  parts.character = "max_hp = 10\nac = 15\nfortitude = 5\ntemp_hp = 5\n";
  parts.attackers = "[[encounter.attackers]]\nattack_bonus = 5\ndamage = \"12\"\ndc = 15\n";
  Script s;
  s.d(20, 10);  // 12 damage: 5 to temporary HP, 7 to HP: 3 left
  const Played p = play(parts, s);
  CHECK(has(p, "HP 10 -> 3/10"));
  CHECK_FALSE(knocked_out(p.outcome));
}

TEST_CASE("pf2: nonlethal damage knocks out without dying; the character wakes at 1 HP", "[pf2]") {
  Parts parts;
  parts.attackers += "channel = \"nonlethal\"\n";
  parts.recovery = "rest = \"nightly\"\nfirst_rest = \"1 hour\"\n";
  parts.horizon = "10 days";
  Script s;
  s.d(20, 10);  // knocked out by nonlethal damage; wakes 10 minutes later (fixed: no roll)
  const Played p = play(parts, s);
  CHECK(has(p, "knocked out by nonlethal damage: unconscious, not dying"));
  CHECK(has(p, "[0:10:00] wakes at 1 HP"));
  // Nightly rests from 1 h after the fight (at 0:00:06): +2 HP each (Con 2 x level 1).
  // 1 -> 3 -> 5 -> 7 -> 9 -> 10: the fifth rest ends at 6 + 3600 + 4 days + 8 h.
  CHECK(kind_of(p.outcome) == EndKind::Recovered);
  CHECK(p.outcome.end_time == 6 + 3600 + 4 * 86400 + 8 * 3600);
  CHECK(knocked_out(p.outcome));
}

TEST_CASE("pf2: damage while dying raises dying by 1, or 2 on a critical", "[pf2][dying]") {
  Parts parts;
  parts.encounter = "rounds = 2\n";
  parts.attackers =
      "[[encounter.attackers]]\nname = \"ogre\"\nattack_bonus = 5\n"
      "damage = \"1d8\"\ndc = 15\nkeep_attacking_downed = 1.0\n";
  parts.character = "max_hp = 8\nac = 15\nfortitude = 5\n";
  Script s;
  s.d(20, 10).d(8, 8);        // round 1: 8 damage: knocked out, dying 1
  s.d(20, 5);                 // round 2, the character first (initiative moved): dying 2
  s.yes().d(20, 20).d(8, 3);  // the ogre strikes the fallen: critical, 6 damage
  SECTION("increase (default): dying 2 + 2 = 4, dead") {
    const Played p = play(parts, s);
    CHECK(has(p, "hit while dying: dying 2 -> 4"));
    CHECK(kind_of(p.outcome) == EndKind::Died);
    CHECK(p.outcome.end == pf2::metric::kDiedCombat);
    CHECK(p.outcome.end_time == 6);
  }
  SECTION("gain: dying 2 again, keep the higher") {
    parts.options = "damage_while_dying = \"gain\"\n";
    s.d(20, 11);  // after the fight: 16 vs DC 17: failure, dying 3
    s.d(20, 20);  // natural 20: 25 vs 18: critical success, dying 1
    s.d(20, 11);  // 16 vs 16: success: stable
    const Played p = play(parts, s);
    CHECK(has(p, "hit while dying: dying 2 -> 2"));
    CHECK(has(p, "stable"));
    CHECK(kind_of(p.outcome) == EndKind::Unresolved);
  }
}

TEST_CASE("pf2: initiative moves to just before the creature that knocked you out",
          "[pf2][initiative]") {
  // Attackers first: [wolf, ogre, character]. The ogre knocks the character out in round 1,
  // so from round 2 the order is [wolf, character, ogre]: the wolf decides whether to strike
  // the fallen, then the recovery save, then the ogre. Without the move the script would be
  // out of order (wolf, ogre, save) and the test would fail on a mismatched roll.
  Parts parts;
  parts.encounter = "rounds = 2\n";
  parts.attackers =
      "[[encounter.attackers]]\nname = \"wolf\"\nattack_bonus = 5\ndamage = \"3\"\ndc = 15\n"
      "keep_attacking_downed = 0.5\n"
      "[[encounter.attackers]]\nname = \"ogre\"\nattack_bonus = 5\ndamage = \"10\"\ndc = 15\n"
      "keep_attacking_downed = 0.5\n";
  parts.character = "max_hp = 10\nac = 15\nfortitude = 5\n";
  Script s;
  s.d(20, 2);   // round 1, wolf: miss
  s.d(20, 10);  // ogre: 10 damage, knocked out
  s.no();       // round 2, wolf: leaves the fallen alone
  s.d(20, 11);  // the character's recovery save: 16 vs 16, stable
  s.no();       // ogre: leaves the fallen alone
  const Played p = play(parts, s);
  CHECK(has(p, "stable"));
}

TEST_CASE("pf2: damage while unconscious keeps the higher recovery DC", "[pf2][dying]") {
  Parts parts;
  parts.encounter = "rounds = 1\n";
  parts.attackers =
      "[[encounter.attackers]]\nname = \"cutthroat\"\nattack_bonus = 5\ndamage = \"10\"\n"
      "dc = 15\n"
      "[[encounter.attackers]]\nname = \"witch\"\nattack_bonus = 5\ndamage = \"2\"\ndc = 20\n"
      "keep_attacking_downed = 1.0\n";
  Script s;
  s.d(20, 10);        // cutthroat: knocked out, dying 1, DC 15
  s.yes().d(20, 10);  // witch strikes the fallen: dying 2, DC now 20
  s.d(20, 13);        // 18 vs 20 + 2 = 22: failure (vs 15 + 2 = 17 it would succeed): dying 3
  s.d(20, 13);        // 18 vs 23: failure: dying 4, dead
  const Played p = play(parts, s);
  CHECK(has(p, "vs DC 22: failure -> dying 2 -> 3"));
  CHECK(kind_of(p.outcome) == EndKind::Died);
}

TEST_CASE("pf2: a death effect that brings you to 0 HP kills", "[pf2]") {
  Parts parts;
  parts.attackers =
      "[[encounter.attackers]]\nname = \"wraith\"\nattack_bonus = 5\n"
      "damage = \"10\"\ndeath_effect = true\n";
  Script s;
  s.d(20, 10);
  const Played p = play(parts, s);
  CHECK(has(p, "death effect"));
  CHECK(kind_of(p.outcome) == EndKind::Died);
  CHECK(p.outcome.end == pf2::metric::kDiedCombat);
}

TEST_CASE("pf2: heroic recovery spends a hero point to return to 1 HP", "[pf2][hero]") {
  Parts parts;
  parts.character = "max_hp = 10\nac = 15\nfortitude = 5\nhero_points = 1\n";
  SECTION("last_chance: at dying 3") {
    parts.options = "heroic_recovery = \"last_chance\"\n";
    Script s;
    s.d(20, 10);  // knocked out: dying 1
    s.d(20, 5);   // 10 vs 16: failure: dying 2
    s.d(20, 5);   // 10 vs 17: failure: dying 3 -> next turn the hero point is spent
    const Played p = play(parts, s);
    CHECK(has(p, "spends 1 hero point (heroic recovery) at dying 3"));
    CHECK(has(p, "back to 1 HP, conscious, slowed 3 for 1 round"));
    CHECK(kind_of(p.outcome) == EndKind::Unresolved);
    CHECK(p.outcome.end == pf2::metric::kStillInjured);
  }
  SECTION("immediately: at the first turn while dying") {
    parts.options = "heroic_recovery = \"immediately\"\n";
    Script s;
    s.d(20, 10);
    const Played p = play(parts, s);
    CHECK(has(p, "spends 1 hero point (heroic recovery) at dying 1"));
  }
  SECTION("never") {
    parts.options = "heroic_recovery = \"never\"\n";
    Script s;
    s.d(20, 10).d(20, 5).d(20, 5).d(20, 5);  // dying 1, 2, 3, 4
    const Played p = play(parts, s);
    CHECK(kind_of(p.outcome) == EndKind::Died);
  }
}

TEST_CASE("pf2: Player Core wounded adds to dying on the next knock-out", "[pf2][wounded]") {
  Parts parts;
  parts.options = "wounded = true\n";
  parts.encounter = "rounds = 3\n";
  parts.attackers =
      "[[encounter.attackers]]\nname = \"ogre\"\nattack_bonus = 5\n"
      "damage = \"10\"\ndc = 15\n";
  parts.aftercare = "help_arrives = \"0 rounds\"\nhealer = { heal = \"10\", heal_uses = 1 }\n";
  Script s;
  s.d(20, 10);  // round 1: knocked out, dying 1; the healer heals 10 at the end of the round
  s.d(20, 10);  // round 2: the ogre knocks the character out again: dying 1 + wounded 1 = 2
  s.d(20, 2);   // round 3, the character: 7 vs DC 17: critical failure: dying 4
  const Played p = play(parts, s);
  CHECK(has(p, "healer's heal: +10 HP, 0 -> 10/10"));
  CHECK(has(p, "wounded 1"));
  CHECK(has(p, "knocked out: unconscious, dying 2 (wounded 1)"));
  CHECK(kind_of(p.outcome) == EndKind::Died);
}

TEST_CASE("pf2: Player Core doomed lowers the dying value that kills", "[pf2][doomed]") {
  Parts parts;
  parts.character = "max_hp = 10\nac = 15\nfortitude = 5\ndoomed = 1\n";
  Script s;
  s.d(20, 10).d(20, 5).d(20, 5);  // dying 1, 2, 3
  SECTION("doomed 1: death at dying 3") {
    parts.options = "doomed = true\n";
    const Played p = play(parts, s);
    CHECK(kind_of(p.outcome) == EndKind::Died);
  }
  SECTION("the option off: dying 3 is not death") {
    s.d(20, 20);  // natural 20: critical success: dying 1
    s.d(20, 11);  // success: stable
    const Played p = play(parts, s);
    CHECK(kind_of(p.outcome) == EndKind::Unresolved);
  }
}

TEST_CASE("pf2: Administer First Aid stabilises a dying character", "[pf2][care]") {
  Parts parts;
  parts.aftercare =
      "help_arrives = \"0 rounds\"\nhealer = { medicine = 5, treat_wounds = false }\n";
  SECTION("default first_aid_dc = \"15_plus_dying\": DC 15 + dying whatever the recovery check") {
    Script s;
    s.d(20, 10);  // knocked out: dying 1; the healer's first aid at the end of the round:
    s.d(20, 11);  // 16 vs DC 15 + 1: success: stable
    const Played p = play(parts, s);
    CHECK(has(p, "first aid (stabilize): d20 11 + 5 = 16 vs DC 16: success"));
    CHECK(has(p, "stable"));
  }
  SECTION("recovery_dc_plus_5, Fortitude reading: 5 + knock-out DC 15 + dying 1") {
    parts.options = "first_aid_dc = \"recovery_dc_plus_5\"\n";
    Script s;
    s.d(20, 10);  // knocked out by the ogre (DC 15): dying 1
    s.d(20, 16);  // 21 vs DC 21: success: stable
    const Played p = play(parts, s);
    CHECK(has(p, "first aid (stabilize): d20 16 + 5 = 21 vs DC 21: success"));
    CHECK(has(p, "stable"));
  }
  SECTION("recovery_dc_plus_5, the knock-out DC matters") {
    parts.options = "first_aid_dc = \"recovery_dc_plus_5\"\n";
    parts.attackers =
        "[[encounter.attackers]]\nname = \"ogre\"\nattack_bonus = 5\n"
        "damage = \"10\"\ndc = 20\n";
    Script s;
    s.d(20, 10);  // dying 1, recovery DC 20
    s.d(20, 16);  // 21 vs DC 5 + 20 + 1 = 26: failure
    s.d(20, 13);  // after the fight, the recovery save: 18 vs 21: failure: dying 2
    s.d(20, 20);  // first aid again: 25 vs 27, natural 20: success: stable
    const Played p = play(parts, s);
    CHECK(has(p, "first aid (stabilize): d20 16 + 5 = 21 vs DC 26: failure"));
    CHECK(has(p, "first aid (stabilize): d20 20 + 5 = 25 vs DC 27: success"));
  }
  SECTION("recovery_dc_plus_5 with the flat check: Player Core's 15 + dying") {
    parts.options = "recovery_check = \"flat\"\nfirst_aid_dc = \"recovery_dc_plus_5\"\n";
    Script s;
    s.d(20, 10).d(20, 11);  // 16 vs DC 5 + 10 + 1: success
    const Played p = play(parts, s);
    CHECK(has(p, "first aid (stabilize): d20 11 + 5 = 16 vs DC 16: success"));
  }
}

TEST_CASE("pf2: Treat Wounds heals 2d8 after 10 minutes; a critical failure hurts", "[pf2][care]") {
  Parts parts;
  parts.attackers =
      "[[encounter.attackers]]\nname = \"ogre\"\nattack_bonus = 5\n"
      "damage = \"5\"\ndc = 15\n";
  parts.aftercare = "help_arrives = \"0 rounds\"\nhealer = { medicine = 10 }\n";
  SECTION("success") {
    Script s;
    s.d(20, 10);                  // 5 damage: 5/10
    s.d(20, 10).d(8, 3).d(8, 4);  // Treat Wounds at 0:00:06, done at 0:10:06: 20 vs 15, +7
    const Played p = play(parts, s);
    CHECK(has(p, "[0:10:06] Treat Wounds: d20 10 + 10 = 20 vs DC 15: success"));
    CHECK(kind_of(p.outcome) == EndKind::Recovered);
    CHECK(p.outcome.end_time == 6 + 600);
  }
  SECTION("critical success rolls 4d8") {
    Script s;
    s.d(20, 10).d(20, 15).d(8, 1).d(8, 1).d(8, 1).d(8, 1);
    s.d(20, 10).d(8, 1).d(8, 1);  // an hour later: success, +2: full
    const Played p = play(parts, s);
    CHECK(has(p, "Treat Wounds: +4 HP, 5 -> 9/10"));
  }
  SECTION("critical failure deals 1d8; the next attempt waits an hour") {
    Script s;
    s.d(20, 10);
    s.d(20, 1).d(8, 2);           // 11 vs 15, natural 1: critical failure: 2 damage: 3/10
    s.d(20, 10).d(8, 4).d(8, 4);  // an hour later: success, +8: full
    const Played p = play(parts, s);
    CHECK(has(p, "the botched treatment deals 2 damage"));
    CHECK(kind_of(p.outcome) == EndKind::Recovered);
    CHECK(p.outcome.end_time == 606 + 3600 + 600);  // an hour after the first one ended
  }
}

TEST_CASE("pf2: a stable character who never wakes before the horizon is unresolved", "[pf2]") {
  Parts parts;
  parts.options = "stable_wake = \"3 days\"\n";
  parts.horizon = "1 day";
  Script s;
  s.d(20, 10).d(20, 11);  // knocked out, stable at the first save
  const Played p = play(parts, s);
  CHECK(kind_of(p.outcome) == EndKind::Unresolved);
  CHECK(p.outcome.end == pf2::metric::kStillUnconscious);
  CHECK(p.outcome.end_time == 86400);
}

TEST_CASE("pf2: temporary HP come from one source at a time, the larger kept", "[pf2]") {
  Parts parts;
  parts.character = "max_hp = 10\nac = 15\nfortitude = 5\ntemp_hp = 5\n";
  parts.encounter = "rounds = 2\n";
  parts.attackers =
      "[[encounter.attackers]]\nname = \"ogre\"\nattack_bonus = 5\n"
      "damage = \"1d4\"\ndc = 15\n";
  SECTION("a smaller grant is refused") {
    parts.aftercare = "help_arrives = \"0 rounds\"\nhealer = { temp_hp = \"1d4\" }\n";
    Script s;
    s.d(20, 2);           // round 1: miss
    s.d(4, 3);            // the healer offers 3 temporary HP: 5 are kept
    s.d(20, 10).d(4, 4);  // round 2: 4 damage, all absorbed
    const Played p = play(parts, s);
    CHECK(has(p, "keeps 5 temporary HP rather than 3"));
    CHECK(has(p, "4 absorbed by temporary HP (1 left)"));
    CHECK(kind_of(p.outcome) == EndKind::Recovered);
    CHECK(p.outcome.end_time == 0);  // never below full HP
  }
  SECTION("a larger grant replaces them") {
    parts.aftercare = "help_arrives = \"0 rounds\"\nhealer = { temp_hp = \"1d8+4\" }\n";
    Script s;
    s.d(20, 2);
    s.d(8, 4);            // 8 temporary HP replace the 5
    s.d(20, 10).d(4, 4);  // 4 absorbed, 4 left
    const Played p = play(parts, s);
    CHECK(has(p, "gains 8 temporary HP (replacing 5)"));
    CHECK(has(p, "4 absorbed by temporary HP (4 left)"));
  }
}

TEST_CASE("pf2: nonlethal damage never kills by massive damage", "[pf2][nonlethal]") {
  // 004: creatures die at 0 HP "à moins que l'attaque ne soit non létale"; 20 >= 2 x 10 would
  // be massive damage from a lethal blow.
  Parts parts;
  parts.attackers =
      "[[encounter.attackers]]\nname = \"brawler\"\nattack_bonus = 5\ndamage = \"20\"\n"
      "channel = \"nonlethal\"\n";
  Script s;
  s.d(20, 10);  // 20 nonlethal damage: knocked out, not dying
  const Played p = play(parts, s);
  CHECK(has(p, "knocked out by nonlethal damage: unconscious, not dying"));
  CHECK_FALSE(has(p, "massive damage"));
  CHECK(kind_of(p.outcome) != EndKind::Died);
  CHECK(knocked_out(p.outcome));
}

TEST_CASE("pf2: nothing is logged after the character's death", "[pf2][replay]") {
  // The ogre's first Strike kills; its second Strike and the wolf's turn must not happen.
  Parts parts;
  parts.character = "max_hp = 5\nac = 15\nfortitude = 5\n";
  parts.attackers =
      "[[encounter.attackers]]\nname = \"ogre\"\nattack_bonus = 5\nstrikes = 2\n"
      "damage = \"10\"\ndc = 15\nkeep_attacking_downed = 1.0\n"
      "[[encounter.attackers]]\nname = \"wolf\"\nattack_bonus = 5\ndamage = \"3\"\ndc = 15\n"
      "keep_attacking_downed = 1.0\n";
  Script s;
  s.d(20, 10);  // 10 damage >= 2 x 5: massive damage, dead
  const Played p = play(parts, s);
  REQUIRE(kind_of(p.outcome) == EndKind::Died);
  const size_t death = p.log.find("dies: ");
  REQUIRE(death != std::string::npos);
  const size_t eol = p.log.find('\n', death);
  INFO(p.log);
  CHECK((eol == std::string::npos || eol + 1 == p.log.size()));  // the death is the last line
  CHECK_FALSE(has(p, "keeps attacking"));
  CHECK_FALSE(has(p, "wolf"));
}

TEST_CASE("pf2: Treat Wounds makes the patient immune for an hour after it ends", "[pf2][care]") {
  // Player Core: the patient is immune to Treat Wounds for 1 hour after a treatment, so two
  // treatments end 70 minutes apart, not 60 (a cooldown from the start of the treatment).
  Parts parts;
  parts.attackers =
      "[[encounter.attackers]]\nname = \"ogre\"\nattack_bonus = 5\n"
      "damage = \"9\"\ndc = 15\n";
  parts.aftercare = "help_arrives = \"0 rounds\"\nhealer = { medicine = 10 }\n";
  Script s;
  s.d(20, 10);                  // 9 damage: 1/10
  s.d(20, 10).d(8, 1).d(8, 1);  // first treatment 0:00:06 -> 0:10:06: success, +2: 3/10
  s.d(20, 10).d(8, 4).d(8, 3);  // immune until 1:10:06; second ends at 1:20:06: +7, full
  const Played p = play(parts, s);
  CHECK(has(p, "[0:10:06] Treat Wounds: d20 10 + 10 = 20 vs DC 15: success"));
  CHECK(has(p, "[1:20:06] Treat Wounds: d20 10 + 10 = 20 vs DC 15: success"));
  CHECK(kind_of(p.outcome) == EndKind::Recovered);
  CHECK(p.outcome.end_time == 606 + 3600 + 600);
}

TEST_CASE("pf2: healed to full during the fight, downtime is the time of the heal",
          "[pf2][downtime]") {
  // README: downtime runs until the character last reached full HP, here the heal in round 2
  // (at 0:00:06), though the fight goes on until 0:00:12.
  Parts parts;
  parts.encounter = "rounds = 2\n";
  parts.aftercare = "help_arrives = \"0 rounds\"\nhealer = { heal = \"10\", heal_uses = 1 }\n";
  Script s;
  s.d(20, 2);   // round 1: the ogre misses
  s.d(20, 10);  // round 2: 10 damage, knocked out; the healer heals 10 at the end of the round
  const Played p = play(parts, s);
  CHECK(has(p, "[0:00:06] healer's heal: +10 HP, 0 -> 10/10"));
  REQUIRE(kind_of(p.outcome) == EndKind::Recovered);
  CHECK(p.outcome.end_time == 6);
  REQUIRE(p.outcome.has(pf2::metric::kDowntime));
  CHECK(p.outcome.durations[pf2::metric::kDowntime] == 6);
}

TEST_CASE("pf2: by default a hero point is spent just before dying would kill", "[pf2][hero]") {
  // 004 "Récupération héroïque": spent while dying, "que vous soyez à deux doigts de la mort ou
  // pas". heroic_recovery = "before_death" (default): never die holding a hero point.
  Parts parts;
  parts.character = "max_hp = 10\nac = 15\nfortitude = 5\nhero_points = 1\n";
  SECTION("a failed recovery save that would kill: dying 2 -> 4") {
    Script s;
    s.d(20, 10);  // knocked out: dying 1
    s.d(20, 5);   // 10 vs 16: failure: dying 2
    s.d(20, 2);   // 7 vs 17: critical failure: dying 4 — the hero point is spent instead
    const Played p = play(parts, s);
    CHECK(has(p, "critical failure -> dying 2 -> 4"));
    CHECK(has(p, "spends 1 hero point (heroic recovery) at dying 2"));
    CHECK(has(p, "back to 1 HP, conscious, slowed 2 for 1 round"));
    CHECK(kind_of(p.outcome) != EndKind::Died);
    CHECK(p.outcome.counters[pf2::metric::kHeroPointsSpent] == 1);
  }
  SECTION("with no hero point left, the same rolls kill") {
    parts.character = "max_hp = 10\nac = 15\nfortitude = 5\n";
    Script s;
    s.d(20, 10).d(20, 5).d(20, 2);
    const Played p = play(parts, s);
    CHECK(kind_of(p.outcome) == EndKind::Died);
  }
  SECTION("damage while dying that would kill") {
    parts.encounter = "rounds = 2\n";
    parts.attackers =
        "[[encounter.attackers]]\nname = \"ogre\"\nattack_bonus = 5\n"
        "damage = \"1d8\"\ndc = 15\nkeep_attacking_downed = 1.0\n";
    parts.character = "max_hp = 8\nac = 15\nfortitude = 5\nhero_points = 1\n";
    Script s;
    s.d(20, 10).d(8, 8);        // round 1: knocked out, dying 1
    s.d(20, 5);                 // round 2, the character: failure, dying 2
    s.yes().d(20, 20).d(8, 3);  // the ogre's critical: dying 2 + 2 = 4 -> the point is spent
    const Played p = play(parts, s);
    CHECK(has(p, "hit while dying: dying 2 -> 4"));
    CHECK(has(p, "[0:00:06] spends 1 hero point (heroic recovery) at dying 2"));
    CHECK(kind_of(p.outcome) != EndKind::Died);
    CHECK(p.outcome.counters[pf2::metric::kHeroPointsSpent] == 1);
  }
  SECTION("a fumbled first aid that would kill (doomed 1: death at dying 3)") {
    parts.options = "doomed = true\n";
    parts.character = "max_hp = 12\nac = 15\nfortitude = 5\nhero_points = 1\ndoomed = 1\n";
    parts.attackers = "[[encounter.attackers]]\nattack_bonus = 5\ndamage = \"7\"\ndc = 15\n";
    parts.aftercare =
        "help_arrives = \"0 rounds\"\nhealer = { medicine = 5, treat_wounds = false }\n";
    Script s;
    s.d(20, 20);  // critical: 14 damage, dying 2
    s.d(20, 1);   // first aid: 6 vs 5 + 15 + 2 = 22: critical failure: dying 3 = death
    const Played p = play(parts, s);
    CHECK(has(p, "the fumbled first aid worsens dying to 3"));
    CHECK(has(p, "spends 1 hero point (heroic recovery) at dying 2"));
    CHECK(kind_of(p.outcome) != EndKind::Died);
  }
  SECTION("knocked out straight to the death value (wounded 3)") {
    parts.options = "wounded = true\n";
    parts.character = "max_hp = 10\nac = 15\nfortitude = 5\nhero_points = 1\nwounded = 3\n";
    Script s;
    s.d(20, 10);  // knocked out: dying 1 + wounded 3 = 4 -> the point is spent instead
    const Played p = play(parts, s);
    CHECK(has(p, "knocked out: unconscious, dying 4 (wounded 3)"));
    CHECK(has(p, "spends 1 hero point (heroic recovery) at dying 0"));
    CHECK(has(p, "back to 1 HP, conscious"));
    CHECK_FALSE(has(p, "slowed"));     // never had the dying condition
    CHECK_FALSE(has(p, "wounded 4"));  // so no wounded gained either
    CHECK(kind_of(p.outcome) != EndKind::Died);
  }
}

TEST_CASE("pf2: Player Core heroic recovery spends all hero points to stabilise at 0 HP",
          "[pf2][hero]") {
  Parts parts;
  parts.options = "heroic_recovery_effect = \"stabilize\"\nwounded = true\n";
  parts.character = "max_hp = 10\nac = 15\nfortitude = 5\nhero_points = 2\n";
  Script s;
  s.d(20, 10);  // knocked out: dying 1
  s.d(20, 5);   // failure: dying 2
  s.d(20, 2);   // critical failure: dying 4 -> both hero points spent: stable at 0 HP
  const Played p = play(parts, s);
  CHECK(has(p, "[0:00:12] spends 2 hero points (heroic recovery) at dying 2"));
  CHECK(has(p, "stable: unconscious at 0 HP, no longer dying (wounded unchanged)"));
  CHECK_FALSE(has(p, "wounded 1"));  // Player Core: no wounded from losing dying this way
  CHECK(has(p, "[0:10:12] wakes at 1 HP"));
  CHECK(p.outcome.counters[pf2::metric::kHeroPointsSpent] == 2);
  CHECK(kind_of(p.outcome) == EndKind::Unresolved);
  CHECK(p.outcome.end == pf2::metric::kStillInjured);
}

TEST_CASE("pf2: a successful Treat Wounds ends wounded", "[pf2][wounded][care]") {
  // Player Core: wounded ends on a successful Treat Wounds. Seen in the next knock-out (a
  // botched treatment): dying 1, not 1 + wounded 1.
  Parts parts;
  parts.options = "wounded = true\n";
  parts.character = "max_hp = 10\nac = 15\nfortitude = 5\nwounded = 1\n";
  parts.attackers =
      "[[encounter.attackers]]\nname = \"ogre\"\nattack_bonus = 5\ndamage = \"9\"\ndc = 15\n";
  parts.aftercare = "help_arrives = \"0 rounds\"\nhealer = { medicine = 10, first_aid = false }\n";
  parts.horizon = "2 hours";
  Script s;
  s.d(20, 10);                  // 9 damage: 1/10
  s.d(20, 10).d(8, 1).d(8, 1);  // treatment ends 0:10:06: success, +2: 3/10, wounded ends
  s.d(20, 1).d(8, 3);           // 1:20:06: critical failure, 3 damage: knocked out
  s.d(20, 11);                  // recovery save 16 vs DC 15 + 1: success: stable
  const Played p = play(parts, s);
  CHECK(has(p, "[0:10:06] wounded ends (Treat Wounds)"));
  CHECK(has(p, "[1:20:06] knocked out: unconscious, dying 1, recovery DC 15 + dying"));
  CHECK(has(p, "stable"));
  CHECK(p.outcome.end == pf2::metric::kStillInjured);  // woke at 1 HP; the next treatment is
                                                       // past the horizon
}

TEST_CASE("pf2: doomed drops by 1 after each night's rest", "[pf2][doomed][rest]") {
  Parts parts;
  parts.options = "doomed = true\n";
  parts.character = "max_hp = 10\nac = 15\nfortitude = 5\ncon = 2\ndoomed = 3\n";
  parts.attackers =
      "[[encounter.attackers]]\nname = \"ogre\"\nattack_bonus = 5\ndamage = \"3\"\ndc = 15\n";
  parts.recovery = "rest = \"nightly\"\n";  // the first rest 8 hours after the fight
  parts.horizon = "10 days";
  // 7/10 after the fight (ends 0:00:06); +2 a night: two nights, ending 8 h + 8 h after it,
  // then a day later.
  const Seconds second_night_ends = 6 + 8 * 3600 + 8 * 3600 + 86400;
  SECTION("nothing else can happen: the nights are counted in one step") {
    Script s;
    s.d(20, 10);
    const Played p = play(parts, s);
    CHECK(has(p, "rests 2 nights"));
    CHECK(has(p, "doomed drops to 1"));
    CHECK(kind_of(p.outcome) == EndKind::Recovered);
    CHECK(p.outcome.end_time == second_night_ends);
  }
  SECTION("a healer on hand: the nights are played one by one") {
    parts.aftercare =
        "help_arrives = \"0 rounds\"\n"
        "healer = { heal = \"1\", heal_uses = 1, heal_after_fight = false }\n";
    Script s;
    s.d(20, 10);
    const Played p = play(parts, s);
    CHECK_FALSE(has(p, "rests 2 nights"));
    CHECK(has(p, "a night's rest: +2 HP, 7 -> 9/10"));
    CHECK(has(p, "doomed drops to 2"));
    CHECK(has(p, "doomed drops to 1"));
    CHECK(kind_of(p.outcome) == EndKind::Recovered);
    CHECK(p.outcome.end_time == second_night_ends);
  }
}

TEST_CASE("pf2: a critical failure at First Aid raises dying by 1", "[pf2][care]") {
  Parts parts;
  parts.aftercare =
      "help_arrives = \"0 rounds\"\nhealer = { medicine = 5, treat_wounds = false }\n";
  Script s;
  s.d(20, 10);  // knocked out: dying 1
  s.d(20, 1);   // first aid: 6 vs DC 15 + 1 = 16: critical failure: dying 2
  s.d(20, 11);  // after the fight, the recovery save: 16 vs 17: failure: dying 3
  s.d(20, 18);  // first aid: 23 vs DC 15 + 3 = 18: success: stable
  const Played p = play(parts, s);
  CHECK(has(p, "first aid (stabilize): d20 1 + 5 = 6 vs DC 16: critical failure"));
  CHECK(has(p, "the fumbled first aid worsens dying to 2"));
  CHECK(has(p, "vs DC 17: failure -> dying 2 -> 3"));
  CHECK(has(p, "first aid (stabilize): d20 18 + 5 = 23 vs DC 18: success"));
  CHECK(has(p, "stable"));
  CHECK(p.outcome.end == pf2::metric::kStillInjured);
}

TEST_CASE("pf2: a lethal hit on a character knocked out by nonlethal damage", "[pf2][nonlethal]") {
  // Interpretation 1: dying 1 with the new blow's DC; the pending wake is cancelled.
  Parts parts;
  parts.attackers =
      "[[encounter.attackers]]\nname = \"brawler\"\nattack_bonus = 5\ndamage = \"10\"\n"
      "channel = \"nonlethal\"\n"
      "[[encounter.attackers]]\nname = \"ogre\"\nattack_bonus = 5\ndamage = \"3\"\ndc = 18\n"
      "keep_attacking_downed = 1.0\n";
  Script s;
  s.d(20, 10);        // brawler: knocked out, not dying; would wake at 0:10:00
  s.yes().d(20, 10);  // the ogre strikes the fallen: 15 vs AC 15 - 6: hit, 3 damage: dying 1
  s.d(20, 13);        // recovery save: 18 vs DC 18 + 1: failure: dying 2
  s.d(20, 20);        // 25 vs 20, natural 20: critical success: stable
  const Played p = play(parts, s);
  CHECK(has(p, "knocked out by nonlethal damage: unconscious, not dying"));
  CHECK(has(p, "hit while unconscious: dying 1"));
  CHECK(has(p, "vs DC 19: failure -> dying 1 -> 2"));
  CHECK_FALSE(has(p, "[0:10:00] wakes"));    // the nonlethal knock-out's wake is gone
  CHECK(has(p, "[0:10:12] wakes at 1 HP"));  // 10 minutes after stabilising at 0:00:12
  CHECK(p.outcome.counters[pf2::metric::kKnockedOut] == 1);
  CHECK(p.outcome.end == pf2::metric::kStillInjured);
}

TEST_CASE("pf2: a knock-out by a botched Treat Wounds, and death from it, is died_recovery",
          "[pf2][care]") {
  Parts parts;
  parts.attackers =
      "[[encounter.attackers]]\nname = \"ogre\"\nattack_bonus = 5\ndamage = \"8\"\ndc = 15\n";
  parts.aftercare = "help_arrives = \"0 rounds\"\nhealer = { medicine = 10, first_aid = false }\n";
  Script s;
  s.d(20, 10);         // 8 damage: 2/10
  s.d(20, 1).d(8, 2);  // treatment ends 0:10:06: critical failure, 2 damage: knocked out
  s.d(20, 2);          // 0:10:12: 7 vs the Treat Wounds DC 15 + 1: failure: dying 2
  s.d(20, 2);          // 0:10:18: 7 vs 17: critical failure: dying 4
  const Played p = play(parts, s);
  CHECK(has(p, "[0:10:06] knocked out: unconscious, dying 1, recovery DC 15 + dying"));
  REQUIRE(kind_of(p.outcome) == EndKind::Died);
  CHECK(p.outcome.end == pf2::metric::kDiedRecovery);
  CHECK(p.outcome.end_time == 618);
}

TEST_CASE("pf2: the multiple attack penalty stops growing at the third Strike", "[pf2][attack]") {
  // Player Core: second Strike at -map, third and later at -2 x map. Four Strikes at +15 with
  // map 5 against AC 40: +15, +10, +5, +5 (all miss; the log shows each total).
  Parts parts;
  parts.character = "max_hp = 100\nac = 40\nfortitude = 5\n";
  parts.attackers =
      "[[encounter.attackers]]\nname = \"ogre\"\nattack_bonus = 15\nstrikes = 4\n"
      "damage = \"1\"\ndc = 15\n";
  parts.recovery = "rest = \"none\"\n";
  Script s;
  for (int i = 0; i < 4; ++i) s.d(20, 2);  // all miss
  const Played p = play(parts, s);
  CHECK(has(p, "d20 2 + 15 = 17 vs AC 40"));
  CHECK(has(p, "d20 2 + 10 = 12 vs AC 40"));
  CHECK(has(p, "d20 2 + 5 = 7 vs AC 40"));
  CHECK_FALSE(has(p, "d20 2 + 0 = 2"));  // the fourth Strike is at +5 too, not +0
  const size_t third = p.log.find("d20 2 + 5 = 7");
  REQUIRE(third != std::string::npos);
  CHECK(p.log.find("d20 2 + 5 = 7", third + 1) != std::string::npos);
}

namespace {

// A level-5 troll: jaws +14, 2d10+6 piercing; claw +14, agile, 2d8+6 slashing.
const char* const kTrollJaws =
    "[[encounter.attackers.attacks]]\nname = \"jaws\"\nattack_bonus = 14\n"
    "damage = \"2d10+6\"\ndamage_type = \"piercing\"\n";
const char* const kTrollClaws =
    "[[encounter.attackers.attacks]]\nname = \"claw\"\nattack_bonus = 14\n"
    "damage = \"2d8+6\"\ndamage_type = \"slashing\"\nagile = true\nstrikes = 2\n";

Parts troll(const std::string& attacks, const std::string& more = "") {
  Parts parts;
  parts.character = "max_hp = 200\nac = 25\nfortitude = 5\n";
  parts.attackers = "[[encounter.attackers]]\nname = \"troll\"\ndc = 20\n" + more + attacks;
  return parts;
}

}  // namespace

TEST_CASE("pf2: a troll's jaws and agile claws share one multiple attack penalty",
          "[pf2][attack]") {
  SECTION("jaws, then two claws: +14, +10, +6") {
    // Player Core: the penalty counts every attack of the turn and takes its size from the
    // attack being made. Jaws first: no penalty, +14. The first claw is the second attack,
    // agile: -4, +10. The second claw is the third attack, agile: -8, +6.
    Script s;
    s.d(20, 14).d(10, 3).d(10, 4);  // jaws: 28 vs AC 25, hit: 3 + 4 + 6 = 13 piercing
    s.d(20, 15).d(8, 2).d(8, 5);    // claw: 25 vs 25, hit: 2 + 5 + 6 = 13 slashing
    s.d(20, 20).d(8, 1).d(8, 1);    // claw: 26, natural 20: critical, (1 + 1 + 6) x 2 = 16
    const Played p = play(troll(std::string(kTrollJaws) + kTrollClaws), s);
    CHECK(has(p, "troll jaws: d20 14 + 14 = 28 vs AC 25: success, 13 piercing damage"));
    CHECK(has(p, "troll claw: d20 15 + 10 = 25 vs AC 25: success, 13 slashing damage"));
    CHECK(has(p, "troll claw: d20 20 + 6 = 26 vs AC 25: critical success, 16 slashing damage"));
    CHECK(has(p, "HP 174 -> 158/200"));  // 200 - 13 - 13 - 16
  }
  SECTION("two claws, then jaws: +14, +10, +4") {
    // The same attacks in the other order: the jaws, not agile, come third: -10, +4.
    Script s;
    s.d(20, 2).d(20, 2).d(20, 2);  // all miss
    const Played p = play(troll(std::string(kTrollClaws) + kTrollJaws), s);
    CHECK(has(p, "troll claw: d20 2 + 14 = 16 vs AC 25: failure"));
    CHECK(has(p, "troll claw: d20 2 + 10 = 12 vs AC 25: critical failure"));
    CHECK(has(p, "troll jaws: d20 2 + 4 = 6 vs AC 25: critical failure"));
  }
}

TEST_CASE("pf2: between a troll's attacks it strikes on at the fallen only by chance",
          "[pf2][attack]") {
  Parts parts = troll(std::string(kTrollJaws) + kTrollClaws, "keep_attacking_downed = 0.5\n");
  parts.character = "max_hp = 12\nac = 25\nfortitude = 5\n";
  SECTION("it stops") {
    Script s;
    s.d(20, 14).d(10, 3).d(10, 4);  // jaws: 13 damage, 0 HP: dying 1
    s.no();                         // the claws do not follow
    s.d(20, 10);                    // recovery save after the fight: 15 vs DC 21: failure
    s.d(20, 1);                     // 6 vs 22: critical failure: dying 4
    const Played p = play(parts, s);
    CHECK(has(p, "knocked out: unconscious, dying 1"));
    CHECK_FALSE(has(p, "troll claw"));
  }
  SECTION("it strikes on: the claw at the fallen's AC 25 - 6, and the chance again") {
    Script s;
    s.d(20, 14).d(10, 3).d(10, 4);  // jaws: dying 1
    s.yes();                        // the first claw follows
    s.d(20, 9).d(8, 1).d(8, 1);     // 9 + 10 = 19 vs AC 19: hit, 8 damage: dying 2
    s.no();                         // the second does not
    s.d(20, 17);                    // recovery save: 22 vs DC 22: success: dying 1
    s.d(20, 20);                    // 25 vs DC 21: success, natural 20: critical: stable
    const Played p = play(parts, s);
    CHECK(has(p, "troll keeps attacking the fallen character"));
    CHECK(has(p, "troll claw: d20 9 + 10 = 19 vs AC 19: success, 8 slashing damage"));
    CHECK(has(p, "hit while dying: dying 1 -> 2"));
    CHECK_FALSE(has(p, "vs AC 19: failure"));  // no second claw
  }
  SECTION("a miss at the fallen spends the chance too: it is asked before every Strike") {
    Script s;
    s.d(20, 14).d(10, 3).d(10, 4);  // jaws: dying 1
    s.yes();                        // the first claw follows
    s.d(20, 2);                     // 2 + 10 = 12 vs AC 19: failure, a miss
    s.no();                         // asked again before the second claw: it does not follow
    s.d(20, 10);                    // recovery save after the fight: 15 vs DC 21: failure
    s.d(20, 1);                     // 6 vs 22: critical failure: dying 4
    const Played p = play(parts, s);
    CHECK(has(p, "troll claw: d20 2 + 10 = 12 vs AC 19: failure"));
    const size_t first = p.log.find("troll claw");
    CHECK(p.log.find("troll claw", first + 1) == std::string::npos);  // one claw only
    CHECK(p.outcome.end == pf2::metric::kDiedDying);
  }
}

TEST_CASE("pf2: one attack profile plays exactly as the attacker's own Strike", "[pf2][attack]") {
  // attack_bonus + strikes + map = 4 and one agile attack with strikes: the same rolls and the
  // same trials, on the real streams.
  Parts plain;
  plain.character = "max_hp = 30\nac = 22\nfortitude = 8\n";
  plain.encounter = "rounds = 3\n";
  plain.attackers =
      "[[encounter.attackers]]\nname = \"troll\"\ndc = 20\nkeep_attacking_downed = 0.5\n"
      "attack_bonus = 14\ndamage = \"2d8+6\"\nstrikes = 3\nmap = 4\n";
  Parts profiled = plain;
  profiled.attackers =
      "[[encounter.attackers]]\nname = \"troll\"\ndc = 20\nkeep_attacking_downed = 0.5\n"
      "[[encounter.attackers.attacks]]\nname = \"claw\"\nattack_bonus = 14\n"
      "damage = \"2d8+6\"\nagile = true\nstrikes = 3\n";
  const LoadedScenario a = test::load_text(scenario(plain));
  const LoadedScenario b = test::load_text(scenario(profiled));
  int died = 0;
  for (uint64_t trial = 0; trial < 2000; ++trial) {
    Timeline ta, tb;
    TrialRng ra(1, trial), rb(1, trial);
    TrialContext ca{ra, nullptr, ta}, cb{rb, nullptr, tb};
    const Outcome oa = run_trial(a.models.at(0), ca);
    CHECK(oa == run_trial(b.models.at(0), cb));
    died += kind_of(oa) == EndKind::Died;
  }
  CHECK(died > 0);  // the trials reach the paths that matter
  CHECK(died < 2000);
}

TEST_CASE("pf2: time out of action runs from the first knock-out to conscious for good", "[pf2]") {
  namespace m = pf2::metric;
  SECTION("knocked out, stable, awake 10 minutes later") {
    Script s;
    s.d(20, 10).d(20, 11);  // knocked out at 0 s; the save at 6 s: 16 vs 16, stable
    const Played p = play(Parts{}, s);
    REQUIRE(p.outcome.has(m::kOutOfAction));
    CHECK(p.outcome.durations[m::kOutOfAction] == 6 + 600);  // awake at 0:10:06
  }
  SECTION("still unconscious at the horizon: counted by its end, not here") {
    Parts parts;
    parts.options = "stable_wake = \"3 days\"\n";
    parts.horizon = "1 day";
    Script s;
    s.d(20, 10).d(20, 11);
    const Played p = play(parts, s);
    CHECK(p.outcome.end == m::kStillUnconscious);
    CHECK_FALSE(p.outcome.has(m::kOutOfAction));
  }
  SECTION("dead: counted by its end, not here") {
    Script s;
    s.d(20, 10).d(20, 2).d(20, 2);
    const Played p = play(Parts{}, s);
    CHECK(kind_of(p.outcome) == EndKind::Died);
    CHECK_FALSE(p.outcome.has(m::kOutOfAction));
  }
}

TEST_CASE("pf2: `lethality rules` lists the Treat Wounds DCs the loader accepts", "[pf2][keys]") {
  const KeyCatalog keys = scenario_keys(pf2::Model::info());
  const auto it = std::find_if(keys.entries().begin(), keys.entries().end(), [](const KeyEntry& e) {
    return e.section == "aftercare.healer" && e.key == "treat_wounds_dc";
  });
  REQUIRE(it != keys.entries().end());
  CHECK(it->kind == "integer 15..40, one of 15 | 20 | 30 | 40");
  for (int dc = 14; dc <= 41; ++dc) {
    INFO("treat_wounds_dc = " << dc);
    Parts parts;
    parts.aftercare = "help_arrives = \"0 rounds\"\nhealer = { medicine = 5, treat_wounds_dc = " +
                      std::to_string(dc) + " }\n";
    const std::string error = test::error_of([&] { test::load_text(scenario(parts)); });
    const bool listed = dc == 15 || dc == 20 || dc == 30 || dc == 40;
    CHECK(error.empty() == listed);
    if (!listed) CHECK_THAT(error, Catch::Contains("aftercare.healer.treat_wounds_dc"));
  }
}
