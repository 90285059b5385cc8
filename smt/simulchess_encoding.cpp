// SimulChess, one step, for Z3. The bound: `pieces` pieces (one king of each
// colour among them), one piece a square, no castling, en passant or
// promotion; moves legal by the piece rules in the current position
// (simulchess.submit.illegal_rejected; the king may be exposed).
//
// The resolution follows the text's order as the model runs it: base attack
// check, path interception, collisions, then move execution with its
// captures; White's mover is taken before Black's at each stage. Each mover
// carries the rule that cancelled its move, if one did, so that each
// cancellation is proposed under its own clause.
//
// The bound extended by castling (Extension::Castling) states
// simulchess.castle.prevented_rejected, SimulChess: "If an opponent's move
// would prevent castling, the castling move is rejected." Its situation is
// restricted to that rule's case: White castles (king on e1, the rook with
// its right on h1 or a1, the squares between empty, the king neither in
// check nor crossing an attacked square, as the model's move generator asks)
// and Black's move, any legal one, prevents the castling under the default
// of simulchess.castle_prevented (path_or_check). The rejection costs what
// the default of simulchess.rejected_castling says (pass): White's move is
// void, the king and rook stand, and Black's move is resolved alone. Black
// has no castling right and never castles. The two reading points are not
// parameters: the extension plays their defaults.
#include <functional>

#include "model/core/geometry.h"
#include "model/variants/orthodox/orthodox.h"
#include "model/variants/simulchess/clauses.h"
#include "smt/encoding.h"

namespace arbiter::smt {

namespace {

using orthodox::kKing;
using orthodox::kKnight;
using orthodox::kPawn;
using orthodox::kRook;
namespace clause = simulchess::clause;
namespace reading = simulchess::reading;

// The rules that cancel a move (the piece stays on its square), numbered for
// the encoding's record of which one cancelled each mover (0: none). Two
// kings meeting cancel both moves too (simulchess.king.king_collision_draw).
// A rejected castling (the castling extension) is void from the start.
constexpr int kByBaseAttack = 1, kByBothReturn = 2, kByCastleRejected = 3;
// The castling squares on White's first rank (files): the king's, and the rook's.
constexpr int kKingFile = 4, kKingsideRookFile = 7, kQueensideRookFile = 0;

class SimulChessEncoding final : public Encoding {
 public:
  SimulChessEncoding(z3::context& c, const Bound& b)
      : Encoding(c), c_(c), b_(b), castling_(b.extension == Extension::Castling),
        kingside_(castling_ ? c.bool_const("castle_kingside") : c.bool_val(false)), prevented_(c.bool_val(false)) {
    void_[0] = castling_;
    declare_situation(c, b, before, sel, goes_to);
    for (std::string side : {"w", "b"})
      alt_.push_back(Square2{c.int_const(("altf" + side).c_str()), c.int_const(("altr" + side).c_str())});
    auto yes = c.bool_val(true), no = c.bool_val(false);
    parameters.push_back({std::string(reading::kBaseAttack), c.bool_const("base_threatened"), {{"targeted", no}, {"threatened", yes}}, 0});
    parameters.push_back({std::string(reading::kSameSquare), c.int_const("same_square"),
                          {{"interception", c.int_val(0)}, {"both_destroyed", c.int_val(1)}, {"both_return", c.int_val(2)}}, 0});
    parameters.push_back({std::string(reading::kKingIntercepts), c.bool_const("king_destroyed"), {{"king_survives", no}, {"king_destroyed", yes}}, 0});
    parameters.push_back({std::string(reading::kSlowEscape), c.bool_const("slow_escapes"), {{"captured", no}, {"escapes", yes}}, 0});
    parameters.push_back({std::string(reading::kBothKings), c.bool_const("both_lose"), {{"draw", no}, {"both_lose", yes}}, 0});
    parameters.push_back({std::string(reading::kMutualInterception), c.bool_const("mutual_pass"), {{"both_destroyed", no}, {"pass", yes}}, 0});
    parameters.push_back({std::string(reading::kKingEscape), c.bool_const("king_escapes"), {{"escapes", yes}, {"captured", no}}, 0});
    build_valid();
    build_legal();
    resolve();
    not_encoded = {
        {std::string(reading::kStalemate),
         "a player with no move at all: every square around his king held by his own pieces, each of them blocked, "
         "more pieces than the bound holds"},
        {std::string(reading::kDrawClaims), "a draw from the move counter and the history, which the bound does not hold"},
        {std::string(reading::kCastlePrevented),
         castling_ ? "the castling extension plays the default (path_or_check)" : "the bound has no castling"},
        {std::string(reading::kRejectedCastling),
         castling_ ? "the castling extension plays the default (pass)" : "the bound has no castling"},
    };
    definitions = {
        {std::string(clause::kFastSlow), "an overview: the fast/slow rules it introduces are encoded and checked clause by clause"},
        {std::string(clause::kCategories), "which pieces are fast (pawns and knights) and which slow (the others), applied by every stage"},
    };
    if (!castling_)
      not_encoded_clauses = {
          {std::string(clause::kCastleRejected), "the bound has no castling", Extension::Castling},
          {std::string(clause::kCastleNormal), "the bound has no castling", Extension::Castling},
      };
  }

