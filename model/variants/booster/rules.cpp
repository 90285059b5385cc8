// Booster Chess: movement on checkers, booster threats and the parts of a
// turn. Normal moves reuse orthodox make_move (captures, en passant,
// promotion, castling, rights, clocks) and then apply the checkers.
#include "model/variants/booster/rules.h"

#include <algorithm>
#include <array>
#include <cassert>
#include <cstdlib>

#include "model/core/fixed_vector.h"
#include "model/core/movegen.h"
#include "model/variants/orthodox/orthodox.h"

namespace arbiter::booster {

using orthodox::kBishop;
using orthodox::kKing;
using orthodox::kKnight;
using orthodox::kPawn;
using orthodox::kQueen;
using orthodox::kRook;

std::string_view Ctx::alt(std::string_view point) const {
  const ReadingPoint* p = find_reading(booster::readings(), point);
  assert(p);
  if (trace) return readings->consult(*p, *trace);
  return readings->in_force(*p);
}

// --- Checkers -----------------------------------------------------------------

Checkers checkers_of(const Piece& p) { return {p.counter % 10, p.counter / 10}; }
std::int16_t encode_checkers(Checkers c) { return static_cast<std::int16_t>(c.light + 10 * c.dark); }
bool boosted(const Piece& p) { return checkers_of(p).of(p.color) > 0; }
bool hobbled(const Piece& p) { return checkers_of(p).of(opposite(p.color)) > 0; }

int checkers_total(const Position& pos, Color c) {
  auto it = pos.vars.find(kCheckersKey);
  if (it == pos.vars.end()) return kCheckersEach;
  // "W,B", one digit each (check_invariants refuses any other text).
  const std::string& v = it->second;
  if (v.size() != 3 || v[1] != ',') return kCheckersEach;
  char d = c == Color::White ? v[0] : v[2];
  return d >= '0' && d <= '9' ? d - '0' : kCheckersEach;
}

int in_front(const Position& pos, Color c) {
  int under = 0;
  for (const Piece& p : pos.pieces())
    if (p.on_board()) under += checkers_of(p).of(c);
  return checkers_total(pos, c) - under;
}

namespace {

int forward(Color c) { return c == Color::White ? 1 : -1; }
int far_rank(Color c) { return c == Color::White ? 7 : 0; }
int first_rank(Color c) { return c == Color::White ? 0 : 7; }
int chebyshev(const BoardShape& shape, Square a, Square b) {
  return std::max(std::abs(shape.file_of(a) - shape.file_of(b)), std::abs(shape.rank_of(a) - shape.rank_of(b)));
}

// booster.move.pawn_double_first: a pawn that has moved and stands on its
// own second rank again carries the moved flag (it may not step two);
// anywhere else the flag says nothing and is not kept, so a position is
// written one way only.
void mark_moved(Position& pos, PieceId id) {
  const Piece& p = pos.piece(id);
  bool flag = p.kind == kPawn && pos.shape().rank_of(p.square) == first_rank(p.color) + forward(p.color);
  pos.set_flags(id, flag ? kFlagMoved : 0u);
}

// Adds checkers to a piece; booster.checkers.cancel: opposite colours cancel
// in pairs at once and go back to their owners (in front of them).
void stack_checkers(Position& pos, PieceId id, Checkers add, Trace* trace) {
  Checkers c = checkers_of(pos.piece(id));
  c.light += add.light;
  c.dark += add.dark;
  int pairs = std::min(c.light, c.dark);
  if (pairs > 0) {
    c.light -= pairs;
    c.dark -= pairs;
    if (trace) trace->fire(clause::kCancel);
  }
  pos.set_counter(id, encode_checkers(c));
}

// booster.hobble.back_rank: a hobbled piece brought to the back rank loses
// its hobble checker(s), which go back to their owner.
void back_rank_check(Position& pos, PieceId id, const Ctx& ctx, Trace* trace) {
  const Piece& p = pos.piece(id);
  Checkers c = checkers_of(p);
  int hobbles = c.of(opposite(p.color));
  if (hobbles == 0) return;
  int rank = pos.shape().rank_of(p.square);
  bool back = rank == far_rank(p.color);
  if (!back && rank == first_rank(p.color)) back = ctx.alt(reading::kBackRank) == "either";
  if (!back) return;
  int removed = hobbles;
  if (hobbles > 1 && ctx.alt(reading::kBackRankCount) == "one") removed = 1;
  if (p.color == Color::White) c.dark -= removed;
  else c.light -= removed;
  pos.set_counter(id, encode_checkers(c));
  if (trace) trace->fire(clause::kBackRank);
}

// Whether a pawn arriving on square `to` by a booster move promotes
// (booster.special.promote_continue; booster.back_rank for its own first rank).
bool promotes_on(const Position& pos, Color c, Square to, const Ctx& ctx) {
  int rank = pos.shape().rank_of(to);
  if (rank == far_rank(c)) return true;
  return rank == first_rank(c) && ctx.alt(reading::kBackRank) == "either";
}

void emit_with_promotion(Square from, Square to, bool promote, std::uint8_t flags, MoveList& out) {
  if (!promote) {
    out.push_back(Move{from, to, kNoKind, flags});
    return;
  }
  for (KindId k : {kQueen, kRook, kBishop, kKnight}) out.push_back(Move{from, to, k, flags});
}

// Whether colour c may capture en passant on the position's square: it lies
// behind a pawn of the other colour that just made a double step. The pawn
// must stand there: a capture en passant is never emitted without its victim
// (check_invariants refuses such a state; this holds whatever state is given).
bool en_passant_for(const Position& pos, Color c) {
  if (pos.en_passant == kNoSquare || pos.shape().rank_of(pos.en_passant) != (c == Color::White ? 5 : 2)) return false;
  Square behind = pos.shape().offset(pos.en_passant, 0, -forward(c));
  PieceId victim = behind == kNoSquare ? kNoPiece : pos.occupant(behind);
  return victim != kNoPiece && pos.piece(victim).kind == kPawn && pos.piece(victim).color != c;
}

// The normal moves of one piece, checkers considered, without castling and
// without the check test.
void piece_normal_moves(const Position& pos, const Piece& p, const Ctx& ctx, MoveList& out) {
  const BoardShape& shape = pos.shape();
  int dir = forward(p.color);
  if (hobbled(p)) {
    // booster.hobble.moves: a hobbled pawn cannot move; other pieces move like
    // pawns (booster.special.hobble_no_double: one square, never two).
    if (p.kind == kPawn) return;
    auto promote = [&](Square to) {
      // A king never promotes: there would be no king left.
      return p.kind != kKing && shape.rank_of(to) == far_rank(p.color) &&
             ctx.alt(reading::kHobbledPromotion) == "promotes";
    };
    Square one = shape.offset(p.square, 0, dir);
    if (one != kNoSquare && pos.empty(one)) emit_with_promotion(p.square, one, promote(one), 0, out);
    for (int df : {-1, 1}) {
      Square to = shape.offset(p.square, df, dir);
      if (to == kNoSquare) continue;
      PieceId v = pos.occupant(to);
      if (v != kNoPiece && pos.piece(v).color != p.color) emit_with_promotion(p.square, to, promote(to), 0, out);
      if (v == kNoPiece && to == pos.en_passant && en_passant_for(pos, p.color) &&
          ctx.alt(reading::kHobbledEnPassant) == "yes")
        emit_with_promotion(p.square, to, promote(to), kMoveEnPassant, out);
    }
    return;
  }
  if (p.kind == kPawn) {
    // booster.move.normal: a pawn as in chess (booster.move.promotion,
    // booster.special.en_passant).
    bool promote_rank;
    Square one = shape.offset(p.square, 0, dir);
    if (one != kNoSquare && pos.empty(one)) {
      promote_rank = shape.rank_of(one) == far_rank(p.color);
      emit_with_promotion(p.square, one, promote_rank, 0, out);
      Square two = shape.offset(one, 0, dir);
      // booster.move.pawn_double_first: from its second rank, on its first
      // move only (a pawn brought back there by booster moves has moved).
      if (shape.rank_of(p.square) == first_rank(p.color) + dir && !p.has(kFlagMoved) && two != kNoSquare &&
          pos.empty(two))
        out.push_back(Move{p.square, two, kNoKind, kMoveDoubleStep});
    }
    for (int df : {-1, 1}) {
      Square to = shape.offset(p.square, df, dir);
      if (to == kNoSquare) continue;
      PieceId v = pos.occupant(to);
      promote_rank = shape.rank_of(to) == far_rank(p.color);
      if (v != kNoPiece && pos.piece(v).color != p.color) emit_with_promotion(p.square, to, promote_rank, 0, out);
      if (v == kNoPiece && to == pos.en_passant && en_passant_for(pos, p.color))
        emit_with_promotion(p.square, to, promote_rank, kMoveEnPassant, out);
    }
    return;
  }
  piece_moves(pos, p, out);
}

// booster.move.castle with booster.special.castle_boosted and
// booster.special.castle_through.
void castling(const Position& pos, Color us, const Ctx& ctx, MoveList& out) {
  const BoardShape& shape = pos.shape();
  int rank = first_rank(us);
  PieceId king = pos.occupant(shape.square(4, rank));
  if (king == kNoPiece || pos.piece(king).kind != kKing || pos.piece(king).color != us) return;
  const Piece& k = pos.piece(king);
  // A hobbled king moves like a pawn (booster.hobble.moves): no castling.
  if (boosted(k) || hobbled(k)) return;
  struct Side {
    std::uint8_t right;
    int rook_file, king_to, crossed;
  };
  const Side sides[2] = {{us == Color::White ? kWhiteKingside : kBlackKingside, 7, 6, 5},
                         {us == Color::White ? kWhiteQueenside : kBlackQueenside, 0, 2, 3}};
  for (const Side& side : sides) {
    if (!(pos.castling & side.right)) continue;
    PieceId rook = pos.occupant(shape.square(side.rook_file, rank));
    if (rook == kNoPiece || pos.piece(rook).kind != kRook || pos.piece(rook).color != us) continue;
    if (boosted(pos.piece(rook))) continue;
    if (hobbled(pos.piece(rook)) && ctx.alt(reading::kCastleHobbled) == "forbidden") continue;
    int lo = std::min(4, side.rook_file) + 1, hi = std::max(4, side.rook_file);
    bool clear = true;
    for (int f = lo; f < hi; ++f) clear = clear && pos.empty(shape.square(f, rank));
    if (!clear) continue;
    if (threatened(pos, shape.square(4, rank), opposite(us), ctx) ||
        threatened(pos, shape.square(side.crossed, rank), opposite(us), ctx))
      continue;
    out.push_back(Move{shape.square(4, rank), shape.square(side.king_to, rank), kNoKind, kMoveCastle});
  }
}

// --- Booster threats ------------------------------------------------------------

// booster.win.booster_threat: the squares a boosted piece can reach by its
// king's moves, searched on a compact board: occupancy by colour and each
// square's checkers counted for the attacker (its own positive, the other
// side's negative).
struct ThreatSearch {
  const BoardShape* shape;
  Color by;
  Square target;
  const Ctx* ctx;
  std::array<std::int8_t, kMaxSquares> occ;  // -1 empty, 0 white, 1 black
  std::array<std::int8_t, kMaxSquares> sg;

