// The course of a dnd5e party's lingering injuries after the fight (rules/dnd5e/party_course.cpp,
// seed 003): on scripted dice, a severe injury treated by the party's medic and its bed rest, a
// failed treatment tried again at a higher DC, the untreated long rests, a deadline that costs
// a hand, the rot that kills, an injury that needs magic; the day rot kills against its exact
// absorbing chain (Eigen), within 4 standard errors; and the located errors.
#include <catch2/catch.hpp>

#include <Eigen/Dense>
#include <cmath>

#include "sim/engine/load.h"
#include "sim/engine/runner.h"
#include "tests/dnd5e_party_text.h"
#include "tests/party_support.h"
#include "tests/support.h"

using namespace leth;
using test::has;
using test::counter;

namespace {

// One member who falls to the brute's one blow (10 damage of `type`) and is alone: the fight
// ends with the party down, its death saves follow, and it wakes to treat itself if `heals`.
std::string fall_text(const std::string& type, const std::string& heals,
                      const std::string& options = "") {
  return "name = \"course\"\nruleset = \"dnd5e\"\ntrials = 1000\nseed = 3\n"
         "horizon = \"60 days\"\n[options]\nlingering_injuries = true\n" +
         options + "[fight]\n\n" + test::dnd5e_party::hero_and_brute(type, heals);
}

const std::string kMedic = "[party.heals]\nmedicine = 5\nherbalism_kit = true\n";

// The fight of every case: the hero drops, the injury's d20 is `injury`, three death saves
// succeed and it wakes after 2 hours.
Script fall(int injury, std::optional<bool> hand = std::nullopt) {
  Script s;
  test::dnd5e_party::fall(s, injury, hand);
  return s;
}

Seconds downtime(const LoadedScenario& ls, const Outcome& o) {
  return test::duration(ls, o, "downtime");
}

std::string error(const std::string& toml) {
  return test::error_of([&] { test::load_text(toml); });
}

// How many of the sequela `name` the trial reports (the party's permanent losses by kind).
int sequela(const LoadedScenario& ls, const Outcome& o, const std::string& name) {
  const auto& q = metrics_of(ls.models[0]).sequelae;
  int id = -1;
  for (size_t i = 0; i < q.size(); ++i)
    if (q[i].name == name) id = static_cast<int>(i);
  REQUIRE(id >= 0);
  for (size_t i = 0; i < o.sequela_kinds; ++i)
    if (o.sequelae[i].id == id) return o.sequelae[i].count;
  return 0;
}

}  // namespace

TEST_CASE("dnd5e party course: the medic treats a severe injury, then bed rest",
          "[party][injuries]") {
  const std::string toml = fall_text("bludgeoning", kMedic);
  const LoadedScenario ls = test::load_text(toml);
  // d20 4: a severe injury (bludgeoning 03-05, Légère concussion: no deadline, no rot).
  Script s = fall(4);
  s.d(20, 15);        // the treatment after the first long rest: 15 + 5 = 20 vs DC 20
  s.d(4, 2).d(4, 3);  // 2d4 = 5 days of bed rest
  const test::Played p = test::play_scripted(toml, s);
  INFO(p.log);
  CHECK(has(p.log, "hero treats hero's Légère concussion (severe): 20 vs DC 20"));
  CHECK(has(p.log, "Légère concussion (severe) heals: treatment and bed rest"));
  REQUIRE(metrics_of(ls.models[0]).ends[p.outcome.end].kind == EndKind::Recovered);
  const Seconds treated = downtime(ls, p.outcome);

  // Untreated (treat_injuries = false): it heals after the 7 long rests of the option
  // untreated_severe_long_rests: the 7th ends 6 days and 8 hours after the wake, where the
  // treatment's bed rest ended 8 h 30 min + 5 days after it.
  const std::string untreated = fall_text(
      "bludgeoning", "[party.heals]\nmedicine = 5\nherbalism_kit = true\ntreat_injuries = false\n");
  Script u = fall(4);
  const test::Played q = test::play_scripted(untreated, u);
  INFO(q.log);
  CHECK(has(q.log, "heals: long rests, untreated"));
  const LoadedScenario lu = test::load_text(untreated);
  REQUIRE(metrics_of(lu.models[0]).ends[q.outcome.end].kind == EndKind::Recovered);
  CHECK(downtime(lu, q.outcome) - treated ==
        (6 * kDay + 8 * kHour) - (5 * kDay + 8 * kHour + 30 * kMinute));
  // In bed, the hero is out of action until the bed rest ends: its time out of action runs
  // from its fall to then.
  CHECK(test::duration(ls, p.outcome, "time_out_of_action_hero") >
        test::duration(lu, q.outcome, "time_out_of_action_hero") + 4 * kDay);
}

