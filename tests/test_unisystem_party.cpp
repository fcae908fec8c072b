// The unisystem party fight (rules/unisystem/party.h on rules/common/fight.h): the attack on
// scripted dice (success levels and a burst, armour per hit, the multiplier: seed 000's alley),
// the penalties on a wounded or groggy member's own attack, the tests after a turn's hits, the
// minute survival test while dying, first aid that stabilises a dying ally in the fight, whole
// fights on scripted dice, a duel solved exactly as a Markov chain (Eigen) and held within 4
// standard errors, and the located errors of a bad unisystem party scenario.
#include <catch2/catch.hpp>

#include <Eigen/Dense>
#include <cmath>

#include "rules/unisystem/model.h"
#include "sim/engine/load.h"
#include "sim/engine/runner.h"
#include "tests/cli_support.h"
#include "tests/party_support.h"
#include "tests/support.h"
#include "tests/unisystem_party_text.h"

using namespace leth;
using test::counter;

namespace {

using test::unisystem::member;
using test::unisystem::opponent;
using test::unisystem::party_text;

const unisystem::Party& party_of(const LoadedScenario& ls) {
  return test::party_of<unisystem::Model>(ls);
}

// Seed 000's alley: the suspect's burst at Ryan in his class IIa vest; Muldoon's two shots.
LoadedScenario alley(const std::string& options = "", const std::string& ryan = "") {
  return test::load_text(party_text(
      member("ryan", 30, 0,
             "attack_bonus = 5\nburst = 1\ndamage = \"1D6 x 3\"\ndamage_type = \"bullet\"",
             "armor = \"1D6 x 2 + 9\"\n" + ryan) +
          "[[party.attacks]]\nattack_bonus = 4\ndamage = \"1D6 x 3\"\ndamage_type = \"bullet\"\n" +
          opponent("suspect", 30, 0,
                   "attack_bonus = 2\nburst = 5\ndamage = \"1D6 x 4\"\ndamage_type = \"bullet\"",
                   "con = 2\nwill = 1\n"),
      "", options));
}

}  // namespace

TEST_CASE("unisystem party: the alley's burst — two levels, two hits, armour per hit, x2",
          "[unisystem][party][scripted]") {
  const LoadedScenario ls = alley();
  const unisystem::Party& p = party_of(ls);
  unisystem::Party::Body ryan = p.fresh(0), suspect = p.fresh(1);
  Script sc;
  sc.d(10, 9);         // 9 + 2 = 11: two success levels, two of the burst's five hit
  sc.d(6, 2).d(6, 1);  // 8 against armour 2 x 2 + 9 = 11: nothing
  sc.d(6, 4).d(6, 2);  // 16 against 13: 3, doubled: 6 ("un total de 6 points")
  sc.d(10, 10);        // the Will test after the hit: 10 + 2 x 2 - 6 = 8: he collapses
  TrialRng rng(sc);
  Stream s = rng.stream(Purpose::Test);
  CHECK(p.strike(1, 0, suspect, ryan, s, 0, nullptr));
  CHECK(ryan.hp == 24);
  CHECK(ryan.wounds == 1);
  CHECK(p.state(ryan) == fight::State::Down);
  CHECK(ryan.falls == 1);
  CHECK(sc.done());
}

TEST_CASE("unisystem party: a turn's two shots, the tests after the last; the survival test",
          "[unisystem][party][scripted]") {
  // Muldoon's shots on the suspect (no vest): 12 and 18, doubled: 60, at -30 ("Le suspect
  // n'avait que 30 points de vie, il se retrouve donc à -30"); the survival test Con 2 + Will
  // 1 - 3 (full groups of 10 below 0): "Il n'aurait survécu qu'avec un jet de 9 ou plus".
  const LoadedScenario ls = alley();
  const unisystem::Party& p = party_of(ls);
  for (const int die : {8, 9}) {
    INFO("survival die " << die);
    unisystem::Party::Body ryan = p.fresh(0), suspect = p.fresh(1);
    Script sc;
    sc.d(10, 6).d(6, 4);   // the first shot: 6 + 5 = 11 (burst 1: one hit), 12 x 2 = 24
    sc.d(10, 10).d(6, 6);  // the second: 10 + 4 = 14, 18 x 2 = 36
    sc.d(10, die);
    TrialRng rng(sc);
    Stream s = rng.stream(Purpose::Test);
    CHECK(p.strike(0, 0, ryan, suspect, s, 0, nullptr));
    CHECK(suspect.hp == 6);
    CHECK(p.state(suspect) == fight::State::Standing);  // its tests wait for the turn's end
    CHECK(p.strike(0, 1, ryan, suspect, s, 0, nullptr));
    CHECK(suspect.hp == -30);
    CHECK(suspect.dead == (die < 9));
    CHECK(p.dying(suspect) == (die >= 9));
    CHECK(p.state(suspect) != fight::State::Standing);
    CHECK(sc.done());
  }
}

