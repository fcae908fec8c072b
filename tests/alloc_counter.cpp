// A counting global allocator for tests/test_allocations.cpp only (its own executable, so no
// other test pays for it): every operator new adds one to a counter the test reads.
#include <atomic>
#include <cstdlib>
#include <new>

#include "tests/alloc_counter.h"

namespace {
std::atomic<uint64_t> g_allocations{0};
}

uint64_t leth::test::allocations() {
  return g_allocations.load(std::memory_order_relaxed);
}

void* operator new(std::size_t n) {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(n == 0 ? 1 : n)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t n) {
  return operator new(n);
}
void operator delete(void* p) noexcept {
  std::free(p);
}
void operator delete[](void* p) noexcept {
  std::free(p);
}
void operator delete(void* p, std::size_t) noexcept {
  std::free(p);
}
void operator delete[](void* p, std::size_t) noexcept {
  std::free(p);
}
