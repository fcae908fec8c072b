// The pf2 party fight (rules/pf2/party.h on rules/common/fight.h): the body and the attack on
// scripted dice (the multiple attack penalty, agile, criticals by degree, damage at 0 HP, the
// recovery check, Heal and first aid), whole fights on scripted dice, a duel with the pf2 dying
// track solved exactly as a Markov chain (Eigen) and held within 4 standard errors, and the
// located errors of a bad pf2 party scenario.
#include <catch2/catch.hpp>

#include <Eigen/Dense>
#include <cmath>

#include "sim/engine/load.h"
#include "sim/engine/runner.h"
#include "tests/party_support.h"
#include "tests/support.h"

using namespace leth;
using test::counter;

namespace {

std::string party_text(const std::string& body, const std::string& fight = "",
                       const std::string& options = "recovery_check = \"flat\"\n") {
  return "name = \"party\"\nruleset = \"pf2\"\ntrials = 1000\nseed = 3\nhorizon = \"30 days\"\n"
         "[options]\n" +
         options + "[fight]\n" + fight + "\n" + body;
}

std::string member(const std::string& name, int hp, int init, const std::string& attack,
                   const std::string& extra = "") {
  return test::combatant_text("party", name, "max_hp", hp, init, attack, "ac = 10\n" + extra);
}

std::string opponent(const std::string& name, int hp, int init, const std::string& attack,
                     int ac = 10, const std::string& extra = "") {
  return test::combatant_text("opponents", name, "hp", hp, init, attack,
                              "ac = " + std::to_string(ac) + "\ndc = 18\n" + extra);
}

const pf2::Party& party_of(const LoadedScenario& ls) {
  return test::party_of<pf2::Model>(ls);
}

pf2::Party::Body body(size_t c, int hp) {
  pf2::Party::Body b;
  b.c = static_cast<uint8_t>(c);
  b.hp = hp;
  return b;
}

// A fighter (two Strikes at +10, the second agile on demand) against an ogre of AC 15.
LoadedScenario duel_bodies(bool agile, const std::string& options = "recovery_check = \"flat\"\n") {
  return test::load_text(
      party_text(member("fighter", 20, 0,
                        std::string("attack_bonus = 10\ndamage = \"1d6\"\nstrikes = 2\nagile = ") +
                            (agile ? "true" : "false")) +
                     opponent("ogre", 30, 0, "attack_bonus = 10\ndamage = \"2d6\"", 15) +
                     opponent("golem", 40, 0, "attack_bonus = 10\ndamage = \"2d6\"", 35),
                 "", options));
}

}  // namespace

TEST_CASE("pf2 party: the second Strike takes the multiple attack penalty, -4 if agile",
          "[pf2][party][scripted]") {
  for (const bool agile : {false, true}) {
    INFO("agile " << agile);
    const LoadedScenario ls = duel_bodies(agile);
    const pf2::Party& p = party_of(ls);
    pf2::Party::Body f = body(0, 20), o = body(1, 30);
    Script sc;
    sc.d(20, 5).d(6, 3);  // 15 vs AC 15: a success, 3 damage
    sc.d(20, 9);          // the second: 19 - 5 = 14 misses; agile 19 - 4 = 15 hits ...
    if (agile) sc.d(6, 4);
    TrialRng rng(sc);
    Stream s = rng.stream(Purpose::Test);
    EventLog log;
    CHECK(p.strike(0, 0, f, o, s, 0, &log));
    CHECK(o.hp == 27);
    REQUIRE(log.entries().size() == 1);  // the Strike is against AC, and says so
    CHECK_THAT(log.entries()[0].text, Catch::Contains("= 15 vs AC 15: success"));
    CHECK(p.strike(0, 1, f, o, s, 0, nullptr) == agile);
    CHECK(o.hp == (agile ? 23 : 27));
    CHECK(sc.done());
  }
}

