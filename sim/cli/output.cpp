#include "sim/cli/output.h"

#include <fcntl.h>
#include <signal.h>
#include <stdio.h>  // renameat2 (glibc 2.28+, _GNU_SOURCE)
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>

#include "sim/core/error.h"
#include "sim/engine/checkpoint.h"

namespace leth {

namespace fs = std::filesystem;

namespace {

std::string staging_name(const std::string& dir) {
  return dir + ".partial-" + std::to_string(::getpid());
}

std::string parent_of(const std::string& path) {
  const fs::path parent = fs::path(path).parent_path();
  return parent.empty() ? "." : parent.string();
}

// Syncs a folder, so that renames into it survive a power cut. False if it could not be.
bool sync_folder(const std::string& folder) {
  const int fd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return false;
  const bool ok = ::fsync(fd) == 0;
  ::close(fd);
  return ok;
}

void remove_quietly(const std::string& p) {
  std::error_code ec;
  fs::remove_all(p, ec);
}

// Writing replaces `dir` as a whole, so it must be new, empty, or an earlier results folder
// (run.json and plain files only): `--out .` or `--out ~/campaign` must never be wiped. Every
// file system call reports through an error code: a symbolic link loop inside is a folder
// that is not a results folder, not an internal error.
void check_replaceable(const std::string& dir, Writes writes) {
  fs::path p = fs::path(dir).lexically_normal();
  if (p.filename().empty()) p = p.parent_path();
  if (p.empty() || p.filename() == "." || p.filename() == ".." || p == p.root_path())
    throw InputError({dir}, "the output folder must be named, not '.', '..' or '/'",
                     "give --out a new folder, e.g. --out results/run1");
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return;
  bool empty = true, has_run_json = false, has_other = false, has_tally = false;
  fs::directory_iterator it(dir, ec), end;
  for (; !ec && it != end; it.increment(ec)) {
    empty = false;
    const std::string name = it->path().filename().string();
    if (name == "run.json") has_run_json = true;
    if (name == "tally.json") has_tally = true;
    std::error_code kind;
    if (!fs::is_regular_file(it->symlink_status(kind)) || kind) has_other = true;
  }
  if (ec)
    throw InputError({dir}, "cannot read the output folder: " + ec.message(),
                     "choose a readable, writable place with --out");
  if (!empty && (!has_run_json || has_other))
    throw InputError({dir}, "the output folder exists and is not an earlier results folder",
                     "its contents would be replaced; give --out a new or empty folder");
  if (has_tally && writes != Writes::ShardResults)
    throw InputError({dir}, "the output folder holds a shard's results and its tally.json",
                     "`lethality merge` needs them: give --out another folder");
}

// A probe of the folder's file system: written, synced and closed, every step checked, so a
// full disk or a read-only mount is found now and not after the run.
void write_probe(const std::string& path) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) throw std::system_error(errno, std::generic_category());
  static const std::string block(64 * 1024, '\0');  // a CSV file's worth
  size_t left = block.size();
  while (left > 0) {
    const ssize_t w = ::write(fd, block.data() + (block.size() - left), left);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) {
      const int e = w < 0 ? errno : ENOSPC;
      ::close(fd);
      throw std::system_error(e, std::generic_category());
    }
    left -= static_cast<size_t>(w);
  }
  if (::fsync(fd) != 0) {
    const int e = errno;
    ::close(fd);
    throw std::system_error(e, std::generic_category());
  }
  if (::close(fd) != 0) throw std::system_error(errno, std::generic_category());
}

bool process_alive(long pid) {
  if (pid <= 0 || pid > INT32_MAX) return false;
  return ::kill(static_cast<pid_t>(pid), 0) == 0 || errno != ESRCH;
}

// "<prefix><digits>" -> the digits' value, or -1.
long pid_suffix(const std::string& name, const std::string& prefix) {
  if (name.size() <= prefix.size() || name.compare(0, prefix.size(), prefix) != 0) return -1;
  long pid = 0;
  for (size_t i = prefix.size(); i < name.size(); ++i) {
    if (name[i] < '0' || name[i] > '9' || pid > INT32_MAX) return -1;
    pid = pid * 10 + (name[i] - '0');
  }
  return pid;
}

