// The harmonies party fight (rules/harmonies/party.h on rules/common/fight.h): the attack and its
// wound levels by margin on scripted dice, the pain penalty on a wounded member's own attack,
// the survival clock and waking at the start of a turn, first aid on a fallen ally mid-fight,
// the end of the fight when the opponent faints, a duel solved exactly as a Markov chain (Eigen)
// and held within 4 standard errors, and the located errors of a bad harmonies party scenario.
#include <catch2/catch.hpp>

#include <cmath>

#include "sim/engine/load.h"
#include "sim/engine/runner.h"
#include "tests/cli_support.h"
#include "tests/party_support.h"
#include "tests/support.h"

using namespace leth;
using test::counter;

namespace {

std::string party_text(const std::string& body, const std::string& fight = "",
                       const std::string& options = "") {
  return "name = \"party\"\nruleset = \"harmonies\"\ntrials = 1000\nseed = 3\nhorizon = \"30 "
         "days\"\n[options]\n" +
         options + "[fight]\n" + fight + "\n" + body;
}

const std::string kSkill = "skill = 4\ngrave_at = 5\ncritical_at = 8\n";

std::string member(const std::string& name, int init, const std::string& attack,
                   const std::string& extra = "") {
  return "[[party]]\nname = \"" + name + "\"\nsurvival = 8\nfainting = 7\ndefence = 2\n" +
         "faint_duration = \"10 minutes\"\ninitiative = " + std::to_string(init) + "\n" + extra +
         "\n[[party.attacks]]\n" + attack + "\n";
}

std::string opponent(const std::string& name, int init, const std::string& attack,
                     const std::string& extra = "") {
  return "[[opponents]]\nname = \"" + name + "\"\nsurvival = 7\nfainting = 6\ndefence = 2\n" +
         "initiative = " + std::to_string(init) + "\n" + extra + "\n[[opponents.attacks]]\n" +
         attack + "\n";
}

const harmonies::Party& party_of(const LoadedScenario& ls) {
  return test::party_of<harmonies::Model>(ls);
}

LoadedScenario duel() {
  return test::load_text(
      party_text(member("duellist", 2, kSkill, "[party.heals]\nfirst_aid = 3\n") +
                 opponent("swordsman", 1, kSkill)));
}

}  // namespace

TEST_CASE("harmonies party: the attack's margin sets the wound's level; below 0 it misses",
          "[harmonies][party][scripted]") {
  const LoadedScenario ls = duel();
  const harmonies::Party& p = party_of(ls);
  harmonies::Party::Body d = p.fresh(0), o = p.fresh(1);
  Script sc;
  sc.d(10, 1).d(10, 5);  // -4 + skill 4 - defence 2 = -2: a miss
  sc.d(10, 2).d(10, 3);  // -1 + 2 = 1: a light wound (3 pain, no fainting roll yet)
  sc.d(10, 5).d(10, 2);  // +3 + 2 = 5: a grave wound (the attacker has no pain)
  sc.d(10, 9).d(10, 1);  // 3 + 5 = 8 pain crosses 5: a fainting roll +8 + 6 - 8 = 6 holds
  TrialRng rng(sc);
  Stream s = rng.stream(Purpose::Test);
  CHECK_FALSE(p.strike(0, 0, d, o, s, 0, nullptr));
  CHECK(o.wounds == std::array<int8_t, 3>{0, 0, 0});
  CHECK(p.strike(0, 0, d, o, s, 6, nullptr));
  CHECK(o.wounds == std::array<int8_t, 3>{1, 0, 0});
  CHECK(o.unstable);
  CHECK(o.check_at == 6 + kHour);  // a light wound's unstable period
  CHECK(p.strike(0, 0, d, o, s, 12, nullptr));
  CHECK(o.wounds == std::array<int8_t, 3>{1, 1, 0});
  CHECK(o.check_at == 12 + 15 * kMinute);  // brought forward to the grave wound's period
  CHECK(o.pain == 8);
  CHECK(o.conscious);
  CHECK(p.mortality(o) == 4);
  CHECK(p.first_aid_difficulty(o) == -4);
  CHECK(sc.done());
  // A margin of 8 or more is critical: +6 + 2 = 8.
  Script c;
  c.d(10, 7).d(10, 1);
  c.d(10, 1).d(10, 10);  // 10 pain in one blow: one fainting roll, -9 + 6 - 18 fails
  TrialRng rc(c);
  Stream s2 = rc.stream(Purpose::Test);
  CHECK(p.strike(0, 0, d, o, s2, 18, nullptr));
  CHECK(o.wounds == std::array<int8_t, 3>{1, 1, 1});
  CHECK_FALSE(o.conscious);
  CHECK(o.out);  // an opponent without the player rules: out of the fight when it faints
  CHECK(p.state(o) == fight::State::Dead);
  CHECK(c.done());
}

