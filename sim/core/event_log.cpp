#include "sim/core/event_log.h"

#include <algorithm>

namespace leth {

std::string EventLog::render() const {
  // In the order of time: a party's members each play their rest on their own clock, one
  // member after another, so the entries come in by member; a story is read by the clock.
  // Entries of one time keep the order they were written in.
  std::vector<const Entry*> order;
  order.reserve(entries_.size());
  for (const Entry& e : entries_) order.push_back(&e);
  std::stable_sort(order.begin(), order.end(),
                   [](const Entry* a, const Entry* b) { return a->time < b->time; });
  std::string out;
  for (const Entry* p : order) {
    const Entry& e = *p;
    // Appends only: g++ 12 warns falsely (-Wrestrict) on this chain of operator+.
    out.append("[").append(clock_text(e.time)).append("] ").append(e.text).append("\n");
  }
  return out;
}

}  // namespace leth
