#include "tests/support.h"

#include <catch2/catch.hpp>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "sim/core/event_log.h"
#include "sim/core/timeline.h"
#include "sim/engine/registry.h"

namespace leth::test {

namespace {
struct TempDir {
  std::string path;
  TempDir() {
    path =
        (std::filesystem::temp_directory_path() / ("lethality-tests-" + std::to_string(::getpid())))
            .string();
    std::filesystem::create_directories(path);
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path, ec);
  }
};
}  // namespace

const std::string& temp_dir() {
  static TempDir dir;
  return dir.path;
}

std::string write_file(const std::string& name, const std::string& contents) {
  const std::string p = temp_dir() + "/" + name;
  std::filesystem::create_directories(std::filesystem::path(p).parent_path());
  std::ofstream(p, std::ios::binary) << contents;
  return p;
}

LoadedScenario load_text(const std::string& toml, const std::string& name) {
  return load_scenario(write_file(name, toml));
}

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

bool has(const std::string& log, const std::string& text) {
  return log.find(text) != std::string::npos;
}

size_t count(const std::string& log, const std::string& text) {
  size_t n = 0;
  for (size_t at = log.find(text); at != std::string::npos; at = log.find(text, at + 1)) ++n;
  return n;
}

std::string party_campaign(const std::string& file, const std::string& keys) {
  std::ifstream in(source_path(file));
  REQUIRE(in);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const size_t p = text.find("[campaign]\n");
  if (p == std::string::npos)
    return text + "\n[campaign]\nadventures = 6\ndowntime = \"3 days\"\n" + keys;
  const size_t r = text.find("retire_sequelae = ");
  if (r != std::string::npos) text.insert(r, "# ");
  text.insert(p + 11, keys);
  return text;
}

size_t counter_index(const MetricSpec& m, const std::string& name) {
  for (size_t i = 0; i < m.counters.size(); ++i)
    if (m.counters[i].name == name) return i;
  FAIL("no counter " << name);
  return 0;
}

std::string adventure_story(const std::string& story, int k, int total) {
  const std::string of = " of " + std::to_string(total) + " begins";
  const size_t from = story.find("adventure " + std::to_string(k) + of);
  if (from == std::string::npos) return "";
  const size_t to = story.find("adventure " + std::to_string(k + 1) + of);
  return story.substr(from, to == std::string::npos ? std::string::npos : to - from);
}

std::string source_path(const std::string& relative) {
  return std::string(LETHALITY_SOURCE_DIR) + "/" + relative;
}

const char* lethality_binary() {
  return LETHALITY_BINARY;
}

Played play_scripted(const std::string& toml, Script& script, size_t v) {
  const LoadedScenario ls = load_text(toml);
  TrialRng rng(script);
  EventLog log;
  Timeline timeline;
  TrialContext ctx{rng, &log, timeline};
  (void)ls.models.at(v);                         // a variant that exists
  Outcome o;
  try {
    o = play_trial(ls, v, ctx);  // a campaign's too
  } catch (const std::exception& e) {  // a script that went wrong: where, in the story so far
    FAIL(e.what() << "\nthe story so far:\n" << log.render());
  }
  INFO(log.render());
  CHECK(script.remaining() == 0);
  return {o, log.render()};
}

std::string pf2_scenario(const std::string& extra) {
  return R"(name = "test"
ruleset = "pf2"
trials = 1000
seed = 7

[character]
max_hp = 20
ac = 18
fortitude = 7
con = 2

[encounter]
rounds = 3

[[encounter.attackers]]
name = "goblin"
attack_bonus = 8
damage = "1d6"
dc = 16
)" + extra;
}

const MetricSpec& test_metrics() {
  static const MetricSpec m = [] {
    MetricSpec s{
        .ends = {{EndKind::Died, "combat", ""},
                 {EndKind::Died, "dying", ""},
                 {EndKind::Recovered, "", ""},
                 {EndKind::Unresolved, "dying", ""},
                 {EndKind::Lost, "madness", ""}},
        .counters = {{"knocked_out", ""}, {"resuscitated", ""}},
        .durations = {shared_duration(kDowntime), shared_duration(kTimeOutOfAction),
                      shared_duration(kTimeToDeath)},
        .sequelae = {{"scar", "", ""}, {"strength_loss", "Strength", ""}, {"lost_eye", "", ""}},
    };
    s.validate();
    return s;
  }();
  return m;
}

void check_ends_add_up(const LoadedScenario& ls, const RunTally& t, uint64_t n) {
  const MetricSpec& m = metrics_of(ls);
  const int downtime = m.duration_index(kDowntime), to_death = m.duration_index(kTimeToDeath);
  REQUIRE(downtime >= 0);
  REQUIRE(to_death >= 0);
  for (size_t v = 0; v < t.variants.size(); ++v) {
    const Tally& x = t.variants[v];
    INFO("variant " << ls.scenario.variants[v].name);
    CHECK(x.trials == n);
    uint64_t ends = 0;
    for (uint64_t e : x.ends) ends += e;
    CHECK(ends == n);
    CHECK(x.durations[static_cast<size_t>(downtime)].count() ==
          x.ends_in(m.end_mask(EndKind::Recovered)));
    // A party that replaces its dead (after_a_death) dies only all together: its first death,
    // timed, may be in a campaign that goes on.
    if (ls.scenario.campaign && plays_on(ls.scenario.campaign->after_death))
      CHECK(x.durations[static_cast<size_t>(to_death)].count() ==
            x.counter_trials[static_cast<size_t>(m.counter_index("deaths"))]);
    else
      CHECK(x.durations[static_cast<size_t>(to_death)].count() ==
            x.ends_in(m.end_mask(EndKind::Died)));
  }
}

}  // namespace leth::test
