#include "cli/atomic_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <vector>

#include "cli/common.h"

namespace arbiter::cli {

namespace {

UsageError cannot_write(const std::string& path, const std::string& why) {
  return UsageError("cannot write " + path + ": " + why);
}
UsageError cannot_write(const std::string& path, const std::string& step, int error) {
  return cannot_write(path, step + std::strerror(error));
}

// Where the text goes: a symbolic link is followed, so that the file it names
// is replaced and the link kept.
struct Target {
  std::string path;
  bool exists = false;
  bool regular = true;  // a regular file or none yet: replaced through a rename
  mode_t mode = 0;
};

Target target_of(const std::string& path) {
  Target t{path};
  struct stat st;
  if (lstat(path.c_str(), &st) == 0 && S_ISLNK(st.st_mode)) {
    if (char* real = realpath(path.c_str(), nullptr)) {
      t.path = real;
      std::free(real);
    }
  }
  if (stat(t.path.c_str(), &st) != 0) return t;  // none yet (or out of reach: creating the temporary file will say)
  if (S_ISDIR(st.st_mode)) throw cannot_write(path, "it is a directory");
  t.exists = true;
  t.regular = S_ISREG(st.st_mode);
  t.mode = st.st_mode & 07777;
  // Replacing a file its owner made read-only would go around the mode.
  if (access(t.path.c_str(), W_OK) != 0) throw cannot_write(path, "", errno);
  return t;
}

std::string directory_of(const std::string& path) {
  std::size_t slash = path.rfind('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

// A new file beside the target, named after it (a run killed between creating
// and renaming it leaves FILE.tmp.XXXXXX, which a glob of *.json does not take).
int create_temporary(const std::string& target, std::string& name) {
  std::vector<char> pattern(target.begin(), target.end());
  for (char c : std::string(".tmp.XXXXXX")) pattern.push_back(c);
  pattern.push_back('\0');
  int fd = mkstemp(pattern.data());
  name = pattern.data();
  return fd;
}

void write_all(int fd, const std::string& text, const std::string& path) {
  std::size_t done = 0;
  while (done < text.size()) {
    ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) throw cannot_write(path, "", n < 0 ? errno : EIO);
    done += static_cast<std::size_t>(n);
  }
}

mode_t new_file_mode() {
  mode_t mask = umask(0);  // umask can only be read by setting it
  umask(mask);
  return 0666 & ~mask;
}

}  // namespace

void check_writable(const std::string& path) {
  Target t = target_of(path);
  if (!t.regular) return;  // an existing device or pipe the user may write (target_of checked)
  std::string temporary;
  int fd = create_temporary(t.path, temporary);
  if (fd < 0) throw cannot_write(path, "", errno);
  close(fd);
  unlink(temporary.c_str());
}

bool replaceable(const std::string& path) { return target_of(path).regular; }

void write_file(const std::string& path, const std::string& text) {
  Target t = target_of(path);
  if (!t.regular) {
    int fd = open(t.path.c_str(), O_WRONLY | O_CLOEXEC);
    if (fd < 0) throw cannot_write(path, "", errno);
    try {
      write_all(fd, text, path);
    } catch (...) {
      close(fd);
      throw;
    }
    if (close(fd) != 0) throw cannot_write(path, "", errno);
    return;
  }
  std::string temporary;
  int fd = create_temporary(t.path, temporary);
  if (fd < 0) throw cannot_write(path, "", errno);
  auto fail = [&](const std::string& step) {
    int error = errno;
    if (fd >= 0) close(fd);
    unlink(temporary.c_str());
    return cannot_write(path, step, error);
  };
  if (fchmod(fd, t.exists ? t.mode : new_file_mode()) != 0) throw fail("");
  try {
    write_all(fd, text, path);
  } catch (...) {
    close(fd);
    unlink(temporary.c_str());
    throw;
  }
  if (fsync(fd) != 0) throw fail("");
  int closing = close(fd);
  fd = -1;
  if (closing != 0) throw fail("");
  if (std::rename(temporary.c_str(), t.path.c_str()) != 0) throw fail("");
  // The rename is durable once the directory is synced; a file system that
  // cannot sync a directory says EINVAL, and the file is in place regardless.
  int dir = open(directory_of(t.path).c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir >= 0) {
    int synced = fsync(dir), error = errno;
    close(dir);
    if (synced != 0 && error != EINVAL) throw cannot_write(path, "syncing its directory: ", error);
  }
}

void finish_standard_output() {
  std::cout.flush();
  if (!std::cout || std::fflush(stdout) != 0 || std::ferror(stdout))
    throw UsageError(std::string("cannot write standard output: ") + std::strerror(errno ? errno : EIO));
}

}  // namespace arbiter::cli
