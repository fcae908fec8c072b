// One writer per results folder: a lock file "<path>.lock" beside it, held with flock(2) for
// the whole of a run and holding the holder's PID, so that a second run on the same --out is
// refused at once, naming the process that holds it, instead of the last writer silently
// winning after all its work. The kernel drops the lock when its process dies, so a killed
// run blocks nobody; the lock file is removed when the lock is released.
#pragma once

#include <string>
#include <vector>

namespace leth {

class FolderLock {
 public:
  // Locks `path` (a results folder, or a file such as a batch's summary.csv), creating the
  // folders that hold the lock file if they are missing (removed again on release if still
  // empty). Throws InputError if another process holds it or the lock file cannot be made.
  explicit FolderLock(const std::string& path);
  ~FolderLock();
  FolderLock(const FolderLock&) = delete;
  FolderLock& operator=(const FolderLock&) = delete;

  const std::string& lock_path() const { return lock_path_; }

 private:
  std::string lock_path_;
  int fd_ = -1;
  std::vector<std::string> made_;  // the folders made for the lock file, deepest first
};

}  // namespace leth
