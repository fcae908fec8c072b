// Zero heap allocations per trial (issue "Seams", speed): once a model is built and the
// runner's timeline has grown to the busiest trial seen, a trial allocates nothing — no
// vectors, strings or events on the heap. Counted with a replaced global operator new.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "sim/engine/registry.h"
#include "sim/engine/runner.h"
#include "tests/alloc_counter.h"
#include "tests/support.h"

using namespace leth;

namespace {

// Allocations made by trials [first, first + n) of every variant, played a second time: the
// first pass grows the timeline to the busiest of these trials (a one-off, amortised over a
// run), the second must allocate nothing at all.
uint64_t allocations_per_trials(const LoadedScenario& ls, uint64_t first, uint64_t n) {
  Timeline timeline;
  auto play = [&](uint64_t lo, uint64_t hi) {
    uint64_t ends = 0;
    for (uint64_t trial = lo; trial < hi; ++trial)
      for (size_t v = 0; v < ls.models.size(); ++v) {
        TrialRng rng(1, trial);
        timeline.clear();
        TrialContext ctx{rng, nullptr, timeline};
        ends += play_trial(ls, v, ctx).end;  // a campaign's too
      }
    return ends;
  };
  play(first, first + n);  // warm-up: the timeline grows to what these trials need
  const uint64_t before = test::allocations();
  const uint64_t ends = play(first, first + n);
  const uint64_t after = test::allocations();
  CHECK(ends > 0);  // the trials ran and ended in several ways
  return after - before;
}

}  // namespace

TEST_CASE("allocations: the counter sees an allocation", "[alloc]") {
  const uint64_t before = test::allocations();
  auto* p = new std::vector<int>(100);
  CHECK(test::allocations() >= before + 2);
  delete p;
}

TEST_CASE("allocations: a pf2 trial makes no heap allocation", "[alloc]") {
  for (const char* file :
       {"bench/pf2-bench.toml", "scenarios/examples/pf2-no-mercy.toml",
        "scenarios/examples/pf2-lone-fighter-ambush.toml",
        "scenarios/examples/pf2-caster-critical.toml", "scenarios/examples/pf2-troll.toml"}) {
    INFO(file);
    const LoadedScenario ls = load_scenario(test::source_path(file));
    CHECK(allocations_per_trials(ls, 2000, 20000) == 0);
  }
}

TEST_CASE("allocations: no ruleset's trial makes a heap allocation", "[alloc]") {
  // Every bundled scenario of every ruleset, after the same warm-up.
  for (const auto& entry : std::filesystem::directory_iterator(
           test::source_path("scenarios/examples"))) {
    const std::string file = entry.path().string();
    if (entry.path().extension() != ".toml") continue;
    INFO(file);
    for (const LoadedScenario& ls : load_scenarios(file))  // a file may hold several rulesets
      CHECK(allocations_per_trials(ls, 2000, 5000) == 0);
  }
}

TEST_CASE("allocations: a campaign going on wounded makes no heap allocation", "[alloc]") {
  // campaign.downtime: what a body carries into the next adventure, one character and party,
  // is held in place (docs/campaigns.md).
  const std::string campaign = "\n[campaign]\nadventures = 3\ndowntime = \"2 hours\"\n";
  for (const char* file : {"scenarios/examples/pf2-party-ambush.toml",
                           "scenarios/examples/pf2-fighter-campaign.toml",
                           "scenarios/examples/flux-ruins-party-campaign.toml",
                           "scenarios/examples/flux-ruins-party-replace.toml",
                           "scenarios/examples/unisystem-alley-party.toml",
                           "scenarios/examples/harmonies-party-duel.toml",
                           "scenarios/examples/dnd5e-goblin-campaign.toml",
                           "scenarios/examples/dnd5e-adventuring-day.toml",
                           "scenarios/examples/pf2-adventuring-day.toml",
                           "scenarios/examples/flux-ruins-day.toml",
                           "scenarios/examples/unisystem-alley-day.toml",
                           "scenarios/examples/harmonies-caravan-day.toml"}) {
    INFO(file);
    std::ifstream in(test::source_path(file));
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    REQUIRE(!text.empty());
    const size_t at = text.find("[campaign]\n");
    if (at == std::string::npos)
      text += campaign;
    else
      text.insert(at + 11, "downtime = \"2 days\"\n");
    CHECK(allocations_per_trials(test::load_text(text), 2000, 3000) == 0);
  }
}
