#include "sim/core/error.h"

namespace leth {

std::string SourceLoc::str() const {
  if (file.empty()) return "";
  if (line == 0) return file;
  return file + ":" + std::to_string(line) + ":" + std::to_string(column);
}

namespace {
std::string format(const SourceLoc& loc, const std::string& what, const std::string& hint) {
  // Appends only: g++ 12 warns falsely (-Wrestrict) on some chains of operator+.
  std::string out = loc.str();
  if (!out.empty()) out.append(": ");
  out.append("error: ").append(what);
  if (!hint.empty()) out.append(" (").append(hint).append(")");
  return out;
}
}  // namespace

InputError::InputError(SourceLoc loc, std::string what, std::string hint)
    : std::runtime_error(format(loc, what, hint)),
      loc_(std::move(loc)),
      bare_(std::move(what)),
      hint_(std::move(hint)) {}

}  // namespace leth
