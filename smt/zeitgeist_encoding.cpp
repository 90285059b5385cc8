// Zeitgeist, one step, for Z3. The bound: `pieces` pieces (one king of each
// colour among them), one piece a square, no castling, en passant or
// promotion; moves written by the piece's pattern (zeitgeist.submission's
// default); the check each player was in after the last turn (checks=).
// Extended by castling or by promotion, the bound states the clause of that
// move (zeitgeist.castle.not_through_check, zeitgeist.promotion.after_resolution):
// see castling_allowed and promotions below for what each extension adds.
//
// The resolution is unrolled as the model runs it: rounds in which a blocked
// or forced bounce starts the round again with that piece stationary, every
// bounce of a round judged on the same placement (zeitgeist.bounce_chain=
// together). With two moving pieces there are at most two bounces, so three
// rounds suffice.
// Each moving piece carries the rule that bounced it, so that each bounce is
// proposed under its own clause.
#include "model/core/geometry.h"
#include "model/variants/orthodox/orthodox.h"
#include "model/variants/zeitgeist/clauses.h"
#include "model/variants/zeitgeist/zeitgeist.h"
#include "smt/encoding.h"

namespace arbiter::smt {

namespace {

using orthodox::kKing;
using orthodox::kKnight;
using orthodox::kPawn;
using orthodox::kRook;
namespace clause = zeitgeist::clause;
namespace reading = zeitgeist::reading;

// The rules that bounce a moving piece, numbered for the encoding's record of
// which one bounced each mover (0: none).
struct BounceRule {
  int code;
  std::string_view clause;
};
constexpr int kByBlocked = 1, kByPawn = 2, kBySameColour = 3, kByNeither = 4;
constexpr BounceRule kBounceRules[] = {{kByBlocked, clause::kBlocked},
                                       {kByPawn, clause::kPawnBounce},
                                       {kBySameColour, clause::kSameColour},
                                       {kByNeither, clause::kNeitherCaptured}};

// The king's file, from which it castles two files towards a rook in its
// corner (orthodox castling, which Zeitgeist keeps).
constexpr int kKingFile = 4;

class ZeitgeistEncoding final : public Encoding {
 public:
  ZeitgeistEncoding(z3::context& c, const Bound& b) : Encoding(c), c_(c), b_(b) {
    declare_situation(c, b, before, sel, goes_to);
    for (std::string side : {"w", "b"}) prev_check_.push_back(c.bool_const(("prevcheck" + side).c_str()));
    parameters.push_back({std::string(reading::kCheckCount), c.bool_const("by_opponent_move"),
                          {{"end_of_turn", c.bool_val(false)}, {"by_opponent_move", c.bool_val(true)}}, 0});
    build_valid();
    build_legal();
    resolve();
    not_encoded = {
        {std::string(reading::kSubmission), "the encoding writes moves by the default, pattern; king_safe only narrows what may be written"},
        {std::string(reading::kDrawClaims), "a draw from the move counter and the history, which the bound does not hold"},
        {std::string(reading::kPromotionMay),
         promoting() ? "the encoding names a new piece on every pawn move to the last row (the default, must)"
                     : "the bound has no promotion"},
        {std::string(reading::kEnPassantGone), "the bound has no en passant"},
        {std::string(reading::kEnPassantOccupied), "the bound has no en passant"},
        {std::string(reading::kCastleBounce),
         castling() ? "the bound keeps the other move away from a castling move, whose pieces then never bounce"
                    : "the bound has no castling"},
        {std::string(reading::kCastleIntoCheck),
         castling() ? "the encoding's castling may land on an attacked square, as any king move may (the default, as_king_move)"
                    : "the bound has no castling"},
        {std::string(reading::kNoLegalMove), "a player with no legal move writes a pass; the bound has a move for each player"},
        {std::string(reading::kBounceChain), "the encoding judges the placement in rounds, every bounce of a round made together (the default)"},
        {std::string(reading::kRefusedMove), "the encoding writes moves by the default, pattern, which refuses none"},
        {std::string(reading::kBounceOrSpace), "the encoding sends back a blocked piece or a pawn the pawn rule bounces before judging the space it moves into (the default)"},
    };
    definitions = {
        {std::string(clause::kStationary),
         "what a stationary piece is: the encoding applies it in every rule that names stationary pieces (blocked moves, pawn "
         "bounces, collisions)"},
    };
    not_encoded_clauses = {
        {std::string(clause::kCastleCheck), "the bound has no castling", Extension::Castling},
        {std::string(clause::kPromotion), "the bound has no promotion", Extension::Promotion},
    };
    // The bound extended by a special move states that move's clause.
    std::erase_if(not_encoded_clauses, [&](const NotEncodedClause& ne) { return ne.stated_by == b.extension; });
  }

