// Random numbers for one trial: counter-based, keyed by what is computed.
//
// A value is a pure, stateless function of (seed, trial, purpose, index, draw number k):
//
//   trial key  T = mix64(mix64(seed) ^ trial)                 once per TrialRng
//   stream key K = mix64(T ^ (purpose << 48 | index))          once per stream opened
//   draw k       = mix64(K + (k + 1) * kGoldenGamma)           k = 0, 1, 2, ...
//
// where mix64 is Stafford's Mix13, the output function of SplitMix64 (Steele, Lea & Flood,
// OOPSLA 2014; Java's SplittableRandom). So each stream is SplitMix64 started at a key, and a
// draw costs one add and one mix (~0.7 ns); opening a stream is one mix (~1.6 ns with its first
// value), against a whole Philox4x64-10 block before (bench/README.md has the figures, and
// the candidates measured).
//
// What is guaranteed, and what only holds up to hash collisions:
// - mix64 is a bijection of 64-bit words. For a fixed seed, distinct trials get distinct trial
//   keys, and within one trial distinct (purpose, index) pairs (index below 2^48; only its
//   low 48 bits are used) get distinct stream keys: exact, not probabilistic.
// - Across trials, two streams may share a key (or their windows of the SplitMix64 sequence
//   may overlap) only by a collision of 64-bit hashes: about S^2 / 2^65 pairs among S streams
//   of a few draws (S = 10^9 streams, e.g. 10^8 trials of 10 streams: ~0.03). Such a pair
//   lies in two different trials, whose outcomes are then merely not independent.
// - No state is shared: trial i sees the same numbers in any run, on any thread or shard, and
//   a stream can be opened anywhere (one per creature turn, one per recovery check) without
//   disturbing any other. That keeps attack rolls identical between two variants that differ
//   only in the dying rules (common random numbers by purpose).
//
// For tests a TrialRng can instead read every roll from a Script (scripted dice). Every kind
// of draw goes through it: die/below take a die entry, chance a yes/no, uniform() a u(x)
// entry and next() a raw(x) entry; a draw of the wrong kind, or past the end, throws
// ScriptError. Scripted draws are not counted in draws().
#pragma once

#include <cstdint>
#include <deque>
#include <stdexcept>
#include <string>

