// Parity Chess and Parity Chess with Single Occupation, one step, for Z3.
// The bound: `pieces` pieces (one king of each colour among them) on the
// board, no castling, en passant or promotion. Per piece: whether it is on the
// board, its colour, kind and square, and whether it just moved. Per player:
// the piece moved and its destination.
#include <fmt/format.h>

#include "model/core/geometry.h"
#include "model/variants/orthodox/orthodox.h"
#include "model/variants/parity/clauses.h"
#include "model/variants/parity/parity.h"
#include "smt/encoding.h"

namespace arbiter::smt {

namespace {

using orthodox::kKing;
using orthodox::kPawn;
namespace clause = parity::clause;
namespace reading = parity::reading;

class ParityEncoding final : public Encoding {
 public:
  ParityEncoding(z3::context& c, const Bound& b, bool single) : Encoding(c), c_(c), b_(b), single_(single) {
    declare_situation(c, b, before, sel, goes_to);
    for (int i = 0; i < b.pieces; ++i) jm_.push_back(c.bool_const(("jm" + std::to_string(i)).c_str()));
    // A second destination for each player, for the conditions of the
    // submission rules: a move the piece's pattern allows that a rule holds back.
    for (std::string side : {"w", "b"})
      alt_.push_back(Square2{c.int_const(("altf" + side).c_str()), c.int_const(("altr" + side).c_str())});
    // Single Occupation's rule 3 decides parity.king_into_attack: forbidden.
    if (!single_)
      parameters.push_back({std::string(reading::kKingIntoAttack), c.bool_const("king_into_attack"),
                            {{"forbidden", c.bool_val(false)}, {"allowed", c.bool_val(true)}}, 0});
    if (b.extension == Extension::EnPassant)
      for (std::string side : {"w", "b"}) {
        ep_has_.push_back(c.bool_const(("ep" + side).c_str()));
        ep_file_.push_back(c.int_const(("epfile" + side).c_str()));
      }
    if (b.extension == Extension::Repetition) earlier_ = c.int_const("earlier");
    build_valid();
    legal = legal_move(0) && legal_move(1);
    build_fates();
    not_encoded = {
        {std::string(reading::kStalemate), "a result at the start of a turn: the bound encodes one step, not every move a player has"},
        {std::string(reading::kDrawClaims), "a result at the start of a turn, from the move counter and the history (the repetition extension plays the default, claimed)"},
        {std::string(reading::kCastleAttacks), "the bound has no castling"},
        {std::string(reading::kRefusedMove), "the encoding submits only the moves the readings in force allow"},
    };
    // Single Occupation has no parity.en_passant_shared: the case cannot arise there.
    if (!single_) not_encoded.push_back({std::string(reading::kEnPassantShared), "the bound has no en passant"});
    definitions = {
        {std::string(clause::kOnePiece),
         "what a submission is: one move of one piece, never a null move; every situation of the encoding has that form"},
    };
    not_encoded_clauses = {
        {std::string(clause::kEnPassantNext), "the bound has no en passant", Extension::EnPassant},
        {std::string(clause::kRepetition), "a result over several turns (threefold repetition): the bound has no history",
         Extension::Repetition},
    };
    build_conditions();
  }

  void read_witness(const z3::model& m, QueryResult& q) const override {
    // justmoved= lists the squares of the pieces that just moved.
    BoardShape shape{b_.files, b_.ranks};
    std::vector<std::string> just;
    for (int i = 0; i < b_.pieces; ++i)
      if (m.eval(before[i].on, true).is_true() && m.eval(jm_[i], true).is_true())
        just.push_back(square_name(shape, shape.square(m.eval(before[i].f, true).get_numeral_int(),
                                                       m.eval(before[i].r, true).get_numeral_int())));
    std::sort(just.begin(), just.end());
    just.erase(std::unique(just.begin(), just.end()), just.end());
    std::string extra;
    for (const std::string& sq : just) extra += (extra.empty() ? " justmoved=" : ",") + sq;
    if (b_.extension == Extension::EnPassant) {
      std::vector<std::string> ep;
      for (int s = 0; s < 2; ++s)
        if (m.eval(ep_has_[s], true).is_true())
          ep.push_back(square_name(shape, shape.square(m.eval(ep_file_[s], true).get_numeral_int(), ep_rank(s))));
      std::sort(ep.begin(), ep.end());
      for (const std::string& sq : ep) extra += (sq == ep.front() ? " ep=" : ",") + sq;
    }
    if (b_.extension == Extension::Repetition) q.earlier_occurrences = m.eval(earlier_, true).get_numeral_int();
    Square2 to[2] = {goes_to[0][0], goes_to[1][0]};
    read_standard_witness(*this, b_, m, sel, to, extra, q);
  }

