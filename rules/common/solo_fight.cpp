#include "rules/common/solo_fight.h"

#include <vector>

namespace leth::fight {

namespace {

// One thread's buffers for the solo fights it plays. A buffer grows only past the largest
// line-up this thread has seen, so after the first trials a trial allocates nothing.
struct SoloBuffers {
  std::vector<SoloBody> bodies;
  std::vector<uint16_t> order;
  std::vector<int32_t> last_hit_by;
  std::vector<uint8_t> fled;
  std::vector<int> roll;
};
thread_local SoloBuffers buffers;

}  // namespace

std::span<SoloBody> solo_bodies(size_t n) {
  std::vector<SoloBody>& b = buffers.bodies;
  if (b.size() < n) {
    const size_t from = b.size();
    b.resize(n);
    for (size_t c = from; c < n; ++c) b[c].c = static_cast<uint32_t>(c);
  }
  return {b.data(), n};
}

SeatSpans solo_seats(size_t n) {
  SoloBuffers& b = buffers;
  if (b.order.size() < n) {
    b.order.resize(n);
    b.last_hit_by.resize(n);
    b.fled.resize(n);
    b.roll.resize(n);
  }
  return {{b.order.data(), n}, {b.last_hit_by.data(), n}, {b.fled.data(), n}, {b.roll.data(), n}};
}

}  // namespace leth::fight
