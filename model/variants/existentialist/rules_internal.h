#pragma once
// Shared between the rules files of Existentialist Chess (rules.cpp,
// effects.cpp): the pieces of one side on a square as one unit, and move
// generation for a side, for play or for an attack on one square.
#include <array>

#include "model/core/move.h"
#include "model/variants/existentialist/rules.h"

namespace arbiter::existentialist::detail {

// The pieces of one colour on a square that move as one: the host, and the
// archer and zednick merged into it (the archer/zednick pair: the archer is
// the host and the archer). shared_king: the king with an enemy intruder.
struct Unit {
  PieceId host = kNoPiece;
  PieceId archer = kNoPiece;
  PieceId zednick = kNoPiece;
  bool archer_zednick = false;
  bool shared_king = false;
};
Unit unit_at(const Position& pos, Square s, Color c);

// Move generation for colour `us`. target != kNoSquare: only the captures
// (and shots) of that square, spells and all, for attack tests; then the
// square counts as takeable whatever stands on it.
struct Gen {
  const Position& pos;
  const Rules& rules;
  Color us;
  Square target;
  MoveList& out;
  bool in_check;  // the side to move is in check (a spelled king may move)
  // Whether a hibernating existentialist stands anywhere: -1 until asked
  // (leap_barred looks for one only once per generation).
  int hibernating = -1;
  // Whether a hyena stands anywhere: -1 until asked (no piece is frozen
  // without one).
  int hyenas = -1;
  // An attack test without a trace: a movement step whose line cannot reach
  // the target is skipped unwalked. A step walked in vain asks no reading
  // that matters, but with a trace it records the ones it asks, so then
  // every step is walked as in generation.
  bool aimed() const { return target != kNoSquare && rules.trace == nullptr; }
};
void unit_moves(Gen& g, Square from);
// An aimed attack test (Gen::aimed): whether the piece's own moves, as the
// host of a unit on `from`, cannot reach the target whatever stands between
// (checked from the geometry alone, so its moves need not be generated). A
// unit that also carries an archer may still shoot.
bool misses(const Gen& g, Square from, const Piece& host);
bool takeable(const Gen& g, Square s);

// The squares where a second teleporter makes a three-square shield with a
// zednick entering a teleporter: in line first, then the two bent ones.
std::array<Square, 4> third_teleporter_squares(const BoardShape& shape, Square zednick,
                                               Square teleporter);

bool has_kind(const Position& pos, Square s, Kind k);
bool shield_at(const Position& pos, Square s);
bool hibernating_at(const Position& pos, Square s);
bool bare_king_at(const Position& pos, Square s);

}  // namespace arbiter::existentialist::detail
