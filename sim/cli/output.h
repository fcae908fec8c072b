// Results folders appear whole or not at all: files are written into a staging folder beside
// the target and renamed into place at the end. A failure leaves nothing behind.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace leth {

using FileSet = std::vector<std::pair<std::string, std::string>>;  // name, contents

// Checks, before any simulation, that `dir` can be created and written. Throws InputError.
void check_output_dir(const std::string& dir);

// Replaces `dir` with exactly these files. Throws InputError; leaves no partial output.
void write_output_dir(const std::string& dir, const FileSet& files);

}  // namespace leth
