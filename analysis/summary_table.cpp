// The terminal's tables (analysis/report.h): a scenario's summary, a row per variant with its
// columns made from the declared metrics, and a batch side by side.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <optional>

#include "analysis/life_table.h"
#include "analysis/report.h"
#include "sim/core/clock.h"

namespace leth {

namespace {

std::string pct(double x) {
  if (std::isnan(x)) return "-";
  char buf[32];
  if (x != 0 && std::fabs(x) < 0.001)
    std::snprintf(buf, sizeof buf, "%.3f%%", 100 * x);
  else
    std::snprintf(buf, sizeof buf, "%.2f%%", 100 * x);
  return buf;
}

// "= 0.0123", or "< 1e-300" where the binomial tail is below what a double holds.
std::string p_text(double p) {
  char buf[32];
  if (p < 1e-300)
    std::snprintf(buf, sizeof buf, "< 1e-300");
  else
    std::snprintf(buf, sizeof buf, "= %.3g", p);
  return buf;
}

std::string pad(const std::string& s, size_t w) {
  return s.size() >= w ? s + " " : s + std::string(w - s.size(), ' ');
}

double frac(const Tally& x, uint64_t k) {
  return x.trials > 0 ? static_cast<double>(k) / static_cast<double>(x.trials) : NAN;
}

// A column of the summary: its head and its cell for variant v.
struct Column {
  std::string head;
  std::function<std::string(size_t v)> cell;
};

// Deaths, the death-rate difference from the reference (the baseline unless --reference),
// paired, where the deaths happened, and the lost.
std::vector<Column> outcome_columns(const RunInfo& info, const std::vector<Tally>& tv,
                                    const std::vector<ComparisonRow>& comparisons) {
  const MetricSpec& m = info.metrics;
  std::vector<Column> cols;
  const uint64_t died = m.end_mask(EndKind::Died);
  const IntervalKind kind = info.interval;
  cols.push_back({"deaths (95% CI)", [&tv, kind, died](size_t v) {
                    const Estimate d = rate_interval(kind, tv[v].ends_in(died), tv[v].trials);
                    return pct(d.value) + " (" + pct(d.lo) + "-" + pct(d.hi) + ")";
                  }});
  if (info.variants.size() > 1) {
    // A sweep point is compared with its own variant: then the column names no one variant.
    bool one_reference = true;
    for (size_t v = 0; v < info.variants.size(); ++v)
      one_reference =
          one_reference && (reference_of(info, v) == info.reference || v == info.reference);
    const std::string head = one_reference ? info.variants.at(info.reference) : "reference";
    cols.push_back({"vs " + head + " (95% CI)", [&info, &comparisons](size_t v) -> std::string {
                      const std::string& ref = info.variants.at(reference_of(info, v));
                      if (info.variants[v] == ref) return "-";
                      for (const ComparisonRow& r : comparisons)
                        if (r.metric == "death_rate_difference" && r.reference == ref &&
                            r.variant == info.variants[v]) {
                          char cell[96];
                          std::snprintf(cell, sizeof cell, "%+.2f pp (%+.2f to %+.2f)",
                                        100 * r.difference.value, 100 * r.difference.lo,
                                        100 * r.difference.hi);
                          return cell;
                        }
                      return "-";
                    }});
  }
  for (size_t e = 0; e < m.ends.size(); ++e)
    if (m.ends[e].kind == EndKind::Died && !m.ends[e].detail.empty())
      cols.push_back(
          {m.ends[e].detail, [&tv, e](size_t v) { return pct(frac(tv[v], tv[v].ends[e])); }});
  if (m.has_kind(EndKind::Lost)) {
    const uint64_t lost = m.end_mask(EndKind::Lost);
    cols.push_back(
        {"lost", [&tv, lost](size_t v) { return pct(frac(tv[v], tv[v].ends_in(lost))); }});
  }
  return cols;
}

// Each counter of the whole (the party, or the one character): the share of trials with at
// least one. A member's counters are in member_rows().
std::vector<Column> counter_columns(const MetricSpec& m, const std::vector<Tally>& tv) {
  std::vector<Column> cols;
  for (size_t c = 0; c < m.counters.size(); ++c)
    if (m.counters[c].member.empty())
      cols.push_back({m.counters[c].name,
                      [&tv, c](size_t v) { return pct(frac(tv[v], tv[v].counter_trials[c])); }});
  return cols;
}

// The times every model reports (time to full health p50 and p90, out of action p50). A
// quantile is over the trials that measured the duration: beside it, how many they are and
// their share of the trials; under kMinMeasured of them, no figure.
std::vector<Column> time_columns(const MetricSpec& m, const std::vector<Tally>& tv) {
  std::vector<Column> cols;
  auto quantile = [&](const char* duration, double q, const char* head) {
    const int d = m.duration_index(duration);
    if (d >= 0)
      cols.push_back({head, [&tv, d, q](size_t v) {
                        const LogHistogram& h = tv[v].durations[static_cast<size_t>(d)];
                        if (h.count() == 0) return std::string("-");
                        if (!estimable(h.count())) return std::string("not estimable");
                        return duration_text(h.quantile(q));
                      }});
  };
  auto population = [&](const char* duration) {
    const int d = m.duration_index(duration);
    if (d >= 0)
      cols.push_back({"n (share)", [&tv, d](size_t v) {
                        return population_text(tv[v].durations[static_cast<size_t>(d)].count(),
                                               tv[v].trials);
                      }});
  };
  quantile(kDowntime, 0.5, "downtime p50");
  quantile(kDowntime, 0.9, "p90");
  population(kDowntime);
  quantile(kTimeOutOfAction, 0.5, "out of action p50");
  population(kTimeOutOfAction);
  return cols;
}

// What was unresolved, and the two most frequent sequelae (share of trials with at least
// one), last: the widest.
std::vector<Column> closing_columns(const MetricSpec& m, const std::vector<Tally>& tv) {
  std::vector<Column> cols;
  const uint64_t unresolved = m.end_mask(EndKind::Unresolved);
  cols.push_back({"unresolved", [&tv, unresolved](size_t v) {
                    return pct(frac(tv[v], tv[v].ends_in(unresolved)));
                  }});
  if (!m.sequelae.empty())
    cols.push_back({"top sequelae", [&m, &tv](size_t v) -> std::string {
                      std::vector<size_t> order(m.sequelae.size());
                      for (size_t q = 0; q < order.size(); ++q) order[q] = q;
                      std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
                        return tv[v].sequela_trials[a] > tv[v].sequela_trials[b];
                      });
                      std::string cell;
                      for (size_t i = 0; i < std::min<size_t>(2, order.size()); ++i) {
                        const size_t q = order[i];
                        if (tv[v].sequela_trials[q] == 0) break;
                        if (!cell.empty()) cell += ", ";
                        cell +=
                            m.sequelae[q].name + " " + pct(frac(tv[v], tv[v].sequela_trials[q]));
                      }
                      return cell.empty() ? std::string("-") : cell;
                    }});
  return cols;
}