TEST_CASE("harmonies party: the attacker's own pain is a penalty on its attack",
          "[harmonies][party][scripted]") {
  const LoadedScenario ls = duel();
  const harmonies::Party& p = party_of(ls);
  for (const int pain : {5, 6}) {
    INFO("pain " << pain);
    harmonies::Party::Body d = p.fresh(0), o = p.fresh(1);
    d.pain = pain;
    Script sc;
    sc.d(10, 4).d(10, 1);  // +3 + 4 - 2 - pain: 0 hits (at 0 a success), -1 misses
    TrialRng rng(sc);
    Stream s = rng.stream(Purpose::Test);
    CHECK(p.strike(0, 0, d, o, s, 0, nullptr) == (pain == 5));
    CHECK(o.wounds[0] == (pain == 5 ? 1 : 0));
  }
}

TEST_CASE("harmonies party: at the start of its turn, the survival rolls due and waking",
          "[harmonies][party][scripted]") {
  const LoadedScenario ls = duel();
  const harmonies::Party& p = party_of(ls);
  SECTION("a critical wound's roll every 15 s, at its own time: a failure kills") {
    harmonies::Party::Body d = p.fresh(0);
    Script sc;
    sc.d(10, 10).d(10, 1);  // the critical wound at t = 0: fainting 7 + 9 - 10 = +6 holds
    sc.d(10, 5).d(10, 5);   // roll at 15 s: 8 + 0 - 10 = -2: a failure, the critical worsens
    TrialRng rng(sc);
    Stream s = rng.stream(Purpose::Test);
    p.receive(d, 2, s, 0, nullptr);
    CHECK(d.check_at == 15);
    CHECK(p.dying(d));                // unstable: its turns look after the clock
    p.start_turn(d, s, 12, nullptr);  // nothing due yet: no draw
    CHECK_FALSE(d.dead);
    p.start_turn(d, s, 18, nullptr);
    CHECK(d.dead);
    CHECK(d.died_at == 15);
    CHECK(sc.done());
  }
  SECTION("two rolls due since its last turn, each at its time; then it comes to") {
    harmonies::Party::Body d = p.fresh(0);
    Script sc;
    sc.d(10, 10).d(10, 1);  // the critical wound at t = 0: holds
    sc.d(10, 9).d(10, 1);   // 15 s: +8 + 8 - 10 = 6, a success
    sc.d(10, 9).d(10, 1);   // 30 s: a success
    TrialRng rng(sc);
    Stream s = rng.stream(Purpose::Test);
    p.receive(d, 2, s, 0, nullptr);
    d.conscious = false;
    d.wake_at = 36;
    p.start_turn(d, s, 30, nullptr);
    CHECK(d.check_at == 45);
    CHECK_FALSE(d.conscious);
    Script none;
    TrialRng r2(none);
    Stream s2 = r2.stream(Purpose::Test);
    p.start_turn(d, s2, 36, nullptr);
    CHECK(d.conscious);
    CHECK(d.up_last == 36);
    CHECK(sc.done());
  }
}

TEST_CASE("harmonies party: a medic stabilises a fallen ally mid-fight, who comes to after",
          "[harmonies][party][scripted]") {
  const std::string never = "hit_chance = 0.0\nwound = { light = 1.0 }\n";
  // The horizon at 1 hour: the rest that follows (rules/harmonies/party_rest.cpp; its own
  // tests) would roll blade's stable survival rolls every 6 hours.
  std::string toml = party_text(
      member("blade", 10, never) + member("medic", 0, never, "[party.heals]\nfirst_aid = 5\n") +
          opponent("brute", 5, "hit_chance = 1.0\nwound = { critical = 1.0 }\n"),
      "round_cap = 2\n");
  toml.replace(toml.find("30 days"), 7, "1 hour");
  Script s;
  s.d(20, 10).d(20, 10).d(20, 10);  // initiative: blade 20, medic 10, brute 15
  // Round 1.
  s.no();                  // blade misses
  s.d(2, 1).yes().u(0.5);  // brute: blade (the first of two), a critical wound
  s.d(10, 1).d(10, 9);     // blade's fainting roll: -8 + 7 - 10 pain: faints for 10 minutes
  s.d(10, 6).d(10, 1);     // medic: first aid at -5: +5 + 5 - 5 = 5: blade is stable
  // Round 2: blade, stable and fainted, has nothing due (its next roll in 6 h); the brute's
  // only target is the medic, and misses; the medic has nobody to tend and attacks.
  s.no();
  s.no();
  // The aftermath: rounds while blade is fainted, no draw; it comes to at 10 minutes.
  const test::Played p = test::play_scripted(toml, s);
  INFO(p.log);
  const LoadedScenario ls = test::load_text(toml);
  CHECK(counter(ls, p.outcome, "fell_blade") == 1);
  CHECK(counter(ls, p.outcome, "heals_used") == 1);  // first-aid rolls given
  CHECK(counter(ls, p.outcome, "deaths") == 0);
  CHECK(counter(ls, p.outcome, "fight_won") == 0);
  const MetricSpec& m = metrics_of(ls.models[0]);
  CHECK(m.ends[p.outcome.end].name() == "unresolved_still_hurt");  // nobody heals: it stays
  CHECK(p.log.find("blade is stable") != std::string::npos);
}

