#pragma once
// The resolution of one joint action on the SimulChess fast Board.
#include "model/variants/simulchess/fast/board.h"

namespace arbiter::simulchess::fast {

// Plays White's move `white` and Black's move `black` (each one of
// generate()'s moves for that colour on b, or kPass) on b, as the reference's
// resolve does under the default readings: the moves' resolution and every
// field the next step reads (castling rights, ep=, clocks, the ends decided
// during the step). b must be ongoing. Checkmate at the start of the next turn
// is left to the caller (mated() in movegen.h).
void apply(Board& b, Move white, Move black);

}  // namespace arbiter::simulchess::fast
