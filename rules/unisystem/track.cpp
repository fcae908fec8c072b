#include "rules/unisystem/track.h"

#include <algorithm>

namespace leth::unisystem {

namespace {

constexpr Seconds kHalfHour = kHour / 2;

int64_t ceil_div(int64_t a, int64_t b) {
  return (a + b - 1) / b;
}

}  // namespace

Track::Track(int max, int value, int sleep_owed)
    : max_(max), value_(std::min(value, max)), owed_(std::clamp(sleep_owed, 0, max - value_)) {}

int64_t Track::gained(Seconds t) const {
  const int64_t missing = int64_t{max_} - value_;
  if (t <= base_ || missing <= 0 || points_ <= 0) return 0;
  const Seconds elapsed = t - base_;
  switch (mode_) {
    case Mode::Still:
      return 0;
    case Mode::Steady:
      return per_ <= 0 ? 0 : std::min<int64_t>(missing, points_ * (elapsed / per_));
    case Mode::Asleep:
      return std::min<int64_t>(missing, points_ * (elapsed / kHalfHour));
    case Mode::Awake: {
      const int64_t rest = missing - owed_;  // what rest can restore
      const int64_t by_rest = points_ * (elapsed / kHour);
      if (by_rest < rest) return by_rest;
      const Seconds rested = ceil_div(rest, points_) * kHour;
      return rest + std::min<int64_t>(owed_, points_ * ((elapsed - rested) / kHalfHour));
    }
  }
  return 0;
}

int Track::owed_at(Seconds t) const {
  const int64_t g = gained(t);
  // Awake, what damage took comes back first; asleep (or by a rate), sleep restores its own
  // debt first.
  const int64_t slept =
      mode_ == Mode::Awake ? std::max<int64_t>(0, g - (max_ - value_ - owed_)) : g;
  return static_cast<int>(std::max<int64_t>(0, owed_ - slept));
}

void Track::rebase(Seconds t) {
  if (value_ >= max_) return;  // full since base_
  const Seconds full = full_at();
  if (full <= t) {
    value_ = max_;
    owed_ = 0;
    base_ = full;
    return;
  }
  const int owed = owed_at(t);
  value_ = at(t);
  owed_ = owed;
  base_ = t;
}

void Track::lose(int points, Seconds t, int floor) {
  if (points <= 0) return;
  // A steady rate keeps its clock while the track is short: the points keep coming every
  // `per` from when it first fell short, so blows more often than `per` do not stop them.
  Seconds phase = t;
  if (mode_ == Mode::Steady && per_ > 0 && value_ < max_ && full_at() > t)
    phase = base_ + (t - base_) / per_ * per_;
  rebase(t);
  value_ = static_cast<int>(std::max<int64_t>(int64_t{value_} - points, floor));
  base_ = phase;
}

void Track::recover(Seconds t, Mode mode, int points, Seconds per) {
  rebase(t);
  if (value_ < max_) base_ = t;
  mode_ = mode;
  points_ = points;
  per_ = per;
}

Seconds Track::full_at() const {
  if (value_ >= max_) return base_;
  const int64_t missing = int64_t{max_} - value_;
  if (points_ <= 0) return kNever;
  switch (mode_) {
    case Mode::Still:
      return kNever;
    case Mode::Steady:
      return per_ <= 0 ? kNever : base_ + ceil_div(missing, points_) * per_;
    case Mode::Asleep:
      return base_ + ceil_div(missing, points_) * kHalfHour;
    case Mode::Awake:
      return base_ + ceil_div(missing - owed_, points_) * kHour +
             ceil_div(owed_, points_) * kHalfHour;
  }
  return kNever;
}

}  // namespace leth::unisystem