TEST_CASE("dnd5e party course: a failed treatment raises the DC by 2 and waits retry_after",
          "[party][injuries]") {
  const std::string toml = fall_text("bludgeoning", kMedic);
  Script s = fall(4);
  s.d(20, 5);         // 5 + 5 = 10 vs DC 20: fails; DC 22, again after 1 hour (fixed: no draw)
  s.d(20, 17);        // 17 + 5 = 22 vs DC 22
  s.d(4, 1).d(4, 1);  // 2 days of bed rest
  const test::Played p = test::play_scripted(toml, s);
  INFO(p.log);
  CHECK(has(p.log, "10 vs DC 20"));
  CHECK(has(p.log, "22 vs DC 22"));
  // The second try began 1 h after the first ended, 30 min each: success 2 h after the first
  // began, and 2 days of bed rest from there.
  const std::string once = fall_text("bludgeoning", kMedic);
  Script o = fall(4);
  o.d(20, 15).d(4, 1).d(4, 1);
  const test::Played first = test::play_scripted(once, o);
  const LoadedScenario ls = test::load_text(toml);
  CHECK(downtime(ls, p.outcome) - downtime(ls, first.outcome) == kHour + 30 * kMinute);
}

TEST_CASE("dnd5e party course: the medic stops once the DC is out of its reach",
          "[party][injuries]") {
  // d20 1: serious, bludgeoning 01-02 (Côtes cassées): DC 25, which medicine 5 reaches only
  // on a 20; untreated it never heals (untreated_serious_long_rests = 0).
  const std::string toml = fall_text("bludgeoning", kMedic);
  Script s = fall(1);
  s.d(20, 19);  // 24 vs DC 25: fails; DC 27, beyond 20 + 5: no further treatment, no draw
  const test::Played p = test::play_scripted(toml, s);
  INFO(p.log);
  CHECK(has(p.log, "24 vs DC 25"));
  CHECK_FALSE(has(p.log, "vs DC 27"));
  const LoadedScenario ls = test::load_text(toml);
  CHECK(metrics_of(ls.models[0]).ends[p.outcome.end].kind == EndKind::Unresolved);
  // Medicine 4 never reaches DC 25: the medic does not try at all.
  const std::string weak =
      fall_text("bludgeoning", "[party.heals]\nmedicine = 4\nherbalism_kit = true\n");
  Script w = fall(1);
  const test::Played q = test::play_scripted(weak, w);
  INFO(q.log);
  CHECK_FALSE(has(q.log, "treats"));
}

TEST_CASE("dnd5e party course: necrosis untreated costs a hand at its deadline",
          "[party][injuries]") {
  // No medic. d20 1: serious, necrotic 01-02 (Nécrose): a hand or foot lost if untreated within
  // 1d4 days; no natural healing.
  const std::string toml = fall_text("necrotic", "");
  Script s = fall(1, true);  // of a hand (lost_limb_hand_percent 50), drawn with it
  s.d(4, 2);                 // the deadline: 2 days after the fight
  const test::Played p = test::play_scripted(toml, s);
  INFO(p.log);
  const LoadedScenario ls = test::load_text(toml);
  CHECK(has(p.log, "hero loses a hand"));
  CHECK(counter(ls, p.outcome, "lasting_injuries") == 1);
  CHECK(sequela(ls, p.outcome, "lost_hand") == 1);
  CHECK(sequela(ls, p.outcome, "lost_foot") == 0);
  REQUIRE(metrics_of(ls.models[0]).ends[p.outcome.end].kind == EndKind::Recovered);
  // Whole when the limb is lost (the long rest had restored its HP): 2 days after the fight.
  const Seconds end = downtime(ls, p.outcome);
  CHECK(end - test::duration(ls, p.outcome, "fight_length") >= 2 * kDay);
  CHECK(end - test::duration(ls, p.outcome, "fight_length") < 2 * kDay + kHour);
}

