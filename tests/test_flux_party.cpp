// The flux party fight (rules/flux/party.h on rules/common/fight.h): the attack on scripted dice
// (a d20 test against the difficulty, armour points off the damage, odd d20s 0 for an exhausted
// attacker), the body (the Survival test at 0 PV, acting on, the coma, its hours, stabilising
// and waking), whole fights on scripted dice (a medic stabilising a fallen ally, a concoction
// waking one, the end of the fight), a duel solved exactly as a Markov chain (Eigen) and held
// within 4 standard errors, and the located errors of a bad flux party scenario.
#include <catch2/catch.hpp>

#include <Eigen/Dense>
#include <cmath>
#include <filesystem>

#include "sim/engine/load.h"
#include "sim/engine/runner.h"
#include "tests/cli_support.h"
#include "tests/party_support.h"
#include "tests/support.h"

using namespace leth;
using test::counter;
using test::duration;

namespace {

std::string party_text(const std::string& body, const std::string& fight = "",
                       const std::string& options = "") {
  return "name = \"party\"\nruleset = \"flux\"\ntrials = 1000\nseed = 3\nhorizon = \"30 days\"\n"
         "[options]\n" +
         options + "[resolution]\ndifficulty = 15\n[fight]\n" + fight + "\n" + body;
}

std::string member(const std::string& name, int pv, int init, const std::string& attack,
                   const std::string& extra = "") {
  return test::combatant_text("party", name, "max_pv", pv, init, attack, extra);
}

std::string opponent(const std::string& name, int pv, int init, const std::string& attack,
                     const std::string& extra = "") {
  return test::combatant_text("opponents", name, "pv", pv, init, attack, extra);
}

const flux::Party& party_of(const LoadedScenario& ls) {
  return test::party_of<flux::Model>(ls);
}

// A fighter (10 PV, PA 2, VAI 3; +5 against difficulty 15, 1d6) against a ghoul (8 PV, PA 1;
// +4, 1d8), a non-player creature.
LoadedScenario bodies(const std::string& options = "") {
  return test::load_text(party_text(
      member("fighter", 10, 0, "attack_bonus = 5\ndamage = \"1d6\"", "pa = 2\nvai = 3\n") +
          opponent("ghoul", 8, 0, "attack_bonus = 4\ndamage = \"1d8\"", "pa = 1\n"),
      "", options));
}

}  // namespace

TEST_CASE("flux party: the attack is a d20 test against the difficulty, less the target's PA",
          "[flux][party][scripted]") {
  const LoadedScenario ls = bodies();
  const flux::Party& p = party_of(ls);
  flux::Party::Body f = p.fresh(0), g = p.fresh(1);
  Script sc;
  sc.d(20, 10).d(6, 4);  // 10 + 5 = 15 >= 15: a hit, 4 - PA 1 = 3
  sc.d(20, 9);           // 14: a miss
  sc.d(20, 20).d(6, 1);  // a hit for 1 - 1 = 0: no harm
  TrialRng rng(sc);
  Stream s = rng.stream(Purpose::Test);
  CHECK(p.strike(0, 0, f, g, s, 0, nullptr));
  CHECK(g.pv == 5);
  CHECK_FALSE(p.strike(0, 0, f, g, s, 0, nullptr));
  CHECK(g.pv == 5);
  CHECK(p.strike(0, 0, f, g, s, 0, nullptr));
  CHECK(g.pv == 5);
  // The ghoul's blow to 0 PV or less kills it: a non-player creature (no Survival test).
  Script k;
  k.d(20, 12).d(6, 6);  // 17: 6 - 1 = 5: 0 PV
  TrialRng rk(k);
  Stream sk = rk.stream(Purpose::Test);
  CHECK(p.strike(0, 0, f, g, sk, 6, nullptr));
  CHECK(g.pv == 0);
  CHECK(g.dead);
  CHECK(p.state(g) == fight::State::Dead);
  CHECK(k.done());
}