TEST_CASE("pf2 party: a critical by degree (AC + 10) doubles; a natural 20 is one step better",
          "[pf2][party][scripted]") {
  const LoadedScenario ls = duel_bodies(false);
  const pf2::Party& p = party_of(ls);
  pf2::Party::Body f = body(0, 20), o = body(1, 30);
  Script sc;
  sc.d(20, 15).d(6, 3);  // 25 >= AC 15 + 10, not a natural 20: critical, 3 x 2
  sc.d(20, 19).d(6, 2);  // 2nd Strike: 19 + 5 = 24, a success, 2
  sc.d(20, 20).d(6, 1);  // 3rd (a new turn at t = 6): 30: critical; the natural 20 can't improve
  TrialRng rng(sc);
  Stream s = rng.stream(Purpose::Test);
  CHECK(p.strike(0, 0, f, o, s, 0, nullptr));
  CHECK(o.hp == 24);
  CHECK(p.strike(0, 1, f, o, s, 0, nullptr));
  CHECK(o.hp == 22);
  CHECK(p.strike(0, 0, f, o, s, 6, nullptr));
  CHECK(o.hp == 20);
  // A natural 20 turns a miss into a hit: 20 + 10 = 30 against the golem's AC 35.
  Script u;
  u.d(20, 20).d(6, 6);
  TrialRng r2(u);
  Stream s2 = r2.stream(Purpose::Test);
  pf2::Party::Body golem = body(2, 40);
  CHECK(p.strike(0, 0, f, golem, s2, 12, nullptr));
  CHECK(golem.hp == 34);
  CHECK(u.done());
}

TEST_CASE("pf2 party: damage at 0 HP raises dying (a critical by 2); opponents die at 0 HP",
          "[pf2][party][scripted]") {
  const LoadedScenario ls = duel_bodies(false);
  const pf2::Party& p = party_of(ls);
  pf2::Party::Body f = body(0, 20), o = body(1, 30);
  f.hp = 0;
  f.dying = 1;
  Script sc;
  sc.d(20, 2).d(6, 1).d(6, 1);  // the ogre: 12 vs AC 10 - 6 (fallen): a success, dying 2
  sc.d(20, 3).d(6, 1).d(6, 1);  // next turn: 13 vs 4, a success: dying 1 -> 2 again
  TrialRng rng(sc);
  Stream s = rng.stream(Purpose::Test);
  CHECK(p.strike(1, 0, o, f, s, 0, nullptr));
  CHECK(f.dying == 2);
  CHECK_FALSE(f.dead);
  f.dying = 1;
  CHECK(p.strike(1, 0, o, f, s, 6, nullptr));
  CHECK(f.dying == 2);
  // A critical at 0 HP: 14 + 10 = 24 >= AC 4 + 10: dying + 2; at dying 2 that is death.
  Script c;
  c.d(20, 14).d(6, 1).d(6, 1);
  TrialRng rc(c);
  Stream sc2 = rc.stream(Purpose::Test);
  CHECK(p.strike(1, 0, o, f, sc2, 12, nullptr));
  CHECK(f.dying == 4);
  CHECK(f.dead);
  // The fighter's hit that drops the ogre to 0 HP kills it (player_rules = false).
  Script k;
  k.d(20, 10).d(6, 6);
  TrialRng rk(k);
  Stream sk = rk.stream(Purpose::Test);
  pf2::Party::Body f2 = body(0, 20);
  o.hp = 6;
  CHECK(p.strike(0, 0, f2, o, sk, 0, nullptr));
  CHECK(o.dead);
}

