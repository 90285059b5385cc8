#include "cli/progress.h"

#include <unistd.h>

#include <chrono>
#include <cstdio>

namespace arbiter::cli {

TerminalProgress::TerminalProgress(std::function<std::string(double seconds)> line) : line_(std::move(line)) {
  tty_ = isatty(STDERR_FILENO);
  if (!tty_) return;
  drawer_ = std::thread([this] {
    auto start = std::chrono::steady_clock::now();
    std::unique_lock lock(mutex_);
    while (!wake_.wait_for(lock, std::chrono::milliseconds(250), [this] { return done_; })) {
      if (paused_) continue;
      double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      // \r and "erase to the end of the line": one line, redrawn in place.
      std::fprintf(stderr, "\r%s\033[K", line_(seconds).c_str());
      std::fflush(stderr);
    }
    std::fprintf(stderr, "\r\033[K");
    std::fflush(stderr);
  });
}

void TerminalProgress::pause() {
  if (!tty_) return;
  std::lock_guard lock(mutex_);
  if (!paused_) {
    std::fprintf(stderr, "\r\033[K");
    std::fflush(stderr);
  }
  paused_ = true;
}

void TerminalProgress::resume() {
  std::lock_guard lock(mutex_);
  paused_ = false;
}

TerminalProgress::~TerminalProgress() {
  if (!drawer_.joinable()) return;
  {
    std::lock_guard lock(mutex_);
    done_ = true;
  }
  wake_.notify_one();
  drawer_.join();
}

}  // namespace arbiter::cli
