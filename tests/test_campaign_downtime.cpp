// campaign.downtime (docs/campaigns.md): the next adventure begins once the character is whole
// or, at the latest, a fixed time after this one began, if it can act then; it goes on with its
// wounds still healing. Harmonies' one character carries them (rules/harmonies/README.md,
// interpretation 18), pf2's its HP and wounded (rules/pf2/README.md, interpretation 15),
// unisystem's its HP, endurance and essence (rules/unisystem/README.md, interpretation 27),
// flux's its PV and Flux (rules/flux/README.md, interpretation 21), a pf2 party each member's HP
// and wounded (pf2 interpretation 15), a flux party each member's PV (flux interpretation 21),
// a unisystem party each member's HP (unisystem interpretation 27), a harmonies party each
// member's open wounds (harmonies interpretation 18), dnd5e's one character its HP, Hit Dice and
// healing injuries with their clocks, a dnd5e party each member's (dnd5e interpretation 20).
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <variant>

#include "rules/dnd5e/metrics.h"
#include "rules/harmonies/metrics.h"
#include "rules/harmonies/model.h"
#include "rules/pf2/model.h"
#include "rules/unisystem/metrics.h"
#include "rules/flux/metrics.h"
#include "sim/core/error.h"
#include "sim/engine/load.h"
#include "sim/engine/runner.h"
#include "tests/cli_support.h"
#include "tests/dnd5e_party_text.h"
#include "tests/party_support.h"
#include "tests/unisystem_party_text.h"
#include "tests/support.h"

using namespace leth;

namespace {

// A harmonies fighter whom nothing can kill or stop: every roll that matters is certain at +30
// (±d10 reaches +9 at most), the brute always strikes a light wound, a helper stabilises it in
// a minute. No healer: a stable wound stays open (interpretation 12), and once its minimum rest
// is over (2 days for a light one, a week for a grave one) the fighter can act with it.
std::string fighter(const std::string& campaign) {
  return "name = \"fighter\"\nruleset = \"harmonies\"\nseed = 3\nhorizon = \"60 days\"\n"
         "[campaign]\nadventures = 3\n" +
         campaign +
         "[character]\nsurvival = 30\nfainting = 30\nfirst_aid = 0\n"
         "caps = { light = 1, grave = 2, critical = 1 }\n[encounter]\nrounds = 1\n"
         "[[encounter.attackers]]\nname = \"brute\"\nhit_chance = 1.0\nwound = { light = 1.0 }\n"
         "[aftercare]\nhelp_arrives = \"0 seconds\"\nhelpers = 1\nfirst_aid = 30\n"
         "attempt_time = \"1 minute\"\nneglect = 0\n";
}

size_t find(const std::string& log, const std::string& text, size_t from = 0) {
  const size_t at = log.find(text, from);
  INFO(text);
  REQUIRE(at != std::string::npos);
  return at;
}

// Trial 0 of the scenario's first variant, replayed: its outcome and its story.
struct Story {
  Outcome outcome;
  std::string text;
};
Story story_of(const LoadedScenario& ls, uint64_t seed) {
  EventLog log;
  Story s{replay_trial(ls, 0, seed, 0, &log), {}};
  s.text = log.render();
  return s;
}

int sequela(const Outcome& o, uint16_t id) {
  for (size_t i = 0; i < o.sequela_kinds; ++i)
    if (o.sequelae[i].id == id) return o.sequelae[i].count;
  return 0;
}

}  // namespace

TEST_CASE("campaign downtime: harmonies goes on with its open wounds; a full level escalates the "
          "next",
          "[campaign][harmonies][downtime]") {
  namespace m = harmonies::metric;
  const LoadedScenario ls = test::load_text(fighter("downtime = \"3 days\"\n"));
  for (uint64_t trial = 0; trial < 5; ++trial) {
    EventLog log;
    const Outcome o = replay_trial(ls, 0, 3, trial, &log);
    const std::string story = log.render();
    INFO(story);
    // Adventure 1: a light wound, stable; the rest of it is over at 2 days (plus the minute of
    // first aid), so the fighter leaves at the downtime's 3 days, the wound open.
    const size_t a2 = find(story, "[3d 00:00:00] adventure 2 of 3 begins");
    find(story, "the downtime is over: goes on to the next adventure still healing (1 light, 0 "
                "grave, 0 critical");
    // Adventure 2: the light level (cap 1) is full, so the next light wound lands grave; its
    // minimum rest (a week from its stabilisation) keeps the fighter past the 3 days.
    find(story, "carried from the adventure before, still healing: 1 light, 0 grave, 0 critical",
         a2);
    const size_t grave = find(story, "escalated to grave", a2);
    const size_t a3 = find(story, "adventure 3 of 3 begins", grave);
    // 3 days, then a week from the stabilisation at 0:01:06 (a round, then a minute's first aid).
    CHECK(story.find("[10d 00:01:06] adventure 3 of 3 begins") + 15 == a3);
    // Adventure 3, the last: no downtime; a third light wound lands grave again, and nobody heals
    // them by the horizon.
    find(story, "carried from the adventure before, still healing: 1 light, 1 grave", a3);
    find(story, "escalated to grave", a3);
    CHECK(story.find("the downtime is over", a3) == std::string::npos);
    CHECK(o.adventures == 3);
    CHECK(o.end == m::kStillWounded);
    CHECK(o.counters[m::kWounds] == 3);
    CHECK(o.counters[m::kEscalations] == 2);
    // What it ends with, once: the wounds open at the last horizon, not those it went on with.
    CHECK(sequela(o, m::kOpenLight) == 1);
    CHECK(sequela(o, m::kOpenGrave) == 2);
  }
}

TEST_CASE("campaign downtime: without it, a wound open at the horizon ends the campaign",
          "[campaign][harmonies][downtime]") {
  namespace m = harmonies::metric;
  const LoadedScenario ls = test::load_text(fighter(""));
  EventLog log;
  const Outcome o = replay_trial(ls, 0, 3, 0, &log);
  INFO(log.render());
  CHECK(o.adventures == 1);
  CHECK(o.end == m::kStillWounded);
  CHECK(sequela(o, m::kOpenLight) == 1);
  CHECK(log.render().find("adventure 2") == std::string::npos);
}