TEST_CASE("flux party: an exhausted member's odd d20 counts 0 on its own attack",
          "[flux][party][scripted]") {
  const LoadedScenario ls = bodies();
  const flux::Party& p = party_of(ls);
  for (const char* why : {"fresh", "flux 0", "acting at 0 PV"}) {
    INFO(why);
    flux::Party::Body f = p.fresh(0), g = p.fresh(1);
    const bool exhausted = std::string(why) != "fresh";
    if (std::string(why) == "flux 0") f.flux = 0;
    if (std::string(why) == "acting at 0 PV") {
      f.pv = 0;
      f.acting = true;
    }
    CHECK(p.odd_zero(f, true) == exhausted);
    Script sc;
    sc.d(20, 13);  // 13 + 5 = 18 hits; exhausted, the odd 13 counts 0: 5 misses
    if (!exhausted) sc.d(6, 3);
    sc.d(20, 10).d(6, 3);  // an even 10 counts whole: 15 hits either way
    TrialRng rng(sc);
    Stream s = rng.stream(Purpose::Test);
    CHECK(p.strike(0, 0, f, g, s, 0, nullptr) == !exhausted);
    CHECK(p.strike(0, 0, f, g, s, 0, nullptr));
    CHECK(g.pv == (exhausted ? 6 : 4));
    CHECK(sc.done());
  }
}

TEST_CASE("flux party: at 0 PV a Survival test; passed, the member acts on; hurt again, a new test",
          "[flux][party][scripted]") {
  const LoadedScenario ls = bodies();
  const flux::Party& p = party_of(ls);
  flux::Party::Body f = p.fresh(0), g = p.fresh(1);
  Script sc;
  sc.d(20, 11).d(8, 8);  // the ghoul: 15 hits, 8 - PA 2 = 6: 4 PV
  sc.d(20, 15).d(8, 6);  // 4 more: 0 PV ...
  sc.d(20, 12);          // ... the Survival test: 12 + VAI 3 = 15, passed: acts on
  TrialRng rng(sc);
  Stream s = rng.stream(Purpose::Test);
  CHECK(p.strike(1, 0, g, f, s, 0, nullptr));
  CHECK(f.pv == 4);
  CHECK(p.strike(1, 0, g, f, s, 6, nullptr));
  CHECK(f.pv == 0);
  CHECK(f.acting);
  CHECK(p.state(f) == fight::State::Standing);
  CHECK(f.coma_due == 6 + 10 * kMinute);  // the scene: [fight] scene, 10 minutes
  // Hurt again: a new test (option damage_at_zero = "test_again"), exhausted: the even 12
  // counts, 15 passes; then the odd 19 counts 0: the coma.
  Script again;
  again.d(20, 20).d(8, 3).d(20, 12);
  again.d(20, 20).d(8, 3).d(20, 19);
  TrialRng ra(again);
  Stream sa = ra.stream(Purpose::Test);
  CHECK(p.strike(1, 0, g, f, sa, 12, nullptr));
  CHECK(f.pv == -1);
  CHECK(f.acting);
  CHECK(p.strike(1, 0, g, f, sa, 18, nullptr));
  CHECK(f.pv == -2);
  CHECK_FALSE(f.acting);
  CHECK(f.comatose);
  CHECK(p.state(f) == fight::State::Down);
  CHECK(f.falls == 1);
  CHECK(f.down_first == 18);
  CHECK(again.done());
}

