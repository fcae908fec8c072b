#include "rules/common/aftercare.h"

namespace leth {

void require_help_that_acts(const Reader& aftercare, bool acts, const std::string& what_acts) {
  if (acts) return;
  // Every key of the table is read by now: a misspelt one is the likelier cause.
  aftercare.check_unused_here();
  aftercare.fail_here("the help that arrives can do nothing here",
                      "give it " + what_acts +
                          "; if nobody comes, leave [aftercare] out, or in a variant write "
                          "aftercare = \"" +
                          kRemoved + "\"");
}

}  // namespace leth
