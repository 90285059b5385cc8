#pragma once
// Submittable moves and attacks over the SimulChess fast Board.
#include "model/variants/simulchess/fast/board.h"

namespace arbiter::simulchess::fast {

// Appends colour c's submittable moves (simulchess.submit.illegal_rejected,
// simulchess.king.may_be_exposed: the orthodox pseudo-legal moves, castling
// included, without the self-check filter), or kPass when there are none: the
// same set as the reference's SimulChess::actions.
void generate(const Board& b, Color c, MoveList& out);

// The number of colour c's submittable moves, without listing them (0 where
// generate lists a pass).
int count(const Board& b, Color c);

// Whether colour `by` attacks square s on the occupancy `occ`.
bool attacked(const Board& b, Square s, Color by, Bitboard occ);

// Whether colour c's king is attacked.
bool in_check(const Board& b, Color c);

// simulchess.result.checkmate_at_start: colour c is in check and has no move
// that leaves its king unattacked (orthodox legality, en passant included).
bool mated(const Board& b, Color c);

}  // namespace arbiter::simulchess::fast