  z3::expr pin_state(const Position& pos, const std::vector<PieceId>& order) const override {
    z3::expr pinned = t();
    for (std::size_t i = 0; i < order.size(); ++i) {
      const Piece& p = pos.piece(order[i]);
      pinned = pinned && jm_[i] == c_.bool_val(parity::just_moved(pos, p.square, p.color));
    }
    return pinned;
  }

 private:
  z3::expr t() const { return c_.bool_val(true); }
  z3::expr fl() const { return c_.bool_val(false); }
  int n() const { return b_.pieces; }

  z3::expr at(int j, const Square2& s) const { return same_square(before[j], s); }
  z3::expr colour_on(const Square2& s, const z3::expr& white) const { return smt::colour_on(before, s, white); }
  z3::expr shared(int i) const { return shared_in(before, i); }

  // A valid position: squares on the board, one king each, pawns off their
  // first and last two ranks (no promotion in the bound), at most two pieces of
  // opposite colours on a square (never two kings), at most one piece of each
  // colour that just moved, and both pieces of a shared square alike in it.
  void build_valid() {
    z3::expr v = situation_constraints(c_, b_, before, sel, goes_to, false);
    for (int i = 0; i < n(); ++i) {
      const SymPiece& p = before[i];
      for (int j = i + 1; j < n(); ++j) {
        const SymPiece& q = before[j];
        z3::expr same = p.on && q.on && p.f == q.f && p.r == q.r;
        v = v && z3::implies(same, p.white != q.white && !(p.kind == kKing && q.kind == kKing) && jm_[i] == jm_[j]);
        v = v && z3::implies(p.on && q.on && p.white == q.white, !(jm_[i] && jm_[j]));
        for (int k = j + 1; k < n(); ++k)
          v = v && !(same && before[k].on && before[k].f == p.f && before[k].r == p.r);
        // Single Occupation: at most one shared square (two disjoint pairs never both share).
        if (single_)
          for (int k = i + 1; k < n(); ++k)
            for (int l = k + 1; l < n(); ++l) {
              if (k == j || l == j) continue;
              const SymPiece& a = before[k];
              const SymPiece& b = before[l];
              v = v && !(same && a.on && b.on && a.f == b.f && a.r == b.r);
            }
      }
    }
    for (int i = 0; i < n(); ++i) v = v && z3::implies(!before[i].on, !jm_[i]);
    if (b_.extension == Extension::EnPassant) {
      // An en passant square: the enemy pawn that passed it stands beyond it,
      // alone (parity.en_passant_shared, not encoded, asks about a shared
      // one), having just moved; the square it passed and the one it left are
      // empty. No pawn double-steps in the step, so the position it leaves
      // offers no en passant capture to the results judged on it.
      for (int s = 0; s < 2; ++s) {
        Square2 passed = ep_square(s);
        Square2 left{ep_file_[s], c_.int_val(s == 0 ? b_.ranks - 2 : 1)};
        z3::expr victim = fl();
        for (int j = 0; j < n(); ++j) victim = victim || (ep_victim(s, j) && jm_[j] && !shared(j));
        v = v && z3::implies(ep_has_[s], ep_file_[s] >= 0 && ep_file_[s] < b_.files && !any_on(before, passed) &&
                                             !any_on(before, left) && victim);
        v = v && z3::implies(!ep_has_[s], ep_file_[s] == 0);
        for (int i = 0; i < n(); ++i)
          v = v && !(sel[s][i] && before[i].kind == kPawn && abs_of(goes_to[s][0].r - before[i].r) == 2);
      }
    }
    if (b_.extension == Extension::Repetition) v = v && earlier_ >= 0 && earlier_ <= 2;
    valid = v;
  }

  // Whether piece i of `pos` shares its square.
  z3::expr shared_in(const SymPosition& pos, int i) const {
    z3::expr e = fl();
    for (int j = 0; j < n(); ++j)
      if (j != i) e = e || (pos[j].on && pos[i].on && pos[j].f == pos[i].f && pos[j].r == pos[i].r);
    return e;
  }

