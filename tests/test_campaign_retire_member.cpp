// A party campaign that plays on after a death retires its members one by one
// (docs/campaigns.md: retire_sequelae and retire_stat_loss with after_a_death = "replace" or
// "go_on"): after an adventure, a survivor whose own lasting injuries reach the rule leaves
// alive, and a newcomer takes its place or it stays empty. A party of one retires exactly as
// the whole party's rule retires it, trial by trial; in a party of three, from replays, each
// retirement is told, counted, and changes the next adventure as the key says; the last
// members' retirement ends a "go_on" campaign, retired; each member's life table dates its
// retirement (member_survival.csv's `retired`).
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdio>
#include <map>

#include "analysis/csv.h"
#include "analysis/life_table.h"
#include "sim/engine/campaign.h"
#include "sim/engine/runner.h"
#include "tests/cli_support.h"
#include "tests/support.h"

using namespace leth;

namespace {

const char* const kRuins = "scenarios/examples/flux-ruins-party-campaign.toml";
const char* const kCrypt = "scenarios/examples/dnd5e-party-crypt-campaign.toml";

// A bundled party campaign with `keys` in its [campaign] and its own rule to retire commented
// out; with `alone`, only its first member (the others and the variants cut).
std::string campaign_of(const std::string& file, const std::string& keys, bool alone) {
  std::string text = test::party_campaign(file, keys);
  if (alone) {
    const size_t second = text.find("[[party]]", text.find("[[party]]") + 1);
    text.erase(second, text.find("[[opponents]]") - second);
    text.erase(text.find("[[variants]]"));
  }
  return text;
}

// A party of three (file's) retiring each member at its first lasting injury, playing on
// after a death by `mode` ("replace" or "go_on").
LoadedScenario retiring(const char* file, const std::string& mode) {
  return test::load_text(
      campaign_of(file, "retire_sequelae = 1\nafter_a_death = \"" + mode + "\"\n", false),
      "camp.toml");
}
}  // namespace

TEST_CASE("campaign retire member: a party of one retires as the whole party's rule retires it",
          "[campaign][party][dnd5e]") {
  // The member's own lasting injuries are then the party's: "go_on" with a rule must retire it
  // after the same adventure as "end" does, trial by trial, and "replace" fills its place
  // with a newcomer instead of ending.
  const std::string rule = "retire_sequelae = 1\n";
  const LoadedScenario ends = test::load_text(campaign_of(kCrypt, rule, true), "ends.toml");
  const LoadedScenario go_on =
      test::load_text(campaign_of(kCrypt, rule + "after_a_death = \"go_on\"\n", true), "go.toml");
  const LoadedScenario replace = test::load_text(
      campaign_of(kCrypt, rule + "after_a_death = \"replace\"\n", true), "replace.toml");
  const MetricSpec& me = metrics_of(ends);
  const MetricSpec& mg = metrics_of(go_on);
  const MetricSpec& mr = metrics_of(replace);
  REQUIRE(member_names(me).size() == 1);
  const size_t gone = test::counter_index(mg, "retirements");
  uint64_t retired = 0, newcomers = 0;
  for (uint64_t trial = 0; trial < 400; ++trial) {
    INFO("trial " << trial);
    const Outcome e = replay_trial(ends, 0, 7, trial, nullptr);
    const Outcome g = replay_trial(go_on, 0, 7, trial, nullptr);
    CHECK(mg.ends[g.end].name() == me.ends[e.end].name());
    CHECK(g.adventures == e.adventures);
    CHECK(g.end_time == e.end_time);
    const bool out = me.ends[e.end].name() == "lost_retired";
    CHECK(g.counters[gone] == (out ? 1u : 0u));
    retired += out;
    // "replace": the same first adventures, then a newcomer where "end" retired it.
    const Outcome p = replay_trial(replace, 0, 7, trial, nullptr);
    if (!out) {
      CHECK(mr.ends[p.end].name() == me.ends[e.end].name());
      CHECK(p.adventures == e.adventures);
      continue;
    }
    CHECK(p.counters[test::counter_index(mr, "retirements")] >= 1);
    CHECK(p.adventures >= e.adventures);
    newcomers += p.adventures > e.adventures || mr.ends[p.end].kind == EndKind::Died;
  }
  CHECK(retired > 20);    // the rule retired some: the checks can fail
  CHECK(newcomers > 10);  // and "replace" played on past them
}