TEST_CASE(
    "unisystem party: the penalties on a member's own attack (groggy, pain without "
    "adrenaline)",
    "[unisystem][party][scripted]") {
  // Ryan's first shot at +5: D10 6 is 11, two levels, one hit (burst 1). Groggy (endurance 1
  // after 36 hours awake: 20 - 19) -2: 9, one level still; below 5 HP without adrenaline,
  // -3 more: 6, a miss. With adrenaline the pain penalty is off in the fight.
  struct Case {
    std::string options, ryan;
    int hp;
    int penalty;
    bool hits;
  };
  const Case cases[] = {
      {"", "", 30, 0, true},
      {"", "endurance = 20\nhours_awake = 36\n", 30, -2, true},
      {"adrenaline = false\n", "endurance = 20\nhours_awake = 36\n", 4, -5, false},
      {"", "endurance = 20\nhours_awake = 36\n", 4, -2, true},
      {"adrenaline = false\npain_penalty = 1\n", "", 4, -1, true},
  };
  for (const Case& c : cases) {
    INFO(c.options << c.ryan << "hp " << c.hp);
    const LoadedScenario ls = alley(c.options, c.ryan);
    const unisystem::Party& p = party_of(ls);
    unisystem::Party::Body ryan = p.fresh(0), suspect = p.fresh(1);
    ryan.hp = c.hp;
    CHECK(p.action_penalty(ryan, true) == c.penalty);
    Script sc;
    sc.d(10, 6);
    if (c.hits) sc.d(6, 1);
    TrialRng rng(sc);
    Stream s = rng.stream(Purpose::Test);
    CHECK(p.strike(0, 0, ryan, suspect, s, 0, nullptr) == c.hits);
    CHECK(sc.done());
  }
  // Out of the fight (first aid after it) the pain penalty holds even with adrenaline.
  const LoadedScenario ls = alley();
  const unisystem::Party& p = party_of(ls);
  unisystem::Party::Body ryan = p.fresh(0);
  ryan.hp = 4;
  CHECK(p.action_penalty(ryan, false) == -3);
  CHECK(p.action_penalty(ryan, true) == 0);
}

