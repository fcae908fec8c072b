// Retirement by a stat's floor (docs/campaigns.md, [campaign] retire_stat_loss): a campaign
// with the rule is the campaign without it, trial for trial, until the summed change of the
// named sequela reaches the floor after an adventure short of the last; the located errors.
#include <catch2/catch.hpp>

#include <fstream>
#include <iterator>

#include "sim/engine/campaign.h"
#include "sim/engine/runner.h"
#include "tests/support.h"

using namespace leth;

namespace {

// The flux scout of flux-scout-coma.toml with a [campaign] table before its first table.
std::string scout(const std::string& campaign) {
  std::ifstream in(test::source_path("scenarios/examples/flux-scout-coma.toml"));
  std::string toml((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  toml.insert(toml.find("\n["), "\n[campaign]\n" + campaign);
  return toml;
}

// The summed magnitude of the sequela `name` in a trial's outcome.
int64_t summed(const LoadedScenario& ls, const Outcome& o, const std::string& name) {
  const auto& q = metrics_of(ls.models[0]).sequelae;
  int64_t s = 0;
  for (size_t i = 0; i < o.sequela_kinds; ++i)
    if (q[o.sequelae[i].id].name == name) s += o.sequelae[i].magnitude;
  return s;
}

}  // namespace

TEST_CASE("campaign: retire_stat_loss retires at a stat's floor, and only there",
          "[campaign][retire]") {
  const LoadedScenario plain = test::load_text(scout("adventures = 6\n"), "plain.toml");
  const LoadedScenario ruled = test::load_text(
      scout("adventures = 6\nretire_stat_loss = { sequela = \"vai_loss\", reaches = -1 }\n"),
      "ruled.toml");
  const MetricSpec& m = metrics_of(ruled);
  REQUIRE(m.ends.back().name() == "lost_retired");
  const uint16_t retired = static_cast<uint16_t>(m.ends.size() - 1);
  int n_retired = 0;
  for (uint64_t i = 0; i < 3000; ++i) {
    INFO("trial " << i);
    const Outcome a = replay_trial(plain, 0, 5, i, nullptr);
    const Outcome b = replay_trial(ruled, 0, 5, i, nullptr);
    if (b.end != retired) {
      // Never retired: the same campaign as without the rule.
      REQUIRE(b.end == a.end);
      REQUIRE(b.adventures == a.adventures);
      REQUIRE(b.end_time == a.end_time);
      continue;
    }
    ++n_retired;
    // Retired after an adventure short of the last, VAI lowered by 1 or more; the campaign
    // without the rule went on past it, carrying that loss.
    REQUIRE(summed(ruled, b, "vai_loss") <= -1);
    REQUIRE(b.adventures < 6);
    REQUIRE(a.adventures >= b.adventures);
    REQUIRE(summed(plain, a, "vai_loss") <= -1);
  }
  CHECK(n_retired > 0);
  // Replayed: the story says which rule retired it.
  for (uint64_t i = 0;; ++i) {
    REQUIRE(i < 3000);
    EventLog log;
    if (replay_trial(ruled, 0, 5, i, &log).end != retired) continue;
    CHECK(log.render().find("its vai_loss at -") != std::string::npos);
    break;
  }
}

TEST_CASE("campaign: retire_stat_loss errors name the sequelae it can use",
          "[campaign][retire][errors]") {
  auto err = [](const std::string& rule) {
    return test::error_of(
        [&] { test::load_text(scout("adventures = 3\nretire_stat_loss = " + rule + "\n"), "b.toml"); });
  };
  const std::string unknown = err("{ sequela = \"vai\", reaches = -2 }");
  CHECK_THAT(unknown, Catch::Contains("b.toml:") && Catch::Contains("\"vai\"") &&
                          Catch::Contains("vai_loss") && Catch::Contains("adr_loss"));
  CHECK_THAT(err("{ sequela = \"vai_loss\", reaches = 0 }"), Catch::Contains("reaches"));
  CHECK_THAT(err("{ sequela = \"vai_loss\" }"), Catch::Contains("reaches"));
  CHECK_THAT(err("2"), Catch::Contains("retire_stat_loss = {"));
  CHECK(err("{ sequela = \"vai_loss\", reaches = -2 }").empty());
  // A sequela without a magnitude: counted by retire_sequelae, not a stat.
  const std::string eye = test::error_of([] {
    test::load_text("name = \"x\"\nruleset = \"dnd5e\"\n[character]\nmax_hp = 10\n[encounter]\n"
                    "[[encounter.attackers]]\nhit_chance = 0.3\ndamage = \"20\"\n[campaign]\n"
                    "adventures = 3\nretire_stat_loss = { sequela = \"lost_eye\", reaches = -1 }\n",
                    "eye.toml");
  });
  CHECK_THAT(eye, Catch::Contains("eye.toml:") && Catch::Contains("retire_sequelae"));
}