  void read_witness(const z3::model& m, QueryResult& q) const override {
    Square2 to[2] = {goes_to[0][0], goes_to[1][0]};
    if (!castling_) {
      read_standard_witness(*this, b_, m, sel, to, "", q);
      return;
    }
    read_standard_witness(*this, b_, m, sel, to, "", q, m.eval(kingside_, true).is_true() ? "K" : "Q");
  }

 private:
  z3::expr t() const { return c_.bool_val(true); }
  z3::expr fl() const { return c_.bool_val(false); }
  int n() const { return b_.pieces; }
  z3::expr at(int j, const Square2& s) const { return same_square(before[j], s); }
  z3::expr colour_on(const Square2& s, const z3::expr& white) const { return smt::colour_on(before, s, white); }

  void build_valid() {
    valid = situation_constraints(c_, b_, before, sel, goes_to, true);
    // The multi-valued reading's variable takes one of its values.
    valid = valid && parameters[1].var >= 0 && parameters[1].var <= 2;
    // The castling extension's restriction: Black's move prevents White's
    // castling in every situation, so that the castling is always rejected.
    if (castling_) {
      prevented_ = castle_prevented();
      valid = valid && prevented_;
    }
  }

  // Whether Black stands ready to capture on square (f, r) of `pos`.
  z3::expr black_attacks(const SymPosition& pos, int f, int r) const {
    Square2 sq{c_.int_val(f), c_.int_val(r)};
    z3::expr any = fl();
    for (int j = 0; j < n(); ++j) any = any || (!pos[j].white && attacks(pos, j, sq));
    return any;
  }

  // The file of the castling rook, by the side castled on.
  z3::expr rook_file() const { return z3::ite(kingside_, c_.int_val(kKingsideRookFile), c_.int_val(kQueensideRookFile)); }

  // White's castling as the model's move generator offers it (orthodox
  // castling_moves; simulchess.submit.illegal_rejected takes it as submitted):
  // the king on e1 moves two squares toward a rook on h1 or a1 whose right the
  // FEN gives, every square between them is empty, and none of the king's
  // square, the one it crosses and the one it lands on is attacked
  // (simulchess.castle.normal_rules).
  z3::expr castling_legal() const {
    z3::expr king = fl(), rook = fl();
    for (int i = 0; i < n(); ++i) {
      const SymPiece& p = before[i];
      king = king || (sel[0][i] && p.on && p.white && p.kind == kKing && p.f == kKingFile && p.r == 0);
      rook = rook || (p.on && p.white && p.kind == kRook && p.f == rook_file() && p.r == 0);
    }
    const Square2& to = goes_to[0][0];
    z3::expr lands = to.r == 0 && to.f == z3::ite(kingside_, c_.int_val(kKingFile + 2), c_.int_val(kKingFile - 2));
    auto empty = [&](int f) { return !any_on(before, Square2{c_.int_val(f), c_.int_val(0)}); };
    z3::expr path = z3::ite(kingside_, empty(5) && empty(6), empty(1) && empty(2) && empty(3));
    z3::expr safe = !black_attacks(before, kKingFile, 0) &&
                    z3::ite(kingside_, !black_attacks(before, kKingFile + 1, 0) && !black_attacks(before, kKingFile + 2, 0),
                            !black_attacks(before, kKingFile - 1, 0) && !black_attacks(before, kKingFile - 2, 0));
    return king && rook && lands && path && safe;
  }

