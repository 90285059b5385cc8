#pragma once
// Legal move generation, move making and perft over the fast Board.
// Every function requires a Board that satisfies the invariants listed in
// board.h (any Board from parse_fen, or reached from one by legal moves).
#include <cstdint>

#include "model/variants/orthodox/fast/board.h"

namespace arbiter::orthodox::fast {

// Appends every legal move of the side to move to `out`.
void generate_legal(const Board& b, MoveList& out);

// The number of legal moves, without listing them. Always equals the size of
// generate_legal's list: both run the same generator with a different sink.
int count_legal(const Board& b);

// Plays `m`, which must be one of generate_legal(b)'s moves.
void make_move(Board& b, Move m);

// Whether the side to move is in check.
bool in_check(const Board& b);

// Whether the side to move attacks the other king (which would make the
// position unreachable: the previous move left its own king in check).
bool opponent_in_check(const Board& b);

// Leaf count of the legal move tree to `depth` (>= 1) plies, counting the last
// ply in bulk with count_legal instead of making its moves.
std::uint64_t perft_count(const Board& b, int depth);

}  // namespace arbiter::orthodox::fast
