// Heap allocations made by this process so far (tests/alloc_counter.cpp counts them).
#pragma once

#include <cstdint>

namespace leth::test {
uint64_t allocations();
}
