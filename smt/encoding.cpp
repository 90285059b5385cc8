#include "smt/encoding.h"

#include <cctype>

#include "model/core/geometry.h"
#include "model/variants/orthodox/orthodox.h"

namespace arbiter::smt {

void declare_situation(z3::context& c, const Bound& b, SymPosition& before, std::vector<z3::expr> (&sel)[2],
                       std::vector<Square2> (&to)[2]) {
  for (int i = 0; i < b.pieces; ++i) {
    std::string k = std::to_string(i);
    before.push_back({c.bool_const(("on" + k).c_str()), c.bool_const(("white" + k).c_str()),
                      c.int_const(("kind" + k).c_str()), c.int_const(("f" + k).c_str()), c.int_const(("r" + k).c_str())});
  }
  for (int s = 0; s < 2; ++s) {
    std::string side = s == 0 ? "w" : "b";
    for (int i = 0; i < b.pieces; ++i) sel[s].push_back(c.bool_const(("sel" + side + std::to_string(i)).c_str()));
    to[s].push_back(Square2{c.int_const(("tf" + side).c_str()), c.int_const(("tr" + side).c_str())});
  }
}

z3::expr situation_constraints(z3::context& c, const Bound& b, const SymPosition& before,
                               const std::vector<z3::expr> (&sel)[2], const std::vector<Square2> (&to)[2],
                               bool one_per_square) {
  using orthodox::kKing;
  using orthodox::kPawn;
  int n = b.pieces;
  z3::expr v = c.bool_val(true);
  for (int i = 0; i < n; ++i) {
    const SymPiece& p = before[i];
    v = v && p.kind >= 0 && p.kind <= 5;
    v = v && z3::implies(p.on, p.f >= 0 && p.f < b.files && p.r >= 0 && p.r < b.ranks);
    v = v && z3::implies(!p.on, p.f == 0 && p.r == 0 && p.kind == 0 && !p.white);
    v = v && z3::implies(p.on && p.kind == kPawn && p.white, p.r >= 1 && p.r <= b.ranks - 3);
    v = v && z3::implies(p.on && p.kind == kPawn && !p.white, p.r >= 2 && p.r <= b.ranks - 2);
    if (one_per_square)
      for (int j = i + 1; j < n; ++j) v = v && !(p.on && before[j].on && p.f == before[j].f && p.r == before[j].r);
  }
  for (bool white : {true, false}) {
    z3::expr_vector kings(c);
    for (int i = 0; i < n; ++i) kings.push_back(before[i].on && before[i].kind == kKing && before[i].white == c.bool_val(white));
    v = v && z3::atleast(kings, 1) && z3::atmost(kings, 1);
  }
  for (int s = 0; s < 2; ++s) {
    z3::expr_vector sels(c);
    for (int i = 0; i < n; ++i) sels.push_back(sel[s][i]);
    v = v && z3::atleast(sels, 1) && z3::atmost(sels, 1);
    v = v && to[s][0].f >= 0 && to[s][0].f < b.files && to[s][0].r >= 0 && to[s][0].r < b.ranks;
  }
  return v;
}

void read_standard_witness(const Encoding& e, const Bound& b, const z3::model& m, const std::vector<z3::expr> (&sel)[2],
                           const Square2 (&to)[2], const std::string& extra, QueryResult& q,
                           const std::string& castling) {
  int n = b.pieces;
  BoardShape shape{b.files, b.ranks};
  auto ival = [&](const z3::expr& x) { return m.eval(x, true).get_numeral_int(); };
  auto bval = [&](const z3::expr& x) { return m.eval(x, true).is_true(); };
  const char* letters = "KQRBNP";
  auto letter_of = [&](int i, const z3::expr& kind) {
    char l = letters[ival(kind)];
    return std::string(1, bval(e.before[i].white) ? l : static_cast<char>(std::tolower(l)));
  };
  auto letter = [&](int i) { return letter_of(i, e.before[i].kind); };
  // The position: a shared square is written [Xy], White's piece first.
  std::vector<std::vector<std::string>> board(shape.size());
  for (int i = 0; i < n; ++i) {
    if (!bval(e.before[i].on)) continue;
    auto& here = board[shape.square(ival(e.before[i].f), ival(e.before[i].r))];
    if (bval(e.before[i].white)) here.insert(here.begin(), letter(i));
    else here.push_back(letter(i));
  }
  std::string fen;
  for (int r = shape.ranks - 1; r >= 0; --r) {
    int empty = 0;
    for (int f = 0; f < shape.files; ++f) {
      const auto& here = board[shape.square(f, r)];
      if (here.empty()) {
        ++empty;
        continue;
      }
      if (empty) fen += std::to_string(empty);
      empty = 0;
      if (here.size() == 1) fen += here[0];
      else fen += "[" + here[0] + here[1] + "]";
    }
    if (empty) fen += std::to_string(empty);
    if (r) fen += "/";
  }
  q.fen = fen + " w " + castling + " - 0 1" + extra;
  for (int s = 0; s < 2; ++s) {
    std::string move;
    for (int i = 0; i < n; ++i)
      if (bval(sel[s][i]))
        move = square_name(shape, shape.square(ival(e.before[i].f), ival(e.before[i].r))) +
               square_name(shape, shape.square(ival(to[s].f), ival(to[s].r)));
    if (!e.promotion.empty() && ival(e.promotion[s]) >= 0)
      move += static_cast<char>(std::tolower(letters[ival(e.promotion[s])]));
    (s == 0 ? q.white : q.black) = move;
  }
  q.readings.clear();
  for (const ReadingParameter& p : e.parameters) q.readings.push_back(p.point + "=" + p.chosen(m));
  // What the encoding predicts: every occupied square after the step, and the result.
  q.predicted_squares.clear();
  std::map<std::string, std::pair<std::string, std::string>> after;  // White's part, Black's part
  for (int i = 0; i < n; ++i) {
    if (!bval(e.before[i].on) || bval(e.removed[i])) continue;
    std::string sq = square_name(shape, shape.square(ival(e.ff[i]), ival(e.fr[i])));
    std::string now = e.fk.empty() ? letter(i) : letter_of(i, e.fk[i]);
    (bval(e.before[i].white) ? after[sq].first : after[sq].second) += now;
  }
  for (const auto& [sq, parts] : after) q.predicted_squares[sq] = parts.first + parts.second;
  static const char* names[] = {"ongoing", "white_wins", "black_wins", "draw", "both_lose"};
  q.predicted_result = names[ival(e.result)];
  // What the model must name: the clause of the first proposal that decides
  // each piece (where the model traces it), and the conditions that hold.
  q.predicted_clauses.clear();
  for (int i = 0; i < n; ++i) {
    if (!bval(e.before[i].on)) continue;
    for (const FateProposal& p : e.fates) {
      if (!bval(p.cond[i])) continue;
      if (p.traced) q.predicted_clauses[square_name(shape, shape.square(ival(e.before[i].f), ival(e.before[i].r)))] = p.clause;
      break;
    }
  }
  q.predicted_fired.clear();
  for (const ClauseCondition& c : e.conditions)
    if (c.traced && bval(c.cond)) q.predicted_fired.push_back(c.clause);
}

}  // namespace arbiter::smt
