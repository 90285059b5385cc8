// Positions of Existentialist Chess: the start position, per-piece state and
// the invariants every position keeps (see state.h for how state is held).
#include "model/variants/existentialist/state.h"

#include <algorithm>
#include <cstdlib>
#include <array>
#include <bitset>
#include <span>
#include <string>

#include "model/core/fen.h"
#include "model/core/fixed_vector.h"

namespace arbiter::existentialist {

namespace {

bool is(const Position& pos, PieceId id, Kind k) {
  return pos.piece(id).kind == k;
}

// The pieces ids as one confabulated piece: its host and the archer and
// zednick merged into it, all of one colour; no host if they are not one.
Confabulated confabulated_of(const Position& pos, std::span<const PieceId> ids) {
  Confabulated c;
  if (ids.empty()) return c;
  for (PieceId id : ids)
    if (pos.piece(id).color != pos.piece(ids[0]).color) return c;
  if (ids.size() == 1) {
    c.host = ids[0];
    return c;
  }
  PieceId archer = kNoPiece, zednick = kNoPiece;
  FixedVector<PieceId, kMaxStack> others;
  for (PieceId id : ids) {
    if (is(pos, id, kArcher) && archer == kNoPiece)
      archer = id;
    else if (is(pos, id, kZednick) && zednick == kNoPiece)
      zednick = id;
    else
      others.push_back(id);
  }
  if (others.size() > 1) return c;
  if (others.empty()) {
    // The archer/zednick pair: the archer fires, so it is the host.
    if (archer == kNoPiece || zednick == kNoPiece) return c;
    c.host = archer;
    c.zednick = zednick;
    return c;
  }
  c.host = others[0];
  c.archer = archer;
  c.zednick = zednick;
  return c;
}

std::string where(const Position& pos, Square s) {
  return square_name(pos.shape(), s);
}

// The most of a kind a side can have: nothing in the rules copies a piece,
// and promotion adds only queens, rooks, bishops and knights.
struct Limit {
  Kind kind;
  int most;
};
constexpr std::array<Limit, 8> kLimits = {{{kKing, 1},
                                           {kBobber, 1},
                                           {kArcher, 1},
                                           {kExistentialist, 1},
                                           {kAdventurist, 1},
                                           {kLeftSchizzy, 1},
                                           {kRightSchizzy, 1},
                                           {kCrownedKnight, 2}}};

void check_stack(const Position& pos, Square s, std::vector<InvariantViolation>& out) {
  auto ids = pos.at(s);
  if (ids.size() < 2) {
    if (ids.size() == 1 && is(pos, ids[0], kAdventurist))
      out.push_back({"existentialist.adventurist_has_zednick",
                     "an adventurist without its zednick on " + where(pos, s)});
    return;
  }
  bool mixed = false;
  for (PieceId id : ids) mixed = mixed || pos.piece(id).color != pos.piece(ids[0]).color;
  if (mixed) {
    // existentialist.king_archer.shared_square: a king (to move) and "the
    // enemy piece" that killed its archer on the last move. A confabulated
    // enemy piece is one piece (the text's "confabulated King/Archer piece",
    // "the archer/zednick piece"), so its pieces come in together. That piece
    // is a king only as the enemy king/archer, which enters under
    // existentialist.king_enters_king_square=enters_then_* (a bare king never
    // enters; no capture leaves two kings on one square, for the judge of
    // legality forbids it); the positions hold no readings, so this accepts
    // what any alternative reaches.
    PieceId king = kNoPiece;
    for (PieceId id : ids)
      if (is(pos, id, kKing) && pos.piece(id).color == pos.side_to_move) king = id;
    FixedVector<PieceId, kMaxStack> intruder;
    for (PieceId id : ids)
      if (id != king) intruder.push_back(id);
    Confabulated enemy = confabulated_of(pos, {intruder.begin(), intruder.size()});
    int merged = (enemy.archer != kNoPiece) + (enemy.zednick != kNoPiece);
    bool king_and_intruder = king != kNoPiece && enemy.host != kNoPiece &&
                             pos.piece(enemy.host).color != pos.piece(king).color &&
                             merged + 1 == static_cast<int>(intruder.size());
    bool king_archer = enemy.host != kNoPiece && is(pos, enemy.host, kKing) &&
                       enemy.archer != kNoPiece && enemy.zednick == kNoPiece;
    for (PieceId id : intruder)
      king_and_intruder = king_and_intruder && (!is(pos, id, kKing) || king_archer);
    if (!king_and_intruder)
      out.push_back(
          {"existentialist.shared_square_is_king_and_intruder",
           where(pos, s) + " holds pieces of both colours other than a king (to move) and one enemy "
                           "(possibly confabulated) piece, a king only with its archer"});
    return;
  }
  Confabulated c = confabulated_at(pos, s);
  int merged = (c.archer != kNoPiece) + (c.zednick != kNoPiece);
  if (c.host == kNoPiece || merged + 1 != static_cast<int>(ids.size())) {
    out.push_back(
        {"existentialist.stack_is_confabulated",
         where(pos, s) + " holds pieces of one colour that are not one confabulated piece"});
    return;
  }
  Kind host = static_cast<Kind>(pos.piece(c.host).kind);
  // existentialist.archer.not_hyena_yanzee_existentialist (an archer in a
  // shield's square is existentialist.archer_joins_shield=entered_square;
  // the invariants hold no readings, so they accept it).
  if (c.archer != kNoPiece &&
      (host == kHyena || host == kYanzee || host == kExistentialist))
    out.push_back({"existentialist.archer_partner", "an archer merged with a " +
                                                        pos.kind_of(pos.piece(c.host)).name +
                                                        " on " + where(pos, s)});
  // existentialist.zednick.partners: the pawn (now an adventurist), the
  // bobber, the archer; the teleporter makes a shield instead.
  // A promoted adventurist keeps its zednick under
  // existentialist.promoted_adventurist_zednick=stays.
  bool promoted = host == kQueen || host == kRook || host == kBishop || host == kKnight;
  if (c.zednick != kNoPiece && host != kAdventurist && host != kBobber && host != kArcher && !promoted)
    out.push_back({"existentialist.zednick_partner", "a zednick merged with a " +
                                                         pos.kind_of(pos.piece(c.host)).name +
                                                         " on " + where(pos, s)});
}

// The shapes a shield can have: two or three squares in a line
// (existentialist.shield.straight_not_diagonal); three bent at the middle
// square, an L (existentialist.three_shield_shape=bent_allowed); and what an
// explosion leaves of them when it removes only the square it reaches
// (existentialist.blast_shield=one_square): one square, two squares next to
// each other in a line, the two ends of a straight three-square shield (one
// square apart along a rank or file) or of an L (diagonal neighbours).
bool shield_shape_ok(const BoardShape& shape, const ShieldSquares& ring) {
  auto apart = [&](Square a, Square b) {
    return std::pair{std::abs(shape.file_of(a) - shape.file_of(b)),
                     std::abs(shape.rank_of(a) - shape.rank_of(b))};
  };
  auto adjacent = [&](Square a, Square b) {
    auto [df, dr] = apart(a, b);
    return df + dr == 1;
  };
  if (ring.size() == 1) return true;
  if (ring.size() == 2) {
    auto [df, dr] = apart(ring[0], ring[1]);
    return df + dr == 1 || (df == 2 && dr == 0) || (df == 0 && dr == 2) || (df == 1 && dr == 1);
  }
  if (ring.size() != 3) return false;
  for (int middle = 0; middle < 3; ++middle) {
    Square c = ring[middle], a = ring[(middle + 1) % 3], b = ring[(middle + 2) % 3];
    if (adjacent(c, a) && adjacent(c, b) && a != b) return true;  // in a line or an L
  }
  return false;
}

void check_shields(const Position& pos, std::vector<InvariantViolation>& out) {
  const BoardShape& shape = pos.shape();
  for (const Piece& p : pos.pieces()) {
    if (!p.on_board()) continue;
    bool shield = p.kind == kShield;
    if (!shield) {
      if (p.partner_square != kNoSquare)
        out.push_back({"existentialist.partner_only_on_shields",
                       "a partner square on " + where(pos, p.square)});
      continue;
    }
    // A shield's square holds its piece alone, or with the archer of its
    // colour that joined it (existentialist.archer_joins_shield).
    auto alone_or_archer = [&](Square s) {
      if (pos.count(s) == 1) return true;
      if (pos.count(s) != 2) return false;
      int shields = 0, archers = 0;
      for (PieceId id : pos.at(s)) {
        if (pos.piece(id).color != p.color) return false;
        shields += is(pos, id, kShield);
        archers += is(pos, id, kArcher);
      }
      return shields == 1 && archers == 1;
    };
    if (!alone_or_archer(p.square)) {
      out.push_back({"existentialist.shield_alone", "a shield shares " + where(pos, p.square) +
                                                        " with other than its own archer"});
      continue;
    }
    ShieldSquares ring = shield_squares(pos, p.square);
    bool closed = !ring.empty();
    for (Square s : ring)
      closed = closed && pos.piece(shield_part(pos, s)).color == p.color && alone_or_archer(s);
    // existentialist.shield.straight_not_diagonal: its squares next to each
    // other along one rank or one file, or what a blast leaves of such a
    // shield.
    bool straight = closed && shield_shape_ok(shape, ring);
    if (!closed || !straight) {
      out.push_back({"existentialist.shield_ring",
                     "the shield on " + where(pos, p.square) +
                         " is not 2 or 3 of its squares in a line (or bent), or what a blast leaves "
                         "of one, linked in a ring"});
      continue;
    }
    // existentialist.shield.own_fifth_rank_limit
    for (Square s : ring)
      if (own_rank(shape, p.color, s) > 4)
        out.push_back({"existentialist.shield_rank_limit",
                       "a shield beyond its own fifth rank on " + where(pos, s)});
  }
}

void check_piece_state(const Position& pos, std::vector<InvariantViolation>& out) {
  std::vector<Square> jumped;
  for (const Piece& p : pos.pieces()) {
    if (!p.on_board()) continue;
    Kind k = static_cast<Kind>(p.kind);
    std::string at = where(pos, p.square);
    if (p.has(kFlagHibernating) && k != kExistentialist)
      out.push_back(
          {"existentialist.flag_hibernating", "only an existentialist hibernates (" + at + ")"});
    if (p.has(kFlagMoved) && k != kAdventurist)
      out.push_back(
          {"existentialist.flag_moved", "'moved' is kept only for an adventurist (" + at + ")"});
    if (p.has(kFlagFrozen) || p.has(kFlagImmobile) || p.has(kFlagCloaked))
      out.push_back({"existentialist.flag_unused",
                     "immobility by a hyena is read from the board, not a flag (" + at + ")"});
    if (p.has(kFlagDazzled) || p.has(kFlagInvulnerable)) {
      if (k == kShield)
        out.push_back({"existentialist.shield_no_spell", "a spell on the shield on " + at});
      if (p.has(kFlagDazzled) && p.has(kFlagInvulnerable))
        out.push_back({"existentialist.one_spell", "both spells on the piece on " + at});
      // A dazzled piece belongs to the side to move, an invulnerable one to
      // the side that has just moved: the spells last one opposing turn.
      if (p.has(kFlagDazzled) && p.color != pos.side_to_move)
        out.push_back(
            {"existentialist.dazzled_side", "a piece of the side not to move is dazzled on " + at});
      if (p.has(kFlagInvulnerable) && p.color == pos.side_to_move)
        out.push_back({"existentialist.invulnerable_side",
                       "a piece of the side to move is invulnerable on " + at});
      if (std::find(jumped.begin(), jumped.end(), p.square) == jumped.end())
        jumped.push_back(p.square);
    }
    int c = p.counter;
    bool counter_ok = true;
    if (k == kArcher)
      counter_ok = c >= 0 && c <= 3;
    else if (k == kExistentialist)
      counter_ok = c >= 0 && c <= 19;
    else if (k != kBobber)
      counter_ok = c == 0;
    if (!counter_ok)
      out.push_back({"existentialist.counter_range", "counter c=" + std::to_string(c) +
                                                         " out of range for the " +
                                                         pos.kind_of(p).name + " on " + at});
    if (k == kPawn) {
      // Pawns start on their own third rank and move only forwards.
      if (own_rank(pos.shape(), p.color, p.square) < 2)
        out.push_back({"existentialist.pawn_rank", "a pawn behind its own third rank on " + at});
    }
  }
  // existentialist.dazzler.jumped_*: one move jumps one piece (or one stack).
  if (jumped.size() > 1)
    out.push_back({"existentialist.one_jumped_square", "spells on pieces of more than one square"});
}

void check_counts(const Position& pos, std::vector<InvariantViolation>& out) {
  for (Color c : {Color::White, Color::Black}) {
    std::array<int, kKindCount> n{};
    int shields = 0;
    for (const Piece& p : pos.pieces())
      if (p.on_board() && p.color == c) ++n[p.kind];
    // The squares of the shields counted so far, marked in place.
    std::bitset<kMaxSquares> seen;
    for (const Piece& p : pos.pieces()) {
      if (!p.on_board() || p.color != c || p.kind != kShield) continue;
      if (seen[p.square]) continue;
      ShieldSquares ring = shield_squares(pos, p.square);
      if (ring.empty()) continue;  // reported as existentialist.shield_ring
      ++shields;
      for (Square s : ring) seen[s] = true;
    }
    std::string side(color_name(c));
    if (n[kKing] != 1)
      out.push_back(
          {"existentialist.one_king_each", side + " has " + std::to_string(n[kKing]) + " kings"});
    for (const Limit& l : kLimits)
      if (n[l.kind] > l.most)
        out.push_back({"existentialist.piece_count",
                       side + " has more " + kinds()[l.kind].name + "s than it started with"});
    // The zednick is on its own, in a stack, or gone into the one shield.
    if (n[kZednick] + shields > 1)
      out.push_back({"existentialist.piece_count", side + " has more than one zednick or shield"});
    if (n[kHyena] + n[kWildcat] > 1)
      out.push_back({"existentialist.piece_count", side + " has more than one hyena or wildcat"});
    if (n[kTeleporter] + n[kShield] - shields > 2)
      out.push_back({"existentialist.piece_count",
                     side + " has more than two teleporters, counting those in its shield"});
    if (n[kPawn] + n[kAdventurist] > 10)
      out.push_back({"existentialist.piece_count", side + " has more than ten pawns"});
  }
}

}  // namespace

Position start_position() {
  return *parse_position(kStartFen);
}

Expected<Position> parse_position(std::string_view fen) {
  auto pos = parse_fen(fen, kinds());
  if (!pos) return Error{pos.error()};
  for (const InvariantViolation& v : check_position(*pos))
    return Error{"not an existentialist position: " + v.detail + " (" + v.label + ")"};
  return pos;
}

int castling_squire_file(CastlingRight right) {
  return right == kWhiteKingside || right == kBlackKingside ? 8 : 1;
}

bool castling_pieces_home(const Position& pos, CastlingRight right) {
  Color color = right == kWhiteKingside || right == kWhiteQueenside ? Color::White : Color::Black;
  int rank = color == Color::White ? 0 : kShape.ranks - 1;
  auto holds = [&](int file, Kind k) {
    for (PieceId id : pos.at(kShape.square(file, rank)))
      if (pos.piece(id).kind == k && pos.piece(id).color == color) return true;
    return false;
  };
  return holds(5, kKing) && holds(castling_squire_file(right), kSquire);
}

std::vector<InvariantViolation> check_position(const Position& pos) {
  std::vector<InvariantViolation> out = check_core_invariants(pos);
  if (!(pos.shape() == kShape)) {
    out.push_back(
        {"existentialist.board_10x10", "the board is " + std::to_string(pos.shape().files) + "x" +
                                           std::to_string(pos.shape().ranks) + ", not 10x10"});
    return out;
  }
  for (Square s = 0; s < pos.shape().size(); ++s) check_stack(pos, s, out);
  check_shields(pos, out);
  check_piece_state(pos, out);
  check_counts(pos, out);
  // Castling rights need the king and the squire on their start squares.
  for (CastlingRight right : kCastlingRights)
    if ((pos.castling & right) && !castling_pieces_home(pos, right))
      out.push_back({"existentialist.castling_rights",
                     "a castling right without the king on f and the squire on " +
                         std::string(1, static_cast<char>('a' + castling_squire_file(right)))});
  if (pos.en_passant != kNoSquare && !pos.empty(pos.en_passant))
    out.push_back({"existentialist.en_passant_empty",
                   "the en passant square " + where(pos, pos.en_passant) + " is occupied"});
  return out;
}

int own_rank(const BoardShape& shape, Color c, Square s) {
  int r = shape.rank_of(s);
  return c == Color::White ? r : shape.ranks - 1 - r;
}

int bobber_range(const Piece& bobber) {
  return bobber.counter + 1;
}

int moves_made(const Piece& x) {
  return x.has(kFlagHibernating) ? 10 : x.counter;
}

int next_stage(const Piece& x) {
  // A counter below zero has no move number. The extended FEN cannot write
  // one; a position built in code can, and its existentialist then does not
  // move (the invariant checker names it: existentialist.counter_range).
  if (x.has(kFlagHibernating) || x.counter < 0 || x.counter >= 20) return 0;
  return x.counter % 10 + 1;
}

bool must_rest(const Piece& archer) {
  return archer.counter >= 3;
}

bool keeps_multi_step(const Position& pos, const Piece& adventurist) {
  // existentialist.adventurist.two_or_three_forwards: on its own first three
  // ranks and never yet past them, nor having made the move ('moved').
  return !adventurist.has(kFlagMoved) &&
         own_rank(pos.shape(), adventurist.color, adventurist.square) <= 2;
}

Confabulated confabulated_at(const Position& pos, Square s) {
  return confabulated_of(pos, pos.at(s));
}

PieceId shield_part(const Position& pos, Square s) {
  for (PieceId id : pos.at(s))
    if (pos.piece(id).kind == kShield) return id;
  return kNoPiece;
}

ShieldSquares shield_squares(const Position& pos, Square s) {
  // Follow the partner links from s; a shield's ring closes within three
  // links (one square, what a blast leaves under
  // existentialist.blast_shield=one_square, links to itself). Anything else
  // (a broken link, a longer chain) is no shield.
  ShieldSquares ring;
  Square at = s;
  for (int i = 0; i < 3; ++i) {
    PieceId id = shield_part(pos, at);
    if (id == kNoPiece) return {};
    ring.push_back(at);
    at = pos.piece(id).partner_square;
    if (at == kNoSquare || !pos.on_board(at)) return {};
    if (at == s) return ring;
  }
  return {};
}

}  // namespace arbiter::existentialist
