// Trial time: integer seconds from the start of the scenario, and a small agenda of
// pending events so that a month of recovery costs a few dozen events, not 2.6 million ticks.
#pragma once

#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>

namespace leth {

using Seconds = int64_t;

inline constexpr Seconds kSecond = 1;
inline constexpr Seconds kRound = 6;  // one combat round (PF2, D&D 5e)
inline constexpr Seconds kMinute = 60;
inline constexpr Seconds kHour = 3600;
inline constexpr Seconds kDay = 86400;
inline constexpr Seconds kWeek = 7 * kDay;

// "0:00:06", "3:15:00", "2d 03:15:00" — for event logs.
std::string clock_text(Seconds t);
// "42 s", "3.5 min", "7.2 h", "12.4 d" — for summaries, three significant digits.
std::string duration_text(double seconds);

// Pending events of one trial, earliest first; ties in the order they were scheduled.
// A trial has a handful of pending events at a time, so a fixed array scanned linearly
// beats a heap and never allocates.
template <typename Kind, size_t Capacity = 16>
class Agenda {
 public:
  struct Event {
    Seconds time;
    uint64_t order;
    Kind kind;
  };

  void schedule(Seconds time, Kind kind) {
    if (size_ == Capacity) throw std::logic_error("agenda: more pending events than capacity");
    events_[size_++] = Event{time, next_order_++, kind};
  }
  // Drop every pending event of this kind.
  void cancel(Kind kind) {
    size_t kept = 0;
    for (size_t i = 0; i < size_; ++i)
      if (!(events_[i].kind == kind)) events_[kept++] = events_[i];
    size_ = kept;
  }
  bool has(Kind kind) const {
    for (size_t i = 0; i < size_; ++i)
      if (events_[i].kind == kind) return true;
    return false;
  }
  bool empty() const { return size_ == 0; }
  size_t size() const { return size_; }
  // Remove and return the earliest event. Precondition: !empty().
  Event pop() {
    size_t best = 0;
    for (size_t i = 1; i < size_; ++i) {
      const Event& e = events_[i];
      const Event& b = events_[best];
      if (e.time < b.time || (e.time == b.time && e.order < b.order)) best = i;
    }
    Event out = events_[best];
    events_[best] = events_[--size_];
    return out;
  }
  const Event& peek() const {
    size_t best = 0;
    for (size_t i = 1; i < size_; ++i) {
      const Event& e = events_[i];
      const Event& b = events_[best];
      if (e.time < b.time || (e.time == b.time && e.order < b.order)) best = i;
    }
    return events_[best];
  }

 private:
  std::array<Event, Capacity> events_{};
  size_t size_ = 0;
  uint64_t next_order_ = 0;
};

}  // namespace leth