  bool walk(Square at, int n, int gain) {
    static constexpr int kDirs[8][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
    for (const auto& d : kDirs) {
      Square s = shape->offset(at, d[0], d[1]);
      if (s == kNoSquare) continue;
      if (s == target) return true;
      if (occ[s] == static_cast<int>(by)) continue;
      int dist = chebyshev(*shape, s, target);
      int v = sg[s];
      // Either order of spending (booster.spend_order) leaves n - 1 + v
      // checkers when any remain, so the reach does not depend on it.
      int left = n - 1 + (occ[s] < 0 ? 0 : v);
      if (left < 1) continue;
      int gain_left = gain - (occ[s] >= 0 && v > 0 ? v : 0);
      if (dist > left + gain_left) continue;
      std::int8_t occ_s = occ[s], sg_s = sg[s], sg_at = sg[at];
      occ[s] = static_cast<std::int8_t>(by);
      occ[at] = -1;
      sg[s] = static_cast<std::int8_t>(left);
      sg[at] = 0;
      bool hit = walk(s, left, gain_left);
      occ[at] = static_cast<std::int8_t>(by);
      occ[s] = occ_s;
      sg[s] = sg_s;
      sg[at] = sg_at;
      if (hit) return true;
    }
    return false;
  }
};

}  // namespace

// Whether a normal move of p could land within `reach` squares (king's
// steps) of `target`: a leaper, a pawn or a hobbled piece (which moves as a
// pawn) lands near its square, a rider on its lines, which must cross the
// square box of that size around the target. False only where none of its
// moves can (an orthodox kind; any other kind is taken as able).
bool lands_near(const BoardShape& shape, const Piece& p, Square target, int reach) {
  int pf = shape.file_of(p.square), pr = shape.rank_of(p.square);
  int tf = shape.file_of(target), tr = shape.rank_of(target);
  int far = std::max(std::abs(pf - tf), std::abs(pr - tr));
  bool straight = std::abs(pf - tf) <= reach || std::abs(pr - tr) <= reach;
  bool diagonal = std::abs((pf - pr) - (tf - tr)) <= 2 * reach || std::abs((pf + pr) - (tf + tr)) <= 2 * reach;
  if (p.kind == kPawn || p.kind == kKnight || hobbled(p)) return far <= reach + 2;
  if (p.kind == kKing) return far <= reach + 1;
  if (p.kind == kRook) return straight;
  if (p.kind == kBishop) return diagonal;
  if (p.kind == kQueen) return straight || diagonal;
  return true;
}

bool threatened(const Position& pos, Square target, Color by, const Ctx& ctx, PieceId only) {
  const BoardShape& shape = pos.shape();
  int gain = 0;  // by's checkers under the other side's pieces
  // The other side's pieces that a capture would boost by (their checkers
  // counted for `by`, at least one): the only captures that can make a
  // piece of `by` not yet boosted into a booster.
  struct Boosting {
    Square square;
    int checkers;
  };
  FixedVector<Boosting, kMaxPieces> boosting;
  for (const Piece& p : pos.pieces()) {
    if (!p.on_board() || p.color == by) continue;
    Checkers c = checkers_of(p);
    gain += c.of(by);
    if (int n = c.of(by) - c.of(opposite(by)); n >= 1) boosting.push_back({p.square, n});
  }
  bool boosters = gain > 0;  // a capture could boost any piece (booster.boost_when)
  for (const Piece& p : pos.pieces()) {
    if (!p.on_board() || p.color != by || (only != kNoPiece && p.id != only)) continue;
    if (hobbled(p)) {
      // booster.hobble.moves: a hobbled pawn threatens nothing; another piece
      // threatens as a pawn does.
      if (p.kind == kPawn) continue;
      if (shape.rank_of(target) - shape.rank_of(p.square) == forward(by) &&
          std::abs(shape.file_of(target) - shape.file_of(p.square)) == 1)
        return true;
      continue;
    }
    if (piece_attacks(pos, p, target)) return true;
    boosters = boosters || boosted(p);
  }
  if (!boosters) return false;
  // A square's checkers counted for `by` (its own positive, the other
  // side's negative), read from the position.
  auto signed_checkers = [&](Square s) {
    Checkers c = checkers_of(pos.piece(pos.occupant(s)));
    return c.of(by) - c.of(opposite(by));
  };
  // The compact board is set up only for the first move that passes the
  // distance test: most moves leave the target out of reach. Until then it
  // would hold what the position holds, which the test reads instead.
  ThreatSearch search;
  search.shape = &shape;
  search.by = by;
  search.target = target;
  search.ctx = &ctx;
  bool set_up = false;
  auto set_up_search = [&] {
    for (Square s = 0; s < shape.size(); ++s) {
      bool empty = pos.empty(s);
      search.occ[s] = static_cast<std::int8_t>(empty ? -1 : static_cast<int>(pos.piece(pos.occupant(s)).color));
      search.sg[s] = static_cast<std::int8_t>(empty ? 0 : signed_checkers(s));
    }
    set_up = true;
  };
  MoveList moves;
  for (const Piece& p : pos.pieces()) {
    if (!p.on_board() || p.color != by || (only != kNoPiece && p.id != only)) continue;
    // Its checkers counted for it: a hobbled piece has fewer than none, and
    // may still become boosted by capturing a piece hobbled by its side.
    int own = checkers_of(p).of(by) - checkers_of(p).of(opposite(by));
    if (own <= 0 && gain == 0) continue;
    // A piece not boosted needs a capture worth 1 - own checkers at least,
    // and then reaches at most own + gain squares from where it lands: the
    // victim's square, or one square from it for a capture en passant. A
    // piece that moves as it always does (neither hobbled nor a pawn)
    // captures where it attacks. With no such victim none of its moves
    // passes the tests below, and its moves are not listed. Only without a
    // trace: listing them consults readings (booster.hobbled_promotion, ...),
    // which a trace records.
    if (own <= 0 && !ctx.trace &&
        std::none_of(boosting.begin(), boosting.end(), [&](const Boosting& b) {
          return b.checkers >= 1 - own && chebyshev(shape, b.square, target) <= own + gain + 1 &&
                 (p.kind == kPawn || hobbled(p) || piece_attacks(pos, p, b.square));
        }))
      continue;
    // Whatever it takes, a move leaves it at most own + gain king's steps
    // (n + gain_left below, with n = own + v and gain_left = gain - v for a
    // victim worth v > 0). Without a trace, as above.
    if (own > 0 && !ctx.trace && !lands_near(shape, p, target, own + gain)) continue;
    moves.clear();
    piece_normal_moves(pos, p, ctx, moves);
    for (const Move& m : moves) {
      Square victim_sq = m.is(kMoveEnPassant) ? shape.square(shape.file_of(m.to), shape.rank_of(m.from)) : m.to;
      int v = !pos.empty(victim_sq) && victim_sq != p.square ? signed_checkers(victim_sq) : 0;
      int n = own + v;
      if (n < 1) continue;
      int gain_left = gain - (v > 0 ? v : 0);
      if (chebyshev(shape, m.to, target) > n + gain_left) continue;
      // booster.boost_when: a piece boosted only by this capture.
      if (own <= 0 && ctx.alt(reading::kBoostWhen) != "boosted_after") continue;
      if (!set_up) set_up_search();
      // The three squares the move changes, put back after the walk (which
      // puts back its own changes): each is saved before any is changed.
      const Square changed[3] = {p.square, victim_sq, m.to};
      std::int8_t saved_occ[3], saved_sg[3];
      for (int i = 0; i < 3; ++i) {
        saved_occ[i] = search.occ[changed[i]];
        saved_sg[i] = search.sg[changed[i]];
      }
      search.occ[p.square] = -1;
      search.sg[p.square] = 0;
      search.occ[victim_sq] = -1;
      search.sg[victim_sq] = 0;
      search.occ[m.to] = static_cast<std::int8_t>(by);
      search.sg[m.to] = static_cast<std::int8_t>(n);
      bool hit = search.walk(m.to, n, gain_left);
      for (int i = 2; i >= 0; --i) {
        search.occ[changed[i]] = saved_occ[i];
        search.sg[changed[i]] = saved_sg[i];
      }
      if (hit) return true;
    }
  }
  return false;
}

bool in_check(const Position& pos, Color c, const Ctx& ctx) {
  Square k = pos.find(kKing, c);
  return k != kNoSquare && threatened(pos, k, opposite(c), ctx);
}

// --- Phase move ---------------------------------------------------------------

bool play_move(Position& pos, const Move& m, const Ctx& ctx, Trace* trace) {
  const BoardShape& shape = pos.shape();
  PieceId mover = pos.occupant(m.from);
  assert(mover != kNoPiece);
  const Piece before = pos.piece(mover);
  Color us = before.color;
  bool was_boosted = boosted(before);
  bool was_hobbled = hobbled(before);
  PieceId victims[2] = {pos.occupant(m.to), kNoPiece};
  if (m.is(kMoveEnPassant)) victims[1] = pos.occupant(shape.square(shape.file_of(m.to), shape.rank_of(m.from)));

  Trace scratch;
  orthodox::make_move(pos, m, trace ? &scratch : nullptr);
  mark_moved(pos, mover);
  // The turn goes on (booster.turn.parts): the side and the move number
  // change when the turn ends.
  pos.side_to_move = us;
  if (us == Color::Black) --pos.fullmove_number;
  if (trace) {
    for (Event e : scratch.events()) {
      switch (e.type) {
        case EventType::Capture: e.clause = clause::kCapture; break;
        case EventType::EnPassant: e.clause = clause::kEnPassant; break;
        case EventType::Promote: e.clause = clause::kPromotion; break;
        case EventType::Castle: e.clause = clause::kCastle; break;
        default: e.clause = was_hobbled ? clause::kHobbleMoves : clause::kMoveNormal; break;
      }
      trace->event(std::move(e));
    }
    if (was_hobbled) {
      trace->fire(clause::kHobbleNoWorse);
      trace->fire(clause::kHobbleNoDouble);
    }
    if (m.is(kMoveEnPassant)) trace->fire(clause::kEnPassantUsual);
    if (before.counter != 0) trace->fire(clause::kCarry);
  }
  // booster.capture.keeps_checkers: the capturer takes the captured piece's
  // checkers, which may cancel its own (booster.capture.flips).
  for (PieceId v : victims) {
    if (v == kNoPiece) continue;
    Checkers c = checkers_of(pos.piece(v));
    if (c.light + c.dark == 0) continue;
    pos.set_counter(v, 0);
    stack_checkers(pos, mover, c, trace);
    if (trace) {
      trace->fire(clause::kCaptureKeeps);
      const Piece& now = pos.piece(mover);
      if (boosted(now) != was_boosted || hobbled(now) != was_hobbled) trace->fire(clause::kCaptureFlips);
    }
  }
  back_rank_check(pos, mover, ctx, trace);
  // booster.turn.spend / booster.boost.king_move: a boosted piece, after its
  // normal move, may move like a king (booster.boost_when).
  const Piece& now = pos.piece(mover);
  if (!boosted(now)) return false;
  if (was_boosted) return true;
  return ctx.alt(reading::kBoostWhen) == "boosted_after";
}

namespace {

bool leaves_king_safe(const Position& after, Color us, const Ctx& ctx) { return !in_check(after, us, ctx); }

// A copy of pos for the legality tests to play moves out on, its fields
// named but empty: the playouts (play_move, play_boost, add_checker and the
// threat test) never read them, and a copy of the card piles would cost the
// heap a string each. Position::assign_board gives it pos's board again
// for the next move, and leaves the fields as they are.
Position playout_copy(const Position& pos) {
  Position out(pos.shape(), pos.kinds());
  for (const auto& field : pos.vars) out.vars[field.first];
  out.assign_board(pos);
  return out;
}

// booster.win.checkmate: the game is won by checkmate, not by taking the
// king. A king can be taken only where a card left it in check
// (booster.add_check=allowed); no move may take it then.
bool takes_king(const Position& pos, const Move& m) {
  PieceId v = pos.occupant(m.to);
  return v != kNoPiece && pos.piece(v).kind == kKing && pos.piece(v).color != pos.piece(pos.occupant(m.from)).color;
}

// The king's moves of a boosted piece p (booster.boost.king_move), without
// the check test.
void boost_pseudo(const Position& pos, const Piece& p, const Ctx& ctx, MoveList& out) {
  for (int df = -1; df <= 1; ++df) {
    for (int dr = -1; dr <= 1; ++dr) {
      if (df == 0 && dr == 0) continue;
      Square to = pos.shape().offset(p.square, df, dr);
      if (to == kNoSquare) continue;
      PieceId v = pos.occupant(to);
      if (v != kNoPiece && pos.piece(v).color == p.color) continue;
      // booster.special.no_boost_ep: a king's move onto the en passant
      // square captures nothing (there is none then: the normal move cleared it).
      bool promote = p.kind == kPawn && promotes_on(pos, p.color, to, ctx);
      emit_with_promotion(p.square, to, promote, 0, out);
    }
  }
}

// booster.special.no_revealed_check: whether a move revealed a check on
// the king of `us`, through a square it left (its start; for a capture en
// passant, the taken pawn's square too): a piece of the other side
// threatens the king after the move and would not with those squares held
// again (by a piece of us that no capture gains anything from). Judged
// piece by piece, so that a check standing before the move does not hide
// one the move opens.
bool reveals_check(const Position& after, Color us, const Square* left, int n, const Ctx& quiet) {
  Square king = after.find(kKing, us);
  if (king == kNoSquare) return false;
  Position held = playout_copy(after);
  bool any = false;
  for (int i = 0; i < n; ++i)
    if (left[i] != kNoSquare && held.empty(left[i])) {
      held.add(kPawn, us, left[i]);
      any = true;
    }
  if (!any) return false;
  for (const Piece& x : after.pieces())
    if (x.on_board() && x.color != us && threatened(after, king, x.color, quiet, x.id) &&
        !threatened(held, king, x.color, quiet, x.id))
      return true;
  return false;
}

// The cards of the player whose turn it is, read from a position of the turn
// that holds the fields (the playouts hold none): the hand, and the player's
// checkers in all (checkers_total). `count`: whether the card played after
// the booster moves takes part in an escape from check
// (booster.check_escape=whole_turn).
struct TurnCards {
  std::string_view hand;
  int total = kCheckersEach;
  bool count = false;
};

TurnCards turn_cards(const Position& pos, bool count) {
  Color us = pos.side_to_move;
  return {field(pos, hand_key(us)), checkers_total(pos, us), count};
}

// Whether a card of `cards` played on `board` (the side to move's turn, at
// its add) leaves the king of us out of check (defined with the adds).
bool card_frees(const Position& board, Color us, const TurnCards& cards, const Ctx& quiet);

// booster.check_escape: whether the rest of the turn can end the check on
// the king of us, from `pos` (a position of the turn, the king in check):
// the booster moves of the piece on `at` (kNoSquare where it may make none),
// none of them revealing a check, and under whole_turn (cards.count) the card
// played after them, which may hobble the checking piece ("use a black
// checker card to add one of your checkers to any black piece"). Each
// booster move spends a checker, so the search ends.
bool rest_frees(const Position& pos, Square at, Color us, const TurnCards& cards, const Ctx& quiet) {
  if (cards.count && card_frees(pos, us, cards, quiet)) return true;
  PieceId id = at == kNoSquare ? kNoPiece : pos.occupant(at);
  if (id == kNoPiece || !boosted(pos.piece(id))) return false;
  MoveList moves;
  boost_pseudo(pos, pos.piece(id), quiet, moves);
  Position after = playout_copy(pos);
  for (const Move& m : moves) {
    if (takes_king(pos, m)) continue;
    after.assign_board(pos);
    bool go_on = play_boost(after, m, quiet, nullptr);
    if (leaves_king_safe(after, us, quiet)) return true;
    if (!go_on && !cards.count) continue;
    if (reveals_check(after, us, &m.from, 1, quiet)) continue;
    if (rest_frees(after, go_on ? m.to : kNoSquare, us, cards, quiet)) return true;
  }
  return false;
}

// booster.check_escape: whether normal move m, which leaves the king of us
// in check (`after`, the position it gives; `may_boost`, whether its piece
// may make booster moves now), is one that the rest of the turn can complete
// into an escape from a check the turn started in. Under normal_move no such
// move is legal; under with_boosts, one that the booster moves after it
// complete; under whole_turn, one that those and the card after them
// complete. Where `consult`, the point is asked (recorded in ctx's trace)
// only when the answer matters: the move is such an escape under with_boosts
// or whole_turn.
bool turn_escapes(const Position& pos, const Position& after, const Move& m, bool may_boost, const Ctx& ctx,
                  bool consult) {
  Color us = pos.side_to_move;
  Ctx quiet{ctx.readings, nullptr};
  std::string_view alt;
  if (!consult) {
    alt = ctx.alt(reading::kCheckEscape);
    if (alt == "normal_move" || (alt == "with_boosts" && !may_boost)) return false;
  }
  // booster.special.no_revealed_check: a king out of check when the turn
  // starts may not be put in it, "even if you then use a booster move to
  // block the check again" (nor by a card, which moves no piece).
  if (!in_check(pos, us, quiet)) return false;
  Square left[2] = {m.from, kNoSquare};
  if (m.is(kMoveEnPassant)) left[1] = pos.shape().square(pos.shape().file_of(m.to), pos.shape().rank_of(m.from));
  if (pos.piece(pos.occupant(m.from)).kind != kKing && reveals_check(after, us, left, 2, quiet)) return false;
  Square at = may_boost ? m.to : kNoSquare;
  TurnCards cards = turn_cards(pos, !consult && alt == "whole_turn");
  if (!consult) return rest_frees(after, at, us, cards, quiet);
  bool by_boosts = at != kNoSquare && rest_frees(after, at, us, cards, quiet);
  if (!by_boosts) {
    cards.count = true;
    if (!rest_frees(after, at, us, cards, quiet)) return false;
  }
  alt = ctx.alt(reading::kCheckEscape);
  return alt == "whole_turn" || (alt == "with_boosts" && by_boosts);
}

}  // namespace

void pseudo_moves(const Position& pos, const Ctx& ctx, MoveList& out) {
  for (const Piece& p : pos.pieces())
    if (p.on_board() && p.color == pos.side_to_move) piece_normal_moves(pos, p, ctx, out);
}

void legal_moves(const Position& pos, const Ctx& ctx, MoveList& out, const Move* only) {
  Color us = pos.side_to_move;
  MoveList pseudo;
  // A piece's moves start on its square, so `only` needs the moves of one piece.
  for (const Piece& p : pos.pieces())
    if (p.on_board() && p.color == us && (!only || p.square == only->from)) piece_normal_moves(pos, p, ctx, pseudo);
  castling(pos, us, ctx, pseudo);
  Ctx quiet{ctx.readings, nullptr};
  // Assigned for each move, all but its fields: a normal move leaves them as
  // they are (play_move changes pieces, checkers and rights).
  Position after = playout_copy(pos);
  for (const Move& m : pseudo) {
    if (only && !m.same_action(*only)) continue;
    if (takes_king(pos, m)) continue;
    // booster.special.no_revealed_check: the normal move must not leave the
    // king in check, whatever booster moves could follow; a check the turn
    // started in, booster.check_escape says.
    after.assign_board(pos);
    bool may_boost = play_move(after, m, quiet, nullptr);
    if (leaves_king_safe(after, us, quiet) || turn_escapes(pos, after, m, may_boost, quiet, false))
      out.push_back(m);
  }
}

namespace {

// Whether the side to move has a normal move that leaves its king out of
// check (escapes: false), or one that the rest of the turn completes into an
// escape from check (escapes: true; booster.check_escape, asked with ctx).
bool has_move(const Position& pos, const Ctx& ctx, bool escapes) {
  Color us = pos.side_to_move;
  Ctx quiet{ctx.readings, nullptr};
  MoveList pseudo;
  Position after = playout_copy(pos);  // assigned for each move, all but its fields (as in legal_moves)
  auto found = [&](const Move& m) {
    if (takes_king(pos, m)) return false;
    after.assign_board(pos);
    bool may_boost = play_move(after, m, quiet, nullptr);
    if (leaves_king_safe(after, us, quiet)) return !escapes;
    return escapes && turn_escapes(pos, after, m, may_boost, ctx, true);
  };
  for (const Piece& p : pos.pieces()) {
    if (!p.on_board() || p.color != us) continue;
    pseudo.clear();
    piece_normal_moves(pos, p, quiet, pseudo);
    for (const Move& m : pseudo)
      if (found(m)) return true;
  }
  pseudo.clear();
  castling(pos, us, quiet, pseudo);
  for (const Move& m : pseudo)
    if (found(m)) return true;
  return false;
}

}  // namespace

bool has_legal_move(const Position& pos, const Ctx& ctx) {
  return has_move(pos, ctx, false) || has_move(pos, Ctx{ctx.readings, nullptr}, true);
}

void note_move_readings(const Position& pos, const Move& m, const Ctx& ctx) {
  PieceId id = pos.occupant(m.from);
  if (id == kNoPiece) return;
  MoveList scratch;
  piece_normal_moves(pos, pos.piece(id), ctx, scratch);
  if (pos.piece(id).kind == kKing) castling(pos, pos.side_to_move, ctx, scratch);
  Position after = playout_copy(pos);
  bool may_boost = play_move(after, m, Ctx{ctx.readings, nullptr}, nullptr);
  // A move that leaves the king in check is legal only as an escape by the
  // rest of the turn (booster.check_escape).
  if (in_check(after, pos.side_to_move, ctx)) turn_escapes(pos, after, m, may_boost, ctx, true);
}

// --- Phase boost ----------------------------------------------------------------

void legal_boosts(const Position& pos, const Ctx& ctx, MoveList& out, bool first_only, const Move* only) {
  auto it = pos.vars.find(kBoostKey);
  if (it == pos.vars.end()) return;
  auto sq = parse_square(pos.shape(), it->second);
  if (!sq) return;
  PieceId id = pos.occupant(*sq);
  if (id == kNoPiece) return;
  const Piece& p = pos.piece(id);
  if (!boosted(p)) return;
  MoveList pseudo;
  boost_pseudo(pos, p, ctx, pseudo);
  Ctx quiet{ctx.readings, nullptr};
  // Assigned for each move, all but its fields: a king's move of the boosted
  // piece leaves them as they are.
  Position after = playout_copy(pos);
  int checked = -1;  // whether the king is in check before the move; -1 not tested yet
  for (const Move& m : pseudo) {
    if (only && !m.same_action(*only)) continue;
    if (takes_king(pos, m)) continue;
    after.assign_board(pos);
    bool go_on = play_boost(after, m, quiet, nullptr);
    // A booster move is a move of a piece: booster.special.no_revealed_check
    // (and booster.win.checkmate, "as in regular chess", for the king's own
    // steps) bar it from leaving the king in check. A king already in check
    // (booster.check_escape=with_boosts, whole_turn) may stay in it on the
    // way to an escape (by more booster moves; under whole_turn, or by the
    // card after them), by a move that reveals no other check.
    if (!leaves_king_safe(after, p.color, quiet)) {
      std::string_view alt = ctx.alt(reading::kCheckEscape);
      if (alt == "normal_move" || (!go_on && alt == "with_boosts")) continue;
      if (checked < 0) checked = in_check(pos, p.color, quiet) ? 1 : 0;
      if (!checked || reveals_check(after, p.color, &m.from, 1, quiet) ||
          !rest_frees(after, go_on ? m.to : kNoSquare, p.color, turn_cards(pos, alt == "whole_turn"), quiet))
        continue;
    }
    out.push_back(m);
    if (first_only) return;
  }
}

bool boost_must_go_on(const Position& pos, const Ctx& ctx) {
  Ctx quiet{ctx.readings, nullptr};
  // Unrecorded, the reading is read first: under normal_move the king is
  // never in check here in play.
  if (!ctx.trace && quiet.alt(reading::kCheckEscape) == "normal_move") return false;
  Color us = pos.side_to_move;
  if (!in_check(pos, us, quiet)) return false;
  MoveList any;
  legal_boosts(pos, quiet, any, true);
  if (any.empty()) return false;
  // booster.check_escape: under with_boosts only booster moves can end the
  // check; under whole_turn the player may stop where the card then ends it.
  std::string_view alt = ctx.alt(reading::kCheckEscape);
  if (alt == "with_boosts") return true;
  return alt == "whole_turn" && !card_frees(pos, us, turn_cards(pos, true), quiet);
}

bool card_must_end_check(const Position& pos, const Ctx& ctx) {
  Ctx quiet{ctx.readings, nullptr};
  if (!ctx.trace && quiet.alt(reading::kCheckEscape) != "whole_turn") return false;
  Color us = pos.side_to_move;
  if (!in_check(pos, us, quiet) || !card_frees(pos, us, turn_cards(pos, true), quiet)) return false;
  return ctx.alt(reading::kCheckEscape) == "whole_turn";
}

void note_boost_readings(const Position& pos, const Move& m, const Ctx& ctx) {
  Position after = playout_copy(pos);
  play_boost(after, m, Ctx{ctx.readings, nullptr}, nullptr);
  if (in_check(after, pos.side_to_move, Ctx{ctx.readings, nullptr})) ctx.alt(reading::kCheckEscape);
}

bool play_boost(Position& pos, const Move& m, const Ctx& ctx, Trace* trace) {
  const BoardShape& shape = pos.shape();
  PieceId mover = pos.occupant(m.from);
  assert(mover != kNoPiece);
  const Piece before = pos.piece(mover);
  Color us = before.color;
  PieceId victim = pos.occupant(m.to);
  Checkers taken;
  if (victim != kNoPiece) {
    const Piece v = pos.piece(victim);
    taken = checkers_of(v);
    pos.set_counter(victim, 0);
    pos.remove(victim);
    pos.halfmove_clock = 0;
    if (trace) trace->event({EventType::Capture, victim, v.square, kNoSquare, v.kind, v.color, clause::kCapture, ""});
    // A rook taken on its corner takes its castling right with it.
    for (auto [corner, right] : {std::pair{shape.square(0, 0), kWhiteQueenside}, {shape.square(7, 0), kWhiteKingside},
                                 {shape.square(0, 7), kBlackQueenside}, {shape.square(7, 7), kBlackKingside}})
      if (m.to == corner) pos.castling &= static_cast<std::uint8_t>(~right);
  }
  pos.move(mover, m.to);
  // booster.regular_chess_draws: a pawn's booster move is a movement of a
  // pawn for the fifty-move count.
  if (before.kind == kPawn) pos.halfmove_clock = 0;
  if (trace) {
    trace->event({EventType::Move, mover, m.from, m.to, before.kind, us, clause::kBoostKingMove, ""});
    // booster.special.no_boost_ep: a pawn's booster move never takes en passant.
    if (before.kind == kPawn) trace->fire(clause::kNoBoostEnPassant);
    trace->fire(clause::kBoostSpend);
    trace->fire(clause::kCarry);
  }
  // booster.boost.spend: one checker goes in front of its owner; the
  // captured piece's checkers join (booster.spend_order says which first).
  Checkers spent;
  if (us == Color::White) spent.light = 1;
  else spent.dark = 1;
  auto spend = [&] {
    Checkers c = checkers_of(pos.piece(mover));
    if (c.of(us) == 0) return;
    if (us == Color::White) --c.light;
    else --c.dark;
    pos.set_counter(mover, encode_checkers(c));
  };
  bool carries = taken.light + taken.dark > 0;
  if (!carries) {
    spend();
  } else {
    bool spend_first = ctx.alt(reading::kSpendOrder) == "spend_first";
    if (spend_first) spend();
    stack_checkers(pos, mover, taken, trace);
    if (!spend_first) spend();
    if (trace) {
      trace->fire(clause::kCaptureKeeps);
      if (!boosted(pos.piece(mover))) trace->fire(clause::kCaptureFlips);
    }
  }
  if (m.promotion != kNoKind) {
    pos.set_kind(mover, m.promotion);
    pos.set_flags(mover, 0);
    if (trace) {
      trace->event({EventType::Promote, mover, m.to, m.to, m.promotion, us, clause::kPromotion, ""});
      trace->fire(clause::kPromoteContinue);
    }
  }
  // booster.special.no_ep_after_boost: a pawn that double-stepped and then
  // made a booster move cannot be taken en passant.
  if (pos.en_passant != kNoSquare) {
    pos.en_passant = kNoSquare;
    if (trace) trace->fire(clause::kNoEnPassantAfterBoost);
  }
  back_rank_check(pos, mover, ctx, trace);
  mark_moved(pos, mover);
  // booster.boost.continue: while it is still boosted, a capture or not
  // (booster.boost.capture_continue).
  if (!boosted(pos.piece(mover))) return false;
  if (victim != kNoPiece && trace) trace->fire(clause::kBoostCaptureContinue);
  return true;
}

// --- Phase add ------------------------------------------------------------------

std::string_view field(const Position& pos, std::string_view key) {
  auto it = pos.vars.find(key);
  if (it == pos.vars.end() || it->second == "-") return {};
  return it->second;
}
// `cards` must not view a field of pos: writing may insert the key, which
// moves the other fields' strings.
void set_field(Position& pos, std::string_view key, std::string_view cards) {
  pos.vars[key] = cards.empty() ? "-" : cards;
}
void add_card(Position& pos, std::string_view key, char card) {
  std::string& pile = pos.vars[key];
  if (pile == "-") pile.clear();
  pile += card;
}
void take_cards(Position& pos, std::string_view key, std::size_t n) {
  std::string& pile = pos.vars[key];
  if (pile != "-") pile.erase(0, n);
  if (pile.empty()) pile += '-';  // (gcc 12 warns, wrongly, of overlap at = "-" after the erase)
}
std::string_view hand_key(Color c) { return c == Color::White ? kHandWhiteKey : kHandBlackKey; }
Color card_colour(char card) { return (card >= 'A' && card <= 'Z') ? Color::White : Color::Black; }
bool checkers_card(char card) { return card == 'S' || card == 's'; }

namespace {

KindId card_kind(char card) {
  switch (card) {
    case 'K': case 'k': return kKing;
    case 'Q': case 'q': return kQueen;
    case 'R': case 'r': return kRook;
    case 'B': case 'b': return kBishop;
    case 'N': case 'n': return kKnight;
    case 'P': case 'p': return kPawn;
    default: return kNoKind;
  }
}

// The cards of each letter in the deck (booster.equipment.deck): one per
// piece of the start position.
int deck_cards(KindId kind) {
  if (kind == kPawn) return 8;
  if (kind == kKing || kind == kQueen) return 1;
  return 2;
}

// Where a card of a piece's letter may go (booster.add.own_colour: "a piece
// that matches the card"): under pieces of its kind (`kind_pieces`), under
// any piece of its colour (`any_piece`: booster.add.no_match, "no pieces left
// on the board to match a card"), and, for a pawn's card whose pawn may have
// promoted, under pieces of the kinds in `promoted` (bits by kind).
struct CardTargets {
  bool kind_pieces = true;
  bool any_piece = false;
  unsigned promoted = 0;
};

CardTargets card_targets(const Position& pos, char card, std::string_view match) {
  Color colour = card_colour(card);
  KindId kind = card_kind(card);
  int n[8] = {};
  for (const Piece& p : pos.pieces())
    if (p.on_board() && p.color == colour && p.kind < 8) ++n[p.kind];
  CardTargets t;
  if (match == "kind") {
    // A card matches every piece of its kind and colour.
    t.any_piece = n[kind] == 0;
    return t;
  }
  // particular, particular_lost: each card stands for one piece. The cards
  // of one letter look alike in the state, so a card may go wherever one of
  // them could. The pawns gone (missing) were taken or promoted; a kind with
  // more pieces than cards holds that many promoted pawns at least, and the
  // pawns gone beyond those (slack) may have been taken, or promoted to a
  // piece whose own was then taken.
  int missing = deck_cards(kPawn) - n[kPawn];
  int promoted_at_least = 0;
  unsigned surplus = 0;
  for (KindId k : {kQueen, kRook, kBishop, kKnight})
    if (n[k] > deck_cards(k)) {
      promoted_at_least += n[k] - deck_cards(k);
      surplus |= 1u << k;
    }
  bool slack = missing > promoted_at_least;
  if (kind == kKing) {
    t.any_piece = n[kKing] == 0;
  } else if (kind == kPawn) {
    // A taken pawn's card matches nothing; so does a promoted pawn's under
    // particular_lost, while under particular it follows the new piece.
    t.any_piece = slack;
    if (match == "particular_lost" && missing > 0) t.any_piece = true;
    if (match == "particular" && missing > 0) t.promoted = surplus;
  } else {
    // The piece a card of this letter stands for may be gone: fewer such
    // pieces than cards, or one standing may be a promoted pawn.
    t.any_piece = n[kind] < deck_cards(kind) || (slack && n[kind] > 0);
  }
  return t;
}

}  // namespace

namespace {

// What an add does on the board, whatever its card (the card decides only
// which pieces the checker may go under): a checker of the side to move under
// piece `id` (booster.add.own_colour), which may cancel one of the other
// colour, and a hobble so added to a piece already on the back rank may go
// back (booster.back_rank_add). It changes that piece's checkers and nothing
// else.
void add_checker(Position& pos, PieceId id, const Ctx& ctx, Trace* trace) {
  Checkers add;
  if (pos.side_to_move == Color::White) add.light = 1;
  else add.dark = 1;
  stack_checkers(pos, id, add, trace);
  if (hobbled(pos.piece(id))) {
    const Piece& p = pos.piece(id);
    int rank = pos.shape().rank_of(p.square);
    if ((rank == far_rank(p.color) || rank == first_rank(p.color)) && ctx.alt(reading::kBackRankAdd) == "returned")
      back_rank_check(pos, id, ctx, trace);
  }
}

}  // namespace

namespace {

// The card plays of the side to move on `board` by the add rules alone, with
// `front` checkers in front of it (booster.add.own_colour: a checker of your
// own colour, from in front of you); no check test. Move::to is the piece,
// Move::code the card.
void card_plays(const Position& board, std::string_view hand, int front, const Ctx& ctx, MoveList& out) {
  if (front <= 0) return;
  std::string seen;
  for (char card : hand) {
    if (seen.find(card) != std::string::npos) continue;
    seen += card;
    Color colour = card_colour(card);
    KindId kind = card_kind(card);
    // booster.add.checkers_card; otherwise the pieces the card matches
    // (booster.card_match), and booster.add.no_match: no piece left to
    // match, like a checkers card.
    CardTargets targets;
    targets.any_piece = checkers_card(card);
    if (!targets.any_piece) targets = card_targets(board, card, ctx.alt(reading::kCardMatch));
    for (const Piece& p : board.pieces()) {
      if (!p.on_board() || p.color != colour) continue;
      if (!targets.any_piece && p.kind != kind && !(p.kind < 32 && (targets.promoted >> p.kind & 1u))) continue;
      Move m{kNoSquare, p.square};
      m.code = static_cast<std::uint16_t>(static_cast<unsigned char>(card));
      out.push_back(m);
    }
  }
}

bool card_frees(const Position& board, Color us, const TurnCards& cards, const Ctx& quiet) {
  if (cards.hand.empty()) return false;
  // The checkers in front of us (in_front, with the total read from the
  // turn's own position).
  int under = 0;
  for (const Piece& p : board.pieces())
    if (p.on_board()) under += checkers_of(p).of(us);
  MoveList plays;
  card_plays(board, cards.hand, cards.total - under, quiet, plays);
  if (plays.empty()) return false;
  // Every card that goes under a piece leaves the same board (add_checker):
  // each piece is tried once, its checkers put back after.
  Position after = playout_copy(board);
  std::array<bool, kMaxPieces> tried{};
  for (const Move& m : plays) {
    PieceId id = board.occupant(m.to);
    if (tried[id]) continue;
    tried[id] = true;
    add_checker(after, id, quiet, nullptr);
    bool frees = leaves_king_safe(after, us, quiet);
    after.set_counter(id, board.piece(id).counter);
    if (frees) return true;
  }
  return false;
}

}  // namespace

void legal_adds(const Position& pos, const Ctx& ctx, MoveList& out, bool first_only, const Move* only) {
  Color us = pos.side_to_move;
  MoveList pseudo;
  card_plays(pos, field(pos, hand_key(us)), in_front(pos, us), ctx, pseudo);
  if (pseudo.empty()) return;
  Ctx quiet{ctx.readings, nullptr};
  // A card that leaves its own king in check (a hobbled knight threatens
  // like a pawn): booster.add_check. booster.special.no_revealed_check names
  // moves, and a card moves no piece. Under allowed every card stands, but
  // for a king in check before the card (its turn started in check): under
  // booster.check_escape=whole_turn the turn must end out of check, so only
  // a card that ends the check stands (tested as under forbidden).
  bool must_free = ctx.alt(reading::kCheckEscape) == "whole_turn" && !leaves_king_safe(pos, us, quiet);
  if (!must_free && ctx.alt(reading::kAddCheck) == "allowed") {
    for (const Move& m : pseudo) {
      if (only && !m.same_action(*only)) continue;
      out.push_back(m);
      if (first_only) return;
    }
    return;
  }
  // Under forbidden, no part of a turn may leave the own king in check. Every card
  // that goes under a piece leaves the same board (add_checker), so each
  // piece is tested once, on one copy of the position, and its checkers put
  // back after.
  //
  // A checker of the mover's colour under one of the mover's own pieces
  // only takes from the other side: it cancels one of theirs there, or adds
  // to the mover's, and a piece of the mover's left hobbled may lose theirs
  // on its back rank. The other side's pieces keep their checkers, squares
  // and attacks, and a capture of that piece gives them no more checkers
  // than before. So such an add leaves the king safe when it is safe now,
  // which is tested once.
  Position after = playout_copy(pos);
  std::array<std::int8_t, kMaxPieces> safe;  // -1 not tested yet
  safe.fill(-1);
  int safe_now = -1;  // -1 not tested yet
  for (const Move& m : pseudo) {
    if (only && !m.same_action(*only)) continue;
    PieceId id = pos.occupant(m.to);
    if (safe[id] < 0 && pos.piece(id).color == us) {
      if (safe_now < 0) safe_now = leaves_king_safe(pos, us, quiet) ? 1 : 0;
      if (safe_now) safe[id] = 1;
    }
    if (safe[id] < 0) {
      add_checker(after, id, quiet, nullptr);
      safe[id] = leaves_king_safe(after, us, quiet) ? 1 : 0;
      after.set_counter(id, pos.piece(id).counter);
    }
    if (!safe[id]) continue;
    out.push_back(m);
    if (first_only) return;
  }
}

void play_add(Position& pos, const Move& m, const Ctx& ctx, Trace* trace) {
  Color us = pos.side_to_move;
  char card = static_cast<char>(m.code);
  std::string hand(field(pos, hand_key(us)));  // a few cards: held in place
  std::size_t at = hand.find(card);
  assert(at != std::string::npos);
  hand.erase(at, 1);
  set_field(pos, hand_key(us), hand);
  // booster.cards.discard
  add_card(pos, kDiscardKey, card);
  PieceId id = pos.occupant(m.to);
  assert(id != kNoPiece);
  // The readings that decided whether this card may go here: the pieces it
  // matches (booster.card_match, where it goes under a piece of another
  // kind), and a card that leaves the own king in check (booster.add_check).
  Ctx quiet{ctx.readings, nullptr};
  bool other_kind = !checkers_card(card) && pos.piece(id).kind != card_kind(card);
  if (trace && trace->recording() && other_kind) ctx.alt(reading::kCardMatch);
  add_checker(pos, id, ctx, trace);
  if (trace && trace->recording() && in_check(pos, us, quiet)) ctx.alt(reading::kAddCheck);
  if (trace) {
    const Piece& p = pos.piece(id);
    trace->event({EventType::Card, id, kNoSquare, m.to, p.kind, us, clause::kTurnAdd,
                  std::string(1, card) + " played: " + std::string(color_name(us)) + " checker added"});
    trace->fire(clause::kAddAfterMove);
    trace->fire(clause::kAddOwnColour);
    trace->fire(clause::kDiscard);
    trace->fire(clause::kEquipmentStack);
    if (checkers_card(card)) {
      trace->fire(clause::kAddCheckersCard);
    } else if (other_kind && trace->recording()) {
      // No piece left to match the card (booster.add.no_match), unless it
      // follows a promoted pawn (booster.card_match=particular). The add
      // moved no piece, so the board still shows what the card matched.
      if (card_targets(pos, card, Ctx{ctx.readings, nullptr}.alt(reading::kCardMatch)).any_piece)
        trace->fire(clause::kAddNoMatch);
    }
  }
}

// --- Results ------------------------------------------------------------------

void write_repetition_key(const Position& pos, const Ctx& ctx, std::string& key) {
  int pieces = 0;
  for (const Piece& p : pos.pieces()) pieces += p.on_board();
  std::string head;
  write_key_head(head, pos);  // the pieces with their checkers, the side to move, castling rights
  key = std::to_string(pieces);
  key += ' ';
  key += head;
  // FIDE 9.2.2: an en passant square counts only where a capture there is legal.
  if (pos.en_passant != kNoSquare) {
    MoveList moves;
    legal_moves(pos, Ctx{ctx.readings, nullptr}, moves);
    if (std::any_of(moves.begin(), moves.end(), [](const Move& m) { return m.is(kMoveEnPassant); })) {
      key += ' ';
      key += square_name(pos.shape(), pos.en_passant);
    }
  }
}

int key_pieces(std::string_view key) { return std::atoi(std::string(key.substr(0, key.find(' '))).c_str()); }

Outcome outcome_of(const State& s, int repetitions, const Ctx& ctx) {
  const Position& pos = s.position;
  Color us = pos.side_to_move;
  Ctx quiet{ctx.readings, nullptr};
  // booster.win.checkmate: in check with no legal normal move. Where no
  // normal move alone frees the king but one does with the booster moves
  // after it, booster.check_escape decides (asked there only).
  if (!has_move(pos, quiet, false) && !has_move(pos, ctx, true)) {
    // booster.win.checkmate, counting booster threats (booster.win.booster_threat).
    if (in_check(pos, us, ctx)) {
      if (ctx.trace) ctx.trace->fire(clause::kBoostThreat);
      return {us == Color::White ? Result::BlackWins : Result::WhiteWins, "checkmate", clause::kCheckmate};
    }
    // Stalemate. booster.regular_chess_draws is not consulted: imported, it
    // is regular chess's draw; checkmate_only, the player must move and
    // cannot, and only a checkmate wins, so the game ends with no winner.
    return {Result::Draw, "stalemate", clause::kCheckmate};
  }
  // booster.regular_chess_draws: the fifty-move rule and repetition,
  // consulted only where they could end the game. (Dead position: none
  // arises, see the reading point.)
  if (pos.halfmove_clock >= 100 || repetitions >= 3) {
    if (ctx.alt(reading::kRegularDraws) == "imported") {
      bool claimed = ctx.alt(reading::kDrawClaims) == "claimed";
      if (pos.halfmove_clock >= (claimed ? 100 : 150)) return {Result::Draw, "fifty-move rule", clause::kCheckmate};
      if (repetitions >= (claimed ? 3 : 5)) return {Result::Draw, "repetition", clause::kCheckmate};
    }
  }
  return {};
}

}  // namespace arbiter::booster
