#pragma once
// The written move of the simultaneous games' fast paths (Zeitgeist's and
// SimulChess's, model/variants/<game>/fast/): 32 bits holding from (bits
// 0-5), to (6-11), kind (12-15: the orthodox fast path's move kinds, and any
// a game adds past them) and the type of the piece that moves (16-18). The
// generator knows the type as it lists a piece's moves; carrying it spares
// the resolution a search of the bitboards for every move it plays.
// Castling is the king's two-square move, as in orthodox/fast/board.h.
#include <cstdint>

#include "model/variants/orthodox/fast/bitboard.h"

namespace arbiter::simultaneous::fast {

using orthodox::fast::PieceType;
using orthodox::fast::Square;

using Move = std::uint32_t;

constexpr Move make_move_code(Square from, Square to, int kind, PieceType piece) {
  return static_cast<Move>(from | (to << 6) | (kind << 12) | (piece << 16));
}
constexpr Square move_from(Move m) { return m & 63; }
constexpr Square move_to(Move m) { return (m >> 6) & 63; }
constexpr int move_kind(Move m) { return (m >> 12) & 15; }
constexpr PieceType move_piece(Move m) { return static_cast<PieceType>((m >> 16) & 7); }

// One player's submittable moves. The fast paths take at most 16 pieces a
// side, which bounds the count by 8 (king) + 2 (castling) + 15 * 27 (queens)
// + 2 (en passant) = 417, as in orthodox/fast/board.h.
struct MoveList {
  Move moves[512];
  int size = 0;
  void push(Move m) { moves[size++] = m; }
  const Move* begin() const { return moves; }
  const Move* end() const { return moves + size; }
};

}  // namespace arbiter::simultaneous::fast
