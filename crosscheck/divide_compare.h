#pragma once
// Compares two perft divides (ours against a reference such as Stockfish) and,
// on a difference, descends to a minimal reproducer: while the first differing
// move has differing leaf counts at depth d > 1, play it and compare at d - 1,
// until a move is missing or extra at some position (or depth 1 is reached).
//
// Both sides are plain callbacks, so this file depends on no move generator;
// fen_side() adapts FEN-string functions (arbiter::orthodox::divide/fen_after),
// engine_side() a UciEngine.
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "crosscheck/uci_engine.h"

namespace arbiter::uci {

using Divide = std::vector<std::pair<std::string, std::uint64_t>>;

enum class DiffKind { missing_in_ours, extra_in_ours, count_differs };

struct MoveDiff {
  DiffKind kind = DiffKind::count_differs;
  std::string move;
  std::uint64_t ours = 0;       // 0 when missing in ours
  std::uint64_t reference = 0;  // 0 when extra in ours
};

// The moves whose counts differ, sorted by move. A move listed twice on one side
// has its counts added (so a duplicate shows up as a count difference).
std::vector<MoveDiff> diff_divides(const Divide& ours, const Divide& reference);

// The divide at `depth` of the position reached from `root_fen` by `moves`, or a
// one-line error. Exceptions thrown by a callback are caught and reported.
using DivideResult = std::variant<Divide, std::string>;
using DivideFn = std::function<DivideResult(std::string_view root_fen,
                                            std::span<const std::string> moves, int depth)>;

struct DivideSide {
  std::string name;  // "ours", "stockfish": used in reports
  DivideFn divide;
};

// A side made of FEN-string functions; moves are applied with fen_after.
DivideSide fen_side(
    std::string name, std::function<Divide(std::string_view fen, int depth)> divide,
    std::function<std::string(std::string_view fen, std::string_view move)> fen_after);

// A side backed by an engine (`position fen ROOT moves ...`, `go perft DEPTH`), so
// the reference never depends on our FEN writer. `engine` must outlive the side.
DivideSide engine_side(UciEngine& engine, std::string name = "stockfish");

struct DescentStep {
  std::vector<std::string> moves;  // played from the root to reach this position
  int depth = 0;
  std::vector<MoveDiff> diffs;  // every difference at this position and depth
  std::size_t chosen = 0;       // the diff reported / descended into
};

struct CrosscheckResult {
  enum class Status { agree, disagree, error };
  Status status = Status::agree;
  std::string root_fen;
  int depth = 0;
  std::string ours_name;
  std::string reference_name;
  // disagree: the root comparison first, the minimal reproducer last.
  std::vector<DescentStep> steps;
  std::string leaf_fen;  // FEN of the last step's position, if it could be computed
  std::string note;      // why the descent stopped early, if it did
  std::string error;     // status error: one line

  bool agrees() const { return status == Status::agree; }
  // Multi-line description ending with the minimal reproducer; empty when agreeing.
  std::string report() const;
};

// FEN of the position reached from a root by moves, for reports.
using FenFn =
    std::function<std::string(std::string_view root_fen, std::span<const std::string> moves)>;

// Builds a FenFn from a fen_after function.
FenFn fen_walker(std::function<std::string(std::string_view fen, std::string_view move)> fen_after);

// Compares the two sides' divides of `root_fen` at `depth` and descends on a
// difference. `fen_of`, if given, names the reproducer's position as a FEN.
CrosscheckResult crosscheck_divide(std::string_view root_fen, int depth, const DivideSide& ours,
                                   const DivideSide& reference, const FenFn& fen_of = {});

// "missing in ours", "extra in ours", "count differs".
std::string_view to_string(DiffKind kind);

}  // namespace arbiter::uci