TEST_CASE("flux party: the body's clocks at the start of its turn: the scene, the coma's hours",
          "[flux][party][scripted]") {
  const LoadedScenario ls = bodies();
  const flux::Party& p = party_of(ls);
  SECTION("acting at 0 PV, the end of the scene is the coma") {
    flux::Party::Body f = p.fresh(0);
    f.pv = 0;
    f.acting = true;
    f.coma_due = 600;
    Script none;
    TrialRng rng(none);
    Stream s = rng.stream(Purpose::Test);
    p.start_turn(f, s, 594, nullptr);
    CHECK(f.acting);
    p.start_turn(f, s, 600, nullptr);  // 0 is not past -VAI: no test
    CHECK(f.comatose);
    CHECK(f.down_first == 600);
  }
  SECTION("in the coma: -1 PV an hour; past -VAI a Survival test each hour, failure kills") {
    flux::Party::Body f = p.fresh(0);
    Script sc;
    sc.d(20, 1);  // 3 damage at 1 PV: -2; the Survival test fails (4 < 15): the coma
    TrialRng rng(sc);
    Stream s = rng.stream(Purpose::Test);
    f.pv = 1;
    p.damage(f, 3, s, 0, nullptr);
    REQUIRE(f.comatose);
    p.start_turn(f, s, 3599, nullptr);
    CHECK(f.pv == -2);
    p.start_turn(f, s, 3600, nullptr);  // -3: not past -VAI (3)
    CHECK(f.pv == -3);
    sc.d(20, 12);  // -4 at 2 h: the test, 15, passed
    p.start_turn(f, s, 7200, nullptr);
    CHECK(f.pv == -4);
    CHECK_FALSE(f.dead);
    sc.d(20, 2);  // -5 at 3 h: 5, failed: dead
    p.start_turn(f, s, 3 * kHour + 6, nullptr);
    CHECK(f.dead);
    CHECK(f.died_at == 3 * kHour);
    CHECK(sc.done());
  }
}

TEST_CASE("flux party: a medic stabilises a fallen ally mid-fight; the ally wakes with a sequela",
          "[flux][party][scripted]") {
  const std::string toml =
      party_text(member("fighter", 1, 20, "hit_chance = 0.0\ndamage = \"1\"") +
                     member("medic", 50, 0, "hit_chance = 0.0\ndamage = \"1\"",
                            "[party.heals]\nmedicine = 5\n") +
                     opponent("ghoul", 20, 10, "hit_chance = 1.0\ndamage = \"5\""),
                 "round_cap = 2\n");
  Script s;
  s.d(20, 1).d(20, 1).d(20, 1);  // initiative: fighter 21, medic 1, ghoul 11
  // Round 1.
  s.no();       // fighter misses
  s.d(2, 1);    // ghoul: the first of two standing, the fighter
  s.yes();      // hits for 5: -4 PV
  s.d(20, 5);   // the Survival test at 0 PV or less: 5 + VAI 0, failed: the coma
  s.d(20, 15);  // already past -VAI (4 > 0): the test at once, 15, passed
  s.d(20, 10);  // medic: Medicine 10 + 5 = 15: stabilised (the turn is spent)
  // Round 2: the fighter is stabilised (its test to wake comes in an hour).
  s.yes();  // ghoul: the medic, the only one standing (no draw): hits for 5
  s.no();   // medic: nobody to stabilise; attacks and misses; the round cap ends the fight
  // After the fight: the test to wake an hour after the stabilisation, then the sequela.
  s.d(20, 15).d(6, 1);  // awake at 1 PV; d6 = 1: -1 ADR
  const test::Played pl = test::play_scripted(toml, s);
  INFO(pl.log);
  const LoadedScenario ls = test::load_text(toml);
  CHECK(pl.log.find("medic tries to stabilise fighter") != std::string::npos);
  CHECK(counter(ls, pl.outcome, "fell_fighter") == 1);
  CHECK(counter(ls, pl.outcome, "deaths") == 0);
  CHECK(counter(ls, pl.outcome, "fight_won") == 0);
  CHECK(counter(ls, pl.outcome, "heals_used") == 0);  // a Medicine test uses no resource
  // In the coma at 0 s, awake at 1 hour.
  CHECK(duration(ls, pl.outcome, "time_out_of_action") == kHour);
  REQUIRE(pl.outcome.sequela_kinds == 1);
  CHECK(pl.outcome.sequelae[0].id == 0);         // adr_loss
  CHECK(pl.outcome.sequelae[0].magnitude == 0);  // ADR 0 already: at the floor
  const MetricSpec& m = metrics_of(ls.models[0]);
  CHECK(m.ends[pl.outcome.end].kind == EndKind::Recovered);
  // The medic, at 45 of 50, needs two nights: the first 8 hours after the fight (12 s).
  CHECK(duration(ls, pl.outcome, "downtime") == 12 + 8 * kHour + kDay + 8 * kHour);
}