TEST_CASE("dnd5e party course: untreated frostbite turns severe, then costs a foot",
          "[party][injuries]") {
  // No medic. d20 4: severe, cold 03-05 (Gelure): untreated within 1d4 days it becomes Gelure
  // Sévère (serious), whose own 1d4 days then cost a hand or a foot.
  const std::string toml = fall_text("cold", "");
  Script s = fall(4, false);  // of a foot, drawn with the frostbite (it may worsen)
  s.d(4, 1);  // the frostbite's deadline: a day after the fight
  s.d(4, 3);  // the severe frostbite's: three days after that
  const test::Played p = test::play_scripted(toml, s);
  INFO(p.log);
  const LoadedScenario ls = test::load_text(toml);
  CHECK(has(p.log, "untreated, it becomes hero's Gelure Sévère (Mains ou Pieds) (serious)"));
  CHECK(has(p.log, "hero loses a foot"));
  CHECK(counter(ls, p.outcome, "lasting_injuries") == 1);
  CHECK(sequela(ls, p.outcome, "lost_foot") == 1);
  CHECK(sequela(ls, p.outcome, "lost_hand") == 0);
  REQUIRE(metrics_of(ls.models[0]).ends[p.outcome.end].kind == EndKind::Recovered);
  CHECK(downtime(ls, p.outcome) - test::duration(ls, p.outcome, "fight_length") >= 4 * kDay);
  CHECK(downtime(ls, p.outcome) - test::duration(ls, p.outcome, "fight_length") < 4 * kDay + kHour);
  // With a medic the frostbite (DC 20) is treated after the first long rest, before its
  // deadline: 2d4 days in bed and no limb lost.
  const std::string medic = fall_text("cold", kMedic);
  Script m = fall(4, false);
  m.d(4, 1);          // the deadline, a day after the fight: the treatment comes first
  m.d(20, 15);        // 15 + 5 = 20 vs DC 20
  m.d(4, 1).d(4, 2);  // 3 days in bed
  const test::Played q = test::play_scripted(medic, m);
  INFO(q.log);
  CHECK_FALSE(has(q.log, "loses a"));
  CHECK(counter(ls, q.outcome, "lasting_injuries") == 0);
  CHECK(q.outcome.sequela_kinds == 0);
}

TEST_CASE("dnd5e party course: rot takes 1d4 maximum HP a day until the member dies",
          "[party][injuries]") {
  // No medic. d20 4: severe, necrotic 03-05 (Pourrissement): max HP -1d4, then -1d4 a day.
  const std::string toml = fall_text("necrotic", "");
  Script s = fall(4);
  s.d(4, 4);  // at the fight's end: max HP 10 -> 6
  s.d(4, 4);  // a day later: 2
  s.d(4, 3);  // two days later: 0, dead
  const test::Played p = test::play_scripted(toml, s);
  INFO(p.log);
  const LoadedScenario ls = test::load_text(toml);
  CHECK(has(p.log, "hero dies: maximum HP reduced to 0"));
  CHECK(counter(ls, p.outcome, "died_hero") == 1);
  CHECK(metrics_of(ls.models[0]).ends[p.outcome.end].kind == EndKind::Died);
  CHECK(p.outcome.end_time - test::duration(ls, p.outcome, "fight_length") >= 2 * kDay);
}

TEST_CASE("dnd5e party course: a treated rot gives its maximum HP back when it heals",
          "[party][injuries][scripted]") {
  // d20 4: Pourrissement (severe), max HP 10 -> 6 at the fight's end; the medic treats it after
  // the first long rest (20 vs DC 20) and it heals after 2 days of bed rest: the maximum is 10
  // again (as one character's, model.cpp: only an open injury's rot counts), so the long rest
  // after it brings the hero to 10, and only then is the hero whole.
  const std::string toml = fall_text("necrotic", kMedic);
  Script s = fall(4);
  s.d(4, 4);          // the rot at the fight's end: 6
  s.d(20, 15);        // the treatment: 15 + 5 = 20 vs DC 20
  s.d(4, 1).d(4, 1);  // 2 days of bed rest
  const test::Played p = test::play_scripted(toml, s);
  INFO(p.log);
  CHECK(s.done());
  CHECK(has(p.log, "hero ends a long rest at full HP (6)"));
  const size_t healed = p.log.find("Pourrissement (severe) heals: treatment and bed rest");
  REQUIRE(healed != std::string::npos);
  CHECK(p.log.find("hero ends a long rest at full HP (10)") > healed);
  CHECK(p.log.find("hero ends a long rest at full HP (10)") != std::string::npos);
  const LoadedScenario ls = test::load_text(toml);
  REQUIRE(metrics_of(ls.models[0]).ends[p.outcome.end].kind == EndKind::Recovered);
  CHECK(downtime(ls, p.outcome) > 2 * kDay + 8 * kHour);
}