TEST_CASE("pf2 party: the recovery check at the start of a dying member's turn",
          "[pf2][party][scripted]") {
  SECTION("flat: DC 10 + dying, a success lowers dying, a critical success stabilises") {
    const LoadedScenario ls = duel_bodies(false);
    const pf2::Party& p = party_of(ls);
    pf2::Party::Body f = body(0, 0);
    f.dying = 2;
    Script sc;
    sc.d(20, 12).d(20, 9).d(20, 20);  // 12 vs 12: success; 9 vs 11: failure; 20: critical
    TrialRng rng(sc);
    Stream s = rng.stream(Purpose::Test);
    p.start_turn(f, s, 6, nullptr);
    CHECK(f.dying == 1);
    p.start_turn(f, s, 12, nullptr);
    CHECK(f.dying == 2);
    p.start_turn(f, s, 18, nullptr);
    CHECK(f.dying == 0);
    CHECK_FALSE(p.dying(f));
    CHECK(p.state(f) == fight::State::Down);  // stable: unconscious at 0 HP
    CHECK(f.stable_at == 18);
  }
  SECTION("fortitude (seed 004): d20 + Fortitude against the knock-out DC + dying") {
    const LoadedScenario ls = test::load_text(party_text(
        member("fighter", 20, 0, "attack_bonus = 10\ndamage = \"1d6\"", "fortitude = 9\n") +
            opponent("ogre", 30, 0, "attack_bonus = 10\ndamage = \"2d6\"", 15),
        "", ""));
    const pf2::Party& p = party_of(ls);
    pf2::Party::Body f = body(0, 20), o = body(1, 30);
    Script sc;
    sc.d(20, 15).d(6, 6).d(6, 6);  // the ogre (DC 18): 25 vs 10 critical, 24 damage: dying 2
    sc.d(20, 10);                  // next round: 10 + 9 = 19 vs 18 + 2 = 20: a failure
    TrialRng rng(sc);
    Stream s = rng.stream(Purpose::Test);
    CHECK(p.strike(1, 0, o, f, s, 0, nullptr));
    CHECK(f.dying == 2);
    CHECK(f.recovery_dc == 18);
    p.start_turn(f, s, 6, nullptr);
    CHECK(f.dying == 3);
  }
}

TEST_CASE("pf2 party: a knocked-out member's turn moves to just before the one who did it",
          "[pf2][party][scripted]") {
  // 004 "Être mis KO": "votre prochain tour se produirait juste avant celui de la créature en
  // question". The ogre acts first; it knocks the fighter out, whose place moves before the
  // ogre's: no check in round 1 (its place this round is past), and from round 2 its check
  // comes before the ogre's Strike.
  const std::string toml =
      party_text(member("fighter", 8, 0, "hit_chance = 0.0\ndamage = \"1\"") +
                     member("monk", 50, -10, "hit_chance = 0.0\ndamage = \"1\"") +
                     opponent("ogre", 30, 5, "attack_bonus = 10\ndamage = \"10\""),
                 "round_cap = 2\n");
  Script s;
  s.d(20, 10).d(20, 10).d(20, 10);  // initiative: fighter 10, monk 0, ogre 15
  // Round 1: ogre, fighter, monk.
  s.d(2, 1).d(20, 5);  // the ogre: the fighter, 15 vs AC 10: 10 damage, knocked out: dying 1
  s.no();              // the monk (the fighter's place is now before the ogre's: no check)
  // Round 2: fighter, ogre, monk.
  s.d(20, 5);   // the fighter's recovery check, flat DC 11: 5, a failure: dying 2
  s.d(20, 1);   // the ogre: the monk, the only one standing; a natural 1 misses
  s.no();       // the monk; the round cap ends the fight
  s.d(20, 20);  // aftermath: a natural 20 vs DC 12, critical: dying 0, stable
  const test::Played p = test::play_scripted(toml, s);
  INFO(p.log);
  const LoadedScenario ls = test::load_text(toml);
  CHECK(counter(ls, p.outcome, "fell_fighter") == 1);
  CHECK(counter(ls, p.outcome, "deaths") == 0);
  const size_t check = p.log.find("fighter recovery check d20 5");
  CHECK(check != std::string::npos);
  CHECK(check < p.log.find("ogre misses monk"));
}