// A line of a table, without trailing blanks after its last column.
void add_line(std::string& out, std::string text) {
  text.erase(text.find_last_not_of(' ') + 1);
  out += text + "\n";
}

size_t width_of(const Column& c, size_t variants) {
  size_t cw = c.head.size() + 2;
  for (size_t v = 0; v < variants; ++v) cw = std::max(cw, c.cell(v).size() + 2);
  return cw;
}

// A row per variant, the variants' names in a first column `w` wide.
std::string variant_rows(const std::vector<std::string>& variants, const std::vector<Column>& cols,
                         size_t w) {
  std::vector<size_t> widths;
  for (const Column& c : cols) widths.push_back(width_of(c, variants.size()));
  std::string out;
  std::string head = "  " + pad("variant", w);
  for (size_t i = 0; i < cols.size(); ++i) head += pad(cols[i].head, widths[i]);
  add_line(out, head);
  for (size_t v = 0; v < variants.size(); ++v) {
    std::string row = "  " + pad(variants[v], w);
    for (size_t i = 0; i < cols.size(); ++i) row += pad(cols[i].cell(v), widths[i]);
    add_line(out, row);
  }
  return out;
}

// The counters as a table of their own: a row per counter, a column per variant.
std::string counter_rows(const std::vector<std::string>& variants,
                         const std::vector<Column>& counters) {
  std::string out;
  size_t cw = std::string("trials with at least one").size() + 2;
  for (const Column& c : counters) cw = std::max(cw, c.head.size() + 4);
  std::vector<size_t> vw;
  for (size_t v = 0; v < variants.size(); ++v) {
    size_t x = variants[v].size() + 2;
    for (const Column& c : counters) x = std::max(x, c.cell(v).size() + 2);
    vw.push_back(x);
  }
  std::string h = "  " + pad("trials with at least one", cw);
  for (size_t v = 0; v < variants.size(); ++v) h += pad(variants[v], vw[v]);
  add_line(out, h);
  for (const Column& c : counters) {
    std::string row = "    " + pad(c.head, cw - 2);
    for (size_t v = 0; v < variants.size(); ++v) row += pad(c.cell(v), vw[v]);
    add_line(out, row);
  }
  return out;
}

