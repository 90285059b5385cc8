#pragma once
// The position of the orthodox fast path, and its move encoding.
#include <cstdint>

#include "model/variants/orthodox/fast/bitboard.h"

namespace arbiter::orthodox::fast {

// A position as eight bitboards plus the game state. A plain 80-byte value:
// the perft driver copies it for every move (copy-make), which is cheaper than
// undoing moves because nothing needs to be remembered.
//
// Invariants (established by parse_fen, kept by make_move): exactly one king per
// colour; at most 16 pieces per colour; no pawn on the first or last rank; the side not to move is not in
// check; each castling right has its king and rook on their home squares;
// en_passant, when set, is the square a pawn of the side not to move has just
// crossed with a double step (that pawn is in front of it, it and the square
// behind it are empty). The move generator relies on all of them.
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

  friend bool operator==(const Board&, const Board&) = default;
};

// A move in 16 bits: from (bits 0-5), to (6-11), kind (12-15). Castling is
// encoded as the king's two-square move; the rook's move is implied.
using Move = std::uint16_t;

enum MoveKind : int {
  kNormal = 0,  // any move not listed below, capture or not
  kDoublePush = 1,
  kEnPassant = 2,
  kCastle = 3,
  kPromoteKnight = 4,  // kPromoteKnight + (type - kKnight) for each promotion type
  kPromoteBishop = 5,
  kPromoteRook = 6,
  kPromoteQueen = 7,
};

constexpr Move make_move_code(Square from, Square to, int kind) {
  return static_cast<Move>(from | (to << 6) | (kind << 12));
}
constexpr Square move_from(Move m) { return m & 63; }
constexpr Square move_to(Move m) { return (m >> 6) & 63; }
constexpr int move_kind(Move m) { return m >> 12; }

// At most 218 legal moves exist in any reachable position, but a FEN can
// describe unreachable ones. parse_fen allows at most 16 pieces a side, which
// bounds the count by 8 + 2 (king, castling) + 15 * 27 (queens) + 2 (en passant)
// = 417, so 512 can never overflow.
struct MoveList {
  Move moves[512];
  int size = 0;
  void push(Move m) { moves[size++] = m; }
  const Move* begin() const { return moves; }
  const Move* end() const { return moves + size; }
};

}  // namespace arbiter::orthodox::fast
