#pragma once
// The Zeitgeist fast path: a bitboard state, the moves a player may write,
// the resolution of a joint action by copy-make, and joint perft with bulk
// counting. It is not the reference model (model/variants/zeitgeist): it
// covers the DEFAULT readings only (zeitgeist.submission=pattern,
// zeitgeist.promotion_may=must, zeitgeist.check_count=end_of_turn,
// zeitgeist.en_passant_target_moved=stays, zeitgeist.castle_bounce=both; the
// no_legal_move point is never consulted under pattern), and positions of one
// piece a square on the 8x8 board with at most 16 pieces a side. Every joint
// action of such a position is resolved here: no subtree is handed back to
// the reference. States it cannot hold do not convert (convert.h), and
// Zeitgeist::perft counts those with the reference. Tests hold its counts and
// states equal to the reference's (tests/test_zeitgeist_fast.cpp).
//
// The bitboard vocabulary and attack tables are orthodox's
// (model/variants/orthodox/fast/bitboard.h), and so are the move kinds; a
// move also names the type of its piece, as SimulChess's fast moves do.
#include <cstdint>

#include "model/variants/orthodox/fast/board.h"
#include "model/variants/simultaneous/fast_move.h"

namespace arbiter::zeitgeist::fast {

using orthodox::fast::bit;
using orthodox::fast::Bitboard;
using orthodox::fast::Color;
using orthodox::fast::file_of;
using orthodox::fast::kBishop;
using orthodox::fast::kBlack;
using orthodox::fast::kKing;
using orthodox::fast::kKnight;
using orthodox::fast::kNoSquare;
using orthodox::fast::kPawn;
using orthodox::fast::kPieceTypes;
using orthodox::fast::kQueen;
using orthodox::fast::kRook;
using orthodox::fast::kTables;
using orthodox::fast::kWhite;
using orthodox::fast::lsb;
using orthodox::fast::make_square;
using orthodox::fast::PieceType;
using orthodox::fast::pop_lsb;
using orthodox::fast::popcount;
using orthodox::fast::rank_of;
using orthodox::fast::Square;

// A written move names its piece's type (model/variants/simultaneous/fast_move.h).
using simultaneous::fast::make_move_code;
using simultaneous::fast::Move;
using simultaneous::fast::move_from;
using simultaneous::fast::move_kind;
using simultaneous::fast::move_piece;
using simultaneous::fast::move_to;
using simultaneous::fast::MoveList;

// Check history bits (Board::checks): whose king was attacked after the last
// turn, the reference's "checks=" field (zeitgeist.result.two_consecutive_checks).
enum : std::uint8_t { kWhiteChecked = 1, kBlackChecked = 2 };

// The result, as the reference's Result (model/core/game.h) numbers it.
enum : std::uint8_t { kOngoing = 0, kWhiteWins = 1, kBlackWins = 2, kBothLose = 4 };

// A Zeitgeist state as bitboards: a plain value, copied for every joint action.
// Invariants (from_state establishes them, apply keeps them): one piece a
// square; attacked is attacked_kings(*this) (movegen.h); while the game goes on, one king a side and each castling right
// with its king and rook at home; en_passant[c] is on c's sixth rank when set.
struct Board {
  Bitboard pieces[kPieceTypes] = {};  // by type, both colours
  Bitboard colors[2] = {};            // by colour
  std::uint8_t castling = 0;          // orthodox::fast castling bits
  // en_passant[c]: the square colour c may capture onto en passant, which an
  // enemy pawn passed with a double step in the last turn (the reference's
  // "ep=" squares, one a colour).
  std::uint8_t en_passant[2] = {kNoSquare, kNoSquare};
  std::uint8_t checks = 0;  // kWhiteChecked | kBlackChecked
  // The kings the other colour attacks on this board, in the same bits: what
  // checks becomes when a turn ends on it. Kept apart from checks because a
  // position may be given with a check history its board does not show (a
  // FEN's checks= field), and kept at all so that a turn in which no piece
  // lands needs no check test (resolve.cpp).
  std::uint8_t attacked = 0;
  std::uint8_t result = kOngoing;
  std::uint32_t halfmove_clock = 0;
  std::uint32_t fullmove_number = 1;

  Bitboard occupied() const { return colors[kWhite] | colors[kBlack]; }
  Bitboard of(Color c, PieceType t) const { return pieces[t] & colors[c]; }
  bool over() const { return result != kOngoing; }
  // The type of the piece on an occupied square. Without a branch: which
  // type a written move's piece has is close to random in perft.
  PieceType type_on(Square s) const {
    const Bitboard b = bit(s);
    int t = 0;
    for (int i = kKnight; i < kPieceTypes; ++i) t += i * ((pieces[i] & b) != 0);
    return static_cast<PieceType>(t);
  }

  friend bool operator==(const Board&, const Board&) = default;
};

}  // namespace arbiter::zeitgeist::fast
