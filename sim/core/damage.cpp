#include "sim/core/damage.h"

namespace leth {

const std::vector<std::string>& channel_names() {
  static const std::vector<std::string> names{"lethal", "nonlethal", "mental", "essence"};
  return names;
}

const char* channel_name(Channel c) {
  return channel_names()[static_cast<size_t>(c)].c_str();
}

}  // namespace leth
