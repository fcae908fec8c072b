// time_out_of_action measured one way in every ruleset (sim/core/metrics.h,
// kTimeOutOfActionHelp): from the first moment the character cannot act until the last time
// they can act again, kept only when the trial ends with the character alive and able to act.
// The body says when it can no longer act and when it can again; what that means is the
// ruleset's (its README says: unconscious, dying, in a coma, in bed, ...).
#pragma once

#include "sim/core/clock.h"
#include "sim/core/outcome.h"

namespace leth {

class OutOfAction {
 public:
  // The character cannot act from t (again, or still: a later call changes nothing).
  void cannot_act(Seconds t) {
    if (first_ < 0) first_ = t;
    out_ = true;
  }
  // The character can act again from t.
  void can_act(Seconds t) {
    if (!out_) return;
    out_ = false;
    back_ = t;
  }
  bool out() const { return out_; }
  bool ever() const { return first_ >= 0; }
  Seconds first() const { return first_; }
  Seconds back() const { return back_; }  // the last time it could act again

  // Measures `duration` when the character was ever out of action and the trial ends with them
  // able to act and `alive` (not dead, not lost to play).
  void measure(Outcome& o, size_t duration, bool alive) const {
    if (alive && ever() && !out_) o.measure(duration, back_ - first_);
  }

 private:
  Seconds first_ = -1;  // -1: never out of action
  Seconds back_ = 0;    // the last time the character could act again
  bool out_ = false;
};

}  // namespace leth
