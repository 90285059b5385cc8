#pragma once
// Joint perft of Parity Chess and Parity Chess with Single Occupation on the
// fast Board, with the reference's conventions (Variant::perft in
// model/core/game.cpp): the last ply counted in bulk (|White's moves| x
// |Black's moves|), a finished game counting 0 at any depth from 1, the start
// state taken as it is (the reference settles only the states a step gives).
#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "model/variants/parity/fast/convert.h"

namespace arbiter::parity::fast {

// Whether the game ended at the start of the turn by a rule other than a
// player having no move (which generation finds): a king captured
// (parity.check.immediate), the third occurrence of the position
// (parity.draw.repetition) or fifty turns without a pawn move or capture
// (parity.draw_claims=claimed). `history` ends with the keys of the earlier
// positions, the last b.reversible of which count.
bool ended_by_rule(const Board& b, std::span<const Key> history);

std::uint64_t perft(const Root& root, int depth, bool single);

// The count below each joint action, keyed "WHITE:BLACK" in coordinates,
// sorted.
std::vector<std::pair<std::string, std::uint64_t>> divide(const Root& root, int depth, bool single);

}  // namespace arbiter::parity::fast
