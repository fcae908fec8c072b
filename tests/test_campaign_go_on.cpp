// A party campaign that goes on short of its dead (after_a_death = "go_on", docs/campaigns.md):
// a dead member's place stays empty, the survivors play the next adventures without it, and
// the campaign ends once every member is dead. In every ruleset's party, trial by trial from
// replays: each member dies once at most; the empty place is told and the member does nothing
// after its death; the campaign ends at the whole party's death (died_<all>); each member's
// life table is its replays'; the first adventure is the campaign's that ends at a death. A
// party that withdraws counts only its members present.
#include <catch2/catch.hpp>

#include <algorithm>

#include "analysis/life_table.h"
#include "sim/engine/campaign.h"
#include "sim/engine/runner.h"
#include "tests/cli_support.h"
#include "tests/support.h"

using namespace leth;

TEST_CASE("campaign go_on: every ruleset's party plays on short of its dead",
          "[campaign][party]") {
  const char* const files[] = {"scenarios/examples/pf2-party-road-campaign.toml",
                               "scenarios/examples/dnd5e-party-crypt-campaign.toml",
                               "scenarios/examples/unisystem-alley-day.toml",
                               "scenarios/examples/flux-ruins-party-campaign.toml",
                               "scenarios/examples/harmonies-caravan-day.toml"};
  for (const char* file : files) {
    INFO(file);
    const LoadedScenario camp =
        test::load_text(test::party_campaign(file, "after_a_death = \"go_on\"\n"), "camp.toml");
    const LoadedScenario ends = test::load_text(test::party_campaign(file, ""), "ends.toml");
    const MetricSpec& m = metrics_of(camp);
    const std::vector<std::string> names = member_names(m);
    const size_t all = names.size();
    const uint64_t n = 300, seed = 5;
    const Tally x = run_trials(camp, seed, 0, n).variants[0];
    const size_t rows = static_cast<size_t>(m.adventures) + 1;
    const uint64_t died = m.end_mask(EndKind::Died);
    const std::string whole = "died_" + std::to_string(all) + "_members";
    std::vector<uint64_t> dead_in(all * rows, 0), at_risk(all * rows, 0);
    uint64_t short_handed = 0, stories = 0;
    for (uint64_t trial = 0; trial < n; ++trial) {
      INFO("trial " << trial);
      const Outcome o = replay_trial(camp, 0, seed, trial, nullptr);
      const Outcome e = replay_trial(ends, 0, seed, trial, nullptr);
      const size_t began = o.adventures + ((died >> o.end) & 1);
      size_t dead = 0;
      for (size_t j = 0; j < all; ++j) {
        const uint16_t d = o.member_died_in[j];
        // Dies once at most: its place is empty afterwards.
        CHECK(o.counters[test::counter_index(m, "died_" + names[j])] == (d > 0 ? 1u : 0u));
        if (d == 1) CHECK(e.member_died_in[j] == 1);  // as the campaign that ends at a death
        dead += d > 0;
        if (d > 0) ++dead_in[j * rows + d];
        for (size_t k = 1; k <= began; ++k)
          if (d == 0 || d >= k) ++at_risk[j * rows + k];
        short_handed += d > 0 && d < began;
      }
      // A death ends the campaign only once every member is dead.
      if ((died >> o.end) & 1) {
        CHECK(m.ends[o.end].name() == whole);
        CHECK(dead == all);
      } else {
        CHECK(dead < all);
      }
      if (stories >= 6) continue;
      // The story: after its death a member's place is told empty at each adventure's start,
      // and it does nothing more (its name on no other line).
      bool read = false;
      for (size_t j = 0; j < all && !read; ++j) {
        const uint16_t d = o.member_died_in[j];
        if (d == 0 || d >= began) continue;
        EventLog log;
        replay_trial(camp, 0, seed, trial, &log);
        const std::string story = log.render();
        for (int k = d + 1; k <= static_cast<int>(began); ++k) {
          const std::string part = test::adventure_story(story, k, m.adventures);
          REQUIRE(!part.empty());
          CHECK(part.find(names[j] + "'s place is empty: dead in an adventure before") !=
                std::string::npos);
          std::string acts;  // the lines naming it, but the empty place's
          size_t at = 0;
          for (size_t end; (end = part.find('\n', at)) != std::string::npos; at = end + 1) {
            const std::string line = part.substr(at, end - at);
            if (line.find(names[j]) != std::string::npos &&
                line.find("'s place is empty") == std::string::npos)
              acts += line + "\n";
          }
          INFO(names[j] << " in adventure " << k << ":\n" << acts);
          CHECK(acts.empty());
        }
        read = true;
      }
      stories += read;
    }
    CHECK(short_handed > 5);  // the party played on past deaths: the checks can fail
    CHECK(stories > 0);
    CHECK(x.member_died_in == dead_in);
    const std::vector<MemberLifeRow> each = member_life_table(x, IntervalKind::Wilson);
    for (size_t j = 0; j < all; ++j)
      for (size_t k = 1; k < rows; ++k) CHECK(each[j * rows + k].at_risk == at_risk[j * rows + k]);
    for (size_t e = 0; e < m.ends.size(); ++e)
      if (((died >> e) & 1) && m.ends[e].name() != whole) CHECK(x.ends[e] == 0);
  }
}