  // Extension::EnPassant: the rank of the square side s may take en passant
  // onto, the square, whether piece j is the enemy pawn beyond it, and whether
  // piece i of side s takes en passant on dest (parity.en_passant.next_move):
  // a pawn not on a shared square (a piece leaving one may not capture), one
  // step diagonally forward onto the listed square.
  int ep_rank(int s) const { return s == 0 ? b_.ranks - 3 : 2; }
  Square2 ep_square(int s) const { return {ep_file_[s], c_.int_val(ep_rank(s))}; }
  z3::expr ep_victim(int s, int j) const {
    return before[j].on && before[j].kind == kPawn && before[j].white == c_.bool_val(s != 0) &&
           same_square(before[j], Square2{ep_file_[s], c_.int_val(s == 0 ? b_.ranks - 4 : 3)});
  }
  z3::expr ep_capture(int s, int i, const Square2& dest) const {
    if (b_.extension != Extension::EnPassant) return fl();
    const SymPiece& p = before[i];
    return ep_has_[s] && p.on && p.kind == kPawn && p.white == c_.bool_val(s == 0) && !shared(i) &&
           dest.f == ep_file_[s] && dest.r == ep_rank(s) && abs_of(dest.f - p.f) == 1 && dest.r - p.r == (s == 0 ? 1 : -1);
  }

  // A piece of `white` free to move (not in `jm`, the pieces that just moved)
  // attacks the king k standing alone, in `pos`.
  z3::expr king_exposed(const SymPosition& pos, const std::vector<z3::expr>& jm, int k, const z3::expr& white) const {
    const SymPiece& king = pos[k];
    z3::expr alone = t();
    for (int j = 0; j < n(); ++j)
      if (j != k) alone = alone && !(pos[j].on && pos[j].f == king.f && pos[j].r == king.r);
    z3::expr attacked = fl();
    for (int e = 0; e < n(); ++e)
      if (e != k) attacked = attacked || (pos[e].on && pos[e].white != white && !jm[e] && attacks(pos, e, {king.f, king.r}));
    return king.on && king.kind == kKing && king.white == white && alone && attacked;
  }
  z3::expr king_exposed(const SymPosition& pos, int k, const z3::expr& white) const { return king_exposed(pos, jm_, k, white); }

  // Whether piece i of side s may go to dest in `pos` by its pattern: a pawn
  // forward to an empty square (two from its start row) or diagonally onto an
  // enemy piece, the others by their pattern with a clear path.
  z3::expr pattern_move(const SymPosition& pos, int s, int i, const Square2& dest) const {
    z3::expr white = c_.bool_val(s == 0);
    const SymPiece& p = pos[i];
    z3::expr shape_ok = piece_rule_move(pos, i, s == 0, dest, b_.ranks);
    z3::expr on_board = dest.f >= 0 && dest.f < b_.files && dest.r >= 0 && dest.r < b_.ranks;
    if (&pos == &before) shape_ok = shape_ok || ep_capture(s, i, dest);
    return p.on && p.white == white && on_board && shape_ok;
  }
  z3::expr pattern_move(int s, int i, const Square2& dest) const { return pattern_move(before, s, i, dest); }

  // `pos` after side s moves piece i to dest alone (an enemy piece there is taken).
  SymPosition alone(const SymPosition& pos, int s, int i, const Square2& dest) const {
    z3::expr white = c_.bool_val(s == 0);
    SymPosition after = pos;
    for (int j = 0; j < n(); ++j) {
      if (j == i) {
        after[j].f = dest.f;
        after[j].r = dest.r;
        continue;
      }
      after[j].on = pos[j].on && !(pos[j].white != white && same_square(pos[j], dest));
      if (&pos == &before && b_.extension == Extension::EnPassant)
        after[j].on = after[j].on && !(ep_capture(s, i, dest) && ep_victim(s, j));
    }
    return after;
  }

  // parity.submit.king_safety: piece i of side s, moved alone to dest in
  // `pos`, leaves its own king alone where a piece free to move attacks it.
  z3::expr exposes(const SymPosition& pos, const std::vector<z3::expr>& jm, int s, int i, const Square2& dest) const {
    SymPosition after = alone(pos, s, i, dest);
    z3::expr exposed = fl();
    for (int k = 0; k < n(); ++k) exposed = exposed || king_exposed(after, jm, k, c_.bool_val(s == 0));
    return exposed;
  }
  z3::expr exposes(int s, int i, const Square2& dest) const { return exposes(before, jm_, s, i, dest); }

  // Under Single Occupation, a piece of `white` on a shared square in `pos`.
  z3::expr own_shared(const SymPosition& pos, const z3::expr& white) const {
    z3::expr e = fl();
    for (int j = 0; j < n(); ++j) e = e || (pos[j].white == white && shared_in(pos, j));
    return e;
  }
  z3::expr own_shared(const z3::expr& white) const { return own_shared(before, white); }

