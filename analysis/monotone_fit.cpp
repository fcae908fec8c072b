#include "analysis/monotone_fit.h"

#include <cmath>
#include <stdexcept>

namespace leth {

std::vector<double> nondecreasing_fit(const std::vector<double>& y, const std::vector<double>& w) {
  if (y.size() != w.size()) throw std::invalid_argument("nondecreasing_fit: sizes differ");
  struct Block {
    double mean, weight;
    size_t count;
  };
  std::vector<Block> blocks;
  for (size_t i = 0; i < y.size(); ++i) {
    blocks.push_back({y[i], w[i], 1});
    // Pool backwards while the last two blocks are out of order.
    while (blocks.size() > 1 && blocks[blocks.size() - 2].mean > blocks.back().mean) {
      const Block b = blocks.back();
      blocks.pop_back();
      Block& a = blocks.back();
      const double weight = a.weight + b.weight;
      a.mean = (a.mean * a.weight + b.mean * b.weight) / weight;
      a.weight = weight;
      a.count += b.count;
    }
  }
  std::vector<double> f;
  f.reserve(y.size());
  for (const Block& b : blocks) f.insert(f.end(), b.count, b.mean);
  return f;
}

const char* trend_name(Trend t) {
  switch (t) {
    case Trend::Rising:
      return "rising";
    case Trend::Falling:
      return "falling";
    case Trend::Flat:
      break;
  }
  return "flat";
}

MonotoneFit monotone_fit(const std::vector<BinomialPoint>& points) {
  std::vector<double> y, w, neg;
  for (const BinomialPoint& p : points) {
    y.push_back(p.rate());
    neg.push_back(-p.rate());
    w.push_back(static_cast<double>(p.n));
  }
  const std::vector<double> up = nondecreasing_fit(y, w);
  std::vector<double> down = nondecreasing_fit(neg, w);
  for (double& d : down) d = -d;
  auto error = [&](const std::vector<double>& f) {
    double e = 0;
    for (size_t i = 0; i < f.size(); ++i) e += w[i] * (y[i] - f[i]) * (y[i] - f[i]);
    return e;
  };
  const double eu = error(up), ed = error(down);
  // Equal up to rounding: neither direction is what the points say.
  const double tie = 1e-12 * (eu + ed) + 1e-300;
  MonotoneFit out;
  if (std::fabs(eu - ed) <= tie) {
    double k = 0, n = 0;
    for (size_t i = 0; i < y.size(); ++i) k += y[i] * w[i], n += w[i];
    out.trend = Trend::Flat;
    out.rate.assign(y.size(), n > 0 ? k / n : NAN);
  } else if (eu < ed) {
    out.trend = Trend::Rising;
    out.rate = up;
  } else {
    out.trend = Trend::Falling;
    out.rate = down;
  }
  return out;
}

}  // namespace leth