  void read_witness(const z3::model& m, QueryResult& q) const override {
    // checks= lists the colours in check after the last turn.
    std::string checks = std::string(m.eval(prev_check_[0], true).is_true() ? "w" : "") +
                         (m.eval(prev_check_[1], true).is_true() ? "b" : "");
    Square2 to[2] = {goes_to[0][0], goes_to[1][0]};
    // The castling right of each castling move written, and no other.
    std::string rights;
    for (int s = 0; s < 2 && castling(); ++s) {
      if (!m.eval(castles_[s], true).is_true()) continue;
      bool kingside = m.eval(to[s].f, true).get_numeral_int() > kKingFile;
      rights += s == 0 ? (kingside ? "K" : "Q") : (kingside ? "k" : "q");
    }
    read_standard_witness(*this, b_, m, sel, to, checks.empty() ? "" : " checks=" + checks, q,
                          rights.empty() ? "-" : rights);
  }

  z3::expr pin_state(const Position& pos, const std::vector<PieceId>&) const override {
    auto it = pos.vars.find(zeitgeist::kChecksKey);
    std::string_view checks = it == pos.vars.end() ? "" : std::string_view(it->second);
    return prev_check_[0] == c_.bool_val(checks.find('w') != std::string_view::npos) &&
           prev_check_[1] == c_.bool_val(checks.find('b') != std::string_view::npos);
  }

 private:
  z3::expr t() const { return c_.bool_val(true); }
  z3::expr fl() const { return c_.bool_val(false); }
  int n() const { return b_.pieces; }
  z3::expr at(int j, const Square2& s) const { return same_square(before[j], s); }
  bool castling() const { return b_.extension == Extension::Castling; }
  bool promoting() const { return b_.extension == Extension::Promotion; }
  int home_rank(int s) const { return s == 0 ? 0 : b_.ranks - 1; }
  int last_rank(int s) const { return s == 0 ? b_.ranks - 1 : 0; }

  // situation_constraints keeps every pawn off the row from which it could
  // promote. The bound extended by promotion lets a pawn stand one step from
  // its last row: such a pawn is shown to those constraints as a knight, which
  // they let stand anywhere.
  void build_valid() {
    if (!promoting()) {
      valid = situation_constraints(c_, b_, before, sel, goes_to, true);
      return;
    }
    SymPosition shown = before;
    for (SymPiece& p : shown) {
      z3::expr seventh = z3::ite(p.white, p.r == b_.ranks - 2, p.r == 1);
      p.kind = z3::ite(p.on && p.kind == kPawn && seventh, c_.int_val(kKnight), p.kind);
    }
    valid = situation_constraints(c_, b_, shown, sel, goes_to, true);
  }

  // zeitgeist.castle.not_through_check: "As in normal chess, a player may not
  // castle through check." Side s's king, on its square of the home row,
  // writes a move two files towards a rook of its colour in that row's
  // corner; the player holds the castling right, nothing stands between king
  // and rook, and no enemy piece attacks the king's square or the square it
  // passes. This is what the model writes as castling (orthodox castling):
  // the square the king lands on is left to the check rules, and under
  // zeitgeist.submission=pattern nothing forbids an attacked one.
  z3::expr castling_allowed(int s) const {
    z3::expr white = c_.bool_val(s == 0);
    int home = home_rank(s);
    z3::expr kingside = goes_to[s][0].f > kKingFile;
    z3::expr rook_file = z3::ite(kingside, c_.int_val(b_.files - 1), c_.int_val(0));
    Square2 king_square{c_.int_val(kKingFile), c_.int_val(home)};
    Square2 passed{z3::ite(kingside, c_.int_val(kKingFile + 1), c_.int_val(kKingFile - 1)), c_.int_val(home)};
    z3::expr rook = fl(), empty = t(), safe = t();
    for (int j = 0; j < n(); ++j) {
      const SymPiece& p = before[j];
      rook = rook || (p.on && p.white == white && p.kind == kRook && p.r == home && p.f == rook_file);
      z3::expr between = z3::ite(kingside, p.f > kKingFile && p.f < b_.files - 1, p.f > 0 && p.f < kKingFile);
      empty = empty && !(p.on && p.r == home && between);
      safe = safe && !(p.on && p.white != white && (attacks(before, j, king_square) || attacks(before, j, passed)));
    }
    return rook && empty && safe;
  }

