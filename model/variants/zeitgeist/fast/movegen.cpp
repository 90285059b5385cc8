// Pattern moves (zeitgeist.submission=pattern), mirroring pattern_moves in
// zeitgeist.cpp. Only pawns and castling look at the board: pawns for the en
// passant square, castling for the usual conditions. Like orthodox's
// generator, one template feeds whole target sets to a sink that lists them or
// only counts them (bulk counting at perft's last ply).
#include "model/variants/zeitgeist/fast/movegen.h"

#include <initializer_list>

namespace arbiter::zeitgeist::fast {

namespace {

using orthodox::fast::kCastle;
using orthodox::fast::kDoublePush;
using orthodox::fast::kEnPassant;
using orthodox::fast::kFileA;
using orthodox::fast::kFileH;
using orthodox::fast::kNormal;
using orthodox::fast::kPromoteKnight;
using orthodox::fast::kPromoteQueen;
using orthodox::fast::kRank1;
using orthodox::fast::kRank8;

constexpr Bitboard shift(Bitboard b, int offset) { return offset > 0 ? b << offset : b >> -offset; }

template <class Sink>
void generate_for(const Board& b, Color c, Sink& sink) {
  const bool white = c == kWhite;
  const int push = white ? 8 : -8;
  const int west = white ? 7 : -9, east = white ? 9 : -7;
  const Bitboard last = white ? kRank8 : kRank1;
  const Bitboard start = white ? kRank1 << 8 : kRank1 << 48;
  const Bitboard ours = b.colors[c];

  // zeitgeist.pawn.moves: forward one (two from the start rank), diagonally
  // forward onto any square; a move to the last row names its new piece
  // (zeitgeist.promotion_may=must).
  const Bitboard pawns = b.pieces[kPawn] & ours;
  const Bitboard one = shift(pawns, push);
  const Bitboard west_to = shift(pawns & ~kFileA, west);
  const Bitboard east_to = shift(pawns & ~kFileH, east);
  sink.pawns(one & ~last, push, kNormal);
  sink.pawns(shift(pawns & start, 2 * push), 2 * push, kDoublePush);
  sink.diagonals(west_to & ~last, west, b.en_passant[c]);
  sink.diagonals(east_to & ~last, east, b.en_passant[c]);
  if ((one | west_to | east_to) & last) {
    sink.promotions(one & last, push);
    sink.promotions(west_to & last, west);
    sink.promotions(east_to & last, east);
  }

  // Every other piece: its whole pattern on the empty board.
  for (Bitboard p = b.pieces[kKnight] & ours; p;) {
    const Square s = pop_lsb(p);
    sink.piece(s, kKnight, kTables.knight[s]);
  }
  for (Bitboard p = b.pieces[kBishop] & ours; p;) {
    const Square s = pop_lsb(p);
    sink.piece(s, kBishop, kTables.bishop[s]);
  }
  for (Bitboard p = b.pieces[kRook] & ours; p;) {
    const Square s = pop_lsb(p);
    sink.piece(s, kRook, kTables.rook[s]);
  }
  for (Bitboard p = b.pieces[kQueen] & ours; p;) {
    const Square s = pop_lsb(p);
    sink.piece(s, kQueen, kTables.rook[s] | kTables.bishop[s]);
  }
  for (Bitboard p = b.pieces[kKing] & ours; p;) {
    const Square s = pop_lsb(p);
    sink.piece(s, kKing, kTables.king[s]);
  }

  // Castling as in standard chess (zeitgeist.castle.not_through_check, by
  // orthodox's castling_moves): the right, king and rook at home, the squares
  // between them empty, the king's square and the square it crosses not
  // attacked. The square it lands on is left to the resolution.
  const Square king = white ? 4 : 60;
  const std::uint8_t kingside = white ? orthodox::fast::kWhiteKingside : orthodox::fast::kBlackKingside;
  const std::uint8_t queenside = white ? orthodox::fast::kWhiteQueenside : orthodox::fast::kBlackQueenside;
  if (!(b.castling & (kingside | queenside)) || !(b.of(c, kKing) & bit(king))) return;
  const Bitboard occ = b.occupied();
  const Color them = static_cast<Color>(c ^ 1);
  const Bitboard rooks = b.of(c, kRook);
  if ((b.castling & kingside) && (rooks & bit(king + 3)) && !(occ & (bit(king + 1) | bit(king + 2))) &&
      !attacked(b, king, them, occ) && !attacked(b, king + 1, them, occ))
    sink.special(make_move_code(king, king + 2, kCastle, kKing));
  if ((b.castling & queenside) && (rooks & bit(king - 4)) &&
      !(occ & (bit(king - 1) | bit(king - 2) | bit(king - 3))) && !attacked(b, king, them, occ) &&
      !attacked(b, king - 1, them, occ))
    sink.special(make_move_code(king, king - 2, kCastle, kKing));
}

// The shared sinks, with the diagonal pawn moves Zeitgeist's pattern has
// (a pawn may write a diagonal move onto any square; one onto its colour's
// en passant square is written as en passant).
struct Lister : simultaneous::fast::MoveLister {
  void diagonals(Bitboard targets, int offset, Square en_passant) {
    while (targets) {
      const Square to = pop_lsb(targets);
      out.push(make_move_code(to - offset, to, to == en_passant ? kEnPassant : kNormal, kPawn));
    }
  }
};

struct Counter : simultaneous::fast::MoveCounter {
  void diagonals(Bitboard targets, int, Square) { n += popcount(targets); }
};

}  // namespace

bool attacked(const Board& b, Square s, Color by, Bitboard occ) {
  const Bitboard theirs = b.colors[by];
  // A pawn of `by` attacks s from the squares a pawn of the other colour on s attacks.
  if (kTables.pawn[by ^ 1][s] & b.pieces[kPawn] & theirs) return true;
  if (kTables.knight[s] & b.pieces[kKnight] & theirs) return true;
  if (kTables.king[s] & b.pieces[kKing] & theirs) return true;
  const Bitboard rq = (b.pieces[kRook] | b.pieces[kQueen]) & theirs;
  if ((kTables.rook[s] & rq) && (orthodox::fast::rook_attacks(s, occ) & rq)) return true;
  const Bitboard bq = (b.pieces[kBishop] | b.pieces[kQueen]) & theirs;
  return (kTables.bishop[s] & bq) && (orthodox::fast::bishop_attacks(s, occ) & bq);
}

std::uint8_t attacked_kings(const Board& b) {
  std::uint8_t out = 0;
  for (Color c : {kWhite, kBlack}) {
    const Bitboard king = b.of(c, kKing);
    if (king && attacked(b, lsb(king), static_cast<Color>(c ^ 1), b.occupied()))
      out |= c == kWhite ? kWhiteChecked : kBlackChecked;
  }
  return out;
}

void generate(const Board& b, Color c, MoveList& out) {
  Lister lister{{out}};
  generate_for(b, c, lister);
}

int count(const Board& b, Color c) {
  Counter counter;
  generate_for(b, c, counter);
  return counter.n;
}

}  // namespace arbiter::zeitgeist::fast