TEST_CASE("campaign downtime: a downtime past the horizon changes nothing, trial for trial",
          "[campaign][harmonies][downtime]") {
  // The harmonies duel of the bundled examples, its physician healing every wound: with a
  // downtime past the horizon nobody leaves early, trial for trial.
  const std::string base = test::read_file(test::source_path("scenarios/examples/harmonies-duel.toml"));
  const std::string campaign = "\n[campaign]\nadventures = 4\n";
  const LoadedScenario without = test::load_text(base + campaign);
  const LoadedScenario with = test::load_text(base + campaign + "downtime = \"3000 days\"\n");
  for (uint64_t trial = 0; trial < 300; ++trial) {
    const Outcome a = replay_trial(without, 0, 11, trial, nullptr);
    const Outcome b = replay_trial(with, 0, 11, trial, nullptr);
    INFO("trial " << trial);
    CHECK(a.end == b.end);
    CHECK(a.adventures == b.adventures);
    CHECK(a.end_time == b.end_time);
    CHECK(a.counters == b.counters);
  }
  // The same for dnd5e's goblin campaign (injuries, deadlines, a healer's treatments).
  std::string goblins =
      test::read_file(test::source_path("scenarios/examples/dnd5e-goblin-campaign.toml"));
  const LoadedScenario g_without = test::load_text(goblins);
  goblins.insert(goblins.find('\n', goblins.find("[campaign]")) + 1, "downtime = \"3000 days\"\n");
  const LoadedScenario g_with = test::load_text(goblins);
  for (uint64_t trial = 0; trial < 300; ++trial) {
    const Outcome a = replay_trial(g_without, 0, 11, trial, nullptr);
    const Outcome b = replay_trial(g_with, 0, 11, trial, nullptr);
    INFO("dnd5e trial " << trial);
    CHECK(a.end == b.end);
    CHECK(a.adventures == b.adventures);
    CHECK(a.end_time == b.end_time);
    CHECK(a.counters == b.counters);
  }
}