TEST_CASE("unisystem party: staying up at 0 or less; the minute survival test while dying",
          "[unisystem][party][scripted]") {
  const LoadedScenario ls = alley("shock_test = false\n");
  const unisystem::Party& p = party_of(ls);
  SECTION("stay up: Will + Con at minus the points below 0") {
    unisystem::Party::Body ryan = p.fresh(0), suspect = p.fresh(1);
    ryan.hp = 10;
    Script sc;
    sc.d(10, 7).d(6, 4).d(6, 1);  // 7 + 2 = 9, one hit: 16 - 11 = 5, x2 = 10: 0 HP
    sc.d(10, 5);                  // 5 + 4 + 0 = 9: stays up
    sc.d(10, 7).d(6, 5).d(6, 1);  // next turn: 20 - 11 = 9, x2 = 18: -18, past the threshold
    sc.d(10, 6);                  // the survival test at -1: 6 + 4 - 1 = 9: dying
    TrialRng rng(sc);
    Stream s = rng.stream(Purpose::Test);
    CHECK(p.strike(1, 0, suspect, ryan, s, 0, nullptr));
    CHECK(ryan.hp == 0);
    CHECK(p.state(ryan) == fight::State::Standing);
    CHECK(p.strike(1, 0, suspect, ryan, s, 5, nullptr));
    CHECK(ryan.hp == -18);
    CHECK(p.dying(ryan));
    CHECK(p.state(ryan) == fight::State::Down);
    CHECK(sc.done());
  }
  SECTION("dying: a test at the first turn a minute on, at -1 a minute more") {
    unisystem::Party::Body ryan = p.fresh(0);
    ryan.hp = -12;
    ryan.down = true;
    ryan.dying = true;
    ryan.next_test = 60;
    Script sc;
    TrialRng rng(sc);
    Stream s = rng.stream(Purpose::Test);
    p.start_turn(ryan, s, 55, nullptr);  // not yet: no draw
    CHECK(ryan.minute == 0);
    sc.d(10, 7);  // minute 1: 4 - 1 - 1 + 7 = 9: survives
    p.start_turn(ryan, s, 60, nullptr);
    CHECK(ryan.minute == 1);
    CHECK(ryan.next_test == 120);
    CHECK(p.dying(ryan));
    CHECK(p.urgency(ryan) == 3);  // the next test's penalty
    sc.d(10, 7);                  // minute 2: 4 - 1 - 2 + 7 = 8: dead
    p.start_turn(ryan, s, 120, nullptr);
    CHECK(ryan.dead);
    CHECK(sc.done());
  }
}

TEST_CASE("unisystem party: first aid stabilises a dying ally in the fight; the end",
          "[unisystem][party][scripted]") {
  // The hero (initiative 40) and a medic (First Aid 5) against a brute (initiative -40) whose
  // blow of 30 takes the hero to -10; the medic stabilises him on its next turn; the round cap
  // ends the fight; the hero, at -9 after the first aid's point, rests under care: Con 3 a day
  // to 0 (3 days), then 2 a day to 20 (10 days). (Without care: test_unisystem_party_recovery.)
  const std::string toml =
      party_text(member("hero", 20, 40, "hit_chance = 0.0\ndamage = 1", "con = 3\nwill = 2\n") +
                     member("medic", 1000, 0, "hit_chance = 0.0\ndamage = 1", "first_aid = 5\n") +
                     opponent("brute", 20, -40, "attack_bonus = 7\ndamage = 30"),
                 "round_cap = 2\n", "", "care = \"medical\"\n");
  Script s;
  s.d(20, 10).d(20, 10).d(20, 10);  // initiative: hero 50, medic 10, brute -30
  // Round 1.
  s.no();              // the hero misses
  s.no();              // the medic: nobody down, it attacks and misses
  s.d(2, 1).d(10, 2);  // the brute: the hero; 2 + 7 = 9, a hit: 30, -10 HP
  s.d(10, 5);          // the survival test, Con 3 + Will 2 - 1 + 5 = 9: dying
  // Round 2: the hero's minute has not come; the medic: 4 + 5 = 9, one level: stabilised, +1.
  s.d(10, 4);
  s.d(10, 1);  // the brute at the medic: 1 + 7 = 8, a miss; the round cap
  const test::Played p = test::play_scripted(toml, s);
  INFO(p.log);
  const LoadedScenario ls = test::load_text(toml);
  CHECK(counter(ls, p.outcome, "fell_hero") == 1);
  CHECK(counter(ls, p.outcome, "deaths") == 0);
  CHECK(counter(ls, p.outcome, "fight_won") == 0);
  const MetricSpec& m = metrics_of(ls.models[0]);
  CHECK(m.ends[p.outcome.end].kind == EndKind::Recovered);
  CHECK(p.outcome.end_time == 10 + 13 * kDay);
  const Seconds ooa =
      p.outcome.durations[static_cast<size_t>(m.duration_index("time_out_of_action"))];
  CHECK(ooa == 10 + 13 * kDay);
  CHECK(p.log.find("hero is stabilised at -9 HP") != std::string::npos);
}

