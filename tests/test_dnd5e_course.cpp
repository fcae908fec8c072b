// One open injury's course (rules/dnd5e/course.h, seed 003), on scripted dice and the built-in
// tables: what a long rest does, how a treatment ends and what it draws, which injury is treated
// first, what frostbite becomes at its deadline. The single character (test_dnd5e_model.cpp)
// and the party (test_dnd5e_party_course.cpp) play it inside whole trials.
#include <catch2/catch.hpp>

#include <string>

#include "rules/dnd5e/course.h"
#include "sim/core/substreams.h"

using namespace leth;
using namespace leth::dnd5e;

namespace {

const InjuryCatalog& cat() {
  return InjuryCatalog::builtin();
}

uint16_t row(const std::string& name) {
  const auto& all = cat().injuries();
  for (size_t i = 0; i < all.size(); ++i)
    if (all[i].name == name) return static_cast<uint16_t>(i);
  FAIL("no injury named " << name);
  return 0;
}

InjuryCourse fresh(const std::string& name) {
  InjuryCourse k;
  const uint16_t d = row(name);
  k.begin(d, cat().injury(d).severity);
  return k;
}

Options options() {
  Options o;
  o.extended_bed_rest = Duration::parse("2d4 weeks");
  return o;
}

// Ends a treatment of `k` by a medic of Medicine +5 at day 5 on `script`, every roll used (a
// temporary script lives until the caller's statement ends).
TreatmentEnd end_on(InjuryCourse& k, Script& script) {
  TrialRng rng(script);
  Stream s = rng.stream(Purpose::Test);
  const TreatmentEnd e = k.end_treatment(s, 5, Duration::parse("1d6 hours"), options(), 5 * kDay);
  CHECK(script.done());
  return e;
}

}  // namespace

TEST_CASE("dnd5e course: a fresh injury has its severity's DC", "[dnd5e][course]") {
  REQUIRE(cat().injury(row("torn_ligament")).severity == Severity::Severe);
  CHECK(fresh("torn_ligament").dc == 20);
  CHECK(fresh("chilled").dc == 10);
  CHECK(fresh("severe_frostbite").dc == 25);
}

TEST_CASE("dnd5e course: a long rest heals light and moderate, counts severe ones",
          "[dnd5e][course]") {
  Options o = options();
  o.untreated_severe_long_rests = 2;
  InjuryCourse light = fresh("chilled");
  REQUIRE(light.severity == Severity::Light);
  CHECK(std::string(light.long_rest(cat(), o)) == "a long rest");

  InjuryCourse severe = fresh("torn_ligament");
  CHECK(severe.long_rest(cat(), o) == nullptr);
  CHECK(severe.long_rests == 1);
  CHECK(std::string(severe.long_rest(cat(), o)) == "long rests, untreated");

  // "Aucune guérison naturelle", "Nécessite obligatoirement un soin magique", treated, closed:
  // nothing, and nothing counted.
  InjuryCourse frost = fresh("frostbite");
  REQUIRE(cat().injury(frost.def).no_natural_healing);
  CHECK(frost.long_rest(cat(), o) == nullptr);
  CHECK(frost.long_rests == 0);
  InjuryCourse eye = fresh("lost_eye");
  REQUIRE(cat().injury(eye.def).requires_magic);
  CHECK(eye.long_rest(cat(), o) == nullptr);
  InjuryCourse in_bed = fresh("torn_ligament");
  in_bed.treated = true;
  CHECK(in_bed.long_rest(cat(), o) == nullptr);
  CHECK(in_bed.long_rests == 0);

  // 0: a severe one never heals untreated.
  o.untreated_severe_long_rests = 0;
  InjuryCourse never = fresh("torn_ligament");
  for (int i = 0; i < 10; ++i) CHECK(never.long_rest(cat(), o) == nullptr);
  CHECK(never.long_rests == 0);
}

TEST_CASE("dnd5e course: a treatment's end draws the d20, then the retry or the bed rest",
          "[dnd5e][course]") {
  SECTION("failed: DC +2, tried again after retry_after") {
    InjuryCourse k = fresh("torn_ligament");
    const TreatmentEnd e = end_on(k, Script().d(20, 10).d(6, 3));
    CHECK(e.kind == TreatmentEnd::Kind::Failed);
    CHECK(e.roll == 15);
    CHECK(e.dc == 20);
    CHECK(k.dc == 22);
    CHECK(k.next_try == 5 * kDay + 3 * kHour);
    CHECK_FALSE(k.treated);
  }
  SECTION("light or moderate: healed, nothing more drawn") {
    InjuryCourse k = fresh("chilled");
    const TreatmentEnd e = end_on(k, Script().d(20, 5));
    CHECK(e.kind == TreatmentEnd::Kind::Healed);
    CHECK(k.dc == 10);
  }
  SECTION("severe: 2d4 days in bed") {
    InjuryCourse k = fresh("torn_ligament");
    const TreatmentEnd e = end_on(k, Script().d(20, 15).d(4, 3).d(4, 2));
    CHECK(e.kind == TreatmentEnd::Kind::InBed);
    CHECK(e.bed == 5 * kDay);
    CHECK(k.treated);
  }
  SECTION("serious: the extended bed rest") {
    InjuryCourse k = fresh("severe_frostbite");
    const TreatmentEnd e = end_on(k, Script().d(20, 20).d(4, 1).d(4, 1));
    CHECK(e.kind == TreatmentEnd::Kind::InBed);
    CHECK(e.bed == 2 * 7 * kDay);
  }
}

TEST_CASE("dnd5e course: the deadliest first, frostbite worsens", "[dnd5e][course]") {
  const InjuryCourse frost = fresh("frostbite");     // severe, with a deadline
  const InjuryCourse torn = fresh("torn_ligament");  // severe
  const InjuryCourse light = fresh("chilled");
  CHECK(frost.treatment_rank(cat()) > torn.treatment_rank(cat()));
  CHECK(torn.treatment_rank(cat()) > light.treatment_rank(cat()));
  CHECK(fresh("lost_eye").treatable(cat()) == false);
  CHECK(torn.treatable(cat()));

  InjuryCourse k = fresh("frostbite");
  k.long_rests = 3;
  k.dc = 24;
  k.worsen(cat());
  CHECK(k.def == row("severe_frostbite"));
  CHECK(k.severity == Severity::Serious);
  CHECK(k.dc == 25);
  CHECK(k.long_rests == 0);
}