TEST_CASE("dnd5e party course: an injury that needs magic keeps the trial unresolved",
          "[party][injuries]") {
  // d20 3: severe, psychic 03-05 (Traumatisme crânien): "nécessite obligatoirement un soin
  // magique", which the party does not have; the medic cannot treat it.
  const std::string toml = fall_text("psychic", kMedic);
  Script s = fall(3);
  const test::Played p = test::play_scripted(toml, s);
  INFO(p.log);
  const LoadedScenario ls = test::load_text(toml);
  CHECK(metrics_of(ls.models[0]).ends[p.outcome.end].kind == EndKind::Unresolved);
}

TEST_CASE("dnd5e party course: magic of the injury's severity heals what needs magic",
          "[party][injuries][scripted]") {
  // The same severe brain trauma; the hero carries greater restoration: spent once it wakes
  // (2 hours after the fight), the injury heals; the long rest 8 hours later brings full HP.
  const std::string toml = fall_text("psychic", "[party.heals]\ngreater_restoration = 1\n");
  Script s = fall(3);
  const test::Played p = test::play_scripted(toml, s);
  INFO(p.log);
  const LoadedScenario ls = test::load_text(toml);
  CHECK(has(p.log, "hero gives greater restoration to hero"));
  CHECK(has(p.log, "heals: greater restoration"));
  CHECK(metrics_of(ls.models[0]).ends[p.outcome.end].kind == EndKind::Recovered);
  CHECK(counter(ls, p.outcome, "heals_used") == 1);
  // The aftermath's death saves end at 0:00:24; the wake 2 hours on; the long rest 8 hours on.
  CHECK(downtime(ls, p.outcome) == 24 + 2 * kHour + 8 * kHour);

  // Lesser restoration is for moderate injuries: the severe one stays, the trial unresolved.
  const std::string lesser = fall_text("psychic", "[party.heals]\nlesser_restoration = 1\n");
  Script s2 = fall(3);
  const test::Played q = test::play_scripted(lesser, s2);
  const LoadedScenario lq = test::load_text(lesser);
  CHECK(!has(q.log, "restoration"));
  CHECK(metrics_of(lq.models[0]).ends[q.outcome.end].kind == EndKind::Unresolved);
  CHECK(counter(lq, q.outcome, "heals_used") == 0);
}

TEST_CASE("dnd5e party course: the medic's keys are checked", "[party][injuries][errors]") {
  CHECK_THAT(
      error(fall_text("bludgeoning", "[party.heals]\nmedicine = 5\ntreat_injuries = true\n")),
      Catch::Contains("treat_injuries") && Catch::Contains("herbalism kit"));
  CHECK_THAT(
      error(fall_text("bludgeoning", "[party.heals]\ndice = \"1d4\"\nherbalism_kit = true\n")),
      Catch::Contains("herbalism_kit") && Catch::Contains("medicine"));
  CHECK_THAT(error(fall_text("bludgeoning", kMedic + "retry_after = \"often\"\n")),
             Catch::Contains("retry_after"));
}

