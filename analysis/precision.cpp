#include "analysis/precision.h"

#include <cmath>
#include <sstream>

namespace leth {

std::string PrecisionTarget::text() const {
  std::ostringstream s;
  s.precision(6);
  if (relative)
    s << half_width * 100 << "%";
  else
    s << half_width;
  return s.str();
}

bool precise_enough(const PrecisionTarget& target, const RunTally& t, uint64_t died_mask) {
  if (t.variants.empty()) return false;
  for (const Tally& x : t.variants) {
    const uint64_t deaths = x.ends_in(died_mask);
    if (x.trials < target.min_trials || deaths < target.min_deaths) return false;
    const Estimate e = rate_interval(target.interval, deaths, x.trials);
    const double half = (e.hi - e.lo) / 2;
    const double allowed = target.relative ? target.half_width * e.value : target.half_width;
    if (!(half <= allowed)) return false;
  }
  return true;
}

}  // namespace leth
