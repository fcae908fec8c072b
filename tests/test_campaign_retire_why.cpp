// Why a campaign retired a character or a member (docs/campaigns.md): with both rules to retire
// (retire_sequelae and retire_stat_loss) the campaign counts, apart, the retirements that met
// each — `retired_for_sequelae` and `retired_for_stat_loss` for one character (or a party that
// retires as one), `retirements_for_sequelae` and `retirements_for_stat_loss` for a party's
// members. Held, trial by trial, to what the story says retired it. And a party of five with a
// day still has room for a campaign's counters.
#include <catch2/catch.hpp>

#include <string>

#include "analysis/life_table.h"
#include "sim/engine/campaign.h"
#include "sim/engine/runner.h"
#include "tests/support.h"

using namespace leth;

namespace {

const char* const kBoth = "retire_sequelae = 2\n"
                          "retire_stat_loss = { sequela = \"vai_loss\", reaches = -1 }\n";

bool declares(const MetricSpec& m, const std::string& counter) {
  for (const CounterSpec& c : m.counters)
    if (c.name == counter) return true;
  return false;
}

// The number after `marker` in `line` (the lasting injuries a retirement line carries).
int number_after(const std::string& line, const std::string& marker) {
  const size_t p = line.find(marker);
  REQUIRE(p != std::string::npos);
  return std::stoi(line.substr(p + marker.size()));
}

// Each line of `story` that contains `marker`.
std::vector<std::string> lines_with(const std::string& story, const std::string& marker) {
  std::vector<std::string> out;
  for (size_t p = story.find(marker); p != std::string::npos; p = story.find(marker, p + 1)) {
    const size_t from = story.rfind('\n', p) + 1;  // npos + 1 == 0: the first line
    out.push_back(story.substr(from, story.find('\n', p) - from));
  }
  return out;
}

// The first [[party]] of `text` copied until the party has five members ("extra1", ...).
std::string party_of_five(std::string text) {
  const size_t first = text.find("[[party]]");
  const size_t next = text.find("[[party]]", first + 1);
  const std::string member = text.substr(first, next - first);
  int members = 0;
  for (size_t p = text.find("[[party]]"); p != std::string::npos; p = text.find("[[party]]", p + 1))
    ++members;
  std::string extra;
  for (int k = 1; members + k <= 5; ++k) {
    std::string copy = member;
    const size_t name = copy.find("name = \"") + 8;
    copy.replace(name, copy.find('"', name) - name, "extra" + std::to_string(k));
    extra += copy;
  }
  text.insert(text.find("[[opponents]]"), extra);
  return text;
}

}  // namespace

TEST_CASE("campaign retire why: one character's retirement is counted by the rule it met",
          "[campaign][retire]") {
  // One rule: the end says why; no counter for it.
  const LoadedScenario one = test::load_text(
      test::party_campaign("scenarios/examples/flux-scout-campaign.toml", "retire_sequelae = 2\n"),
      "one.toml");
  CHECK_FALSE(declares(metrics_of(one), "retired_for_sequelae"));
  const LoadedScenario both =
      test::load_text(test::party_campaign("scenarios/examples/flux-scout-campaign.toml", kBoth),
                      "both.toml");
  const MetricSpec& m = metrics_of(both);
  const size_t for_count = test::counter_index(m, "retired_for_sequelae");
  const size_t for_stat = test::counter_index(m, "retired_for_stat_loss");
  CHECK_FALSE(declares(m, "retirements"));
  uint64_t only_count = 0, only_stat = 0, met_both = 0;
  for (uint64_t trial = 0; trial < 1500; ++trial) {
    INFO("trial " << trial);
    EventLog log;
    const Outcome o = replay_trial(both, 0, 11, trial, &log);
    const std::string story = log.render();
    const std::vector<std::string> told = lines_with(story, "retired after adventure ");
    if (m.ends[o.end].name() != "lost_retired") {
      CHECK(told.empty());
      CHECK(o.counters[for_count] == 0);
      CHECK(o.counters[for_stat] == 0);
      continue;
    }
    REQUIRE(told.size() == 1);
    const bool by_count = number_after(told[0], ", carrying ") >= 2;
    const bool by_stat = told[0].find(", its vai_loss at -") != std::string::npos;
    CHECK((by_count || by_stat));
    CHECK(o.counters[for_count] == (by_count ? 1u : 0u));
    CHECK(o.counters[for_stat] == (by_stat ? 1u : 0u));
    only_count += by_count && !by_stat;
    only_stat += by_stat && !by_count;
    met_both += by_count && by_stat;
  }
  // Each way to retire is met: the checks above can fail either way.
  CHECK(only_count > 20);
  CHECK(only_stat > 20);
  CHECK(met_both > 0);
}

