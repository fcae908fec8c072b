#include "sim/core/stream.h"

#include <cstdio>

namespace leth {

Script& Script::d(int sides, int value) {
  if (sides < 1 || value < 1 || value > sides)
    throw ScriptError("script: d" + std::to_string(sides) + " cannot show " +
                      std::to_string(value));
  entries_.push_back({Kind::Die, sides, static_cast<uint64_t>(value), 0.0});
  return *this;
}

Script& Script::yes() {
  entries_.push_back({Kind::Chance, 0, 1, 0.0});
  return *this;
}

Script& Script::no() {
  entries_.push_back({Kind::Chance, 0, 0, 0.0});
  return *this;
}

Script& Script::u(double value) {
  if (!(value >= 0.0 && value < 1.0))
    throw ScriptError("script: a uniform draw cannot be " + std::to_string(value) +
                      " (it lies in [0, 1))");
  entries_.push_back({Kind::Uniform, 0, 0, value});
  return *this;
}

Script& Script::raw(uint64_t value) {
  entries_.push_back({Kind::Raw, 0, value, 0.0});
  return *this;
}

namespace {

std::string hex(uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%016llx", static_cast<unsigned long long>(v));
  return buf;
}

}  // namespace

Script::Entry Script::take(Kind kind, const std::string& asked) {
  ++taken_;
  if (entries_.empty())
    throw ScriptError("script: draw " + std::to_string(taken_) + " " + asked +
                      " but the script is exhausted");
  const Entry e = entries_.front();
  if (e.kind != kind) {
    std::string has;
    switch (e.kind) {
      case Kind::Die:
        has = "d" + std::to_string(e.sides) + "=" + std::to_string(e.value);
        break;
      case Kind::Chance:
        has = e.value ? "yes" : "no";
        break;
      case Kind::Uniform:
        has = "u=" + std::to_string(e.u);
        break;
      case Kind::Raw:
        has = "raw=" + hex(e.value);
        break;
    }
    throw ScriptError("script: draw " + std::to_string(taken_) + " " + asked +
                      " but the script has " + has);
  }
  entries_.pop_front();
  return e;
}

int Script::take_die(int sides) {
  const std::string asked = "rolls a d" + std::to_string(sides);
  if (!entries_.empty() && entries_.front().kind == Kind::Die && entries_.front().sides != sides) {
    ++taken_;
    const Entry& e = entries_.front();
    throw ScriptError("script: draw " + std::to_string(taken_) + " " + asked +
                      " but the script has d" + std::to_string(e.sides) + "=" +
                      std::to_string(e.value));
  }
  return static_cast<int>(take(Kind::Die, asked).value);
}

bool Script::take_chance(double p) {
  return take(Kind::Chance, "asks a chance (p=" + std::to_string(p) + ")").value != 0;
}

double Script::take_uniform() {
  return take(Kind::Uniform, "asks a uniform in [0, 1)").u;
}

uint64_t Script::take_raw() {
  return take(Kind::Raw, "asks a raw 64-bit value").value;
}

Stream::Stream(uint64_t seed, uint64_t trial, Purpose purpose, uint64_t index, uint64_t* draw_count,
               Script* script)
    : Stream(stream_key(trial_key(seed, trial), purpose, index), draw_count, script) {}

uint64_t Stream::below_scripted(uint64_t n) {
  if (n > static_cast<uint64_t>(INT32_MAX))
    throw ScriptError("script: below(" + std::to_string(n) + ") is too large for a die entry");
  return static_cast<uint64_t>(script_->take_die(static_cast<int>(n))) - 1;
}

uint64_t Stream::below_slow(uint64_t n, unsigned __int128 m) {
  const uint64_t threshold = (0 - n) % n;
  while (static_cast<uint64_t>(m) < threshold) m = static_cast<unsigned __int128>(raw()) * n;
  return static_cast<uint64_t>(m >> 64);
}

}  // namespace leth
