#include "sim/event_log.h"

namespace leth {

std::string EventLog::render() const {
  std::string out;
  for (const Entry& e : entries_) {
    out += "[" + clock_text(e.time) + "] " + e.text + "\n";
  }
  return out;
}

}  // namespace leth
