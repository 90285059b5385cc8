#pragma once
// Pseudo-legal moves of Existentialist Chess pieces whose movement is data
// (pieces.h): what their movements reach on the board as it stands, with the
// text's rules on what may be captured. Not here yet, and so generating no
// moves: the dazzler, the teleporter, the adventurist, shields, the
// existentialist's moves 1 and 5, confabulation and confabulated pieces,
// arrows, castling and en passant; nor the spells (dazzled, immobilized by a
// hyena, a hyena's forced move) and the legality filter (check, the king/archer).
#include <optional>
#include <span>

#include "model/core/fixed_vector.h"
#include "model/core/move.h"
#include "model/core/position.h"

namespace arbiter::existentialist {

// Whether an ordinary capture by a piece of colour `by` may take what stands on
// s: only enemy pieces, and none the text makes uncapturable (hyena
// existentialist.hyena.uncapturable, yanzee existentialist.yanzee.uncapturable,
// shield existentialist.shield.uncapturable, a hibernating existentialist
// existentialist.hibernation.impervious, a piece made invulnerable by its own
// dazzler existentialist.dazzler.jumped_friend_invulnerable). A square shared
// by a king and an intruder is left to the king/archer rules.
bool capturable(const Position& pos, Square s, Color by);

// A set of movements, held in place: move generation asks for a piece's set
// every time it generates the piece's moves. The most a set data_movements
// gives holds is four (the existentialist's tenth move: a queen's two lines
// and two leaps); a kind's own, three at most (the crowned knight's).
using Movements = FixedVector<Movement, 4>;

// The movements a piece uses on its next move where they are data: the kind's
// own, or the set code chooses (a schizzy by its file, a bobber by its range,
// an existentialist by its next move number). nullopt where its moves are not
// covered here (see above), or where it cannot move at all by its state (a
// hibernating existentialist: an empty set).
std::optional<Movements> data_movements(const Position& pos, const Piece& piece);
// Whether data_movements gives a piece of this kind its kind's own
// movements, unchanged.
bool moves_as_its_kind(KindId kind);

// Whether the piece on its own (not confabulated) has its moves generated here.
bool covered(const Position& pos, const Piece& piece);

// The pseudo-legal moves of a covered piece: its data movements, and for a
// pawn its double step from its own third rank and its promotions on the last
// rank (every promotion kind; existentialist.promotion_optional at its default).
void pseudo_moves(const Position& pos, const Piece& piece, MoveList& out);

}  // namespace arbiter::existentialist
