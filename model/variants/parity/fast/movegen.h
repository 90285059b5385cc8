#pragma once
// The moves a player may submit on the fast Board: the same set as the
// reference's Variant::actions(s, role) (model/variants/parity/rules.cpp)
// under the default readings.
#include "model/variants/parity/fast/board.h"

namespace arbiter::parity::fast {

// Appends every move colour c may submit to `out`; `single` selects Parity
// Chess with Single Occupation (parity.single.must_vacate).
void submittable(const Board& b, Color c, bool single, MoveList& out);

// The pieces of colour `by` on the squares of `allowed` that attack s when the
// board's occupancy is `occ`.
Bitboard attackers(const Board& b, Square s, Bitboard occ, Color by, Bitboard allowed);

// parity.check.immediate: the king of colour c stands alone and an enemy piece
// free to move (not just moved) attacks it; a king sharing its square is
// sheltered (parity.king.shared_square_shelter).
bool in_immediate_check(const Board& b, Color c);

}  // namespace arbiter::parity::fast
