#pragma once
// The board rules of Gravity Chess: which pieces are stacked, the downward
// moves of a piece, and the count of points. Both colours fall towards rank 1
// ("the bottom"); pieces enter on rank 8 ("the top row").
#include <array>
#include <span>

#include "model/core/move.h"
#include "model/core/position.h"
#include "model/core/reading.h"

namespace arbiter::gravity {

// The kinds, in the order of the piece set (pieces.cpp).
enum : KindId { kKing, kQueen, kRook, kBishop, kKnight, kPawn };
const PieceSet& kinds();

// The answers of the reading points that shape the board rules.
struct Config {
  bool king_capturable = false;   // gravity.king_capture = allowed
  bool pawn_straight_only = false;  // gravity.pawn_stacking = straight_only
  bool stacking_permanent = false;  // gravity.stacked_stays = permanent
  bool blocked_capture_optional = false;  // gravity.blocked_capture = optional

  bool operator==(const Config&) const = default;
};
// The answers in force, without recording a consultation.
Config config_in_force(const Readings& readings);

using SquareSet = std::array<bool, kMaxSquares>;

// The squares of the stacked pieces (gravity.stacked.bottom_row,
// gravity.stacked.blocked_by_stacked), computed from the bottom row up;
// under gravity.stacked_stays=permanent a piece marked stacked (the
// immobile flag) stays stacked.
SquareSet stacked_squares(const Position& pos, const Config& c);
// Marks the pieces stacked now with the immobile flag, and clears it on the
// others: the state records which pieces are stacked, so that
// gravity.stacked_stays=permanent can keep them so. Under both alternatives
// the marks agree until a stacked piece would be freed.
void mark_stacked(Position& pos, const Config& c);

// One piece's moves, held in place. A queen has the most: at most ranks - 1
// straight down, files - 1 on its two diagonals down together, and two
// captures along its row.
using PieceMoves = BasicMoveList<kMaxFiles + kMaxRanks>;

// The legal moves of the piece on `from` (gravity.move.*, gravity.pawn.*),
// added to `out`: none when it is stacked.
void piece_moves(const Position& pos, Square from, const Config& c, const SquareSet& stacked, PieceMoves& out);

// Points: stacked pieces by row and captured pieces (gravity.score.*).
struct Tally {
  int points[2] = {0, 0};
  int per_row[2][8] = {};  // stacked pieces per row, row 1 first
};
Tally tally(const Position& pos, const SquareSet& stacked, int captured_white, int captured_black);
// The winner by points and the tie-break on rows: 1 White, -1 Black, 0 tied.
int compare(const Tally& t, bool* by_tie_break);

}  // namespace arbiter::gravity
