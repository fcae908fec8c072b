#include "sim/engine/bounded_json.h"

namespace leth {

nlohmann::json parse_bounded_json(const std::string& text) {
  return nlohmann::json::parse(
      text, [](int depth, nlohmann::json::parse_event_t event, nlohmann::json&) {
        if (depth >= kMaxJsonDepth && (event == nlohmann::json::parse_event_t::object_start ||
                                       event == nlohmann::json::parse_event_t::array_start))
          throw JsonTooDeep("nested deeper than " + std::to_string(kMaxJsonDepth) + " levels");
        return true;
      });
}

}  // namespace leth
