#pragma once
// Orthodox chess on the reference model: the base every variant starts from.
// rules.cpp holds move generation and the effect of a move, one commented
// block per clause; orthodox.cpp the game (turns, results, invariants, SAN).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "model/core/game.h"
#include "model/variants/orthodox/clauses.h"

namespace arbiter::orthodox {

// Kinds in the order of piece_set(); KindId values.
enum : KindId { kKing, kQueen, kRook, kBishop, kKnight, kPawn };
const PieceSet& piece_set();

inline constexpr std::string_view kStartFen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

// The moves of the side to move by the piece rules alone (orthodox.move.*,
// orthodox.pawn.*, orthodox.castle.* including not castling out of or through
// check), before the no-self-check filter. Simultaneous variants build their
// submission rules on this.
void pseudo_moves(const Position& pos, MoveList& out);
// The castling moves of a colour by orthodox.castle.* (rights, empty path,
// not out of or through check), whoever is to move.
void castling_moves(const Position& pos, Color us, MoveList& out);
// The legal moves of the side to move.
void legal_moves(const Position& pos, MoveList& out);
// Whether one move is legal for the side to move (cheaper than listing all).
bool is_legal(const Position& pos, const Move& m);
// The legal move with these coordinates (flags filled in), if there is one.
std::optional<Move> legal_match(const Position& pos, const Move& m);
// Whether the side to move has any legal move (stops at the first).
bool has_legal_move(const Position& pos);
bool in_check(const Position& pos, Color c);
// Plays a legal move; records clauses and events in trace when given.
void make_move(Position& pos, const Move& m, Trace* trace);
// Leaf count of the legal move tree; bulk-counts the last ply.
std::uint64_t perft_position(const Position& pos, int depth);
// Positions that count as the same for repetition (FIDE 9.2.2).
std::string repetition_key(const Position& pos);
// The same key, written over key (whose buffer is reused).
void write_repetition_key(const Position& pos, std::string& key);
// The result of the game in this state, for the side to move.
Outcome outcome_of(const State& s, const Readings& readings, Trace* trace);
// Position checks (also used to validate FEN input).
std::vector<InvariantViolation> position_invariants(const Position& pos);
std::string san(const Position& pos, const Move& m);

class Orthodox final : public Variant {
 public:
  std::string_view id() const override { return "orthodox"; }
  std::string_view name() const override { return "Orthodox chess"; }
  std::string_view source() const override { return "FIDE Laws of Chess"; }
  const PieceSet& kinds() const override { return piece_set(); }
  const ClauseTable& clauses() const override { return orthodox::clauses(); }
  const ReadingTable& readings() const override { return orthodox::readings(); }
  State initial_state() const override;
  Roles roles_to_act(const State& s) const override;
  std::vector<Move> actions(const State& s, Role role) const override;
  void actions_into(const State& s, Role role, const Readings& readings, std::vector<Move>& out) const override;
  StepResult step(const State& s, const JointAction& joint, const Readings& readings) const override;
  std::vector<InvariantViolation> check_invariants(const State& s) const override;
  std::uint64_t perft(const State& s, int depth) const override;
  std::uint64_t reference_perft(const State& s, int depth) const override;
  std::string san(const State& s, const Move& m) const override { return orthodox::san(s.position, m); }
  std::optional<State> mirror(const State& s) const override;
};

const Variant& variant();

}  // namespace arbiter::orthodox
