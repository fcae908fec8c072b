// libFuzzer harness: dice expressions and durations. Rejections are InputErrors; an accepted
// expression must roll within its own [min, max], and its text must parse back to itself.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "sim/core/dice.h"
#include "sim/core/duration.h"
#include "sim/core/stream.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    const leth::Dice d = leth::Dice::parse(text, {"fuzz", 1, 1});
    leth::TrialRng rng(1, 0);
    leth::Stream s = rng.stream(leth::Purpose::Test);
    for (int i = 0; i < 8; ++i) {
      const int64_t r = d.roll(s);
      if (r < d.min() || r > d.max()) std::abort();
    }
    const leth::Dice again = leth::Dice::parse(d.str());
    if (again.str() != d.str() || again.min() != d.min() || again.max() != d.max()) std::abort();
  } catch (const leth::InputError&) {
  }
  try {
    const leth::Duration du = leth::Duration::parse(text, {"fuzz", 1, 1});
    leth::TrialRng rng(1, 0);
    leth::Stream s = rng.stream(leth::Purpose::Test);
    const leth::Seconds t = du.sample(s);
    if (t < du.min() || t > du.max()) std::abort();
  } catch (const leth::InputError&) {
  }
  return 0;
}