TEST_CASE("pf2 party: a 1-action Heal picks up the fallen, who is slowed; the cleric strikes on",
          "[pf2][party][scripted]") {
  const std::string toml =
      party_text(member("fighter", 8, 10, "hit_chance = 0.0\ndamage = \"1\"\nstrikes = 3") +
                     member("cleric", 10, 0, "hit_chance = 0.0\ndamage = \"1\"\nstrikes = 3",
                            "[party.heals]\ndice = \"1d8\"\nuses = 1\nactions = 1\n") +
                     opponent("ogre", 30, 5, "attack_bonus = 10\ndamage = \"10\""),
                 "round_cap = 2\n");
  Script s;
  s.d(20, 10).d(20, 10).d(20, 10);  // initiative: fighter 20, cleric 10, ogre 15
  // Round 1.
  s.no().no().no();    // fighter: three Strikes, never hits
  s.d(2, 1).d(20, 5);  // ogre: the fighter (first of two), 15 vs AC 10: 10 damage, dying 1
  s.d(8, 4);           // cleric: Heal (1 action), 4 HP: the fighter is up, slowed 1
  s.no().no();         // ... and two Strikes with the two actions left (of three listed)
  // Round 2: the fighter, slowed 1, makes two of its three Strikes; the ogre misses the cleric.
  s.no().no();
  s.d(2, 2).d(20, 1);
  s.no().no().no();  // the cleric: nobody down, three Strikes
  const test::Played p = test::play_scripted(toml, s);
  INFO(p.log);
  const LoadedScenario ls = test::load_text(toml);
  CHECK(counter(ls, p.outcome, "heals_used") == 1);
  CHECK(counter(ls, p.outcome, "fell_fighter") == 1);
  CHECK(counter(ls, p.outcome, "deaths") == 0);
  CHECK(p.log.find("back to 4 HP, conscious, slowed 1") != std::string::npos);
}

TEST_CASE("pf2 party: blows on a fallen member, its recovery checks after the fight",
          "[pf2][party][scripted]") {
  const std::string toml =
      party_text(member("hero", 5, 20, "hit_chance = 0.0\ndamage = \"1\"") +
                     member("monk", 50, -10, "hit_chance = 0.0\ndamage = \"1\"") +
                     opponent("brute", 50, 0, "attack_bonus = 10\ndamage = \"5\"\nstrikes = 2"),
                 "strike_fallen = 1.0\nround_cap = 2\n");
  Script s;
  s.d(20, 1).d(20, 1).d(20, 1);  // initiative: hero 21, brute 1, monk -9
  // Round 1.
  s.no();              // hero never hits
  s.d(2, 1).d(20, 5);  // brute: the hero, 15 vs 10: 5 damage, knocked out: dying 1
  s.yes().d(20, 3);    // 2nd blow on the fallen: 3 + 5 = 8 vs AC 4: dying 2
  s.no();              // monk
  // Round 2: the hero's recovery check, flat DC 12: 15, a success: dying 1.
  s.d(20, 15);
  s.no().d(20, 1);  // brute: the monk (the only one standing), natural 1: a miss
  s.no().d(20, 2);  // 2 + 5 misses
  s.no();           // monk; the round cap ends the fight
  s.d(20, 20);      // aftermath: a natural 20 vs DC 11, critical: stable
  const test::Played p = test::play_scripted(toml, s);
  INFO(p.log);
  const LoadedScenario ls = test::load_text(toml);
  CHECK(counter(ls, p.outcome, "fell_hero") == 1);
  CHECK(counter(ls, p.outcome, "deaths") == 0);
  const MetricSpec& m = metrics_of(ls.models[0]);
  // Stable at t = 12, awake 10 minutes later (stable_wake); the hero rests to full.
  const Seconds ooa =
      p.outcome.durations[static_cast<size_t>(m.duration_index("time_out_of_action"))];
  CHECK(ooa == 12 + 10 * kMinute);
}

