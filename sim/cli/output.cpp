#include "sim/cli/output.h"

#include <fcntl.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "sim/core/error.h"
#include "sim/engine/checkpoint.h"

namespace leth {

namespace fs = std::filesystem;

namespace {

std::string staging_name(const std::string& dir) {
  fs::path p = fs::path(dir).lexically_normal();
  if (p.filename().empty()) p = p.parent_path();
  return p.string() + ".partial-" + std::to_string(::getpid());
}

// Syncs the folder holding `path`, so a rename into it survives a power cut. Best effort: the
// results are already in place and complete; a file system that cannot sync folders
// (some network mounts) is not an error.
void sync_folder_of(const std::string& path) {
  fs::path parent = fs::path(path).lexically_normal();
  if (parent.filename().empty()) parent = parent.parent_path();
  parent = parent.parent_path();
  if (parent.empty()) parent = ".";
  const int fd = ::open(parent.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;
  const int ignored = ::fsync(fd);
  (void)ignored;
  ::close(fd);
}

void remove_quietly(const std::string& p) {
  std::error_code ec;
  fs::remove_all(p, ec);
}

// Writing replaces `dir` as a whole, so it must be new, empty, or an earlier results folder
// (run.json and plain files only): `--out .` or `--out ~/campaign` must never be wiped.
void check_replaceable(const std::string& dir) {
  fs::path p = fs::path(dir).lexically_normal();
  if (p.filename().empty()) p = p.parent_path();
  if (p.empty() || p.filename() == "." || p.filename() == ".." || p == p.root_path())
    throw InputError({dir}, "the output folder must be named, not '.', '..' or '/'",
                     "give --out a new folder, e.g. --out results/run1");
  std::error_code ec;
  if (!fs::is_directory(p, ec)) return;
  bool empty = true, has_run_json = false, has_folder = false;
  for (const auto& e : fs::directory_iterator(p, ec)) {
    empty = false;
    if (e.path().filename() == "run.json") has_run_json = true;
    if (!e.is_regular_file()) has_folder = true;
  }
  if (ec)
    throw InputError({dir}, "cannot read the output folder: " + ec.message(),
                     "choose a writable place with --out");
  if (!empty && (!has_run_json || has_folder))
    throw InputError({dir}, "the output folder exists and is not an earlier results folder",
                     "its contents would be replaced; give --out a new or empty folder");
}

}  // namespace

void check_output_dir(const std::string& dir) {
  std::error_code ec;
  if (fs::exists(dir, ec) && !fs::is_directory(dir, ec))
    throw InputError({dir}, "the output path exists and is not a folder",
                     "give --out a folder path");
  check_replaceable(dir);
  const std::string stage = staging_name(dir);
  const fs::path parent = fs::path(stage).parent_path();
  // Create missing parents only if we can; remember which we made, to remove them again.
  std::vector<fs::path> made;
  for (fs::path p = parent; !p.empty() && !fs::exists(p, ec); p = p.parent_path())
    made.push_back(p);
  if (!parent.empty()) fs::create_directories(parent, ec);
  if (!ec) fs::create_directory(stage, ec);
  const std::string probe = stage + "/.probe";
  bool ok = !ec;
  if (ok) {
    std::ofstream f(probe);
    ok = static_cast<bool>(f << "ok");
  }
  remove_quietly(stage);
  std::error_code ignored;  // keep `ec`: it explains the failure
  for (const fs::path& p : made) fs::remove(p, ignored);
  if (!ok)
    throw InputError({dir},
                     "cannot write the output folder" + (ec ? ": " + ec.message() : std::string()),
                     "choose a writable place with --out");
}

void write_output_dir(const std::string& dir, const FileSet& files) {
  check_replaceable(dir);
  const std::string stage = staging_name(dir);
  std::error_code ec;
  remove_quietly(stage);
  fs::create_directories(stage, ec);
  if (ec) throw InputError({dir}, "cannot create the output folder: " + ec.message());
  // Each file is written, synced and renamed into the staging folder (write_file_atomically),
  // the folder is renamed into place, and its parent synced: once this returns, a power cut
  // leaves the whole results folder or the previous one, never a half-written CSV.
  for (const auto& [name, contents] : files) {
    try {
      write_file_atomically(stage + "/" + name, contents);
    } catch (const CheckpointError& e) {
      remove_quietly(stage);
      throw InputError({dir + "/" + name}, std::string("cannot write the file: ") + e.what());
    }
  }
  remove_quietly(dir);
  fs::rename(stage, dir, ec);
  if (ec) {
    remove_quietly(stage);
    throw InputError({dir}, "cannot move the results into place: " + ec.message());
  }
  sync_folder_of(dir);
}

}  // namespace leth
