#include "uci_engine.h"

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
#include <charconv>
#include <cstdlib>
#include <cstring>
#include <thread>

extern char** environ;

namespace arbiter::uci {
namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

constexpr std::size_t kMaxLineBytes = std::size_t{1} << 20;
constexpr std::size_t kStderrTailBytes = 4096;
// Lines that are not UCI tolerated before `uciok` (Stockfish prints a banner).
constexpr int kMaxUnrecognisedLines = 100;
// Lines tolerated before `readyok`, or `info` lines inside a perft answer.
constexpr int kMaxOtherLines = 10000;
constexpr milliseconds kQuitGrace{250};
constexpr milliseconds kExitWait{1000};

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

char lower_char(char c) {
  return static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
}

bool iequals(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return lower_char(x) == lower_char(y);
         });
}

// `s` in double quotes, with control characters escaped, cut to about 60 characters.
std::string quoted(std::string_view s) {
  constexpr std::size_t kMax = 60;
  std::string out = "\"";
  for (char c : s) {
    if (out.size() > kMax) {
      out += "...";
      break;
    }
    auto u = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (u < 0x20 || u == 0x7f) {
      static constexpr char kHex[] = "0123456789abcdef";
      out += "\\x";
      out += kHex[u >> 4];
      out += kHex[u & 15];
    } else {
      out += c;
    }
  }
  out += '"';
  return out;
}

bool has_line_break(std::string_view s) {
  return s.find_first_of(std::string_view("\n\r\0", 3)) != std::string_view::npos;
}

