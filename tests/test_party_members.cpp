// A party's members in what a run reports: each member's own metrics (went down, died, downtime,
// time out of action, time to death) measured from its summary, carried by the `member` column of
// the tidy CSVs and run.json's declaration, and given rows of their own in the terminal table and
// in report.html (docs/parties.md "What a party trial reports").
#include <catch2/catch.hpp>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <sstream>

#include "analysis/csv.h"
#include "rules/common/party_report.h"
#include "sim/engine/load.h"
#include "sim/engine/registry.h"
#include "sim/engine/runner.h"
#include "tests/cli_support.h"
#include "tests/support.h"

using namespace leth;

TEST_CASE("party report: each member's time out of action and time to death, from its summary",
          "[party][report]") {
  const MetricSpec m = fight::party_metrics({"ann", "bob", "cy"});
  const int ann_out = m.duration_index("time_out_of_action_ann");
  const int bob_death = m.duration_index("time_to_death_bob");
  const int cy_out = m.duration_index("time_out_of_action_cy");
  const int cy_death = m.duration_index("time_to_death_cy");
  REQUIRE(ann_out >= 0);
  REQUIRE(bob_death >= 0);
  CHECK(m.durations[static_cast<size_t>(ann_out)].member == "ann");
  CHECK(m.counters[static_cast<size_t>(m.counter_index("died_bob"))].member == "bob");
  CHECK(m.counters[static_cast<size_t>(m.counter_index("deaths"))].member.empty());
  CHECK(m.durations[static_cast<size_t>(m.duration_index("fight_length"))].member.empty());

  fight::Result fight;
  fight.ending = fight::Ending::Won;
  fight.fight_end = 30;
  // ann went down at 12 s, was up for good at 3600 s and whole at 7200 s; bob died at 18 s; cy
  // never fell and was never hurt.
  const fight::MemberReport members[] = {
      {false, -1, 2, 0, 12, 3600, true, 7200},
      {true, 18, 1, 0, 6, 0, false, -1},
      {false, -1, 0, 1, -1, 0, false, 30},
  };
  const Outcome o = fight::party_outcome(fight, members, 2, 7200, 86400);
  const auto downtime = [&](const char* who) {
    return static_cast<size_t>(m.duration_index(std::string("downtime_") + who));
  };
  REQUIRE(o.has(downtime("ann")));
  CHECK(o.durations[downtime("ann")] == 7200);
  CHECK_FALSE(o.has(downtime("bob")));  // dead
  REQUIRE(o.has(downtime("cy")));
  CHECK(o.durations[downtime("cy")] == 0);  // never hurt
  // Whole beyond the horizon, or never: not measured.
  const fight::MemberReport late[] = {{false, -1, 1, 0, 12, 3600, true, 90000},
                                      {false, -1, 1, 0, 12, 3600, true, -1}};
  const Outcome u = fight::party_outcome(fight, late, 0, 90000, 86400);
  CHECK_FALSE(u.has(downtime("ann")));
  CHECK_FALSE(u.has(downtime("bob")));
  REQUIRE(o.has(static_cast<size_t>(ann_out)));
  CHECK(o.durations[static_cast<size_t>(ann_out)] == 3600 - 12);
  REQUIRE(o.has(static_cast<size_t>(bob_death)));
  CHECK(o.durations[static_cast<size_t>(bob_death)] == 18);
  CHECK_FALSE(o.has(static_cast<size_t>(cy_out)));    // never went down
  CHECK_FALSE(o.has(static_cast<size_t>(cy_death)));  // alive
  CHECK_FALSE(o.has(static_cast<size_t>(m.duration_index("time_to_death_ann"))));
  CHECK_FALSE(o.has(static_cast<size_t>(m.duration_index("time_out_of_action_bob"))));  // dead
  CHECK(o.counters[static_cast<size_t>(m.counter_index("fell_ann"))] == 2);
  CHECK(o.counters[static_cast<size_t>(m.counter_index("died_bob"))] == 1);
}

TEST_CASE("every bundled party: the party's downtime is its slowest survivor's own",
          "[party][report][bundled]") {
  // In every ruleset: when the party is back to full health (its downtime measured), every
  // survivor's own downtime is measured and the longest is the party's; when the horizon came
  // first, some survivor's is not measured.
  size_t parties = 0;
  for (const std::string& file : expand_scenario_paths({test::source_path("scenarios/examples")})) {
    for (const LoadedScenario& ls : load_scenarios(file)) {
      const MetricSpec& m = metrics_of(ls.models[0]);
      std::vector<size_t> own;
      for (size_t d = 0; d < m.durations.size(); ++d)
        if (!m.durations[d].member.empty() && m.durations[d].name.rfind("downtime_", 0) == 0)
          own.push_back(d);
      if (own.empty()) continue;
      ++parties;
      INFO(file << " (" << ls.scenario.ruleset << ")");
      const auto party = static_cast<size_t>(m.duration_index("downtime"));
      const auto died = [&](size_t k) {
        return static_cast<size_t>(m.counter_index("died_" + m.durations[own[k]].member));
      };
      uint64_t recovered = 0, unresolved = 0;
      const bool replaces = ls.scenario.campaign && plays_on(ls.scenario.campaign->after_death);
      for (uint64_t trial = 0; trial < 600; ++trial) {
        const Outcome o = replay_trial(ls, 0, 31, trial, nullptr);
        INFO("trial " << trial);
        const EndKind end = m.ends[o.end].kind;
        if (end == EndKind::Died) continue;
        Seconds longest = 0;
        bool all = true;
        for (size_t k = 0; k < own.size(); ++k) {
          // A place whose member died in the last adventure of a campaign that replaces its
          // dead (after_a_death): no survivor there to be whole.
          if (replaces && o.counters[died(k)] > 0 && !o.has(own[k])) continue;
          CHECK((replaces || o.counters[died(k)] == 0));
          if (o.has(own[k]))
            longest = std::max(longest, o.durations[own[k]]);
          else
            all = false;
        }
        if (end == EndKind::Recovered) {
          ++recovered;
          CHECK(all);
          REQUIRE(o.has(party));
          CHECK(o.durations[party] == longest);
        } else {
          ++unresolved;
          CHECK_FALSE(all);
        }
      }
      CHECK(recovered > 0);
      (void)unresolved;
    }
  }
  CHECK(parties >= 5);
}

