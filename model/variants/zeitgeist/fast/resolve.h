#pragma once
// A joint action played by copy-make: the two written moves resolved by the
// placement rules (zeitgeist.collision.*, zeitgeist.pawn.bounce,
// zeitgeist.blocked.*), then every field the next turn reads: castling rights,
// en passant squares, the clocks, the check history and the result.
#include "model/variants/zeitgeist/fast/board.h"

namespace arbiter::zeitgeist::fast {

// Plays White's and Black's written moves on `b`; each must be one of
// generate(b, colour)'s moves and the game must not be over.
void apply(Board& b, Move white, Move black);

}  // namespace arbiter::zeitgeist::fast
