#include "analysis/precision.h"

#include <algorithm>
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

uint64_t trials_needed(const PrecisionTarget& target, const RunTally& t, uint64_t died_mask) {
  double most = 0;
  for (const Tally& x : t.variants) {
    if (x.trials == 0) return 0;
    const double n = static_cast<double>(x.trials);
    const uint64_t deaths = x.ends_in(died_mask);
    double need = std::max(n * static_cast<double>(target.min_deaths) /
                               static_cast<double>(std::max<uint64_t>(deaths, 1)),
                           static_cast<double>(target.min_trials));
    const Estimate e = rate_interval(target.interval, deaths, x.trials);
    const double half = (e.hi - e.lo) / 2;
    const double allowed = target.relative ? target.half_width * e.value : target.half_width;
    if (deaths > 0 && allowed > 0) need = std::max(need, n * (half / allowed) * (half / allowed));
    most = std::max(most, need);
  }
  return most >= 1.8e19 ? UINT64_MAX : static_cast<uint64_t>(std::ceil(most));
}

}  // namespace leth
