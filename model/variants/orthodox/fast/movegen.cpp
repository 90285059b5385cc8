// Fully legal move generation for orthodox chess.
//
// Rather than generating pseudo-legal moves and testing each one by making it,
// the generator computes, once per position:
//   - checkers: the enemy pieces giving check. With two, only the king may move;
//     with one, every other move must land on the check mask (the checker's
//     square or a square between it and the king).
//   - pinned: our pieces that are the only piece between our king and an enemy
//     slider on a shared line. A pinned piece may move only along that line.
// King moves are tested square by square against enemy attacks, with our king
// removed from the occupancy so that it cannot hide behind itself when it
// steps back along a checking ray. En passant, the one move that empties two
// squares on a line at once, is checked in full by recomputing the slider
// attacks on our king after it.
//
// The generator is a template over a "sink" that receives whole target sets
// (one piece's destinations, or all pawns' destinations for one shift). The
// listing sink expands them into moves; the counting sink only adds up
// popcounts, which is what makes the last ply of perft cheap (bulk counting).
// Both see exactly the same sets, so bulk counting cannot change any count.
//
// It is also a template over the side to move: pawn directions, home ranks and
// castling squares become constants, which measured about 10% faster than
// reading them from tables indexed by a runtime colour.
#include "model/core/budget.h"
#include "model/variants/orthodox/fast/movegen.h"

