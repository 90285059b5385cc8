#pragma once
// What an encoding offers the query runner: a symbolic situation (a position
// and the two submitted moves), its constraints, the clauses' proposals for
// each piece's fate and for the result, and a way to read a witness back.
#include <z3++.h>

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "model/core/position.h"
#include "smt/geometry.h"
#include "smt/smt.h"

namespace arbiter::smt {

// One clause's say on each piece: where its condition holds it proposes the
// piece's fate (removed, or standing on a square). With `traced`, the model
// names the clause in an event of that piece wherever it decides the piece's
// fate, and the replay of a witness checks that it does.
struct FateProposal {
  std::string clause;
  std::vector<z3::expr> cond, removed, f, r;
  bool traced = false;
};

// The result a clause proposes where its condition holds
// (0 ongoing, 1 White wins, 2 Black wins, 3 draw, 4 both lose).
struct ResultProposal {
  std::string clause;
  z3::expr cond, result;
};

inline constexpr int kOngoing = 0, kWhiteWins = 1, kBlackWins = 2, kDraw = 3, kBothLose = 4;

// A reading point the encoding covers: a variable (Boolean or integer) and
// the value that stands for each alternative.
struct ReadingParameter {
  std::string point;
  z3::expr var;
  std::vector<std::pair<std::string, z3::expr>> alternatives;  // name, value of var
  std::size_t default_index = 0;

  z3::expr is(std::size_t i) const { return var == alternatives[i].second; }
  z3::expr is_default() const { return is(default_index); }
  // The alternative a model of the solver chooses.
  std::string chosen(const z3::model& m) const {
    for (const auto& [name, value] : alternatives)
      if (z3::eq(m.eval(var == value, true), var.ctx().bool_val(true))) return name;
    return alternatives[default_index].first;
  }
};

// A clause that proposes no fate or result but whose condition the encoding
// states (a collision, a check after the step, a move the rules hold back):
// the dead-clause query asks whether it can hold. With `traced`, the model
// names the clause in its trace wherever the condition holds, and the replay
// of a witness checks that it does.
struct ClauseCondition {
  std::string clause;
  std::string says;  // the condition in words
  z3::expr cond;
  bool traced = true;
};

// An outcome worth a witness (three pieces meeting on a square, ...): found or
// proved absent, it is information for the rule author, not a finding.
struct NamedSearch {
  std::string id, question;
  z3::expr goal;
  bool any_readings = false;  // searched under any readings, not only the defaults
};

struct Encoding {
  virtual ~Encoding() = default;
  // Position valid, both moves legal, for the given reading parameters.
  z3::expr valid;
  z3::expr legal;
  std::vector<FateProposal> fates;
  std::vector<ResultProposal> results;
  std::vector<ReadingParameter> parameters;
  // The pieces before and after the step, and each player's move: the piece
  // (one selector per piece) and its destination.
  SymPosition before;
  std::vector<z3::expr> sel[2];
  std::vector<Square2> goes_to[2];
  std::vector<z3::expr> removed, ff, fr;
  // Where a piece may change its kind in the step (Extension::Promotion):
  // each piece's kind after it, and each player's promotion choice (the kind
  // the move names, or -1 for none). Empty: kinds never change.
  std::vector<z3::expr> fk, promotion;
  z3::expr result;
  // Clauses that are not proposals, with their conditions.
  std::vector<ClauseCondition> conditions;
  // Reading points the bound leaves out, with the reason.
  std::vector<std::pair<std::string, std::string>> not_encoded;
  // Clauses whose condition the encoding does not state, with the reason (a
  // special move or a history outside the bound, ...), and the extension of
  // the bound whose encoding states it, if any. With the proposals and the
  // conditions they cover the game's clause table.
  struct NotEncodedClause {
    std::string clause, why;
    Extension stated_by = Extension::None;
  };
  std::vector<NotEncodedClause> not_encoded_clauses;
  // Clauses that define a term, or introduce rules stated by other clauses,
  // with what they define: the encoding applies them in those rules.
  std::vector<std::pair<std::string, std::string>> definitions;
  // The variant's own named searches.
  std::vector<NamedSearch> named;

  // The witness a model of the solver stands for.
  virtual void read_witness(const z3::model& m, QueryResult& q) const = 0;
  // The situation's own state beyond the pieces and the moves (the checks of
  // the last turn, the pieces that just moved) fixed to a model position's,
  // piece i of the encoding being order[i].
  virtual z3::expr pin_state(const Position& pos, const std::vector<PieceId>& order) const {
    (void)pos;
    (void)order;
    return valid.ctx().bool_val(true);
  }

 protected:
  explicit Encoding(z3::context& c) : valid(c), legal(c), result(c) {}
};

// The symbolic situation every encoding starts from: `bound.pieces` pieces
// (on the board or not, colour, kind, square) and one move for each player
// (the piece, as one selector per piece, and its destination).
void declare_situation(z3::context& c, const Bound& b, SymPosition& before, std::vector<z3::expr> (&sel)[2],
                       std::vector<Square2> (&to)[2]);
// The constraints all encodings put on it: squares and kinds in range, pieces
// off the board in one canonical form, pawns where they cannot promote this
// step, one king of each colour, one piece moved by each player to a square on
// the board; with one_per_square, never two pieces on a square.
z3::expr situation_constraints(z3::context& c, const Bound& b, const SymPosition& before,
                               const std::vector<z3::expr> (&sel)[2], const std::vector<Square2> (&to)[2],
                               bool one_per_square);

// The witness as the encodings share it: the position (a shared square written
// [Xy], White's piece first) with `extra` FEN fields appended, the two moves,
// the readings in force, the predicted squares and result, and what the model
// must name in its trace: the clause of each traced proposal that decides a
// piece's fate, and the traced conditions that hold.
// `castling` is the FEN's castling field.
void read_standard_witness(const Encoding& e, const Bound& b, const z3::model& m, const std::vector<z3::expr> (&sel)[2],
                           const Square2 (&to)[2], const std::string& extra, QueryResult& q,
                           const std::string& castling = "-");

std::unique_ptr<Encoding> parity_encoding(z3::context& c, const Bound& bound, bool single);
std::unique_ptr<Encoding> zeitgeist_encoding(z3::context& c, const Bound& bound);
std::unique_ptr<Encoding> simulchess_encoding(z3::context& c, const Bound& bound);

}  // namespace arbiter::smt
