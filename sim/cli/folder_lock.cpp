#include "sim/cli/folder_lock.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "sim/core/error.h"

namespace leth {

namespace fs = std::filesystem;

namespace {

// The PID a lock file holds, as text ("" if none could be read).
std::string holder_of(int fd) {
  char buf[32] = {};
  const ssize_t n = ::pread(fd, buf, sizeof buf - 1, 0);
  std::string pid;
  for (ssize_t i = 0; i < n && buf[i] >= '0' && buf[i] <= '9'; ++i) pid += buf[i];
  return pid;
}

}  // namespace

FolderLock::FolderLock(const std::string& path) : lock_path_(path + ".lock") {
  const fs::path parent = fs::path(lock_path_).parent_path();
  std::error_code ec;
  for (fs::path p = parent; !p.empty() && !fs::exists(p, ec); p = p.parent_path())
    made_.push_back(p.string());
  if (!parent.empty()) fs::create_directories(parent, ec);
  if (ec)
    throw InputError({path}, "cannot write the output folder: " + ec.message(),
                     "choose a writable place with --out");
  // A lock file removed by its holder between our open and our flock is not the lock any
  // more: lock again until the file locked is the one at the path.
  for (int attempt = 0; attempt < 100; ++attempt) {
    const int fd = ::open(lock_path_.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) {
      const std::string why = std::strerror(errno);
      for (const std::string& m : made_) fs::remove(m, ec);
      throw InputError({path}, "cannot write the output folder: " + why,
                       "choose a writable place with --out");
    }
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
      const int e = errno;
      const std::string pid = holder_of(fd);
      ::close(fd);
      if (e == EWOULDBLOCK)
        throw InputError({path},
                         "the results folder is in use by " +
                             (pid.empty() ? std::string("another process") : "process " + pid) +
                             " (its lock: " + lock_path_ + ")",
                         "wait for that run to finish, or give --out another folder");
      throw InputError({lock_path_},
                       std::string("cannot lock the results folder: ") + std::strerror(e));
    }
    struct stat held {
    }, at_path{};
    if (::fstat(fd, &held) == 0 && ::stat(lock_path_.c_str(), &at_path) == 0 &&
        held.st_dev == at_path.st_dev && held.st_ino == at_path.st_ino) {
      fd_ = fd;
      const std::string pid = std::to_string(::getpid()) + "\n";
      if (::ftruncate(fd_, 0) == 0 && ::pwrite(fd_, pid.data(), pid.size(), 0) < 0) {
        // The lock holds without the PID; a refused run then says "another process".
      }
      return;
    }
    ::close(fd);
  }
  throw InputError({lock_path_}, "cannot lock the results folder: its lock file keeps changing");
}

FolderLock::~FolderLock() {
  if (fd_ < 0) return;
  // Unlinked while still held: whoever opened the old file finds it gone and locks afresh.
  ::unlink(lock_path_.c_str());
  ::close(fd_);
  std::error_code ignored;
  for (const std::string& m : made_) fs::remove(m, ignored);  // only if still empty
}

}  // namespace leth