TEST_CASE("campaign retire why: each member's retirement is counted by the rule it met",
          "[campaign][retire][party]") {
  for (const char* mode : {"replace", "go_on"}) {
    INFO(mode);
    const LoadedScenario camp = test::load_text(
        test::party_campaign("scenarios/examples/flux-ruins-party-campaign.toml",
                             std::string(kBoth) + "after_a_death = \"" + mode + "\"\n"),
        "party.toml");
    const MetricSpec& m = metrics_of(camp);
    const size_t gone = test::counter_index(m, "retirements");
    const size_t for_count = test::counter_index(m, "retirements_for_sequelae");
    const size_t for_stat = test::counter_index(m, "retirements_for_stat_loss");
    uint64_t by_count_only = 0, by_stat_only = 0;
    for (uint64_t trial = 0; trial < 300; ++trial) {
      INFO("trial " << trial);
      EventLog log;
      const Outcome o = replay_trial(camp, 0, 7, trial, &log);
      uint32_t count = 0, stat = 0;
      for (const std::string& line : lines_with(log.render(), " retires, alive, carrying ")) {
        const bool c = number_after(line, ", carrying ") >= 2;
        const bool s = line.find(", its vai_loss at -") != std::string::npos;
        CHECK((c || s));
        count += c;
        stat += s;
        by_count_only += c && !s;
        by_stat_only += s && !c;
      }
      CHECK(o.counters[for_count] == count);
      CHECK(o.counters[for_stat] == stat);
      CHECK(o.counters[gone] <= count + stat);
    }
    CHECK(by_count_only > 5);
    CHECK(by_stat_only > 5);
  }
}

TEST_CASE("campaign retire why: a party of five with a day has room for a campaign's counters",
          "[campaign][retire][party]") {
  // A dnd5e party of five with a day declares 25 counters (its injuries by severity and the
  // day's encounters): its members' retirements used to find no room (an internal error).
  const std::string crypt = party_of_five(test::party_campaign(
      "scenarios/examples/dnd5e-party-crypt-campaign.toml",
      "retire_sequelae = 1\nafter_a_death = \"go_on\"\n"));
  const LoadedScenario five = test::load_text(crypt, "five.toml");
  CHECK(member_names(metrics_of(five)).size() == 5);
  const size_t gone = test::counter_index(metrics_of(five), "retirements");
  CHECK(test::counter_index(metrics_of(five), "injuries_light") < gone);  // all kept
  uint64_t retired = 0;
  for (uint64_t trial = 0; trial < 200; ++trial)
    retired += replay_trial(five, 0, 3, trial, nullptr).counters[gone];
  CHECK(retired > 0);
  // A flux party of five with a day, both rules: the why's two counters too.
  const LoadedScenario flux = test::load_text(
      party_of_five(test::party_campaign("scenarios/examples/flux-ruins-day.toml",
                                         std::string(kBoth) + "after_a_death = \"go_on\"\n")),
      "ruins.toml");
  CHECK(member_names(metrics_of(flux)).size() == 5);
  CHECK(test::counter_index(metrics_of(flux), "retirements_for_stat_loss") ==
        metrics_of(flux).counters.size() - 1);
}
