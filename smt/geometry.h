#pragma once
// Chess geometry over symbolic pieces, for the encodings: where a piece may
// move or capture in a position, with paths. Squares are (file, rank) integer
// pairs; kinds are the orthodox kind ids.
#include <z3++.h>

#include <vector>

#include "smt/smt.h"

namespace arbiter::smt {

// A piece as the encoding sees it in one position.
struct SymPiece {
  z3::expr on, white, kind, f, r;
};
using SymPosition = std::vector<SymPiece>;

struct Square2 {
  z3::expr f, r;
};

z3::expr abs_of(const z3::expr& x);
z3::expr same_square(const SymPiece& p, const Square2& s);

// Whether piece j stands strictly between a and b on a rank, file or diagonal.
z3::expr strictly_between(const SymPiece& j, const Square2& a, const Square2& b);

// Whether nothing in `pos` (other than `self`) stands strictly between a and b.
z3::expr path_clear(const SymPosition& pos, int self, const Square2& a, const Square2& b);

// The move pattern of a kind from `from` to `to` (not pawns), with clear paths for riders.
z3::expr pattern(const SymPosition& pos, int self, const z3::expr& kind, const Square2& from, const Square2& to);

// Whether piece i of `pos` attacks square s (could capture there), pawns included.
z3::expr attacks(const SymPosition& pos, int i, const Square2& s);

// Whether some piece of `pos` stands on s; one of the given colour.
z3::expr any_on(const SymPosition& pos, const Square2& s);
z3::expr colour_on(const SymPosition& pos, const Square2& s, const z3::expr& white);

// Whether piece i may go to `to` by the orthodox piece rules on the board as
// it stands (the piece's colour and a friendly target left to the caller): a
// pawn one step forward to an empty square, two from its start row (rank 1
// for White, ranks - 2 for Black) through empty ones, or diagonally onto a
// piece of the other colour; the others by their pattern with a clear path.
z3::expr piece_rule_move(const SymPosition& pos, int i, bool white_side, const Square2& to, int ranks);

}  // namespace arbiter::smt