namespace leth {

// Sub-streams by purpose (docs/design.md, "Common random numbers by purpose": encounter,
// dying, care, recovery).
enum class Purpose : uint16_t {
  Encounter = 1,  // attack rolls, damage, whether attackers keep striking the fallen
  Dying = 2,      // recovery checks, survival tests while dying
  Care = 3,       // help arrival, healers' rolls, healing amounts
  Recovery = 4,   // rest, waking, the weeks after the fight
  Test = 15,      // used only by tests and benchmarks
};

// 2^64 / golden ratio, odd: SplitMix64's increment (its gamma).
inline constexpr uint64_t kGoldenGamma = 0x9e3779b97f4a7c15ULL;

// Stafford's Mix13 (SplitMix64's finaliser): a bijection on 64-bit words with full avalanche.
constexpr uint64_t mix64(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// Scripted dice: the exact sequence of rolls a worked example or a unit test needs.
// Every roll the model makes must match the next entry (same die size, a chance, a uniform or
// a raw value); a mismatch throws ScriptError naming the draw, so a test cannot pass by
// accident.
class Script {
 public:
  Script& d(int sides, int value);  // the next roll of a d<sides> shows `value`
  Script& yes();                    // the next chance(p) succeeds
  Script& no();                     // the next chance(p) fails
  Script& u(double value);          // the next uniform() returns `value`, in [0, 1)
  Script& raw(uint64_t value);      // the next next() returns `value`

  int take_die(int sides);
  bool take_chance(double p);
  double take_uniform();
  uint64_t take_raw();
  bool done() const { return entries_.empty(); }
  size_t remaining() const { return entries_.size(); }
  size_t taken() const { return taken_; }

 private:
  enum class Kind : uint8_t { Die, Chance, Uniform, Raw };
  struct Entry {
    Kind kind;
    int sides;       // Die
    uint64_t value;  // Die: the face; Chance: 1 yes, 0 no; Raw: the value
    double u;        // Uniform
  };
  Entry take(Kind kind, const std::string& asked);
  std::deque<Entry> entries_;
  size_t taken_ = 0;
};

class ScriptError : public std::logic_error {
 public:
  using std::logic_error::logic_error;
};

class Stream {
 public:
  // The stream (purpose, index) of trial `trial` under `seed`; the same as
  // TrialRng(seed, trial).stream(purpose, index), with `draw_count` counting its draws.
  Stream(uint64_t seed, uint64_t trial, Purpose purpose, uint64_t index, uint64_t* draw_count,
         Script* script);

  // One raw 64-bit draw.
  uint64_t next() {
    if (script_) [[unlikely]]
      return script_->take_raw();
    return raw();
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
    return static_cast<double>(raw() >> 11) * 0x1.0p-53 < p;
  }
  // Uniform in [0, 1) with 53 random bits.
  double uniform() {
    if (script_) [[unlikely]]
      return script_->take_uniform();
    return static_cast<double>(raw() >> 11) * 0x1.0p-53;
  }

 private:
  friend class TrialRng;
  Stream(uint64_t key, uint64_t* draw_count, Script* script)
      : state_(key), draws_(draw_count), script_(script) {}

  static uint64_t trial_key(uint64_t seed, uint64_t trial) { return mix64(mix64(seed) ^ trial); }
  static uint64_t stream_key(uint64_t trial_key, Purpose purpose, uint64_t index) {
    // The index gets the low 48 bits, the purpose the top 16.
    return mix64(trial_key ^ (static_cast<uint64_t>(purpose) << 48) ^
                 (index & ((uint64_t{1} << 48) - 1)));
  }
  uint64_t raw() {
    ++*draws_;
    return mix64(state_ += kGoldenGamma);
  }
  uint64_t below_slow(uint64_t n, unsigned __int128 m);
  // below()'s scripted draw, out of line and cold, so that below() stays small enough to be
  // inlined in every hot loop (the error's string would otherwise weigh on g++'s choice).
  [[gnu::cold]] uint64_t below_scripted(uint64_t n);

  uint64_t state_;  // the key plus k golden gammas after k draws
  uint64_t* draws_;
  Script* script_;
};

// The random numbers of one trial: opens streams by (purpose, index) and counts the draws.
class TrialRng {
 public:
  TrialRng(uint64_t seed, uint64_t trial) : key_(Stream::trial_key(seed, trial)), trial_(trial) {}
  explicit TrialRng(Script& script) : script_(&script) {}

  Stream stream(Purpose purpose, uint64_t index = 0) {
    return Stream(Stream::stream_key(key_, purpose, index), &draws_, script_);
  }
  uint64_t draws() const { return draws_; }
  uint64_t trial() const { return trial_; }

  // The random numbers of adventure k of a campaign trial (sim/engine/campaign.h): every stream
  // of the adventure keyed anew, so a ruleset's stream indices need no field for it. Adventure
  // 0 is the trial itself — a campaign's first adventure is the scenario's trial, draw for draw
  // — and adventure k > 0 has the key mix64(T ^ mix64(k * gamma)): distinct keys up to 64-bit
  // hash collisions, as between trials. Its draws are its own: add them with absorb(). A
  // scripted rng gives its script to every adventure.
  TrialRng adventure(uint64_t k) const {
    TrialRng a = *this;
    a.draws_ = 0;
    if (k > 0) a.key_ = mix64(key_ ^ mix64(k * kGoldenGamma));
    return a;
  }
  void absorb(const TrialRng& adventure) { draws_ += adventure.draws_; }

  // The random numbers of encounter e of an adventuring day (a party's [day], docs/days.md):
  // as adventure(), keyed apart from every adventure's (the constant below), so encounter 2 of
  // adventure 1 and encounter 1 of adventure 2 never share their numbers. Encounter 0 is the
  // adventure itself: a day of one encounter is the scenario's trial, draw for draw.
  TrialRng encounter(uint64_t e) const {
    TrialRng a = *this;
    a.draws_ = 0;
    if (e > 0) a.key_ = mix64(key_ ^ mix64(e * kGoldenGamma ^ kEncounterSalt));
    return a;
  }

 private:
  static constexpr uint64_t kEncounterSalt = 0x6a09e667f3bcc908ULL;  // sqrt(2)'s fraction
  uint64_t key_ = 0;
  uint64_t trial_ = 0;
  uint64_t draws_ = 0;
  Script* script_ = nullptr;
};

// Lemire's nearly divisionless method: the common case is one multiply; the rejection
// threshold (a division) is computed only when the low word falls below n.
inline uint64_t Stream::below(uint64_t n) {
  if (script_) [[unlikely]]
    return below_scripted(n);
  const unsigned __int128 m = static_cast<unsigned __int128>(raw()) * n;
  if (static_cast<uint64_t>(m) < n) [[unlikely]]
    return below_slow(n, m);
  return static_cast<uint64_t>(m >> 64);
}

}  // namespace leth