TEST_CASE("campaign go_on: a party that withdraws counts the members present",
          "[campaign][party][flux]") {
  // retreat = 0.3 with three members: one down withdraws. With the healer's place empty the
  // party is two, and one down of two still withdraws; were the empty place counted as down,
  // the party would withdraw at the first blow of every adventure after a death, nobody down.
  std::string text = test::party_campaign("scenarios/examples/flux-ruins-party-campaign.toml",
                                 "after_a_death = \"go_on\"\n");
  const std::string f = "[fight]\n";
  text.insert(text.find(f) + f.size(), "retreat = 0.3\n");
  const LoadedScenario camp = test::load_text(text, "camp.toml");
  const int total = metrics_of(camp).adventures;
  uint64_t withdrew = 0, at_once = 0;
  for (uint64_t trial = 0; trial < 300 && withdrew < 40; ++trial) {
    EventLog log;
    replay_trial(camp, 0, 5, trial, &log);
    const std::string story = log.render();
    for (int k = 2; k <= total; ++k) {
      const std::string part = test::adventure_story(story, k, total);
      if (part.find("place is empty") == std::string::npos) continue;
      if (part.find("the party withdraws") == std::string::npos) continue;
      ++withdrew;
      at_once += part.find("after 1 rounds: the party withdraws") != std::string::npos;
    }
  }
  CHECK(withdrew >= 10);
  CHECK(at_once * 4 < withdrew);  // one down first, mostly after the first round
}

TEST_CASE("campaign go_on: refused where it has no meaning", "[campaign]") {
  const std::string scout = test::error_of([] {
    test::load_text(test::party_campaign("scenarios/examples/flux-scout-campaign.toml",
                                "after_a_death = \"go_on\"\n"),
                    "scout.toml");
  });
  CHECK_THAT(scout, Catch::Contains("scout.toml:") && Catch::Contains("a party's"));
  // dnd5e's losses have no magnitude: a stat's floor is refused, as without after_a_death.
  const std::string retire = test::error_of([] {
    test::load_text(test::party_campaign("scenarios/examples/dnd5e-party-crypt-campaign.toml",
                                "after_a_death = \"go_on\"\n"
                                "retire_stat_loss = { sequela = \"lost_eye\", reaches = 2 }\n"),
                    "crypt.toml");
  });
  CHECK_THAT(retire, Catch::Contains("crypt.toml:") && Catch::Contains("no magnitude"));
}

TEST_CASE("campaign go_on: the terminal says whose survival its lines are", "[campaign][cli]") {
  // A campaign that ends at the first death says nothing more; one that plays on says that the
  // lines are the whole party's, and how it plays on.
  const std::string file = "scenarios/examples/flux-ruins-party-campaign.toml";
  const struct {
    const char* key;
    const char* says;
  } cases[] = {{"", nullptr},
               {"after_a_death = \"replace\"\n", "until it dies all together in one adventure"},
               {"after_a_death = \"go_on\"\n", "alive while one member is"}};
  for (const auto& [key, says] : cases) {
    INFO(key);
    const std::string path =
        test::write_file("ruins-terminal.toml", test::party_campaign(file, key));
    const test::CliResult r = test::cli(
        {"run", path, "--trials", "200", "--out", test::fresh_path("ruins-terminal-out")});
    CHECK(r.status == 0);
    CHECK_THAT(r.out, Catch::Contains("baseline: lived through"));
    if (says)
      CHECK_THAT(r.out, Catch::Contains(std::string("the party's, ") + says) &&
                            Catch::Contains("member_survival.csv"));
    else
      CHECK_THAT(r.out, !Catch::Contains("the party's, "));
  }
}
