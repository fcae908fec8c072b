// The story of one trial, for `lethality replay`: what happened, when, in a designer's words.
// Models write to it only when one is given; writing never draws random numbers, so a
// replayed trial is the same trial as inside a run.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "sim/core/clock.h"

namespace leth {

class EventLog {
 public:
  struct Entry {
    Seconds time;
    std::string text;
  };
  void add(Seconds time, std::string text) { entries_.push_back({time, std::move(text)}); }
  const std::vector<Entry>& entries() const { return entries_; }
  // One line per entry: "[0:00:12] text".
  std::string render() const;

 private:
  std::vector<Entry> entries_;
};

// Writes a line only when there is a log; `make` builds the text and is not called otherwise.
template <typename Make>
inline void note(EventLog* log, Seconds time, Make&& make) {
  if (log) [[unlikely]]
    log->add(time, make());
}

}  // namespace leth
