#include "scenarios/campaign.h"

#include <string>

namespace leth {

std::optional<CampaignSpec> read_campaign(Reader& file) {
  std::optional<Reader> r = file.get_table(
      "campaign", "write a table: [campaign] then adventures = 5 on the next line, or "
                  "campaign = { adventures = 5 } (docs/campaigns.md)");
  if (!r) return std::nullopt;
  CampaignSpec c;
  if (!r->has("adventures"))
    r->fail_here("missing key 'adventures'",
                 "say how many adventures the campaign plays at most, e.g. adventures = 20 (1 to " +
                     std::to_string(CampaignSpec::kMaxAdventures) + ")");
  // A whole number however written (20, 2e1), as trials are.
  c.adventures = static_cast<int>(*r->get_whole("adventures", 1, CampaignSpec::kMaxAdventures));
  c.retire_sequelae = static_cast<int>(r->get_int("retire_sequelae", 0, 10'000, 0));
  if (std::optional<Reader> t = r->get_table(
          "retire_stat_loss",
          "write retire_stat_loss = { sequela = \"vai_loss\", reaches = -2 } (docs/campaigns.md)")) {
    c.retire_sequela = t->need_string("sequela");
    c.retire_where = t->where("sequela");
    c.retire_reaches = static_cast<int>(t->need_int("reaches", -1000, 1000));
    if (c.retire_reaches == 0)
      t->fail("reaches", "0 is reached before the first adventure: nobody would play",
              "a loss to retire at: reaches = -2");
  }
  if (r->has("downtime")) {
    c.downtime_where = r->where("downtime");
    c.downtime = *r->get_fixed_duration("downtime", kNeverAfter, "\"3 weeks\"",
                                        /*min=*/1, /*never=*/false);
  }
  if (r->has("after_a_death")) {
    c.after_death_where = r->where("after_a_death");
    const std::string a = *r->get_choice("after_a_death", {"end", "replace", "go_on"});
    c.after_death = a == "replace" ? AfterDeath::Replace
                    : a == "go_on" ? AfterDeath::GoOn
                                   : AfterDeath::End;
  }
  return c;
}

}  // namespace leth
