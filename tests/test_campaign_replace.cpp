// A party campaign that plays on after a death (after_a_death = "replace", docs/campaigns.md):
// a newcomer takes each dead member's place and only the whole party's death ends it. Each
// member's life table (Tally::member_died_in, member_left_after) is counted again here trial by
// trial from replays, in every ruleset that plays it; the first adventure is the campaign's
// that ends at a death, draw for draw; the newcomer is in the story; the key's mistakes are
// located.
#include <catch2/catch.hpp>

#include "analysis/life_table.h"
#include "sim/engine/campaign.h"
#include "sim/engine/runner.h"
#include "tests/cli_support.h"
#include "tests/support.h"

using namespace leth;

namespace {

const char* const kRuins = "scenarios/examples/flux-ruins-party-campaign.toml";

// The bundled flux party campaign, with `key` added to its [campaign].
LoadedScenario ruins(const std::string& key) {
  std::string text = test::read_file(test::source_path(kRuins));
  const std::string at = "adventures = 10\n";
  const size_t p = text.find(at);
  REQUIRE(p != std::string::npos);
  text.insert(p + at.size(), key);
  return test::load_text(text, "ruins.toml");
}

}  // namespace

TEST_CASE("campaign replace: each member's life table is its replays', past the deaths",
          "[campaign][party][flux]") {
  const LoadedScenario camp = ruins("after_a_death = \"replace\"\n");
  const MetricSpec& m = metrics_of(camp);
  const std::vector<std::string> names = member_names(m);
  REQUIRE(names == std::vector<std::string>{"warrior", "scout", "healer"});
  const uint64_t n = 400, seed = 5;
  const RunTally t = run_trials(camp, seed, 0, n);
  const Tally& x = t.variants[0];
  const size_t rows = static_cast<size_t>(m.adventures) + 1;
  const uint64_t died = m.end_mask(EndKind::Died);
  std::vector<uint64_t> dead_in(names.size() * rows, 0), at_risk(names.size() * rows, 0);
  uint64_t went_on = 0;  // a member dead, the campaign played on past that adventure
  for (uint64_t trial = 0; trial < n; ++trial) {
    const Outcome o = replay_trial(camp, 0, seed, trial, nullptr);
    // The adventures the campaign began: those lived, and the one it died in.
    const size_t began = o.adventures + ((died >> o.end) & 1);
    for (size_t j = 0; j < names.size(); ++j) {
      const uint16_t d = o.member_died_in[j];
      if (d > 0) ++dead_in[j * rows + d];
      if (d > 0 && d < began) ++went_on;
      for (size_t k = 1; k <= began; ++k)
        if (d == 0 || d >= k) ++at_risk[j * rows + k];
    }
  }
  CHECK(x.member_died_in == dead_in);
  CHECK(went_on > 50);  // the party played on past deaths: the check can fail
  const std::vector<MemberLifeRow> each = member_life_table(x, IntervalKind::Wilson);
  REQUIRE(each.size() == names.size() * rows);
  for (size_t j = 0; j < names.size(); ++j)
    for (size_t k = 1; k < rows; ++k) {
      INFO(names[j] << ", adventure " << k);
      CHECK(each[j * rows + k].at_risk == at_risk[j * rows + k]);
    }
  // The healer, the likeliest to die, is at risk in fewer campaigns than the party began.
  CHECK(each[2 * rows + 5].at_risk < x.survivors()[4]);
  // The party's own table ends only at a death of all three in one adventure.
  for (size_t e = 0; e < m.ends.size(); ++e)
    if (((died >> e) & 1) && m.ends[e].name() != "died_3_members") CHECK(x.ends[e] == 0);
}

TEST_CASE("campaign replace: the story names the newcomer", "[campaign][party][flux]") {
  const LoadedScenario camp = ruins("after_a_death = \"replace\"\n");
  const uint64_t seed = 5;
  for (uint64_t trial = 0; trial < 200; ++trial) {
    const Outcome o = replay_trial(camp, 0, seed, trial, nullptr);
    if (o.member_died_in[2] != 1 || o.adventures < 2) continue;
    EventLog log;
    replay_trial(camp, 0, seed, trial, &log);
    const std::string story = log.render();
    const size_t second = story.find("adventure 2 of 10 begins");
    REQUIRE(second != std::string::npos);
    CHECK(story.find("healer is a newcomer, in the place of the one who died", second) !=
          std::string::npos);
    CHECK(story.find("is a newcomer") > story.find("healer dies"));
    // It carries nothing of the one it replaces into its first adventure.
    const size_t third = story.find("adventure 3 of 10 begins");
    CHECK(story.substr(second, third - second).find("healer carries") == std::string::npos);
    return;
  }
  FAIL("no trial in which the healer died in the first adventure and the party went on");
}

namespace {

// A bundled party scenario as a campaign that replaces its dead (without `replace`, the same
// campaign ending at the first death).
std::string party_campaign(const std::string& file, bool replace, const std::string& more) {
  return test::party_campaign(file, (replace ? "after_a_death = \"replace\"\n" : "") + more);
}

}  // namespace

