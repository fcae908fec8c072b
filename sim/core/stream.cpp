#include "sim/core/stream.h"

namespace leth {

Script& Script::d(int sides, int value) {
  if (sides < 1 || value < 1 || value > sides)
    throw ScriptError("script: d" + std::to_string(sides) + " cannot show " +
                      std::to_string(value));
  entries_.push_back({sides, value});
  return *this;
}

Script& Script::yes() {
  entries_.push_back({0, 1});
  return *this;
}

Script& Script::no() {
  entries_.push_back({0, 0});
  return *this;
}

namespace {
std::string describe(int sides, int value) {
  if (sides == 0) return value ? "yes" : "no";
  return "d" + std::to_string(sides) + "=" + std::to_string(value);
}
}  // namespace

int Script::take_die(int sides) {
  ++taken_;
  if (entries_.empty())
    throw ScriptError("script: draw " + std::to_string(taken_) + " rolls a d" +
                      std::to_string(sides) + " but the script is exhausted");
  Entry e = entries_.front();
  if (e.sides != sides)
    throw ScriptError("script: draw " + std::to_string(taken_) + " rolls a d" +
                      std::to_string(sides) + " but the script has " + describe(e.sides, e.value));
  entries_.pop_front();
  return e.value;
}

bool Script::take_chance(double p) {
  ++taken_;
  if (entries_.empty())
    throw ScriptError("script: draw " + std::to_string(taken_) +
                      " asks a chance (p=" + std::to_string(p) + ") but the script is exhausted");
  Entry e = entries_.front();
  if (e.sides != 0)
    throw ScriptError("script: draw " + std::to_string(taken_) + " asks a chance (p=" +
                      std::to_string(p) + ") but the script has " + describe(e.sides, e.value));
  entries_.pop_front();
  return e.value != 0;
}

Stream::Stream(uint64_t seed, uint64_t trial, Purpose purpose, uint64_t index, uint64_t* draw_count,
               Script* script)
    : draws_(draw_count), script_(script) {
  // The index gets the low 48 bits, the purpose the top 16: distinct (purpose, index) pairs
  // never share a key.
  key_ = {{seed, (static_cast<uint64_t>(purpose) << 48) | (index & ((uint64_t{1} << 48) - 1))}};
  ctr_ = {{trial, 0, 0, 0}};
}

void Stream::refill() {
  buf_ = Philox()(ctr_, key_);
  ++ctr_.v[1];
  pos_ = 0;
}

uint64_t Stream::below(uint64_t n) {
  if (script_) [[unlikely]]
    return static_cast<uint64_t>(script_->take_die(static_cast<int>(n))) - 1;
  uint64_t x = next();
  unsigned __int128 m = static_cast<unsigned __int128>(x) * n;
  uint64_t low = static_cast<uint64_t>(m);
  if (low < n) {
    const uint64_t threshold = (0 - n) % n;
    while (low < threshold) {
      x = next();
      m = static_cast<unsigned __int128>(x) * n;
      low = static_cast<uint64_t>(m);
    }
  }
  return static_cast<uint64_t>(m >> 64);
}

}  // namespace leth
