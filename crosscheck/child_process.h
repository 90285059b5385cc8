#pragma once
// An external engine as a child process spoken to in lines: UCI engines
// (uci_engine.h) and engines of the serve protocol (protocol_engine.h).
//
// The program runs without a shell (posix_spawn) with its stdin, stdout and
// stderr on pipes. Every wait is bounded by the timeout (poll()), so nothing
// here can hang or raise SIGPIPE. Every failure -- the program cannot be
// started, it exited or was killed by a signal, it stopped answering, it
// printed something unreadable -- comes back as an EngineError with a one-line
// message and its kind, never as an exception. After a failure the process is
// killed and every later call returns the same error.
//
// Not thread-safe: use one ChildProcess per thread.
#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace arbiter::engine {

// What went wrong with an engine, for a caller that must say which.
enum class FailureKind {
  start,     // the program could not be started
  exited,    // it exited, or closed its input or output
  crashed,   // it was killed by a signal
  timeout,   // it stopped answering: a hang
  garbage,   // it printed something that is not the protocol
  refused,   // it answered a well-formed request with an error
  request,   // the request itself could not be sent (a caller's mistake)
  internal,  // anything else
};

// "could not start", "exited", "crashed", "hung", "printed garbage", "refused",
// "bad request", "internal error".
std::string_view to_string(FailureKind kind);

struct EngineError {
  std::string message;  // one line, names the engine and what went wrong
  FailureKind kind = FailureKind::internal;
};

class ChildProcess {
 public:
  using Clock = std::chrono::steady_clock;

  // Starts `program` (a path, or a bare name looked up in PATH) with `args`.
  // `timeout` bounds every single wait for output. `quit_line`, if not empty,
  // is sent before the process is stopped ("quit" for UCI); closing its
  // input follows either way.
  static std::variant<std::unique_ptr<ChildProcess>, EngineError> start(std::string program,
                                                                        std::vector<std::string> args,
                                                                        std::chrono::milliseconds timeout,
                                                                        std::string quit_line = "");
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;
  // Sends the quit line, closes the input, waits briefly, then kills.
  ~ChildProcess();

  // Writes `line` and a line break.
  std::optional<EngineError> send(std::string_view line);
  // The next line of output, without its line break. Each wait is bounded by
  // the timeout and by `op_deadline`, which `op_budget` describes in messages.
  std::variant<std::string, EngineError> read_line(std::string_view context);
  std::variant<std::string, EngineError> read_line(std::string_view context, Clock::time_point op_deadline,
                                                   std::chrono::milliseconds op_budget);

  // Records a failure (adding the last line of stderr), kills the process and
  // returns the error.
  EngineError fail(FailureKind kind, std::string what);
  // An error naming the engine, without killing it: a request refused before
  // it was sent.
  EngineError error(std::string what, FailureKind kind = FailureKind::request) const;
  // The first failure, if any.
  const std::optional<EngineError>& failure() const { return failure_; }

  void set_timeout(std::chrono::milliseconds timeout);
  std::chrono::milliseconds timeout() const { return timeout_; }
  const std::string& program() const { return program_; }

 private:
  ChildProcess() = default;
  std::string stderr_note();
  void drain_stderr();
  bool wait_for_exit(std::chrono::milliseconds limit);
  bool exited_without_eof();
  void read_available();
  void kill_now();
  EngineError gone(std::string_view what, std::string_view context);

  std::string program_;
  std::string quit_line_;
  std::chrono::milliseconds timeout_{0};
  int pid_ = -1;
  bool reaped_ = false;
  bool status_known_ = false;
  int status_ = 0;
  int to_engine_ = -1;    // the engine's stdin
  int from_engine_ = -1;  // its stdout
  int engine_err_ = -1;   // its stderr
  std::string out_buf_;   // stdout bytes not yet returned as lines
  std::string err_tail_;  // the last bytes of stderr
  bool out_eof_ = false;
  std::optional<EngineError> failure_;
};

// Finds an installed program: /usr/games/NAME, then /usr/local/games/NAME, then
// each directory of PATH. A NAME containing '/' is returned as is if executable.
std::optional<std::string> find_program(std::string_view name);

// Splits "CMD ARGS" into words at blanks; single and double quotes group words
// and a backslash escapes the next character, as in a shell (no expansions).
// Empty, or with an unclosed quote: nullopt.
std::optional<std::vector<std::string>> split_command(std::string_view command);

// Text helpers shared by the engine clients.
std::string_view trim(std::string_view s);
// `s` in double quotes, control characters escaped, cut to about 60 characters.
std::string quoted(std::string_view s);
bool has_line_break(std::string_view s);

}  // namespace arbiter::engine
