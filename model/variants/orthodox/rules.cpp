// Orthodox chess: move generation and the effect of a move.
#include <cassert>

#include "model/core/budget.h"
#include "model/core/movegen.h"
#include "model/variants/orthodox/orthodox.h"

namespace arbiter::orthodox {

const PieceSet& piece_set() {
  static const PieceSet set = [] {
    PieceSet s;
    s.add(kinds::king());    // orthodox.move.king
    s.add(kinds::queen());   // orthodox.move.queen
    s.add(kinds::rook());    // orthodox.move.rook
    s.add(kinds::bishop());  // orthodox.move.bishop
    s.add(kinds::knight());  // orthodox.move.knight
    s.add(kinds::pawn());    // orthodox.pawn.push, orthodox.pawn.capture
    return s;
  }();
  return set;
}

namespace {

int home_rank(const BoardShape& shape, Color c) { return c == Color::White ? 0 : shape.ranks - 1; }
int forward(Color c) { return c == Color::White ? 1 : -1; }

struct CastleSide {
  std::uint8_t right;
  int king_to_file;
  int rook_from_file;
  int rook_to_file;
};
// orthodox.castle.move: the king moves two squares toward the rook, which lands beside it.
constexpr CastleSide kCastleSides[2][2] = {
    {{kWhiteKingside, 6, 7, 5}, {kWhiteQueenside, 2, 0, 3}},
    {{kBlackKingside, 6, 7, 5}, {kBlackQueenside, 2, 0, 3}},
};
constexpr int kKingFile = 4;

Square king_square(const Position& pos, Color c) { return pos.find(kKing, c); }

void pawn_moves(const Position& pos, const Piece& pawn, MoveList& out) {
  const BoardShape& shape = pos.shape();
  int dir = forward(pawn.color);
  int last_rank = home_rank(shape, opposite(pawn.color));
  auto emit = [&](Square to, std::uint8_t flags) {
    if (shape.rank_of(to) == last_rank) {
      // orthodox.pawn.promotion: queen, rook, bishop or knight of the same colour.
      for (KindId k : {kQueen, kRook, kBishop, kKnight}) out.push_back(Move{pawn.square, to, k, flags});
    } else {
      out.push_back(Move{pawn.square, to, kNoKind, flags});
    }
  };
  // orthodox.pawn.push
  Square one = shape.offset(pawn.square, 0, dir);
  if (one != kNoSquare && pos.empty(one)) {
    emit(one, 0);
    // orthodox.pawn.double_step: from its starting rank, both squares empty.
    Square two = shape.offset(one, 0, dir);
    bool on_start = shape.rank_of(pawn.square) == home_rank(shape, pawn.color) + dir;
    if (on_start && two != kNoSquare && pos.empty(two)) out.push_back(Move{pawn.square, two, kNoKind, kMoveDoubleStep});
  }
  for (int df : {-1, 1}) {
    Square to = shape.offset(pawn.square, df, dir);
    if (to == kNoSquare) continue;
    PieceId victim = pos.occupant(to);
    // orthodox.pawn.capture
    if (victim != kNoPiece && pos.piece(victim).color != pawn.color) emit(to, 0);
    // orthodox.pawn.en_passant: onto the square the double-stepping pawn passed.
    if (victim == kNoPiece && to == pos.en_passant) emit(to, kMoveEnPassant);
  }
}

}  // namespace

void castling_moves(const Position& pos, Color us, MoveList& out) {
  const BoardShape& shape = pos.shape();
  int rank = home_rank(shape, us);
  Square king_from = shape.square(kKingFile, rank);
  PieceId king = pos.occupant(king_from);
  if (king == kNoPiece || pos.piece(king).kind != kKing || pos.piece(king).color != us) return;
  for (const CastleSide& side : kCastleSides[static_cast<int>(us)]) {
    // orthodox.castle.rights: neither the king nor this rook has moved.
    if (!(pos.castling & side.right)) continue;
    PieceId rook = pos.occupant(shape.square(side.rook_from_file, rank));
    if (rook == kNoPiece || pos.piece(rook).kind != kRook || pos.piece(rook).color != us) continue;
    // orthodox.castle.path_empty: every square between king and rook is empty.
    int lo = std::min(kKingFile, side.rook_from_file) + 1, hi = std::max(kKingFile, side.rook_from_file);
    bool clear = true;
    for (int f = lo; f < hi; ++f) clear = clear && pos.empty(shape.square(f, rank));
    if (!clear) continue;
    // orthodox.castle.not_in_or_through_check: the king's square and the square
    // it crosses are not attacked (the landing square is left to no_self_check).
    int step = side.king_to_file > kKingFile ? 1 : -1;
    if (attacked_by(pos, king_from, opposite(us)) ||
        attacked_by(pos, shape.square(kKingFile + step, rank), opposite(us)))
      continue;
    out.push_back(Move{king_from, shape.square(side.king_to_file, rank), kNoKind, kMoveCastle});
  }
}

void pseudo_moves(const Position& pos, MoveList& out) {
  Color us = pos.side_to_move;
  for (const Piece& p : pos.pieces()) {
    if (!p.on_board() || p.color != us) continue;
    if (p.kind == kPawn) {
      pawn_moves(pos, p, out);
    } else {
      // orthodox.move.{king,queen,rook,bishop,knight}, orthodox.move.no_jump,
      // orthodox.move.no_friendly_target, orthodox.move.capture: by description.
      piece_moves(pos, p, out);
    }
  }
  castling_moves(pos, us, out);
}

bool in_check(const Position& pos, Color c) {
  Square k = king_square(pos, c);
  return k != kNoSquare && attacked_by(pos, k, opposite(c));
}

namespace {

// Plays the move out on a copy. Kept out of line, so that the copy's frame is
// set up only when a move is played out, not on every call of the shortcut
// (under AddressSanitizer a frame of that size costs more than the shortcut).
[[gnu::noinline]] bool safe_when_played(const Position& pos, const Move& m) {
  Position after = pos;
  make_move(after, m, nullptr);
  return !in_check(after, pos.side_to_move);
}

// orthodox.check.no_self_check: a move may not leave our king attacked. The
// test tries the move and looks at our king, except where the move cannot
// matter: with the king not attacked now, a move of another piece (not en
// passant, which empties two squares) can expose it only by leaving a square
// on one of the king's lines, with nothing between them, whose first piece
// beyond is an enemy's; the square it lands on only blocks. This holds for
// the orthodox pieces (only riders attack from afar, and none needs a
// screen), so positions with other pieces are always tried. A king's step
// (not castling) is safe when its target is not attacked with the king gone
// from its square: the piece it may capture there attacks nothing any more,
// and nothing else moves.
class SelfCheckTest {
 public:
  explicit SelfCheckTest(const Position& pos)
      : pos_(pos), us_(pos.side_to_move), king_(king_square(pos, us_)) {
    orthodox_pieces_ = &pos.kinds() == &piece_set() && king_ != kNoSquare;
    quick_ = orthodox_pieces_ && !attacked_by(pos, king_, opposite(us_));
  }