// A member's metric named without its member: "died_rogue" -> "died".
std::string without_member(const std::string& name, const std::string& member) {
  const std::string tail = "_" + member;
  return name.ends_with(tail) ? name.substr(0, name.size() - tail.size()) : name;
}

// The metrics about one member each (a party's, rules/common/party_report.h): a row per member
// and variant, a column per metric — each counter's share of trials with at least one, each
// duration's median over the trials that measured it. Empty without members.
std::string member_rows(const MetricSpec& m, const std::vector<std::string>& variants,
                        const std::vector<Tally>& tv) {
  std::vector<std::string> members;
  auto note = [&](const std::string& who) {
    if (!who.empty() && std::find(members.begin(), members.end(), who) == members.end())
      members.push_back(who);
  };
  for (const CounterSpec& c : m.counters) note(c.member);
  for (const DurationSpec& d : m.durations) note(d.member);
  if (members.empty()) return {};
  std::vector<std::vector<std::string>> rows;
  std::vector<std::string> head = {"per member", "variant"};
  bool headed = false;
  for (const std::string& who : members)
    for (size_t v = 0; v < variants.size(); ++v) {
      std::vector<std::string> row = {v == 0 ? who : std::string(), variants[v]};
      for (size_t c = 0; c < m.counters.size(); ++c) {
        if (m.counters[c].member != who) continue;
        if (!headed) head.push_back(without_member(m.counters[c].name, who));
        row.push_back(pct(frac(tv[v], tv[v].counter_trials[c])));
      }
      for (size_t d = 0; d < m.durations.size(); ++d) {
        if (m.durations[d].member != who) continue;
        if (!headed) head.push_back(without_member(m.durations[d].name, who) + " p50");
        const LogHistogram& h = tv[v].durations[d];
        row.push_back(h.count() == 0          ? std::string("-")
                      : !estimable(h.count()) ? std::string("not estimable")
                                              : duration_text(h.quantile(0.5)));
      }
      headed = true;
      rows.push_back(std::move(row));
    }
  rows.insert(rows.begin(), head);
  std::vector<size_t> widths(head.size(), 0);
  for (const auto& r : rows)
    for (size_t i = 0; i < r.size() && i < widths.size(); ++i)
      widths[i] = std::max(widths[i], r[i].size() + 2);
  std::string out;
  for (size_t k = 0; k < rows.size(); ++k) {
    std::string line = k == 0 ? "  " : "    ";
    for (size_t i = 0; i < rows[k].size() && i < widths.size(); ++i)
      line += pad(rows[k][i], i == 0 && k > 0 ? widths[i] - 2 : widths[i]);
    add_line(out, line);
  }
  return out;
}

// The paired comparisons: death rate difference, discordant trials, McNemar, and what
// pairing bought (an independent-streams run would need that many times the trials).
std::string comparison_lines(const std::vector<ComparisonRow>& comparisons) {
  std::string out;
  char buf[1024];
  for (const ComparisonRow& r : comparisons) {
    if (r.metric != "death_rate_difference") continue;
    std::snprintf(buf, sizeof buf,
                  "  %s vs %s: deaths %+.3f pp (95%% CI %+.3f to %+.3f), paired over %llu "
                  "trials: %llu died only in %s, %llu only in %s, McNemar p %s",
                  r.variant.c_str(), r.reference.c_str(), 100 * r.difference.value,
                  100 * r.difference.lo, 100 * r.difference.hi,
                  static_cast<unsigned long long>(r.n),
                  static_cast<unsigned long long>(*r.only_reference), r.reference.c_str(),
                  static_cast<unsigned long long>(*r.only_variant), r.variant.c_str(),
                  p_text(*r.p_value).c_str());
    out += buf;
    if (!std::isnan(r.variance_ratio)) {
      std::snprintf(buf, sizeof buf, "; pairing worth %.1fx the trials", r.variance_ratio);
      out += buf;
    }
    out += "\n";
  }
  return out;
}