std::optional<std::uint64_t> parse_u64(std::string_view s) {
  s = trim(s);
  std::uint64_t v = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (s.empty() || ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
  return v;
}

std::optional<long long> parse_i64(std::string_view s) {
  s = trim(s);
  long long v = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (s.empty() || ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
  return v;
}

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

bool is_executable_file(const std::string& path) {
  struct stat st {};
  return stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && access(path.c_str(), X_OK) == 0;
}

// Parses "option name NAME type TYPE [default D] [min A] [max B] [var V]...".
std::optional<EngineOption> parse_option(std::string_view line) {
  constexpr std::string_view kName = "option name ";
  if (line.substr(0, kName.size()) != kName) return std::nullopt;
  std::string_view rest = line.substr(kName.size());
  auto type_pos = rest.find(" type ");
  if (type_pos == std::string_view::npos) return std::nullopt;
  EngineOption opt;
  opt.name = std::string(trim(rest.substr(0, type_pos)));
  rest = rest.substr(type_pos + 6);
  // Split into words; keywords start a new field, other words extend the current one.
  std::string* field = &opt.type;
  std::string var;
  bool in_var = false;
  auto flush_var = [&] {
    if (in_var) opt.vars.push_back(var);
    var.clear();
    in_var = false;
  };
  std::size_t i = 0;
  while (i < rest.size()) {
    while (i < rest.size() && rest[i] == ' ') ++i;
    std::size_t j = i;
    while (j < rest.size() && rest[j] != ' ') ++j;
    std::string_view word = rest.substr(i, j - i);
    i = j;
    if (word.empty()) break;
    if (word == "default" || word == "min" || word == "max" || word == "var") {
      flush_var();
      if (word == "default") field = &opt.default_value;
      if (word == "min") field = &opt.min;
      if (word == "max") field = &opt.max;
      if (word == "var") {
        in_var = true;
        field = &var;
      }
      continue;
    }
    if (!field->empty()) *field += ' ';
    *field += word;
  }
  flush_var();
  if (opt.name.empty() || opt.type.empty()) return std::nullopt;
  return opt;
}

}  // namespace

struct UciEngine::Impl {
  std::string program;
  milliseconds timeout{0};
  pid_t pid = -1;
  bool reaped = false;
  bool status_known = false;
  int status = 0;
  int to_engine = -1;    // engine's stdin
  int from_engine = -1;  // engine's stdout
  int engine_err = -1;   // engine's stderr
  std::string out_buf;   // stdout bytes not yet returned as lines
  std::string err_tail;  // last bytes of stderr
  bool out_eof = false;
  std::optional<std::string> failure;  // first failure, after which the process is gone
  std::string id_name;
  std::vector<EngineOption> options;

  ~Impl() { shutdown(); }

  std::string prefix() const { return "engine " + quoted(program) + ": "; }

  EngineError error(std::string what) const { return EngineError{prefix() + what}; }

  // The last non-empty stderr line, as " (stderr: ...)", or "".
  std::string stderr_note() {
    drain_stderr();
    std::string_view tail = trim(err_tail);
    if (tail.empty()) return "";
    auto nl = tail.find_last_of('\n');
    if (nl != std::string_view::npos) tail = trim(tail.substr(nl + 1));
    return " (stderr: " + quoted(tail) + ")";
  }

  // Records a failure, kills the process, returns the error.
  EngineError fail(std::string what) {
    if (!failure) failure = prefix() + what + stderr_note();
    kill_now();
    return EngineError{*failure};
  }

  void drain_stderr() {
    if (engine_err < 0) return;
    char buf[4096];
    for (;;) {
      ssize_t n = read(engine_err, buf, sizeof buf);
      if (n > 0) {
        err_tail.append(buf, static_cast<std::size_t>(n));
        if (err_tail.size() > kStderrTailBytes)
          err_tail.erase(0, err_tail.size() - kStderrTailBytes);
        continue;
      }
      if (n < 0 && errno == EINTR) continue;
      if (n == 0) close_fd(engine_err);
      return;  // EOF, EAGAIN or an error
    }
  }

  // Waits up to `limit` for the process to exit; true once it is reaped.
  bool wait_for_exit(milliseconds limit) {
    if (pid <= 0 || reaped) return true;
    auto deadline = Clock::now() + limit;
    for (;;) {
      int st = 0;
      pid_t r = waitpid(pid, &st, WNOHANG);
      if (r == pid) {
        reaped = true;
        status_known = true;
        status = st;
        return true;
      }
      if (r < 0 && errno != EINTR) {  // ECHILD: reaped elsewhere
        reaped = true;
        return true;
      }
      if (Clock::now() >= deadline) return false;
      std::this_thread::sleep_for(milliseconds(2));
    }
  }

  void kill_now() {
    if (pid > 0 && !reaped) {
      kill(pid, SIGKILL);
      wait_for_exit(milliseconds(5000));
    }
    close_fd(to_engine);
    close_fd(from_engine);
    drain_stderr();
    close_fd(engine_err);
  }

  void shutdown() {
    if (pid > 0 && !reaped && !failure && to_engine >= 0) {
      static constexpr char kQuit[] = "quit\n";
      (void)write_no_sigpipe(to_engine, kQuit, sizeof kQuit - 1);
    }
    close_fd(to_engine);  // EOF on stdin also makes most engines quit
    if (pid > 0 && !reaped) wait_for_exit(kQuitGrace);
    kill_now();
  }

  // Why the engine stopped talking, for a failure while `context`.
  std::string gone_reason(std::string_view what, std::string_view context) {
    if (wait_for_exit(kExitWait)) {
      if (!status_known) return "exited (status unavailable) " + std::string(context);
      return describe_status(status) + " " + std::string(context);
    }
    return std::string(what) + " but kept running " + std::string(context);
  }

  std::optional<EngineError> send(std::string_view line) {
    if (failure) return EngineError{*failure};
    std::string data(line);
    data += '\n';
    std::size_t off = 0;
    const auto deadline = Clock::now() + timeout;
    const std::string context = "(while sending " + quoted(line) + ")";
    while (off < data.size()) {
      ssize_t n = write_no_sigpipe(to_engine, data.data() + off, data.size() - off);
      if (n > 0) {
        off += static_cast<std::size_t>(n);
        continue;
      }
      if (n < 0 && errno == EINTR) continue;
      if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
        if (Clock::now() >= deadline) {
          return fail("timed out after " + std::to_string(timeout.count()) + " ms " + context +
                      ": the engine does not read its input");
        }
        pollfd p{to_engine, POLLOUT, 0};
        if (poll(&p, 1, ms_until(deadline)) < 0 && errno != EINTR) {
          return fail(std::string("poll failed: ") + std::strerror(errno));
        }
        continue;
      }
      if (n < 0 && errno == EPIPE) return fail(gone_reason("closed its input", context));
      return fail(std::string("cannot write to the engine: ") + std::strerror(errno) + " " +
                  context);
    }
    return std::nullopt;
  }

  // The next line of engine output, without its line break. Each wait is bounded
  // by `timeout` and by `op_deadline`, which `op_budget` describes for messages.
  std::variant<std::string, EngineError> read_line(std::string_view context,
                                                   Clock::time_point op_deadline,
                                                   milliseconds op_budget) {
    if (failure) return EngineError{*failure};
    const auto read_deadline = Clock::now() + timeout;
    for (;;) {
      auto nl = out_buf.find('\n');
      if (nl != std::string::npos) {
        std::string line = out_buf.substr(0, nl);
        out_buf.erase(0, nl + 1);
        if (!line.empty() && line.back() == '\r') line.pop_back();
        return line;
      }
      if (out_buf.size() > kMaxLineBytes) {
        return fail("unparsable line " + quoted(out_buf) + " (over " +
                    std::to_string(kMaxLineBytes) + " bytes without a line break) " +
                    std::string(context));
      }
      if (out_eof) return fail(gone_reason("closed its output", context));
      const auto now = Clock::now();
      if (now >= read_deadline) {
        return fail("timed out after " + std::to_string(timeout.count()) + " ms " +
                    std::string(context));
      }
      if (now >= op_deadline) {
        return fail("timed out after " + std::to_string(op_budget.count()) + " ms " +
                    std::string(context) + " (other output kept coming)");
      }
      pollfd fds[2] = {{from_engine, POLLIN, 0}, {engine_err, POLLIN, 0}};
      nfds_t count = engine_err >= 0 ? 2 : 1;
      int r = poll(fds, count, ms_until(std::min(read_deadline, op_deadline)));
      if (r < 0) {
        if (errno == EINTR) continue;
        return fail(std::string("poll failed: ") + std::strerror(errno));
      }
      if (r == 0) continue;
      if (count == 2 && fds[1].revents != 0) drain_stderr();
      if (fds[0].revents != 0) {
        char buf[65536];
        ssize_t n = read(from_engine, buf, sizeof buf);
        if (n > 0) {
          out_buf.append(buf, static_cast<std::size_t>(n));
        } else if (n == 0) {
          out_eof = true;
        } else if (errno != EINTR && errno != EAGAIN && errno != EWOULDBLOCK) {
          out_eof = true;
        }
      }
    }
  }

  std::variant<std::string, EngineError> read_line(std::string_view context) {
    return read_line(context, Clock::time_point::max(), milliseconds(0));
  }

  // Sends `commands` then `isready`; returns the non-empty lines before `readyok`.
  std::variant<std::vector<std::string>, EngineError> round_trip(
      const std::vector<std::string>& commands, std::string_view what) {
    for (const auto& c : commands) {
      if (auto e = send(c)) return *e;
    }
    if (auto e = send("isready")) return *e;
    const std::string context = "while waiting for readyok after " + std::string(what);
    const auto op_deadline = Clock::now() + timeout;
    std::vector<std::string> lines;
    for (;;) {
      auto line = read_line(context, op_deadline, timeout);
      if (auto* e = std::get_if<EngineError>(&line)) return *e;
      std::string_view t = trim(std::get<std::string>(line));
      if (t == "readyok") return lines;
      if (t.empty()) continue;
      if (lines.size() >= static_cast<std::size_t>(kMaxOtherLines)) {
        return fail("unparsable line " + quoted(t) + " (more than " +
                    std::to_string(kMaxOtherLines) + " lines) " + context);
      }
      lines.emplace_back(t);
    }
  }

  std::optional<EngineError> handshake() {
    if (auto e = send("uci")) return e;
    const std::string context = "while waiting for uciok";
    const auto op_deadline = Clock::now() + timeout;
    int unrecognised = 0;
    int total = 0;
    for (;;) {
      auto line = read_line(context, op_deadline, timeout);
      if (auto* e = std::get_if<EngineError>(&line)) return *e;
      std::string_view t = trim(std::get<std::string>(line));
      if (t == "uciok") return std::nullopt;
      if (++total > kMaxOtherLines) {
        return fail("unparsable line " + quoted(t) + " (more than " +
                    std::to_string(kMaxOtherLines) + " lines) " + context);
      }
      if (t.empty() || t.starts_with("info")) continue;
      if (t.starts_with("id name ")) {
        id_name = std::string(trim(t.substr(8)));
        continue;
      }
      if (t.starts_with("id ")) continue;
      if (t.starts_with("option ")) {
        if (auto opt = parse_option(t)) {
          options.push_back(std::move(*opt));
          continue;
        }
      }
      if (++unrecognised > kMaxUnrecognisedLines) {
        return fail("unparsable line " + quoted(t) + " (" + std::to_string(unrecognised) +
                    " lines that are not UCI) " + context);
      }
    }
  }
};

