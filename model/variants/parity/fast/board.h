#pragma once
// The position of the Parity Chess fast path (Parity Chess and Parity Chess
// with Single Occupation, default readings only).
//
// What the path covers: joint perft of both games from any state that
// from_state (convert.h) accepts, with the moves each player may submit, the
// resolution of a joint action and the ends of the game exactly as the
// reference model (model/variants/parity) gives them under the default
// readings (parity.king_into_attack=forbidden, parity.stalemate=loss,
// parity.en_passant_shared=forbidden, parity.castle_attacks=stationary,
// parity.draw_claims=claimed). Every joint action of such a state is modelled;
// no subtree is handed back to the reference. It is not the reference: tests
// (tests/test_parity_fast.cpp) hold its moves, states and counts equal to it.
//
// The bitboards and attack tables are the orthodox fast path's
// (model/variants/orthodox/fast/bitboard.h), a1 = bit 0.
#include <cstdint>

#include "model/variants/orthodox/fast/bitboard.h"
#include "model/variants/orthodox/fast/board.h"

namespace arbiter::parity::fast {

using orthodox::fast::bit;
using orthodox::fast::Bitboard;
using orthodox::fast::Color;
using orthodox::fast::file_of;
using orthodox::fast::kBlack;
using orthodox::fast::kNoSquare;
using orthodox::fast::kTables;
using orthodox::fast::kWhite;
using orthodox::fast::lsb;
using orthodox::fast::make_square;
using orthodox::fast::pop_lsb;
using orthodox::fast::rank_of;
using orthodox::fast::Square;

using orthodox::fast::kBishop;
using orthodox::fast::kKing;
using orthodox::fast::kKnight;
using orthodox::fast::kPawn;
using orthodox::fast::kPieceTypes;
using orthodox::fast::kQueen;
using orthodox::fast::kRook;
using orthodox::fast::PieceType;

// Moves are the orthodox fast path's 16-bit codes (from, to, kind); castling
// is the king's two-square move and the rook's move is implied.
using orthodox::fast::Move;
using orthodox::fast::MoveList;

// A repetition key: a 64-bit hash of what parity.draw.repetition compares
// (the pieces on every square, the castling rights and the just-moved squares).
using Key = std::uint64_t;

// A state as per-colour bitboards. A square enemy pieces share
// (parity.occupy.enemy_pieces_share) is in both colours' sets, so the colours
// are kept apart by type too: a shared square may hold a White knight and a
// Black pawn. A plain value of about 150 bytes, copied for every joint action
// (copy-make).
//
// Invariants (from_state establishes them, apply keeps them): one king of each
// colour, never both kings on one square; no pawn on the first or last rank;
// at most one piece of each colour on a square; under Single Occupation at
// most one shared square; `ep` holds at most one square on the third rank and
// one on the sixth.
struct Board {
  Bitboard pieces[2][kPieceTypes] = {};  // by colour and type
  Bitboard colors[2] = {};               // by colour; a shared square is in both
  // The squares listed in justmoved= (parity.submit.just_moved_stays): a piece
  // of either colour on one of them moved in the last turn.
  Bitboard just = 0;
  // The squares listed in ep= (parity.en_passant.next_move): passed by a
  // double step in the last turn.
  Bitboard ep = 0;
  Key pieces_key = 0;  // the pieces' share of the repetition key, kept by apply
  std::uint8_t castling = 0;
  // A king was captured (parity.check.immediate): the game is over. The
  // submission rules never allow it; kept so that a count stays exact if they did.
  bool king_captured = false;
  std::uint16_t reversible = 0;  // how many earlier keys count for repetition (the reference's history size)
  std::uint32_t halfmove_clock = 0;
  std::uint32_t fullmove_number = 1;

  Bitboard occupied() const { return colors[kWhite] | colors[kBlack]; }
  Bitboard shared() const { return colors[kWhite] & colors[kBlack]; }
  Square king_square(Color c) const { return lsb(pieces[c][kKing]); }

  friend bool operator==(const Board&, const Board&) = default;
};

// The random numbers of the repetition key (constant, built at compile time).
struct KeyTables {
  Key piece[2][kPieceTypes][64];
  Key castling[16];
  Key just[64];
};
extern const KeyTables kKeys;

// The whole repetition key of a board.
inline Key repetition_key(const Board& b) {
  Key k = b.pieces_key ^ kKeys.castling[b.castling];
  for (Bitboard j = b.just; j;) k ^= kKeys.just[pop_lsb(j)];
  return k;
}

// The pieces' share of the key, computed from scratch (apply keeps it incrementally).
Key pieces_key(const Board& b);

}  // namespace arbiter::parity::fast
