// A model's metrics as constexpr tables: each list of its MetricSpec (metrics.h) is written
// once, in the order it is reported, and the index a trial records is looked up in that table
// by name at compile time. A hand-kept enum beside the list could drift from its order and
// count one metric under another's name; a name looked up cannot, and a name absent or
// declared twice does not compile.
//
//   inline constexpr CounterDecl kCounters[] = {{"knocked_out", "times ..."}, ...};
//   inline constexpr CounterIndex kKnockedOut = index_of(kCounters, "knocked_out");
//   static const MetricSpec spec = metric_spec({.ends = kEnds, .counters = kCounters, ...});
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "sim/core/metrics.h"

namespace leth {

// One entry of each list, as EndSpec, CounterSpec, DurationSpec and SequelaSpec hold it.
struct EndDecl {
  EndKind kind;
  std::string_view detail;  // the end's name is end_kind_name(kind), then "_" detail if any
  std::string_view help;
};
struct CounterDecl {
  std::string_view name;
  std::string_view help;
};
struct DurationDecl {
  std::string_view name;
  std::string_view help;
  CampaignTime campaign = CampaignTime::AddedUp;  // metrics.h
  // A shared duration with its one meaning (metrics.h: shared_duration()), e.g.
  // DurationDecl::shared(kDowntime); another name does not compile.
  static consteval DurationDecl shared(std::string_view name);
};
struct SequelaDecl {
  std::string_view name;
  std::string_view unit;
  std::string_view help;
};

consteval DurationDecl DurationDecl::shared(std::string_view name) {
  if (name == kDowntime) return {kDowntime, kDowntimeHelp, CampaignTime::FromStart};
  if (name == kTimeOutOfAction)
    return {kTimeOutOfAction, kTimeOutOfActionHelp, CampaignTime::AddedUpWhole};
  if (name == kTimeToDeath)
    return {kTimeToDeath, kTimeToDeathHelp, CampaignTime::FirstFromStart};
  throw "DurationDecl::shared: not a shared duration (metrics.h)";
}

// An index into one list: of its own type per list, so that a counter's index cannot be passed
// where an end is expected (as the enums it replaces could not), and a plain number wherever a
// trial records it (Outcome's arrays, hence the implicit conversion).
template <typename Decl>
struct MetricIndex {
  uint16_t value;
  constexpr operator uint16_t() const { return value; }  // NOLINT(google-explicit-constructor)
};
using EndIndex = MetricIndex<EndDecl>;
using CounterIndex = MetricIndex<CounterDecl>;
using DurationIndex = MetricIndex<DurationDecl>;
using SequelaIndex = MetricIndex<SequelaDecl>;

namespace metric_table_detail {
constexpr bool named(const EndDecl& d, std::string_view name) {
  const std::string_view kind = end_kind_name(d.kind);
  if (d.detail.empty()) return name == kind;
  return name.size() == kind.size() + 1 + d.detail.size() && name.starts_with(kind) &&
         name[kind.size()] == '_' && name.ends_with(d.detail);
}
template <typename Decl>
constexpr bool named(const Decl& d, std::string_view name) {
  return d.name == name;
}
}  // namespace metric_table_detail

// The index of the entry named `name` ("knocked_out"; an end by its full name, "died_combat").
// Fails to compile unless exactly one entry has that name.
template <typename Decl, size_t N>
consteval MetricIndex<Decl> index_of(const Decl (&table)[N], std::string_view name) {
  size_t found = N, matches = 0;
  for (size_t i = 0; i < N; ++i)
    if (metric_table_detail::named(table[i], name)) {
      found = i;
      ++matches;
    }
  if (matches != 1) throw "index_of: the name is not declared exactly once in the table";
  return {static_cast<uint16_t>(found)};
}

// A model's tables; a list it does not have stays empty.
struct MetricTables {
  std::span<const EndDecl> ends = {};
  std::span<const CounterDecl> counters = {};
  std::span<const DurationDecl> durations = {};
  std::span<const SequelaDecl> sequelae = {};
};

// The runtime lists, entry for entry in the tables' order.
std::vector<EndSpec> specs(std::span<const EndDecl> table);
std::vector<CounterSpec> specs(std::span<const CounterDecl> table);
std::vector<DurationSpec> specs(std::span<const DurationDecl> table);
std::vector<SequelaSpec> specs(std::span<const SequelaDecl> table);
MetricSpec metric_spec(const MetricTables& t);

}  // namespace leth