TEST_CASE("campaign replace: every ruleset that plays it, against its replays",
          "[campaign][party]") {
  // `goes_hurt`: survivors of a death go on hurt at a downtime in some trial (not unisystem's,
  // whose fallen stay in bed until their HP are full, README interpretation 27).
  struct Case {
    const char* file;
    const char* more;
    bool goes_hurt;
  };
  const Case cases[] = {
      {"scenarios/examples/pf2-party-road-campaign.toml", "", true},
      {"scenarios/examples/dnd5e-party-crypt-campaign.toml", "", true},
      {"scenarios/examples/unisystem-alley-day.toml", "", false},
      {"scenarios/examples/flux-ruins-party-campaign.toml", "downtime = \"2 days\"\n", true},
      {"scenarios/examples/harmonies-caravan-day.toml", "", true}};
  for (const auto& [file, more, goes_hurt] : cases) {
    INFO(file);
    const LoadedScenario camp = test::load_text(party_campaign(file, true, more), "camp.toml");
    const LoadedScenario ends = test::load_text(party_campaign(file, false, more), "ends.toml");
    const MetricSpec& m = metrics_of(camp);
    const std::vector<std::string> names = member_names(m);
    const uint64_t n = 300, seed = 5;
    const Tally x = run_trials(camp, seed, 0, n).variants[0];
    const size_t rows = static_cast<size_t>(m.adventures) + 1;
    const uint64_t died = m.end_mask(EndKind::Died);
    std::vector<uint64_t> dead_in(names.size() * rows, 0), at_risk(names.size() * rows, 0);
    uint64_t went_on = 0, first = 0;
    bool told = false, left = false;
    for (uint64_t trial = 0; trial < n; ++trial) {
      const Outcome o = replay_trial(camp, 0, seed, trial, nullptr);
      const Outcome e = replay_trial(ends, 0, seed, trial, nullptr);
      const size_t began = o.adventures + ((died >> o.end) & 1);
      // The first adventure is the one a death ends, draw for draw, until its survivors go on
      // at a downtime: a death there, if any, is the same; a later one the campaign that ends
      // played out, while these survivors had left.
      bool any_o = false, any_e = false;
      for (size_t j = 0; j < names.size(); ++j) {
        any_o = any_o || o.member_died_in[j] == 1;
        any_e = any_e || e.member_died_in[j] == 1;
      }
      CHECK(any_o == any_e);
      for (size_t j = 0; j < names.size(); ++j) {
        const uint16_t d = o.member_died_in[j];
        if (d == 1) CHECK(e.member_died_in[j] == 1);
        first += d == 1;
        if (d > 0) ++dead_in[j * rows + d];
        for (size_t k = 1; k <= began; ++k)
          if (d == 0 || d >= k) ++at_risk[j * rows + k];
        if (d == 0 || d >= began) continue;
        ++went_on;
        if (told && left) continue;
        // The story: the newcomer in the next adventure; the dead left behind at a downtime.
        EventLog log;
        replay_trial(camp, 0, seed, trial, &log);
        const std::string story = log.render();
        const std::string total = " of " + std::to_string(m.adventures) + " begins";
        const size_t in = story.find("adventure " + std::to_string(d) + total);
        const size_t next = story.find("adventure " + std::to_string(d + 1) + total);
        REQUIRE(next != std::string::npos);
        CHECK(story.find(names[j] + " is a newcomer", next) != std::string::npos);
        told = true;
        const size_t gone = story.find("the downtime is over", in);
        if (gone > next) continue;
        const std::string line = story.substr(gone, story.find('\n', gone) - gone);
        INFO(line);
        CHECK(line.find(names[j]) == std::string::npos);
        left = true;
      }
    }
    CHECK(x.member_died_in == dead_in);
    CHECK(first > 5);     // deaths in the first adventure: that check can fail
    CHECK(went_on > 5);   // the party played on past deaths
    CHECK(left == goes_hurt);  // and went on hurt at a downtime after one
    const std::vector<MemberLifeRow> each = member_life_table(x, IntervalKind::Wilson);
    for (size_t j = 0; j < names.size(); ++j)
      for (size_t k = 1; k < rows; ++k) CHECK(each[j * rows + k].at_risk == at_risk[j * rows + k]);
  }
}

TEST_CASE("campaign replace: mistakes are located and explained", "[campaign]") {
  CHECK_THAT(test::error_of([] { ruins("after_a_death = \"replce\"\n"); }),
             Catch::Contains("ruins.toml:") && Catch::Contains("after_a_death") &&
                 Catch::Contains("replace"));
  // A rule to retire is each member's then (test_campaign_retire_member.cpp).
  CHECK(test::error_of([] { ruins("after_a_death = \"replace\"\nretire_sequelae = 2\n"); }) ==
        "");
  CHECK(test::error_of([] { ruins("after_a_death = \"end\"\n"); }) == "");
  // A single character's campaign ends at its death.
  const std::string scout = test::error_of([] {
    test::load_text(party_campaign("scenarios/examples/flux-scout-campaign.toml", true, ""),
                    "scout.toml");
  });
  CHECK_THAT(scout, Catch::Contains("scout.toml:") && Catch::Contains("a party's"));
}