// A campaign's lines (analysis/life_table.h): each variant's adventures lived through and who
// is alive after the last, then each paired difference of the adventures lived.
std::string campaign_lines(const RunInfo& info, const RunTally& t,
                           const std::vector<ComparisonRow>& comparisons) {
  const int n = info.metrics.adventures;
  if (n <= 0) return "";
  std::string out = "  a campaign of " + std::to_string(n) + " adventure" + (n == 1 ? "" : "s") +
                    " (survival.csv has its life table):\n";
  // A party that plays on after a death: the lines below are the whole party's (campaigns.md).
  if (info.metrics.after_death == AfterDeath::Replace)
    out += "  the party's, until it dies all together in one adventure (after_a_death = "
           "\"replace\": a newcomer takes each dead member's place; each place's own in "
           "member_survival.csv):\n";
  else if (info.metrics.after_death == AfterDeath::GoOn)
    out += "  the party's, alive while one member is (after_a_death = \"go_on\": the survivors "
           "play on short of their dead; each member's own in member_survival.csv):\n";
  char buf[1024];
  for (size_t v = 0; v < t.variants.size(); ++v) {
    const Tally& x = t.variants[v];
    const Estimate mean = adventures_mean(x);
    const std::optional<int> median = adventures_median(x);
    const LifeRow last = life_table(x, info.interval).back();
    // Half have died by adventure median + 1; a retired character counts as alive (life_table.h).
    const std::string median_text =
        median ? "half have died by adventure " + std::to_string(*median + 1)
               : "fewer than half die in " + std::to_string(n);
    const double trials = static_cast<double>(x.trials);
    // The campaign's end "lost_retired" (sim/engine/campaign.h), only with retire_sequelae.
    std::optional<uint64_t> retired_n;
    for (size_t e = 0; e < info.metrics.ends.size(); ++e)
      if (info.metrics.ends[e].name() == "lost_retired") retired_n = x.ends[e];
    const double all = trials > 0 ? static_cast<double>(x.left_after.back()) / trials : NAN;
    std::snprintf(buf, sizeof buf,
                  "    %s: lived through %.2f adventures on average (95%% CI %.2f-%.2f); %s; "
                  "played all %d: %.2f%%",
                  info.variants[v].c_str(), mean.value, mean.lo, mean.hi, median_text.c_str(), n,
                  100 * all);
    out += buf;
    if (retired_n) {
      const double retired = trials > 0 ? static_cast<double>(*retired_n) / trials : NAN;
      std::snprintf(buf, sizeof buf, ", retired: %.2f%%, alive after %d (retired included): %.2f%%\n",
                    100 * retired, n, 100 * last.alive.value);
    } else {
      std::snprintf(buf, sizeof buf, ", alive after %d: %.2f%%\n", n, 100 * last.alive.value);
    }
    out += buf;
    // A party's: who died (member_survival.csv), each by the last adventure.
    const std::vector<std::string> members = member_names(info.metrics);
    std::string who, gone;  // gone: who retired, a party that plays on with a rule to retire
    const bool retires = info.metrics.counter_index("retirements") >= 0;
    for (const MemberLifeRow& m : member_life_table(x, info.interval)) {
      if (m.adventure != n || m.member >= members.size()) continue;
      std::snprintf(buf, sizeof buf, "%s %s %.2f%% (95%% CI %.2f-%.2f)", who.empty() ? "" : ",",
                    members[m.member].c_str(), 100 * m.dead_by.value, 100 * m.dead_by.lo,
                    100 * m.dead_by.hi);
      who += buf;
      std::snprintf(buf, sizeof buf, "%s %s %.2f%% (95%% CI %.2f-%.2f)", gone.empty() ? "" : ",",
                    members[m.member].c_str(), 100 * m.retired_by.value, 100 * m.retired_by.lo,
                    100 * m.retired_by.hi);
      if (retires) gone += buf;
    }
    if (!who.empty()) out += "      died in the campaign:" + who + "\n";
    if (!gone.empty()) out += "      retired in the campaign:" + gone + "\n";
    if (last.survivors > 0) {
      std::snprintf(buf, sizeof buf,
                    "      the %llu who lived through all %d carry %.2f lasting injuries each (95%% "
                    "CI %.2f-%.2f); %.2f%% carry at least one\n",
                    static_cast<unsigned long long>(last.survivors), n,
                    last.lasting_per_survivor.value, last.lasting_per_survivor.lo,
                    last.lasting_per_survivor.hi, 100 * last.with_lasting_share.value);
      out += buf;
    }
    if (x.lasting_merged > 0) {
      std::snprintf(buf, sizeof buf,
                    "      note: %llu trials took lasting injuries in more than %zu adventures; "
                    "survival.csv counts their later ones from the %zuth\n",
                    static_cast<unsigned long long>(x.lasting_merged), Outcome::kMaxLastingSteps,
                    Outcome::kMaxLastingSteps);
      out += buf;
    }
  }
  for (const ComparisonRow& r : comparisons) {
    if (r.metric != "adventures_mean_difference") continue;
    std::snprintf(buf, sizeof buf,
                  "  %s vs %s: adventures lived %+.2f (95%% CI %+.2f to %+.2f), paired over %llu "
                  "trials\n",
                  r.variant.c_str(), r.reference.c_str(), r.difference.value, r.difference.lo,
                  r.difference.hi, static_cast<unsigned long long>(r.n));
    out += buf;
  }
  return out;
}