TEST_CASE("unisystem party: the fight ends when the opponent falls; first aid after it",
          "[unisystem][party][scripted]") {
  // The suspect shoots first. A Muldoon of Will 6 collapses (the party fell); one of Will 8
  // stands, his two shots take the suspect to -30 (dying: the fight is won, no opponent dead)
  // and he treats his own wound after the fight at -2.
  const std::string toml = party_text(
      member("muldoon", 30, 0, "attack_bonus = 5\ndamage = \"1D6 x 3\"\ndamage_type = \"bullet\"",
             "first_aid = 4\nwill = 6\n") +
      "[[party.attacks]]\nattack_bonus = 4\ndamage = \"1D6 x 3\"\ndamage_type = \"bullet\"\n" +
      opponent("suspect", 30, 10,
               "attack_bonus = 2\nburst = 5\ndamage = \"1D6 x 4\"\ndamage_type = \"bullet\""));
  Script s;
  s.d(20, 1).d(20, 1);  // initiative: muldoon 1, suspect 11
  s.d(10, 7).d(6, 1);   // the suspect: 9, one level: one bullet, 4 x 2 = 8: 22 HP
  s.d(10, 1);           // Muldoon's Will test: 1 + 12 - 8 = 5: a failure ... he collapses
  const test::Played p = test::play_scripted(toml, s);
  INFO(p.log);
  const LoadedScenario ls = test::load_text(toml);
  CHECK(counter(ls, p.outcome, "party_fell") == 1);
  CHECK(counter(ls, p.outcome, "fell_muldoon") == 1);
  // Fallen, nobody stands to treat him: 8 HP back at 2 a day, 4 days from the fight's end.
  CHECK(p.outcome.end_time == 5 + 4 * kDay);

  const std::string steady = party_text(
      member("muldoon", 30, 0, "attack_bonus = 5\ndamage = \"1D6 x 3\"\ndamage_type = \"bullet\"",
             "first_aid = 4\nwill = 8\n") +
      "[[party.attacks]]\nattack_bonus = 4\ndamage = \"1D6 x 3\"\ndamage_type = \"bullet\"\n" +
      opponent("suspect", 30, 10,
               "attack_bonus = 2\nburst = 5\ndamage = \"1D6 x 4\"\ndamage_type = \"bullet\""));
  Script t;
  t.d(20, 1).d(20, 1);
  t.d(10, 7).d(6, 1);   // 8 damage: 22 HP
  t.d(10, 1);           // the Will test: 1 + 16 - 8 = 9: he stands
  t.d(10, 6).d(6, 4);   // first shot: 11, 12 x 2 = 24: 6
  t.d(10, 10).d(6, 6);  // second: 14, 36: -30
  t.d(10, 9);           // the suspect's survival test: 9 + 4 - 3 = 10: dying, down
  t.d(10, 7);           // after the fight, self-aid: 7 + 4 - 2 = 9, one level: 23 HP
  const test::Played q = test::play_scripted(steady, t);
  INFO(q.log);
  const LoadedScenario lq = test::load_text(steady);
  CHECK(counter(lq, q.outcome, "fight_won") == 1);
  CHECK(counter(lq, q.outcome, "opponents_defeated") == 0);  // dying, not dead
  CHECK(q.outcome.end_time == 5 + 4 * kDay);                 // 7 HP: 4 days at 2
}