UciEngine::UciEngine(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
UciEngine::UciEngine(UciEngine&&) noexcept = default;
UciEngine& UciEngine::operator=(UciEngine&&) noexcept = default;
UciEngine::~UciEngine() = default;

std::variant<UciEngine, EngineError> UciEngine::start(std::string program,
                                                      std::vector<std::string> args,
                                                      milliseconds timeout) {
  const std::string label = program;
  try {
    auto impl = std::make_unique<Impl>();
    impl->program = std::move(program);
    impl->timeout = std::max(timeout, milliseconds(1));
    if (impl->program.empty()) return impl->error("cannot start: empty program name");
    for (const auto& a : args) {
      if (a.find('\0') != std::string::npos) {
        return impl->error("cannot start: argument contains a NUL byte");
      }
    }

    int in_pipe[2] = {-1, -1};
    int out_pipe[2] = {-1, -1};
    int err_pipe[2] = {-1, -1};
    auto close_all = [&] {
      for (int* p : {in_pipe, out_pipe, err_pipe}) {
        close_fd(p[0]);
        close_fd(p[1]);
      }
    };
    if (pipe2(in_pipe, O_CLOEXEC) != 0 || pipe2(out_pipe, O_CLOEXEC) != 0 ||
        pipe2(err_pipe, O_CLOEXEC) != 0) {
      int e = errno;
      close_all();
      return impl->error(std::string("cannot create pipes: ") + std::strerror(e));
    }
    for (int* p : {in_pipe, out_pipe, err_pipe}) {
      if (!move_above_stdio(p[0]) || !move_above_stdio(p[1])) {
        int e = errno;
        close_all();
        return impl->error(std::string("cannot create pipes: ") + std::strerror(e));
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
    argv.push_back(impl->program.data());
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);

    pid_t pid = -1;
    int rc = impl->program.find('/') != std::string::npos
                 ? posix_spawn(&pid, impl->program.c_str(), &actions, &attr, argv.data(), environ)
                 : posix_spawnp(&pid, impl->program.c_str(), &actions, &attr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attr);
    close_fd(in_pipe[0]);
    close_fd(out_pipe[1]);
    close_fd(err_pipe[1]);
    if (rc != 0) {
      close_all();
      return impl->error(std::string("cannot start: ") + std::strerror(rc));
    }
    impl->pid = pid;
    impl->to_engine = in_pipe[1];
    impl->from_engine = out_pipe[0];
    impl->engine_err = err_pipe[0];
    if (!set_nonblocking(impl->to_engine) || !set_nonblocking(impl->from_engine) ||
        !set_nonblocking(impl->engine_err)) {
      return impl->fail(std::string("cannot configure pipes: ") + std::strerror(errno));
    }
    if (auto e = impl->handshake()) return *e;
    return UciEngine(std::move(impl));
  } catch (const std::exception& e) {
    return EngineError{"engine " + quoted(label) + ": " + e.what()};
  }
}

std::variant<PerftDivide, EngineError> UciEngine::perft_divide(std::string_view fen, int depth,
                                                               std::span<const std::string> moves) {
  if (!impl_) return EngineError{"engine: used after move"};
  Impl& e = *impl_;
  try {
    if (e.failure) return EngineError{*e.failure};
    if (depth < 1) return e.error("perft depth must be at least 1, got " + std::to_string(depth));
    if (has_line_break(fen)) return e.error("FEN contains a line break: " + quoted(fen));
    std::string position = "position fen " + std::string(trim(fen));
    if (!moves.empty()) {
      position += " moves";
      for (const auto& m : moves) {
        if (m.empty() || m.find_first_of(" \t\n\r") != std::string::npos) {
          return e.error("bad move " + quoted(m));
        }
        position += ' ';
        position += m;
      }
    }
    if (auto err = e.send(position)) return *err;
    if (auto err = e.send("go perft " + std::to_string(depth))) return *err;

    const std::string context = "in the answer to go perft " + std::to_string(depth);
    PerftDivide out;
    std::uint64_t sum = 0;
    int other = 0;
    for (;;) {
      auto line = e.read_line(context);
      if (auto* err = std::get_if<EngineError>(&line)) return *err;
      const std::string& raw = std::get<std::string>(line);
      std::string_view t = trim(raw);
      if (t.empty()) continue;
      if (t.starts_with("info")) {
        if (++other > kMaxOtherLines) {
          return e.fail("unparsable line " + quoted(t) + " (more than " +
                        std::to_string(kMaxOtherLines) + " info lines) " + context);
        }
        continue;
      }
      constexpr std::string_view kNodes = "Nodes searched:";
      if (t.starts_with(kNodes)) {
        auto total = parse_u64(t.substr(kNodes.size()));
        if (!total) return e.fail("unparsable line " + quoted(raw) + " " + context);
        out.total = *total;
        if (sum != out.total) {
          return e.fail("inconsistent perft answer: the move counts add up to " +
                        std::to_string(sum) + " but the engine printed " + quoted(t));
        }
        return out;
      }
      auto colon = t.find(':');
      std::string_view move = colon == std::string_view::npos ? t : t.substr(0, colon);
      auto count = colon == std::string_view::npos ? std::nullopt : parse_u64(t.substr(colon + 1));
      bool move_ok =
          !move.empty() && move.size() <= 16 && std::all_of(move.begin(), move.end(), [](char c) {
            return std::isgraph(static_cast<unsigned char>(c)) != 0;
          });
      if (!count || !move_ok) return e.fail("unparsable line " + quoted(raw) + " " + context);
      sum += *count;
      out.moves.emplace_back(std::string(move), *count);
    }
  } catch (const std::exception& ex) {
    return e.fail(std::string("internal error: ") + ex.what());
  }
}

std::optional<EngineError> UciEngine::set_option(std::string_view name, std::string_view value) {
  if (!impl_) return EngineError{"engine: used after move"};
  Impl& e = *impl_;
  try {
    if (e.failure) return EngineError{*e.failure};
    if (has_line_break(name) || has_line_break(value)) {
      return e.error("option name or value contains a line break");
    }
    name = trim(name);
    value = trim(value);
    const EngineOption* opt = nullptr;
    for (const auto& o : e.options) {
      if (iequals(o.name, name)) opt = &o;
    }
    if (opt == nullptr && !e.options.empty()) {
      return e.error("has no option " + quoted(name));
    }
    if (opt != nullptr) {
      const std::string bad =
          "option " + quoted(opt->name) + " (" + opt->type + "): bad value " + quoted(value);
      if (opt->type == "combo" &&
          std::none_of(opt->vars.begin(), opt->vars.end(),
                       [&](const std::string& v) { return iequals(v, value); })) {
        return e.error(bad + ", not one of its " + std::to_string(opt->vars.size()) + " values");
      }
      if (opt->type == "check" && value != "true" && value != "false") {
        return e.error(bad + ", want true or false");
      }
      if (opt->type == "spin") {
        auto v = parse_i64(value);
        auto lo = parse_i64(opt->min);
        auto hi = parse_i64(opt->max);
        if (!v || (lo && *v < *lo) || (hi && *v > *hi)) {
          return e.error(bad + ", want an integer in [" + opt->min + ", " + opt->max + "]");
        }
      }
    }
    std::string command = "setoption name " + std::string(opt ? opt->name : std::string(name));
    if (!(opt != nullptr && opt->type == "button")) command += " value " + std::string(value);
    auto lines = e.round_trip({command}, quoted(command));
    if (auto* err = std::get_if<EngineError>(&lines)) return *err;
    for (const auto& l : std::get<std::vector<std::string>>(lines)) {
      if (l.starts_with("No such option") || l.starts_with("ERROR") || l.starts_with("Error") ||
          l.starts_with("info string ERROR")) {
        return e.error("rejected " + quoted(command) + ": " + quoted(l));
      }
    }
    return std::nullopt;
  } catch (const std::exception& ex) {
    return e.fail(std::string("internal error: ") + ex.what());
  }
}

std::optional<EngineError> UciEngine::sync() {
  if (!impl_) return EngineError{"engine: used after move"};
  try {
    auto lines = impl_->round_trip({}, "isready");
    if (auto* err = std::get_if<EngineError>(&lines)) return *err;
    return std::nullopt;
  } catch (const std::exception& ex) {
    return impl_->fail(std::string("internal error: ") + ex.what());
  }
}

std::variant<std::string, EngineError> UciEngine::position_fen(std::string_view fen,
                                                               std::span<const std::string> moves) {
  if (!impl_) return EngineError{"engine: used after move"};
  Impl& e = *impl_;
  try {
    if (e.failure) return EngineError{*e.failure};
    if (has_line_break(fen)) return e.error("FEN contains a line break: " + quoted(fen));
    std::string position = "position fen " + std::string(trim(fen));
    if (!moves.empty()) {
      position += " moves";
      for (const auto& m : moves) {
        if (m.empty() || m.find_first_of(" \t\n\r") != std::string::npos) {
          return e.error("bad move " + quoted(m));
        }
        position += ' ';
        position += m;
      }
    }
    auto lines = e.round_trip({position, "d"}, "d");
    if (auto* err = std::get_if<EngineError>(&lines)) return *err;
    for (const auto& l : std::get<std::vector<std::string>>(lines)) {
      if (l.starts_with("Fen:")) return std::string(trim(std::string_view(l).substr(4)));
    }
    return e.error("no \"Fen:\" line in the answer to d (not a Stockfish-family engine?)");
  } catch (const std::exception& ex) {
    return e.fail(std::string("internal error: ") + ex.what());
  }
}

void UciEngine::set_timeout(milliseconds timeout) {
  if (impl_) impl_->timeout = std::max(timeout, milliseconds(1));
}
milliseconds UciEngine::timeout() const {
  return impl_ ? impl_->timeout : milliseconds(0);
}
const std::string& UciEngine::program() const {
  static const std::string kNone;
  return impl_ ? impl_->program : kNone;
}
const std::string& UciEngine::id_name() const {
  static const std::string kNone;
  return impl_ ? impl_->id_name : kNone;
}
const std::vector<EngineOption>& UciEngine::options() const {
  static const std::vector<EngineOption> kNone;
  return impl_ ? impl_->options : kNone;
}
bool UciEngine::ok() const {
  return impl_ && !impl_->failure;
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

std::variant<UciEngine, EngineError> start_installed(std::string_view name,
                                                     std::string_view debian_package,
                                                     std::string_view env_override,
                                                     milliseconds timeout) {
  try {
    std::string env(env_override);
    const char* override_path = env.empty() ? nullptr : std::getenv(env.c_str());
    if (override_path != nullptr && *override_path != '\0') {
      return UciEngine::start(override_path, {}, timeout);
    }
    auto path = find_program(name);
    if (!path) {
      std::string pkg(debian_package);
      std::string msg = std::string(name) +
                        " not found in /usr/games, /usr/local/games or PATH: install the "
                        "Debian package \"" +
                        pkg + "\" (apt-get install " + pkg + ")";
      if (!env.empty()) msg += " or set " + env + " to the engine's path";
      return EngineError{msg};
    }
    return UciEngine::start(*path, {}, timeout);
  } catch (const std::exception& e) {
    return EngineError{std::string(name) + ": " + e.what()};
  }
}

std::variant<UciEngine, EngineError> start_stockfish(milliseconds timeout) {
  return start_installed("stockfish", "stockfish", "ARBITER_STOCKFISH", timeout);
}

std::variant<UciEngine, EngineError> start_fairy_stockfish(milliseconds timeout) {
  return start_installed("fairy-stockfish", "fairy-stockfish", "ARBITER_FAIRY_STOCKFISH", timeout);
}

}  // namespace arbiter::uci
