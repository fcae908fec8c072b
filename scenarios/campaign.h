// A scenario's [campaign] table (docs/campaigns.md): the scenario's trial — its fight, the help,
// the rest — played as one adventure of many, until the character dies, is retired, or has
// played them all. Read with the common keys: every variant plays the same campaign.
#pragma once

#include <optional>

#include "scenarios/reader.h"

namespace leth {

struct CampaignSpec {
  static constexpr int kMaxAdventures = 1000;  // the life table's rows, in every tally

  int adventures = 0;  // at most, 1..kMaxAdventures
  // Retired, alive, once the character carries this many lasting injuries (sequelae, counted
  // one by one over every kind); 0: never for that.
  int retire_sequelae = 0;
};

// The file's [campaign] table, or nullopt without one. Throws InputError.
std::optional<CampaignSpec> read_campaign(Reader& file);

}  // namespace leth
