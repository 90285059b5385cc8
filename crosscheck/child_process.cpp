#include "crosscheck/child_process.h"

#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <thread>

#include "model/core/echo.h"

extern char** environ;

namespace arbiter::engine {
namespace {

using std::chrono::milliseconds;
using Clock = ChildProcess::Clock;

constexpr std::size_t kMaxLineBytes = std::size_t{1} << 20;
constexpr std::size_t kStderrTailBytes = 4096;
constexpr milliseconds kQuitGrace{250};
constexpr milliseconds kExitWait{1000};
constexpr milliseconds kExitCheck{50};  // how often a wait for output checks that the engine still runs

std::string describe_status(int status) {
  if (WIFEXITED(status)) {
    int code = WEXITSTATUS(status);
    std::string s = "exited with code " + std::to_string(code);
    if (code == 127) s += " (could the program not be executed?)";
    return s;
  }
  if (WIFSIGNALED(status)) {
    int sig = WTERMSIG(status);
    const char* name = strsignal(sig);
    std::string s = "crashed: killed by signal " + std::to_string(sig);
    if (name != nullptr) s += std::string(" (") + name + ")";
    return s;
  }
  return "stopped with wait status " + std::to_string(status);
}

// A write() that cannot raise SIGPIPE: SIGPIPE is blocked in this thread for the
// call, and one raised by it is consumed before the mask is restored.
ssize_t write_no_sigpipe(int fd, const char* data, std::size_t size) {
  sigset_t pipe_set;
  sigemptyset(&pipe_set);
  sigaddset(&pipe_set, SIGPIPE);
  sigset_t pending;
  sigemptyset(&pending);
  sigpending(&pending);
  bool was_pending = sigismember(&pending, SIGPIPE) == 1;
  sigset_t old_mask;
  pthread_sigmask(SIG_BLOCK, &pipe_set, &old_mask);
  ssize_t n = write(fd, data, size);
  int saved_errno = errno;
  if (n < 0 && saved_errno == EPIPE && !was_pending) {
    timespec zero{0, 0};
    while (sigtimedwait(&pipe_set, nullptr, &zero) == -1 && errno == EINTR) {
    }
  }
  pthread_sigmask(SIG_SETMASK, &old_mask, nullptr);
  errno = saved_errno;
  return n;
}

void close_fd(int& fd) {
  if (fd >= 0) {
    close(fd);
    fd = -1;
  }
}

// Keeps pipe ends off descriptors 0-2, so dup2() in the child always copies.
bool move_above_stdio(int& fd) {
  if (fd > 2) return true;
  int moved = fcntl(fd, F_DUPFD_CLOEXEC, 3);
  if (moved < 0) return false;
  close(fd);
  fd = moved;
  return true;
}

bool set_nonblocking(int fd) {
  int flags = fcntl(fd, F_GETFL);
  return flags >= 0 && fcntl(fd, F_SETFL, flags | O_NONBLOCK) == 0;
}

int ms_until(Clock::time_point deadline) {
  auto left = std::chrono::ceil<milliseconds>(deadline - Clock::now()).count();
  return static_cast<int>(std::clamp<long long>(left, 0, 1 << 30));
}

// The offset of the first byte of `s` that does not start a well-formed UTF-8
// sequence (no overlong forms, no surrogates, nothing past U+10FFFF), or npos.
std::size_t invalid_utf8_at(std::string_view s) {
  std::size_t i = 0;
  while (i < s.size()) {
    auto b = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
    unsigned char b0 = b(i);
    if (b0 < 0x80) {
      ++i;
      continue;
    }
    std::size_t n = b0 >= 0xC2 && b0 <= 0xDF ? 2 : b0 >= 0xE0 && b0 <= 0xEF ? 3 : b0 >= 0xF0 && b0 <= 0xF4 ? 4 : 0;
    if (n == 0 || s.size() - i < n) return i;
    unsigned char lo = 0x80, hi = 0xBF;
    if (b0 == 0xE0) lo = 0xA0;
    if (b0 == 0xED) hi = 0x9F;
    if (b0 == 0xF0) lo = 0x90;
    if (b0 == 0xF4) hi = 0x8F;
    if (b(i + 1) < lo || b(i + 1) > hi) return i;
    for (std::size_t k = 2; k < n; ++k)
      if (b(i + k) < 0x80 || b(i + k) > 0xBF) return i;
    i += n;
  }
  return std::string_view::npos;
}

bool is_executable_file(const std::string& path) {
  struct stat st {};
  return stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && access(path.c_str(), X_OK) == 0;
}

}  // namespace

std::string_view to_string(FailureKind kind) {
  switch (kind) {
    case FailureKind::start: return "could not start";
    case FailureKind::exited: return "exited";
    case FailureKind::crashed: return "crashed";
    case FailureKind::timeout: return "hung";
    case FailureKind::garbage: return "printed garbage";
    case FailureKind::refused: return "refused";
    case FailureKind::request: return "bad request";
    case FailureKind::internal: return "internal error";
  }
  return "internal error";
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

std::string quoted(std::string_view s) {
  // Quotes and backslashes escaped, then echo(): control characters and bytes
  // that are not UTF-8 become escapes, and a cut never splits a character, so
  // the result is always valid UTF-8 whatever the engine printed.
  std::string escaped;
  for (char c : s) {
    if (c == '"' || c == '\\') escaped += '\\';
    escaped += c;
  }
  return '"' + echo(escaped, 60) + '"';
}

bool has_line_break(std::string_view s) {
  return s.find_first_of(std::string_view("\n\r\0", 3)) != std::string_view::npos;
}

std::variant<std::unique_ptr<ChildProcess>, EngineError> ChildProcess::start(std::string program,
                                                                             std::vector<std::string> args,
                                                                             milliseconds timeout,
                                                                             std::string quit_line) {
  const std::string label = program;
  try {
    std::unique_ptr<ChildProcess> p(new ChildProcess());
    p->program_ = std::move(program);
    p->quit_line_ = std::move(quit_line);
    p->timeout_ = std::max(timeout, milliseconds(1));
    if (p->program_.empty()) return p->error("cannot start: empty program name", FailureKind::start);
    for (const auto& a : args) {
      if (a.find('\0') != std::string::npos)
        return p->error("cannot start: argument contains a NUL byte", FailureKind::start);
    }

    int in_pipe[2] = {-1, -1};
    int out_pipe[2] = {-1, -1};
    int err_pipe[2] = {-1, -1};
    auto close_all = [&] {
      for (int* ends : {in_pipe, out_pipe, err_pipe}) {
        close_fd(ends[0]);
        close_fd(ends[1]);
      }
    };
    if (pipe2(in_pipe, O_CLOEXEC) != 0 || pipe2(out_pipe, O_CLOEXEC) != 0 || pipe2(err_pipe, O_CLOEXEC) != 0) {
      int e = errno;
      close_all();
      return p->error(std::string("cannot create pipes: ") + std::strerror(e), FailureKind::start);
    }
    for (int* ends : {in_pipe, out_pipe, err_pipe}) {
      if (!move_above_stdio(ends[0]) || !move_above_stdio(ends[1])) {
        int e = errno;
        close_all();
        return p->error(std::string("cannot create pipes: ") + std::strerror(e), FailureKind::start);
      }
    }

    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, in_pipe[0], 0);
    posix_spawn_file_actions_adddup2(&actions, out_pipe[1], 1);
    posix_spawn_file_actions_adddup2(&actions, err_pipe[1], 2);
    posix_spawnattr_t attr;
    posix_spawnattr_init(&attr);
    sigset_t no_signals;
    sigemptyset(&no_signals);
    posix_spawnattr_setsigmask(&attr, &no_signals);
    sigset_t default_signals;  // undo any SIG_IGN of ours, SIGPIPE in particular
    sigfillset(&default_signals);
    sigdelset(&default_signals, SIGKILL);
    sigdelset(&default_signals, SIGSTOP);
    posix_spawnattr_setsigdefault(&attr, &default_signals);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);

    std::vector<char*> argv;
    argv.push_back(p->program_.data());
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);

