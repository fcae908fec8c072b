// Helpers shared by the tests: scenario text in, loaded scenario or error message out.
#pragma once

#include <functional>
#include <string>

#include "analysis/tally.h"
#include "sim/core/outcome.h"
#include "sim/core/stream.h"
#include "sim/engine/load.h"

namespace leth::test {

// A fresh folder for this test process, removed at exit.
const std::string& temp_dir();
// Writes `contents` to temp_dir()/name and returns the path.
std::string write_file(const std::string& name, const std::string& contents);
// Writes the text to a file and loads it as a scenario (throws InputError like the CLI).
LoadedScenario load_text(const std::string& toml, const std::string& name = "scenario.toml");
// The message of the InputError `f` throws, or "" if it throws none.
std::string error_of(const std::function<void()>& f);
// Whether a story (or any text) holds `text`; how many times it does (overlaps counted).
bool has(const std::string& log, const std::string& text);
size_t count(const std::string& log, const std::string& text);
// A bundled party scenario's text as a campaign with `keys` in its [campaign], its own rule to
// retire commented out; one of 6 adventures with a 3-day downtime for a scenario without one.
std::string party_campaign(const std::string& file, const std::string& keys);
// The index of the counter `name` in `m` (a test failure without one).
size_t counter_index(const MetricSpec& m, const std::string& name);
// The story of a campaign's adventure k (from 1) of `total`, from its "adventure k of total
// begins" line to the next adventure's (empty when it did not begin).
std::string adventure_story(const std::string& story, int k, int total);
// Path of a file in the source tree, e.g. source_path("scenarios/examples/pf2-no-mercy.toml").
std::string source_path(const std::string& relative);
// The lethality executable the build made (for tests that run it as a process).
const char* lethality_binary();

// A small metric declaration for tests of the analysis layer: ends died_combat, died_dying,
// recovered, unresolved_dying, lost_madness; counters knocked_out, resuscitated; durations
// downtime, time_out_of_action, time_to_death; sequelae scar (no magnitude), strength_loss
// [Strength], lost_eye.
const MetricSpec& test_metrics();

// One trial of variant `v` of a scenario text, played on scripted dice (sim/core/stream.h's
// Script): its outcome and its story. Every scripted roll must be used, in order (CHECKed);
// the story is shown if a check fails.
struct Played {
  Outcome outcome;
  std::string log;
};
Played play_scripted(const std::string& toml, Script& script, size_t v = 0);

// A minimal valid pf2 scenario; `extra` is appended (more sections or keys at the end).
std::string pf2_scenario(const std::string& extra = "");

// Every trial of every variant of `t` (n each) ends in exactly one way, and the downtime and
// time to death are measured exactly on the trials that recovered and that died (CHECKed).
void check_ends_add_up(const LoadedScenario& ls, const RunTally& t, uint64_t n);

}  // namespace leth::test
