// The resolution of a joint action on bitboards. Both moves were written in
// the same position and are carried out together (parity.turn.simultaneous):
//   - a capture succeeds unless its target moved away in the same turn
//     (parity.capture.succeeds, parity.capture.failed); a castling rook that
//     moves is a target that moved;
//   - moves may cross or land together (parity.move.cross_or_overlap): enemy
//     pieces landing on one square share it (parity.occupy.enemy_pieces_share,
//     parity.single.must_vacate), which per-colour bitboards hold as they are;
//   - the pieces that moved are marked (parity.submit.just_moved_stays; the
//     castling rook too, as rule 2 "applies to all the pieces"), double
//     steps are kept for en passant (parity.en_passant.next_move), castling
//     rights, the clocks and the repetition count are updated
//     (parity.draw.repetition).
// Captures are decided on the position before the step, so the order in
// which the pieces are then lifted and placed does not matter: a piece of one
// colour never lands where a piece of its own colour is taken.
#include "model/variants/parity/fast/apply.h"

namespace arbiter::parity::fast {

using orthodox::fast::kCastle;
using orthodox::fast::kDoublePush;
using orthodox::fast::kEnPassant;
using orthodox::fast::kPromoteKnight;
using orthodox::fast::move_from;
using orthodox::fast::move_kind;
using orthodox::fast::move_to;

namespace {

PieceType type_on(const Board& b, Color c, Square s) {
  const Bitboard* p = b.pieces[c];
  // Pawns and knights first: most moves are theirs.
  if (p[kPawn] & bit(s)) return kPawn;
  if (p[kKnight] & bit(s)) return kKnight;
  if (p[kBishop] & bit(s)) return kBishop;
  if (p[kRook] & bit(s)) return kRook;
  if (p[kQueen] & bit(s)) return kQueen;
  return kKing;
}

// Takes colour c's piece off square s.
void lift(Board& b, Color c, PieceType t, Square s) {
  b.pieces[c][t] ^= bit(s);
  b.colors[c] ^= bit(s);
  b.pieces_key ^= kKeys.piece[c][t][s];
}

// Puts a piece of colour c on square s (which holds none of c's).
void place(Board& b, Color c, PieceType t, Square s) {
  b.pieces[c][t] |= bit(s);
  b.colors[c] |= bit(s);
  b.pieces_key ^= kKeys.piece[c][t][s];
}

// The castling rights whose rook still stands on its corner.
std::uint8_t rooks_at_home(const Board& b) {
  return static_cast<std::uint8_t>(((b.pieces[kWhite][kRook] >> 7) & 1) | (((b.pieces[kWhite][kRook] >> 0) & 1) << 1) |
                                   (((b.pieces[kBlack][kRook] >> 63) & 1) << 2) |
                                   (((b.pieces[kBlack][kRook] >> 56) & 1) << 3));
}

}  // namespace

void apply(Board& b, Move white, Move black) {
  const Move moves[2] = {white, black};
  Square from[2], to[2];
  int kind[2];
  PieceType type[2];
  Bitboard left[2];  // squares each colour's pieces leave: a capture there fails
  for (int c = 0; c < 2; ++c) {
    from[c] = move_from(moves[c]);
    to[c] = move_to(moves[c]);
    kind[c] = move_kind(moves[c]);
    type[c] = type_on(b, static_cast<Color>(c), from[c]);
    left[c] = bit(from[c]);
    if (kind[c] == kCastle) left[c] |= bit(make_square(to[c] > from[c] ? 7 : 0, rank_of(from[c])));
  }

  // parity.capture.succeeds / parity.capture.failed, on the position before the step.
  Square taken[2] = {kNoSquare, kNoSquare};  // the square of each colour's captured piece
  for (int c = 0; c < 2; ++c) {
    Square target = kind[c] == kEnPassant ? make_square(file_of(to[c]), rank_of(from[c])) : to[c];
    if (b.colors[c ^ 1] & ~left[c ^ 1] & bit(target)) taken[c ^ 1] = target;
  }

  const std::uint8_t rooks_before = b.castling ? rooks_at_home(b) : 0;
  bool irreversible = type[0] == kPawn || type[1] == kPawn;
  for (int v = 0; v < 2; ++v) {
    if (taken[v] == kNoSquare) continue;
    Color victim = static_cast<Color>(v);
    PieceType t = type_on(b, victim, taken[v]);
    lift(b, victim, t, taken[v]);
    // A captured king (parity.check.immediate): never happens (a king that
    // can be taken is in immediate check and must move away).
    if (t == kKing) b.king_captured = true;
    irreversible = true;
  }

  Bitboard just = 0, ep = 0;
  for (int c = 0; c < 2; ++c) {
    Color us = static_cast<Color>(c);
    lift(b, us, type[c], from[c]);
    PieceType lands = kind[c] >= kPromoteKnight ? static_cast<PieceType>(kKnight + kind[c] - kPromoteKnight) : type[c];
    place(b, us, lands, to[c]);
    just |= bit(to[c]);
    if (kind[c] == kDoublePush) ep |= bit((from[c] + to[c]) / 2);
    if (kind[c] == kCastle) {
      const int rank = rank_of(from[c]);
      const bool kingside = to[c] > from[c];
      Square rook_from = make_square(kingside ? 7 : 0, rank), rook_to = make_square(kingside ? 5 : 3, rank);
      lift(b, us, kRook, rook_from);
      place(b, us, kRook, rook_to);
      just |= bit(rook_to);
    }
  }
  b.just = just;
  b.ep = ep;

  // Castling rights: lost by a king that moved, and by a rook that left its
  // corner or was taken there (resolve.cpp keeps a right only while the same
  // rook stands on its corner).
  if (b.castling) {
    std::uint8_t keep = rooks_before & rooks_at_home(b);
    if (type[kWhite] == kKing) keep &= ~3;
    if (type[kBlack] == kKing) keep &= ~12;
    b.castling &= keep;
  }

  // parity.draw.repetition: a capture or a pawn move clears the history; the
  // halfmove clock counts turns since either.
  b.halfmove_clock = irreversible ? 0 : b.halfmove_clock + 1;
  b.reversible = irreversible ? 0 : b.reversible + 1;
  ++b.fullmove_number;
}

}  // namespace arbiter::parity::fast
