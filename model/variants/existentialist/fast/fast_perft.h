#pragma once
// The Existentialist Chess fast path: 128-bit bitboards and fully legal move
// generation for the pieces whose moves are fixed (king, queen, rook, bishop,
// knight, pawn, squire, viceroy, crowned knight), under the default readings,
// for perft only. It is not the reference model: tests hold its counts and
// moves equal to the reference model's (model/variants/existentialist).
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "model/core/position.h"
#include "model/variants/existentialist/fast/board.h"

namespace arbiter::existentialist::fast {

// The Board of a reference position, or nullopt when the position is outside
// what the fast path plays: a piece of another kind, two pieces on a square,
// a piece with flags, a counter or a partner, a variant field (ep2), not one
// king each, a pawn off its own third to ninth ranks, a castling right without
// its king and squire at home, an en passant square off the rank a double step
// passes or occupied, the side not to move in check. Every move from a Board
// it gives leads to another such Board (promotions are to queen, rook, bishop
// or knight), so a perft that starts on the fast path stays on it.
std::optional<Board> from_position(const Position& pos);

// The extended FEN the reference model writes for the same position.
std::string to_fen(const Board& b);
// The reference model's notation: f1h1 for castling, a9a10q for a promotion.
std::string move_text(Move m);
std::vector<std::string> legal_moves(const Board& b);                 // sorted
std::optional<Board> apply(const Board& b, const std::string& move);  // nullopt if not a legal move

// Leaf count to `depth` (0 gives 1), counting the last ply in bulk. The text
// has no draw by repetition or by a move count, so only checkmate and
// stalemate (no moves) end a line; the root's own result is the caller's (a
// game already over is never counted here).
std::uint64_t perft(const Board& b, int depth);
std::vector<std::pair<std::string, std::uint64_t>> divide(const Board& b,
                                                          int depth);  // sorted by move

}  // namespace arbiter::existentialist::fast
