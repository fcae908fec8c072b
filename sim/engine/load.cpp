#include "sim/engine/load.h"

#include <algorithm>
#include <filesystem>

namespace leth {

namespace {

bool same_names(const MetricSpec& a, const MetricSpec& b) {
  auto names = [](const MetricSpec& m) {
    std::vector<std::string> n;
    for (const EndSpec& e : m.ends) n.push_back(e.name());
    for (const CounterSpec& c : m.counters) n.push_back("c:" + c.name);
    for (const DurationSpec& d : m.durations) n.push_back("d:" + d.name);
    for (const SequelaSpec& q : m.sequelae) n.push_back("s:" + q.name);
    return n;
  };
  return names(a) == names(b);
}

// The members a declaration names (MetricSpec's `member`), in order: empty for one character.
std::vector<std::string> members_of(const MetricSpec& m) {
  std::vector<std::string> out;
  for (const CounterSpec& c : m.counters)
    if (!c.member.empty() && std::find(out.begin(), out.end(), c.member) == out.end())
      out.push_back(c.member);
  return out;
}

std::string list_text(const std::vector<std::string>& names) {
  if (names.empty()) return "one character";
  std::string t;
  for (const std::string& n : names) t += (t.empty() ? "" : ", ") + n;
  return t;
}

// A file of several rulesets plays one fight under each (docs/scenarios.md): a party under one
// is the same party, member for member, under every other.
void check_same_party(const std::vector<LoadedScenario>& all) {
  if (all.size() < 2) return;
  const std::vector<std::string> first = members_of(metrics_of(all.front().models.front()));
  for (size_t k = 1; k < all.size(); ++k) {
    const std::vector<std::string> these = members_of(metrics_of(all[k].models.front()));
    if (these == first) continue;
    const Scenario& s = all[k].scenario;
    throw InputError(s.section_reader(0).where(),
                     s.ruleset + ": the fight is not " + all.front().scenario.ruleset +
                         "'s: " + all.front().scenario.ruleset + " plays " + list_text(first) +
                         ", " + s.ruleset + " plays " + list_text(these),
                     "a file of several rulesets plays the same party under each: give every "
                     "ruleset's [[<id>.party]] the same names in the same order (or use "
                     "[<id>.character] under every ruleset)");
  }
}

// Builds the models of every variant of one scenario of `doc`.
LoadedScenario build(Scenario scenario) {
  LoadedScenario out;
  out.scenario = std::move(scenario);
  if (out.scenario.sweep) {  // a key path the ruleset never reads is a typo: say which
    // A party scenario's keys are the party template's ("party[fighter].max_hp",
    // "opponents[orog].hp", "fight.strike_fallen"). Asked of the file's table itself, so that
    // the question marks nothing as read.
    const toml::table* t = out.scenario.section_reader(0).table();
    const bool party = t && t->contains("party");
    check_sweep_keys(*out.scenario.sweep,
                     scenario_keys(*find_ruleset(out.scenario.ruleset), party),
                     out.scenario.ruleset, party);
  }
  for (size_t v = 0; v < out.scenario.variants.size(); ++v) {
    try {
      out.models.push_back(build_model(out.scenario, v));
    } catch (const InputError& e) {
      // A variant's overrides can break a part of the file the baseline accepts; say which
      // variant, unless the message already points into it.
      const VariantSpec& spec = out.scenario.variants[v];
      const std::string& m = e.bare_message();
      const bool inside = m.compare(0, spec.path.size(), spec.path) == 0 &&
                          m.size() > spec.path.size() &&
                          (m[spec.path.size()] == '.' || m[spec.path.size()] == ':');
      if (v == 0 || inside) throw;
      throw InputError(e.loc(), e.bare_message() + ", for variant \"" + spec.name + "\"", e.hint());
    }
    // One tally holds every variant, so each must report the same metrics: a party fight and
    // a single character, or two parties of different members, cannot be compared.
    if (v > 0 && !same_names(metrics_of(out.models[v]), metrics_of(out.models.front()))) {
      const VariantSpec& spec = out.scenario.variants[v];
      Reader r = out.scenario.section_reader(v);
      throw InputError(r.where(),
                       "variant \"" + spec.name +
                           "\" reports other metrics than the baseline: it changes "
                           "the party's members, or a party for one character",
                       "keep the same [[party]] names in every variant; change their numbers "
                       "with patch_party");
    }
  }
  if (out.scenario.campaign)
    out.campaign.emplace(metrics_of(out.models.front()), *out.scenario.campaign);
  return out;
}

}  // namespace

std::vector<LoadedScenario> load_scenarios(const std::string& path) {
  std::vector<LoadedScenario> out;
  const std::shared_ptr<Document> doc = Document::parse_file(path);
  try {
    for (Scenario& s : read_scenarios(doc, ruleset_ids())) out.push_back(build(std::move(s)));
  } catch (const InputError&) {
    doc->check_typos();  // "missing key 'max_hp'" may be the consequence of a typo: say so
    throw;
  }
  doc->check_unused();
  check_same_party(out);
  // A key the ruleset reads only in some configurations (a healer's skill without a healer)
  // would leave every point the same: refuse it.
  for (const LoadedScenario& ls : out)
    for (const VariantSpec& spec : ls.scenario.variants)
      for (size_t a = 0; a < spec.point.leaves.size(); ++a)
        if (!doc->used(spec.point.leaves[a].first, spec.point.leaves[a].second)) {
          const Sweep& sw = *ls.scenario.sweep;
          const SweepAxis& axis = a == 0 ? sw.x : *sw.y;
          throw InputError(axis.key_at,
                           std::string(a == 0 ? "sweep.key" : "sweep.y.key") + ": \"" + axis.key +
                               "\" is not read in variant \"" + ls.scenario.variants[spec.of].name +
                               "\" of this scenario",
                           "the ruleset reads it only in some configurations; see `lethality "
                           "rules " +
                               ls.scenario.ruleset + "`");
        }
  return out;
}

LoadedScenario load_scenario(const std::string& path, const std::string& ruleset) {
  std::vector<LoadedScenario> all = load_scenarios(path);
  std::string ids;
  for (LoadedScenario& ls : all) {
    if (all.size() == 1 && ruleset.empty()) return std::move(ls);
    if (ls.scenario.ruleset == ruleset) return std::move(ls);
    ids += (ids.empty() ? "" : ", ") + ls.scenario.ruleset;
  }
  if (ruleset.empty())
    throw InputError({path}, "the file describes the fight for several rulesets (" + ids + ")",
                     "name one with --ruleset");
  throw InputError({path}, "the file has no ruleset \"" + ruleset + "\"", "it has: " + ids);
}

KeyCatalog scenario_keys(const RulesetInfo& r, bool party) {
  KeyCatalog catalog;
  const std::shared_ptr<Document> doc =
      party ? Document::parse_string(r.party_template(), "<the " + r.id + " party template>")
            : Document::parse_string(r.scenario_template(), "<the " + r.id + " template>");
  doc->set_catalog(&catalog);
  const Scenario s = read_scenario(doc, ruleset_ids());
  build_model(s, 0);
  doc->set_catalog(nullptr);  // the variants' overrides are the baseline's keys again
  for (size_t v = 1; v < s.variants.size(); ++v) build_model(s, v);
  doc->check_unused();
  // The common [campaign] table's keys (docs/campaigns.md): the template has none, for a
  // template is one fight, so a campaign of its own is read for the listing.
  const std::shared_ptr<Document> campaign = Document::parse_string(
      "[campaign]\nadventures = 20\nretire_sequelae = 0\n"
      "retire_stat_loss = { sequela = \"vai_loss\", reaches = -2 }\ndowntime = \"3 weeks\"\n"
      "after_a_death = \"end\"\n",
      "<a campaign>");
  campaign->set_catalog(&catalog);
  Reader top(campaign);
  read_campaign(top);
  return catalog;
}

std::vector<std::string> expand_scenario_paths(const std::vector<std::string>& args) {
  namespace fs = std::filesystem;
  std::vector<std::string> out;
  for (const std::string& a : args) {
    std::error_code ec;
    if (fs::is_directory(a, ec)) {
      std::vector<std::string> found;
      // A link that leads nowhere (a loop) is listed too: reading it then says what it is.
      for (const auto& e : fs::directory_iterator(a, ec)) {
        std::error_code kind;
        if (e.path().extension() == ".toml" && !e.is_directory(kind))
          found.push_back(e.path().string());
      }
      if (ec) throw InputError({a}, "cannot read the folder: " + ec.message());
      if (found.empty())
        throw InputError({a}, "the folder holds no scenario files",
                         "scenario files end in .toml; `lethality rules ID --template > "
                         "mine.toml` writes one to start from (`lethality rules` lists the ids)");
      std::sort(found.begin(), found.end());
      out.insert(out.end(), found.begin(), found.end());
    } else {
      out.push_back(a);
    }
  }
  return out;
}

}  // namespace leth
