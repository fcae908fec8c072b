#include "sim/core/event_log.h"

namespace leth {

std::string EventLog::render() const {
  std::string out;
  for (const Entry& e : entries_) {
    // Appends only: g++ 12 warns falsely (-Wrestrict) on this chain of operator+.
    out.append("[").append(clock_text(e.time)).append("] ").append(e.text).append("\n");
  }
  return out;
}

}  // namespace leth