namespace {

// The duel as a chain over (member HP, opponent HP): each round the member strikes first
// (hit chance p, 1 damage), then the opponent (q, 1 damage, never critical); the opponent dies
// at 0 HP, the member is knocked out at dying 1 and, the party fallen, makes its recovery
// checks alone: d20 + mod against dc + dying, four degrees (>= DC + 10, >= DC, <= DC - 10; a
// natural 20 one step up, a natural 1 one step down), dying -2/-1/+1/+2, dead at 4, stable at 0.
double death_by_dying(int mod, int dc) {
  Eigen::MatrixXd Q = Eigen::MatrixXd::Zero(3, 3);
  Eigen::VectorXd dead = Eigen::VectorXd::Zero(3);
  for (int d = 1; d <= 3; ++d)
    for (int n = 1; n <= 20; ++n) {
      const int total = n + mod, target = dc + d;
      int step = total >= target + 10 ? 3 : total >= target ? 2 : total <= target - 10 ? 0 : 1;
      if (n == 20 && step < 3) ++step;
      if (n == 1 && step > 0) --step;
      const int to = d + (step == 3 ? -2 : step == 2 ? -1 : step == 1 ? 1 : 2);
      if (to >= 4)
        dead(d - 1) += 0.05;
      else if (to >= 1)
        Q(d - 1, to - 1) += 0.05;
    }
  const Eigen::VectorXd h = (Eigen::Matrix3d::Identity() - Q).inverse() * dead;
  return h(0);
}

test::DuelExact solve_duel(int hp_member, int hp_opponent, double p, double q, int mod, int dc) {
  const test::DuelChain d = test::alternating_duel(hp_member, hp_opponent, p, q);
  return {d.fell * death_by_dying(mod, dc), d.won, d.rounds};
}

}  // namespace

TEST_CASE("pf2 party: a duel and the dying track against their exact Markov chain",
          "[pf2][party][markov][statistics]") {
  struct Case {
    int hp_member, hp_opponent;
    double p, q;
    bool fortitude;  // else the flat check (mod 0, DC 10)
  };
  const Case cases[] = {{3, 3, 0.5, 0.5, false}, {2, 4, 0.6, 0.4, true}, {4, 2, 0.3, 0.7, false}};
  uint64_t seed = 60;
  for (const Case& c : cases) {
    const int mod = c.fortitude ? 5 : 0, dc = c.fortitude ? 16 : 10;
    const test::DuelExact e = solve_duel(c.hp_member, c.hp_opponent, c.p, c.q, mod, dc);
    const std::string toml = party_text(
        member("duelist", c.hp_member, 20,
               "hit_chance = " + std::to_string(c.p) + "\ndamage = \"1\"",
               "fortitude = " + std::to_string(mod) + "\n") +
            "[[opponents]]\nname = \"brute\"\nhp = " + std::to_string(c.hp_opponent) +
            "\ninitiative = -10\ndc = " + std::to_string(dc) + "\n[[opponents.attacks]]\n" +
            "hit_chance = " + std::to_string(c.q) + "\ndamage = \"1\"\n",
        "round_cap = 1000\n", c.fortitude ? "" : "recovery_check = \"flat\"\n");
    const LoadedScenario ls = test::load_text(toml);
    const uint64_t n = 100'000;
    INFO("hp " << c.hp_member << " vs " << c.hp_opponent << ", p " << c.p << ", q " << c.q
               << ", fortitude " << c.fortitude);
    test::check_duel(ls, ++seed, n, e);
  }
}