TEST_CASE("campaign downtime: a downtime must be a fixed time longer than 0, located",
          "[campaign][downtime][errors]") {
  try {
    test::load_text(fighter("downtime = \"1d6 days\"\n"));
    FAIL("loaded");
  } catch (const InputError& e) {
    INFO(e.what());
    CHECK(std::string(e.what()).find("downtime must be a fixed time") != std::string::npos);
    const std::string text = fighter("downtime = \"1d6 days\"\n");
    const size_t at = text.find("downtime");
    CHECK(e.loc().line ==
          static_cast<uint32_t>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n')) + 1);
  }
  CHECK_THROWS_WITH(test::load_text(fighter("downtime = \"1d6 days\"\n")),
                    Catch::Contains("downtime must be a fixed time"));
  CHECK_THROWS_WITH(test::load_text(fighter("downtime = \"0 days\"\n")),
                    Catch::Contains("downtime must be longer than 0"));
}

namespace {

// A pf2 fighter (20 HP, Con 2 at level 1: 2 HP a night's rest) whom a goblin always hits for 6,
// once an adventure; nobody heals him but his nights. `extra`: more keys at the end.
std::string pf2_fighter(const std::string& campaign, const std::string& extra = "") {
  return "name = \"fighter\"\nruleset = \"pf2\"\nseed = 3\nhorizon = \"30 days\"\n"
         "[campaign]\nadventures = 3\n" +
         campaign +
         "[options]\nwounded = true\n[character]\nlevel = 1\nmax_hp = 20\nac = 15\nfortitude = 5\n"
         "reflex = 5\nwill = 5\ncon = 2\nwounded = 1\n[encounter]\nrounds = 1\n"
         "[[encounter.attackers]]\nname = \"goblin\"\nhit_chance = 1.0\ncrit_chance = 0.0\n"
         "damage = \"6\"\ndc = 15\n" +
         extra;
}

}  // namespace

TEST_CASE("campaign downtime: pf2 goes on short of full HP, its wounded with it",
          "[campaign][pf2][downtime]") {
  namespace m = pf2::metric;
  // The nights counted in one step (nobody else comes) and played one by one (a helper is on
  // the way, whose temporary HP come too late for the fight, so every night is an event): the
  // same story.
  const std::string medic = "[aftercare]\nhelp_arrives = \"1 hour\"\n[aftercare.healer]\ntemp_hp = \"1\"\n";
  for (const std::string& extra : {std::string(), medic}) {
    const LoadedScenario ls = test::load_text(pf2_fighter("downtime = \"2 days\"\n", extra));
    EventLog log;
    const Outcome o = replay_trial(ls, 0, 3, 0, &log);
    const std::string story = log.render();
    INFO(story);
    // Adventure 1: 20 -> 14; the nights beginning at 8:00:06 and 1d 8:00:06 (both before the
    // 2 days are out) give 4 HP; he leaves at 2 days with 18, wounded 1 as he began.
    find(story, "the downtime is over: goes on to the next adventure at HP 18/20, wounded 1");
    const size_t a2 = find(story, "[2d 00:00:00] adventure 2 of 3 begins");
    find(story, "carried from the adventure before: HP 18/20, wounded 1", a2);
    // Adventure 2: 18 -> 12, two nights: 16.
    const size_t a3 = find(story, "[4d 00:00:00] adventure 3 of 3 begins", a2);
    find(story, "the downtime is over: goes on to the next adventure at HP 16/20", a2);
    find(story, "carried from the adventure before: HP 16/20", a3);
    // Adventure 3, the last: 16 -> 10, then five nights to full (the fifth ends at 4d 16:00:06).
    CHECK(story.find("the downtime is over", a3) == std::string::npos);
    CHECK(o.adventures == 3);
    CHECK(o.end == m::kRecovered);
    CHECK(o.end_time == 4 * kDay + 4 * kDay + 16 * kHour + 6);
  }
  // What run_adventure takes in and hands on: HP and wounded (here the wounded of a fall in an
  // adventure before, 3, not the scenario's 1).
  {
    const LoadedScenario ls = test::load_text(pf2_fighter("downtime = \"2 days\"\n"));
    const pf2::Model& model = std::get<pf2::Model>(ls.models[0]);
    pf2::Model::Carried carried;
    carried.hp = 17;
    carried.wounded = 3;
    carried.leave_by = 2 * kDay;
    TrialRng rng(3, 0);
    Timeline timeline;
    EventLog log;
    TrialContext ctx{rng, &log, timeline};
    model.run_adventure(ctx, carried);
    INFO(log.render());
    CHECK(log.render().find("carried from the adventure before: HP 17/20, wounded 3") !=
          std::string::npos);
    CHECK(carried.went_on);
    CHECK(carried.hp == 15);  // 17 - 6 + two nights' 4
    CHECK(carried.wounded == 3);
    carried.leave_by = 0;  // the last adventure: to full HP, nothing handed on
    timeline.clear();
    model.run_adventure(ctx, carried);
    CHECK_FALSE(carried.went_on);
    CHECK(carried.hp == -1);
    CHECK(carried.wounded == -1);
  }
  // Without the downtime every adventure begins at full HP and ends whole.
  const LoadedScenario whole = test::load_text(pf2_fighter(""));
  EventLog log;
  const Outcome o = replay_trial(whole, 0, 3, 0, &log);
  INFO(log.render());
  CHECK(log.render().find("carried from the adventure before: HP") == std::string::npos);
  CHECK(o.end == m::kRecovered);
  CHECK(o.end_time == 3 * (2 * kDay + 16 * kHour + 6));  // three nights from 14 to 20, each
}

TEST_CASE("campaign downtime: pf2 sleeps out the night under way before it goes on",
          "[campaign][pf2][downtime]") {
  namespace m = pf2::metric;
  // A downtime of 9 hours ends in his first night's sleep (8:00:06 to 16:00:06): he sleeps it
  // out and leaves in the morning.
  const LoadedScenario ls = test::load_text(pf2_fighter("downtime = \"9 hours\"\n"));
  EventLog log;
  const Outcome o = replay_trial(ls, 0, 3, 0, &log);
  const std::string story = log.render();
  INFO(story);
  // 20 -> 14, and the night's 2 HP: 16.
  find(story, "[16:00:06] the downtime is over: goes on to the next adventure at HP 16/20");
  CHECK(o.adventures == 3);
  CHECK(o.end == m::kRecovered);
}

namespace {

// A unisystem traveller who starts each adventure at 20 of 34 HP and meets a thug who cannot
// hit her (D10 - 20 never reaches 9); she mends by the creature's rule. `creature`: "human" (2 HP a day at 0 or more
// without care, interpretation 11, day by day) or "vampyre" (Will 3: 3 HP a day, a formula).
std::string unisystem_traveller(const std::string& creature, const std::string& campaign) {
  return "name = \"traveller\"\nruleset = \"unisystem\"\nseed = 3\nhorizon = \"30 days\"\n"
         "[campaign]\nadventures = 3\n" +
         campaign + "[character]\ncreature = \"" + creature +
         "\"\nmax_hp = 34\nhp = 20\ncon = 2\nwill = 3\nendurance = 30\n[recovery]\ncare = "
         "\"none\"\n[encounter]\nrounds = 1\n[[encounter.attackers]]\nname = \"thug\"\n"
         "attack_bonus = -20\ndamage = \"1\"\n";
}

}  // namespace

TEST_CASE("campaign downtime: unisystem goes on with the HP it has mended by then",
          "[campaign][unisystem][downtime]") {
  struct Case {
    const char* creature;
    const char* first;   // HP when it leaves adventure 1 (2 days)
    const char* second;  // and adventure 2
  };
  // Her days count from the fight's end (0:00:05): by the 2 days one has passed. Human: 20 ->
  // 22, then 22 (the carried HP, not the scenario's 20) -> 24. Vampyre: 20 -> 23, then 26.
  for (const Case& c : {Case{"human", "HP 22/34", "HP 24/34"}, Case{"vampyre", "HP 23/34", "HP 26/34"}}) {
    INFO(c.creature);
    const LoadedScenario ls = test::load_text(unisystem_traveller(c.creature, "downtime = \"2 days\"\n"));
    EventLog log;
    const Outcome o = replay_trial(ls, 0, 3, 0, &log);
    const std::string story = log.render();
    INFO(story);
    find(story, std::string("[2d 00:00:00] the downtime is over: goes on to the next adventure at ") +
                    c.first);
    const size_t a2 = find(story, "[2d 00:00:00] adventure 2 of 3 begins");
    find(story, std::string("carried from the adventure before: ") + c.first, a2);
    const size_t a3 = find(story, "[4d 00:00:00] adventure 3 of 3 begins", a2);
    find(story, std::string("carried from the adventure before: ") + c.second, a3);
    CHECK(story.find("the downtime is over", a3) == std::string::npos);
    CHECK(o.adventures == 3);
    CHECK(o.end == unisystem::metric::kRecovered);
  }
  // Without the downtime each adventure begins at the scenario's 20 and ends whole.
  const LoadedScenario ls = test::load_text(unisystem_traveller("human", ""));
  EventLog log;
  const Outcome o = replay_trial(ls, 0, 3, 0, &log);
  INFO(log.render());
  CHECK(log.render().find("carried from") == std::string::npos);
  CHECK(o.end == unisystem::metric::kRecovered);
  CHECK(o.end_time == 3 * (7 * kDay + 5));  // 14 HP at 2 a day from the fight's end, thrice
}

TEST_CASE("campaign downtime: flux goes on with the PV its nights gave it by then",
          "[campaign][flux][downtime]") {
  // A flux scout at 10 of 20 PV whom the bandit never hits; no hour's rests: a night (8:00 to
  // 16:00) gives 4 PV. By the 2 days two nights have: 18. Adventure 2 begins at 18, and one
  // night makes it whole; adventure 3 begins at the scenario's 10 again (nothing held).
  const std::string toml =
      "name = \"scout\"\nruleset = \"flux\"\nseed = 3\nhorizon = \"30 days\"\n[campaign]\n"
      "adventures = 3\ndowntime = \"2 days\"\n[character]\nmax_pv = 20\npv = 10\n[encounter]\n"
      "rounds = 1\n[[encounter.attackers]]\nname = \"bandit\"\ndamage = \"1\"\nhit_chance = 0.0\n"
      "[recovery]\nhour_rests = false\n";
  const LoadedScenario ls = test::load_text(toml);
  EventLog log;
  const Outcome o = replay_trial(ls, 0, 3, 0, &log);
  const std::string story = log.render();
  INFO(story);
  find(story, "[2d 00:00:00] the downtime is over: goes on to the next adventure at PV 18/20");
  const size_t a2 = find(story, "[2d 00:00:00] adventure 2 of 3 begins");
  find(story, "carried from the adventure before: PV 18/20", a2);
  const size_t a3 = find(story, "[2d 16:00:00] adventure 3 of 3 begins", a2);
  CHECK(story.find("carried from", a3) == std::string::npos);
  CHECK(o.adventures == 3);
  CHECK(o.end == flux::metric::kRecovered);
  CHECK(o.end_time == 5 * kDay + 8 * kHour);  // 2d, 16h, then three nights to 2d 16:00
}

TEST_CASE("campaign downtime: unisystem whole by the time it can act ends whole, not carried",
          "[campaign][unisystem][downtime]") {
  // A brawler who falls stays in bed until its HP are full: up past the downtime, it is whole
  // then, and the adventure ends whole (nothing held), never "goes on" at full health. One who
  // stayed up goes on at the 2 days with the HP mended by then.
  const std::string toml =
      "name = \"brawler\"\nruleset = \"unisystem\"\nseed = 77\nhorizon = \"60 days\"\n"
      "[campaign]\nadventures = 12\ndowntime = \"2 days\"\n[character]\nmax_hp = 30\ncon = 3\n"
      "will = 2\nfirst_aid = 2\nendurance = 32\n[encounter]\nrounds = \"1d4+1\"\n"
      "close_combat = true\n[[encounter.attackers]]\nname = \"pit fighter\"\ncount = 2\n"
      "attack_bonus = 5\ndamage = \"1D6 x 3\"\ndamage_type = \"blunt\"\n"
      "keep_attacking_downed = 0.1\n[recovery]\ncare = \"none\"\n";
  const LoadedScenario ls = test::load_text(toml);
  int went_on = 0;
  for (uint64_t trial = 0; trial < 40; ++trial) {
    EventLog log;
    replay_trial(ls, 0, 77, trial, &log);
    const std::string story = log.render();
    INFO(story);
    CHECK(story.find("goes on to the next adventure at HP 30/30, endurance 32/32") ==
          std::string::npos);
    for (size_t at = story.find("the downtime is over"); at != std::string::npos;
         at = story.find("the downtime is over", at + 1))
      ++went_on;
  }
  CHECK(went_on > 0);  // and some did go on hurt
}

namespace {

// A pf2 patrol: a goblin (initiative 30, first) always hits the weakest, the fighter (20 HP,
// Con 2 at level 1: 2 HP a night, wounded 1), for 6; the rogue (30 HP) kills it. No medic: the
// party rests its nights alone. `campaign`: more [campaign] keys.
std::string pf2_patrol(const std::string& campaign) {
  return "name = \"patrol\"\nruleset = \"pf2\"\nseed = 7\nhorizon = \"30 days\"\n"
         "[options]\nwounded = true\n[fight]\nopponents_target = \"weakest\"\n[campaign]\n"
         "adventures = 3\n" +
         campaign +
         test::combatant_text("party", "rogue", "max_hp", 30, -10,
                              "hit_chance = 1.0\ndamage = \"30\"", "ac = 10\ncon = 2\n") +
         test::combatant_text("party", "fighter", "max_hp", 20, -10,
                              "hit_chance = 0.0\ndamage = \"1\"", "ac = 10\ncon = 2\nwounded = 1\n") +
         test::combatant_text("opponents", "goblin", "hp", 5, 30,
                              "hit_chance = 1.0\ncrit_chance = 0.0\ndamage = \"6\"",
                              "ac = 10\ndc = 15\n");
}

// The patrols' story (pf2's, flux's): the fighter goes on after adventure 1 with `first` ("HP
// 18/20, wounded 1") and after adventure 2 with `second`, each the next adventure's carried
// line; `unhurt`, never hit, carries nothing; the last adventure rests to full; all three are
// played and the campaign ends whole (a party of two's end 2).
void check_patrol_goes_on(const std::string& story, const Outcome& o, const std::string& first,
                          const std::string& second, const std::string& unhurt) {
  find(story, "[2d 00:00:00] the downtime is over: the party goes on to the next adventure, "
              "fighter at " + first + "\n");
  const size_t a2 = find(story, "[2d 00:00:00] adventure 2 of 3 begins");
  find(story, "fighter carries from the adventures before: " + first, a2);
  CHECK(story.find(unhurt + " carries", a2) == std::string::npos);
  const size_t a3 = find(story, "[4d 00:00:00] adventure 3 of 3 begins", a2);
  find(story, "the party goes on to the next adventure, fighter at " + second + "\n", a2);
  find(story, "fighter carries from the adventures before: " + second, a3);
  CHECK(story.find("the downtime is over", a3) == std::string::npos);
  find(story, "every survivor is at full", a3);
  CHECK(o.adventures == 3);
  CHECK(o.end == 2);
}

}  // namespace

TEST_CASE("campaign downtime: a pf2 party goes on with each member's HP and wounded",
          "[campaign][pf2][party][downtime]") {
  const LoadedScenario ls = test::load_text(pf2_patrol("downtime = \"2 days\"\n"));
  const uint16_t recovered = 2, unresolved = 3;  // a party of two's ends: died 1, died 2, ...
  REQUIRE(metrics_of(ls.models[0]).ends[recovered].kind == EndKind::Recovered);
  const auto [o, story] = story_of(ls, 7);
  INFO(story);
  // Adventure 1: the fighter 20 -> 14; the two nights alone begun before the 2 days are out
  // give 4 HP: 18; the rogue, never hurt, is whole and carries nothing. Adventure 2: 18 -> 12,
  // two nights: 16. Adventure 3, the last: 16 -> 10, rested to full.
  find(story, "fighter rests 2 nights alone: HP 18/20");
  check_patrol_goes_on(story, o, "HP 18/20, wounded 1", "HP 16/20, wounded 1", "rogue");

  // What run_adventure takes in and hands on, member by member: the fighter comes in at 17 HP
  // and wounded 3 (an earlier fall's), leaves at 15 and 3.
  const auto& party = test::party_of<pf2::Model>(ls);
  pf2::Party::Carried carried;
  carried.hp[1] = 17;
  carried.wounded[1] = 3;
  carried.leave_by = 2 * kDay;
  TrialRng rng(7, 0);
  Timeline timeline;
  TrialContext ctx{rng, nullptr, timeline};
  const Outcome first = party.run_adventure(ctx, carried);
  CHECK(carried.went_on);
  CHECK(first.end == unresolved);
  CHECK(first.end_time == 2 * kDay);
  CHECK(carried.hp[0] == -1);
  CHECK(carried.hp[1] == 15);
  CHECK(carried.wounded[1] == 3);
  carried.leave_by = 0;  // the last adventure: to full HP, nothing but doomed handed on
  timeline.clear();
  const Outcome last = party.run_adventure(ctx, carried);
  CHECK_FALSE(carried.went_on);
  CHECK(last.end == recovered);
  CHECK(carried.hp[1] == -1);
  CHECK(carried.wounded[1] == -1);

  // Without the downtime every adventure begins whole: 20 -> 14, three nights.
  const auto [whole, whole_story] = story_of(test::load_text(pf2_patrol("")), 7);
  INFO(whole_story);
  CHECK(whole_story.find("carries from the adventures before: HP") == std::string::npos);
  CHECK(whole.end == recovered);
  CHECK(whole.adventures == 3);
}

TEST_CASE("campaign downtime: a pf2 party sleeps out the night under way; a downtime past the "
          "horizon changes nothing",
          "[campaign][pf2][party][downtime]") {
  // 9 hours end in the first night (it begins 8 hours after the fight): slept out, +2.
  const auto [o, story] = story_of(test::load_text(pf2_patrol("downtime = \"9 hours\"\n")), 7);
  INFO(story);
  find(story, "fighter rests 1 night alone: HP 16/20");
  find(story, "the downtime is over: the party goes on to the next adventure, fighter at HP 16/20");
  CHECK(o.adventures == 3);
  // A downtime longer than the horizon: trial for trial the campaign without one, in the
  // bundled ambush (a cleric's Heals and Treat Wounds: nights played one by one).
  const std::string ambush =
      test::read_file(test::source_path("scenarios/examples/pf2-party-ambush.toml")) +
      "\n[campaign]\nadventures = 3\n";
  const LoadedScenario never = test::load_text(ambush + "downtime = \"60 days\"\n");
  const LoadedScenario none = test::load_text(ambush);
  for (uint64_t t = 0; t < 200; ++t) {
    EventLog a, b;
    const Outcome x = replay_trial(never, 0, 7, t, &a);
    const Outcome y = replay_trial(none, 0, 7, t, &b);
    CHECK(x.end == y.end);
    CHECK(x.end_time == y.end_time);
    CHECK(a.render() == b.render());
  }
}

TEST_CASE("campaign downtime: the pf2 ambush's party goes on mid-treatment, its HP carried",
          "[campaign][pf2][party][downtime]") {
  // With a downtime of 2 hours the cleric's Treat Wounds (10 minutes a patient, each once an
  // hour) stop when it is over; in some trials the party goes on short of full HP, and the
  // next fight begins with what it carries.
  const LoadedScenario ls = test::load_text(
      test::read_file(test::source_path("scenarios/examples/pf2-party-ambush.toml")) +
      "\n[campaign]\nadventures = 2\ndowntime = \"2 hours\"\n");
  int went_on = 0;
  for (uint64_t t = 0; t < 200 && went_on < 3; ++t) {
    EventLog log;
    replay_trial(ls, 0, 9, t, &log);
    const std::string story = log.render();
    const size_t left = story.find("the downtime is over: the party goes on");
    if (left == std::string::npos) continue;
    INFO(story);
    ++went_on;
    const size_t a2 = find(story, "adventure 2 of 2 begins", left);
    find(story, "carries from the adventures before: HP ", a2);
    // No treatment ends after the day is out, nor does a night begin then.
    const size_t treated = story.find("treats the wounds of", left);
    CHECK((treated == std::string::npos || treated > a2));
  }
  CHECK(went_on == 3);
}

TEST_CASE("campaign downtime: a flux party goes on with each member's PV",
          "[campaign][flux][party][downtime]") {
  // A ghoul (first) always hits the weakest, the fighter (20 PV), for 10; the scout (30 PV)
  // kills it. Nights of 4 PV, the first 8 hours after the fight: by the 2 days two have ended.
  auto patrol = [](const std::string& campaign) {
    return "name = \"patrol\"\nruleset = \"flux\"\nseed = 7\nhorizon = \"30 days\"\n"
           "[fight]\nopponents_target = \"weakest\"\n[campaign]\nadventures = 3\n" +
           campaign +
           test::combatant_text("party", "scout", "max_pv", 30, -10,
                                "hit_chance = 1.0\ndamage = \"30\"") +
           test::combatant_text("party", "fighter", "max_pv", 20, -10,
                                "hit_chance = 0.0\ndamage = \"1\"") +
           test::combatant_text("opponents", "ghoul", "pv", 5, 30,
                                "hit_chance = 1.0\ndamage = \"10\"");
  };
  const LoadedScenario ls = test::load_text(patrol("downtime = \"2 days\"\n"));
  const auto [o, story] = story_of(ls, 7);
  INFO(story);
  // 20 -> 10, two nights: 18; then 18 -> 8 -> 16; the last adventure 16 -> 6, rested to full.
  REQUIRE(metrics_of(ls.models[0]).ends[2].kind == EndKind::Recovered);
  find(story, "fighter rests 2 nights: PV 18/20");
  check_patrol_goes_on(story, o, "PV 18/20", "PV 16/20", "scout");
  // Without the downtime each adventure begins at 20 PV.
  const auto [whole, whole_story] = story_of(test::load_text(patrol("")), 7);
  INFO(whole_story);
  CHECK(whole_story.find("carries from the adventures before: PV") == std::string::npos);
  CHECK(whole.adventures == 3);
}

TEST_CASE("campaign downtime: a unisystem party goes on with the HP its members have mended",
          "[campaign][unisystem][party][downtime]") {
  // A thug (first) always hits the weakest, the fighter (34 HP, a human: 2 HP a day at 0 or
  // more without care), for 10, no Will test after the hit; the brawler (40 HP) kills it. Her
  // days count from the fight's end: by the 2 days one has ended.
  namespace u = test::unisystem;
  auto patrol = [](const std::string& campaign) {
    return u::party_text(
        u::member("brawler", 40, -40, "hit_chance = 1.0\ndamage = 30", "con = 2\nwill = 3\n") +
            u::member("fighter", 34, -40, "hit_chance = 0.0\ndamage = 1", "con = 2\nwill = 3\n") +
            u::opponent("thug", 5, 40, "hit_chance = 1.0\ndamage = 10"),
        "opponents_target = \"weakest\"\n", "shock_test = false\n") +
        "[campaign]\nadventures = 3\n" + campaign;
  };
  const LoadedScenario ls = test::load_text(patrol("downtime = \"2 days\"\n"));
  REQUIRE(metrics_of(ls.models[0]).ends[2].kind == EndKind::Recovered);
  const auto [o, story] = story_of(ls, 3);
  INFO(story);
  // 34 -> 24, a day: 26; then 26 -> 16 -> 18; the last adventure 18 -> 8, rested to full.
  check_patrol_goes_on(story, o, "HP 26/34", "HP 18/34", "brawler");
  // Without the downtime each adventure begins at 34 HP.
  const auto [whole, whole_story] = story_of(test::load_text(patrol("")), 3);
  INFO(whole_story);
  CHECK(whole_story.find("carries from the adventures before") == std::string::npos);
  CHECK(whole.adventures == 3);
}

namespace {

// A harmonies patrol: a brute (first, leaving after a round) always strikes the fighter (listed
// first: the weakest on a tie) a light wound; the medic binds it at +30 (certain: ±d10 reaches
// +9 at most, and no difficulty and pain here reach -20). Every survival and fainting roll is certain too, and nobody heals: a stable
// wound stays open (interpretation 12). The fighter holds one wound of each level (caps 1), so
// a wound carried in makes the next escalate.
std::string harmonies_patrol(const std::string& campaign) {
  auto member = [](const std::string& name, const std::string& extra) {
    return "\n[[party]]\nname = \"" + name + "\"\nsurvival = 30\nfainting = 30\ninitiative = -10\n" + extra +
           "[[party.attacks]]\nhit_chance = 0.0\nwound = { light = 1.0 }\n";
  };
  return "name = \"patrol\"\nruleset = \"harmonies\"\nseed = 7\nhorizon = \"60 days\"\n"
         "[fight]\nopponents_target = \"weakest\"\n[campaign]\nadventures = 3\n" +
         campaign + member("fighter", "[party.caps]\nlight = 1\ngrave = 1\ncritical = 1\n") +
         member("medic", "[party.heals]\nfirst_aid = 30\n") +
         "\n[[opponents]]\nname = \"brute\"\ninitiative = 20\nrounds = 1\n"
         "[[opponents.attacks]]\nhit_chance = 1.0\nwound = { light = 1.0 }\n";
}

}  // namespace

TEST_CASE("campaign downtime: a harmonies party goes on with each member's open wounds, their "
          "rest kept; a full level escalates the next",
          "[campaign][harmonies][party][downtime]") {
  const LoadedScenario ls = test::load_text(harmonies_patrol("downtime = \"1 day\"\n"));
  const uint16_t unresolved = 3;  // a party of two's ends: died 1, died 2, recovered, ...
  REQUIRE(metrics_of(ls.models[0]).ends[unresolved].name() == "unresolved_still_hurt");
  const auto [o, story] = story_of(ls, 7);
  INFO(story);
  // Adventure 1: a light wound, bound at 6 s; it can act once its minimum rest (2 days) is
  // over, after the day's downtime: the party goes on then, the medic whole, carrying nothing.
  // Pain has come back to the mortality, 1.
  find(story, "[2d 00:00:06] the downtime is over: the party goes on to the next adventure "
              "still healing, fighter with 1 light, 0 grave, 0 critical, pain 1\n");
  const size_t a2 = find(story, "adventure 2 of 3 begins");
  find(story, "fighter carries from the adventure before, still healing: 1 light, 0 grave, "
              "0 critical; pain 1", a2);
  CHECK(story.find("medic carries", a2) == std::string::npos);
  // Its light level full, the next light wound lands grave; its rest goes on (not begins).
  const size_t grave = find(story, "fighter takes a light wound, escalated to grave", a2);
  find(story, "fighter: therapeutic rest goes on", grave);
  // A grave wound's week of minimum rest before it goes on again, with both (pain back to
  // their mortality, 1 + 3).
  find(story, "[7d 00:00:06] the downtime is over: the party goes on to the next adventure "
              "still healing, fighter with 1 light, 1 grave, 0 critical, pain 4\n", grave);
  const size_t a3 = find(story, "[9d 00:00:12] adventure 3 of 3 begins", grave);
  find(story, "fighter carries from the adventure before, still healing: 1 light, 1 grave, "
              "0 critical; pain 4", a3);
  find(story, "fighter takes a light wound, escalated to critical", a3);
  // The last adventure plays to its horizon: nobody heals the critical wound.
  CHECK(story.find("the downtime is over", a3) == std::string::npos);
  CHECK(o.adventures == 3);
  CHECK(o.end == unresolved);

  // What run_adventure takes in and hands on: a light wound that has rested 2 days already
  // keeps its rest, counted on the next adventure's clock; the fight's grave wound rests from
  // its stabilisation; pain and missed care go with them.
  const auto& party = test::party_of<harmonies::Model>(ls);
  harmonies::Party::Carried carried;
  carried[0].wounds.add(harmonies::kLight, -2 * kDay);
  carried[0].pain = 1;
  carried[0].neglect = 2;
  TrialRng rng(7, 0);
  Timeline timeline;
  TrialContext ctx{rng, nullptr, timeline};
  bool went_on = false;
  const Outcome first = party.run_adventure(ctx, carried, kDay, &went_on);
  CHECK(went_on);
  CHECK(first.end == unresolved);
  // It leaves once the grave wound has rested its week: after the fight and its binding.
  CHECK(first.end_time > kWeek);
  CHECK(first.end_time < kWeek + kHour);
  REQUIRE(carried[0].wounds.n == 2);
  CHECK(carried[0].wounds.count(harmonies::kLight) == 1);
  CHECK(carried[0].wounds.count(harmonies::kGrave) == 1);
  for (size_t i = 0; i < 2; ++i) {
    const harmonies::Wound& w = carried[0].wounds.w[i];
    if (w.level == harmonies::kLight)
      CHECK(w.since == -2 * kDay - first.end_time);
    else
      CHECK(w.since == -kWeek);  // it left as the grave wound's week of rest ended
  }
  CHECK(carried[0].neglect == 2);
  CHECK(carried[1].wounds.n == 0);
  // The last adventure (no downtime) plays to its horizon and hands on nothing.
  timeline.clear();
  const Outcome last = party.run_adventure(ctx, carried, 0, &went_on);
  CHECK_FALSE(went_on);
  CHECK(last.end == unresolved);
  CHECK(carried[0].wounds.n == 0);

  // Without the downtime the first wound ends the campaign at the horizon, still open.
  const auto [whole, whole_story] = story_of(test::load_text(harmonies_patrol("")), 7);
  CHECK(whole_story.find("carries from the adventure before") == std::string::npos);
  CHECK(whole.adventures == 1);
  CHECK(whole.end == unresolved);
}

namespace {

// A dnd5e fighter (10 HP, AC 15) whom an orc's necrotic blast (+5, 10 damage, one round) may
// drop; nobody heals her, and no short rest: a long rest a day brings her HP back, not the
// injury. `campaign`: more [campaign] keys.
std::string dnd5e_necrosis(const std::string& campaign) {
  return "name = \"necrosis\"\nruleset = \"dnd5e\"\nhorizon = \"30 days\"\n[campaign]\n"
         "adventures = 2\n" +
         campaign +
         "[character]\nmax_hp = 10\nac = 15\ncon = 14\nhit_die = 10\n[recovery]\n"
         "short_rest = false\n[encounter]\nrounds = 1\n[[encounter.attackers]]\nname = \"orc\"\n"
         "attack_bonus = 5\nmelee = false\ndamage = \"10\"\ndamage_type = \"necrotic\"\n";
}

// Adventure 1 of the necrosis campaign, scripted: hit (15 + 5), 0 HP; the injury's d20 1:
// serious, necrotic 01-02, Nécrose (a hand; no natural healing), its deadline 3 days; the
// death save a natural 20: 1 HP, awake.
void necrosis_fall(Script& s) {
  s.d(20, 15).d(20, 1).yes().d(4, 3).d(20, 20);
}

}  // namespace

TEST_CASE("campaign downtime: dnd5e goes on with an untreated injury; its deadline runs on into "
          "the next adventure",
          "[campaign][dnd5e][downtime]") {
  namespace m = dnd5e::metric;
  Script s;
  necrosis_fall(s);
  s.d(20, 2);  // adventure 2: the orc misses (2 + 5 against 15)
  const test::Played p = test::play_scripted(dnd5e_necrosis("downtime = \"1 day\"\n"), s);
  INFO(p.log);
  // At the day's end she can act (the long rest from 8 hours made her whole but for the
  // necrosis): she goes on with it, its deadline 2 days away.
  const size_t left = find(p.log, "[1d 00:00:00] the downtime is over: goes on to the next "
                                  "adventure still healing (HP 10/10; Nécrose (Mains ou Pieds) "
                                  "(necrotic, serious))\n");
  CHECK(p.log.find("loses a hand") > left);
  const size_t a2 = find(p.log, "[1d 00:00:00] adventure 2 of 2 begins", left);
  find(p.log, "carried from the adventures before: Nécrose (Mains ou Pieds) (necrotic, serious)",
       a2);
  find(p.log, "carried from the adventure before: HP 10/10, 1 Hit Dice", a2);
  // Untreated, the deadline comes 3 days after the blow: 2 days into adventure 2.
  const size_t lost = find(p.log, "[2d 00:00:00] untreated: loses a hand", a2);
  find(p.log, "recovered", lost);
  CHECK(p.outcome.adventures == 2);
  CHECK(p.outcome.end == m::kRecovered);
  CHECK(p.outcome.counters[m::kLimbsLostToDeadline] == 1);
  CHECK(p.outcome.counters[m::kInjuries] == 1);  // inflicted once, carried once
  CHECK(sequela(p.outcome, m::kLostHand) == 1);  // reported once, by adventure 2
  CHECK(sequela(p.outcome, m::kOpenSerious) == 0);

  // Without the downtime the first adventure waits out the deadline: the hand is lost at 3
  // days, she is whole, and adventure 2 begins then.
  Script w;
  necrosis_fall(w);
  w.d(20, 2);
  const test::Played whole = test::play_scripted(dnd5e_necrosis(""), w);
  INFO(whole.log);
  const size_t lost_whole = find(whole.log, "[3d 00:00:00] untreated: loses a hand");
  CHECK(whole.log.find("adventure 2 of 2 begins") > lost_whole);
  CHECK(whole.log.find("carried from the adventure before: HP") == std::string::npos);
  CHECK(whole.outcome.end == m::kRecovered);
  CHECK(sequela(whole.outcome, m::kLostHand) == 1);
}

TEST_CASE("campaign downtime: dnd5e still healing at the last adventure's horizon reports the "
          "injury it went on with, once",
          "[campaign][dnd5e][downtime]") {
  namespace m = dnd5e::metric;
  // A 36-hour horizon: adventure 1 goes on at 1 day; in adventure 2 (the last) the necrosis's
  // deadline (2 days on) never comes: it plays to its horizon with the injury open.
  const std::string text = [] {
    std::string t = dnd5e_necrosis("downtime = \"1 day\"\n");
    t.replace(t.find("horizon = \"30 days\""), 19, "horizon = \"36 hours\"");
    return t;
  }();
  Script s;
  necrosis_fall(s);
  s.d(20, 2);
  const test::Played p = test::play_scripted(text, s);
  INFO(p.log);
  find(p.log, "the downtime is over: goes on to the next adventure still healing");
  CHECK(p.log.find("loses a hand") == std::string::npos);
  CHECK(p.outcome.adventures == 2);
  CHECK(p.outcome.end == m::kStillInjured);
  CHECK(sequela(p.outcome, m::kOpenSerious) == 1);  // open at the campaign's end, once
}

namespace {

// A dnd5e party of one, the hero (10 HP, first in the order, missing), whom a brute's necrotic
// blow (+10, 10 damage) drops; nobody treats her. `campaign`: more [campaign] keys.
std::string dnd5e_party_necrosis(const std::string& campaign) {
  return "name = \"necrosis\"\nruleset = \"dnd5e\"\nhorizon = \"30 days\"\n[options]\n"
         "lingering_injuries = true\n[campaign]\nadventures = 2\n" +
         campaign + test::dnd5e_party::hero_and_brute("necrotic");
}

int party_sequela(const LoadedScenario& ls, const Outcome& o, const std::string& name) {
  const auto& q = metrics_of(ls.models[0]).sequelae;
  for (size_t k = 0; k < o.sequela_kinds; ++k)
    if (q[o.sequelae[k].id].name == name) return o.sequelae[k].count;
  return 0;
}

}  // namespace

TEST_CASE("campaign downtime: a dnd5e party goes on with a member's untreated injury; its "
          "deadline runs on into the next adventure",
          "[campaign][dnd5e][party][downtime]") {
  const std::string text = dnd5e_party_necrosis("downtime = \"1 day\"\n");
  const LoadedScenario ls = test::load_text(text);
  Script s;
  // Adventure 1: necrotic 01-02, Nécrose (serious: a deadline, no natural healing), its deadline
  // 3 days after the fight; adventure 2: necrotic 15-17, a light injury (a long rest heals it),
  // and the deadline takes a hand.
  test::dnd5e_party::fall(s, 1, true);  // a hand's, drawn with it
  s.d(4, 3);
  test::dnd5e_party::fall(s, 15);
  const test::Played p = test::play_scripted(text, s);
  INFO(p.log);
  const size_t left = find(p.log, "[1d 00:00:00] the downtime is over: the party goes on to the "
                                  "next adventure still healing, hero at HP 10/10, Nécrose "
                                  "(Mains ou Pieds)\n");
  const size_t a2 = find(p.log, "[1d 00:00:00] adventure 2 of 2 begins", left);
  find(p.log, "hero carries from the adventure before: HP 10/10", a2);
  find(p.log, "hero carries from the adventures before: Nécrose (Mains ou Pieds), still healing",
       a2);
  // Untreated, the deadline comes 3 days after the first fight's end (0:00:24, after the death
  // saves): 2 days into adventure 2, on its clock.
  const size_t lost = find(p.log, "[2d 00:00:24] hero's Nécrose (Mains ou Pieds) (serious) "
                                  "untreated: hero loses a hand\n", a2);
  CHECK(p.log.find("loses a hand") > lost);  // not in adventure 1
  CHECK(p.outcome.adventures == 2);
  CHECK(metrics_of(ls.models[0]).ends[p.outcome.end].kind == EndKind::Recovered);
  CHECK(party_sequela(ls, p.outcome, "lost_hand") == 1);

  // Without the downtime adventure 1 waits out the deadline (the hand lost 3 days after the
  // fight), and adventure 2 begins whole.
  const std::string whole_text = dnd5e_party_necrosis("");
  Script w;
  test::dnd5e_party::fall(w, 1, true);
  w.d(4, 3);
  test::dnd5e_party::fall(w, 15);
  const test::Played whole = test::play_scripted(whole_text, w);
  INFO(whole.log);
  const size_t whole_lost = find(whole.log, "untreated: hero loses a hand");
  CHECK(whole.log.find("adventure 2 of 2 begins") > whole_lost);
  CHECK(whole.log.find("carries from the adventure before: HP") == std::string::npos);
}

TEST_CASE("campaign downtime: a dnd5e party's carried light injury healed by a day's short rest "
          "leaves the day's new injury its own course",
          "[campaign][dnd5e][party][downtime][day]") {
  // Adventure 1: necrotic 15, a light injury; the party goes on after an hour's downtime, the
  // injury still healing. Adventure 2 is a day of two encounters (a round each): in the first
  // nobody hits; its short rest spends the hero's Hit Die on the carried light injury, which
  // heals; in the second the hero drops again, necrotic 01, Nécrose (serious, a deadline).
  // The course after the day must follow Nécrose (its deadline takes a hand), not the healed
  // light injury's course in its place.
  const std::string text =
      "name = \"necrosis\"\nruleset = \"dnd5e\"\nhorizon = \"30 days\"\n[options]\n"
      "lingering_injuries = true\n[campaign]\nadventures = 2\ndowntime = \"1 hour\"\n"
      "[fight]\nround_cap = 1\n[day]\nencounters = 2\nshort_rests = 1\n" +
      test::dnd5e_party::hero_and_brute("necrotic", "hit_dice = 1\nhit_die = \"1d10\"\n");
  Script s;
  test::dnd5e_party::fall(s, 15);
  s.d(20, 1).d(20, 1);  // adventure 2, encounter 1: initiative
  s.no();               // the hero misses
  s.d(20, 1);           // the brute misses
  s.d(10, 4);           // the short rest's Hit Die: the light injury heals
  test::dnd5e_party::fall(s, 1, true);  // Nécrose, of a hand
  s.d(4, 3);            // Nécrose's deadline: 3 days
  const test::Played p = test::play_scripted(text, s);
  INFO(p.log);
  const size_t a2 = find(p.log, "adventure 2 of 2 begins");
  const size_t healed = find(p.log, "(light) heals with it", a2);
  find(p.log, "untreated: hero loses a hand", healed);
}

namespace {

// Two adventures, the second a day of two encounters of a round each with a short rest between;
// the hero (more keys: `hero_extra`) against the brute's necrotic blow, injuries on.
std::string rot_campaign(const std::string& hero_extra) {
  return "name = \"rot\"\nruleset = \"dnd5e\"\nhorizon = \"30 days\"\n[options]\n"
         "lingering_injuries = true\n[campaign]\nadventures = 2\ndowntime = \"1 hour\"\n"
         "[fight]\nround_cap = 1\n[day]\nencounters = 2\nshort_rests = 1\n" +
         test::dnd5e_party::hero_and_brute("necrotic", hero_extra);
}

// The day's second encounter, in which nobody hits, then the rot's days: 3, then 0 (death).
void quiet_encounter_then_rot(Script& s) {
  s.d(20, 1).d(20, 1);  // initiative
  s.no();               // the hero misses
  s.d(20, 1);           // the brute misses
  s.d(4, 4).d(4, 4);
}

}  // namespace

TEST_CASE("campaign downtime: a dnd5e member's carried rot lowers its maximum HP in the next "
          "adventure's day",
          "[campaign][dnd5e][party][downtime][day]") {
  // Adventure 1: necrotic 04, Pourrissement (severe: rot, no natural healing), its first 1d4 =
  // 3 at the fight's end: maximum HP 7; the hero wakes at 1 HP and the party goes on after an
  // hour's downtime. Adventure 2 is a day of two encounters in which nobody hits; its short
  // rest's Hit Die (10) brings the hero to its maximum, 7, not 10. The day's rot then kills.
  const std::string text = rot_campaign("hit_dice = 2\nhit_die = \"1d10\"\n");
  Script s;
  test::dnd5e_party::fall(s, 4);
  s.d(4, 3);            // the rot at the fight's end: maximum HP 7
  s.d(20, 1).d(20, 1);  // adventure 2, encounter 1: initiative
  s.no();               // the hero misses
  s.d(20, 1);           // the brute misses
  s.d(10, 10);          // the short rest's Hit Die: 7 of 7, the other die kept
  quiet_encounter_then_rot(s);
  const test::Played p = test::play_scripted(text, s);
  INFO(p.log);
  CHECK(s.done());
  const size_t a2 = find(p.log, "adventure 2 of 2 begins");
  find(p.log, "hero carries from the adventure before: HP 1/7", a2);
  find(p.log, "hero spends a Hit Die in the short rest: 10 HP, 7 of 7\n", a2);
  CHECK(p.log.find("hero spends a Hit Die", p.log.find("7 of 7")+1) == std::string::npos);
  find(p.log, "hero dies: maximum HP reduced to 0", a2);
}

TEST_CASE("campaign downtime: a dnd5e member carrying rot drinks at drink_below of its lowered "
          "maximum HP",
          "[campaign][dnd5e][party][downtime][day]") {
  // Adventure 1 as above: Pourrissement's first 1d4 = 3, maximum HP 7. In adventure 2 the hero
  // drinks at or below half of 7 (3 HP), not half of 10 (5 HP): at 1 HP in the first encounter
  // she drinks (2 HP), the short rest's Hit Die brings her to 4 of 7, and in the second
  // encounter, at 4 HP, she attacks instead of drinking again.
  const std::string text = rot_campaign(
      "hit_dice = 1\nhit_die = \"1d10\"\n[party.heals]\npotions = 2\npotion = \"1\"\n"
      "drink_below = 0.5\n");
  Script s;
  test::dnd5e_party::fall(s, 4);
  s.d(4, 3);            // the rot at the fight's end: maximum HP 7
  s.d(20, 1).d(20, 1);  // adventure 2, encounter 1: initiative; the hero drinks
  s.d(20, 1);           // the brute misses
  s.d(10, 2);           // the short rest's Hit Die: 4 of 7
  quiet_encounter_then_rot(s);  // at 4 HP the hero attacks
  const test::Played p = test::play_scripted(text, s);
  INFO(p.log);
  CHECK(s.done());
  const size_t a2 = find(p.log, "adventure 2 of 2 begins");
  const size_t drank = find(p.log, "hero drinks a potion: 1 HP, 2 now\n", a2);
  const size_t rest = find(p.log, "hero spends a Hit Die in the short rest: 2 HP, 4 of 7\n", drank);
  CHECK(p.log.find("drinks a potion", rest) == std::string::npos);
}
