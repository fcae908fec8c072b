// Random numbers for one trial: counter-based, keyed by what is computed.
//
// A Stream is Philox4x64-10 (Random123) with key = (seed, purpose|index) and counter =
// (trial, block). It has no state beyond its position, so trial i of any run — one thread or
// eight, one shard or forty — sees the same numbers, and a stream can be opened anywhere
// (one per attacker turn, one per recovery check) without disturbing any other. That is what
// keeps attack rolls identical between two variants that differ only in the dying rules.
//
// For tests a TrialRng can instead read every roll from a Script (scripted dice).
#pragma once

#include <Random123/philox.h>

#include <cstdint>
#include <deque>
#include <string>

namespace leth {

// Sub-streams by purpose (DESIGN.md: encounter, dying, care, recovery).
enum class Purpose : uint16_t {
  Encounter = 1,  // attack rolls, damage, whether attackers keep striking the fallen
  Dying = 2,      // recovery checks, survival tests while dying
  Care = 3,       // help arrival, healers' rolls, healing amounts
  Recovery = 4,   // rest, waking, the weeks after the fight
  Test = 15,      // used only by tests and benchmarks
};

// Scripted dice: the exact sequence of rolls a worked example or a unit test needs.
// Every roll the model makes must match the next entry (same die size, or a chance);
// a mismatch throws ScriptError naming the draw, so a test cannot pass by accident.
class Script {
 public:
  Script& d(int sides, int value);  // the next roll of a d<sides> shows `value`
  Script& yes();                    // the next chance(p) succeeds
  Script& no();                     // the next chance(p) fails

  int take_die(int sides);
  bool take_chance(double p);
  bool done() const { return entries_.empty(); }
  size_t remaining() const { return entries_.size(); }
  size_t taken() const { return taken_; }

 private:
  struct Entry {
    int sides;  // 0 = a chance
    int value;
  };
  std::deque<Entry> entries_;
  size_t taken_ = 0;
};

class ScriptError : public std::logic_error {
 public:
  using std::logic_error::logic_error;
};

class Stream {
 public:
  using Philox = r123::Philox4x64;

  Stream(uint64_t seed, uint64_t trial, Purpose purpose, uint64_t index, uint64_t* draw_count,
         Script* script);

  // One raw 64-bit draw.
  uint64_t next() {
    if (pos_ == 4) refill();
    ++*draws_;
    return buf_[pos_++];
  }
  // Uniform in [0, n), n >= 1, without bias (Lemire's multiply-and-reject).
  uint64_t below(uint64_t n);
  // A roll of a d<sides>: 1..sides.
  int die(int sides) {
    if (script_) [[unlikely]]
      return script_->take_die(sides);
    return static_cast<int>(below(static_cast<uint64_t>(sides))) + 1;
  }
  // True with probability p (p <= 0: never, p >= 1: always). Always consumes one draw,
  // so the positions of later draws do not depend on p.
  bool chance(double p) {
    if (script_) [[unlikely]]
      return script_->take_chance(p);
    return static_cast<double>(next() >> 11) * 0x1.0p-53 < p;
  }
  // Uniform in [0, 1) with 53 random bits.
  double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

 private:
  void refill();

  Philox::key_type key_;
  Philox::ctr_type ctr_;
  Philox::ctr_type buf_;
  unsigned pos_ = 4;
  uint64_t* draws_;
  Script* script_;
};

// The random numbers of one trial: opens streams by (purpose, index) and counts the draws.
class TrialRng {
 public:
  TrialRng(uint64_t seed, uint64_t trial) : seed_(seed), trial_(trial) {}
  explicit TrialRng(Script& script) : script_(&script) {}

  Stream stream(Purpose purpose, uint64_t index = 0) {
    return Stream(seed_, trial_, purpose, index, &draws_, script_);
  }
  uint64_t draws() const { return draws_; }
  uint64_t trial() const { return trial_; }

 private:
  uint64_t seed_ = 0;
  uint64_t trial_ = 0;
  uint64_t draws_ = 0;
  Script* script_ = nullptr;
};

}  // namespace leth