  // simulchess.castle.prevented_rejected under simulchess.castle_prevented=path_or_check
  // (the model's castle_prevented): Black's move lands between the king and
  // the rook or on their squares (e1 to h1, or a1 to e1), or, made alone,
  // leaves the king's square, the one it crosses or the one it lands on
  // attacked by Black.
  z3::expr castle_prevented() const {
    const Square2& to = goes_to[1][0];
    z3::expr lands_there = to.r == 0 && z3::ite(kingside_, to.f >= kKingFile, to.f <= kKingFile);
    SymPosition after = before;
    for (int j = 0; j < n(); ++j) {
      after[j].f = z3::ite(sel[1][j], to.f, before[j].f);
      after[j].r = z3::ite(sel[1][j], to.r, before[j].r);
      after[j].on = before[j].on && !(before[j].white && at(j, to));
    }
    z3::expr attacked = black_attacks(after, kKingFile, 0) ||
                        z3::ite(kingside_, black_attacks(after, kKingFile + 1, 0) || black_attacks(after, kKingFile + 2, 0),
                                black_attacks(after, kKingFile - 1, 0) || black_attacks(after, kKingFile - 2, 0));
    return lands_there || attacked;
  }

  // simulchess.submit.illegal_rejected: a move legal by the piece rules in the
  // current position; simulchess.king.may_be_exposed: the king may be left attacked.
  void build_legal() {
    z3::expr all = t();
    for (int s = 0; s < 2; ++s) {
      if (s == 0 && castling_) {
        all = all && castling_legal();
        continue;
      }
      z3::expr white = c_.bool_val(s == 0);
      const Square2& dest = goes_to[s][0];
      z3::expr any = fl();
      for (int i = 0; i < n(); ++i) {
        const SymPiece& p = before[i];
        z3::expr shape_ok = piece_rule_move(before, i, s == 0, dest, b_.ranks);
        any = any || (sel[s][i] && p.on && p.white == white && shape_ok && !colour_on(dest, white));
      }
      all = all && any;
    }
    legal = all;
  }

  // simulchess.submit.illegal_rejected: a move a player could write by the
  // piece's pattern (a second destination of the player's own) that the
  // current position makes illegal, ending on a friendly piece.
  z3::expr friendly_target() const {
    z3::expr any = fl();
    for (int s = 0; s < 2; ++s) {
      z3::expr white = c_.bool_val(s == 0);
      const Square2& alt = alt_[s];
      z3::expr on_board = alt.f >= 0 && alt.f < b_.files && alt.r >= 0 && alt.r < b_.ranks;
      for (int i = 0; i < n(); ++i)
        any = any || (on_board && before[i].on && before[i].white == white &&
                      piece_rule_move(before, i, s == 0, alt, b_.ranks) && colour_on(alt, white));
    }
    return any;
  }

  // simulchess.king.may_be_exposed: a player's move, made alone, leaves that
  // player's king attacked (standard chess would reject it).
  z3::expr exposes_own_king() const {
    z3::expr any = fl();
    for (int s = 0; s < 2; ++s) {
      if (void_[s]) continue;  // a rejected castling is not made
      z3::expr white = c_.bool_val(s == 0);
      const Square2& dest = goes_to[s][0];
      SymPosition after = before;
      for (int j = 0; j < n(); ++j) {
        after[j].f = z3::ite(sel[s][j], dest.f, before[j].f);
        after[j].r = z3::ite(sel[s][j], dest.r, before[j].r);
        after[j].on = before[j].on && !(before[j].white != white && at(j, dest));
      }
      for (int k = 0; k < n(); ++k)
        for (int e = 0; e < n(); ++e)
          if (e != k)
            any = any || (after[k].on && after[k].kind == kKing && after[k].white == white && after[e].white != white &&
                          attacks(after, e, {after[k].f, after[k].r}));
    }
    return any;
  }

  z3::expr pick(int s, const std::function<z3::expr(const SymPiece&)>& value) const {
    z3::expr e = value(before[n() - 1]);
    for (int i = n() - 2; i >= 0; --i) e = z3::ite(sel[s][i], value(before[i]), e);
    return e;
  }

