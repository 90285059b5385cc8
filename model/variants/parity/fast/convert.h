#pragma once
// Between the reference State (model/variants/parity) and the fast Board.
#include <optional>
#include <string>
#include <vector>

#include "model/core/game.h"
#include "model/variants/parity/fast/board.h"

namespace arbiter::parity::fast {

// A state the fast path starts from: the board and the repetition keys of the
// reference state's history (parity.draw.repetition), oldest first.
struct Root {
  Board board;
  std::vector<Key> history;
};

// The fast form of a reference state of Parity Chess (`single` false) or
// Parity Chess with Single Occupation, or nullopt for what the path does not
// model: a finished game; a board other than 8x8 or pieces that are not the
// orthodox six, or that carry per-piece state; not one king of each colour;
// two pieces of one colour on a square or more than two on one; a pawn on the
// first or last rank; several shared squares under Single Occupation; variant
// fields other than justmoved= and ep=, or those not in the form the
// reference writes (square names in sorted order; ep= squares on the third or
// sixth rank, one each at most); a history key it cannot read back exactly.
std::optional<Root> from_state(const State& s, bool single);

// The reference state of a board (history empty, game ongoing), pieces on a
// shared square White first as the reference orders them.
State to_state(const Board& b);

// The reference's repetition key of a board's position
// (orthodox::repetition_key and the just-moved list, as parity.cpp builds it).
std::string key_text(const Board& b);

// A fast move as the reference writes it (with its flags).
arbiter::Move to_reference(Move m);

}  // namespace arbiter::parity::fast