    pid_t pid = -1;
    int rc = p->program_.find('/') != std::string::npos
                 ? posix_spawn(&pid, p->program_.c_str(), &actions, &attr, argv.data(), environ)
                 : posix_spawnp(&pid, p->program_.c_str(), &actions, &attr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attr);
    close_fd(in_pipe[0]);
    close_fd(out_pipe[1]);
    close_fd(err_pipe[1]);
    if (rc != 0) {
      close_all();
      return p->error(std::string("cannot start: ") + std::strerror(rc), FailureKind::start);
    }
    p->pid_ = pid;
    p->to_engine_ = in_pipe[1];
    p->from_engine_ = out_pipe[0];
    p->engine_err_ = err_pipe[0];
    if (!set_nonblocking(p->to_engine_) || !set_nonblocking(p->from_engine_) || !set_nonblocking(p->engine_err_))
      return p->fail(FailureKind::start, std::string("cannot configure pipes: ") + std::strerror(errno));
    return p;
  } catch (const std::exception& e) {
    return EngineError{"engine " + engine::quoted(label) + ": " + e.what(), FailureKind::start};
  }
}

ChildProcess::~ChildProcess() {
  if (pid_ > 0 && !reaped_ && !failure_ && to_engine_ >= 0 && !quit_line_.empty()) {
    std::string line = quit_line_ + "\n";
    (void)write_no_sigpipe(to_engine_, line.data(), line.size());
  }
  close_fd(to_engine_);  // EOF on stdin also makes most engines quit
  if (pid_ > 0 && !reaped_) wait_for_exit(kQuitGrace);
  kill_now();
}

