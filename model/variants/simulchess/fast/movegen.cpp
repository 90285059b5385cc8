// Submittable moves of SimulChess on the fast Board.
//
// A player submits any move the orthodox piece rules allow, leaving its king
// exposed or not (simulchess.king.may_be_exposed), so generation is the
// orthodox pseudo-legal one: no check or pin masks, unlike orthodox/fast. What
// stays of the orthodox legality is in castling (orthodox.castle.rights,
// path_empty, not_in_or_through_check: the king's square and the square it
// crosses unattacked; the landing square is left to the self-check filter,
// which SimulChess does not apply) and in the checkmate test at turn start.
//
// As in orthodox/fast, the generator is a template over a sink that receives
// whole target sets, so that the last ply of perft only adds popcounts, and
// over the colour, so that pawn directions and home squares are constants.
#include "model/variants/simulchess/fast/movegen.h"

namespace arbiter::simulchess::fast {

namespace {

using orthodox::fast::bishop_attacks;
using orthodox::fast::kFileA;
using orthodox::fast::kFileH;
using orthodox::fast::kRank1;
using orthodox::fast::kRank8;
using orthodox::fast::pop_lsb;
using orthodox::fast::popcount;
using orthodox::fast::rook_attacks;

template <Color Us>
struct Side {
  static constexpr bool kWhiteSide = Us == kWhite;
  static constexpr Color kThem = kWhiteSide ? kBlack : kWhite;
  static constexpr int kPush = kWhiteSide ? 8 : -8;
  static constexpr int kWestCapture = kWhiteSide ? 7 : -9;
  static constexpr int kEastCapture = kWhiteSide ? 9 : -7;
  static constexpr Bitboard kThirdRank = kWhiteSide ? kRank1 << 16 : kRank1 << 40;
  static constexpr Bitboard kLastRank = kWhiteSide ? kRank8 : kRank1;
  static constexpr Square kKingHome = kWhiteSide ? 4 : 60;
  static constexpr std::uint8_t kKingside = kWhiteSide ? orthodox::fast::kWhiteKingside : orthodox::fast::kBlackKingside;
  static constexpr std::uint8_t kQueenside = kWhiteSide ? orthodox::fast::kWhiteQueenside : orthodox::fast::kBlackQueenside;
  static constexpr Bitboard kKingsidePath = bit(kKingHome + 1) | bit(kKingHome + 2);
  static constexpr Bitboard kQueensidePath = bit(kKingHome - 1) | bit(kKingHome - 2) | bit(kKingHome - 3);
};

constexpr Bitboard shift(Bitboard b, int offset) { return offset > 0 ? b << offset : b >> -offset; }

// Whether the pieces in `by` (a subset of one colour's) attack s on `occ`.
bool attacked_by_set(const Board& b, Square s, Color by, Bitboard set, Bitboard occ) {
  if (kTables.pawn[by ^ 1][s] & b.pieces[kPawn] & set) return true;
  if (kTables.knight[s] & b.pieces[kKnight] & set) return true;
  if (kTables.king[s] & b.pieces[kKing] & set) return true;
  const Bitboard rq = (b.pieces[kRook] | b.pieces[kQueen]) & set;
  if ((kTables.rook[s] & rq) && (rook_attacks(s, occ) & rq)) return true;
  const Bitboard bq = (b.pieces[kBishop] | b.pieces[kQueen]) & set;
  return (kTables.bishop[s] & bq) && (bishop_attacks(s, occ) & bq);
}

template <Color Us, class Sink>
void generate_for(const Board& b, Sink& sink) {
  using S = Side<Us>;
  constexpr Color Them = S::kThem;
  const Bitboard occ = b.occupied();
  const Bitboard ours = b.colors[Us];
  const Bitboard theirs = b.colors[Them];
  const Bitboard target = ~ours;

  // orthodox.move.{king,queen,rook,bishop,knight}: by the pieces' steps, onto
  // empty squares or enemy pieces (the enemy king too: it may be captured,
  // simulchess.result.king_capture).
  for (Bitboard p = b.pieces[kKnight] & ours; p;) {
    const Square s = pop_lsb(p);
    sink.piece(s, kKnight, kTables.knight[s] & target);
  }
  for (Bitboard p = b.pieces[kBishop] & ours; p;) {
    const Square s = pop_lsb(p);
    sink.piece(s, kBishop, bishop_attacks(s, occ) & target);
  }
  for (Bitboard p = b.pieces[kRook] & ours; p;) {
    const Square s = pop_lsb(p);
    sink.piece(s, kRook, rook_attacks(s, occ) & target);
  }
  for (Bitboard p = b.pieces[kQueen] & ours; p;) {
    const Square s = pop_lsb(p);
    sink.piece(s, kQueen, (rook_attacks(s, occ) | bishop_attacks(s, occ)) & target);
  }
  for (Bitboard p = b.pieces[kKing] & ours; p;) {
    const Square s = pop_lsb(p);
    sink.piece(s, kKing, kTables.king[s] & target);
  }

  // orthodox.pawn.push, double_step, capture, promotion.
  const Bitboard pawns = b.pieces[kPawn] & ours;
  const Bitboard single = shift(pawns, S::kPush) & ~occ;
  const Bitboard twice = shift(single & S::kThirdRank, S::kPush) & ~occ;
  const Bitboard west = shift(pawns & ~kFileA, S::kWestCapture) & theirs;
  const Bitboard east = shift(pawns & ~kFileH, S::kEastCapture) & theirs;
  sink.pawns(single & ~S::kLastRank, S::kPush, kNormal);
  sink.pawns(twice, 2 * S::kPush, kDoublePush);
  sink.pawns(west & ~S::kLastRank, S::kWestCapture, kNormal);
  sink.pawns(east & ~S::kLastRank, S::kEastCapture, kNormal);
  if ((single | west | east) & S::kLastRank) {
    sink.promotions(single & S::kLastRank, S::kPush);
    sink.promotions(west & S::kLastRank, S::kWestCapture);
    sink.promotions(east & S::kLastRank, S::kEastCapture);
  }
  // orthodox.pawn.en_passant, onto the square of ep= this colour may capture
  // onto (simultaneous::en_passant_for), when it is empty.
  const Square ep = b.en_passant[Us];
  if (ep != kNoSquare && !(occ & bit(ep))) {
    for (Bitboard from = kTables.pawn[Them][ep] & pawns; from;)
      sink.special(make_move_code(pop_lsb(from), ep, kEnPassant, kPawn));
  }

  // orthodox.castle.*: the right, king and rook at home (checked, as the
  // reference does), the squares between them empty, the king's square, the
  // square it crosses and the one it lands on not attacked
  // (simulchess.castle.normal_rules).
  constexpr Square k = S::kKingHome;
  const Bitboard our_rooks = b.pieces[kRook] & ours;
  if ((b.castling & (S::kKingside | S::kQueenside)) && (b.pieces[kKing] & ours & bit(k)) &&
      !attacked_by_set(b, k, Them, theirs, occ)) {
    if ((b.castling & S::kKingside) && (our_rooks & bit(k + 3)) && !(occ & S::kKingsidePath) &&
        !attacked_by_set(b, k + 1, Them, theirs, occ) && !attacked_by_set(b, k + 2, Them, theirs, occ))
      sink.special(make_move_code(k, k + 2, kCastle, kKing));
    if ((b.castling & S::kQueenside) && (our_rooks & bit(k - 4)) && !(occ & S::kQueensidePath) &&
        !attacked_by_set(b, k - 1, Them, theirs, occ) && !attacked_by_set(b, k - 2, Them, theirs, occ))
      sink.special(make_move_code(k, k - 2, kCastle, kKing));
  }
}

using Lister = simultaneous::fast::MoveLister;
using Counter = simultaneous::fast::MoveCounter;

}  // namespace

void generate(const Board& b, Color c, MoveList& out) {
  Lister lister{out};
  if (c == kWhite)
    generate_for<kWhite>(b, lister);
  else
    generate_for<kBlack>(b, lister);
  if (out.size == 0) out.push(kPass);
}

int count(const Board& b, Color c) {
  Counter counter;
  if (c == kWhite)
    generate_for<kWhite>(b, counter);
  else
    generate_for<kBlack>(b, counter);
  return counter.n;
}

bool attacked(const Board& b, Square s, Color by, Bitboard occ) { return attacked_by_set(b, s, by, b.colors[by], occ); }

bool in_check(const Board& b, Color c) {
  const Bitboard king = b.of(c, kKing);
  return king && attacked(b, lsb(king), static_cast<Color>(c ^ 1), b.occupied());
}

// Each move is tried as the orthodox make-move would play it, looking only at
// what decides whether our king is then attacked: the square it stands on, the
// occupancy and the enemy pieces left. Castling is never among the escapes: it
// is not generated while the king is attacked.
bool mated(const Board& b, Color c) {
  if (!in_check(b, c)) return false;
  const Color them = static_cast<Color>(c ^ 1);
  MoveList moves;
  generate(b, c, moves);
  const Bitboard occ = b.occupied();
  const Square king = lsb(b.of(c, kKing));
  for (Move m : moves) {
    if (m == kPass) continue;
    const Square from = move_from(m), to = move_to(m);
    Bitboard captured = bit(to) & b.colors[them];
    if (move_kind(m) == kEnPassant) captured = bit(make_square(file_of(to), rank_of(from)));
    const Bitboard after = (occ & ~bit(from) & ~captured) | bit(to);
    const Square k = move_piece(m) == kKing ? to : king;
    if (!attacked_by_set(b, k, them, b.colors[them] & ~captured, after)) return false;
  }
  return true;
}

}  // namespace arbiter::simulchess::fast