  // zeitgeist.submission=pattern: every move of the piece's pattern, whatever
  // stands on its path or target; pawns forward, double from the start row,
  // and diagonally (zeitgeist.pawn.moves).
  void build_legal() {
    z3::expr all = t();
    for (int s = 0; s < 2; ++s) {
      z3::expr white = c_.bool_val(s == 0);
      const Square2& dest = goes_to[s][0];
      z3::expr any = fl();
      for (int i = 0; i < n(); ++i) {
        const SymPiece& p = before[i];
        z3::expr dx = dest.f - p.f, dy = dest.r - p.r, ax = abs_of(dx), ay = abs_of(dy);
        z3::expr forward = c_.int_val(s == 0 ? 1 : -1);
        z3::expr pawn = (dx == 0 && dy == forward) || (dx == 0 && dy == 2 * forward && p.r == (s == 0 ? 1 : b_.ranks - 2)) ||
                        (ax == 1 && dy == forward);
        z3::expr straight = (dx == 0) != (dy == 0), diagonal = ax == ay && ax > 0;
        z3::expr shape_ok = (p.kind == kPawn && pawn) || (p.kind == kKing && ax <= 1 && ay <= 1 && ax + ay > 0) ||
                            (p.kind == kKnight && ((ax == 1 && ay == 2) || (ax == 2 && ay == 1))) ||
                            (p.kind == orthodox::kRook && straight) || (p.kind == orthodox::kBishop && diagonal) ||
                            (p.kind == orthodox::kQueen && (straight || diagonal));
        any = any || (sel[s][i] && p.on && p.white == white && shape_ok);
      }
      if (castling()) {
        // The king goes two files along its home row: castling, by its
        // conditions. The rook of the move is the one in that corner.
        int home = home_rank(s);
        z3::expr king_home = fl();
        for (int i = 0; i < n(); ++i) {
          const SymPiece& p = before[i];
          king_home = king_home || (sel[s][i] && p.on && p.white == white && p.kind == kKing && p.f == kKingFile && p.r == home);
        }
        castles_.push_back(king_home && dest.r == home && (dest.f == kKingFile + 2 || dest.f == kKingFile - 2));
        any = any || (castles_[s] && castling_allowed(s));
      }
      all = all && any;
      if (promoting()) {
        // zeitgeist.promotion_may=must: a pawn's move to its last row names
        // the new piece (queen, rook, bishop or knight), and no other move
        // names one.
        promotion.push_back(c_.int_const(s == 0 ? "promotion_w" : "promotion_b"));
        z3::expr to_last = pick(s, [](const SymPiece& p) { return p.kind; }) == kPawn && dest.r == last_rank(s);
        all = all && z3::ite(to_last, promotion[s] >= orthodox::kQueen && promotion[s] <= kKnight, promotion[s] == -1);
      }
    }
    legal = all;
    if (castling())
      for (int j = 0; j < n(); ++j) {
        const SymPiece& p = before[j];
        z3::expr rook = fl();
        for (int s = 0; s < 2; ++s) {
          z3::expr corner = z3::ite(goes_to[s][0].f > kKingFile, c_.int_val(b_.files - 1), c_.int_val(0));
          rook = rook || (castles_[s] && p.on && p.white == c_.bool_val(s == 0) && p.kind == kRook && p.r == home_rank(s) &&
                          p.f == corner);
        }
        castle_rook_.push_back(rook);
      }
  }

  // The mover of side s: a value of its piece, chosen by sel.
  z3::expr pick(int s, const std::function<z3::expr(const SymPiece&)>& value) const {
    z3::expr e = value(before[n() - 1]);
    for (int i = n() - 2; i >= 0; --i) e = z3::ite(sel[s][i], value(before[i]), e);
    return e;
  }

