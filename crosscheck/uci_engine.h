#pragma once
// A small client for external UCI engines (Stockfish, Fairy-Stockfish), used to
// cross-check our move generation with `go perft`.
//
// The engine runs as a ChildProcess (child_process.h): every wait is bounded by
// the configured timeout, and every failure -- the program cannot be started,
// it exited or was killed by a signal, it stopped answering, it printed
// something that is not UCI -- comes back as an EngineError with a one-line
// message and its kind. After a failure the engine process is killed and every
// later call returns the same error.
//
// Not thread-safe: use one UciEngine per thread.
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "crosscheck/child_process.h"

namespace arbiter::uci {

using engine::EngineError;
using engine::FailureKind;
using engine::find_program;

// The answer to `go perft N`: one (move, leaf count) pair per legal move, in the
// engine's order, and the engine's "Nodes searched" total (checked to equal the
// sum of the counts).
struct PerftDivide {
  std::vector<std::pair<std::string, std::uint64_t>> moves;
  std::uint64_t total = 0;
};

// One `option name ... type ...` line of the engine's `uci` answer.
struct EngineOption {
  std::string name;
  std::string type;               // check, spin, combo, button, string
  std::string default_value;      // as printed, may be empty
  std::string min, max;           // spin bounds, as printed
  std::vector<std::string> vars;  // combo values
};

class UciEngine {
 public:
  // Starts `program` (an absolute or relative path, or a bare name looked up in
  // PATH) with `args`, and completes the `uci` / `uciok` handshake. `timeout`
  // bounds every single wait for engine output, and the handshake as a whole.
  static std::variant<UciEngine, EngineError> start(std::string program,
                                                    std::vector<std::string> args,
                                                    std::chrono::milliseconds timeout);

  UciEngine(UciEngine&&) noexcept;
  UciEngine& operator=(UciEngine&&) noexcept;
  UciEngine(const UciEngine&) = delete;
  UciEngine& operator=(const UciEngine&) = delete;
  // Sends `quit`, waits briefly for the process to exit, then kills it.
  ~UciEngine();

  // `position fen FEN [moves M...]`, `go perft DEPTH`; parses the "move: count"
  // lines up to "Nodes searched: N". `depth` must be at least 1 (Stockfish reads
  // `go perft 0` as an unbounded search). `timeout` bounds the wait for each line,
  // not the whole perft: raise it with set_timeout() for deep perfts.
  std::variant<PerftDivide, EngineError> perft_divide(std::string_view fen, int depth,
                                                      std::span<const std::string> moves = {});

  // `setoption name NAME value VALUE`, then an isready round trip. Fails without
  // sending anything when the engine did not advertise NAME, or when NAME is a
  // combo option and VALUE is not one of its values (names and combo values
  // compare case-insensitively, as UCI says). Example: ("UCI_Variant", "crazyhouse")
  // for Fairy-Stockfish.
  std::optional<EngineError> set_option(std::string_view name, std::string_view value);

  // `isready` / `readyok` round trip.
  std::optional<EngineError> sync();

  // Sends `uci` again and reads the options anew: after an option that
  // changes others (Fairy-Stockfish's VariantPath adds UCI_Variant values).
  std::optional<EngineError> reload_options();

  // The FEN the engine prints (`d` command, Stockfish family only) for the
  // position reached from `fen` by `moves`. Note that Stockfish writes an en
  // passant square only when an en passant capture is possible.
  std::variant<std::string, EngineError> position_fen(std::string_view fen,
                                                      std::span<const std::string> moves = {});

  void set_timeout(std::chrono::milliseconds timeout);
  std::chrono::milliseconds timeout() const;
  const std::string& program() const;
  const std::string& id_name() const;  // from `id name`, may be empty
  const std::vector<EngineOption>& options() const;
  // False once any call has failed (the process has then been killed).
  bool ok() const;

  struct Impl;

 private:
  explicit UciEngine(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

// Starts an engine installed from a Debian package: the path in environment
// variable `env_override` if set and non-empty, else find_program(name). When it
// is not installed the error names the package to install.
std::variant<UciEngine, EngineError> start_installed(std::string_view name,
                                                     std::string_view debian_package,
                                                     std::string_view env_override,
                                                     std::chrono::milliseconds timeout);

// start_installed("stockfish", "stockfish", "ARBITER_STOCKFISH", timeout).
std::variant<UciEngine, EngineError> start_stockfish(
    std::chrono::milliseconds timeout = std::chrono::milliseconds(5000));
// start_installed("fairy-stockfish", "fairy-stockfish", "ARBITER_FAIRY_STOCKFISH", timeout).
std::variant<UciEngine, EngineError> start_fairy_stockfish(
    std::chrono::milliseconds timeout = std::chrono::milliseconds(5000));

}  // namespace arbiter::uci
