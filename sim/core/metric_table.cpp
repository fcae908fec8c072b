#include "sim/core/metric_table.h"

#include <string>

namespace leth {

std::vector<EndSpec> specs(std::span<const EndDecl> table) {
  std::vector<EndSpec> v;
  for (const EndDecl& d : table) v.push_back({d.kind, std::string(d.detail), std::string(d.help)});
  return v;
}

std::vector<CounterSpec> specs(std::span<const CounterDecl> table) {
  std::vector<CounterSpec> v;
  for (const CounterDecl& d : table) v.push_back({std::string(d.name), std::string(d.help)});
  return v;
}

std::vector<DurationSpec> specs(std::span<const DurationDecl> table) {
  std::vector<DurationSpec> v;
  for (const DurationDecl& d : table)
    v.push_back({std::string(d.name), std::string(d.help), {}, d.campaign});
  return v;
}

std::vector<SequelaSpec> specs(std::span<const SequelaDecl> table) {
  std::vector<SequelaSpec> v;
  for (const SequelaDecl& d : table)
    v.push_back({std::string(d.name), std::string(d.unit), std::string(d.help)});
  return v;
}

MetricSpec metric_spec(const MetricTables& t) {
  return {specs(t.ends), specs(t.counters), specs(t.durations), specs(t.sequelae)};
}

}  // namespace leth
