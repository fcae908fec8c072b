#include "sim/core/outcome.h"

namespace leth {

const char* phase_name(Phase p) {
  switch (p) {
    case Phase::Combat:
      return "combat";
    case Phase::Dying:
      return "dying";
    case Phase::Recovery:
      return "recovery";
  }
  return "?";
}

const char* end_name(End e) {
  switch (e) {
    case End::Died:
      return "died";
    case End::Recovered:
      return "recovered";
    case End::Unresolved:
      return "unresolved";
  }
  return "?";
}

}  // namespace leth