TEST_CASE("flux party: a concoction wakes a fallen ally mid-fight, who acts in the next round",
          "[flux][party][scripted]") {
  const std::string toml =
      party_text(member("fighter", 1, 20, "hit_chance = 0.5\ndamage = \"1\"") +
                     member("alchemist", 50, 0, "hit_chance = 0.0\ndamage = \"1\"",
                            "[party.heals]\nconcoction = \"2d4\"\n") +
                     opponent("ghoul", 1, 10, "hit_chance = 1.0\ndamage = \"3\""),
                 "round_cap = 2\n");
  Script s;
  s.d(20, 1).d(20, 1).d(20, 1);  // initiative: fighter 21, alchemist 1, ghoul 11
  s.no();                        // round 1: the fighter misses
  s.d(2, 1).yes();               // the ghoul hits the fighter for 3: -2 PV
  s.d(20, 2);                    // the Survival test fails: the coma (-2 > VAI 0: a test)
  s.d(20, 17);                   // ... passed
  s.d(4, 3).d(4, 2);             // the alchemist's concoction: +5, 3 PV: awake ...
  s.d(6, 6);                     // ... with a sequela (option healed_coma_sequela): SAV
  s.yes();                       // round 2: the fighter hits the ghoul (1 PV): dead, won
  const test::Played pl = test::play_scripted(toml, s);
  INFO(pl.log);
  const LoadedScenario ls = test::load_text(toml);
  CHECK(counter(ls, pl.outcome, "heals_used") == 1);
  CHECK(counter(ls, pl.outcome, "fight_won") == 1);
  CHECK(counter(ls, pl.outcome, "opponents_defeated") == 1);
  CHECK(counter(ls, pl.outcome, "fell_fighter") == 1);
  CHECK(duration(ls, pl.outcome, "fight_length") == 12);
  CHECK(duration(ls, pl.outcome, "time_out_of_action") == 0);  // down and up in round 1
  REQUIRE(pl.outcome.sequela_kinds == 1);
  CHECK(pl.outcome.sequelae[0].id == 5);  // sav_loss
}

TEST_CASE("flux party: the fight ends with the last opponent; one acting at 0 PV falls after it",
          "[flux][party][scripted]") {
  const std::string toml =
      party_text(member("hero", 2, 20, "hit_chance = 0.9\ndamage = \"4\"", "vai = 2\n") +
                 opponent("rat", 4, 0, "hit_chance = 1.0\ndamage = \"3\""));
  Script s;
  s.d(20, 1).d(20, 20);  // initiative: hero 21, rat 20
  s.yes();               // round 1: the hero hits the rat for 4: dead, the party wins
  const test::Played won = test::play_scripted(toml, s);
  const LoadedScenario ls = test::load_text(toml);
  CHECK(counter(ls, won.outcome, "fight_won") == 1);
  CHECK(counter(ls, won.outcome, "party_fell") == 0);
  CHECK(metrics_of(ls.models[0]).ends[won.outcome.end].kind == EndKind::Recovered);
  CHECK(duration(ls, won.outcome, "downtime") == 0);  // never hurt

  // The hero at -1 passes the Survival test and wins, exhausted; with nobody to give a
  // concoction the scene's end (10 minutes after the test) is the coma, alone: -1 PV an hour,
  // and past -VAI (2) a test each hour.
  Script t;
  t.d(20, 20).d(20, 1);  // initiative: hero 40, rat 1
  t.no();                // round 1: the hero misses
  t.yes();               // the rat hits for 3: -1 PV
  t.d(20, 13);           // Survival: 13 + 2 = 15, passed: acts on
  t.yes();               // round 2: the hero kills the rat
  t.d(20, 12);           // after the fight, 2 h into the coma (-3): 14, failed: dead
  const test::Played fell = test::play_scripted(toml, t);
  INFO(fell.log);
  CHECK(counter(ls, fell.outcome, "fight_won") == 1);
  CHECK(counter(ls, fell.outcome, "died_hero") == 1);
  CHECK(counter(ls, fell.outcome, "fell_hero") == 1);
  CHECK(duration(ls, fell.outcome, "time_to_death") == 10 * kMinute + 2 * kHour);
}