  // Whether side s is in immediate check in `pos`.
  z3::expr in_immediate_check(const SymPosition& pos, const std::vector<z3::expr>& jm, int s) const {
    z3::expr in_check = fl();
    for (int k = 0; k < n(); ++k) in_check = in_check || king_exposed(pos, jm, k, c_.bool_val(s == 0));
    return in_check;
  }

  // What a side's moves in `pos` depend on besides the move: whether it is
  // in immediate check, and whether it has a piece on a shared square.
  struct SideState {
    z3::expr in_check, own_shared;
  };
  SideState side_state(const SymPosition& pos, const std::vector<z3::expr>& jm, int s) const {
    return {in_immediate_check(pos, jm, s), own_shared(pos, c_.bool_val(s == 0))};
  }

  // parity.submit.* : may side s move piece i of `pos` to dest? With
  // ignore_just_moved, as if no piece had just moved (parity.submit.just_moved_stays
  // set aside), for telling a player stuck by that rule alone.
  z3::expr may_move(const SymPosition& pos, const std::vector<z3::expr>& jm, const SideState& side, int s, int i,
                    const Square2& dest, bool ignore_just_moved = false) const {
    z3::expr white = c_.bool_val(s == 0);
    z3::expr king_free = single_ ? fl() : parameters[0].var;
    z3::expr just = ignore_just_moved ? fl() : jm[i];
    // parity.occupy.no_friendly_pair, parity.occupy.shared_uncapturable: no own piece on the destination.
    z3::expr m = pattern_move(pos, s, i, dest) && !smt::colour_on(pos, dest, white);
    if (single_) {
      // parity.single.must_vacate / vacate_exempt / vacate_no_capture
      m = m && z3::ite(side.own_shared, shared_in(pos, i) && !smt::colour_on(pos, dest, !white), !just);
    } else {
      m = m && !just;  // parity.submit.just_moved_stays
    }
    // parity.submit.king_safety in the position after this move alone. Under
    // king_into_attack=allowed a king's step is held back only by "Two enemy
    // kings shall not land on the same square": not onto the enemy king, nor
    // next to one free to move.
    z3::expr is_king = pos[i].kind == kKing;
    z3::expr meets_king = fl();
    for (int e = 0; e < n(); ++e) {
      z3::expr df = pos[e].f - dest.f, dr = pos[e].r - dest.r;
      z3::expr next_to = df >= -1 && df <= 1 && dr >= -1 && dr <= 1;
      meets_king = meets_king || (pos[e].on && pos[e].kind == kKing && pos[e].white != white &&
                                  (same_square(pos[e], dest) || (!jm[e] && next_to)));
    }
    m = m && (!exposes(pos, jm, s, i, dest) || (king_free && is_king && !meets_king));
    // parity.check.immediate: a king in immediate check must move.
    m = m && z3::implies(side.in_check, is_king);
    return m;
  }

  // May side s move its chosen piece to its destination?
  z3::expr legal_move(int s) {
    SideState side = side_state(before, jm_, s);
    z3::expr any = fl();
    for (int i = 0; i < n(); ++i) any = any || (sel[s][i] && may_move(before, jm_, side, s, i, goes_to[s][0]));
    return any;
  }

  // Whether side s has any move in `pos`, onto any square of the board.
  z3::expr has_move(const SymPosition& pos, const std::vector<z3::expr>& jm, int s, bool ignore_just_moved) const {
    SideState side = side_state(pos, jm, s);
    z3::expr any = fl();
    for (int i = 0; i < n(); ++i)
      for (int f = 0; f < b_.files; ++f)
        for (int r = 0; r < b_.ranks; ++r)
          any = any || may_move(pos, jm, side, s, i, Square2{c_.int_val(f), c_.int_val(r)}, ignore_just_moved);
    return any;
  }