TEST_CASE("pf2 party: bad input is located and explained", "[pf2][party][errors]") {
  const std::string hero = member("hero", 10, 0, "attack_bonus = 5\ndamage = \"1d6\"");
  const std::string orc = opponent("orc", 15, 0, "attack_bonus = 5\ndamage = \"1d12\"");
  auto error = [](const std::string& toml) {
    return test::error_of([&] { test::load_text(toml); });
  };
  CHECK_THAT(error(party_text("[[party]]\nname = \"hero\"\nmax_hp = 10\n" + orc)),
             Catch::Contains("party[1]") && Catch::Contains("no attacks"));
  CHECK_THAT(error(party_text(member("cleric", 10, 0, "attack_bonus = 5\ndamage = \"1d6\"",
                                     "[party.heals]\nactions = 1\n") +
                              orc)),
             Catch::Contains("party[1].heals") && Catch::Contains("nothing to heal with"));
  CHECK_THAT(error(party_text(member("cleric", 10, 0, "attack_bonus = 5\ndamage = \"1d6\"",
                                     "[party.heals]\ndice = \"1d8\"\nactions = 3\n") +
                              orc)),
             Catch::Contains("party[1].heals.actions"));
  // Opponents without hp cannot be harmed: each leaves after its rounds, all or none.
  test::check_untouchable_errors([&](const std::string& t) { return party_text(t); }, hero, orc,
                                 "hp", "attack_bonus = 3\ndamage = \"1d4\"\n");
  for (const char* single : {"character", "encounter", "aftercare", "recovery"})
    CHECK_THAT(error(party_text(hero + orc + "[" + single + "]\nrounds = 1\n")),
               Catch::Contains(single) && Catch::Contains("remove [[party]]"));
  std::string six;
  for (int k = 0; k < 6; ++k)
    six += member(std::string(1, static_cast<char>('a' + k)), 10, 0,
                  "attack_bonus = 5\ndamage = \"1d6\"");
  CHECK_THAT(error(party_text(six + orc)),
             Catch::Contains("party[6]") && Catch::Contains("at most 5 members"));
  CHECK_THAT(error(party_text(
                 member("hero", 10, 0, "attack_bonus = 5\ndamage = \"1d6\"\nstrikes = 4") + orc)),
             Catch::Contains("party[1].attacks[1].strikes") && Catch::Contains("3 actions"));
  // The seed's Fortitude recovery save needs the knock-out DC of every opponent.
  CHECK_THAT(error(party_text(hero + "[[opponents]]\nhp = 5\n[[opponents.attacks]]\n"
                                     "attack_bonus = 3\ndamage = \"1d4\"\n",
                              "", "")),
             Catch::Contains("opponents[1]") && Catch::Contains("missing key 'dc'"));
  // ... and, against an opponent with the player rules, the members' class DC.
  CHECK_THAT(error(party_text(hero + opponent("boss", 15, 0, "attack_bonus = 5\ndamage = \"1\"", 10,
                                              "player_rules = true\n"),
                              "", "")),
             Catch::Contains("party[1]") && Catch::Contains("class"));
  // A key the party fight does not read is refused, not ignored.
  CHECK_THAT(error(party_text(hero + orc +
                              "[[opponents]]\nhp = 5\ndc = 15\nchannel = "
                              "\"nonlethal\"\n[[opponents.attacks]]\n"
                              "attack_bonus = 3\ndamage = \"1d4\"\n")),
             Catch::Contains("channel"));
}

TEST_CASE("party fight: an opponent kind of several is named one by one in the story",
          "[pf2][party]") {
  const LoadedScenario ls = test::load_text(
      party_text(member("hero", 20, 0, "attack_bonus = 5\ndamage = \"1d6\"") +
                 opponent("ogre", 30, 0, "attack_bonus = 5\ndamage = \"1d6\"", 15, "count = 2\n") +
                 opponent("boss", 60, 0, "attack_bonus = 8\ndamage = \"2d6\"")));
  const auto& c = party_of(ls).config().combatants;
  REQUIRE(c.size() == 4);
  CHECK(c[1].name == "ogre 1");
  CHECK(c[2].name == "ogre 2");
  CHECK(c[3].name == "boss");  // one of its kind keeps its name
}
