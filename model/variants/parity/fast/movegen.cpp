// What a player may submit, on bitboards. Mirrors collect() of
// model/variants/parity/rules.cpp under the default readings:
//   - a piece that just moved stays (parity.submit.just_moved_stays);
//   - a king in immediate check must move (parity.check.immediate), never by
//     castling;
//   - no move may leave the own king alone where an enemy piece free to move
//     attacks it (parity.submit.king_safety; parity.king_into_attack=forbidden);
//   - captures land only on a square an enemy piece holds alone
//     (parity.occupy.no_friendly_pair, parity.occupy.shared_uncapturable), and
//     a pawn sharing its square is not taken en passant
//     (parity.en_passant_shared=forbidden);
//   - castling as in chess, the king's squares not attacked by enemy pieces
//     free to move (parity.castle_attacks=stationary);
//   - under Single Occupation a piece on a shared square moves out at once,
//     without capturing, though it has just moved (parity.single.must_vacate,
//     parity.single.vacate_no_capture, parity.single.vacate_exempt).
//
// King safety is tested by occupancy: a move is made on the occupancy alone
// and the enemy pieces free to move are asked whether they attack the king.
// A piece of ours leaving a square an enemy piece shares leaves it occupied.
#include "model/variants/parity/fast/movegen.h"

#include <initializer_list>

namespace arbiter::parity::fast {

using orthodox::fast::bishop_attacks;
using orthodox::fast::kCastle;
using orthodox::fast::kDoublePush;
using orthodox::fast::kEnPassant;
using orthodox::fast::kNormal;
using orthodox::fast::kPromoteBishop;
using orthodox::fast::kPromoteKnight;
using orthodox::fast::kPromoteQueen;
using orthodox::fast::kPromoteRook;
using orthodox::fast::kRank1;
using orthodox::fast::kRank8;
using orthodox::fast::make_move_code;
using orthodox::fast::rook_attacks;

Bitboard attackers(const Board& b, Square s, Bitboard occ, Color by, Bitboard allowed) {
  const Bitboard* p = b.pieces[by];
  Bitboard a = (kTables.pawn[~by][s] & p[kPawn]) | (kTables.knight[s] & p[kKnight]) | (kTables.king[s] & p[kKing]);
  const Bitboard diagonal = (p[kBishop] | p[kQueen]) & allowed, straight = (p[kRook] | p[kQueen]) & allowed;
  // The ray scans only where a slider could reach s on an empty board.
  if (kTables.bishop[s] & diagonal) a |= bishop_attacks(s, occ) & diagonal;
  if (kTables.rook[s] & straight) a |= rook_attacks(s, occ) & straight;
  return a & allowed;
}

bool in_immediate_check(const Board& b, Color c) {
  Square k = b.king_square(c);
  if (b.colors[~c] & bit(k)) return false;
  return attackers(b, k, b.occupied(), ~c, b.colors[~c] & ~b.just) != 0;
}

namespace {

// One colour's generation: the sets every test reads, computed once.
class Generator {
 public:
  Generator(const Board& b, Color us, MoveList& out)
      : b_(b), us_(us), them_(~us), own_(b.colors[us]), enemy_(b.colors[~us]), occ_(own_ | enemy_),
        stationary_(enemy_ & ~b.just), king_(b.king_square(us)), king_alone_(!(enemy_ & bit(king_))), out_(out) {
    attacked_now_ = king_alone_ && attackers(b_, king_, occ_, them_, stationary_) != 0;
  }

  void run(bool single) {
    Bitboard shared = own_ & enemy_;
    if (single && shared) {
      // parity.single.must_vacate: only the piece on the shared square, quiet
      // moves only, just moved or not. A king there is sheltered, so a player
      // in immediate check with another piece there has no move.
      Square from = lsb(shared);
      if (attacked_now_ && from != king_) return;
      piece_moves(from, false);
      return;
    }
    Bitboard movable = own_ & ~b_.just;
    if (attacked_now_) movable &= bit(king_);  // parity.check.immediate
    for (Bitboard m = movable; m;) piece_moves(pop_lsb(m), true);
  }

 private:
  PieceType type_on(Square s) const {
    for (int t = 0; t < kPieceTypes; ++t)
      if (b_.pieces[us_][t] & bit(s)) return static_cast<PieceType>(t);
    return kPawn;  // unreachable: s holds a piece of ours
  }

  // The moves of our piece on `from`, captures included when `captures`.
  void piece_moves(Square from, bool captures) {
    const Bitboard empty = ~occ_;
    const Bitboard capturable = captures ? enemy_ & ~own_ : 0;
    PieceType t = type_on(from);
    if (t == kPawn) {
      pawn_moves(from, captures);
      return;
    }
    Bitboard targets = 0;
    switch (t) {
      case kKnight: targets = kTables.knight[from]; break;
      case kBishop: targets = bishop_attacks(from, occ_); break;
      case kRook: targets = rook_attacks(from, occ_); break;
      case kQueen: targets = bishop_attacks(from, occ_) | rook_attacks(from, occ_); break;
      default: targets = kTables.king[from]; break;
    }
    targets &= empty | capturable;
    if (t == kKing) {
      for (Bitboard m = targets; m;) {
        Square to = pop_lsb(m);
        if (king_move_safe(to)) out_.push(make_move_code(from, to, kNormal));
      }
      if (captures && !attacked_now_) castling();
      return;
    }
    if (exposes(from)) {
      for (Bitboard m = targets; m;) {
        Square to = pop_lsb(m);
        if (safe_after(from, to, 0)) out_.push(make_move_code(from, to, kNormal));
      }
      return;
    }
    for (Bitboard m = targets; m;) out_.push(make_move_code(from, pop_lsb(m), kNormal));
  }

