#pragma once
// One joint action on the fast Board (copy-make): the two submitted moves
// resolved together, as resolve() in model/variants/parity/resolve.cpp does
// under the default readings, with every field the next turn reads.
#include "model/variants/parity/fast/board.h"

namespace arbiter::parity::fast {

// Plays White's and Black's moves, each one of submittable(b, colour)'s moves.
// Whether the game then goes on (a player without a move, repetition, fifty
// moves) is left to the next turn's generation and to perft (fast_perft.h).
void apply(Board& b, Move white, Move black);

}  // namespace arbiter::parity::fast