TEST_CASE("dnd5e party course: the day rot kills against its exact absorbing chain",
          "[party][injuries][statistics]") {
  // Every fall gives rot (custom mapping: every d20 severe; necrotic's severe row), the member
  // always falls to the one blow and always stabilises (DC 1: three successes; a natural 1's two
  // failures are far from 10), and nobody treats it: the rot takes 1d4 of its 10 maximum HP
  // when the fight ends and 1d4 a day after, until none is left. The number of draws N until
  // the losses reach 10 is an absorbing chain on the maximum HP left; death comes N - 1 days
  // after the fight's end (within a minute of the fight's start).
  Eigen::Matrix<double, 10, 10> Q = Eigen::Matrix<double, 10, 10>::Zero();
  for (int r = 1; r <= 10; ++r)
    for (int d = 1; d <= 4; ++d)
      if (r - d >= 1) Q(r - 1, r - d - 1) += 0.25;
  const Eigen::Matrix<double, 10, 10> N = (Eigen::Matrix<double, 10, 10>::Identity() - Q).inverse();
  const double draws = N.row(9).sum();  // from 10 HP left
  const double exact = static_cast<double>(kDay) * (draws - 1);
  const std::string toml =
      "name = \"rot\"\nruleset = \"dnd5e\"\ntrials = 1000\nseed = 3\nhorizon = \"60 days\"\n"
      "[options]\nlingering_injuries = true\ninjury_severity = \"custom\"\ndeath_save_dc = 1\n"
      "failures_to_die = 10\nnat20_revives = false\n"
      "[[injury_severity]]\nrange = \"1-20\"\nseverity = \"severe\"\n[fight]\n\n" +
      test::combatant_text("party", "hero", "max_hp", 10, 20, "hit_chance = 0.0\ndamage = \"1\"",
                           "ac = 10\n") +
      test::combatant_text("opponents", "brute", "hp", 50, 0,
                           "hit_chance = 1.0\ndamage = \"10\"\ndamage_type = \"necrotic\"",
                           "ac = 10\n");
  const LoadedScenario ls = test::load_text(toml);
  const uint64_t n = 40'000;
  const RunTally t = run_trials(ls, 77, 0, n);
  const Tally& x = t.variants[0];
  const MetricSpec& m = metrics_of(ls.models[0]);
  REQUIRE(x.ends_in(m.end_mask(EndKind::Died)) == n);
  const LogHistogram& d = x.durations[static_cast<size_t>(m.duration_index("time_to_death"))];
  INFO("E[N] = " << draws << ": exact " << exact << " s, MC " << d.mean());
  // The fight and the death saves add under a minute to every death.
  CHECK(std::fabs(d.mean() - exact) <= 4 * std::sqrt(d.variance() / static_cast<double>(n)) + 60);
  CHECK(d.mean() >= exact - 4 * std::sqrt(d.variance() / static_cast<double>(n)));
}

TEST_CASE("dnd5e party: a variant turns the lingering injuries off and still compares",
          "[dnd5e][party][variants]") {
  // The party declares the injuries' counters and losses with lingering_injuries off too (they
  // stay 0), as one character does, so the two are variants of one run on the same dice: the
  // hero falls in every trial of both, and takes an injury only in the baseline.
  const std::string toml =
      "name = \"toggle\"\nruleset = \"dnd5e\"\ntrials = 1000\nseed = 3\nhorizon = \"60 days\"\n"
      "[options]\nlingering_injuries = true\n[fight]\n\n" +
      test::combatant_text("party", "hero", "max_hp", 10, 20, "hit_chance = 0.0\ndamage = \"1\"",
                           "ac = 10\n") +
      test::combatant_text("opponents", "brute", "hp", 50, 0,
                           "hit_chance = 1.0\ndamage = \"10\"\ndamage_type = \"necrotic\"",
                           "ac = 10\n") +
      "[[variants]]\nname = \"no-injuries\"\noptions = { lingering_injuries = false }\n";
  const LoadedScenario ls = test::load_text(toml);
  REQUIRE(ls.models.size() == 2);
  const MetricSpec& m = metrics_of(ls.models[1]);
  const size_t injuries = static_cast<size_t>(m.counter_index("injuries"));
  const size_t fell = static_cast<size_t>(m.counter_index("fell_hero"));
  const uint64_t n = 400;
  const RunTally t = run_trials(ls, 5, 0, n);
  CHECK(t.variants[0].counter_trials[fell] == n);
  CHECK(t.variants[1].counter_trials[fell] == n);
  CHECK(t.variants[0].counter_trials[injuries] == n);
  CHECK(t.variants[1].counter_trials[injuries] == 0);
  for (uint64_t s : t.variants[1].sequela_trials) CHECK(s == 0);
}