  // parity.base.standard_rules: pushes, the double step from the home rank,
  // diagonal captures, promotion; parity.pawn.shared_square_forward: a pawn
  // on a shared square moves on like any other.
  void pawn_moves(Square from, bool captures) {
    const int forward = us_ == kWhite ? 8 : -8;
    const bool pinned = exposes(from);
    auto add = [&](Square to, int kind) {
      if (pinned && !safe_after(from, to, 0)) return;
      if (bit(to) & (kRank1 | kRank8)) {
        for (int promote : {kPromoteQueen, kPromoteRook, kPromoteBishop, kPromoteKnight})
          out_.push(make_move_code(from, to, promote));
      } else {
        out_.push(make_move_code(from, to, kind));
      }
    };
    Square one = from + forward;
    if (!(occ_ & bit(one))) {
      add(one, kNormal);
      bool home = rank_of(from) == (us_ == kWhite ? 1 : 6);
      Square two = one + forward;
      if (home && !(occ_ & bit(two))) add(two, kDoublePush);
    }
    if (!captures) return;
    const Bitboard attacks = kTables.pawn[us_][from];
    for (Bitboard m = attacks & enemy_ & ~own_; m;) add(pop_lsb(m), kNormal);
    // parity.en_passant.next_move: onto the square an enemy pawn passed in the
    // last turn, that pawn still beside us and alone on its square.
    Bitboard ep = b_.ep & attacks & (us_ == kWhite ? kRank1 << 40 : kRank1 << 16) & ~occ_;
    if (!ep) return;
    Square to = lsb(ep);
    Square victim = make_square(file_of(to), rank_of(from));
    if (!(b_.pieces[them_][kPawn] & bit(victim)) || (own_ & bit(victim))) return;
    if (king_alone_ && !safe_after(from, to, bit(victim))) return;
    out_.push(make_move_code(from, to, kEnPassant));
  }

  // Castling as in chess (parity.base.standard_rules), the king and the rook
  // alone on their home squares, the squares between empty, and the king's
  // three squares not attacked by an enemy piece free to move
  // (parity.castle_attacks=stationary).
  void castling() {
    const int rank = us_ == kWhite ? 0 : 7;
    const Square home = make_square(4, rank);
    if (king_ != home || !king_alone_) return;
    struct Side {
      std::uint8_t right;
      int rook_file, rook_to_file, king_to_file, step;
      Bitboard between;
    };
    const Side sides[2] = {
        {static_cast<std::uint8_t>(us_ == kWhite ? 1 : 4), 7, 5, 6, 1, bit(home + 1) | bit(home + 2)},
        {static_cast<std::uint8_t>(us_ == kWhite ? 2 : 8), 0, 3, 2, -1, bit(home - 1) | bit(home - 2) | bit(home - 3)},
    };
    for (const Side& s : sides) {
      if (!(b_.castling & s.right)) continue;
      Square rook = make_square(s.rook_file, rank);
      if (!(b_.pieces[us_][kRook] & bit(rook)) || (enemy_ & bit(rook)) || (occ_ & s.between)) continue;
      bool attacked = false;
      for (int i = 0; i < 3; ++i) attacked = attacked || attackers(b_, home + i * s.step, occ_, them_, stationary_) != 0;
      if (attacked) continue;
      // parity.submit.king_safety on the position after castling.
      Square king_to = make_square(s.king_to_file, rank), rook_to = make_square(s.rook_to_file, rank);
      Bitboard occ = (occ_ ^ bit(home) ^ bit(rook)) | bit(king_to) | bit(rook_to);
      if (attackers(b_, king_to, occ, them_, stationary_)) continue;
      out_.push(make_move_code(home, king_to, kCastle));
    }
  }

  // parity.submit.king_safety for a king move to `to` (a capture takes the
  // piece there out of the attackers).
  bool king_move_safe(Square to) const {
    Bitboard occ = ((own_ ^ bit(king_)) | bit(to)) | enemy_;
    return attackers(b_, to, occ, them_, stationary_ & ~bit(to)) == 0;
  }

  // Whether moving our piece away from `from` may expose a king that stands
  // alone: only a square on one of its lines can, and only if an enemy slider
  // free to move then sees the king (our piece leaving a shared square leaves
  // the enemy piece there as a screen).
  bool exposes(Square from) const {
    if (!king_alone_ || !((kTables.rook[king_] | kTables.bishop[king_]) & bit(from))) return false;
    return attackers(b_, king_, (own_ & ~bit(from)) | enemy_, them_, stationary_) != 0;
  }

  // Whether the king is safe after our piece moves from `from` to `to`,
  // taking the enemy piece on `to` or on `victim` (an en passant victim).
  bool safe_after(Square from, Square to, Bitboard victim) const {
    Bitboard occ = ((own_ & ~bit(from)) | bit(to)) | (enemy_ & ~victim);
    return attackers(b_, king_, occ, them_, stationary_ & ~(bit(to) | victim)) == 0;
  }

  const Board& b_;
  Color us_, them_;
  Bitboard own_, enemy_, occ_, stationary_;
  Square king_;
  bool king_alone_;
  bool attacked_now_ = false;
  MoveList& out_;
};

}  // namespace

void submittable(const Board& b, Color c, bool single, MoveList& out) {
  Generator g(b, c, out);
  g.run(single);
}

}  // namespace arbiter::parity::fast