  void resolve() {
    const z3::expr& threatened_reading = parameters[0].var;
    const z3::expr& same_square = parameters[1].var;
    const z3::expr& king_destroyed = parameters[2].var;
    const z3::expr& slow_escapes = parameters[3].var;
    const z3::expr& both_lose = parameters[4].var;
    const z3::expr& mutual_pass = parameters[5].var;
    const z3::expr& king_escapes = parameters[6].var;
    Square2 from[2] = {{pick(0, [](const SymPiece& p) { return p.f; }), pick(0, [](const SymPiece& p) { return p.r; })},
                       {pick(1, [](const SymPiece& p) { return p.f; }), pick(1, [](const SymPiece& p) { return p.r; })}};
    z3::expr kind[2] = {pick(0, [](const SymPiece& p) { return p.kind; }), pick(1, [](const SymPiece& p) { return p.kind; })};
    Square2 to[2] = {goes_to[0][0], goes_to[1][0]};
    z3::expr fast[2] = {kind[0] == kPawn || kind[0] == kKnight, kind[1] == kPawn || kind[1] == kKnight};
    // The enemy piece on each target when the moves were written, and captures.
    std::vector<z3::expr> target[2];
    z3::expr capture[2] = {fl(), fl()};
    for (int s = 0; s < 2; ++s)
      for (int j = 0; j < n(); ++j) {
        target[s].push_back(at(j, to[s]) && before[j].white == c_.bool_val(s != 0));
        capture[s] = capture[s] || target[s][j];
      }
    // 1. simulchess.fast.base_attack: a fast piece's capture fails if its base is attacked.
    // A void move (a rejected castling) stays on its square from the start,
    // and no stage sees it move.
    z3::expr cancelled[2] = {void_[0] ? t() : fl(), void_[1] ? t() : fl()}, destroyed[2] = {fl(), fl()};
    z3::expr cancel_by[2] = {c_.int_val(void_[0] ? kByCastleRejected : 0), c_.int_val(void_[1] ? kByCastleRejected : 0)};
    z3::expr escape = fl();  // simulchess.fast.escape: a fast non-capture leaves a base the other move goes to
    // Why a mover is removed, by clause.
    z3::expr by_interception[2] = {fl(), fl()}, by_king[2] = {fl(), fl()}, by_collision[2] = {fl(), fl()};
    for (int s = 0; s < 2; ++s) {
      if (void_[s]) continue;
      int o = 1 - s;
      z3::expr targeted = void_[o] ? fl() : to[o].f == from[s].f && to[o].r == from[s].r;
      z3::expr threatened = fl();
      for (int j = 0; j < n(); ++j)
        threatened = threatened || (before[j].on && before[j].white == c_.bool_val(s != 0) && attacks(before, j, from[s]));
      z3::expr attacked = z3::ite(capture[s] && targeted != threatened, z3::ite(threatened_reading, threatened, targeted), targeted);
      cancelled[s] = fast[s] && attacked && capture[s];
      cancel_by[s] = z3::ite(cancelled[s], c_.int_val(kByBaseAttack), cancel_by[s]);
      escape = escape || (fast[s] && !capture[s] && targeted);
    }
    z3::expr base_cancelled[2] = {void_[0] ? fl() : cancelled[0], void_[1] ? fl() : cancelled[1]};
    // simulchess.fast.not_intercepted: a fast piece that moves passes over the
    // square where the other lands, and is not stopped there.
    z3::expr not_intercepted = fl();
    for (int s = 0; s < 2; ++s) {
      int o = 1 - s;
      SymPiece marker{t(), t(), c_.int_val(0), to[o].f, to[o].r};
      not_intercepted = not_intercepted || (fast[s] && !cancelled[s] && !cancelled[o] && strictly_between(marker, from[s], to[s]));
    }
    // 2. simulchess.slow.interception: a slow piece stops where the other lands on its path.
    // Both interceptions are found before either is applied; where each piece
    // lands in the other's path, simulchess.mutual_interception decides.
    Square2 land[2] = {to[0], to[1]};
    z3::expr cap[2] = {capture[0], capture[1]};
    std::vector<z3::expr> hits;
    for (int s = 0; s < 2; ++s) {
      int o = 1 - s;
      z3::expr lands_s = !cancelled[s] && !destroyed[s], lands_o = !cancelled[o] && !destroyed[o];
      SymPiece marker{t(), c_.bool_val(true), c_.int_val(0), to[o].f, to[o].r};
      hits.push_back(!fast[s] && lands_s && lands_o && strictly_between(marker, from[s], to[s]));
    }
    z3::expr pass = hits[0] && hits[1] && mutual_pass;
    // simulchess.resolution.order decides where a move an earlier stage stops
    // would meet a later stage's rule: a fast capture the base attack check
    // cancels whose target the other piece lands on (a collision, stage 3),
    // or a slow piece intercepted on the square its interceptor lands on
    // (there the two would collide, were collisions judged first).
    z3::expr order_decides = (hits[0] || hits[1]) && !pass;
    for (int s = 0; s < 2; ++s)
      order_decides = order_decides || (base_cancelled[s] && to[s].f == to[1 - s].f && to[s].r == to[1 - s].r);
    for (int s = 0; s < 2; ++s) {
      int o = 1 - s;
      z3::expr hit = hits[s] && !pass;
      land[s] = {z3::ite(hit, to[o].f, land[s].f), z3::ite(hit, to[o].r, land[s].r)};
      cap[s] = cap[s] && !hit;
      // The interceptor is destroyed, unless it is a king that survives (simulchess.king_intercepts).
      z3::expr king_survives = kind[o] == kKing && !king_destroyed;
      destroyed[s] = destroyed[s] || (hit && king_survives);
      destroyed[o] = destroyed[o] || (hit && !king_survives);
      by_king[s] = by_king[s] || (hit && king_survives);
      by_interception[o] = by_interception[o] || (hit && !king_survives);
    }
    // 3. simulchess.resolution.collision: the two pieces land on one square.
    z3::expr lands_w = !cancelled[0] && !destroyed[0], lands_b = !cancelled[1] && !destroyed[1];
    z3::expr meet = lands_w && lands_b && land[0].f == land[1].f && land[0].r == land[1].r;
    z3::expr kings_meet = meet && kind[0] == kKing && kind[1] == kKing;  // simulchess.king.king_collision_draw
    z3::expr one_king = meet && !kings_meet && (kind[0] == kKing || kind[1] == kKing);
    z3::expr neither_king = meet && kind[0] != kKing && kind[1] != kKing;
    z3::expr ret = neither_king && same_square == 2;
    z3::expr intercept = neither_king && same_square == 0 && fast[0] != fast[1];
    z3::expr both = neither_king && !ret && !intercept;
    for (int s = 0; s < 2; ++s) {
      int o = 1 - s;
      // simulchess.king.survives_collisions: the other piece is destroyed.
      destroyed[s] = destroyed[s] || (one_king && kind[o] == kKing) || (intercept && fast[s]) || both;
      by_king[s] = by_king[s] || (one_king && kind[o] == kKing);
      by_interception[s] = by_interception[s] || (intercept && fast[s]);
      by_collision[s] = by_collision[s] || both;
      cancel_by[s] = z3::ite(ret && !cancelled[s], c_.int_val(kByBothReturn), cancel_by[s]);
      cancelled[s] = cancelled[s] || ret;
    }
    // 4. Move execution, White's mover first: captures, chain captures, escapes.
    std::vector<z3::expr> captured(n(), fl()), chained(n(), fl());
    z3::expr chain_seen = fl();  // simulchess.slow.attack_despite_base
    for (int s = 0; s < 2; ++s) {
      int o = 1 - s;
      z3::expr lands_s = !cancelled[s] && !destroyed[s];
      z3::expr lands_o = !cancelled[o] && !destroyed[o];
      z3::expr chain_any = fl(), caught_any = fl(), escaped_any = fl();
      for (int j = 0; j < n(); ++j) {
        z3::expr victim = at(j, land[s]) && before[j].white == c_.bool_val(s != 0);
        z3::expr moving_victim = victim && sel[o][j] && lands_o;
        // simulchess.capture.chain: a slow piece captured while capturing; its own target goes too.
        z3::expr chain = lands_s && moving_victim && !fast[o] && cap[o];
        // simulchess.slow_escape=captured, simulchess.king_escape=captured: a
        // slow piece leaving its base is caught there.
        z3::expr caught = lands_s && moving_victim && !fast[o] && !cap[o] &&
                          z3::ite(kind[o] == kKing, !king_escapes, !slow_escapes);
        // simulchess.capture.standard: a piece that stayed is captured.
        z3::expr took = lands_s && victim && !moving_victim;
        captured[j] = captured[j] || caught || took;
        chained[j] = chained[j] || chain;
        chain_any = chain_any || chain;
        caught_any = caught_any || caught;
        escaped_any = escaped_any || (lands_s && moving_victim &&
                                      (fast[o] || (!cap[o] && z3::ite(kind[o] == kKing, king_escapes, slow_escapes))));
      }
      for (int k = 0; k < n(); ++k) {
        z3::expr moved_away = (sel[0][k] && !cancelled[0] && !destroyed[0]) || (sel[1][k] && !cancelled[1] && !destroyed[1]);
        chained[k] = chained[k] || (chain_any && target[o][k] && !moved_away);
      }
      // Two slow pieces capturing each other: the chain takes this side's piece too.
      z3::expr on_its_target = fl();
      for (int k = 0; k < n(); ++k) on_its_target = on_its_target || (sel[s][k] && target[o][k]);
      z3::expr mutual = chain_any && !fast[s] && cap[s] && on_its_target;
      for (int k = 0; k < n(); ++k) chained[k] = chained[k] || (mutual && sel[s][k]);
      destroyed[s] = destroyed[s] || mutual;
      destroyed[o] = destroyed[o] || chain_any || caught_any;
      chain_seen = chain_seen || chain_any;
      // A capture whose target escaped still lands (simulchess.resolution.order:
      // "Move Execution: Apply successful moves").
    }
    // Fates. A move that does not happen is proposed under the clause that
    // cancelled it; a removal under the clause that removes the piece.
    FateProposal moves{std::string(clause::kSimultaneous), {}, {}, {}, {}, true};
    FateProposal base_attack{std::string(clause::kFastBaseAttack), {}, {}, {}, {}, true};
    FateProposal kings{std::string(clause::kKingVsKing), {}, {}, {}, {}, true};
    FateProposal stays{std::string(clause::kStandardRules), {}, {}, {}, {}, false};
    // Removals, and for the collision and the standard capture also the
    // cancellation simulchess.same_square=both_return gives.
    FateProposal taken{std::string(clause::kStandardCapture), {}, {}, {}, {}, true};
    FateProposal chain{std::string(clause::kChainCapture), {}, {}, {}, {}, true};
    FateProposal intercepted{std::string(clause::kSlowIntercepted), {}, {}, {}, {}, true};
    FateProposal king_wins{std::string(clause::kKingSurvives), {}, {}, {}, {}, true};
    FateProposal collided{std::string(clause::kCollision), {}, {}, {}, {}, true};
    // simulchess.castle.prevented_rejected: the rejected castling's king stays
    // on e1 (the model names the clause in the king's rejection). Its rook,
    // not the move's selected piece, stays under simulchess.standard_rules
    // like every piece that does not move.
    FateProposal rejected{std::string(clause::kCastleRejected), {}, {}, {}, {}, true};
    auto keep = [](FateProposal& p, const SymPiece& piece, const z3::expr& cond, const z3::expr& removed) {
      p.cond.push_back(cond);
      p.removed.push_back(removed);
      p.f.push_back(piece.f);
      p.r.push_back(piece.r);
    };
    z3::expr cancelled_somewhere[4] = {fl(), fl(), fl(), fl()};  // by kBy... code
    for (int j = 0; j < n(); ++j) {
      const SymPiece& p = before[j];
      z3::expr w = sel[0][j], b = sel[1][j];
      z3::expr reasons[5] = {captured[j], chained[j], (w && by_interception[0]) || (b && by_interception[1]),
                             (w && by_king[0]) || (b && by_king[1]), (w && by_collision[0]) || (b && by_collision[1])};
      z3::expr rem = !kings_meet && (reasons[0] || reasons[1] || reasons[2] || reasons[3] || reasons[4]);
      z3::expr lands = !kings_meet && ((w && !cancelled[0]) || (b && !cancelled[1]));
      auto cancelled_by = [&](int code) {
        return p.on && !kings_meet && !rem && ((w && cancel_by[0] == code) || (b && cancel_by[1] == code));
      };
      moves.cond.push_back(p.on && lands && !rem);
      moves.removed.push_back(fl());
      moves.f.push_back(z3::ite(w, land[0].f, land[1].f));
      moves.r.push_back(z3::ite(w, land[0].r, land[1].r));
      for (int code : {kByBaseAttack, kByBothReturn})
        cancelled_somewhere[code] = cancelled_somewhere[code] || cancelled_by(code);
      keep(base_attack, p, cancelled_by(kByBaseAttack), fl());
      keep(kings, p, p.on && kings_meet && (w || b), fl());
      keep(stays, p, p.on && !w && !b && !rem, fl());
      std::vector<z3::expr> removed_by;
      for (const z3::expr& reason : reasons) removed_by.push_back(p.on && !kings_meet && reason);
      keep(taken, p, removed_by[0], t());
      keep(chain, p, removed_by[1], t());
      keep(intercepted, p, removed_by[2], t());
      keep(king_wins, p, removed_by[3], t());
      keep(collided, p, removed_by[4] || cancelled_by(kByBothReturn), removed_by[4]);
      if (castling_) keep(rejected, p, cancelled_by(kByCastleRejected), fl());
    }
    fates = {moves, base_attack, kings, stays, taken, chain, intercepted, king_wins, collided};
    if (castling_) fates.push_back(rejected);
    // Named searches: a move cancelled by each rule that cancels moves, under
    // any readings (two of them need one other than the defaults).
    std::pair<std::string_view, z3::expr> cancels[] = {{clause::kFastBaseAttack, cancelled_somewhere[kByBaseAttack]},
                                                       {clause::kCollision, cancelled_somewhere[kByBothReturn]},
                                                       {clause::kKingVsKing, kings_meet}};
    for (const auto& [id, goal] : cancels) {
      std::string name(id);
      named.push_back({"move_cancelled." + name.substr(name.find('.') + 1), "can a move be cancelled by " + name + "?", goal, true});
    }
    // The clauses that are not proposals, by their conditions.
    conditions.push_back({std::string(clause::kFastNotIntercepted),
                          "a fast piece passes over the square where the other piece lands", not_intercepted, true});
    conditions.push_back({std::string(clause::kFastEscape),
                          "a fast piece's non-capturing move leaves the square the other move goes to", escape, true});
    conditions.push_back({std::string(clause::kSlowAttackSucceeds),
                          "a slow piece is captured on its base while its own capture lands", chain_seen, true});
    conditions.push_back({std::string(clause::kOrder),
                          "a move an earlier stage stops would meet a later stage's rule (a cancelled fast capture whose "
                          "target the other piece lands on, a slow piece intercepted where its interceptor lands)",
                          order_decides, false});
    conditions.push_back({std::string(clause::kIllegalRejected),
                          "a move the piece's pattern allows ends on a friendly piece, illegal in the current position",
                          friendly_target(), true});
    conditions.push_back({std::string(clause::kKingMayBeExposed),
                          "a player's move, made alone, leaves that player's king attacked", exposes_own_king(), true});
    if (castling_)
      conditions.push_back({std::string(clause::kCastleNormal),
                            "White castles, the king's square, the one it crosses and the one it lands on unattacked",
                            castling_legal(), true});
    if (castling_)
      conditions.push_back({std::string(clause::kCastleRejected),
                            "Black's move prevents White's castling (simulchess.castle_prevented=path_or_check): it "
                            "lands between the king and the rook or on their squares, or leaves the king's square, the "
                            "one it crosses or the one it lands on attacked",
                            prevented_, true});
    for (int i = 0; i < n(); ++i) {
      removed.push_back(c_.bool_const(("removed" + std::to_string(i)).c_str()));
      ff.push_back(c_.int_const(("ff" + std::to_string(i)).c_str()));
      fr.push_back(c_.int_const(("fr" + std::to_string(i)).c_str()));
    }
    z3::expr lost[2] = {fl(), fl()};
    for (int i = 0; i < n(); ++i) {
      lost[0] = lost[0] || (before[i].on && before[i].kind == kKing && before[i].white && removed[i]);
      lost[1] = lost[1] || (before[i].on && before[i].kind == kKing && !before[i].white && removed[i]);
    }
    result = c_.int_const("result");
    results.push_back({std::string(clause::kKingVsKing), kings_meet, c_.int_val(kDraw)});
    results.push_back({std::string(clause::kKingCapture), !kings_meet && (lost[0] || lost[1]),
                       z3::ite(lost[0] && lost[1], z3::ite(both_lose, c_.int_val(kBothLose), c_.int_val(kDraw)),
                               z3::ite(lost[0], c_.int_val(kBlackWins), c_.int_val(kWhiteWins)))});
    results.push_back({"(no result from the step)", !kings_meet && !lost[0] && !lost[1], c_.int_val(kOngoing)});
    // simulchess.result.checkmate_at_start and .both_mated_draw, judged on the
    // position the step leaves, where the next turn starts. The model judges
    // them only where no king was lost and the kings did not meet. The
    // castling extension, which states only its own clause, leaves them out:
    // they are the costliest conditions, and the plain bound checks them.
    if (!b_.turn_start || castling_) return;
    SymPosition next;
    z3::expr kings_stand = !kings_meet;
    for (int j = 0; j < n(); ++j) {
      next.push_back({before[j].on && !removed[j], before[j].white, before[j].kind, ff[j], fr[j]});
      kings_stand = kings_stand && z3::implies(before[j].on && before[j].kind == kKing, !removed[j]);
    }
    TurnStart start[2] = {turn_start(next, true), turn_start(next, false)};
    z3::expr mated[2] = {start[0].check && !start[0].escape, start[1].check && !start[1].escape};
    // White not in check, with moves, every one of which leaves the king
    // attacked (Black's case is its mirror, and searching both doubles the
    // cost of the costliest condition).
    z3::expr exposed = !start[0].check && start[0].any_move && !start[0].escape;
    conditions.push_back({std::string(clause::kCheckmateAtStart),
                          "the step leaves one king checkmated: in check, and no move of its player's by the piece rules "
                          "leaves it unattacked",
                          kings_stand && mated[0] != mated[1], true});
    conditions.push_back({std::string(clause::kBothMated), "the step leaves both kings checkmated",
                          kings_stand && mated[0] && mated[1], true});
    conditions.push_back({std::string(clause::kPlaysIntoCheck),
                          "the step leaves White not in check, every one of its moves by the piece rules leaving its "
                          "king attacked (no stalemate: it plays one of them; Black's case is the mirror)",
                          kings_stand && exposed, true});
  }

