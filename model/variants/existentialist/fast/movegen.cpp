// Fully legal move generation for the fast Board, under the default readings:
// check and pin masks for the pieces, an attack test per square for the king,
// a make-and-test for en passant and castling. One generator serves both
// listing and counting through a sink, so the two cannot disagree.
#include "model/variants/existentialist/fast/movegen.h"

namespace arbiter::existentialist::fast {

namespace {

// The pieces that move along rook lines (rook, queen, squire) and bishop
// lines (bishop, queen, viceroy).
Bitboard rook_liners(const Board& b, Color c) {
  return (b.pieces[kRook] | b.pieces[kQueen] | b.pieces[kSquire]) & b.colors[c];
}
Bitboard bishop_liners(const Board& b, Color c) {
  return (b.pieces[kBishop] | b.pieces[kQueen] | b.pieces[kViceroy]) & b.colors[c];
}

constexpr int forward(Color c) {
  return c == kWhite ? kFiles : -kFiles;
}
constexpr Bitboard shift(Bitboard b, int delta) {
  return delta > 0 ? b << delta : b >> -delta;
}
// The rank of a colour's own side, 0 its first rank.
constexpr Bitboard own_rank(Color c, int n) {
  return kRank1 << (kFiles * (c == kWhite ? n : kRanks - 1 - n));
}

// Listing sink: every move, promotions once per kind.
struct ListSink {
  MoveList& out;
  void piece(Square from, Bitboard to) {
    while (to) out.push(make_move_code(from, pop_lsb(to), kNormal));
  }
  void pawns(Bitboard to, int delta, int kind) {
    while (to) {
      Square s = pop_lsb(to);
      out.push(make_move_code(s - delta, s, kind));
    }
  }
  void promotions(Bitboard to, int delta) {
    while (to) {
      Square s = pop_lsb(to);
      for (int kind = kPromoteQueen; kind >= kPromoteKnight; --kind)
        out.push(make_move_code(s - delta, s, kind));
    }
  }
  void one(Move m) { out.push(m); }
};

// Counting sink: the same moves, counted by popcount.
struct CountSink {
  int n = 0;
  void piece(Square, Bitboard to) { n += popcount(to); }
  void pawns(Bitboard to, int, int) { n += popcount(to); }
  // existentialist.pawn.promotion: queen, rook, bishop or knight
  // (existentialist.promotion_optional=must: never staying a pawn).
  void promotions(Bitboard to, int) { n += 4 * popcount(to); }
  void one(Move) { ++n; }
};

// Pawn moves of a set of pawns of colour us, to squares in `allowed`:
// existentialist.pawn.moves (one square forwards, taking one diagonally
// forwards), existentialist.pawn.double_step (from its own third rank, both
// squares empty), promotion on arrival on the last rank.
template <typename Sink>
void pawn_moves(Sink& sink, Color us, Bitboard pawns, Bitboard empty, Bitboard enemy,
                Bitboard allowed) {
  const int fw = forward(us);
  const Bitboard last = own_rank(us, kRanks - 1);
  const Bitboard one = shift(pawns, fw) & empty;
  const Bitboard two = shift(one & own_rank(us, 3), fw) & empty & allowed;
  const Bitboard step = one & allowed;
  // Taking towards file a and towards file j; the file masks keep a pawn on
  // the edge from wrapping to the other side of the board.
  const int left = fw - 1, right = fw + 1;
  const Bitboard take_left = shift(pawns & ~kFileA, left) & enemy & allowed;
  const Bitboard take_right = shift(pawns & ~kFileJ, right) & enemy & allowed;
  sink.pawns(step & ~last, fw, kNormal);
  sink.pawns(two, 2 * fw, kDoubleStep);
  sink.pawns(take_left & ~last, left, kNormal);
  sink.pawns(take_right & ~last, right, kNormal);
  if ((step | take_left | take_right) & last) {
    sink.promotions(step & last, fw);
    sink.promotions(take_left & last, left);
    sink.promotions(take_right & last, right);
  }
}

// The own pieces that stand alone between the king and an enemy piece moving
// along that line: they may move only along it.
Bitboard pinned_pieces(const Board& b, Color us, Square k, Bitboard occ) {
  const Color them = ~us;
  Bitboard snipers =
      (kTables.rook[k] & rook_liners(b, them)) | (kTables.bishop[k] & bishop_liners(b, them));
  Bitboard pinned = 0;
  while (snipers) {
    Bitboard in_between = between(k, pop_lsb(snipers)) & occ;
    if (in_between && !several(in_between)) pinned |= in_between & b.colors[us];
  }
  return pinned;
}

// existentialist.castle.with_squire: king f -> h with the squire i -> g, or
// (existentialist.castle_squares=orthodox_shifted) king f -> d with the
// squire b -> e. existentialist.castle.standard_prohibitions: not in check
// (the caller's test), the squares between king and squire empty, the
// squares the king crosses and reaches not attacked with the king moved
// there; and the move may not leave the king attacked once the squire has
// moved too (existentialist.legal.no_self_exposure).
template <typename Sink>
void castling(Sink& sink, const Board& b, Color us, Square k, Bitboard occ) {
  const int rank = us == kWhite ? 0 : kRanks - 1;
  const Color them = ~us;
  struct Side {
    std::uint8_t right;
    int squire_from, squire_to, king_to, crossed;
    Bitboard must_be_empty;
  };
  const Bitboard r = kRank1 << (kFiles * rank);
  const Side sides[2] = {
      {us == kWhite ? kWhiteKingside : kBlackKingside, 8, 6, 7, 6,
       r & (file_mask(6) | file_mask(7))},
      {us == kWhite ? kWhiteQueenside : kBlackQueenside, 1, 4, 3, 4,
       r & (file_mask(2) | file_mask(3) | file_mask(4))},
  };
  for (const Side& side : sides) {
    if (!(b.castling & side.right) || (occ & side.must_be_empty)) continue;
    const Square to = make_square(side.king_to, rank), crossed = make_square(side.crossed, rank);
    const Bitboard without_king = occ ^ bit(k);
    if (attackers_to(b, crossed, without_king | bit(crossed), them)) continue;
    if (attackers_to(b, to, without_king | bit(to), them)) continue;
    const Bitboard after = (without_king ^ bit(make_square(side.squire_from, rank))) | bit(to) |
                           bit(make_square(side.squire_to, rank));
    if (attackers_to(b, to, after, them)) continue;
    sink.one(make_move_code(k, to, kCastle));
  }
}

// existentialist.pawn.en_passant: onto the square the enemy pawn's double
// step passed, diagonally forwards, taking that pawn. Tested by playing it on
// the occupancy: taking two pieces off one line can expose the king in ways
// the pin masks do not see.
template <typename Sink>
void en_passant(Sink& sink, const Board& b, Color us, Square k, Bitboard occ) {
  const Square ep = b.en_passant;
  if (ep == kNoSquare) return;
  const Color them = ~us;
  const Square victim = ep - forward(us);
  if ((occ & bit(ep)) || !(b.of(them, kPawn) & bit(victim))) return;
  Bitboard takers = kTables.pawn[them][ep] & b.of(us, kPawn);
  while (takers) {
    const Square from = pop_lsb(takers);
    const Bitboard after = (occ ^ bit(from) ^ bit(victim)) | bit(ep);
    if (!(attackers_to(b, k, after, them) & ~bit(victim)))
      sink.one(make_move_code(from, ep, kEnPassant));
  }
}

template <typename Sink>
void generate(const Board& b, Sink& sink) {
  const Color us = static_cast<Color>(b.side), them = ~us;
  const Bitboard own = b.colors[us], enemy = b.colors[them], occ = own | enemy;
  const Square k = b.king_square(us);
  // A king is never taken: attacking it is check.
  const Bitboard enemy_king = b.of(them, kKing);
  const Bitboard checkers = attackers_to(b, k, occ, them);

  // The king: to any square not attacked once it has left its own.
  {
    Bitboard targets = kTables.king[k] & ~own & ~enemy_king, safe = 0;
    const Bitboard without_king = occ ^ bit(k);
    while (targets) {
      Square t = pop_lsb(targets);
      if (!attackers_to(b, t, without_king, them)) safe |= bit(t);
    }
    sink.piece(k, safe);
  }
  if (several(checkers)) return;  // only the king answers a double check

  // existentialist.legal.no_self_exposure: in check, a move takes the
  // checking piece or stands between it and the king; a pinned piece stays
  // on its line.
  Bitboard allowed = kAllSquares & ~own & ~enemy_king;
  if (checkers) allowed &= between(k, lsb(checkers)) | checkers;
  const Bitboard pinned = pinned_pieces(b, us, k, occ);
  auto emit = [&](Square from, Bitboard to) {
    to &= allowed;
    if (pinned & bit(from)) to &= line(k, from);
    sink.piece(from, to);
  };
  for (Bitboard p = b.of(us, kKnight); p;) {
    Square s = pop_lsb(p);
    emit(s, kTables.knight[s]);
  }
  for (Bitboard p = b.of(us, kBishop); p;) {
    Square s = pop_lsb(p);
    emit(s, bishop_attacks(s, occ));
  }
  for (Bitboard p = b.of(us, kRook); p;) {
    Square s = pop_lsb(p);
    emit(s, rook_attacks(s, occ));
  }
  for (Bitboard p = b.of(us, kQueen); p;) {
    Square s = pop_lsb(p);
    emit(s, rook_attacks(s, occ) | bishop_attacks(s, occ));
  }
  // existentialist.squire.moves: a rook that may also step one square
  // diagonally, capturing too (existentialist.pieces.move_and_capture).
  for (Bitboard p = b.of(us, kSquire); p;) {
    Square s = pop_lsb(p);
    emit(s, rook_attacks(s, occ) | kTables.ferz[s]);
  }
  // existentialist.viceroy.moves: a bishop that may also step one square
  // orthogonally, capturing too (the same clause).
  for (Bitboard p = b.of(us, kViceroy); p;) {
    Square s = pop_lsb(p);
    emit(s, bishop_attacks(s, occ) | kTables.wazir[s]);
  }
  // existentialist.crowned_knight.moves: a knight and a (non-royal) king.
  for (Bitboard p = b.of(us, kCrownedKnight); p;) {
    Square s = pop_lsb(p);
    emit(s, kTables.knight[s] | kTables.king[s]);
  }
  const Bitboard pawns = b.of(us, kPawn);
  pawn_moves(sink, us, pawns & ~pinned, ~occ & kAllSquares, enemy, allowed);
  for (Bitboard p = pawns & pinned; p;) {
    Square s = pop_lsb(p);
    pawn_moves(sink, us, bit(s), ~occ & kAllSquares, enemy, allowed & line(k, s));
  }
  en_passant(sink, b, us, k, occ);
  if (!checkers) castling(sink, b, us, k, occ);
}

}  // namespace

Bitboard attackers_to(const Board& b, Square s, Bitboard occ, Color by) {
  const Bitboard theirs = b.colors[by];
  Bitboard attackers =
      (kTables.knight[s] & (b.pieces[kKnight] | b.pieces[kCrownedKnight]) & theirs) |
      // A king attacks every square next to it, the enemy king's included
      // (existentialist.king.attacks_like_orthodox_king).
      (kTables.king[s] & (b.pieces[kKing] | b.pieces[kCrownedKnight]) & theirs) |
      (kTables.ferz[s] & b.of(by, kSquire)) | (kTables.wazir[s] & b.of(by, kViceroy)) |
      (kTables.pawn[~by][s] & b.of(by, kPawn));
  // The rays are scanned only when a piece moving along them stands on one
  // of their lines: most squares a king tests have none, and the scans are
  // the expensive part.
  const Bitboard rooks = rook_liners(b, by), bishops = bishop_liners(b, by);
  if (kTables.rook[s] & rooks) attackers |= rook_attacks(s, occ) & rooks;
  if (kTables.bishop[s] & bishops) attackers |= bishop_attacks(s, occ) & bishops;
  return attackers & occ;
}

bool opponent_in_check(const Board& b) {
  const Color us = static_cast<Color>(b.side);
  return attackers_to(b, b.king_square(~us), b.occupied(), us) != 0;
}

void generate_legal(const Board& b, MoveList& out) {
  ListSink sink{out};
  generate(b, sink);
}

int count_legal(const Board& b) {
  CountSink sink;
  generate(b, sink);
  return sink.n;
}

void make_move(Board& b, Move m) {
  const Color us = static_cast<Color>(b.side), them = ~us;
  const Square from = move_from(m), to = move_to(m);
  const int kind = move_kind(m);
  const PieceType moved = b.type_on(from);
  bool capture = (b.colors[them] & bit(to)) != 0;
  if (capture) {
    b.pieces[b.type_on(to)] ^= bit(to);
    b.colors[them] ^= bit(to);
  }
  b.pieces[moved] ^= bit(from) | bit(to);
  b.colors[us] ^= bit(from) | bit(to);
  if (kind == kEnPassant) {
    const Square victim = to - forward(us);
    b.pieces[kPawn] ^= bit(victim);
    b.colors[them] ^= bit(victim);
    capture = true;
  } else if (kind == kCastle) {
    const int rank = rank_of(to);
    const bool kingside = file_of(to) > 5;
    const Bitboard squire =
        bit(make_square(kingside ? 8 : 1, rank)) | bit(make_square(kingside ? 6 : 4, rank));
    b.pieces[kSquire] ^= squire;
    b.colors[us] ^= squire;
  } else if (kind >= kPromoteKnight) {
    b.pieces[kPawn] ^= bit(to);
    b.pieces[kKnight + (kind - kPromoteKnight)] ^= bit(to);
  }
  b.castling &= kTables.castle_keep[from] & kTables.castle_keep[to];
  b.en_passant = static_cast<std::uint8_t>(kind == kDoubleStep ? from + forward(us) : kNoSquare);
  b.halfmove_clock = (capture || moved == kPawn) ? 0 : b.halfmove_clock + 1;
  if (us == kBlack) ++b.fullmove_number;
  b.side = static_cast<std::uint8_t>(them);
}

}  // namespace arbiter::existentialist::fast
