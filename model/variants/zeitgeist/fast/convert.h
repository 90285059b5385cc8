#pragma once
// Between the reference State and the fast Board, and between their moves.
#include <optional>

#include "model/core/game.h"
#include "model/variants/zeitgeist/fast/board.h"

namespace arbiter::zeitgeist::fast {

// The fast Board of a Zeitgeist state, or nullopt for a state it does not
// model: not 8x8 with the orthodox pieces, a square with several pieces, a
// piece with state, more than 16 pieces a side, variant fields
// other than ep=, checks= and result= or written otherwise than apply writes
// them (more than one ep= square a side), a FEN en passant field; and while
// the game goes on, not one king a side or a castling right whose king and
// rook are not at home.
std::optional<Board> from_state(const State& s);

// The reference State of a fast Board (for the tests, and for handing a
// position to the reference). A finished game's outcome carries its result;
// its reason reads "recorded", as a parsed finished state's does.
State to_state(const Board& b);

// The reference's move for a fast move code.
arbiter::Move reference_move(Move m);

}  // namespace arbiter::zeitgeist::fast