EngineError ChildProcess::error(std::string what, FailureKind kind) const {
  return EngineError{"engine " + engine::quoted(program_) + ": " + what, kind};
}

EngineError ChildProcess::fail(FailureKind kind, std::string what) {
  if (!failure_) failure_ = EngineError{"engine " + engine::quoted(program_) + ": " + what + stderr_note(), kind};
  kill_now();
  return *failure_;
}

void ChildProcess::set_timeout(milliseconds timeout) { timeout_ = std::max(timeout, milliseconds(1)); }

// The last non-empty stderr line, as " (stderr: ...)", or "".
std::string ChildProcess::stderr_note() {
  drain_stderr();
  std::string_view tail = trim(err_tail_);
  if (tail.empty()) return "";
  auto nl = tail.find_last_of('\n');
  if (nl != std::string_view::npos) tail = trim(tail.substr(nl + 1));
  return " (stderr: " + engine::quoted(tail) + ")";
}

void ChildProcess::drain_stderr() {
  if (engine_err_ < 0) return;
  char buf[4096];
  for (;;) {
    ssize_t n = read(engine_err_, buf, sizeof buf);
    if (n > 0) {
      err_tail_.append(buf, static_cast<std::size_t>(n));
      if (err_tail_.size() > kStderrTailBytes) err_tail_.erase(0, err_tail_.size() - kStderrTailBytes);
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n == 0) close_fd(engine_err_);
    return;  // EOF, EAGAIN or an error
  }
}

// Waits up to `limit` for the process to exit; true once it is reaped.
bool ChildProcess::wait_for_exit(milliseconds limit) {
  if (pid_ <= 0 || reaped_) return true;
  auto deadline = Clock::now() + limit;
  for (;;) {
    int st = 0;
    pid_t r = waitpid(pid_, &st, WNOHANG);
    if (r == pid_) {
      reaped_ = true;
      status_known_ = true;
      status_ = st;
      return true;
    }
    if (r < 0 && errno != EINTR) {  // ECHILD: reaped elsewhere
      reaped_ = true;
      return true;
    }
    if (Clock::now() >= deadline) return false;
    std::this_thread::sleep_for(milliseconds(2));
  }
}

