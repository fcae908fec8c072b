#include "scenarios/campaign.h"

#include <string>

namespace leth {

std::optional<CampaignSpec> read_campaign(Reader& file) {
  std::optional<Reader> r = file.get_table("campaign");
  if (!r) return std::nullopt;
  CampaignSpec c;
  if (!r->has("adventures"))
    r->fail_here("missing key 'adventures'",
                 "say how many adventures the campaign plays at most, e.g. adventures = 20 (1 to " +
                     std::to_string(CampaignSpec::kMaxAdventures) + ")");
  c.adventures = static_cast<int>(r->need_int("adventures", 1, CampaignSpec::kMaxAdventures));
  c.retire_sequelae = static_cast<int>(r->get_int("retire_sequelae", 0, 10'000, 0));
  return c;
}

}  // namespace leth