[[noreturn]] void move_failed(const std::string& dir, const std::string& stage, int e) {
  remove_quietly(stage);
  throw InputError({dir}, std::string("cannot move the results into place: ") + std::strerror(e));
}

}  // namespace

std::string output_path(const std::string& given, const std::string& flag) {
  const std::string hint = "give " + flag + " a folder of its own, e.g. " + flag + " results/run1";
  if (given.empty()) throw InputError({}, flag + " needs a folder", hint);
  fs::path p = fs::path(given).lexically_normal();
  std::string s = p.string();
  while (s.size() > 1 && s.back() == '/') s.pop_back();
  const std::string last = fs::path(s).filename().string();
  if (s.empty() || last.empty() || last == "." || last == ".." || s == "/")
    throw InputError(
        {given},
        flag + " names no folder of its own ('" + given + "' is '" + (s.empty() ? "." : s) + "')",
        hint);
  // "link/../od" reads as "od" but the system resolves ".." from where link points.
  bool dotdot = false;
  for (const fs::path& part : fs::path(given))
    if (part == "..") dotdot = true;
  if (dotdot) {
    std::error_code e1, e2;
    const fs::path as_resolved = fs::weakly_canonical(given, e1);
    const fs::path as_read = fs::weakly_canonical(s, e2);
    if (e1 || e2 || as_resolved != as_read)
      throw InputError(
          {given},
          flag + " leads through a symbolic link and '..' to another place than '" + s + "'",
          "give the folder's path without '..'");
  }
  return s;
}

void check_output_dir(const std::string& dir, Writes writes) {
  std::error_code ec;
  const fs::file_status st = fs::status(dir, ec);
  if (ec && ec != std::errc::no_such_file_or_directory)
    throw InputError({dir}, "cannot use the output folder: " + ec.message(),
                     "choose another place with --out");
  if (fs::exists(st) && !fs::is_directory(st))
    throw InputError({dir}, "the output path exists and is not a folder",
                     "give --out a folder path");
  check_replaceable(dir, writes);
  const std::string stage = staging_name(dir);
  const fs::path parent = fs::path(stage).parent_path();
  // Create missing parents only if we can; remember which we made, to remove them again.
  std::vector<fs::path> made;
  for (fs::path p = parent; !p.empty() && !fs::exists(p, ec); p = p.parent_path())
    made.push_back(p);
  ec.clear();
  if (!parent.empty()) fs::create_directories(parent, ec);
  if (!ec) fs::create_directory(stage, ec);
  std::string why = ec ? ec.message() : "";
  if (!ec) try {
      write_probe(stage + "/.probe");
    } catch (const std::system_error& e) {
      why = e.code().message();
    }
  remove_quietly(stage);
  std::error_code ignored;  // keep `why`: it explains the failure
  for (const fs::path& p : made) fs::remove(p, ignored);
  if (!why.empty())
    throw InputError({dir}, "cannot write the output folder: " + why,
                     "choose a writable place with --out; a run needs room for its results "
                     "folder twice over while it replaces an earlier one, and for its "
                     "checkpoint: docs/long-runs.md, Output folders");
}

const char* step_name(ReplaceStep s) {
  switch (s) {
    case ReplaceStep::Staging:
      return "staging";
    case ReplaceStep::Staged:
      return "staged";
    case ReplaceStep::MovedAside:
      return "moved-aside";
    case ReplaceStep::Swapped:
      return "swapped";
    case ReplaceStep::Synced:
      return "synced";
    case ReplaceStep::Removed:
      return "removed";
  }
  return "";
}

