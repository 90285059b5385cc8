#include "smt/geometry.h"

#include "model/variants/orthodox/orthodox.h"

namespace arbiter::smt {

using orthodox::kBishop;
using orthodox::kKing;
using orthodox::kKnight;
using orthodox::kPawn;
using orthodox::kQueen;
using orthodox::kRook;

z3::expr abs_of(const z3::expr& x) { return z3::ite(x >= 0, x, -x); }

z3::expr same_square(const SymPiece& p, const Square2& s) { return p.on && p.f == s.f && p.r == s.r; }

z3::expr strictly_between(const SymPiece& j, const Square2& a, const Square2& b) {
  z3::expr lo_f = z3::ite(a.f < b.f, a.f, b.f), hi_f = z3::ite(a.f < b.f, b.f, a.f);
  z3::expr lo_r = z3::ite(a.r < b.r, a.r, b.r), hi_r = z3::ite(a.r < b.r, b.r, a.r);
  z3::expr on_rank = a.r == b.r && j.r == a.r && lo_f < j.f && j.f < hi_f;
  z3::expr on_file = a.f == b.f && j.f == a.f && lo_r < j.r && j.r < hi_r;
  z3::expr dx = b.f - a.f, dy = b.r - a.r;
  z3::expr main_diag = dx == dy && (j.f - a.f) == (j.r - a.r) && lo_f < j.f && j.f < hi_f;
  z3::expr anti_diag = dx == -dy && (j.f - a.f) == -(j.r - a.r) && lo_f < j.f && j.f < hi_f;
  return j.on && (on_rank || on_file || main_diag || anti_diag);
}

z3::expr path_clear(const SymPosition& pos, int self, const Square2& a, const Square2& b) {
  z3::expr clear = pos[self].on.ctx().bool_val(true);
  for (int j = 0; j < static_cast<int>(pos.size()); ++j)
    if (j != self) clear = clear && !strictly_between(pos[j], a, b);
  return clear;
}

z3::expr pattern(const SymPosition& pos, int self, const z3::expr& kind, const Square2& from, const Square2& to) {
  z3::expr dx = to.f - from.f, dy = to.r - from.r;
  z3::expr ax = abs_of(dx), ay = abs_of(dy);
  z3::expr moved = ax + ay > 0;
  z3::expr straight = (dx == 0) != (dy == 0);
  z3::expr diagonal = ax == ay && ax > 0;
  z3::expr clear = path_clear(pos, self, from, to);
  return moved && ((kind == kKing && ax <= 1 && ay <= 1) || (kind == kKnight && ((ax == 1 && ay == 2) || (ax == 2 && ay == 1))) ||
                   (kind == kRook && straight && clear) || (kind == kBishop && diagonal && clear) ||
                   (kind == kQueen && (straight || diagonal) && clear));
}

z3::expr attacks(const SymPosition& pos, int i, const Square2& s) {
  const SymPiece& p = pos[i];
  Square2 from{p.f, p.r};
  z3::expr forward = z3::ite(p.white, p.on.ctx().int_val(1), p.on.ctx().int_val(-1));
  z3::expr pawn = p.kind == kPawn && abs_of(s.f - p.f) == 1 && s.r - p.r == forward;
  return p.on && !(p.f == s.f && p.r == s.r) && (pawn || (p.kind != kPawn && pattern(pos, i, p.kind, from, s)));
}

z3::expr any_on(const SymPosition& pos, const Square2& s) {
  z3::expr e = s.f.ctx().bool_val(false);
  for (const SymPiece& p : pos) e = e || same_square(p, s);
  return e;
}

z3::expr colour_on(const SymPosition& pos, const Square2& s, const z3::expr& white) {
  z3::expr e = s.f.ctx().bool_val(false);
  for (const SymPiece& p : pos) e = e || (same_square(p, s) && p.white == white);
  return e;
}

z3::expr piece_rule_move(const SymPosition& pos, int i, bool white_side, const Square2& to, int ranks) {
  z3::context& c = to.f.ctx();
  const SymPiece& p = pos[i];
  z3::expr dx = to.f - p.f, dy = to.r - p.r;
  z3::expr forward = c.int_val(white_side ? 1 : -1);
  Square2 middle{p.f, p.r + forward};
  z3::expr pawn = (dx == 0 && dy == forward && !any_on(pos, to)) ||
                  (dx == 0 && dy == 2 * forward && p.r == (white_side ? 1 : ranks - 2) && !any_on(pos, middle) &&
                   !any_on(pos, to)) ||
                  (abs_of(dx) == 1 && dy == forward && colour_on(pos, to, c.bool_val(!white_side)));
  return z3::ite(p.kind == kPawn, pawn, pattern(pos, i, p.kind, Square2{p.f, p.r}, to));
}

}  // namespace arbiter::smt