TEST_CASE("campaign retire member: a rule of one injury retires first where the party's does",
          "[campaign][party]") {
  // With a threshold of one (one lasting injury; a stat's first point) the party's rule retires
  // it after the first adventure in which some survivor took one; a party that plays on retires
  // that survivor then, and nobody before.
  const struct {
    const char* file;
    const char* rule;
  } cases[] = {{kRuins, "retire_sequelae = 1\n"},
               {kRuins, "retire_stat_loss = { sequela = \"vai_loss\", reaches = -1 }\n"},
               {kCrypt, "retire_sequelae = 1\n"}};
  for (const auto& [file, rule] : cases) {
    INFO(file << " " << rule);
    const std::string r = rule;
    const LoadedScenario ends = test::load_text(campaign_of(file, r, false), "ends.toml");
    const LoadedScenario go_on =
        test::load_text(campaign_of(file, r + "after_a_death = \"go_on\"\n", false), "go.toml");
    const MetricSpec& me = metrics_of(ends);
    const int total = me.adventures;
    uint64_t retired = 0;
    for (uint64_t trial = 0; trial < 300; ++trial) {
      INFO("trial " << trial);
      const Outcome e = replay_trial(ends, 0, 7, trial, nullptr);
      EventLog log;
      replay_trial(go_on, 0, 7, trial, &log);
      const std::string story = log.render();
      int first = 0;  // the adventure after which a member first retired
      for (int k = 1; k <= total && first == 0; ++k)
        if (test::adventure_story(story, k, total).find(" retires, alive, carrying ") !=
            std::string::npos)
          first = k;
      if (me.ends[e.end].name() == "lost_retired") {
        ++retired;
        CHECK(first == e.adventures);
      } else {
        CHECK((first == 0 || first > e.adventures));
      }
    }
    CHECK(retired > 10);  // the party's rule retired some: the check can fail
  }
}

TEST_CASE("campaign retire member: each retirement is told, counted and leaves its place",
          "[campaign][party]") {
  uint64_t disbanded = 0;  // "go_on" campaigns ended by their last members' retirement
  for (const char* file : {kRuins, kCrypt}) {
    for (const char* mode : {"replace", "go_on"}) {
      INFO(file << " " << mode);
      const bool go_on = std::string(mode) == "go_on";
      const LoadedScenario camp = retiring(file, mode);
      const MetricSpec& m = metrics_of(camp);
      const std::vector<std::string> names = member_names(m);
      const size_t gone = test::counter_index(m, "retirements");
      const int total = m.adventures;
      uint64_t told = 0;
      for (uint64_t trial = 0; trial < 250; ++trial) {
        INFO("trial " << trial);
        EventLog log;
        const Outcome o = replay_trial(camp, 0, 7, trial, &log);
        const std::string story = log.render();
        const size_t retirements = test::count(story, " retires, alive, carrying ");
        CHECK(o.counters[gone] == retirements);
        told += retirements;
        size_t left = 0;  // members retired in a "go_on" party: its place empty to the end
        for (size_t j = 0; j < names.size(); ++j) {
          int out = 0;  // the adventure after which it retired
          for (int k = 1; k <= total; ++k) {
            const std::string part = test::adventure_story(story, k, total);
            if (part.empty()) break;
            if (out > 0 && go_on) {
              CHECK(part.find(names[j] + "'s place is empty: retired after an adventure "
                                         "before") != std::string::npos);
              CHECK(test::count(part, names[j]) == 1);  // nowhere else in the adventure
            }
            if (out == k - 1 && out > 0 && !go_on)
              CHECK(part.find(names[j] + " is a newcomer, in the place of the one who "
                                         "retired") != std::string::npos);
            if (part.find(names[j] + " retires, alive, carrying ") != std::string::npos) {
              CHECK(part.find(go_on ? "; its place stays empty" : "; a newcomer takes its "
                                                                  "place") != std::string::npos);
              CHECK(k < total);  // never after the last adventure
              if (go_on) CHECK(out == 0);  // once
              out = k;
            }
          }
          // A retired member of a "go_on" party never dies after.
          if (go_on && out > 0) {
            ++left;
            CHECK((o.member_died_in[j] == 0 || o.member_died_in[j] <= out));
          }
        }
        size_t dead = 0;
        for (size_t j = 0; j < names.size(); ++j) dead += o.member_died_in[j] > 0;
        // A death's end counts the dead only, not the retired absent (never the place's
        // newcomers: "replace" ends at a death only when the whole party dies in one adventure).
        if (go_on && m.ends[o.end].kind == EndKind::Died)
          CHECK(m.ends[o.end].name() ==
                "died_" + std::to_string(dead) + (dead == 1 ? "_member" : "_members"));
        if (m.ends[o.end].name() == "lost_retired") {
          ++disbanded;
          REQUIRE(go_on);
          CHECK(dead + left == names.size());
          CHECK(story.find("the party is no more: its last members retired") !=
                std::string::npos);
        }
      }
      CHECK(told > 30);  // members retired: the checks can fail
    }
  }
  CHECK(disbanded > 0);
}