  void build_fates() {
    int count = n();
    std::vector<z3::expr> moved, target[2];
    Square2 dest[2] = {goes_to[0][0], goes_to[1][0]};
    for (int i = 0; i < count; ++i) moved.push_back(sel[0][i] || sel[1][i]);
    // The piece each player's move takes: the enemy piece on its
    // destination, or the pawn it takes en passant.
    z3::expr en_passant[2] = {fl(), fl()};
    for (int s = 0; s < 2; ++s)
      for (int i = 0; i < count; ++i) en_passant[s] = en_passant[s] || (sel[s][i] && ep_capture(s, i, dest[s]));
    for (int s = 0; s < 2; ++s)
      for (int i = 0; i < count; ++i)
        target[s].push_back((before[i].white == c_.bool_val(s != 0) && at(i, dest[s])) ||
                            (b_.extension == Extension::EnPassant ? en_passant[s] && ep_victim(s, i) : fl()));
    if (b_.extension == Extension::EnPassant)
      conditions.push_back({std::string(clause::kEnPassantNext),
                            "a pawn takes en passant the enemy pawn that passed its square in the last turn",
                            en_passant[0] || en_passant[1], true});
    auto side_of_mover = [&](int i, int coord) {
      return z3::ite(sel[0][i], coord == 0 ? dest[0].f : dest[0].r, coord == 0 ? dest[1].f : dest[1].r);
    };
    // The target of side s moved away (a failed capture).
    z3::expr target_moved[2] = {fl(), fl()};
    for (int s = 0; s < 2; ++s)
      for (int j = 0; j < count; ++j) target_moved[s] = target_moved[s] || (target[s][j] && moved[j]);
    bool share_clause_parity = !single_;

    FateProposal simultaneous{std::string(clause::kSimultaneous), {}, {}, {}, {}};
    FateProposal succeeds{std::string(clause::kCaptureSucceeds), {}, {}, {}, {}};
    FateProposal failed{std::string(clause::kFailedCapture), {}, {}, {}, {}};
    FateProposal stays{std::string(clause::kStandardRules), {}, {}, {}, {}};
    FateProposal sheltered{std::string(clause::kSharedUncapturable), {}, {}, {}, {}};
    FateProposal share{std::string(share_clause_parity ? clause::kCoOccupation : clause::kMustVacate), {}, {}, {}, {}};
    for (int i = 0; i < count; ++i) {
      const SymPiece& p = before[i];
      z3::expr tf = side_of_mover(i, 0), tr = side_of_mover(i, 1);
      z3::expr taken = (target[0][i] || target[1][i]) && !moved[i];
      // parity.turn.simultaneous: each moved piece lands on its destination.
      simultaneous.cond.push_back(p.on && moved[i]);
      simultaneous.removed.push_back(fl());
      simultaneous.f.push_back(tf);
      simultaneous.r.push_back(tr);
      // parity.capture.succeeds: a target that stayed is captured.
      succeeds.cond.push_back(p.on && taken);
      succeeds.removed.push_back(t());
      succeeds.f.push_back(p.f);
      succeeds.r.push_back(p.r);
      // parity.capture.failed: a capturing piece whose target moved still lands.
      z3::expr capturer_failed = (sel[0][i] && target_moved[0]) || (sel[1][i] && target_moved[1]);
      failed.cond.push_back(p.on && capturer_failed);
      failed.removed.push_back(fl());
      failed.f.push_back(tf);
      failed.r.push_back(tr);
      // A piece neither moved nor taken stays where it stands.
      stays.cond.push_back(p.on && !moved[i] && !taken);
      stays.removed.push_back(fl());
      stays.f.push_back(p.f);
      stays.r.push_back(p.r);
      // A piece on a shared square cannot be captured.
      sheltered.cond.push_back(p.on && shared(i) && !moved[i]);
      sheltered.removed.push_back(fl());
      sheltered.f.push_back(p.f);
      sheltered.r.push_back(p.r);
      // Enemy pieces landing together share the square.
      share.cond.push_back(p.on && moved[i] && dest[0].f == dest[1].f && dest[0].r == dest[1].r);
      share.removed.push_back(fl());
      share.f.push_back(tf);
      share.r.push_back(tr);
    }
    // Under Single Occupation a shared piece always moves out, so the shelter
    // of a piece staying on a shared square has nothing to decide there.
    fates = {simultaneous, succeeds, failed, stays, share};
    if (!single_) fates.insert(fates.begin() + 4, sheltered);
    for (int i = 0; i < count; ++i) {
      removed.push_back(c_.bool_const(("removed" + std::to_string(i)).c_str()));
      ff.push_back(c_.int_const(("ff" + std::to_string(i)).c_str()));
      fr.push_back(c_.int_const(("fr" + std::to_string(i)).c_str()));
    }
    result = c_.int_const("result");
    // A captured king loses (parity.check.immediate: "otherwise the king will
    // be captured"); the submission rules keep it from happening, which the
    // contradiction query king_removed_without_result and the named search
    // for both kings captured confirm within the bound.
    z3::expr king_lost[2] = {fl(), fl()};
    for (int i = 0; i < count; ++i) {
      king_lost[0] = king_lost[0] || (before[i].on && before[i].kind == kKing && before[i].white && removed[i]);
      king_lost[1] = king_lost[1] || (before[i].on && before[i].kind == kKing && !before[i].white && removed[i]);
    }
    results.push_back({std::string(clause::kImmediateCheck), king_lost[0] || king_lost[1],
                       z3::ite(king_lost[0] && king_lost[1], c_.int_val(kDraw),
                               z3::ite(king_lost[0], c_.int_val(kBlackWins), c_.int_val(kWhiteWins)))});
    // No king captured: the step decides no result; the results at the start
    // of the next turn are conditions below.
    results.push_back({"(no result from the step)", !king_lost[0] && !king_lost[1], c_.int_val(kOngoing)});
    // The turn-start results, the costliest conditions to build, are the
    // plain bound's; an extension states its own clause only.
    if (b_.extension == Extension::Repetition) repetition_condition(!king_lost[0] && !king_lost[1]);
    else if (b_.turn_start && b_.extension == Extension::None) turn_start_conditions(!king_lost[0] && !king_lost[1]);
  }

