// The moves of every Existentialist Chess piece for one side: the data
// pieces of movegen.h and the pieces whose moves are code (dazzler,
// teleporter, existentialist, adventurist, shields, confabulation, arrows,
// castling, en passant), with the spells that stop or limit them. Check and
// legality are in rules.cpp, the effect of a move in effects.cpp.
#include <algorithm>
#include <array>
#include <cstdlib>

#include "model/core/fen.h"
#include "model/core/fixed_vector.h"
#include "model/variants/existentialist/movegen.h"
#include "model/variants/existentialist/rules_internal.h"

namespace arbiter::existentialist {

namespace detail {

namespace {

constexpr int kDirs[8][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

bool pushable(const Gen& g, Square to) {
  return g.target == kNoSquare || to == g.target;
}

// A move is added once. Moves are generated a unit at a time (unit_moves
// adds only moves from its own square, and no list is given the same
// square twice), so a move it repeats is among the last ones, those from
// the same square.
void add(Gen& g, Square from, Square to, KindId promotion = kNoKind, std::uint8_t flags = 0) {
  if (!pushable(g, to)) return;
  Move m{from, to, promotion, flags};
  for (std::size_t i = g.out.size(); i > 0 && g.out[i - 1].from == from; --i)
    if (g.out[i - 1].same_action(m)) return;
  g.out.push_back(m);
}

int forward(Color c) {
  return c == Color::White ? 1 : -1;
}

bool last_rank(const Position& pos, Color c, Square s) {
  return own_rank(pos.shape(), c, s) == pos.shape().ranks - 1;
}

// Promotion on arrival: each of Q R B N; and the move without promotion
// where existentialist.promotion_optional lets the piece stay as it is.
void add_arrival(Gen& g, Square from, Square to, Kind mover, std::uint8_t flags = 0) {
  if (!last_rank(g.pos, g.us, to) ||
      (mover != kPawn && mover != kYanzee && mover != kAdventurist)) {
    add(g, from, to, kNoKind, flags);
    return;
  }
  if (g.target != kNoSquare) {  // an attack: the piece it becomes does not matter
    add(g, from, to, kNoKind, flags);
    return;
  }
  g.rules.fire(mover == kYanzee        ? clause::kYanzeePromotion
               : mover == kAdventurist ? clause::kAdventuristPromotes
                                       : clause::kPawnPromotion);
  for (Kind k : kPromotionKinds) add(g, from, to, static_cast<KindId>(k), flags);
  if (mover == kAdventurist) return;
  std::string_view alt = g.rules.alt(reading::kPromotionOptional);
  bool may_stay = alt == "optional" || (alt == "yanzee_optional" && mover == kYanzee);
  if (may_stay) add(g, from, to, kNoKind, flags);
}

}  // namespace

bool has_kind(const Position& pos, Square s, Kind k) {
  for (PieceId id : pos.at(s))
    if (pos.piece(id).kind == k) return true;
  return false;
}

bool shield_at(const Position& pos, Square s) {
  return has_kind(pos, s, kShield);
}

bool hibernating_at(const Position& pos, Square s) {
  for (PieceId id : pos.at(s))
    if (pos.piece(id).kind == kExistentialist && pos.piece(id).has(kFlagHibernating)) return true;
  return false;
}

bool bare_king_at(const Position& pos, Square s) {
  return pos.count(s) == 1 && pos.piece(pos.occupant(s)).kind == kKing;
}

Unit unit_at(const Position& pos, Square s, Color c) {
  Unit u;
  auto ids = pos.at(s);
  bool mixed = false;
  for (PieceId id : ids) mixed = mixed || pos.piece(id).color != pos.piece(ids[0]).color;
  if (mixed) {
    for (PieceId id : ids)
      if (pos.piece(id).color == c) u.host = id;
    if (u.host != kNoPiece && pos.piece(u.host).kind == kKing) u.shared_king = true;
    return u;
  }
  if (ids.empty() || pos.piece(ids[0]).color != c) return u;
  Confabulated cf = confabulated_at(pos, s);
  u.host = cf.host;
  u.archer = cf.archer;
  u.zednick = cf.zednick;
  if (u.host != kNoPiece && pos.piece(u.host).kind == kArcher && u.zednick != kNoPiece) {
    u.archer = u.host;
    u.archer_zednick = true;
  }
  return u;
}

namespace {

// Whether a move of colour `us` may end on s taking what stands there, as a
// move (not an attack test).
bool enterable(const Position& pos, Square s, Color us) {
  auto ids = pos.at(s);
  if (ids.empty()) return false;
  // A king alone is never taken: attacking it is check. A king with its
  // archer may be entered: the archer dies (existentialist.king_archer.intruder_kills_archer).
  if (bare_king_at(pos, s)) return false;
  for (PieceId id : ids)
    if (pos.piece(id).color == us) return false;
  if (ids.size() > 1) {
    for (PieceId id : ids)
      if (pos.piece(id).kind == kKing) {
        // A shared square (king and intruder) cannot be entered again: it
        // holds "two pieces, both the king and the enemy piece"
        // (existentialist.king_archer.shared_square), the king is bare, and
        // a bare king is never taken.
        Unit u = unit_at(pos, s, pos.piece(id).color);
        if (u.archer == kNoPiece) return false;
        // The archer is merged into the king: a piece the friendly dazzler
        // jumped "is invulnerable to capture on the opponent's next move"
        // (existentialist.dazzler.jumped_friend_invulnerable), and entering
        // the square is "thus capturing the archer"
        // (existentialist.king_archer.intruder_kills_archer), so an
        // invulnerable king or archer keeps the square from being entered.
        for (PieceId other : ids)
          if (pos.piece(other).has(kFlagInvulnerable)) return false;
        return true;
      }
  }
  return capturable(pos, s, us);
}

}  // namespace

// Whether a move by colour `us` may end on s taking what stands there; in an
// attack test the target counts as takeable whatever stands on it.
bool takeable(const Gen& g, Square s) {
  return s == g.target || enterable(g.pos, s, g.us);
}

// The text: a hibernating existentialist "may NOT be jumped". A leap whose
// box of squares between start and end holds one is barred under
// existentialist.hibernating_jumped=leapers_too.
bool leap_barred(Gen& g, Square from, int df, int dr) {
  if (std::abs(df) < 2 && std::abs(dr) < 2) return false;
  if (g.hibernating < 0) {
    g.hibernating = 0;
    for (const Piece& p : g.pos.pieces())
      if (p.on_board() && p.kind == kExistentialist && p.has(kFlagHibernating)) g.hibernating = 1;
  }
  if (g.hibernating == 0) return false;
  const BoardShape& shape = g.pos.shape();
  int f0 = shape.file_of(from), r0 = shape.rank_of(from);
  int f1 = f0 + df, r1 = r0 + dr;
  bool inside = false;
  for (int f = std::min(f0, f1); f <= std::max(f0, f1); ++f)
    for (int r = std::min(r0, r1); r <= std::max(r0, r1); ++r) {
      if ((f == f0 && r == r0) || (f == f1 && r == r1) || !shape.contains(f, r)) continue;
      if (hibernating_at(g.pos, shape.square(f, r))) inside = true;
    }
  if (!inside) return false;
  return g.rules.alt(reading::kHibernatingJumped) == "leapers_too";
}

// Whether the offset (to_df, to_dr) is n steps of (df, dr) for some n in
// 1..limit: whether a line of such steps can end on it.
bool on_line(int to_df, int to_dr, int df, int dr, int limit) {
  int n = df != 0 ? to_df / df : dr != 0 ? to_dr / dr : 0;
  return n >= 1 && n <= limit && n * df == to_df && n * dr == to_dr;
}

// The moves a list of movements reaches from `from` for colour g.us: a rider
// stops at the first occupied square, taking it if it may be taken; a leaper
// lands on an empty square or takes.
void by_movements(Gen& g, Square from, std::span<const Movement> movements, Kind mover) {
  const BoardShape& shape = g.pos.shape();
  bool aimed = g.aimed();
  int to_df = aimed ? shape.file_of(g.target) - shape.file_of(from) : 0;
  int to_dr = aimed ? shape.rank_of(g.target) - shape.rank_of(from) : 0;
  for (const Movement& m : movements) {
    for (const Step& st : expand(m)) {
      int dr = g.us == Color::White ? st.dr : -st.dr;
      int limit = st.range == 0 ? kMaxFiles + kMaxRanks : st.range;
      if (aimed && !on_line(to_df, to_dr, st.df, dr, limit)) continue;
      bool leap = st.range == 1;
      if (leap && leap_barred(g, from, st.df, dr)) continue;
      Square s = from;
      for (int n = 0; n < limit; ++n) {
        s = shape.offset(s, st.df, dr);
        if (s == kNoSquare) break;
        bool occupied = !g.pos.empty(s);
        if (!occupied) {
          if (st.mode != MoveMode::CaptureOnly && g.target == kNoSquare)
            add_arrival(g, from, s, mover);
          continue;
        }
        // existentialist.pieces.move_and_capture: the squire's and viceroy's
        // added steps capture too.
        if (st.mode != MoveMode::MoveOnly && takeable(g, s)) add_arrival(g, from, s, mover);
        break;
      }
    }
  }
}

namespace {

// Whether a king/archer on `from` may enter the enemy king/archer's square s
// (existentialist.king_enters_king_square): never under `never`; under the
// entering alternatives when the square may be entered as a move.
bool king_may_enter(Gen& g, Square from, Square s) {
  if (unit_at(g.pos, from, g.us).archer == kNoPiece || !enterable(g.pos, s, g.us)) return false;
  return g.rules.alt(reading::kKingEntersKingSquare) != "never";
}

void king_steps(Gen& g, Square from) {
  bool king = has_kind(g.pos, from, kKing);
  for (auto [df, dr] : kDirs) {
    Square s = g.pos.shape().offset(from, df, dr);
    if (s == kNoSquare) continue;
    // An attack test on the enemy king's square:
    // existentialist.king.attacks_like_orthodox_king, a king moves "Like an
    // orthodox chess king" and, but for the king/archer, keeps "the standard
    // rules of check", so it attacks every square next to it, the enemy
    // king's included, though no king may take the other there: the enemy
    // king next to it is in check.
    if (king && s == g.target && has_kind(g.pos, s, kKing)) {
      g.rules.fire(clause::kKingAttacksLikeOrthodox);
      add(g, from, s);
      continue;
    }
    // The enemy king/archer's square: a bare king never enters it, for it
    // would share it with the enemy king, which "may then capture that enemy
    // piece", so it would stand where it can be taken on the opponent's next
    // move (existentialist.legal.no_self_exposure). Whether a king/archer,
    // which may ignore check, may enter it is
    // existentialist.king_enters_king_square; the judge of legality then
    // asks whether its archer protects it (existentialist.impotent_archer).
    if (king && has_kind(g.pos, s, kKing)) {
      if (!king_may_enter(g, from, s)) continue;
    }
    if (g.pos.empty(s)) {
      if (g.target == kNoSquare) add(g, from, s);
    } else if (takeable(g, s)) {
      add(g, from, s);
    }
  }
}

// Files held in place: at most four (the king's from f to c).
using Files = FixedVector<int, 4>;

struct CastleGeometry {
  int squire_from, squire_to, king_to;
  Files empty_files;  // files between king and squire
  Files king_files;   // files the king stands on, passes or reaches
};

CastleGeometry castle_geometry(bool kingside, bool beside) {
  if (kingside) return {8, 6, 7, {6, 7}, {5, 6, 7}};
  if (beside) return {1, 3, 2, {2, 3, 4}, {5, 4, 3, 2}};
  return {1, 4, 3, {2, 3, 4}, {5, 4, 3}};
}

// existentialist.castle.with_squire: the king and a squire, as orthodox
// castling; the squares by existentialist.castle_squares.
void castling(Gen& g, Square from, const Unit& king) {
  const Position& pos = g.pos;
  const BoardShape& shape = pos.shape();
  int rank = g.us == Color::White ? 0 : 9;
  if (from != shape.square(5, rank)) return;
  for (bool kingside : {true, false}) {
    std::uint8_t bit = g.us == Color::White ? (kingside ? kWhiteKingside : kWhiteQueenside)
                                            : (kingside ? kBlackKingside : kBlackQueenside);
    if (!(pos.castling & bit)) continue;
    Square squire_sq = shape.square(kingside ? 8 : 1, rank);
    Unit squire = unit_at(pos, squire_sq, g.us);
    if (squire.host == kNoPiece || pos.piece(squire.host).kind != kSquire) continue;
    bool clear = true;
    for (int f : {2, 3, 4, 6, 7})
      if ((kingside ? f > 5 : f < 5) && !pos.empty(shape.square(f, rank))) clear = false;
    if (!clear) continue;
    // existentialist.castle.not_if_immobilized_before (and FAQ 7): neither
    // piece under a spell before the move.
    auto spelled = [&](const Unit& u) {
      return pos.piece(u.host).has(kFlagDazzled) || frozen(pos, pos.piece(u.host));
    };
    if (spelled(king) || spelled(squire)) continue;
    bool beside = !kingside && g.rules.alt(reading::kCastleSquares) == "king_beside_squire";
    CastleGeometry geo = castle_geometry(kingside, beside);
    // existentialist.castle.standard_prohibitions: not out of, through or
    // into check; a hyena controls no square (existentialist.castle.hyena_controls_no_square).
    bool safe = true;
    for (int f : geo.king_files) {
      Square s = shape.square(f, rank);
      if (f == 5) {
        if (attacked(pos, s, g.us, g.rules)) safe = false;
        continue;
      }
      Position probe = pos;
      for (PieceId id : pos.at(from)) probe.move(id, s);  // pos's list: probe's moves leave it be
      if (attacked(probe, s, g.us, g.rules)) safe = false;
    }
    if (!safe) continue;
    add(g, from, shape.square(geo.king_to, rank), kNoKind, kMoveCastle);
  }
}

// Whether a shield part stands beside the landing square in the way
// existentialist.en_passant_shield makes it bar the capture.
bool shield_bars_en_passant(Gen& g, Square from, Square landing) {
  const BoardShape& shape = g.pos.shape();
  Square left = shape.offset(landing, -1, 0), right = shape.offset(landing, 1, 0);
  bool any = (left != kNoSquare && shield_at(g.pos, left)) ||
             (right != kNoSquare && shield_at(g.pos, right));
  if (!any) return false;
  std::string_view alt = g.rules.alt(reading::kEnPassantShield);
  g.rules.fire(clause::kShieldEnPassant);
  if (alt == "beside_landing") return true;
  int side = shape.file_of(from) - shape.file_of(landing);
  if (side == 0) return false;
  Square near = shape.offset(landing, side > 0 ? 1 : -1, 0);
  if (near == kNoSquare || !shield_at(g.pos, near)) return false;
  if (alt == "capturer_side") return true;
  ShieldSquares ring = shield_squares(g.pos, near);
  bool vertical = ring.size() >= 2 && shape.file_of(ring[0]) == shape.file_of(ring[1]);
  return vertical;
}

// En passant (existentialist.pawn.en_passant,
// existentialist.adventurist.captures_en_passant): onto a passed square of
// the pawn or adventurist that has just made a long move, taking it.
void en_passant(Gen& g, Square from, Kind mover) {
  const Position& pos = g.pos;
  if (pos.en_passant == kNoSquare) return;
  const BoardShape& shape = pos.shape();
  // The passed squares that may be entered: the en passant square, the
  // second passed square, or both.
  FixedVector<Square, 2> squares{pos.en_passant};
  Square second = kNoSquare;
  if (auto it = pos.vars.find(std::string(kSecondPassedKey)); it != pos.vars.end())
    if (auto s = parse_square(shape, it->second)) second = *s;
  int them_forward = -forward(g.us);
  Square victim = shape.offset(pos.en_passant, 0, them_forward);
  if (victim == kNoSquare) return;
  if (second != kNoSquare) {
    // existentialist.triple_step_en_passant: which passed squares of a
    // three-square move may be entered.
    bool reachable = false;
    for (Square t : {pos.en_passant, second}) {
      int df = shape.file_of(t) - shape.file_of(from), dr = shape.rank_of(t) - shape.rank_of(from);
      if (std::abs(df) <= 1 && std::abs(dr) <= 1 && !(df == 0 && dr == 0)) reachable = true;
    }
    if (!reachable) return;
    std::string_view alt = g.rules.alt(reading::kTripleStepEnPassant);
    if (alt == "either_passed_square")
      squares.push_back(second);
    else if (alt == "first_passed_square")
      squares = {second};
  }
  for (Square t : squares) {
    if (!pos.empty(t)) continue;
    int df = shape.file_of(t) - shape.file_of(from), dr = shape.rank_of(t) - shape.rank_of(from);
    if (std::abs(df) > 1 || std::abs(dr) > 1 || (df == 0 && dr == 0)) continue;
    bool diagonal_forward = std::abs(df) == 1 && dr == forward(g.us);
    if (mover == kPawn && !diagonal_forward) continue;
    if (mover == kAdventurist && !diagonal_forward) {
      g.rules.fire(clause::kAdventuristOmegaEnPassant);
      if (g.rules.alt(reading::kAdventuristEnPassantHow) != "any_king_step") continue;
    }
    PieceId v = pos.occupant(victim);
    if (v == kNoPiece) continue;
    const Piece& vp = pos.piece(v);
    if (vp.color == g.us || (vp.kind != kPawn && vp.kind != kAdventurist)) continue;
    if (shield_bars_en_passant(g, from, t)) continue;
    if (g.target != kNoSquare) continue;  // en passant never takes a king
    add_arrival(g, from, t, mover, kMoveEnPassant);
  }
}

void pawn_moves(Gen& g, Square from) {
  const BoardShape& shape = g.pos.shape();
  int fw = forward(g.us);
  Square one = shape.offset(from, 0, fw);
  if (g.target == kNoSquare && one != kNoSquare && g.pos.empty(one)) {
    add_arrival(g, from, one, kPawn);
    // existentialist.pawn.double_step: from its own third rank.
    Square two = shape.offset(from, 0, 2 * fw);
    if (own_rank(shape, g.us, from) == 2 && two != kNoSquare && g.pos.empty(two))
      add(g, from, two, kNoKind, kMoveDoubleStep);
  }
  for (int df : {-1, 1}) {
    Square s = shape.offset(from, df, fw);
    if (s != kNoSquare && !g.pos.empty(s) && takeable(g, s)) add_arrival(g, from, s, kPawn);
  }
  en_passant(g, from, kPawn);
}

// existentialist.adventurist.moves: an Omegachess pawn or a king.
void adventurist_moves(Gen& g, Square from, const Piece& adv) {
  const BoardShape& shape = g.pos.shape();
  for (auto [df, dr] : kDirs) {
    Square s = shape.offset(from, df, dr);
    if (s == kNoSquare) continue;
    if (g.pos.empty(s)) {
      if (g.target == kNoSquare && s != g.pos.en_passant) add_arrival(g, from, s, kAdventurist);
    } else if (takeable(g, s)) {
      add_arrival(g, from, s, kAdventurist);
    }
  }
  // existentialist.adventurist.two_or_three_forwards, while it keeps the
  // right; from its own first rank per
  // existentialist.adventurist_long_move_from_first_rank (the notes allow
  // it there, FAQ 6 names the second and third ranks).
  if (g.target == kNoSquare && keeps_multi_step(g.pos, adv) &&
      (own_rank(shape, g.us, from) > 0 ||
       g.rules.alt(reading::kAdventuristFirstRank) == "allowed")) {
    int fw = forward(g.us);
    for (int n = 1; n <= 3; ++n) {
      Square s = shape.offset(from, 0, n * fw);
      if (s == kNoSquare || !g.pos.empty(s)) break;
      if (n >= 2) add_arrival(g, from, s, kAdventurist, kMoveDoubleStep);
    }
  }
  en_passant(g, from, kAdventurist);
  // A step onto the en passant square that cannot take en passant is an
  // ordinary step.
  if (g.target == kNoSquare && g.pos.en_passant != kNoSquare) {
    Square t = g.pos.en_passant;
    int df = shape.file_of(t) - shape.file_of(from), dr = shape.rank_of(t) - shape.rank_of(from);
    if (std::abs(df) <= 1 && std::abs(dr) <= 1 && !(df == 0 && dr == 0) && g.pos.empty(t))
      add_arrival(g, from, t, kAdventurist);
  }
}

// existentialist.dazzler.*: one or two squares any way, the two-square move
// jumping; the cannon capture over one screen.
bool may_jump(Gen& g, Square over) {
  const Position& pos = g.pos;
  if (pos.empty(over)) return true;
  if (hibernating_at(pos, over)) return false;  // existentialist.hibernation.impervious
  if (shield_at(pos, over) && pos.piece(pos.occupant(over)).color != g.us)
    return false;  // existentialist.dazzler.no_jump_over_enemy_shield
  return true;
}

void dazzler_moves(Gen& g, Square from) {
  const BoardShape& shape = g.pos.shape();
  for (auto [df, dr] : kDirs) {
    Square one = shape.offset(from, df, dr);
    if (one == kNoSquare) continue;
    if (g.pos.empty(one)) {
      if (g.target == kNoSquare) add(g, from, one);
    } else if (takeable(g, one)) {
      add(g, from, one);
    }
    Square two = shape.offset(from, 2 * df, 2 * dr);
    if (two == kNoSquare) continue;
    // existentialist.dazzler.jumps_on_two_square_move: in any direction.
    bool landing_ok = g.pos.empty(two) ? g.target == kNoSquare : takeable(g, two);
    if (landing_ok && may_jump(g, one)) add(g, from, two);
  }
  // The cannon capture: along a rank or file (existentialist.dazzler.cannon_not_diagonal,
  // FAQ 10: "It can only be done either horizontally or vertically"), over
  // exactly one screen.
  for (auto [df, dr] : kDirs) {
    if (df != 0 && dr != 0) continue;
    Square s = shape.offset(from, df, dr);
    while (s != kNoSquare && g.pos.empty(s)) s = shape.offset(s, df, dr);
    if (s == kNoSquare) continue;
    Square screen = s;
    if (hibernating_at(g.pos, screen)) continue;
    if (shield_at(g.pos, screen)) {
      if (g.pos.piece(g.pos.occupant(screen)).color != g.us) continue;  // no_jump_over_enemy_shield
      // existentialist.shield_as_screen: the line may run along the shield.
      Square next = shape.offset(screen, df, dr);
      ShieldSquares ring = shield_squares(g.pos, screen);
      if (next != kNoSquare && std::find(ring.begin(), ring.end(), next) != ring.end()) {
        if (g.rules.alt(reading::kShieldAsScreen) != "whole_shield") continue;
        while (next != kNoSquare && std::find(ring.begin(), ring.end(), next) != ring.end()) {
          screen = next;
          next = shape.offset(next, df, dr);
        }
      }
    }
    Square t = shape.offset(screen, df, dr);
    while (t != kNoSquare && g.pos.empty(t)) t = shape.offset(t, df, dr);
    if (t == kNoSquare || !takeable(g, t)) continue;
    add(g, from, t);
  }
}

// existentialist.wildcat.moves: "up to three squares at a time"; along a
// line as the hyena it was, or by any route of king steps
// (existentialist.wildcat_moves).
void wildcat_moves(Gen& g, Square from, const Piece& host) {
  if (g.rules.alt(reading::kWildcatRoute) != "king_steps") {
    by_movements(g, from, *data_movements(g.pos, host), kWildcat);
    return;
  }
  const BoardShape& shape = g.pos.shape();
  std::array<bool, kMaxSquares> seen{};
  std::array<Square, 32> ring{}, next{};  // the squares three steps reach: at most 8 * 3 a ring
  int n = 0;
  ring[n++] = from;
  seen[from] = true;
  for (int step = 0; step < 3; ++step) {
    int m = 0;
    for (int i = 0; i < n; ++i)
      for (auto [df, dr] : kDirs) {
        Square s = shape.offset(ring[i], df, dr);
        if (s == kNoSquare || seen[s]) continue;
        seen[s] = true;
        if (g.pos.empty(s)) {
          if (g.target == kNoSquare) add(g, from, s);
          next[m++] = s;
        } else if (takeable(g, s)) {
          add(g, from, s);
        }
      }
    ring = next;
    n = m;
  }
}

// existentialist.teleporter.teleports / captures_one_square.
void teleporter_moves(Gen& g, Square from, bool dazzled) {
  const BoardShape& shape = g.pos.shape();
  if (g.target == kNoSquare) {
    int shade = (shape.file_of(from) + shape.rank_of(from)) % 2;
    for (Square s = 0; s < shape.size(); ++s)
      if (g.pos.empty(s) && (shape.file_of(s) + shape.rank_of(s)) % 2 != shade) add(g, from, s);
  }
  // existentialist.teleporter.dazzled_may_teleport: but not capture.
  if (dazzled) return;
  for (auto [df, dr] : kDirs) {
    Square s = shape.offset(from, df, dr);
    if (s != kNoSquare && !g.pos.empty(s) && takeable(g, s)) add(g, from, s);
  }
}

void existentialist_moves(Gen& g, Square from, const Piece& x) {
  const BoardShape& shape = g.pos.shape();
  int stage = next_stage(x);
  if (stage == 0) return;  // hibernating, or its twenty moves made
  if (stage == 1) {
    // existentialist.cycle.stage1_any_empty_square
    if (g.target != kNoSquare) return;
    for (Square s = 0; s < shape.size(); ++s)
      if (g.pos.empty(s)) add(g, from, s);
    return;
  }
  if (stage == 5) {
    // existentialist.cycle.stage5_two_knight_moves: the first not capturing.
    if (g.target != kNoSquare && g.rules.alt(reading::kStage5Check) == "no_check") return;
    static const int kKnight[8][2] = {{1, 2},  {2, 1},  {-1, 2},  {-2, 1},
                                      {1, -2}, {2, -1}, {-1, -2}, {-2, -1}};
    for (auto [f1, r1] : kKnight) {
      Square mid = shape.offset(from, f1, r1);
      if (mid == kNoSquare || !g.pos.empty(mid) || leap_barred(g, from, f1, r1)) continue;
      for (auto [f2, r2] : kKnight) {
        Square to = shape.offset(mid, f2, r2);
        if (to == kNoSquare || leap_barred(g, mid, f2, r2)) continue;
        if (to == from) {
          if (g.target == kNoSquare && g.rules.alt(reading::kStage5Return) == "allowed")
            add(g, from, to);
          continue;
        }
        if (g.pos.empty(to)) {
          if (g.target == kNoSquare) add(g, from, to);
        } else if (takeable(g, to)) {
          add(g, from, to);
        }
      }
    }
    return;
  }
  auto movements = data_movements(g.pos, x);
  if (movements) by_movements(g, from, *movements, kExistentialist);
}

bool straight_adjacent(const BoardShape& shape, Square a, Square b) {
  int df = std::abs(shape.file_of(a) - shape.file_of(b)),
      dr = std::abs(shape.rank_of(a) - shape.rank_of(b));
  return df + dr == 1;
}

// Confabulation (existentialist.archer.confabulates,
// existentialist.zednick.*): the archer or zednick alone steps into the
// square of a friendly piece it may join.
void confabulations(Gen& g, Square from, Kind mover) {
  if (g.target != kNoSquare) return;
  const Position& pos = g.pos;
  const BoardShape& shape = pos.shape();
  for (auto [df, dr] : kDirs) {
    Square s = shape.offset(from, df, dr);
    if (s == kNoSquare || pos.empty(s)) continue;
    Unit u = unit_at(pos, s, g.us);
    if (u.host == kNoPiece || u.shared_king) continue;
    bool mixed = false;
    for (PieceId id : pos.at(s)) mixed = mixed || pos.piece(id).color != g.us;
    if (mixed) continue;
    Kind host = static_cast<Kind>(pos.piece(u.host).kind);
    bool alone = pos.count(s) == 1;
    if (mover == kArcher) {
      if (u.archer != kNoPiece) continue;
      // existentialist.archer.not_hyena_yanzee_existentialist
      if (host == kHyena || host == kYanzee || host == kExistentialist) continue;
      if (host == kShield) {
        // A shield carries the zednick: under existentialist.confabulate_once=once
        // it takes no second partner; otherwise existentialist.archer_joins_shield
        // says whether the archer enters one of its squares (and fires from it).
        if (g.rules.alt(reading::kConfabulateOnce) != "archer_and_zednick") continue;
        if (g.rules.alt(reading::kArcherJoinsShield) == "never") continue;
        add(g, from, s);
        continue;
      }
      if (alone && host == kZednick) {
        // existentialist.confab.archer_zednick_either_enters
        add(g, from, s);
        continue;
      }
      if (!alone) {
        // A piece already carrying the zednick: existentialist.confabulate_once.
        if (u.zednick == kNoPiece || (host != kBobber && host != kAdventurist)) continue;
        if (g.rules.alt(reading::kConfabulateOnce) != "archer_and_zednick") continue;
      }
      add(g, from, s);
      continue;
    }
    // The zednick: existentialist.zednick.partners, each standing alone. A
    // piece carrying the archer carries a confabulated archer, and the
    // zednick "may only confabulate with an unconfabulated archer"
    // (existentialist.zednick.unconfabulated_archer).
    if (!alone) continue;
    if (host == kPawn || host == kBobber || host == kArcher) {
      add(g, from, s);
      continue;
    }
    if (host != kTeleporter) continue;
    // existentialist.zednick.teleporter_makes_shield: straight, within the
    // player's own first five ranks (existentialist.shield.straight_not_diagonal,
    // existentialist.shield.own_fifth_rank_limit).
    if (!straight_adjacent(shape, from, s)) continue;
    if (own_rank(shape, g.us, from) > 4 || own_rank(shape, g.us, s) > 4) continue;
    add(g, from, s);
    // existentialist.shield.three_square: the other teleporter in line, T-Z-T
    // or Z-T-T.
    for (Square third : third_teleporter_squares(shape, from, s)) {
      if (third == kNoSquare || pos.count(third) != 1) continue;
      const Piece& t = pos.piece(pos.occupant(third));
      if (t.kind != kTeleporter || t.color != g.us || own_rank(shape, g.us, third) > 4) continue;
      // existentialist.three_shield_shape: in line, or bent at the first teleporter.
      bool straight = third == shape.offset(from, -df, -dr) || third == shape.offset(s, df, dr);
      if (!straight && g.rules.alt(reading::kThreeShieldShape) != "bent_allowed") continue;
      add(g, from, s, kShield);
    }
  }
}

// existentialist.shield.moves / three_square_moves: a rank forwards or
// backwards, or sideways up to two (three) files, into empty squares.
}  // namespace

std::array<Square, 4> third_teleporter_squares(const BoardShape& shape, Square zednick,
                                               Square teleporter) {
  int df = shape.file_of(teleporter) - shape.file_of(zednick),
      dr = shape.rank_of(teleporter) - shape.rank_of(zednick);
  // In line (T-Z-T, Z-T-T), then bent at the teleporter the zednick enters.
  return {shape.offset(zednick, -df, -dr), shape.offset(teleporter, df, dr),
          shape.offset(teleporter, dr, df), shape.offset(teleporter, -dr, -df)};
}

namespace {

void shield_moves(Gen& g, Square from) {
  if (g.target != kNoSquare) return;
  const Position& pos = g.pos;
  const BoardShape& shape = pos.shape();
  ShieldSquares ring = shield_squares(pos, from);
  if (ring.empty() || *std::min_element(ring.begin(), ring.end()) != from) return;
  int n = static_cast<int>(ring.size());
  auto in_ring = [&](Square s) { return ring.contains(s); };
  auto try_shift = [&](int df, int dr) {
    for (Square s : ring) {
      Square t = shape.offset(s, df, dr);
      if (t == kNoSquare || own_rank(shape, g.us, t) > 4) return;  // own_fifth_rank_limit
      if (!in_ring(t) && !pos.empty(t)) return;                    // moves_into_empty_squares
      // existentialist.shield.moves_through_empty_squares: the squares
      // crossed on the way (a file-wise shield moving sideways more than one
      // file) must be empty too.
      for (int k = 1; k < std::abs(df); ++k) {
        Square p = shape.offset(s, df > 0 ? k : -k, 0);
        if (p != kNoSquare && !in_ring(p) && !pos.empty(p)) return;
      }
    }
    add(g, from, shape.offset(from, df, dr));
  };
  try_shift(0, 1);
  try_shift(0, -1);
  // Up to three files for a three-square shield; two for any other, also
  // what a blast has left of one (existentialist.blast_shield=one_square):
  // it is no longer "3-square long", and "The shield may move, one rank
  // forwards or backwards, or up to two files" is the rule for shields.
  int most = n == 3 ? 3 : 2;
  // A bent three-square shield (an L): existentialist.bent_shield_moves.
  bool bent = n == 3 && !(shape.rank_of(ring[0]) == shape.rank_of(ring[1]) &&
                          shape.rank_of(ring[1]) == shape.rank_of(ring[2])) &&
              !(shape.file_of(ring[0]) == shape.file_of(ring[1]) &&
                shape.file_of(ring[1]) == shape.file_of(ring[2]));
  for (int k = 1; k <= most; ++k) {
    if (k == 3 && bent && g.rules.alt(reading::kBentShieldMoves) != "as_three_square") break;
    try_shift(k, 0);
    try_shift(-k, 0);
  }
}

// existentialist.archer.*: the first piece in a line within range.
void shots(Gen& g, Square from, const Unit& u, bool frozen_now) {
  const Position& pos = g.pos;
  const BoardShape& shape = pos.shape();
  const Piece& archer = pos.piece(u.archer);
  const Piece& host = pos.piece(u.host);
  // existentialist.archer.three_consecutive_turns: three shots, then a rest
  // (also the turn after its teleporter teleported).
  if (must_rest(archer)) return;
  // existentialist.archer.schizzy_knight_side_only
  if ((host.kind == kLeftSchizzy || host.kind == kRightSchizzy) &&
      !on_knight_side(static_cast<Kind>(host.kind), shape.file_of(from)))
    return;
  int range =
      u.archer_zednick ? 3 : 2;  // existentialist.archer.range_two, zednick.archer_zednick_piece
  bool only_hyena = false;
  if (frozen_now) {
    if (u.archer_zednick) {
      range = 2;  // existentialist.zednick.archer_zednick_hyena_range_two
    } else {
      // existentialist.archer.hyena_limits_arrows: one square, at the hyena.
      only_hyena = true;
      range = 1;
    }
  }
  int scan = (g.target != kNoSquare && only_hyena) ? (u.archer_zednick ? 3 : 2) : range;
  // existentialist.archer_joins_shield: an archer that joined a shield fires
  // from its own square (entered_square), or, the shield being the piece
  // that "may also utilize the archer's powers", from any square of the
  // shield (any_square); the move names the archer's square either way.
  ShieldSquares origins;
  origins.push_back(from);
  if (host.kind == kShield && g.rules.alt(reading::kArcherJoinsShield) == "any_square")
    for (Square sq : shield_squares(pos, from))
      if (sq != from) origins.push_back(sq);
  for (Square origin : origins) {
    for (auto [df, dr] : kDirs) {
      Square s = origin;
      for (int n = 0; n < scan; ++n) {
        s = shape.offset(s, df, dr);
        if (s == kNoSquare) break;
        if (pos.empty(s)) continue;
        if (s == g.target) {
          // A frozen archer's check: existentialist.hyena_stops_archer_check.
          if (!only_hyena || g.rules.alt(reading::kHyenaStopsArcherCheck) == "check_stands")
            add(g, from, s, kArcher);
          break;
        }
        if (n >= range) break;
        // existentialist.archer.first_piece_in_line: the first piece in the
        // line is the only one the arrow may hit ("It cannot fire over
        // friendly pieces, or hit other enemy pieces behind its first
        // immediate target"), so the line ends at it whether or not it may be
        // shot: at a friend, at a shield (existentialist.shield.blocks_arrows),
        // at a hibernating existentialist, which "may NOT be killed by an
        // arrow" (existentialist.hibernation.impervious), and at a bare king.
        // An arrow does not kill a bare king: a king is lost when "killed
        // (checkmated)" (existentialist.result.king_killed), and the shot at
        // its square is check (the target test above); a bare king in range
        // of an archer that may fire is in check, which its player may not
        // leave it in (existentialist.legal.no_self_exposure).
        bool enemy = true;
        for (PieceId id : pos.at(s)) enemy = enemy && pos.piece(id).color != g.us;
        if (!enemy || shield_at(pos, s) || hibernating_at(pos, s) || bare_king_at(pos, s)) break;
        if (pos.count(s) > 1) {
          // A shared square holds the enemy king and one of ours: no shot.
          bool mixed = false;
          for (PieceId id : pos.at(s))
            mixed = mixed || pos.piece(id).color != pos.piece(pos.occupant(s)).color;
          if (mixed) break;
        }
        if (only_hyena && !has_kind(pos, s, kHyena)) break;
        add(g, from, s, kArcher);
        break;
      }
    }
  }
}

}  // namespace

// The reach table answers for a kind that moves by its own movements; a
// queen's lines for a bobber (and its range), a schizzy off its knight side
// and a dazzler (its steps, leaps and cannon captures run along them); a
// queen's lines and the knight's and (1,3) leaps for an existentialist but
// at its fifth move (two knight moves).
bool misses(const Gen& g, Square from, const Piece& host) {
  if (!g.aimed()) return false;
  const BoardShape& shape = g.pos.shape();
  int df = shape.file_of(g.target) - shape.file_of(from);
  int dr = shape.rank_of(g.target) - shape.rank_of(from);
  int adf = std::abs(df), adr = std::abs(dr);
  bool queen_line = df == 0 || dr == 0 || adf == adr;
  switch (host.kind) {
    case kBobber: {
      int range = bobber_range(host);
      return !queen_line || (range < 9 && std::max(adf, adr) > range);
    }
    case kDazzler:
      return !queen_line;
    case kWildcat:  // three squares away at most, whichever existentialist.wildcat_moves
      return std::max(adf, adr) > 3;
    case kExistentialist: {
      if (next_stage(host) == 5) return false;
      bool leaper = std::min(adf, adr) == 1 && (std::max(adf, adr) == 2 || std::max(adf, adr) == 3);
      return !queen_line && !leaper;
    }
    case kLeftSchizzy:
    case kRightSchizzy:
      if (!on_knight_side(static_cast<Kind>(host.kind), shape.file_of(from))) return !queen_line;
      break;  // knight or wizard: the kind's own movements
    case kKing:  // its steps are code (king_steps)
    case kPawn:  // and so are its moves (pawn_moves)
      return false;
    default:
      if (!moves_as_its_kind(host.kind)) return false;
  }
  if (g.us == Color::Black) dr = -dr;  // the table is White's view
  return g.pos.kind_of(host).reach[reach_index(df, dr)] == 0;
}

void unit_moves(Gen& g, Square from) {
  const Position& pos = g.pos;
  Unit u = unit_at(pos, from, g.us);
  if (u.host == kNoPiece) return;
  const Piece& host = pos.piece(u.host);
  Kind kind = static_cast<Kind>(host.kind);
  // An aimed attack test by a piece whose own steps miss the target: its
  // movements need not be walked, and if it carries no archer nothing it may
  // do reaches the target, spells or no spells.
  bool own_steps_miss = misses(g, from, host);
  if (own_steps_miss && u.archer == kNoPiece && !u.shared_king) return;
  bool dazzled = host.has(kFlagDazzled);
  if (g.hyenas < 0) {
    g.hyenas = 0;
    for (const Piece& p : pos.pieces())
      if (p.on_board() && p.kind == kHyena) g.hyenas = 1;
  }
  bool fr = g.hyenas != 0 && frozen(pos, host);
  bool attack = g.target != kNoSquare;
  // A dazzled hyena is not frozen: the dazzler's spell takes precedence
  // (existentialist.hyena.dazzle_over_trap) and it must move.
  if (kind == kHyena && dazzled) {
    fr = false;
    dazzled = false;
  }
  bool regular = !dazzled && !fr;
  if (!regular && kind == kKing && !attack && g.in_check) {
    // existentialist.check.king_in_check_breaks_spell
    g.rules.fire(clause::kKingBreaksSpell);
    regular = true;
  }
  if (!regular && kind == kTeleporter && dazzled && !fr) {
    teleporter_moves(g, from, true);  // existentialist.teleporter.dazzled_may_teleport
  }
  if (u.shared_king) {
    // existentialist.king_archer.king_must_answer: the king captures the
    // intruder on its square or steps away.
    if (regular) {
      king_steps(g, from);
      if (!attack) add(g, from, from);
    }
    return;
  }
  if (!attack) {
    // existentialist.shared_square_capture: while the king shares its square
    // with an intruder, may another piece take the intruder?
    Square k = kNoSquare;
    for (const Piece& p : pos.pieces())
      if (p.on_board() && p.kind == kKing && p.color == g.us) k = p.square;
    if (k != kNoSquare && pos.count(k) > 1 && unit_at(pos, k, g.us).shared_king) {
      // Only an arrow can take it there: a capture by moving would end on
      // the king's square, which a friendly piece enters only as the archer
      // or zednick confabulating (existentialist.confab.archer_or_zednick_enters),
      // and the king takes no partner but the archer. A frozen archer fires
      // only at its hyena (existentialist.archer.hyena_limits_arrows).
      if (u.archer == kNoPiece || (fr && !u.archer_zednick)) return;
      MoveList takes;
      Gen t{pos, g.rules, g.us, k, takes, false};
      shots(t, from, u, fr);
      if (!takes.empty() && g.rules.alt(reading::kSharedSquareCapture) == "friendly_arrow")
        for (const Move& m : takes) add(g, m.from, m.to, m.promotion, m.flags);
      return;
    }
  }
  if (regular) {
    switch (kind) {
      case kKing:
        king_steps(g, from);
        if (!attack && !g.in_check) castling(g, from, u);
        break;
      case kSquire: {
        // A rook's lines, and the added step diagonally (made once).
        static const Movement kSquireMoves[] = {ride(1, 0), leap(1, 1)};
        by_movements(g, from, kSquireMoves, kind);
        break;
      }
      case kViceroy: {
        // A bishop's lines, and the added step straight (made once).
        static const Movement kViceroyMoves[] = {ride(1, 1), leap(1, 0)};
        by_movements(g, from, kViceroyMoves, kind);
        break;
      }
      case kPawn:
        pawn_moves(g, from);
        break;
      case kDazzler:
        dazzler_moves(g, from);
        break;
      case kTeleporter:
        teleporter_moves(g, from, false);
        break;
      case kExistentialist:
        existentialist_moves(g, from, host);
        break;
      case kAdventurist:
        adventurist_moves(g, from, host);
        break;
      case kShield:
        shield_moves(g, from);
        break;
      case kArcher:
        if (u.archer_zednick) {
          king_steps(g, from);  // existentialist.zednick.archer_zednick_piece
        } else {
          if (!own_steps_miss) by_movements(g, from, *data_movements(pos, host), kind);
          confabulations(g, from, kArcher);
        }
        break;
      case kZednick:
        if (!own_steps_miss) by_movements(g, from, *data_movements(pos, host), kind);
        confabulations(g, from, kZednick);
        break;
      case kYanzee:
        if (!own_steps_miss) by_movements(g, from, *data_movements(pos, host), kind);
        break;
      case kWildcat:
        if (!own_steps_miss) wildcat_moves(g, from, host);
        break;
      default:
        if (own_steps_miss) break;
        if (auto ms = data_movements(pos, host)) by_movements(g, from, *ms, kind);
        break;
    }
  }
  if (u.archer != kNoPiece) shots(g, from, u, fr);
}

}  // namespace detail

}  // namespace arbiter::existentialist
