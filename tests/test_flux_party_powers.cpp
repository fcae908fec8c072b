// A flux member's powers that cost Flux (docs/parties.md, flux's own keys: `flux_cost`,
// `keep`, `instead_of`; rules/flux/README.md, the party fight, 11): a power like the attack it
// replaces changes no outcome, trial by trial, but the counter flux_spent, which adds up the
// spends the story tells; Flux is never spent below `keep`, and one spent to 0 is exhausted
// (its odd d20s count 0) until a rest; bad keys are located.
#include <catch2/catch.hpp>

#include <string>

#include "sim/engine/runner.h"
#include "tests/cli_support.h"
#include "tests/support.h"

using namespace leth;

namespace {

const char* const kRuinsDay = "scenarios/examples/flux-ruins-day.toml";

// The day's scout with `powers` after its bow.
std::string scout_with(const std::string& powers) {
  std::string text = test::read_file(test::source_path(kRuinsDay));
  const std::string bow = "strikes = 2                    # two arrows a turn\n";
  const size_t at = text.find(bow);
  REQUIRE(at != std::string::npos);
  text.insert(at + bow.size(), powers);
  return text;
}

// Each "scout spends N Flux on ... (Flux F left" line of `story`: N and F.
std::vector<std::pair<int, int>> spends(const std::string& story) {
  std::vector<std::pair<int, int>> out;
  const std::string marker = "] scout spends ";
  for (size_t p = story.find(marker); p != std::string::npos; p = story.find(marker, p + 1)) {
    const int n = std::stoi(story.substr(p + marker.size()));
    const size_t left = story.find("(Flux ", p) + 6;
    out.emplace_back(n, std::stoi(story.substr(left)));
  }
  return out;
}

}  // namespace

TEST_CASE("flux powers: a power like the attack it replaces changes nothing but flux_spent",
          "[flux][party][invariant]") {
  // The bow, and a copy of it costing 1 Flux and keeping 1: while the Flux lasts the copy
  // makes the bow's rolls; Flux never reaches 0, so no test changes.
  const LoadedScenario base = test::load_text(scout_with(""), "base.toml");
  const LoadedScenario same = test::load_text(
      scout_with("[[party.attacks]]\nname = \"bow copy\"\nattack_bonus = 7\ndamage = \"1d6+1\"\n"
                 "strikes = 2\nflux_cost = 1\nkeep = 1\ninstead_of = \"bow\"\n"),
      "same.toml");
  const size_t spent = test::counter_index(metrics_of(same), "flux_spent");
  CHECK(test::counter_index(metrics_of(base), "flux_spent") == spent);  // declared without too
  uint64_t total = 0;
  for (uint64_t trial = 0; trial < 300; ++trial) {
    INFO("trial " << trial);
    EventLog log;
    Outcome o = replay_trial(same, 0, 5, trial, &log);
    uint32_t told = 0;
    for (const auto& [n, left] : spends(log.render())) {
      CHECK(n == 1);
      CHECK(left >= 1);  // keep = 1
      told += static_cast<uint32_t>(n);
    }
    CHECK(o.counters[spent] == told);
    o.counters[spent] = 0;
    const Outcome b = replay_trial(base, 0, 5, trial, nullptr);
    CHECK(b.counters[spent] == 0);
    CHECK(o == b);
    total += told;
  }
  CHECK(total > 300);  // the copy was made: the checks can fail
}

TEST_CASE("flux powers: spent only above keep; at 0 Flux the member is exhausted",
          "[flux][party]") {
  // A fire arrow of 4 Flux: with keep = 2 the scout (10 Flux) spends twice, then shoots its
  // bow; with keep = 0 and 10 Flux a shot, once, and its next rolls count odd d20s as 0.
  for (const int keep : {2, 0}) {
    INFO("keep " << keep);
    const int cost = keep == 2 ? 4 : 10;
    const LoadedScenario ls = test::load_text(
        scout_with("[[party.attacks]]\nname = \"fire arrow\"\nattack_bonus = 7\n"
                   "damage = \"2d6+1\"\nflux_cost = " + std::to_string(cost) +
                   "\nkeep = " + std::to_string(keep) + "\ninstead_of = \"bow\"\n"),
        "arrow.toml");
    uint64_t exhausted = 0;
    for (uint64_t trial = 0; trial < 200; ++trial) {
      INFO("trial " << trial);
      EventLog log;
      replay_trial(ls, 0, 5, trial, &log);
      const std::string story = log.render();
      const std::vector<std::pair<int, int>> made = spends(story);
      // Flux back only at night's rest (4) or, at 0, an hour's 1D4: never more spends than
      // the Flux allows before the first night.
      const size_t night = story.find("night");
      int before = 0;
      for (const auto& [n, left] : made) {
        CHECK(n == cost);
        CHECK(left >= keep);
        const size_t at = story.find("Flux " + std::to_string(left) + " left");
        if (night == std::string::npos || at < night) ++before;
      }
      CHECK(before <= (10 - keep) / cost);
      if (keep > 0 || made.empty()) continue;
      // Spent to 0: exhausted, so its next attack's odd d20 counts 0 (until a rest).
      const size_t at = story.find("(Flux 0 left: exhausted)");
      REQUIRE(at != std::string::npos);
      const size_t next = story.find("scout hits", at) < story.find("scout misses", at)
                              ? story.find("scout hits", at)
                              : story.find("scout misses", at);
      if (next == std::string::npos) continue;
      const std::string line = story.substr(next, story.find('\n', next) - next);
      const int d20 = std::stoi(line.substr(line.find("d20 ") + 4));
      if (d20 % 2 == 1) {
        CHECK(line.find("(odd: 0)") != std::string::npos);
        ++exhausted;
      }
    }
    if (keep == 0) CHECK(exhausted > 20);  // the checks can fail
  }
}

TEST_CASE("flux powers: bad keys are located and explained", "[flux][party][errors]") {
  const auto error = [](const std::string& powers) {
    return test::error_of([&] { test::load_text(scout_with(powers), "bad.toml"); });
  };
  const std::string arrow = "[[party.attacks]]\nname = \"arrow\"\nattack_bonus = 7\n"
                            "damage = \"1d6\"\n";
  CHECK_THAT(error(arrow + "keep = 1\n"),
             Catch::Contains("bad.toml:") && Catch::Contains("keep") &&
                 Catch::Contains("flux_cost"));
  CHECK_THAT(error(arrow + "instead_of = \"bow\"\n"), Catch::Contains("flux_cost"));
  CHECK_THAT(error(arrow + "flux_cost = 2\ninstead_of = \"sword\"\n"),
             Catch::Contains("\"sword\"") && Catch::Contains("\"bow\""));
  CHECK_THAT(error(arrow + "flux_cost = 0\n"), Catch::Contains("flux_cost"));
  CHECK(error(arrow + "flux_cost = 2\ninstead_of = \"bow\"\n").empty());
  // An opponent has no powers: the key is not one of its.
  std::string text = test::read_file(test::source_path(kRuinsDay));
  const std::string claws = "name = \"claws\"\n";
  text.insert(text.find(claws) + claws.size(), "flux_cost = 2\n");
  CHECK_THAT(test::error_of([&] { test::load_text(text, "opp.toml"); }),
             Catch::Contains("opp.toml:") && Catch::Contains("flux_cost"));
}