  // The position the step leaves, where the pieces moved are the ones that
  // just moved.
  void next_position(SymPosition& next, std::vector<z3::expr>& next_jm) const {
    for (int j = 0; j < n(); ++j) {
      next.push_back({before[j].on && !removed[j], before[j].white, before[j].kind, ff[j], fr[j]});
      next_jm.push_back(sel[0][j] || sel[1][j]);
    }
  }

  // parity.draw.repetition (Extension::Repetition): a step that captures
  // nothing and moves no pawn keeps the history, so the position it leaves
  // occurs for the third time where it occurred twice before. The model
  // judges it after the results of a player without a move, so each player
  // has a move there: one move of his, to a square of the solver's choice,
  // that the submission rules allow (not every move of every piece, as the
  // turn-start results search).
  void repetition_condition(const z3::expr& no_king_lost) {
    SymPosition next;
    std::vector<z3::expr> next_jm;
    next_position(next, next_jm);
    z3::expr both_move = t();
    for (int s = 0; s < 2; ++s) {
      SideState side = side_state(next, next_jm, s);
      Square2 to{c_.int_const(s == 0 ? "nextfw" : "nextfb"), c_.int_const(s == 0 ? "nextrw" : "nextrb")};
      z3::expr some = fl();
      for (int i = 0; i < n(); ++i) some = some || may_move(next, next_jm, side, s, i, to);
      both_move = both_move && some;
    }
    z3::expr reversible = t();
    for (int j = 0; j < n(); ++j)
      reversible = reversible && !(before[j].on && removed[j]) && !((sel[0][j] || sel[1][j]) && before[j].kind == kPawn);
    conditions.push_back({std::string(clause::kRepetition),
                          "the step captures nothing, moves no pawn and leaves, both players with a move, a position "
                          "that occurred twice before",
                          no_king_lost && both_move && reversible && earlier_ >= 2, true});
  }

  // The results at the start of the next turn, judged on the position the
  // step leaves, where the two pieces moved are the ones that just moved: a
  // player with no move loses (parity.result.no_move_loses, where only rule 2
  // holds him; parity.result.stalemate_as_checkmate, where he is not in
  // immediate check; parity.single.cannot_vacate_loses, where his piece cannot
  // leave a shared square), and both players without a move draw
  // (parity.result.both_mated_draw). The model judges them only where no king
  // was lost.
  void turn_start_conditions(const z3::expr& no_king_lost) {
    SymPosition next;
    std::vector<z3::expr> next_jm;
    next_position(next, next_jm);
    z3::expr stuck[2] = {fl(), fl()}, why[3][2] = {{fl(), fl()}, {fl(), fl()}, {fl(), fl()}};
    enum { kRuleTwo, kStalemate, kCannotVacate };
    for (int s = 0; s < 2; ++s) {
      z3::expr white = c_.bool_val(s == 0);
      stuck[s] = !has_move(next, next_jm, s, false);
      z3::expr cannot_vacate = single_ ? own_shared(next, white) : fl();
      z3::expr free_move = has_move(next, next_jm, s, true);
      why[kCannotVacate][s] = stuck[s] && cannot_vacate;
      why[kRuleTwo][s] = stuck[s] && !cannot_vacate && free_move;
      why[kStalemate][s] = stuck[s] && !cannot_vacate && !free_move && !in_immediate_check(next, next_jm, s);
    }
    z3::expr one = no_king_lost && stuck[0] != stuck[1];
    conditions.push_back({std::string(clause::kBothMatedDraw), "the step leaves both players without a move",
                          no_king_lost && stuck[0] && stuck[1], true});
    conditions.push_back({std::string(clause::kNoMoveLoses),
                          "the step leaves one player without a move only because his pieces that could move just moved",
                          one && (why[kRuleTwo][0] || why[kRuleTwo][1]), true});
    conditions.push_back({std::string(clause::kStalemateAsMate),
                          "the step leaves one player without a move and not in immediate check (stalemate)",
                          one && (why[kStalemate][0] || why[kStalemate][1]), true});
    if (single_)
      conditions.push_back({std::string(clause::kCannotVacateLoses),
                            "the step leaves one player without a move while his piece stands on a shared square",
                            one && (why[kCannotVacate][0] || why[kCannotVacate][1]), true});
  }

