// SHA-256 (FIPS 180-4), to name the exact scenario file a run used in run.json.
#pragma once

#include <string>
#include <string_view>

namespace leth {

// Lower-case hex digest of `data`.
std::string sha256_hex(std::string_view data);

}  // namespace leth
