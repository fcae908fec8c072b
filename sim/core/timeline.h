// One trial's timeline: the fight's turns and the aftermath's checks, care, rests and wakes as
// events at integer seconds, popped earliest first (ties in the order they were scheduled).
// Each event carries a payload — the model's kind, and which creature, wound or check it is
// about — and can be cancelled on its own by the id schedule() returned, or by a predicate.
//
// There is no fixed capacity: the storage is a vector that the runner keeps from one trial to
// the next (clear() keeps it), so a run allocates only while its busiest trial so far grows it —
// in steady state, no heap allocation per trial.
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
    Id id;           // scheduling order: later ids go after earlier ones at the same time
    uint16_t kind;   // the model's event kind
    uint16_t who;    // which creature, wound, healer ... (the model's meaning)
    int32_t arg;     // one more number the model needs (a round, a level ...)
  };

  template <typename Kind>
  Id schedule(Seconds time, Kind kind, uint16_t who = 0, int32_t arg = 0) {
    const Id id = next_id_++;
    heap_.push_back(Event{time, id, static_cast<uint16_t>(kind), who, arg});
    std::push_heap(heap_.begin(), heap_.end(), Later{});
    return id;
  }

  // Removes the event with this id; false if it already happened or was cancelled.
  bool cancel(Id id) {
    return cancel_if([id](const Event& e) { return e.id == id; }) > 0;
  }
  // Removes every pending event for which pred(event) holds; returns how many.
  template <typename Pred>
  size_t cancel_if(Pred pred) {
    const auto it = std::remove_if(heap_.begin(), heap_.end(), pred);
    const size_t n = static_cast<size_t>(heap_.end() - it);
    if (n == 0) return 0;
    heap_.erase(it, heap_.end());
    std::make_heap(heap_.begin(), heap_.end(), Later{});
    return n;
  }
  template <typename Kind>
  size_t cancel_kind(Kind kind) {
    return cancel_if([k = static_cast<uint16_t>(kind)](const Event& e) { return e.kind == k; });
  }
  template <typename Pred>
  bool any(Pred pred) const {
    return std::any_of(heap_.begin(), heap_.end(), pred);
  }
  template <typename Kind>
  bool has_kind(Kind kind) const {
    return any([k = static_cast<uint16_t>(kind)](const Event& e) { return e.kind == k; });
  }

  bool empty() const { return heap_.empty(); }
  size_t size() const { return heap_.size(); }
  // The earliest event. Precondition: !empty().
  const Event& peek() const { return heap_.front(); }
  Event pop() {
    std::pop_heap(heap_.begin(), heap_.end(), Later{});
    const Event e = heap_.back();
    heap_.pop_back();
    return e;
  }
  // Forgets every event and restarts the ids; keeps the storage for the next trial.
  void clear() {
    heap_.clear();
    next_id_ = 0;
  }
  size_t capacity() const { return heap_.capacity(); }

 private:
  struct Later {  // std heaps keep the largest first: "largest" here is the earliest
    bool operator()(const Event& a, const Event& b) const {
      return a.time > b.time || (a.time == b.time && a.id > b.id);
    }
  };
  std::vector<Event> heap_;
  Id next_id_ = 0;
};

}  // namespace leth