std::string title_line(const RunInfo& info, const RunTally& t) {
  char buf[1024];
  std::snprintf(buf, sizeof buf, "%s (%s): %llu trials, seed %llu, %d thread%s, %.2f s\n",
                info.scenario.c_str(), info.ruleset.c_str(),
                static_cast<unsigned long long>(t.trials()),
                static_cast<unsigned long long>(info.seed), info.threads,
                info.threads == 1 ? "" : "s", info.elapsed_s);
  return buf;
}

}  // namespace

std::string summary_table(const RunInfo& info, const RunTally& t) {
  const MetricSpec& m = info.metrics;
  const std::vector<Tally>& tv = t.variants;
  const std::vector<ComparisonRow> comparisons = comparison_rows(info, t);
  // Columns follow the declaration: deaths, the difference from the reference, where, each
  // counter, then the times every model reports, what was unresolved and the most frequent
  // sequelae.
  std::vector<Column> cols = outcome_columns(info, tv, comparisons);
  const size_t counters_at = cols.size();
  const std::vector<Column> counters = counter_columns(m, tv);
  for (std::vector<Column> more : {time_columns(m, tv), closing_columns(m, tv)})
    cols.insert(cols.end(), more.begin(), more.end());

  size_t w = 10;
  for (const std::string& v : info.variants) w = std::max(w, v.size() + 2);
  // A ruleset with many counters (dnd5e declares 14) would make each row several screens
  // wide: past kMaxTableWidth the counters go into a table of their own, one row per counter
  // and a column per variant, which stays readable however many the model declares.
  size_t row_width = 2 + w;
  for (const Column& c : cols) row_width += width_of(c, tv.size());
  for (const Column& c : counters) row_width += width_of(c, tv.size());
  const bool counters_apart = row_width > kMaxTableWidth;
  if (!counters_apart)
    cols.insert(cols.begin() + static_cast<std::ptrdiff_t>(counters_at), counters.begin(),
                counters.end());
  std::string out = title_line(info, t) + variant_rows(info.variants, cols, w);
  if (counters_apart) out += counter_rows(info.variants, counters);
  out += member_rows(m, info.variants, tv);
  return out + campaign_lines(info, t, comparisons) + comparison_lines(comparisons);
}

