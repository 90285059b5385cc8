#pragma once
// A status line on standard error, redrawn by a thread four times a second
// while a long command works, and erased when it ends. Only when standard
// error is a terminal: a log or a pipe gets nothing from it.
#include <condition_variable>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

namespace arbiter::cli {

class TerminalProgress {
 public:
  // `line` gives the text for the seconds elapsed; it runs on the drawing
  // thread, so what it reads must be safe to read from there.
  explicit TerminalProgress(std::function<std::string(double seconds)> line);
  ~TerminalProgress();
  // Erases the line and draws nothing until resume(): the caller is about to
  // print lines of its own to the terminal.
  void pause();
  void resume();
  TerminalProgress(const TerminalProgress&) = delete;
  TerminalProgress& operator=(const TerminalProgress&) = delete;

 private:
  std::function<std::string(double)> line_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool done_ = false;
  bool paused_ = false;
  bool tty_ = false;
  std::thread drawer_;
};

}  // namespace arbiter::cli