TEST_CASE("a party run: a member column in the CSVs, rows per member in the table and report",
          "[party][report][cli]") {
  const std::string out = test::fresh_path("party-members");
  const auto r = test::cli({"run", test::source_path("scenarios/examples/dnd5e-orog-ambush.toml"),
                            "--trials", "3000", "--seed", "4", "--out", out});
  INFO(r.err);
  REQUIRE(r.status == 0);
  const std::vector<std::string> names = {"fighter", "cleric", "rogue", "wizard"};

  // The terminal: the party's counters in their table, the members' in rows of their own.
  INFO(r.out);
  CHECK_THAT(r.out, Catch::Contains("  per member  variant"));
  std::istringstream lines(r.out);
  std::vector<std::string> member_lines;
  bool in_members = false;
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("  per member", 0) == 0) in_members = true;
    if (line.rfind("    trials with", 0) == 0 || line.rfind("  trials with", 0) == 0)
      in_members = false;
    if (line.rfind("    fell_", 0) == 0 || line.rfind("    died_", 0) == 0)
      FAIL("a member's counter in the party's table: " + line);
    if (in_members) member_lines.push_back(line);
  }
  // A head, then a row per member and variant (four variants).
  REQUIRE(member_lines.size() >= 1 + 4 * names.size());
  CHECK_THAT(member_lines[0], Catch::Contains("fell") && Catch::Contains("died") &&
                                  Catch::Contains("time_to_death p50"));
  for (size_t k = 0; k < names.size(); ++k)
    CHECK(member_lines[1 + 4 * k].rfind("    " + names[k] + " ", 0) == 0);

  // summary.csv: a member's rows carry its name, the party's rows none.
  const auto summary = CsvTable::read(out + "/summary.csv");
  REQUIRE(summary);
  size_t member_rows = 0;
  for (size_t i = 0; i < summary->rows(); ++i) {
    const std::string& metric = summary->at(i, "metric");
    const std::string& who = summary->at(i, "member");
    const auto named = std::find_if(names.begin(), names.end(), [&](const std::string& n) {
      return metric.find("_" + n + "_") != std::string::npos;
    });
    if (named == names.end()) {
      CHECK(who.empty());
    } else {
      CHECK(who == *named);
      ++member_rows;
    }
  }
  // Per member and variant: fell and died (rate, mean), three durations (four statistics each).
  CHECK(member_rows == names.size() * 4 * (2 * 2 + 3 * 4));
  const auto cmp = CsvTable::read(out + "/comparisons.csv");
  REQUIRE(cmp);
  bool compared = false;
  for (size_t i = 0; i < cmp->rows(); ++i)
    if (cmp->at(i, "metric") == "died_rogue_rate_difference") {
      CHECK(cmp->at(i, "member") == "rogue");
      compared = true;
    } else if (cmp->at(i, "metric") == "death_rate_difference") {
      CHECK(cmp->at(i, "member").empty());
    }
  CHECK(compared);
  const auto hist = CsvTable::read(out + "/histograms.csv");
  REQUIRE(hist);
  bool binned = false;
  for (size_t i = 0; i < hist->rows(); ++i)
    if (hist->at(i, "quantity") == "time_to_death_wizard") {
      CHECK(hist->at(i, "member") == "wizard");
      binned = true;
    }
  CHECK(binned);
  const auto run = nlohmann::json::parse(test::read_file(out + "/run.json"));
  for (const auto& c : run["metrics"]["counters"]) {
    const std::string name = c["name"];
    const bool member = name.rfind("fell_", 0) == 0 || name.rfind("died_", 0) == 0;
    INFO(name);
    CHECK(c.contains("member") == member);
  }
  CHECK(run["metrics"]["counters"][11]["member"] == "cleric");  // died_cleric, after 8 of the party

  // report.html: a table of the members.
  const auto p = test::cli({"plot", out});
  INFO(p.err);
  REQUIRE(p.status == 0);
  const std::string html = test::read_file(out + "/report.html");
  CHECK_THAT(html, Catch::Contains("<h2>Per member</h2>"));
  for (const std::string& n : names)
    CHECK_THAT(html, Catch::Contains("<tr><td>" + n + "</td><td>merciful-orogs</td>"));
}

TEST_CASE("a single character's run has no member rows and an empty member column",
          "[report][cli]") {
  const std::string out = test::fresh_path("one-character-members");
  const auto r = test::cli({"run", test::source_path("scenarios/examples/dnd5e-goblin-ambush.toml"),
                            "--trials", "500", "--out", out});
  INFO(r.err);
  REQUIRE(r.status == 0);
  CHECK_THAT(r.out, !Catch::Contains("per member"));
  const auto summary = CsvTable::read(out + "/summary.csv");
  REQUIRE(summary);
  for (size_t i = 0; i < summary->rows(); ++i) CHECK(summary->at(i, "member").empty());
}