namespace {

// Rows of cells as a table, each column as wide as its widest cell.
std::string aligned(const std::vector<std::vector<std::string>>& rows) {
  std::vector<size_t> widths(rows.front().size(), 0);
  for (const auto& r : rows)
    for (size_t i = 0; i < r.size(); ++i) widths[i] = std::max(widths[i], r[i].size() + 2);
  std::string out;
  for (const auto& r : rows) {
    std::string line = "  ";
    for (size_t i = 0; i < r.size(); ++i) line += pad(r[i], widths[i]);
    line.erase(line.find_last_not_of(' ') + 1);
    out += line + "\n";
  }
  return out;
}

}  // namespace

std::string side_by_side_table(const std::vector<std::pair<RunInfo, RunTally>>& runs) {
  std::vector<std::vector<std::string>> rows;
  rows.push_back({"scenario", "ruleset", "variant", "deaths (95% CI)", "downtime p50", "p90",
                  "n (share)", "out of action p50", "n (share)", "unresolved"});
  auto quantile = [](const MetricSpec& m, const Tally& x, const char* name, double q) {
    const int d = m.duration_index(name);
    if (d < 0) return std::string("-");
    const LogHistogram& h = x.durations[static_cast<size_t>(d)];
    if (h.count() == 0) return std::string("-");
    return estimable(h.count()) ? duration_text(h.quantile(q)) : std::string("not estimable");
  };
  auto population = [](const MetricSpec& m, const Tally& x, const char* name) {
    const int d = m.duration_index(name);
    if (d < 0) return std::string("-");
    return population_text(x.durations[static_cast<size_t>(d)].count(), x.trials);
  };
  for (const auto& [info, t] : runs) {
    const MetricSpec& m = info.metrics;
    const uint64_t died = m.end_mask(EndKind::Died), open = m.end_mask(EndKind::Unresolved);
    for (size_t v = 0; v < t.variants.size(); ++v) {
      const Tally& x = t.variants[v];
      const Estimate d = rate_interval(info.interval, x.ends_in(died), x.trials);
      const double unresolved =
          x.trials ? static_cast<double>(x.ends_in(open)) / static_cast<double>(x.trials) : NAN;
      rows.push_back({info.scenario, info.ruleset, info.variants[v],
                      pct(d.value) + " (" + pct(d.lo) + "-" + pct(d.hi) + ")",
                      quantile(m, x, kDowntime, 0.5), quantile(m, x, kDowntime, 0.9),
                      population(m, x, kDowntime), quantile(m, x, kTimeOutOfAction, 0.5),
                      population(m, x, kTimeOutOfAction), pct(unresolved)});
    }
  }
  std::string out = "side by side:\n" + aligned(rows);
  // The same party under several rulesets: each member's fate under each, side by side.
  std::vector<std::vector<std::string>> members;
  members.push_back(
      {"member", "scenario", "ruleset", "variant", "died", "fell", "time to death p50"});
  for (const auto& [info, t] : runs) {
    const MetricSpec& m = info.metrics;
    for (size_t c = 0; c < m.counters.size(); ++c) {
      const std::string& who = m.counters[c].member;
      if (who.empty() || m.counters[c].name != "died_" + who) continue;
      const int fell = m.counter_index("fell_" + who);
      for (size_t v = 0; v < t.variants.size(); ++v) {
        const Tally& x = t.variants[v];
        members.push_back(
            {who, info.scenario, info.ruleset, info.variants[v], pct(frac(x, x.counter_trials[c])),
             fell < 0 ? "-" : pct(frac(x, x.counter_trials[static_cast<size_t>(fell)])),
             quantile(m, x, ("time_to_death_" + who).c_str(), 0.5)});
      }
    }
  }
  if (members.size() > 1) {
    // By member, in the order first met, then in the runs' order.
    std::vector<std::string> order;
    for (size_t k = 1; k < members.size(); ++k)
      if (std::find(order.begin(), order.end(), members[k][0]) == order.end())
        order.push_back(members[k][0]);
    auto rank = [&order](const std::string& who) {
      return std::find(order.begin(), order.end(), who) - order.begin();
    };
    std::stable_sort(members.begin() + 1, members.end(),
                     [&](const auto& a, const auto& b) { return rank(a[0]) < rank(b[0]); });
    out += "side by side, per member:\n" + aligned(members);
  }
  return out;
}

}  // namespace leth