TEST_CASE("campaign retire member: each member's life table dates its retirement",
          "[campaign][party]") {
  // member_survival.csv's rows are each place's first occupant's: from the story, it is at
  // risk in adventure k when k was played and its place was neither emptied nor given to a
  // newcomer before; it retired after k when the story's first line about its place leaving
  // is its retirement, after k. A retired member leaves the risk then, not at the campaign's
  // end, and a newcomer's death in its place is not its own.
  for (const char* file : {kRuins, kCrypt}) {
    for (const char* mode : {"replace", "go_on"}) {
      INFO(file << " " << mode);
      const LoadedScenario camp = retiring(file, mode);
      const MetricSpec& m = metrics_of(camp);
      const std::vector<std::string> names = member_names(m);
      const size_t all = names.size(), rows = static_cast<size_t>(m.adventures) + 1;
      std::vector<uint64_t> at_risk(all * rows, 0), retired(all * rows, 0);
      Tally x(m);
      uint64_t dated = 0;
      for (uint64_t trial = 0; trial < 250; ++trial) {
        INFO("trial " << trial);
        EventLog log;
        const Outcome o = replay_trial(camp, 0, 7, trial, &log);
        x.add(o, 0, trial);
        const std::string story = log.render();
        for (size_t j = 0; j < all; ++j) {
          int out = 0;  // the adventure after which its first occupant retired
          for (int k = 1; k < static_cast<int>(rows); ++k) {
            const std::string part = test::adventure_story(story, k, m.adventures);
            if (part.empty() || part.find(names[j] + "'s place is empty") != std::string::npos ||
                part.find(names[j] + " is a newcomer") != std::string::npos)
              break;
            ++at_risk[j * rows + static_cast<size_t>(k)];
            if (part.find(names[j] + " retires, alive") != std::string::npos) {
              out = k;
              ++retired[j * rows + static_cast<size_t>(k)];
              break;
            }
          }
          CHECK(o.member_retired_after[j] == out);
          if (out > 0) CHECK(o.member_died_in[j] == 0);
          dated += out > 0;
        }
      }
      CHECK(dated > 20);  // members retired: the checks can fail
      CHECK(x.member_retired == retired);
      const std::vector<MemberLifeRow> each = member_life_table(x, IntervalKind::Wilson);
      for (size_t j = 0; j < all; ++j) {
        uint64_t by = 0;
        for (size_t k = 1; k < rows; ++k) {
          INFO(names[j] << " adventure " << k);
          CHECK(each[j * rows + k].at_risk == at_risk[j * rows + k]);
          by += retired[j * rows + k];
          CHECK(each[j * rows + k].retired_by.value == Approx(by / 250.0));
        }
      }
    }
  }
}

TEST_CASE("campaign retire member: the run writes each member's retirements",
          "[campaign][party][cli]") {
  // member_survival.csv's retired_by after the last adventure is the terminal's "retired in the
  // campaign" share, member by member; a variant's paired retired_by_difference is, over the
  // same trials, the difference of the two retired_by, with its interval around it.
  const std::string file = test::write_file(
      "crypt-retire.toml",
      campaign_of(kCrypt, "retire_sequelae = 1\nafter_a_death = \"go_on\"\n", false));
  const std::string out = test::fresh_path("crypt-retire-out");
  const test::CliResult r = test::cli({"run", file, "--trials", "600", "--out", out});
  INFO(r.err);
  REQUIRE(r.status == 0);
  const size_t line = r.out.find("      retired in the campaign: ");
  REQUIRE(line != std::string::npos);
  const std::string said = r.out.substr(line, r.out.find('\n', line) - line);
  const std::string text = test::read_file(out + "/member_survival.csv");
  CHECK_THAT(text, Catch::Contains(",retired,retired_by,retired_ci_low,retired_ci_high,"
                                   "retired_by_difference,retired_difference_ci_low,"
                                   "retired_difference_ci_high"));
  const CsvTable csv = CsvTable::parse(text, "member_survival.csv");
  std::map<std::string, double> by_last;  // each baseline member's row, k ascending: the last's
  std::map<std::string, double> base;     // "member k": the baseline's retired_by
  for (size_t i = 0; i < csv.rows(); ++i)
    if (csv.at(i, "variant") == "baseline") {
      by_last[csv.at(i, "member")] = csv.number(i, "retired_by");
      base[csv.at(i, "member") + " " + csv.at(i, "adventure")] = csv.number(i, "retired_by");
      CHECK(std::isnan(csv.number(i, "retired_by_difference")));
    }
  REQUIRE(by_last.size() == 3);
  size_t differ = 0;  // rows where a variant retires a different share
  for (size_t i = 0; i < csv.rows(); ++i) {
    if (csv.at(i, "variant") == "baseline") continue;
    const double d = csv.number(i, "retired_by_difference");
    CHECK(d == Approx(csv.number(i, "retired_by") -
                      base.at(csv.at(i, "member") + " " + csv.at(i, "adventure")))
                   .margin(1e-12));
    CHECK(csv.number(i, "retired_difference_ci_low") <= d + 1e-12);
    CHECK(csv.number(i, "retired_difference_ci_high") >= d - 1e-12);
    differ += d != 0;
  }
  CHECK(differ > 5);  // the variants retire differently: the checks can fail
  size_t members = 0;
  for (const auto& [name, share] : by_last) {
    char text[64];
    std::snprintf(text, sizeof text, " %s %.2f%% (95%% CI ", name.c_str(), 100 * share);
    CHECK_THAT(said, Catch::Contains(text));
    members += share > 0;
  }
  CHECK(members >= 2);  // some members retired: the check can fail
}