namespace arbiter::orthodox::fast {

namespace {

// Per-colour constants. Pawn shifts are expressed as the signed offset
// to - from, so a sink can recover a pawn's origin as `to - offset`.
template <Color Us>
struct Side {
  static constexpr bool kWhiteSide = Us == kWhite;
  static constexpr int kPush = kWhiteSide ? 8 : -8;
  static constexpr int kWestCapture = kWhiteSide ? 7 : -9;  // towards the a-file
  static constexpr int kEastCapture = kWhiteSide ? 9 : -7;  // towards the h-file
  // Rank a single push lands on when it may continue with a second step.
  static constexpr Bitboard kThirdRank = kWhiteSide ? kRank1 << 16 : kRank1 << 40;
  static constexpr Bitboard kLastRank = kWhiteSide ? kRank8 : kRank1;
  static constexpr Square kKingHome = kWhiteSide ? 4 : 60;
  static constexpr std::uint8_t kKingside = kWhiteSide ? kWhiteKingside : kBlackKingside;
  static constexpr std::uint8_t kQueenside = kWhiteSide ? kWhiteQueenside : kBlackQueenside;
  // Squares that must be empty to castle (between king and rook).
  static constexpr Bitboard kKingsidePath = bit(kKingHome + 1) | bit(kKingHome + 2);
  static constexpr Bitboard kQueensidePath =
      bit(kKingHome - 1) | bit(kKingHome - 2) | bit(kKingHome - 3);
};

// Shifts every bit by a signed offset. Offsets are compile-time constants at
// every call, so this folds to a single shift.
constexpr Bitboard shift(Bitboard b, int offset) {
  return offset > 0 ? b << offset : b >> -offset;
}

// Whether colour Them attacks `s`, given the occupancy `occ` (which may differ
// from the board's, e.g. without our king).
template <Color Them>
bool attacked(const Board& b, Square s, Bitboard occ) {
  const Bitboard theirs = b.colors[Them];
  // A pawn of Them attacks s from the squares a pawn of ours on s would attack.
  if (kTables.pawn[~Them][s] & b.pieces[kPawn] & theirs) return true;
  if (kTables.knight[s] & b.pieces[kKnight] & theirs) return true;
  if (kTables.king[s] & b.pieces[kKing] & theirs) return true;
  // Test the empty-board lines first: mostly no slider is on them at all, and
  // then the ray walk can be skipped.
  const Bitboard rq = (b.pieces[kRook] | b.pieces[kQueen]) & theirs;
  if ((kTables.rook[s] & rq) && (rook_attacks(s, occ) & rq)) return true;
  const Bitboard bq = (b.pieces[kBishop] | b.pieces[kQueen]) & theirs;
  return (kTables.bishop[s] & bq) && (bishop_attacks(s, occ) & bq);
}

// Pawn pushes and captures of `pawns`, restricted to `mask` (check and pin
// masks). En passant is not included.
template <Color Us, class Sink>
void pawn_moves(Bitboard pawns, Bitboard empty, Bitboard theirs, Bitboard mask, Sink& sink) {
  using S = Side<Us>;
  const Bitboard single = shift(pawns, S::kPush) & empty;
  // The second step needs the first square empty too, hence from `single`
  // before it is masked: a double push can block a check the single push can't.
  const Bitboard twice = shift(single & S::kThirdRank, S::kPush) & empty & mask;
  const Bitboard push = single & mask;
  const Bitboard west = shift(pawns & ~kFileA, S::kWestCapture) & theirs & mask;
  const Bitboard east = shift(pawns & ~kFileH, S::kEastCapture) & theirs & mask;

  sink.pawns(push & ~S::kLastRank, S::kPush, kNormal);
  sink.pawns(twice, 2 * S::kPush, kDoublePush);
  sink.pawns(west & ~S::kLastRank, S::kWestCapture, kNormal);
  sink.pawns(east & ~S::kLastRank, S::kEastCapture, kNormal);
  if ((push | west | east) & S::kLastRank) {
    sink.promotions(push & S::kLastRank, S::kPush);
    sink.promotions(west & S::kLastRank, S::kWestCapture);
    sink.promotions(east & S::kLastRank, S::kEastCapture);
  }
}

template <Color Us, class Sink>
void generate(const Board& b, Sink& sink) {
  using S = Side<Us>;
  constexpr Color Them = ~Us;
  const Bitboard occ = b.occupied();
  const Bitboard ours = b.colors[Us];
  const Bitboard theirs = b.colors[Them];
  const Square ksq = lsb(b.pieces[kKing] & ours);
  const Bitboard their_rq = (b.pieces[kRook] | b.pieces[kQueen]) & theirs;
  const Bitboard their_bq = (b.pieces[kBishop] | b.pieces[kQueen]) & theirs;

  // Checkers and pins. Every enemy slider on an empty-board line from our king
  // ("sniper") checks when nothing stands between, and pins when exactly one
  // piece of ours does.
  Bitboard checkers = (kTables.knight[ksq] & b.pieces[kKnight] & theirs) |
                      (kTables.pawn[Us][ksq] & b.pieces[kPawn] & theirs);
  Bitboard pinned = 0;
  Bitboard snipers = (kTables.rook[ksq] & their_rq) | (kTables.bishop[ksq] & their_bq);
  while (snipers) {
    const Square s = pop_lsb(snipers);
    const Bitboard blockers = kTables.between[ksq][s] & occ;
    if (!blockers)
      checkers |= bit(s);
    else if (!several(blockers))
      pinned |= blockers & ours;
  }

  // King moves, each destination tested with the king lifted off the board.
  {
    Bitboard targets = kTables.king[ksq] & ~ours;
    const Bitboard occ_without_king = occ ^ bit(ksq);
    Bitboard safe = 0;
    while (targets) {
      const Square t = pop_lsb(targets);
      if (!attacked<Them>(b, t, occ_without_king)) safe |= bit(t);
    }
    sink.piece(ksq, safe);
  }
  if (several(checkers)) return;  // double check: nothing else helps

  const Bitboard check_mask =
      checkers ? kTables.between[ksq][lsb(checkers)] | checkers : ~Bitboard{0};
  const Bitboard target = ~ours & check_mask;

  // A pinned knight can never stay on its pin line, so it never moves.
  for (Bitboard p = b.pieces[kKnight] & ours & ~pinned; p;) {
    const Square s = pop_lsb(p);
    sink.piece(s, kTables.knight[s] & target);
  }
  // Sliders: a pinned slider keeps only the destinations on its pin line
  // (which always include the pinner, so capturing it is allowed).
  for (Bitboard p = (b.pieces[kBishop] | b.pieces[kQueen]) & ours; p;) {
    const Square s = pop_lsb(p);
    Bitboard a = bishop_attacks(s, occ) & target;
    if (pinned & bit(s)) a &= kTables.line[ksq][s];
    sink.piece(s, a);
  }
  for (Bitboard p = (b.pieces[kRook] | b.pieces[kQueen]) & ours; p;) {
    const Square s = pop_lsb(p);
    Bitboard a = rook_attacks(s, occ) & target;
    if (pinned & bit(s)) a &= kTables.line[ksq][s];
    sink.piece(s, a);
  }

  // Pawns: the unpinned ones all at once, the (rare) pinned ones one by one,
  // each with its own pin line folded into the mask.
  const Bitboard pawns = b.pieces[kPawn] & ours;
  pawn_moves<Us>(pawns & ~pinned, ~occ, theirs, check_mask, sink);
  for (Bitboard p = pawns & pinned; p;) {
    const Square s = pop_lsb(p);
    pawn_moves<Us>(bit(s), ~occ, theirs, check_mask & kTables.line[ksq][s], sink);
  }

  // En passant. The captured pawn leaves a square the check and pin masks know
  // nothing about: it may be the checker (the capture then resolves the check
  // though it does not land on the check mask), or it may share a rank with our
  // pawn, our king and an enemy rook, so that removing both pawns exposes the
  // king. Testing the king directly on the occupancy after the capture covers
  // every case.
  if (b.en_passant != kNoSquare) {
    const Square ep = b.en_passant;
    const Square captured = ep - S::kPush;
    for (Bitboard from = kTables.pawn[Them][ep] & pawns; from;) {
      const Square f = pop_lsb(from);
      const Bitboard after = occ ^ bit(f) ^ bit(ep) ^ bit(captured);
      const bool exposed =
          (kTables.knight[ksq] & b.pieces[kKnight] & theirs) ||
          (kTables.pawn[Us][ksq] & b.pieces[kPawn] & theirs & ~bit(captured)) ||
          (rook_attacks(ksq, after) & their_rq) || (bishop_attacks(ksq, after) & their_bq);
      if (!exposed) sink.special(make_move_code(f, ep, kEnPassant));
    }
  }

  // Castling: not out of, through, or into check. The rights guarantee that
  // king and rook are on their home squares.
  if (!checkers) {
    constexpr Square k = S::kKingHome;
    if ((b.castling & S::kKingside) && !(occ & S::kKingsidePath) &&
        !attacked<Them>(b, k + 1, occ) && !attacked<Them>(b, k + 2, occ))
      sink.special(make_move_code(k, k + 2, kCastle));
    if ((b.castling & S::kQueenside) && !(occ & S::kQueensidePath) &&
        !attacked<Them>(b, k - 1, occ) && !attacked<Them>(b, k - 2, occ))
      sink.special(make_move_code(k, k - 2, kCastle));
  }
}

// Sink that lists moves.
struct Lister {
  MoveList& out;
  void piece(Square from, Bitboard targets) {
    while (targets) out.push(make_move_code(from, pop_lsb(targets), kNormal));
  }
  void pawns(Bitboard targets, int offset, int kind) {
    while (targets) {
      const Square to = pop_lsb(targets);
      out.push(make_move_code(to - offset, to, kind));
    }
  }
  void promotions(Bitboard targets, int offset) {
    while (targets) {
      const Square to = pop_lsb(targets);
      for (int kind = kPromoteQueen; kind >= kPromoteKnight; --kind)
        out.push(make_move_code(to - offset, to, kind));
    }
  }
  void special(Move m) { out.push(m); }
};

// Sink that only counts moves.
struct Counter {
  int n = 0;
  void piece(Square, Bitboard targets) { n += popcount(targets); }
  void pawns(Bitboard targets, int, int) { n += popcount(targets); }
  void promotions(Bitboard targets, int) { n += 4 * popcount(targets); }
  void special(Move) { ++n; }
};

// The type of the piece on `s`, which must be occupied.
inline PieceType piece_on(const Board& b, Square s) {
  int t = kPawn;
  while (!(b.pieces[t] & bit(s))) ++t;
  return static_cast<PieceType>(t);
}

template <Color Us>
void make(Board& b, Move m) {
  using S = Side<Us>;
  constexpr Color Them = ~Us;
  const Square from = move_from(m), to = move_to(m);
  const int kind = move_kind(m);
  const Bitboard from_to = bit(from) | bit(to);
  const PieceType mover = piece_on(b, from);

  ++b.halfmove_clock;
  if (b.colors[Them] & bit(to)) {
    const PieceType captured = piece_on(b, to);
    b.pieces[captured] ^= bit(to);
    b.colors[Them] ^= bit(to);
    b.halfmove_clock = 0;
  }
  b.pieces[mover] ^= from_to;
  b.colors[Us] ^= from_to;
  if (mover == kPawn) b.halfmove_clock = 0;
  b.en_passant = kNoSquare;

  switch (kind) {
    case kNormal:
      break;
    case kDoublePush:
      // Recorded after every double step, as FEN defines it, whether or not
      // an enemy pawn could capture.
      b.en_passant = static_cast<std::uint8_t>((from + to) / 2);
      break;
    case kEnPassant: {
      const Bitboard captured = bit(to - S::kPush);
      b.pieces[kPawn] ^= captured;
      b.colors[Them] ^= captured;
      break;
    }
    case kCastle: {
      // King to g-file: rook h -> f. King to c-file: rook a -> d.
      const Bitboard rook = to > from ? bit(to + 1) | bit(to - 1) : bit(to - 2) | bit(to + 1);
      b.pieces[kRook] ^= rook;
      b.colors[Us] ^= rook;
      break;
    }
    default: {  // promotion: the pawn that arrived on `to` becomes the new piece
      b.pieces[kPawn] ^= bit(to);
      b.pieces[kind - kPromoteKnight + kKnight] ^= bit(to);
      break;
    }
  }
  b.castling &= kTables.castle_keep[from] & kTables.castle_keep[to];
  b.side = Them;
  if (Us == kBlack) ++b.fullmove_number;
}

template <Color Us>
std::uint64_t perft_rec(const Board& b, int depth) {
  if (depth == 1) {
    Counter c;
    generate<Us>(b, c);
    return static_cast<std::uint64_t>(c.n);
  }
  budget::check();
  MoveList list;
  Lister lister{list};
  generate<Us>(b, lister);
  std::uint64_t nodes = 0;
  for (Move m : list) {
    Board child = b;
    make<Us>(child, m);
    nodes += perft_rec<~Us>(child, depth - 1);
  }
  return nodes;
}

template <Color Us>
bool king_attacked(const Board& b) {
  return attacked<~Us>(b, b.king_square(Us), b.occupied());
}

}  // namespace

void generate_legal(const Board& b, MoveList& out) {
  Lister lister{out};
  if (b.side == kWhite)
    generate<kWhite>(b, lister);
  else
    generate<kBlack>(b, lister);
}

int count_legal(const Board& b) {
  Counter c;
  if (b.side == kWhite)
    generate<kWhite>(b, c);
  else
    generate<kBlack>(b, c);
  return c.n;
}

void make_move(Board& b, Move m) {
  if (b.side == kWhite)
    make<kWhite>(b, m);
  else
    make<kBlack>(b, m);
}

bool in_check(const Board& b) {
  return b.side == kWhite ? king_attacked<kWhite>(b) : king_attacked<kBlack>(b);
}

bool opponent_in_check(const Board& b) {
  return b.side == kWhite ? king_attacked<kBlack>(b) : king_attacked<kWhite>(b);
}

std::uint64_t perft_count(const Board& b, int depth) {
  return b.side == kWhite ? perft_rec<kWhite>(b, depth) : perft_rec<kBlack>(b, depth);
}

}  // namespace arbiter::orthodox::fast