TEST_CASE("harmonies party: first aid that cannot succeed is not tried in the fight either",
          "[harmonies][party][scripted]") {
  // Reading 6 and 9: the medic's first aid -5 on blade's critical wound (-5) is -10, below -9:
  // closed rolls cannot reach 0, so the medic attacks instead (a review saw such attempts in
  // the fight, counted in heals_used, while the aftermath skipped them).
  const std::string never = "hit_chance = 0.0\nwound = { light = 1.0 }\n";
  std::string toml = party_text(
      member("blade", 10, never) + member("medic", 0, never, "[party.heals]\nfirst_aid = -5\n") +
          opponent("brute", 5, "hit_chance = 1.0\nwound = { critical = 1.0 }\n"),
      "round_cap = 2\n");
  toml.replace(toml.find("30 days"), 7, "1 hour");
  Script s;
  s.d(20, 10).d(20, 10).d(20, 10);  // initiative: blade 20, medic 10, brute 15
  s.no();                           // round 1: blade misses
  s.d(2, 1).yes().u(0.5);           // brute: blade, a critical wound
  s.d(10, 1).d(10, 9);              // blade faints
  s.no();                           // medic: no first aid (it cannot succeed): it attacks
  s.no();                           // round 2: the brute at the medic misses
  s.no();                           // the medic attacks again
  s.d(10, 1).d(10, 10);             // the aftermath: blade's survival roll at 15 s fails: dead
  const test::Played p = test::play_scripted(toml, s);
  INFO(p.log);
  const LoadedScenario ls = test::load_text(toml);
  CHECK(counter(ls, p.outcome, "heals_used") == 0);
  CHECK(counter(ls, p.outcome, "died_blade") == 1);
  CHECK(p.log.find("gives first aid") == std::string::npos);
}

TEST_CASE("harmonies party: the fight ends when the last opponent faints",
          "[harmonies][party][scripted]") {
  const std::string toml =
      party_text(member("blade", 10, kSkill) +
                 opponent("brute", 0, "hit_chance = 0.0\nwound = { light = 1.0 }\n"));
  Script s;
  s.d(20, 10).d(20, 10);  // initiative: blade 20, brute 10
  s.d(10, 7).d(10, 1);    // blade: +6 + 4 - 2 = 8, critical
  s.d(10, 1).d(10, 10);   // brute's fainting roll: -9 + 6 - 10 fails: out of the fight
  const test::Played p = test::play_scripted(toml, s);
  INFO(p.log);
  const LoadedScenario ls = test::load_text(toml);
  CHECK(counter(ls, p.outcome, "fight_won") == 1);
  CHECK(counter(ls, p.outcome, "opponents_defeated") == 1);
  const MetricSpec& m = metrics_of(ls.models[0]);
  CHECK(m.ends[p.outcome.end].name() == "recovered");
  CHECK(p.outcome.durations[static_cast<size_t>(m.duration_index("fight_length"))] == 6);
}

namespace {

// The duel as a chain over (hits the member can still take, hits the opponent can still take):
// each round the member strikes first (p), then the opponent (q); every hit is a light wound,
// and a combatant whose light level is full dies of the next (no grave or critical room left:
// the wound escalates beyond the critical cap). Nobody can faint or worsen (fainting and
// survival 30 against at most -9 pain and a closed ±d10).
test::DuelExact solve_duel(int hits_member, int hits_opponent, double p, double q) {
  const test::DuelChain d = test::alternating_duel(hits_member, hits_opponent, p, q);
  return {d.fell, d.won, d.rounds};
}

}  // namespace

