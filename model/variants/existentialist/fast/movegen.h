#pragma once
// Legal move generation, move making and attack tests over the fast Board.
// Every function requires a Board that satisfies the invariants listed in
// board.h (any Board from from_position, or reached from one by legal moves).
#include "model/variants/existentialist/fast/board.h"

namespace arbiter::existentialist::fast {

// Appends every legal move of the side to move to `out`.
void generate_legal(const Board& b, MoveList& out);

// The number of legal moves, without listing them. Always equals the size of
// generate_legal's list: both run the same generator with a different sink.
int count_legal(const Board& b);

// Plays `m`, which must be one of generate_legal(b)'s moves.
void make_move(Board& b, Move m);

// The pieces of colour `by` that attack square s, with occupancy `occ` (which
// may differ from the board's, to test a square with pieces moved).
Bitboard attackers_to(const Board& b, Square s, Bitboard occ, Color by);

// Whether the side not to move is in check (the previous move would have left
// its own king attacked: no position the rules reach).
bool opponent_in_check(const Board& b);

}  // namespace arbiter::existentialist::fast