  bool leaves_king_safe(const Move& m) const {
    if (orthodox_pieces_ && m.from == king_ && !m.is(kMoveCastle))
      return !attacked_by(pos_, m.to, opposite(us_), king_);
    if (quick_ && m.from != king_ && !m.is(kMoveEnPassant) && !opens_line(pos_, us_, king_, m.from, kNoSquare))
      return true;
    return safe_when_played(pos_, m);
  }

 private:
  const Position& pos_;
  Color us_;
  Square king_;
  bool orthodox_pieces_ = false;
  bool quick_ = false;
};

}  // namespace

void legal_moves(const Position& pos, MoveList& out) {
  MoveList pseudo;
  pseudo_moves(pos, pseudo);
  SelfCheckTest safe(pos);
  for (const Move& m : pseudo)
    if (safe.leaves_king_safe(m)) out.push_back(m);  // orthodox.check.no_self_check
}

std::optional<Move> legal_match(const Position& pos, const Move& m) {
  PieceId mover = pos.occupant(m.from);
  if (m.is(kMovePass) || mover == kNoPiece || pos.piece(mover).color != pos.side_to_move) return std::nullopt;
  MoveList pseudo;
  if (pos.piece(mover).kind == kPawn) pawn_moves(pos, pos.piece(mover), pseudo);
  else piece_moves(pos, pos.piece(mover), pseudo);
  if (pos.piece(mover).kind == kKing) castling_moves(pos, pos.side_to_move, pseudo);
  for (const Move& p : pseudo) {
    if (!p.same_action(m)) continue;
    // orthodox.check.no_self_check
    if (!SelfCheckTest(pos).leaves_king_safe(p)) return std::nullopt;
    return p;
  }
  return std::nullopt;
}

bool is_legal(const Position& pos, const Move& m) { return legal_match(pos, m).has_value(); }

// Piece by piece, so that the search ends with the first piece that has a
// legal move; castling last.
bool has_legal_move(const Position& pos) {
  Color us = pos.side_to_move;
  SelfCheckTest safe(pos);
  MoveList pseudo;
  for (const Piece& p : pos.pieces()) {
    if (!p.on_board() || p.color != us) continue;
    pseudo.clear();
    if (p.kind == kPawn) pawn_moves(pos, p, pseudo);
    else piece_moves(pos, p, pseudo);
    for (const Move& m : pseudo)
      if (safe.leaves_king_safe(m)) return true;
  }
  pseudo.clear();
  castling_moves(pos, us, pseudo);
  for (const Move& m : pseudo)
    if (safe.leaves_king_safe(m)) return true;
  return false;
}

void make_move(Position& pos, const Move& m, Trace* trace) {
  const BoardShape& shape = pos.shape();
  PieceId mover = pos.occupant(m.from);
  assert(mover != kNoPiece);
  const Piece piece = pos.piece(mover);
  Color us = piece.color;
  bool capture = false;
  auto event = [&](Event e) {
    if (trace) trace->event(std::move(e));
  };

  // orthodox.move.capture: the captured piece leaves the board.
  PieceId victim = pos.occupant(m.to);
  if (victim != kNoPiece) {
    const Piece v = pos.piece(victim);
    pos.remove(victim);
    capture = true;
    event({EventType::Capture, victim, v.square, kNoSquare, v.kind, v.color, clause::kCapture, ""});
  }
  // orthodox.pawn.en_passant: the pawn captured stands beside the mover's start.
  if (m.is(kMoveEnPassant)) {
    Square taken = shape.square(shape.file_of(m.to), shape.rank_of(m.from));
    PieceId ep_victim = pos.occupant(taken);
    assert(ep_victim != kNoPiece);
    pos.remove(ep_victim);
    capture = true;
    event({EventType::EnPassant, ep_victim, taken, kNoSquare, kPawn, opposite(us), clause::kEnPassant, ""});
  }

  pos.move(mover, m.to);
  std::string_view move_clause = piece.kind == kPawn ? (m.is(kMoveDoubleStep) ? clause::kPawnDouble
                                                        : capture            ? clause::kPawnCapture
                                                                             : clause::kPawnPush)
                                 : piece.kind == kKing   ? clause::kKing
                                 : piece.kind == kQueen  ? clause::kQueen
                                 : piece.kind == kRook   ? clause::kRook
                                 : piece.kind == kBishop ? clause::kBishop
                                                         : clause::kKnight;
  event({EventType::Move, mover, m.from, m.to, piece.kind, us, move_clause, ""});

  // orthodox.pawn.promotion
  if (m.promotion != kNoKind) {
    pos.set_kind(mover, m.promotion);
    event({EventType::Promote, mover, m.to, m.to, m.promotion, us, clause::kPromotion, ""});
  }
  // orthodox.castle.move: the rook crosses to the square the king passed.
  if (m.is(kMoveCastle)) {
    int rank = shape.rank_of(m.from);
    bool kingside = shape.file_of(m.to) > kKingFile;
    const CastleSide& side = kCastleSides[static_cast<int>(us)][kingside ? 0 : 1];
    Square rook_from = shape.square(side.rook_from_file, rank), rook_to = shape.square(side.rook_to_file, rank);
    PieceId rook = pos.occupant(rook_from);
    assert(rook != kNoPiece);
    pos.move(rook, rook_to);
    event({EventType::Castle, rook, rook_from, rook_to, kRook, us, clause::kCastleMove, ""});
  }

  // orthodox.castle.rights: a king move loses both, a rook leaving or being
  // captured on its corner loses that side's.
  if (piece.kind == kKing) {
    pos.castling &= us == Color::White ? ~(kWhiteKingside | kWhiteQueenside) : ~(kBlackKingside | kBlackQueenside);
  }
  for (Square s : {m.from, m.to}) {
    for (int c = 0; c < 2; ++c) {
      for (const CastleSide& side : kCastleSides[c]) {
        if (s == shape.square(side.rook_from_file, home_rank(shape, static_cast<Color>(c)))) pos.castling &= ~side.right;
      }
    }
  }

  pos.en_passant = m.is(kMoveDoubleStep) ? shape.square(shape.file_of(m.from), (shape.rank_of(m.from) + shape.rank_of(m.to)) / 2)
                                         : kNoSquare;
  pos.halfmove_clock = (piece.kind == kPawn || capture) ? 0 : pos.halfmove_clock + 1;
  // orthodox.turn.alternate
  if (us == Color::Black) ++pos.fullmove_number;
  pos.side_to_move = opposite(us);
  if (trace) trace->fire(clause::kAlternate);
}

std::uint64_t perft_position(const Position& pos, int depth) {
  if (depth <= 0) return 1;
  MoveList moves;
  legal_moves(pos, moves);
  if (depth == 1) return moves.size();
  budget::check();
  std::uint64_t nodes = 0;
  for (const Move& m : moves) {
    Position next = pos;
    make_move(next, m, nullptr);
    nodes += perft_position(next, depth - 1);
  }
  return nodes;
}

}  // namespace arbiter::orthodox