TEST_CASE("harmonies party: a duel to the death against its exact Markov chain",
          "[harmonies][party][markov][statistics]") {
  struct Case {
    int light_member, light_opponent;
    double p, q;
  };
  const Case cases[] = {{2, 2, 0.5, 0.5}, {1, 3, 0.6, 0.4}, {3, 1, 0.3, 0.7}};
  uint64_t seed = 70;
  for (const Case& c : cases) {
    const test::DuelExact e = solve_duel(c.light_member + 1, c.light_opponent + 1, c.p, c.q);
    const std::string toml = party_text(
        "[[party]]\nname = \"duellist\"\ninitiative = 20\n" +
            std::string("survival = 30\nfainting = 30\n[party.caps]\nlight = ") +
            std::to_string(c.light_member) + "\ngrave = 0\ncritical = 0\n" +
            "[[party.attacks]]\nhit_chance = " + std::to_string(c.p) +
            "\nwound = { light = 1.0 }\n" + "[[opponents]]\nname = \"brute\"\ninitiative = -10\n" +
            "survival = 30\nfainting = 30\n[opponents.caps]\nlight = " +
            std::to_string(c.light_opponent) + "\ngrave = 0\ncritical = 0\n" +
            "[[opponents.attacks]]\nhit_chance = " + std::to_string(c.q) +
            "\nwound = { light = 1.0 }\n",
        "round_cap = 1000\n");
    const LoadedScenario ls = test::load_text(toml);
    const uint64_t n = 100'000;
    INFO("light caps " << c.light_member << " vs " << c.light_opponent << ", p " << c.p << ", q "
                       << c.q);
    test::check_duel(ls, ++seed, n, e);
  }
}

TEST_CASE("harmonies party: bad input is located and explained", "[harmonies][party][errors]") {
  const std::string hero = member("hero", 0, kSkill);
  const std::string orc = opponent("orc", 0, kSkill);
  auto error = [](const std::string& toml) {
    return test::error_of([&] { test::load_text(toml); });
  };
  CHECK_THAT(error(party_text("[[party]]\nname = \"hero\"\nsurvival = 8\n" + orc)),
             Catch::Contains("party[1]") && Catch::Contains("no attacks"));
  CHECK_THAT(error(party_text(member("medic", 0, kSkill, "[party.heals]\n") + orc)),
             Catch::Contains("party[1].heals") && Catch::Contains("nothing to heal with"));
  // Opponents without survival cannot be harmed: each leaves after its rounds, all or none.
  test::check_untouchable_errors([&](const std::string& t) { return party_text(t); }, hero, orc,
                                 "survival", kSkill);
  CHECK_THAT(error(party_text(member("hero", 0, kSkill + "hit_chance = 0.5\n") + orc)),
             Catch::Contains("party[1].attacks[1].hit_chance: both skill and hit_chance") &&
                 Catch::Contains("remove hit_chance"));
  CHECK_THAT(error(party_text(member("hero", 0, "hit_chance = 0.5\n") + orc)),
             Catch::Contains("party[1].attacks[1]") && Catch::Contains("wound"));
  CHECK_THAT(
      error(party_text(member("hero", 0, "skill = 3\ngrave_at = 5\ncritical_at = 5\n") + orc)),
      Catch::Contains("party[1].attacks[1].critical_at"));
  for (const char* single : {"character", "encounter", "aftercare", "recovery"})
    CHECK_THAT(error(party_text(hero + orc + "[" + single + "]\nrounds = 1\n")),
               Catch::Contains(single) && Catch::Contains("remove [[party]]"));
  // A key the party fight does not read (a pf2 opponent's hp) is refused, not ignored.
  CHECK_THAT(error(party_text(hero + opponent("orc", 0, kSkill, "hp = 12\n"))),
             Catch::Contains("opponents[1].hp") && Catch::Contains("unknown key"));
  // On the command line: the located error, status 2, nothing written.
  const std::string bad = test::write_file(
      "harmonies-party-bad.toml", party_text("[[party]]\nname = \"hero\"\nsurvival = 8\n" + orc));
  const std::string out = test::fresh_path("harmonies-party-bad-out");
  const test::CliResult r = test::cli({"run", bad, "--out", out});
  CHECK(r.status == 2);
  CHECK_THAT(r.err, Catch::StartsWith(bad + ":") && Catch::Contains("error: party[1]"));
  CHECK(test::names_in(out).empty());
}