void ChildProcess::kill_now() {
  if (pid_ > 0 && !reaped_) {
    kill(pid_, SIGKILL);
    wait_for_exit(milliseconds(5000));
  }
  close_fd(to_engine_);
  close_fd(from_engine_);
  drain_stderr();
  close_fd(engine_err_);
}

// The failure of an engine that stopped talking while `context`.
EngineError ChildProcess::gone(std::string_view what, std::string_view context) {
  if (wait_for_exit(kExitWait)) {
    if (!status_known_) return fail(FailureKind::exited, "exited (status unavailable) " + std::string(context));
    FailureKind kind = WIFSIGNALED(status_) ? FailureKind::crashed : FailureKind::exited;
    return fail(kind, describe_status(status_) + " " + std::string(context));
  }
  return fail(FailureKind::exited, std::string(what) + " but kept running " + std::string(context));
}

std::optional<EngineError> ChildProcess::send(std::string_view line) {
  if (failure_) return failure_;
  std::string data(line);
  data += '\n';
  std::size_t off = 0;
  const auto deadline = Clock::now() + timeout_;
  const std::string context = "(while sending " + engine::quoted(line) + ")";
  while (off < data.size()) {
    ssize_t n = write_no_sigpipe(to_engine_, data.data() + off, data.size() - off);
    if (n > 0) {
      off += static_cast<std::size_t>(n);
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      if (exited_without_eof()) return gone("exited", context + " (its input is still held open by a process it started)");
      if (Clock::now() >= deadline) {
        return fail(FailureKind::timeout, "timed out after " + std::to_string(timeout_.count()) + " ms " + context +
                                              ": the engine does not read its input");
      }
      pollfd p{to_engine_, POLLOUT, 0};
      if (poll(&p, 1, std::min(ms_until(deadline), static_cast<int>(kExitCheck.count()))) < 0 && errno != EINTR)
        return fail(FailureKind::internal, std::string("poll failed: ") + std::strerror(errno));
      continue;
    }
    if (n < 0 && errno == EPIPE) return gone("closed its input", context);
    return fail(FailureKind::exited, std::string("cannot write to the engine: ") + std::strerror(errno) + " " + context);
  }
  return std::nullopt;
}

std::variant<std::string, EngineError> ChildProcess::read_line(std::string_view context) {
  return read_line(context, Clock::time_point::max(), milliseconds(0));
}

std::variant<std::string, EngineError> ChildProcess::read_line(std::string_view context, Clock::time_point op_deadline,
                                                               milliseconds op_budget) {
  if (failure_) return *failure_;
  const auto read_deadline = Clock::now() + timeout_;
  for (;;) {
    auto nl = out_buf_.find('\n');
    if (nl != std::string::npos) {
      std::string line = out_buf_.substr(0, nl);
      out_buf_.erase(0, nl + 1);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      // The engine's output is bytes: a line that is not UTF-8 is not the
      // protocol, and must not reach JSON or a message unescaped.
      if (invalid_utf8_at(line) != std::string::npos)
        return fail(FailureKind::garbage, "printed a line that is not UTF-8: " + engine::quoted(line) + " " + std::string(context));
      return line;
    }
    if (out_buf_.size() > kMaxLineBytes) {
      return fail(FailureKind::garbage, "unparsable line " + engine::quoted(out_buf_) + " (over " +
                                            std::to_string(kMaxLineBytes) + " bytes without a line break) " +
                                            std::string(context));
    }
    if (out_eof_) return gone("closed its output", context);
    // Exited, yet its output is still open (a process it started holds the
    // pipe): what it wrote before exiting is already in the pipe, so once
    // that is read the engine has nothing more to say. Reported as the exit
    // it is, not as a hang.
    if (exited_without_eof()) {
      read_available();
      if (out_buf_.find('\n') != std::string::npos) continue;
      return gone("exited", std::string(context) + " (its output is still held open by a process it started)");
    }
    const auto now = Clock::now();
    if (now >= read_deadline)
      return fail(FailureKind::timeout, "timed out after " + std::to_string(timeout_.count()) + " ms " + std::string(context));
    if (now >= op_deadline) {
      return fail(FailureKind::timeout, "timed out after " + std::to_string(op_budget.count()) + " ms " +
                                            std::string(context) + " (other output kept coming)");
    }
    pollfd fds[2] = {{from_engine_, POLLIN, 0}, {engine_err_, POLLIN, 0}};
    nfds_t count = engine_err_ >= 0 ? 2 : 1;
    // Bounded slices, so that an exit is noticed while the output stays open.
    int r = poll(fds, count, std::min(ms_until(std::min(read_deadline, op_deadline)), static_cast<int>(kExitCheck.count())));
    if (r < 0) {
      if (errno == EINTR) continue;
      return fail(FailureKind::internal, std::string("poll failed: ") + std::strerror(errno));
    }
    if (r == 0) continue;
    if (count == 2 && fds[1].revents != 0) drain_stderr();
    if (fds[0].revents != 0) {
      char buf[65536];
      ssize_t n = read(from_engine_, buf, sizeof buf);
      if (n > 0) {
        out_buf_.append(buf, static_cast<std::size_t>(n));
      } else if (n == 0) {
        out_eof_ = true;
      } else if (errno != EINTR && errno != EAGAIN && errno != EWOULDBLOCK) {
        out_eof_ = true;
      }
    }
  }
}

