// Errors in what a user gave us (scenario files, data tables, dice, command lines).
// Library code throws InputError; only main() turns it into a message and exit status 2.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

namespace leth {

// Where a value came from: file, line and column (1-based; 0 = unknown).
struct SourceLoc {
  std::string file;
  uint32_t line = 0;
  uint32_t column = 0;

  // "file:line:col" or "file" or "" — the prefix of an error message.
  std::string str() const;
};

class InputError : public std::runtime_error {
 public:
  // The message reads "file:line:col: error: what (suggestion)".
  InputError(SourceLoc loc, std::string what, std::string hint = "");

  const SourceLoc& loc() const { return loc_; }
  const std::string& bare_message() const { return bare_; }
  const std::string& hint() const { return hint_; }

 private:
  SourceLoc loc_;
  std::string bare_;
  std::string hint_;
};

}  // namespace leth
