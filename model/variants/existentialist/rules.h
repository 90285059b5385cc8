#pragma once
// The rules code of Existentialist Chess: every piece's moves (the data pieces
// of movegen.h and the pieces whose moves are code), the spells, check and
// legality, and the effect of a move. One commented block per rule sentence,
// citing its clause id; every place the text leaves open asks a reading point
// through Rules::alt, which records the consultation when a trace is given.
//
// Move notation (docs/existentialist.md, docs/moves.md): coordinates as
// everywhere, with
// - an arrow: the shooting piece's square, the target's square and the
//   archer's code, `d2d4a` (the archer never moves);
// - a confabulation: the archer's or zednick's move into its partner's
//   square, `f2f1`; a three-square shield: the zednick's move into the
//   teleporter next to it with the shield's code, `e2d2(sh)`;
// - a shield move: the lowest square of the shield (a1 first, then b1 ...,
//   a2 ...) and where that square goes, `d2d3`;
// - a teleport and the existentialist's first and fifth moves: from and to;
// - a king capturing the intruder on its own square: `f5f5`;
// - the explosion after the existentialist's twentieth move is part of that
//   move and has no notation of its own.
#include <optional>
#include <vector>

#include "model/core/game.h"
#include "model/variants/existentialist/clauses.h"
#include "model/variants/existentialist/state.h"

namespace arbiter::existentialist {

// The readings in force, and the trace that records what they were asked.
struct Rules {
  const Readings* readings;
  Trace* trace = nullptr;  // null: consultations are not recorded

  std::string_view alt(std::string_view point) const;
  void fire(std::string_view clause) const {
    if (trace) trace->fire(clause);
  }
};

// The legal moves of the side to move (empty once a king is dead).
std::vector<Move> legal_moves(const Position& pos, const Rules& rules);
// The same moves, written over out (whose room is kept): for the loops that
// list moves at every step (actions_into), which then allocate nothing once
// the buffer has grown.
void legal_moves(const Position& pos, const Rules& rules, std::vector<Move>& out);
// Whether this move is one of them; when rules has a trace, the reading
// points its legality depended on are recorded.
bool is_legal(const Position& pos, const Move& m, const Rules& rules);
// The legal move with these coordinates (its flags as the rules in force
// give them), if there is one.
std::optional<Move> legal_match(const Position& pos, const Move& m, const Rules& rules);
// Whether the side to move has a legal move (stops at the first).
bool has_legal_move(const Position& pos, const Rules& rules);

// What a move did beyond the position: the kings the blast killed.
struct Played {
  bool king_killed[kColors] = {false, false};
};
// Plays a move of the side to move (pseudo-legal; not checked), recording
// clauses and events in rules.trace.
Played play(Position& pos, const Move& m, const Rules& rules);

// Whether the king of colour c is in check: attacked by a piece of the other
// side that may move on its next turn, or sharing its square with the enemy
// piece that has just killed its archer.
bool in_check(const Position& pos, Color c, const Rules& rules);
// Whether an enemy piece could take square `target` (held by colour c's
// piece) on its next turn; arrows_only: by arrows and the blast alone.
bool attacked(const Position& pos, Square target, Color c, const Rules& rules,
              bool arrows_only = false);

// Whether a piece is immobilized by a hyena (existentialist.hyena.freezes_adjacent_enemies).
bool frozen(const Position& pos, const Piece& piece);

}  // namespace arbiter::existentialist
