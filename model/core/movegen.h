#pragma once
// Moves from piece descriptions, on any board. These read the kinds' steps only;
// a variant adds its own rules (double steps, castling, co-occupation, ...) and
// its own legality filter on top.
#include "model/core/move.h"
#include "model/core/position.h"

namespace arbiter {

// The direction a step points for a colour: Black's steps are White's mirrored.
inline int step_dr(const Step& st, Color c) { return c == Color::White ? st.dr : -st.dr; }

// Moves of one piece by its kind's steps, for boards where a square holds one
// piece: a square with a piece of the mover's colour blocks, one with enemy
// pieces may be captured (if the step captures) and ends the ride.
void piece_moves(const Position& pos, const Piece& piece, MoveList& out);

// Whether any on-board piece of colour `by` could capture on square s by its
// kind's steps (the square's own contents are ignored). The square `vacated`,
// when given, counts as empty: what a king would see on s once it has left
// `vacated` for it.
bool attacked_by(const Position& pos, Square s, Color by, Square vacated = kNoSquare);

// Whether the given piece could capture on square s by its kind's steps, with
// the square `vacated` (when given) counted as empty.
bool piece_attacks(const Position& pos, const Piece& piece, Square s, Square vacated = kNoSquare);

// Whether taking the pieces off square s (and off `also_left`, or kNoSquare)
// could let a piece of the other colour than `us` see the square `king` along
// a line: s shares a rank, file or diagonal with it, nothing stands between
// them but what leaves, and the first piece beyond s on that line is the
// other colour's and could reach the king's square by its kind's steps. Where pieces attack from afar only by riding (no screens,
// as with the orthodox pieces), a move that opens no such line cannot expose
// the king: the legality tests skip playing those moves out.
bool opens_line(const Position& pos, Color us, Square king, Square s, Square also_left);

}  // namespace arbiter
