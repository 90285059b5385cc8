#pragma once
// The moves a Zeitgeist player may write under zeitgeist.submission=pattern
// (the default): every move of a piece's pattern whatever stands on its path
// or target, pawns' diagonal moves onto any square, and castling by the usual
// conditions. Occupation decides only at resolution (resolve.h).
#include "model/variants/zeitgeist/fast/board.h"

namespace arbiter::zeitgeist::fast {

// Appends every move colour c may write to `out`.
void generate(const Board& b, Color c, MoveList& out);

// The number of moves colour c may write; always generate's count.
int count(const Board& b, Color c);

// Whether colour `by` attacks square s with the occupancy `occ`.
bool attacked(const Board& b, Square s, Color by, Bitboard occ);

// The kings attacked on the board (Board::attacked): a colour's bit
// (kWhiteChecked, kBlackChecked) when its king stands on the board and the
// other colour attacks it.
std::uint8_t attacked_kings(const Board& b);

}  // namespace arbiter::zeitgeist::fast
