#pragma once
// The position of the SimulChess fast path and its move encoding.
//
// The fast path (this folder) is a perft accelerator for SimulChess under the
// default readings: bitboards for the pieces, the orthodox fast path's attack
// tables (orthodox/fast/bitboard.h), submittable-move generation, the
// resolution of a joint action by copy-make, and joint perft with bulk
// counting. It is not the reference model (model/variants/simulchess): tests
// hold its move lists, states and counts equal to the reference's.
// What it covers and what it leaves to the reference: fast_perft.h.
#include <cstdint>

#include "model/variants/orthodox/fast/bitboard.h"
#include "model/variants/simultaneous/fast_move.h"

namespace arbiter::simulchess::fast {

using orthodox::fast::Bitboard;
using orthodox::fast::bit;
using orthodox::fast::Color;
using orthodox::fast::file_of;
using orthodox::fast::kBlack;
using orthodox::fast::kNoSquare;
using orthodox::fast::kTables;
using orthodox::fast::kWhite;
using orthodox::fast::lsb;
using orthodox::fast::make_square;
using orthodox::fast::PieceType;
using orthodox::fast::rank_of;
using orthodox::fast::Square;
using PT = orthodox::fast::PieceType;
using orthodox::fast::kBishop;
using orthodox::fast::kKing;
using orthodox::fast::kKnight;
using orthodox::fast::kPawn;
using orthodox::fast::kPieceTypes;
using orthodox::fast::kQueen;
using orthodox::fast::kRook;

// How a step ended the game, for the ends decided during the resolution.
// Checkmate at the start of the next turn is not kept here: perft finds it at
// the next node (fast_perft.cpp), as the orthodox fast path finds mate.
enum class End : std::uint8_t {
  kOngoing = 0,
  kKingCollision,     // simulchess.king.king_collision_draw
  kWhiteKingCaptured, // simulchess.result.king_capture: Black wins
  kBlackKingCaptured, // White wins
  kBothKingsCaptured, // simulchess.both_kings_captured=draw
};

// A position as eight bitboards plus the state the next step reads. A plain
// value, copied for every joint action (copy-make).
//
// Invariants (from_state establishes them, apply keeps them while the game
// goes on): one king per colour; at most 16 pieces a colour (promotions keep
// the count); at most one piece a square; no pawn on the
// first or last rank; each castling right has its king and rook on their home
// squares; en_passant[c], when set, is the square a pawn of the other colour
// crossed with a double step in the last turn, with that pawn in front of it.
struct Board {
  Bitboard pieces[kPieceTypes] = {};  // by type, both colours
  Bitboard colors[2] = {};            // by colour, all types
  std::uint8_t castling = 0;          // orthodox::fast castling bits
  // en_passant[c]: the square colour c may capture onto en passant (the ep=
  // field holds one such square per colour at most), or kNoSquare.
  std::uint8_t en_passant[2] = {kNoSquare, kNoSquare};
  End end = End::kOngoing;
  std::uint32_t halfmove_clock = 0;
  std::uint32_t fullmove_number = 1;

  Bitboard occupied() const { return colors[kWhite] | colors[kBlack]; }
  Bitboard of(Color c, PieceType t) const { return pieces[t] & colors[c]; }

  friend bool operator==(const Board&, const Board&) = default;
};

// A submitted move names its piece's type (model/variants/simultaneous/fast_move.h).
using simultaneous::fast::make_move_code;
using simultaneous::fast::Move;
using simultaneous::fast::move_from;
using simultaneous::fast::move_kind;
using simultaneous::fast::move_piece;
using simultaneous::fast::move_to;
using simultaneous::fast::MoveList;

enum MoveKind : int {
  kNormal = 0,
  kDoublePush = 1,
  kEnPassant = 2,
  kCastle = 3,
  kPromoteKnight = 4,  // kPromoteKnight + (type - kKnight) for each promotion type
  kPromoteBishop = 5,
  kPromoteRook = 6,
  kPromoteQueen = 7,
  kPassKind = 8,  // a player without a move passes (simulchess.submit.illegal_rejected)
};

inline constexpr Move kPass = make_move_code(0, 0, kPassKind, kPawn);

}  // namespace arbiter::simulchess::fast
