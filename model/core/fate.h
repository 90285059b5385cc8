#pragma once
// A piece's fate in a step as a rule proposes it, and the precedence between
// two rules that propose different fates for one piece.
//
// A resolver records, at each point where it decides what becomes of a piece
// in a contested situation (pieces meeting on a square, a path crossed, a
// capture whose target moves), every fate that every rule whose condition
// holds would give it, each named by its clause: not only the one it
// applies. Two proposals with different effects for one piece are a
// precedence question. The variant's precedence table says where the text
// answers it (a clause that states the order) or where a reading point
// carries it; any other such pair is a `conflict` finding (model/core/conflict.h).
// A contested piece no rule proposes a fate for is a `gap`.
#include <cstdint>
#include <span>
#include <string_view>

#include "model/core/geometry.h"
#include "model/core/piece_kind.h"
#include "model/core/position.h"

namespace arbiter {

enum class Fate : std::uint8_t {
  Stays,       // a piece that did not move keeps its square
  Lands,       // a moving piece ends on its target
  Returns,     // a moving piece goes back to where it started (bounces, is cancelled)
  StopsShort,  // a moving piece ends on a square before its target
  Removed,     // the piece leaves the board (captured, destroyed, removed)
};
std::string_view fate_name(Fate f);

struct Proposal {
  PieceId piece = kNoPiece;
  Fate fate = Fate::Stays;
  Square ends_on = kNoSquare;  // where the fate leaves the piece; kNoSquare if removed
  std::string_view clause;     // the clause whose condition holds
  // The resolver's round: proposals of one round are judged against each
  // other. A resolver that judges again once some pieces have bounced (and
  // the text says the bounced pieces are stationary from then on) starts a
  // new round; proposals of different rounds are not rivals.
  std::uint8_t round = 0;

  // Two proposals differ in effect if they leave the piece in different places.
  bool same_effect(const Proposal& o) const { return ends_on == o.ends_on; }
};

// A piece in a contested situation in some round: it must receive a proposal
// in that round, or no rule decides it.
struct Contest {
  PieceId piece = kNoPiece;
  Square square = kNoSquare;  // where the contest is
  std::uint8_t round = 0;
};

// Where `first` and `second` propose different fates for one piece, which
// prevails and what says so: `decided_by` is a clause id (the text states
// the order; `first` prevails) or a reading point id (its alternatives are
// the plausible precedences; the one in force decides).
struct Precedence {
  std::string_view first;
  std::string_view second;
  std::string_view decided_by;
  std::string_view why;  // one sentence: how the words decide, or why they do not
};
using PrecedenceTable = std::span<const Precedence>;

// The entry for a pair of clauses, in either order, or nullptr.
const Precedence* find_precedence(PrecedenceTable table, std::string_view a, std::string_view b);

}  // namespace arbiter