TEST_CASE(
    "unisystem party: a blow left waiting (the turn's last attack went elsewhere) is "
    "tested when the body is next touched",
    "[unisystem][party][scripted]") {
  const LoadedScenario ls = test::load_text(
      party_text(member("a", 20, 0, "hit_chance = 0.0\ndamage = 1", "con = 3\nwill = 2\n") +
                 member("b", 20, 0, "hit_chance = 0.0\ndamage = 1") +
                 opponent("brute", 20, 0, "attack_bonus = 10\ndamage = 30") +
                 "[[opponents.attacks]]\nattack_bonus = 10\ndamage = 1\n"));
  const unisystem::Party& p = party_of(ls);
  unisystem::Party::Body a = p.fresh(0), b = p.fresh(1), o = p.fresh(2);
  b.down = true;  // fallen: the brute's second blow goes to it (strike_fallen)
  Script sc;
  sc.d(10, 1);  // 1 + 10 = 11: a hit of 30 on a, at -10; the tests wait for the last attack
  sc.d(10, 1);  // the second attack, on b: 19 HP; b is down, no test
  sc.d(10, 5);  // a's own turn: its survival test first, 5 + 5 - 1 = 9: dying
  TrialRng rng(sc);
  Stream s = rng.stream(Purpose::Test);
  CHECK(p.strike(2, 0, o, a, s, 0, nullptr));
  CHECK(p.strike(2, 1, o, b, s, 0, nullptr));
  CHECK(a.hp == -10);
  CHECK(p.state(a) == fight::State::Standing);
  CHECK_FALSE(p.strike(0, 0, a, o, s, 5, nullptr));  // falls before it can shoot
  CHECK(p.dying(a));
  CHECK(p.state(a) == fight::State::Down);
  CHECK(sc.done());
}

namespace {

// The duel as a chain: each combatant has 20 Life Points, Con 3, Will 2, and is struck for 12
// (no armour, no Will test after a hit): 20 -> 8 -> -4, where it stays up on D10 + 5 - 4 >= 9
// (3 in 10), -> -16: the survival test D10 + 5 - 1 >= 9 (6 in 10) is dying, else dead. The
// member strikes first each round (chance p), the opponent then (q). A member who falls
// dying dies unless the medic (First Aid `aid`, or none) stabilises it: the medic's test 5
// seconds after the fall, then the minute test m (D10 + 4 - m >= 9), then the next aid, ...
double dies_when_dying(int aid) {
  const double s = aid < 0 ? 0.0 : std::clamp((aid + 10 - 8) / 10.0, 0.0, 1.0);
  double alive = 1.0, saved = 0.0;
  for (int m = 1; m <= 10; ++m) {
    saved += alive * s;
    alive *= (1 - s) * std::clamp((m <= 5 ? 6 - m : 0) / 10.0, 0.0, 1.0);
  }
  return 1.0 - saved;
}

test::DuelExact solve_duel(double p, double q, int aid) {
  // States (a, b): the member's and the opponent's level, 0 (20 HP), 1 (8), 2 (-4, standing).
  auto idx = [](int a, int b) { return 3 * a + b; };
  Eigen::MatrixXd Q = Eigen::MatrixXd::Zero(9, 9);
  Eigen::VectorXd won = Eigen::VectorXd::Zero(9), dead = Eigen::VectorXd::Zero(9);
  const double dying = dies_when_dying(aid);
  for (int a = 0; a < 3; ++a)
    for (int b = 0; b < 3; ++b) {
      const int i = idx(a, b);
      // The opponent's turn, the opponent at level bb, with weight w.
      auto opponent_turn = [&](double w, int bb) {
        Q(i, idx(a, bb)) += w * (1 - q);
        if (a == 0) Q(i, idx(1, bb)) += w * q;
        if (a == 1) Q(i, idx(2, bb)) += w * q * 0.3;  // else knocked down, alive
        if (a == 2) dead(i) += w * q * (0.4 + 0.6 * dying);
      };
      // The member's turn.
      opponent_turn(1 - p, b);
      if (b == 0) opponent_turn(p, 1);
      if (b == 1) {
        opponent_turn(p * 0.3, 2);
        won(i) += p * 0.7;
      }
      if (b == 2) won(i) += p;
    }
  const Eigen::MatrixXd N = (Eigen::MatrixXd::Identity(9, 9) - Q).inverse();
  return {(N * dead)(0), (N * won)(0)};
}

}  // namespace

