#pragma once
// The colour mirror: the board flipped rank-wise with the colours swapped.
// Where a variant's rules are symmetric, resolving the mirrored step gives the
// mirror of the result (a law the property suite checks).
#include <string>

#include "model/core/game.h"

namespace arbiter {

// The mirrored position: pieces on mirrored squares with swapped colours,
// castling rights swapped, the en passant square mirrored, the side to move
// swapped in alternating games (`swap_side`). Variant fields are left to the
// caller.
Position mirror_position(const Position& pos, bool swap_side);

// The move on mirrored squares; squares it does not name stay unnamed and its
// action code is kept.
Move mirror_move(const BoardShape& shape, const Move& m);
Role mirror_role(Role r);
// A list of squares written "e3,d6" mirrored square by square.
std::string mirror_square_list(const BoardShape& shape, const std::string& list);
// "w" <-> "b" in a string of colour letters (e.g. "checks=wb"), and
// white_wins <-> black_wins.
std::string mirror_colour_letters(const std::string& s);
Result mirror_result(Result r);

}  // namespace arbiter