namespace {

// The duel as a chain over (member PV, opponent PV): each round the member strikes first (hit
// chance p, or p_ex when exhausted), 1 damage, the opponent dying at 0; then the opponent (q,
// 1 damage). The member's blow to 0 PV calls the Survival test (s); passed, it acts on,
// exhausted, and each further blow calls the test again (s_ex); failed, the coma: the party has
// fallen, and alone, without care, the member dies. A member who wins acting at 0 PV or less
// falls into the coma at the scene's end: it dies too.
test::DuelExact solve_duel(int hp_member, int hp_opponent, double p, double p_ex, double q,
                           double s, double s_ex) {
  const int depth = 60;  // acting at 0, -1, ...: s_ex^60 is nothing
  const int levels = hp_member + depth;
  const int n = levels * hp_opponent;
  auto idx = [&](int i, int b) { return i * hp_opponent + (b - 1); };
  Eigen::MatrixXd Q = Eigen::MatrixXd::Zero(n, n);
  Eigen::VectorXd won_up = Eigen::VectorXd::Zero(n), won_acting = Eigen::VectorXd::Zero(n),
                  fell = Eigen::VectorXd::Zero(n);
  for (int i = 0; i < levels; ++i)  // i: PV hp_member - i; acting from i = hp_member
    for (int b = 1; b <= hp_opponent; ++b) {
      const int row = idx(i, b);
      const bool acting = i >= hp_member;
      const double hit = acting ? p_ex : p;
      auto opponent_turn = [&](double w, int bb) {
        Q(row, idx(i, bb)) += w * (1 - q);
        if (!acting && i < hp_member - 1) {
          Q(row, idx(i + 1, bb)) += w * q;
          return;
        }
        const double pass = acting ? s_ex : s;
        if (i + 1 < levels) Q(row, idx(i + 1, bb)) += w * q * pass;
        fell(row) += w * q * (i + 1 < levels ? 1 - pass : 1);
      };
      if (b == 1)
        (acting ? won_acting : won_up)(row) += hit;
      else
        opponent_turn(hit, b - 1);
      opponent_turn(1 - hit, b);
    }
  const Eigen::MatrixXd N = (Eigen::MatrixXd::Identity(n, n) - Q).inverse();
  const int start = idx(0, hp_opponent);
  return {(N * fell)(start) + (N * won_acting)(start),
          (N * won_up)(start) + (N * won_acting)(start), N.row(start).sum()};
}

}  // namespace

TEST_CASE("flux party: a duel with the exhausted member's odd d20s against its exact chain",
          "[flux][party][markov][statistics]") {
  // The member: +5 against 15 (d20 >= 10: 11 in 20; exhausted, the even 10..20: 6 in 20);
  // Survival VAI 4 (d20 >= 11: 10 in 20; exhausted 5 in 20). The scene lasts a day, longer
  // than any fight here.
  const double p = 11.0 / 20, p_ex = 6.0 / 20, s = 10.0 / 20, s_ex = 5.0 / 20;
  struct Case {
    int hp_member, hp_opponent;
    double q;
  };
  const Case cases[] = {{3, 3, 0.5}, {2, 4, 0.4}, {1, 3, 0.6}};
  uint64_t seed = 80;
  for (const Case& c : cases) {
    const test::DuelExact e = solve_duel(c.hp_member, c.hp_opponent, p, p_ex, c.q, s, s_ex);
    const std::string toml = party_text(
        member("duelist", c.hp_member, 20, "attack_bonus = 5\ndamage = \"1\"", "vai = 4\n") +
            opponent("brute", c.hp_opponent, -10,
                     "hit_chance = " + std::to_string(c.q) + "\ndamage = \"1\""),
        "round_cap = 1000\nscene = \"1 day\"\n");
    const LoadedScenario ls = test::load_text(toml);
    const uint64_t n = 100'000;
    INFO("pv " << c.hp_member << " vs " << c.hp_opponent << ", q " << c.q);
    test::check_duel(ls, ++seed, n, e);
  }
  // The chain can tell the exhaustion: without it (p_ex = p, s_ex = s) the party wins more
  // often. Deaths do not move: alone and without care, a member once at 0 PV dies either way.
  const test::DuelExact plain = solve_duel(3, 3, p, p, 0.5, s, s);
  const test::DuelExact tired = solve_duel(3, 3, p, p_ex, 0.5, s, s_ex);
  CHECK(tired.won < plain.won - 0.05);
  CHECK(tired.death == Approx(plain.death));
}