TEST_CASE("unisystem party: a duel and the dying chain against their exact Markov chain",
          "[unisystem][party][markov][statistics]") {
  struct Case {
    double p, q;
    int aid;  // the medic's First Aid; -1: no medic
  };
  const Case cases[] = {{0.5, 0.5, -1}, {0.4, 0.7, -1}, {0.5, 0.6, 2}};
  uint64_t seed = 80;
  for (const Case& c : cases) {
    const test::DuelExact e = solve_duel(c.p, c.q, c.aid);
    const std::string block = "con = 3\nwill = 2\n";
    std::string party =
        member("duelist", 20, 40, "hit_chance = " + std::to_string(c.p) + "\ndamage = 12", block);
    std::string fight = "round_cap = 1000\n";
    if (c.aid >= 0) {
      // The medic never hits and is never the weakest; the party withdraws when the duelist
      // falls (half of it down), and the medic tends him in the aftermath.
      party += member("medic", 1000, 0, "hit_chance = 0.0\ndamage = 1",
                      "first_aid = " + std::to_string(c.aid) + "\n");
      fight += "opponents_target = \"weakest\"\nretreat = 0.5\n";
    }
    // Under care: the chain counts the fight's deaths (a member left below 0 without care
    // could die of its daily tests: test_unisystem_party_recovery's chain).
    const std::string toml =
        party_text(party + opponent("brute", 20, -40,
                                    "hit_chance = " + std::to_string(c.q) + "\ndamage = 12", block),
                   fight, "shock_test = false\n", "care = \"medical\"\n");
    const LoadedScenario ls = test::load_text(toml);
    const uint64_t n = 100'000;
    INFO("p " << c.p << ", q " << c.q << ", aid " << c.aid);
    test::check_duel(ls, ++seed, n, e);
  }
  // The medic is worth something: the chain can tell.
  CHECK(solve_duel(0.5, 0.6, 2).death < solve_duel(0.5, 0.6, -1).death - 0.02);
}

TEST_CASE("unisystem party: bad input is located and explained, status 2",
          "[unisystem][party][errors]") {
  const std::string hero = member("hero", 30, 0, "attack_bonus = 5\ndamage = \"1D6 x 3\"");
  const std::string thug = opponent("thug", 30, 0, "attack_bonus = 3\ndamage = \"1D6 x 2\"");
  auto error = [](const std::string& toml) {
    return test::error_of([&] { test::load_text(toml); });
  };
  CHECK_THAT(error(party_text("[[party]]\nname = \"hero\"\nmax_hp = 30\n" + thug)),
             Catch::Contains("party[1]") && Catch::Contains("no attacks"));
  // Opponents without hp cannot be harmed: each leaves after its rounds, all or none.
  test::check_untouchable_errors([&](const std::string& t) { return party_text(t); }, hero, thug,
                                 "hp", "attack_bonus = 3\ndamage = \"1D6\"\n");
  // unisystem has armour dice, not an armour class: `ac` is an unknown key.
  CHECK_THAT(
      error(party_text(member("hero", 30, 0, "attack_bonus = 5\ndamage = 3", "ac = 15\n") + thug)),
      Catch::Contains("party[1].ac") && Catch::Contains("unknown key"));
  CHECK_THAT(
      error(party_text(member("hero", 30, 0, "hit_chance = 0.5\nburst = 3\ndamage = 3") + thug)),
      Catch::Contains("party[1].attacks[1].burst"));
  CHECK_THAT(
      error(party_text(member("hero", 30, 0, "attack_bonus = 5\ndamage = 3", "hours_awake = 60\n") +
                       thug)),
      Catch::Contains("party[1].hours_awake") && Catch::Contains("endurance"));
  CHECK_THAT(error(party_text(hero + thug, "", "cinematic = true\n")),
             Catch::Contains("options.cinematic"));
  // [recovery] is read (its care: test_unisystem_party_recovery.cpp), the others refused.
  for (const char* single : {"character", "encounter", "aftercare"})
    CHECK_THAT(error(party_text(hero + thug + "[" + single + "]\nrounds = 1\n")),
               Catch::Contains(single) && Catch::Contains("remove [[party]]"));
  // The command line: a located message on stderr, status 2, nothing written.
  const std::string path = test::write_file(
      "unisystem-party-bad.toml", party_text("[[party]]\nname = \"hero\"\nmax_hp = 30\n" + thug));
  const test::CliResult r = test::cli({"validate", path});
  CHECK(r.status == 2);
  CHECK_THAT(r.err, Catch::StartsWith(path + ":") && Catch::Contains("party[1]") &&
                        Catch::Contains("no attacks"));
}