  // Whether the king of one colour is attacked by an enemy piece in `pos`.
  z3::expr king_attacked(const SymPosition& pos, const z3::expr& white) const {
    z3::expr any = fl();
    for (int k = 0; k < n(); ++k) {
      z3::expr king = pos[k].on && pos[k].kind == kKing && pos[k].white == white;
      for (int e = 0; e < n(); ++e)
        if (e != k) any = any || (king && pos[e].white != white && attacks(pos, e, {pos[k].f, pos[k].r}));
    }
    return any;
  }

  // What the start of a turn finds for one colour, within the bound (no
  // castling, no en passant): whether its king is in check in `pos`, whether
  // it has a move by the piece rules onto any square of the board, and
  // whether one of those leaves its king unattacked.
  struct TurnStart {
    z3::expr check, any_move, escape;
  };
  TurnStart turn_start(const SymPosition& pos, bool white_side) const {
    z3::expr white = c_.bool_val(white_side);
    z3::expr escapes = fl(), any = fl();
    for (int i = 0; i < n(); ++i)
      for (int f = 0; f < b_.files; ++f)
        for (int r = 0; r < b_.ranks; ++r) {
          Square2 sq{c_.int_val(f), c_.int_val(r)};
          z3::expr legal = pos[i].on && pos[i].white == white && piece_rule_move(pos, i, white_side, sq, b_.ranks) &&
                           !smt::colour_on(pos, sq, white);
          SymPosition moved = pos;
          moved[i].f = sq.f;
          moved[i].r = sq.r;
          for (int j = 0; j < n(); ++j)
            if (j != i) moved[j].on = pos[j].on && !(pos[j].white != white && same_square(pos[j], sq));
          escapes = escapes || (legal && !king_attacked(moved, white));
          any = any || legal;
        }
    return {king_attacked(pos, white), any, escapes};
  }

  z3::context& c_;
  Bound b_;
  // The castling extension: whether the bound has it, the side White castles
  // on, and whether Black's move prevents the castling (always, there).
  bool castling_;
  z3::expr kingside_, prevented_;
  // Whether each player's move is void from the start (White's rejected
  // castling): nothing of it is resolved, and its piece stands.
  bool void_[2] = {false, false};
  std::vector<Square2> alt_;  // a second destination for each player, for simulchess.submit.illegal_rejected
};

}  // namespace

std::unique_ptr<Encoding> simulchess_encoding(z3::context& c, const Bound& bound) {
  return std::make_unique<SimulChessEncoding>(c, bound);
}

}  // namespace arbiter::smt