TEST_CASE("flux party: bad input is located and explained, status 2, nothing written",
          "[flux][party][errors]") {
  const std::string hero = member("hero", 10, 0, "attack_bonus = 5\ndamage = \"1d6\"");
  const std::string ghoul = opponent("ghoul", 8, 0, "attack_bonus = 4\ndamage = \"1d8\"");
  auto error = [](const std::string& toml) {
    return test::error_of([&] { test::load_text(toml); });
  };
  CHECK_THAT(error(party_text("[[party]]\nname = \"hero\"\nmax_pv = 10\n" + ghoul)),
             Catch::Contains("party[1]") && Catch::Contains("no attacks"));
  // Opponents without pv cannot be harmed: each leaves after its rounds, all or none.
  test::check_untouchable_errors([&](const std::string& t) { return party_text(t); }, hero, ghoul,
                                 "pv", "attack_bonus = 3\ndamage = \"1d4\"\n");
  CHECK_THAT(error(party_text(member("medic", 10, 0, "attack_bonus = 5\ndamage = \"1d6\"",
                                     "[party.heals]\nmedicine = 5\nequipment = false\n") +
                              ghoul)),
             Catch::Contains("party[1].heals") && Catch::Contains("nothing to heal with") &&
                 Catch::Contains("matériel adapté"));
  // A concoction named with none left is a healer turned off, as a variant writes it.
  CHECK_NOTHROW(test::load_text(party_text(
      member("medic", 10, 0, "attack_bonus = 5\ndamage = \"1d6\"",
             "[party.heals]\nconcoction = \"2d4\"\nconcoction_uses = 0\n") +
      ghoul)));
  CHECK_THAT(error(party_text(member("hero", 10, 0, "attack_bonus = 5\ndamage = \"1d6\"",
                                     "states = \"surprised\"\n") +
                              ghoul)),
             Catch::Contains("party[1].states") && Catch::Contains("surprised"));
  CHECK_THAT(error(party_text(member("hero", 10, 0, "damage = \"1d6\"") + ghoul)),
             Catch::Contains("party[1].attacks[1]") && Catch::Contains("attack_bonus"));
  CHECK_THAT(error(party_text(hero + ghoul + "[character]\nmax_pv = 10\n")),
             Catch::Contains("character") && Catch::Contains("[[party]]"));
  // A key the party fight does not read is refused, not ignored.
  CHECK_THAT(
      error(party_text(member("hero", 10, 0, "attack_bonus = 5\ndamage = \"1d6\"", "armour = 3\n") +
                       ghoul)),
      Catch::Contains("party[1].armour") && Catch::Contains("unknown key"));
  CHECK_THAT(error(party_text(hero + opponent("ghoul", 8, 0,
                                              "attack_bonus = 4\ndamage = \"1d8\"\n"
                                              "keep_attacking_downed = 0.5"))),
             Catch::Contains("keep_attacking_downed") && Catch::Contains("unknown key"));

  // Through the command line: status 2, the located message, no results folder.
  const std::string bad = test::write_file(
      "flux-party-bad.toml", party_text("[[party]]\nname = \"hero\"\nmax_pv = 10\n" + ghoul));
  const std::string out = test::fresh_path("flux-party-bad-out");
  const test::CliResult r = test::cli({"run", bad, "--out", out});
  CHECK(r.status == 2);
  CHECK_THAT(r.err, Catch::Contains("flux-party-bad.toml:") && Catch::Contains("no attacks"));
  CHECK_FALSE(std::filesystem::exists(out));
}