  void resolve() {
    Square2 from[2] = {{pick(0, [](const SymPiece& p) { return p.f; }), pick(0, [](const SymPiece& p) { return p.r; })},
                       {pick(1, [](const SymPiece& p) { return p.f; }), pick(1, [](const SymPiece& p) { return p.r; })}};
    z3::expr kind[2] = {pick(0, [](const SymPiece& p) { return p.kind; }), pick(1, [](const SymPiece& p) { return p.kind; })};
    Square2 to[2] = {goes_to[0][0], goes_to[1][0]};
    z3::expr diag[2] = {kind[0] == kPawn && from[0].f != to[0].f, kind[1] == kPawn && from[1].f != to[1].f};
    z3::expr push[2] = {kind[0] == kPawn && from[0].f == to[0].f, kind[1] == kPawn && from[1].f == to[1].f};
    // "captured into the space": a pawn's diagonal move, or a move into a
    // space an enemy piece held when the move was written.
    z3::expr into[2] = {fl(), fl()};
    for (int s = 0; s < 2; ++s) {
      z3::expr enemy_there = fl();
      for (int j = 0; j < n(); ++j) enemy_there = enemy_there || (at(j, to[s]) && before[j].white == c_.bool_val(s != 0));
      into[s] = diag[s] || enemy_there;
    }
    auto is_mover = [&](int s, int j) { return sel[s][j]; };
    z3::expr bounced[2] = {fl(), fl()};
    z3::expr why[2] = {c_.int_val(0), c_.int_val(0)};  // the rule that bounced each mover (kBy...)
    z3::expr done = fl();
    z3::expr bounced_in_way = fl(), crowded = fl();
    // Whether side o's move passes over the square sq (not for a knight), ends
    // there, or would be blocked by a stationary piece there.
    auto over = [&](int o, const Square2& sq) {
      SymPiece marker{t(), t(), c_.int_val(0), sq.f, sq.r};
      return kind[o] != kKnight && strictly_between(marker, from[o], to[o]);
    };
    auto onto = [&](int o, const Square2& sq) { return to[o].f == sq.f && to[o].r == sq.r; };
    auto blocks = [&](int o, const Square2& sq) { return over(o, sq) || (push[o] && onto(o, sq)); };
    z3::expr final_bounced[2] = {fl(), fl()};
    std::vector<z3::expr> final_both(n(), fl()), final_one(n(), fl()), final_three_removed(n(), fl());
    z3::expr final_three = fl(), final_three_white = fl();
    for (int round = 0; round < 3; ++round) {
      // Stationary: not moving this round (zeitgeist.stationary.definition,
      // zeitgeist.bounce.stationary); stationary pieces stand on their squares.
      auto stationary = [&](int j, const z3::expr& bw, const z3::expr& bb) {
        return before[j].on && !(is_mover(0, j) && !bw) && !(is_mover(1, j) && !bb);
      };
      // zeitgeist.blocked.bounce (a stationary piece on the path), then
      // zeitgeist.pawn.bounce (a pawn pushing into a stationary piece's space).
      auto path_blocked = [&](int s, const z3::expr& bw, const z3::expr& bb) {
        z3::expr on_path = fl();
        for (int j = 0; j < n(); ++j) on_path = on_path || (stationary(j, bw, bb) && strictly_between(before[j], from[s], to[s]));
        return kind[s] != kKnight && on_path;
      };
      auto push_blocked = [&](int s, const z3::expr& bw, const z3::expr& bb) {
        z3::expr on_target = fl();
        for (int j = 0; j < n(); ++j) on_target = on_target || (stationary(j, bw, bb) && at(j, to[s]));
        return push[s] && on_target;
      };
      z3::expr bw = bounced[0], bb = bounced[1];
      z3::expr path_w = path_blocked(0, bw, bb);
      z3::expr block_w = !bw && (path_w || push_blocked(0, bw, bb));
      z3::expr bw1 = bw || block_w;
      // Both movers are judged before either bounces (zeitgeist.bounce_chain=together).
      z3::expr path_b = path_blocked(1, bw, bb);
      z3::expr block_b = !bb && (path_b || push_blocked(1, bw, bb));
      z3::expr bb1 = bb || block_b;
      z3::expr any_block = block_w || block_b;
      // zeitgeist.bounce.stationary: a piece that bounced (before this round,
      // or White's earlier in this pass) stands in the way of the other, still
      // moving: on its path or pushed-into space, or, if the round gets to the
      // placement, on its target.
      auto in_way = [&](int o, const Square2& sq) { return blocks(o, sq) || (!any_block && onto(o, sq)); };
      bounced_in_way = bounced_in_way || (!done && ((bw1 && !bb && in_way(1, from[0])) || (bb && !bw && in_way(0, from[1]))));
      // The placement: moving pieces on their targets, the rest on their squares.
      z3::expr moving[2] = {!bw, !bb};
      // zeitgeist.pawn.bounce: a diagonal move into a space with no enemy piece.
      auto enemy_at_target = [&](int s) {
        z3::expr e = moving[1 - s] && to[1 - s].f == to[s].f && to[1 - s].r == to[s].r;
        for (int j = 0; j < n(); ++j) e = e || (stationary(j, bw, bb) && before[j].white == c_.bool_val(s != 0) && at(j, to[s]));
        return e;
      };
      z3::expr diag_w = moving[0] && diag[0] && !enemy_at_target(0);
      z3::expr diag_b = moving[1] && diag[1] && !enemy_at_target(1);
      // Collisions on the movers' targets, in square order.
      z3::expr same_target = moving[0] && moving[1] && to[0].f == to[1].f && to[0].r == to[1].r;
      z3::expr idx[2] = {to[0].r * b_.files + to[0].f, to[1].r * b_.files + to[1].f};
      // For the square of side s's mover: what happens there.
      struct SquareRule {
        z3::expr bounce_w, bounce_b;  // the rule sends these back
        // The pieces removed, by the clause that removes them:
        // zeitgeist.collision.both_captured, .one_captured, .three_pieces.
        std::vector<z3::expr> both, one, three_removed;
        z3::expr three, stationary_white;
        z3::expr same_colour;  // the bounce is zeitgeist.collision.same_colour's, else .neither_captured's
        z3::expr crowded;      // the space holds two or three pieces
      };
      auto square_rule = [&](int s) {
        SquareRule out{fl(), fl(), std::vector<z3::expr>(n(), fl()), std::vector<z3::expr>(n(), fl()),
                       std::vector<z3::expr>(n(), fl()), fl(), fl(), fl(), fl()};
        z3::expr active = moving[s];
        z3::expr other_lands = same_target;
        z3::expr st_any = fl(), st_white = fl();
        std::vector<z3::expr> st(n(), fl());
        for (int j = 0; j < n(); ++j) {
          st[j] = stationary(j, bw, bb) && at(j, to[s]);
          st_any = st_any || st[j];
          st_white = st_white || (st[j] && before[j].white);
        }
        z3::expr mine_white = c_.bool_val(s == 0);
        // Two pieces: the two movers.
        z3::expr two_movers = active && other_lands && !st_any;
        z3::expr both_in = into[0] && into[1];
        z3::expr neither = !into[0] && !into[1];
        // Two pieces: this mover and a stationary piece.
        z3::expr with_stationary = active && !other_lands && st_any;
        z3::expr same_colour = with_stationary && st_white == mine_white;
        z3::expr differ = with_stationary && st_white != mine_white;
        // zeitgeist.collision.same_colour: the active piece bounces;
        // zeitgeist.collision.neither_captured: all retreat.
        z3::expr back_mine = same_colour || (differ && !into[s]) || (two_movers && neither);
        z3::expr back_other = two_movers && neither;
        out.bounce_w = s == 0 ? back_mine : back_other;
        out.bounce_b = s == 1 ? back_mine : back_other;
        out.same_colour = same_colour;
        out.crowded = active && (other_lands || st_any);
        // Three pieces: both movers and a stationary piece (zeitgeist.collision.three_pieces).
        z3::expr three = active && other_lands && st_any;
        out.three = three;
        out.stationary_white = st_white;
        for (int j = 0; j < n(); ++j) {
          z3::expr w_mover = is_mover(0, j), b_mover = is_mover(1, j);
          // both_captured: both movers removed; one_captured: the one that did not capture in.
          out.both[j] = two_movers && both_in && (w_mover || b_mover);
          out.one[j] = (two_movers && !both_in && !neither && ((w_mover && !into[0]) || (b_mover && !into[1]))) ||
                       (differ && into[s] && st[j]);
          // Three pieces: the stationary piece, and the mover of the colour the stationary piece does not have.
          out.three_removed[j] = three && (st[j] || (w_mover && st_white == c_.bool_val(false)) || (b_mover && st_white));
        }
        return out;
      };
      SquareRule at_w = square_rule(0), at_b = square_rule(1);
      // Every square's rule is judged on the same placement and its bounces
      // are made together; with one shared target the rule is met once. The
      // pawn rule comes first: a pawn bouncing from an empty space is not in
      // the placement the collision rules judge.
      z3::expr at_b_counts = moving[1] && !same_target;
      z3::expr any_diag = diag_w || diag_b;
      z3::expr pw = z3::ite(any_diag, diag_w, (moving[0] && at_w.bounce_w) || (at_b_counts && at_b.bounce_w));
      z3::expr pb = z3::ite(any_diag, diag_b, (moving[0] && at_w.bounce_b) || (at_b_counts && at_b.bounce_b));
      pw = pw && moving[0];
      pb = pb && moving[1];
      z3::expr placement_bounce = pw || pb;
      z3::expr this_final = !done && !any_block && !placement_bounce;
      // Which rule bounced each mover this round: its own square's.
      auto code_of = [&](const SquareRule& q) { return z3::ite(q.same_colour, c_.int_val(kBySameColour), c_.int_val(kByNeither)); };
      z3::expr square_code_w = code_of(at_w);
      z3::expr square_code_b = z3::ite(same_target, code_of(at_w), code_of(at_b));
      z3::expr pawn_code = c_.int_val(kByPawn);
      z3::expr next_why_w = z3::ite(any_block, z3::ite(block_w, z3::ite(path_w, c_.int_val(kByBlocked), pawn_code), why[0]),
                                    z3::ite(pw, z3::ite(diag_w, pawn_code, square_code_w), why[0]));
      z3::expr next_why_b = z3::ite(any_block, z3::ite(block_b, z3::ite(path_b, c_.int_val(kByBlocked), pawn_code), why[1]),
                                    z3::ite(pb, z3::ite(diag_b, pawn_code, square_code_b), why[1]));
      why[0] = z3::ite(done || this_final, why[0], next_why_w);
      why[1] = z3::ite(done || this_final, why[1], next_why_b);
      // zeitgeist.turn.simultaneous: after the moves a space holds two or three pieces.
      crowded = crowded || (!done && !any_block && (at_w.crowded || at_b.crowded));
      for (int j = 0; j < n(); ++j) {
        auto reason = [&](const std::vector<z3::expr> SquareRule::*list) {
          return (moving[0] && (at_w.*list)[j]) || (moving[1] && !same_target && (at_b.*list)[j]);
        };
        final_both[j] = z3::ite(this_final, reason(&SquareRule::both), final_both[j]);
        final_one[j] = z3::ite(this_final, reason(&SquareRule::one), final_one[j]);
        final_three_removed[j] = z3::ite(this_final, reason(&SquareRule::three_removed), final_three_removed[j]);
      }
      final_bounced[0] = z3::ite(this_final, bw, final_bounced[0]);
      final_bounced[1] = z3::ite(this_final, bb, final_bounced[1]);
      final_three = z3::ite(this_final, (moving[0] && at_w.three), final_three);
      final_three_white = z3::ite(this_final, at_w.stationary_white, final_three_white);
      z3::expr next_w = z3::ite(any_block, bw1, bw || pw), next_b = z3::ite(any_block, bb1, bb || pb);
      bounced[0] = z3::ite(done || this_final, bounced[0], next_w);
      bounced[1] = z3::ite(done || this_final, bounced[1], next_b);
      done = done || this_final;
    }
    resolved_ = done;
    // Named searches: three pieces meeting on one square (the two moving pieces
    // and a stationary one of either colour), and the two kings written to one square.
    named.push_back({"three_piece_collision.stationary_white",
                     "can both moving pieces meet a stationary white piece on one square?", final_three && final_three_white, false});
    named.push_back({"three_piece_collision.stationary_black",
                     "can both moving pieces meet a stationary black piece on one square?", final_three && !final_three_white, false});
    named.push_back({"king_versus_king", "can both kings be written to one square?",
                     kind[0] == kKing && kind[1] == kKing && to[0].f == to[1].f && to[0].r == to[1].r, false});

    // Fates, as the clauses give them in the final round; a bounced piece
    // under the clause that bounced it.
    FateProposal moves{std::string(clause::kWriteMoves), {}, {}, {}, {}, true};
    std::vector<FateProposal> bounces;
    for (const BounceRule& rule : kBounceRules) bounces.push_back({std::string(rule.clause), {}, {}, {}, {}, true});
    FateProposal stays{std::string(clause::kStandardRules), {}, {}, {}, {}, false};
    FateProposal both{std::string(clause::kBothCaptured), {}, {}, {}, {}, true};
    FateProposal one{std::string(clause::kOneCaptured), {}, {}, {}, {}, true};
    FateProposal three{std::string(clause::kThreePieces), {}, {}, {}, {}, true};
    for (int j = 0; j < n(); ++j) {
      const SymPiece& p = before[j];
      z3::expr mw = is_mover(0, j) && !final_bounced[0], mb = is_mover(1, j) && !final_bounced[1];
      z3::expr r = final_both[j] || final_one[j] || final_three_removed[j];
      moves.cond.push_back(p.on && (mw || mb) && !r);
      moves.removed.push_back(fl());
      moves.f.push_back(z3::ite(mw, to[0].f, to[1].f));
      moves.r.push_back(z3::ite(mw, to[0].r, to[1].r));
      if (castling()) {
        // The rook of a castling move goes to the square the king passes;
        // the model names zeitgeist.turn.write_moves in its move, as in the
        // king's.
        moves.cond.back() = moves.cond.back() || (p.on && castle_rook_[j] && !r);
        z3::expr passed = z3::ite(p.f == 0, c_.int_val(kKingFile - 1), c_.int_val(kKingFile + 1));
        moves.f.back() = z3::ite(castle_rook_[j], passed, moves.f.back());
        moves.r.back() = z3::ite(castle_rook_[j], p.r, moves.r.back());
      }
      for (std::size_t k = 0; k < bounces.size(); ++k) {
        int code = kBounceRules[k].code;
        z3::expr by = (is_mover(0, j) && final_bounced[0] && why[0] == code) || (is_mover(1, j) && final_bounced[1] && why[1] == code);
        bounces[k].cond.push_back(p.on && by && !r);
        bounces[k].removed.push_back(fl());
        bounces[k].f.push_back(p.f);
        bounces[k].r.push_back(p.r);
      }
      stays.cond.push_back(p.on && !is_mover(0, j) && !is_mover(1, j) && !r);
      if (castling()) stays.cond.back() = stays.cond.back() && !castle_rook_[j];
      stays.removed.push_back(fl());
      stays.f.push_back(p.f);
      stays.r.push_back(p.r);
      for (auto [proposal, reason] : {std::pair{&both, final_both[j]}, std::pair{&one, final_one[j]},
                                      std::pair{&three, final_three_removed[j]}}) {
        proposal->cond.push_back(p.on && reason);
        proposal->removed.push_back(t());
        proposal->f.push_back(p.f);
        proposal->r.push_back(p.r);
      }
    }
    if (promoting()) promotions(moves);
    fates = {moves};
    fates.insert(fates.end(), bounces.begin(), bounces.end());
    for (const FateProposal& f : {stays, both, one, three}) fates.push_back(f);
    // The clauses that are not proposals, by their conditions.
    z3::expr passes = fl();
    for (int s = 0; s < 2; ++s) passes = passes || (!final_bounced[s] && !final_bounced[1 - s] && over(s, from[1 - s]));
    conditions.push_back({std::string(clause::kSimultaneous), "after the moves a space holds two or three pieces", crowded, true});
    conditions.push_back({std::string(clause::kPawnMoves), "a pawn's move is written", kind[0] == kPawn || kind[1] == kPawn, true});
    conditions.push_back({std::string(clause::kPassMovers),
                          "a moving piece passes over the space the other moving piece left", passes, true});
    conditions.push_back({std::string(clause::kBouncedStationary),
                          "a piece that bounced stands, stationary, on the path or target of the other moving piece",
                          bounced_in_way, true});
    for (int i = 0; i < n(); ++i) {
      removed.push_back(c_.bool_const(("removed" + std::to_string(i)).c_str()));
      ff.push_back(c_.int_const(("ff" + std::to_string(i)).c_str()));
      fr.push_back(c_.int_const(("fr" + std::to_string(i)).c_str()));
    }
    // Results: a captured king, or a check after two consecutive turns.
    SymPosition after;
    for (int i = 0; i < n(); ++i)
      after.push_back({before[i].on && !removed[i], before[i].white, fk.empty() ? before[i].kind : fk[i], ff[i], fr[i]});
    // The pieces written to move: a castling move's rook among them.
    auto written = [&](int e) {
      z3::expr w = is_mover(0, e) || is_mover(1, e);
      return castling() ? w || castle_rook_[e] : w;
    };
    const z3::expr& by_move = parameters[0].var;
    z3::expr lose_king[2] = {fl(), fl()}, lose_check[2] = {fl(), fl()}, attacked = fl();
    for (int c = 0; c < 2; ++c) {
      z3::expr white = c_.bool_val(c == 0);
      for (int k = 0; k < n(); ++k) {
        z3::expr mine = before[k].on && before[k].kind == kKing && before[k].white == white;
        lose_king[c] = lose_king[c] || (mine && removed[k]);
        z3::expr counted = fl();
        for (int e = 0; e < n(); ++e) {
          if (e == k) continue;
          z3::expr attacker = after[e].on && after[e].white != white && attacks(after, e, {after[k].f, after[k].r});
          counted = counted || (attacker && z3::implies(by_move, written(e)));
          attacked = attacked || (mine && !removed[k] && attacker);
        }
        lose_check[c] = lose_check[c] || (mine && !removed[k] && counted && prev_check_[c]);
      }
    }
    z3::expr lw = lose_king[0] || lose_check[0], lb = lose_king[1] || lose_check[1];
    z3::expr res = z3::ite(lw && lb, c_.int_val(kBothLose), z3::ite(lw, c_.int_val(kBlackWins), z3::ite(lb, c_.int_val(kWhiteWins), c_.int_val(kOngoing))));
    result = c_.int_const("result");
    results.push_back({std::string(clause::kKingCaptured), lose_king[0] || lose_king[1], res});
    results.push_back({std::string(clause::kTwoChecks), lose_check[0] || lose_check[1], res});
    results.push_back({std::string(clause::kBothLose), lw && lb, c_.int_val(kBothLose)});
    results.push_back({"(no result from the step)", !lw && !lb, c_.int_val(kOngoing)});
    conditions.push_back({std::string(clause::kAnnounceCheck), "a king is attacked after the step", attacked, true});
    valid = valid && resolved_;
    if (castling()) {
      // The bound's restriction: the other player's move neither ends on nor
      // passes over a square of a castling move (the king's and the rook's,
      // and those between them), so that no rule of the placement meets the
      // castling pieces. The encoding resolves the step with the rook standing
      // in its corner, which the other move then never reaches, and moves it
      // after. zeitgeist.castle_bounce is never consulted.
      for (int s = 0; s < 2; ++s) {
        int o = 1 - s;
        z3::expr kingside = to[s].f > kKingFile, apart = t();
        for (int f = 0; f < b_.files; ++f) {
          z3::expr castle_square = f >= kKingFile ? kingside : !kingside;
          if (f == kKingFile) castle_square = t();
          Square2 sq{c_.int_val(f), c_.int_val(home_rank(s))};
          apart = apart && z3::implies(castle_square, !onto(o, sq) && !over(o, sq));
        }
        valid = valid && z3::implies(castles_[s], apart);
      }
      conditions.push_back({std::string(clause::kCastleCheck),
                            "a player castles: king and rook with the right, nothing between them, the king's square "
                            "and the square it passes not attacked",
                            castles_[0] || castles_[1], true});
    }
  }

