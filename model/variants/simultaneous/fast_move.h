#pragma once
// The written move of the simultaneous games' fast paths (Zeitgeist's and
// SimulChess's, model/variants/<game>/fast/): 32 bits holding from (bits
// 0-5), to (6-11), kind (12-15: the orthodox fast path's move kinds, and any
// a game adds past them) and the type of the piece that moves (16-18). The
// generator knows the type as it lists a piece's moves; carrying it spares
// the resolution a search of the bitboards for every move it plays.
// Castling is the king's two-square move, as in orthodox/fast/board.h.
#include <cstdint>

#include "model/variants/orthodox/fast/board.h"

namespace arbiter::simultaneous::fast {

using orthodox::fast::Bitboard;
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

// The two sinks of a fast path's move generator: the generator hands them
// a piece's targets, a pawn set's targets (each `offset` squares on from where
// the pawn stands), promotions, and moves it builds itself (castling); the
// lister writes the moves down, the counter only counts them (perft's last
// ply), so the two can never disagree. A game whose generator hands more
// (Zeitgeist's diagonal pawn moves) extends them.
struct MoveLister {
  MoveList& out;
  void piece(Square from, PieceType type, Bitboard targets) {
    while (targets) out.push(make_move_code(from, orthodox::fast::pop_lsb(targets), orthodox::fast::kNormal, type));
  }
  void pawns(Bitboard targets, int offset, int kind) {
    while (targets) {
      const Square to = orthodox::fast::pop_lsb(targets);
      out.push(make_move_code(to - offset, to, kind, orthodox::fast::kPawn));
    }
  }
  void promotions(Bitboard targets, int offset) {
    while (targets) {
      const Square to = orthodox::fast::pop_lsb(targets);
      for (int kind = orthodox::fast::kPromoteQueen; kind >= orthodox::fast::kPromoteKnight; --kind)
        out.push(make_move_code(to - offset, to, kind, orthodox::fast::kPawn));
    }
  }
  void special(Move m) { out.push(m); }
};

struct MoveCounter {
  int n = 0;
  void piece(Square, PieceType, Bitboard targets) { n += orthodox::fast::popcount(targets); }
  void pawns(Bitboard targets, int, int) { n += orthodox::fast::popcount(targets); }
  void promotions(Bitboard targets, int) { n += 4 * orthodox::fast::popcount(targets); }
  void special(Move) { ++n; }
};

}  // namespace arbiter::simultaneous::fast
