// What a body carries from one adventure of a campaign to the next (sim/engine/campaign.h),
// ruleset by ruleset, with scripted dice: every roll of every adventure is given in order, so
// an adventure that forgot what the one before left would ask for other rolls and fail.
// flux's sequelae: tests/test_flux_coma_chain.cpp; pf2's doomed: tests/test_campaign.cpp.
#include <catch2/catch.hpp>

#include "rules/dnd5e/metrics.h"
#include "sim/engine/registry.h"
#include "tests/support.h"

using namespace leth;

namespace {

int sequela(const Outcome& o, uint16_t id) {
  for (size_t i = 0; i < o.sequela_kinds; ++i)
    if (o.sequelae[i].id == id) return o.sequelae[i].count;
  return 0;
}

// An orc's acid (an attack roll, +5 against AC 15, 10 damage) drops a 10-HP fighter to 0; a
// long rest makes her whole, lost eyes apart (they do not block recovery).
std::string dnd5e_eyes(int adventures) {
  return "name = \"eyes\"\nruleset = \"dnd5e\"\nhorizon = \"2 days\"\n[campaign]\nadventures = " +
         std::to_string(adventures) +
         "\n[character]\nmax_hp = 10\nac = 15\ncon = 14\nhit_die = 10\n[recovery]\n"
         "short_rest = false\n[encounter]\nrounds = 1\n[[encounter.attackers]]\nname = \"orc\"\n"
         "attack_bonus = 5\nmelee = false\ndamage = \"10\"\ndamage_type = \"acid\"\n";
}

}  // namespace

TEST_CASE("campaign: dnd5e carries a lost eye; the second blinds, and the blind are hit with "
          "advantage",
          "[campaign][dnd5e]") {
  namespace m = dnd5e::metric;
  Script s;
  // Adventure 1: hit (15 + 5), 0 HP, injury d20 1: serious, acid 01-02, Perte d'un œil; the
  // death save a natural 20: 1 HP; the long rest makes her whole, one eye lost.
  s.d(20, 15).d(20, 1).no().d(20, 20);
  // Adventure 2, carrying the eye: the same again takes the other eye, so she is blind.
  s.d(20, 15).d(20, 1).no().d(20, 20);
  // Adventure 3, blind: the orc attacks with advantage, two d20s (2 and 3: a miss). Had the
  // blindness not been carried, one d20 would have been asked.
  s.d(20, 2).d(20, 3);
  const test::Played p = test::play_scripted(dnd5e_eyes(3), s);
  INFO(p.log);
  CHECK(p.outcome.adventures == 3);
  CHECK(p.outcome.end == m::kRecovered);
  CHECK(sequela(p.outcome, m::kLostEye) == 2);    // one per adventure that took one
  CHECK(sequela(p.outcome, m::kBlindness) == 1);  // once, in adventure 2
  const size_t a2 = p.log.find("adventure 2 of 3 begins"), a3 = p.log.find("adventure 3 of 3 begins");
  REQUIRE(a2 != std::string::npos);
  REQUIRE(a3 != std::string::npos);
  const std::string first = "carried from the adventures before: Perte d'un œil (acid, serious)\n";
  const std::string second = "carried from the adventures before: Perte d'un œil #2 (acid, serious)\n";
  CHECK(p.log.find(first) != std::string::npos);
  CHECK(p.log.find(first) > a2);  // nothing carried into the first adventure
  CHECK(p.log.find(first, a3) != std::string::npos);
  CHECK(p.log.find(second, a3) != std::string::npos);  // both eyes into adventure 3
  CHECK(p.log.find(second) > a3);
}
