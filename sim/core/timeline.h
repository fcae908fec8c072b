// One trial's timeline: the fight's turns and the aftermath's checks, care, rests and wakes as
// events at integer seconds, popped earliest first (ties in the order they were scheduled).
// Each event carries a payload — the model's kind, the slot of what it is about, a number —
// and can be cancelled on its own by the id schedule() returned, or by a predicate.
//
// There is no fixed capacity: the storage is a vector that the runner keeps from one trial to
// the next (clear() keeps it), so a run allocates only while its busiest trial so far grows it —
// in steady state, no heap allocation per trial. Pending events stay sorted: for the handful
// a trial holds at a time this measured faster than a binary heap (pf2 dying track, 310 ->
// 271 ns a trial).
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "sim/core/clock.h"

namespace leth {

class Timeline {
 public:
  using Id = uint64_t;

  struct Event {
    Seconds time;
    Id id;          // scheduling order: later ids go after earlier ones at the same time
    uint16_t kind;  // the model's event kind
    // Which of the model's own things the event is about, by its slot: one meaning for every
    // kind that uses it (dnd5e: an injury's slot); 0 for kinds about the one body. Combatants
    // are never here: the fight is the driver's (rules/common/fight.h), not on a timeline.
    uint16_t slot;
    int32_t arg;    // one more number the model needs (a round, a level ...)
  };

  template <typename Kind>
  Id schedule(Seconds time, Kind kind, uint16_t slot = 0, int32_t arg = 0) {
    const Id id = next_id_++;
    // Kept sorted by (time, id) from head_ on. A new event is usually the latest pending one,
    // so the scan from the back stops at once: cheaper than a heap for a trial's few events.
    insert(time, id, static_cast<uint16_t>(kind), slot, arg);
    return id;
  }

  // Removes the event with this id; false if it already happened or was cancelled.
  bool cancel(Id id) {
    return cancel_if([id](const Event& e) { return e.id == id; }) > 0;
  }
  // Removes every pending event for which pred(event) holds; returns how many.
  template <typename Pred>
  size_t cancel_if(Pred pred) {
    const auto first = events_.begin() + static_cast<std::ptrdiff_t>(head_);
    const auto it = std::remove_if(first, events_.end(), pred);  // stable: order kept
    const size_t n = static_cast<size_t>(events_.end() - it);
    events_.erase(it, events_.end());
    return n;
  }
  template <typename Kind>
  size_t cancel_kind(Kind kind) {
    return cancel_if([k = static_cast<uint16_t>(kind)](const Event& e) { return e.kind == k; });
  }
  template <typename Pred>
  bool any(Pred pred) const {
    return std::any_of(events_.begin() + static_cast<std::ptrdiff_t>(head_), events_.end(), pred);
  }
  template <typename Kind>
  bool has_kind(Kind kind) const {
    return any([k = static_cast<uint16_t>(kind)](const Event& e) { return e.kind == k; });
  }

  bool empty() const { return head_ == events_.size(); }
  size_t size() const { return events_.size() - head_; }
  // The earliest event. Precondition: !empty().
  const Event& peek() const { return events_[head_]; }
  Event pop() {
    const Event e = load(events_[head_++]);
    if (head_ == events_.size()) {
      events_.clear();
      head_ = 0;
    } else if (head_ >= 64 && head_ * 2 >= events_.size()) {  // drop the popped prefix
      events_.erase(events_.begin(), events_.begin() + static_cast<std::ptrdiff_t>(head_));
      head_ = 0;
    }
    return e;
  }
  // Forgets every event and restarts the ids; keeps the storage for the next trial.
  void clear() {
    events_.clear();
    head_ = 0;
    next_id_ = 0;
  }
  size_t capacity() const { return events_.capacity(); }

 private:
  // The fields come apart, not as an Event built on the stack: read back as a block, such an
  // Event would stall on the stores that just wrote it (see load() below).
  void insert(Seconds time, Id id, uint16_t kind, uint16_t slot, int32_t arg) {
    size_t i = events_.size();
    while (i > head_ && time < events_[i - 1].time) --i;
    Event& e = i == events_.size()
                   ? events_.emplace_back()
                   : *events_.emplace(events_.begin() + static_cast<std::ptrdiff_t>(i));
    e.time = time;
    e.id = id;
    e.kind = kind;
    e.slot = slot;
    e.arg = arg;
  }

  // A copy of a pending event, read field by field. schedule() writes an event field by
  // field, and a trial often pops an event a few instructions after scheduling it; read as one
  // 16-byte block (what the compiler would otherwise do), the load cannot be served from those
  // narrower pending stores and stalls the core (store-forwarding failure): measured 10 ns a
  // trial on the pf2 dying track. The empty asm statements keep the reads apart.
  static Event load(const Event& src) {
    Event e;
    e.time = src.time;
    asm volatile("" ::: "memory");
    e.id = src.id;
    asm volatile("" ::: "memory");
    e.kind = src.kind;
    e.slot = src.slot;
    e.arg = src.arg;
    return e;
  }

  std::vector<Event> events_;  // [head_, end): pending, sorted by (time, id)
  size_t head_ = 0;
  Id next_id_ = 0;
};

}  // namespace leth