// True once the engine process itself has exited (it is then reaped), even if
// its output pipe is still open.
bool ChildProcess::exited_without_eof() {
  if (pid_ <= 0) return false;
  if (reaped_) return true;
  return wait_for_exit(milliseconds(0));
}

// Reads whatever stdout holds now, without waiting (up to the line limit).
void ChildProcess::read_available() {
  char buf[65536];
  while (from_engine_ >= 0 && out_buf_.size() <= kMaxLineBytes) {
    ssize_t n = read(from_engine_, buf, sizeof buf);
    if (n > 0) {
      out_buf_.append(buf, static_cast<std::size_t>(n));
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n == 0) out_eof_ = true;
    return;
  }
}

std::optional<std::string> find_program(std::string_view name) {
  if (name.empty()) return std::nullopt;
  std::string n(name);
  if (n.find('/') != std::string::npos) {
    if (is_executable_file(n)) return n;
    return std::nullopt;
  }
  std::vector<std::string> dirs = {"/usr/games", "/usr/local/games"};
  const char* path = std::getenv("PATH");
  std::string_view p = path != nullptr ? path : "/usr/local/bin:/usr/bin:/bin";
  while (true) {
    auto colon = p.find(':');
    std::string_view dir = p.substr(0, colon);
    dirs.emplace_back(dir.empty() ? "." : std::string(dir));
    if (colon == std::string_view::npos) break;
    p.remove_prefix(colon + 1);
  }
  for (const auto& d : dirs) {
    std::string candidate = d + "/" + n;
    if (is_executable_file(candidate)) return candidate;
  }
  return std::nullopt;
}

std::optional<std::vector<std::string>> split_command(std::string_view command) {
  std::vector<std::string> words;
  std::string word;
  bool in_word = false;
  char quote = 0;
  for (std::size_t i = 0; i < command.size(); ++i) {
    char c = command[i];
    if (quote != 0) {
      if (c == quote) {
        quote = 0;
      } else if (c == '\\' && quote == '"' && i + 1 < command.size()) {
        word += command[++i];
      } else {
        word += c;
      }
      continue;
    }
    if (c == ' ' || c == '\t' || c == '\n') {
      if (in_word) words.push_back(std::move(word));
      word.clear();
      in_word = false;
      continue;
    }
    in_word = true;
    if (c == '\'' || c == '"') {
      quote = c;
    } else if (c == '\\' && i + 1 < command.size()) {
      word += command[++i];
    } else {
      word += c;
    }
  }
  if (quote != 0) return std::nullopt;
  if (in_word) words.push_back(std::move(word));
  if (words.empty()) return std::nullopt;
  return words;
}

}  // namespace arbiter::engine
