// A scenario's [campaign] table (docs/campaigns.md): the scenario's trial — its fight, the help,
// the rest — played as one adventure of many, until the character dies, is retired, or has
// played them all. Read with the common keys: every variant plays the same campaign.
#pragma once

#include <optional>
#include <string>

#include "scenarios/reader.h"
#include "sim/core/clock.h"
#include "sim/core/metrics.h"

namespace leth {

struct CampaignSpec {
  static constexpr int kMaxAdventures = 1000;  // the life table's rows, in every tally

  int adventures = 0;  // at most, 1..kMaxAdventures
  // Retired, alive, once the character carries this many lasting injuries (sequelae, counted
  // one by one over every kind); 0: never for that.
  int retire_sequelae = 0;
  // Retired, alive, once the summed magnitude of one sequela reaches `retire_reaches` (a stat
  // below a floor: vai_loss at -2), from retire_stat_loss = { sequela, reaches }. The name is
  // checked against the ruleset's sequelae where the campaign meets its model (Campaign).
  std::string retire_sequela;  // empty: no such rule
  int retire_reaches = 0;      // negative: at or below; positive: at or above
  SourceLoc retire_where;      // the sequela's name, for that error
  // downtime = "3 weeks": the next adventure begins once the character is whole, or at the
  // latest this long after this one began, if it can act then (else as soon as it can); it
  // goes on with the wounds still healing (every ruleset's model carries them,
  // sim/engine/campaign.h). 0: once whole, as without it.
  Seconds downtime = 0;
  SourceLoc downtime_where;
  // after_a_death (a party's): with "replace" or "go_on" an adventure in which some members
  // die, not all, does not end the campaign; each dead member's place goes to a newcomer, the
  // scenario's fresh member of the same sheet ("replace"), or stays empty ("go_on": the
  // survivors go on short of their dead), and the campaign ends when the whole party is dead.
  // "end" (the default): the campaign ends at its first death.
  AfterDeath after_death = AfterDeath::End;
  SourceLoc after_death_where;
  bool retires() const { return retire_sequelae > 0 || !retire_sequela.empty(); }
};

// The file's [campaign] table, or nullopt without one. Throws InputError.
std::optional<CampaignSpec> read_campaign(Reader& file);

}  // namespace leth