  // The clauses that are not proposals, by their conditions: the submission
  // rules where they hold a move back, and the checks a step leaves.
  void build_conditions() {
    int count = n();
    std::vector<z3::expr> moved;
    for (int i = 0; i < count; ++i) moved.push_back(sel[0][i] || sel[1][i]);
    z3::expr just = fl(), exempt = fl();
    for (int i = 0; i < count; ++i) {
      const SymPiece& p = before[i];
      // Under Single Occupation a player with a shared piece moves it, just moved or not.
      just = just || (p.on && jm_[i] && (single_ ? !own_shared(p.white) : t()));
      exempt = exempt || (p.on && jm_[i] && shared(i));
    }
    z3::expr unsafe = fl(), friendly = fl(), vacate_capture = fl(), pawn_forward = fl(), vacate_back = fl();
    for (int s = 0; s < 2; ++s) {
      z3::expr white = c_.bool_val(s == 0);
      const Square2& alt = alt_[s];
      for (int i = 0; i < count; ++i) {
        z3::expr by_pattern = pattern_move(s, i, alt);
        unsafe = unsafe || (by_pattern && !colour_on(alt, white) && exposes(s, i, alt));
        friendly = friendly || (by_pattern && colour_on(alt, white));
        vacate_capture = vacate_capture || (by_pattern && shared(i) && colour_on(alt, !white));
        pawn_forward = pawn_forward || (sel[s][i] && before[i].kind == kPawn && shared(i) && goes_to[s][0].f == before[i].f);
        // parity.single.vacate_back_allowed: a piece that just moved onto the
        // shared square leaves it for an empty square its pattern reaches,
        // which is a square it may have come from (any piece but a pawn moves
        // back along its pattern; the bound does not record which square it left).
        vacate_back = vacate_back || (sel[s][i] && before[i].kind != kPawn && shared(i) && jm_[i] &&
                                      !any_on(before, goes_to[s][0]));
      }
    }
    conditions.push_back({std::string(clause::kJustMoved), "a piece that just moved stands on the board and must stay", just, true});
    conditions.push_back({std::string(clause::kKingSafety),
                          "a move the piece's pattern allows would leave its own king in immediate check", unsafe, true});
    conditions.push_back({std::string(clause::kNoFriendly), "a move the piece's pattern allows ends on a friendly piece", friendly, true});
    if (single_) {
      conditions.push_back({std::string(clause::kVacateExempt), "a piece that just moved stands on a shared square", exempt, true});
      conditions.push_back({std::string(clause::kVacateNoCapture),
                            "a piece on a shared square has a capture its pattern allows", vacate_capture, true});
      conditions.push_back({std::string(clause::kVacateBack),
                            "a piece that just moved onto a shared square leaves it for an empty square it may have come from",
                            vacate_back, true});
    } else {
      conditions.push_back({std::string(clause::kSharedPawnsForward), "a pawn on a shared square moves forward", pawn_forward, true});
    }

    // The checks after the step (parity.check.*, parity.king.shared_square_shelter).
    SymPosition after;
    for (int i = 0; i < count; ++i) after.push_back({before[i].on && !removed[i], before[i].white, before[i].kind, ff[i], fr[i]});
    auto alone_in = [&](const SymPosition& pos, int k) {
      z3::expr alone = t();
      for (int j = 0; j < count; ++j)
        if (j != k) alone = alone && !(pos[j].on && pos[j].f == pos[k].f && pos[j].r == pos[k].r);
      return alone;
    };
    // Whether an enemy piece of the king k in `pos` attacks it: any, only those
    // that moved in this step (they just moved), or only those that did not.
    enum class Attackers { Any, Moved, Free };
    auto attacked_in = [&](const SymPosition& pos, int k, Attackers which) {
      z3::expr a = fl();
      for (int e = 0; e < count; ++e) {
        if (e == k) continue;
        z3::expr counts = which == Attackers::Any ? t() : which == Attackers::Moved ? moved[e] : !moved[e];
        a = a || (pos[e].on && pos[e].white != pos[k].white && counts && attacks(pos, e, {pos[k].f, pos[k].r}));
      }
      return a;
    };
    z3::expr immediate = fl(), delayed = fl(), sheltered = fl(), failed = fl();
    for (int k = 0; k < count; ++k) {
      z3::expr king = after[k].on && after[k].kind == kKing;
      z3::expr alone_after = alone_in(after, k);
      immediate = immediate || (king && alone_after && attacked_in(after, k, Attackers::Free));
      delayed = delayed || (king && alone_after && attacked_in(after, k, Attackers::Moved) && !attacked_in(after, k, Attackers::Free));
      sheltered = sheltered || (king && !alone_after && attacked_in(after, k, Attackers::Any));
      // A check the other player's move, made alone, would have given, and
      // which the step does not leave: the king moved, or a piece came between.
      for (int s = 0; s < 2; ++s) {
        z3::expr attacker_side = before[k].white == c_.bool_val(s != 0);
        SymPosition by_move = before;
        for (int j = 0; j < count; ++j) {
          by_move[j].f = z3::ite(sel[s][j], goes_to[s][0].f, before[j].f);
          by_move[j].r = z3::ite(sel[s][j], goes_to[s][0].r, before[j].r);
          by_move[j].on = before[j].on && !(before[j].white != c_.bool_val(s == 0) && at(j, goes_to[s][0]));
        }
        z3::expr would_check = by_move[k].on && alone_in(by_move, k) && attacked_in(by_move, k, Attackers::Any);
        z3::expr checked_before = before[k].on && alone_in(before, k) && attacked_in(before, k, Attackers::Any);
        failed = failed || (before[k].on && before[k].kind == kKing && attacker_side && would_check && !checked_before && king &&
                            alone_after && !attacked_in(after, k, Attackers::Any));
      }
    }
    conditions.push_back({std::string(clause::kImmediateCheck),
                          "the step leaves a king alone on its square, attacked by an enemy piece that did not just move", immediate, true});
    conditions.push_back({std::string(clause::kDelayedCheck),
                          "the step leaves a king alone on its square, attacked only by enemy pieces that just moved", delayed, true});
    conditions.push_back({std::string(clause::kFailedCheck),
                          "a move, made alone, would check the other king, and the step leaves that king alone and unattacked", failed, true});
    conditions.push_back({std::string(clause::kKingShelter),
                          "the step leaves a king on a shared square that an enemy piece attacks", sheltered, true});

    // parity.move.cross_or_overlap: one move passes over or lands on a square
    // of the other's, lands where the other leaves, or the two paths cross.
    Square2 cross{c_.int_const("crossf"), c_.int_const("crossr")};
    // Where side s's move starts (from) or ends.
    auto sq = [&](int s, bool from) {
      if (!from) return goes_to[s][0];
      z3::expr f = before[count - 1].f, r = before[count - 1].r;
      for (int i = count - 2; i >= 0; --i) {
        f = z3::ite(sel[s][i], before[i].f, f);
        r = z3::ite(sel[s][i], before[i].r, r);
      }
      return Square2{f, r};
    };
    auto over = [&](int s, const Square2& q) {
      SymPiece marker{t(), t(), c_.int_val(0), q.f, q.r};
      return strictly_between(marker, sq(s, true), sq(s, false));
    };
    auto same = [](const Square2& a, const Square2& b) { return a.f == b.f && a.r == b.r; };
    z3::expr crosses = (over(0, cross) && over(1, cross)) || same(sq(0, false), sq(1, true)) || same(sq(1, false), sq(0, true));
    for (int s = 0; s < 2; ++s) crosses = crosses || over(s, sq(1 - s, true)) || over(s, sq(1 - s, false));
    conditions.push_back({std::string(clause::kMovesCross),
                          "the two moves cross or overlap: one passes over or lands on a square of the other's, or their paths cross",
                          crosses, true});
  }

  z3::context& c_;
  Bound b_;
  bool single_;
  std::vector<Square2> alt_;
  std::vector<z3::expr> jm_;
  // Extension::EnPassant: for each player, whether ep= lists a square he may
  // take en passant onto, and its file (its rank is fixed by the colour).
  std::vector<z3::expr> ep_has_, ep_file_;
  // Extension::Repetition: how often the position the step leaves occurred
  // before the step, since the last capture or pawn move.
  z3::expr earlier_{c_};
};

}  // namespace

std::unique_ptr<Encoding> parity_encoding(z3::context& c, const Bound& bound, bool single) {
  return std::make_unique<ParityEncoding>(c, bound, single);
}

}  // namespace arbiter::smt