void replace_output_dir(const std::string& dir, const FileSet& files, const StepHook& at,
                        bool exchange) {
  bool tally = false;
  for (const auto& f : files) tally = tally || f.first == "tally.json";
  check_replaceable(dir, tally ? Writes::ShardResults : Writes::Results);
  const std::string stage = staging_name(dir);
  std::error_code ec;
  remove_quietly(stage);
  fs::create_directories(stage, ec);
  if (ec) throw InputError({dir}, "cannot create the output folder: " + ec.message());
  // Each file is written, synced and renamed into the staging folder (write_file_atomically).
  for (size_t i = 0; i < files.size(); ++i) {
    const auto& [name, contents] = files[i];
    try {
      write_file_atomically(stage + "/" + name, contents);
    } catch (const CheckpointError& e) {
      remove_quietly(stage);
      throw InputError({dir + "/" + name}, std::string("cannot write the file: ") + e.what());
    }
    if (i == 0 && at) at(ReplaceStep::Staging);
  }
  if (at) at(ReplaceStep::Staged);
  const std::string parent = parent_of(dir);
  if (!fs::exists(fs::symlink_status(dir, ec))) {
    if (::rename(stage.c_str(), dir.c_str()) != 0) move_failed(dir, stage, errno);
    if (at) at(ReplaceStep::Swapped);
    sync_folder(parent);
    if (at) at(ReplaceStep::Synced);
    if (at) at(ReplaceStep::Removed);
    return;
  }
  // One step: the new folder and the old one trade names; then the old one (now at the
  // staging name) is deleted. A kill at any moment leaves `dir` whole, old or new.
  if (exchange &&
      ::renameat2(AT_FDCWD, stage.c_str(), AT_FDCWD, dir.c_str(), RENAME_EXCHANGE) == 0) {
    if (at) at(ReplaceStep::Swapped);
    // Best effort: the results are in place and complete; a file system that cannot sync
    // folders (some network mounts) is not an error.
    sync_folder(parent);
    if (at) at(ReplaceStep::Synced);
    remove_quietly(stage);
    if (at) at(ReplaceStep::Removed);
    return;
  }
  if (exchange && errno != EINVAL && errno != ENOSYS && errno != ENOTSUP)
    move_failed(dir, stage, errno);
  // A file system without RENAME_EXCHANGE: the old folder is moved aside whole, then the new
  // one into place. In between, `dir` is missing but the old folder is whole beside it, and
  // the next run on this folder puts it back (remove_leftovers).
  const std::string aside = dir + ".replaced-" + std::to_string(::getpid());
  remove_quietly(aside);
  if (::rename(dir.c_str(), aside.c_str()) != 0) move_failed(dir, stage, errno);
  if (at) at(ReplaceStep::MovedAside);
  if (::rename(stage.c_str(), dir.c_str()) != 0) {
    const int e = errno;
    if (::rename(aside.c_str(), dir.c_str()) != 0) remove_quietly(stage);  // keep the old
    move_failed(dir, stage, e);
  }
  if (at) at(ReplaceStep::Swapped);
  sync_folder(parent);
  if (at) at(ReplaceStep::Synced);
  remove_quietly(aside);
  if (at) at(ReplaceStep::Removed);
}

void write_output_dir(const std::string& dir, const FileSet& files) {
  const char* kill_at = std::getenv("LETHALITY_TEST_KILL_AT");
  StepHook hook;
  if (kill_at && *kill_at)
    hook = [name = std::string(kill_at)](ReplaceStep s) {
      if (name == step_name(s)) ::raise(SIGKILL);
    };
  replace_output_dir(dir, files, hook);
}

void remove_leftovers(const std::string& path) {
  const fs::path p(path);
  const std::string base = p.filename().string();
  std::error_code ec;
  fs::directory_iterator it(parent_of(path), ec), end;
  std::vector<std::pair<fs::path, bool>> stale;  // path, is an old folder moved aside
  for (; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    for (const char* what : {".partial-", ".tmp-", ".checkpoint.json.tmp-", ".replaced-"}) {
      const long pid = pid_suffix(name, base + what);
      if (pid < 0 || pid == ::getpid() || process_alive(pid)) continue;
      stale.emplace_back(it->path(), std::string(what) == ".replaced-");
    }
  }
  for (const auto& [leftover, old_folder] : stale) {
    std::error_code ignored;
    if (old_folder && !fs::exists(fs::symlink_status(p, ignored)))
      fs::rename(leftover, p, ignored);  // the old results, put back
    else
      fs::remove_all(leftover, ignored);
  }
}

}  // namespace leth
