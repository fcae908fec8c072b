// JSON this program reads back from files (checkpoints, tally.json, run.json), which may have
// been damaged or forged: parsed with a bound on its nesting, checked by the parser as it goes
// (nlohmann's callback), because nlohmann's dump and comparisons recurse once per level and
// 100,000 nested arrays would overflow the stack.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>

#include <nlohmann/json.hpp>

namespace leth {

// Far deeper than any file this program writes (a checkpoint nests 8 levels).
inline constexpr int kMaxJsonDepth = 64;

class JsonTooDeep : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Throws nlohmann::json::parse_error for what is not JSON, JsonTooDeep for what nests deeper
// than kMaxJsonDepth.
nlohmann::json parse_bounded_json(const std::string& text);

}  // namespace leth
