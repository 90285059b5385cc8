#pragma once
// The position of the Existentialist Chess fast path, and its move encoding.
#include <cstdint>

#include "model/variants/existentialist/fast/bitboard.h"

namespace arbiter::existentialist::fast {

// A position as eleven bitboards plus the side state. A plain value: the
// perft driver copies it for every move (copy-make), which needs nothing
// remembered to undo a move.
//
// Invariants (established by from_position, kept by make_move): exactly one
// king per colour; no pawn on its own first, second or last rank; the side
// not to move is not in check; each castling right has its king on f and its
// squire on b or i of the home rank; en_passant, when set, is on the rank a
// double step of the side not to move passes (the fourth rank from the side
// to move's opponent's side). The move generator relies on all of them.
struct Board {
  Bitboard pieces[kPieceTypes] = {};  // by type, both colours
  Bitboard colors[2] = {};            // by colour, all types
  std::uint8_t side = kWhite;         // Color to move
  std::uint8_t castling = 0;          // kWhiteKingside | ... bits
  std::uint8_t en_passant = kNoSquare;
  std::uint32_t halfmove_clock = 0;
  std::uint32_t fullmove_number = 1;

  Bitboard occupied() const { return colors[kWhite] | colors[kBlack]; }
  Bitboard of(Color c, PieceType t) const { return pieces[t] & colors[c]; }
  Square king_square(Color c) const { return lsb(of(c, kKing)); }
  // The kind on s (s must hold a piece).
  PieceType type_on(Square s) const {
    int t = 0;
    while (!(pieces[t] & bit(s))) ++t;
    return static_cast<PieceType>(t);
  }

  friend bool operator==(const Board&, const Board&) = default;
};

// A move in 32 bits: from (bits 0-7), to (8-15), kind (16-19). Castling is
// encoded as the king's move; the squire's move is implied.
using Move = std::uint32_t;

enum MoveKind : int {
  kNormal = 0,  // any move not listed below, capture or not
  kDoubleStep = 1,
  kEnPassant = 2,
  kCastle = 3,
  kPromoteKnight = 4,  // a promotion: kPromoteKnight + (type - kKnight), knight to queen
  kPromoteBishop = 5,
  kPromoteRook = 6,
  kPromoteQueen = 7,
};

constexpr Move make_move_code(Square from, Square to, int kind) {
  return static_cast<Move>(from | (to << 8) | (kind << 16));
}
constexpr Square move_from(Move m) {
  return m & 0xFF;
}
constexpr Square move_to(Move m) {
  return (m >> 8) & 0xFF;
}
constexpr int move_kind(Move m) {
  return static_cast<int>(m >> 16);
}

// Bound on the legal moves of any Board: no piece but the king reaches more
// than 35 squares (a queen in the centre of the 10x10 board), a pawn makes at
// most 12 moves (three squares, four promotions each), and a side has at most
// 98 pieces besides its king: 98 * 35 + 8 king steps + 2 castlings < 4096.
struct MoveList {
  Move moves[4096];
  int size = 0;
  void push(Move m) { moves[size++] = m; }
  const Move* begin() const { return moves; }
  const Move* end() const { return moves + size; }
};

}  // namespace arbiter::existentialist::fast
