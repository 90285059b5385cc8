#pragma once
// Joint perft over the fast Board (what the path covers: board.h).
#include <cstdint>

#include "model/variants/zeitgeist/fast/board.h"

namespace arbiter::zeitgeist::fast {

// Joint-action sequences of this depth, as Variant::perft counts them
// (model/core/game.cpp): 1 at depth 0, 0 for a finished game, and at depth 1
// the product of the two players' move counts, counted without listing them.
std::uint64_t perft(const Board& b, int depth);

}  // namespace arbiter::zeitgeist::fast
