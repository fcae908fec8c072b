// The party-fight tests' helpers: tests/party_support.h.
#include "tests/party_support.h"

#include <Eigen/Dense>

#include "sim/engine/runner.h"
#include "tests/cli_support.h"
#include "tests/support.h"

namespace leth::test {

std::string combatant_text(const std::string& table, const std::string& name,
                           const std::string& hp_key, int hp, int initiative,
                           const std::string& attack, const std::string& extra) {
  return "[[" + table + "]]\nname = \"" + name + "\"\n" + hp_key + " = " + std::to_string(hp) +
         "\ninitiative = " + std::to_string(initiative) + "\n" + extra + "\n[[" + table +
         ".attacks]]\n" + attack + "\n";
}

uint32_t counter(const LoadedScenario& ls, const Outcome& o, const std::string& name) {
  const int i = metrics_of(ls.models[0]).counter_index(name);
  REQUIRE(i >= 0);
  return o.counters[static_cast<size_t>(i)];
}

Seconds duration(const LoadedScenario& ls, const Outcome& o, const std::string& name) {
  const int i = metrics_of(ls.models[0]).duration_index(name);
  REQUIRE(i >= 0);
  REQUIRE(o.has(static_cast<size_t>(i)));
  return o.durations[static_cast<size_t>(i)];
}

DuelChain alternating_duel(int member, int opponent, double p, double q) {
  const int n = member * opponent;
  auto idx = [&](int a, int b) { return (a - 1) * opponent + (b - 1); };
  Eigen::MatrixXd Q = Eigen::MatrixXd::Zero(n, n);
  Eigen::VectorXd won = Eigen::VectorXd::Zero(n), fell = Eigen::VectorXd::Zero(n);
  for (int a = 1; a <= member; ++a)
    for (int b = 1; b <= opponent; ++b) {
      const int i = idx(a, b);
      auto opponent_turn = [&](double w, int bb) {
        if (a == 1)
          fell(i) += w * q;
        else
          Q(i, idx(a - 1, bb)) += w * q;
        Q(i, idx(a, bb)) += w * (1 - q);
      };
      if (b == 1)
        won(i) += p;
      else
        opponent_turn(p, b - 1);
      opponent_turn(1 - p, b);
    }
  const Eigen::MatrixXd N = (Eigen::MatrixXd::Identity(n, n) - Q).inverse();
  const int start = idx(member, opponent);
  return {(N * fell)(start), (N * won)(start), N.row(start).sum()};
}

void check_duel(const LoadedScenario& ls, uint64_t seed, uint64_t n, const DuelExact& e,
                double round_seconds) {
  const RunTally t = run_trials(ls, seed, 0, n);
  const Tally& x = t.variants[0];
  const MetricSpec& m = metrics_of(ls.models[0]);
  const double dn = static_cast<double>(n);
  const double death = static_cast<double>(x.ends_in(m.end_mask(EndKind::Died))) / dn;
  const double won =
      static_cast<double>(x.counter_trials[static_cast<size_t>(m.counter_index("fight_won"))]) / dn;
  INFO("P(death) exact " << e.death << ", MC " << death);
  CHECK(std::fabs(death - e.death) <= 4 * std::sqrt(e.death * (1 - e.death) / dn));
  INFO("P(won) exact " << e.won << ", MC " << won);
  CHECK(std::fabs(won - e.won) <= 4 * std::sqrt(e.won * (1 - e.won) / dn));
  if (std::isnan(e.rounds)) return;
  const LogHistogram& len = x.durations[static_cast<size_t>(m.duration_index("fight_length"))];
  const double rounds = len.mean() / round_seconds;
  INFO("E[rounds] exact " << e.rounds << ", MC " << rounds);
  CHECK(std::fabs(rounds - e.rounds) <= 4 * std::sqrt(len.variance() / dn) / round_seconds);
}

void check_untouchable_errors(const std::function<std::string(const std::string&)>& text,
                              const std::string& hero, const std::string& foe,
                              const std::string& health, const std::string& attack) {
  auto error = [&](const std::string& body) { return error_of([&] { load_text(text(body)); }); };
  const std::string ghost = "[[opponents]]\nname = \"ghost\"\n[[opponents.attacks]]\n" + attack;
  const std::string ghost_2 =
      "[[opponents]]\nname = \"ghost\"\nrounds = 2\n[[opponents.attacks]]\n" + attack;
  CHECK_THAT(error(hero + ghost),
             Catch::Contains("opponents[1]") && Catch::Contains("leaves after its rounds"));
  CHECK_THAT(error(hero + foe + ghost_2),
             Catch::Contains("opponents[2]") && Catch::Contains("gives no " + health));
  CHECK_THAT(error(hero + ghost_2 + foe),
             Catch::Contains("opponents[2]") &&
                 Catch::Contains("gives " + health + ", the first one does not"));
}

int check_day_against_fight(const std::string& example, const std::string& longer, uint64_t seed,
                            uint64_t n) {
  const std::string text = read_file(source_path(example));
  const LoadedScenario base = load_text(text);
  const size_t at = text.find("\n[fight]");
  REQUIRE(at != std::string::npos);
  const LoadedScenario one =
      load_text(text.substr(0, at) + "\n[day]\nencounters = 1\n" + text.substr(at));
  const LoadedScenario day = load_text(text.substr(0, at) + "\n" + longer + text.substr(at));
  // The base's counters, by name: a [day] declares its `encounters` among them.
  const MetricSpec& named = metrics_of(base.models[0]);
  const MetricSpec& one_named = metrics_of(one.models[0]);
  int more = 0;
  for (uint64_t i = 0; i < n; ++i) {
    const Outcome a = replay_trial(base, 0, seed, i, nullptr);
    const Outcome b = replay_trial(one, 0, seed, i, nullptr);
    const Outcome c = replay_trial(day, 0, seed, i, nullptr);
    INFO("trial " << i);
    REQUIRE(a.end == b.end);
    REQUIRE(a.end_time == b.end_time);
    for (size_t k = 0; k < named.counters.size(); ++k) {
      const int kb = one_named.counter_index(named.counters[k].name);
      REQUIRE(kb >= 0);
      REQUIRE(a.counters[k] == b.counters[static_cast<size_t>(kb)]);
    }
    // The first encounter is the same fight: every member it kills dies in the day.
    REQUIRE(counter(day, c, "deaths") >= counter(base, a, "deaths"));
    if (counter(base, a, "deaths") == 0 && counter(day, c, "encounters") > 1) ++more;
  }
  return more;
}

int check_night_as_travel(const std::string& example, const std::string& night_line,
                          uint64_t seed, uint64_t n) {
  const std::string text = read_file(source_path(example));
  const size_t at = text.find("\n[fight]");
  REQUIRE(at != std::string::npos);
  auto with = [&](const std::string& day) {
    return load_text(text.substr(0, at) + "\n" + day + text.substr(at));
  };
  const LoadedScenario days = with("[day]\nencounters = 1\ndays = 2\n");
  const LoadedScenario road = with("[day]\nencounters = 2\ntravel = \"8 hours\"\n");
  const size_t counters = metrics_of(days.models[0]).counters.size();
  int second = 0;
  bool told = false;
  for (uint64_t i = 0; i < n; ++i) {
    INFO("trial " << i);
    EventLog log;
    const Outcome a = replay_trial(days, 0, seed, i, told ? nullptr : &log);
    const Outcome b = replay_trial(road, 0, seed, i, nullptr);
    REQUIRE(a.end == b.end);
    REQUIRE(a.end_time == b.end_time);
    for (size_t k = 0; k < counters; ++k) REQUIRE(a.counters[k] == b.counters[k]);
    if (counter(days, a, "encounters") < 2) continue;
    ++second;
    if (told) continue;
    told = true;
    bool night = false;
    for (const EventLog::Entry& e : log.entries()) night = night || e.text == night_line;
    CHECK(night);
  }
  CHECK(told);
  return second;
}

int check_day_campaign(const std::string& example, uint64_t seed, uint64_t n) {
  const std::string text = read_file(source_path(example));
  const LoadedScenario day = load_text(text);
  std::string with = text;
  with.insert(with.find("\n["), "\n[campaign]\nadventures = 3\n");
  const LoadedScenario camp = load_text(with, "camp.toml");
  const uint64_t died = metrics_of(day).end_mask(EndKind::Died);
  int went_on = 0;
  for (uint64_t i = 0; i < n; ++i) {
    INFO("trial " << i);
    const Outcome o = replay_trial(day, 0, seed, i, nullptr);
    const Outcome c = replay_trial(camp, 0, seed, i, nullptr);
    if ((died >> o.end) & 1) {
      REQUIRE(c.adventures == 0);
      REQUIRE(c.end == o.end);
      REQUIRE(c.end_time == o.end_time);
    } else if (c.adventures >= 1) {
      ++went_on;
    }
  }
  return went_on;
}

}  // namespace leth::test