  // zeitgeist.promotion.after_resolution: "After resolving all placements, a
  // player's pawn that has reached its opposite row may promote." A pawn's
  // move to its last row is resolved as any pawn move; the pawn that lands
  // there (not sent back, not removed) becomes the piece its move names.
  void promotions(const FateProposal& moves) {
    z3::expr promotes = fl();
    for (int j = 0; j < n(); ++j) {
      z3::expr to_last = (sel[0][j] && goes_to[0][0].r == last_rank(0)) ||
                         (sel[1][j] && goes_to[1][0].r == last_rank(1));
      z3::expr promoted = moves.cond[j] && before[j].kind == kPawn && to_last;
      fk.push_back(z3::ite(promoted, z3::ite(sel[0][j], promotion[0], promotion[1]), before[j].kind));
      promotes = promotes || promoted;
    }
    conditions.push_back({std::string(clause::kPromotion), "a pawn that reached its opposite row after the placements promotes",
                          promotes, true});
  }

  z3::context& c_;
  Bound b_;
  std::vector<z3::expr> prev_check_;
  // Extension::Castling: whether each player writes a castling move, and
  // whether each piece is the rook of one.
  std::vector<z3::expr> castles_, castle_rook_;
  z3::expr resolved_{c_};
};

}  // namespace

std::unique_ptr<Encoding> zeitgeist_encoding(z3::context& c, const Bound& bound) {
  return std::make_unique<ZeitgeistEncoding>(c, bound);
}

}  // namespace arbiter::smt
