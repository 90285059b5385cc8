#pragma once
// Bitboard vocabulary of the orthodox fast path: one bit per square, a1 = bit 0,
// b1 = bit 1, ..., h8 = bit 63 (little-endian rank-file mapping).
//
// Slider attacks use the "classical approach" with precomputed rays: for each
// of the 8 directions, the ray from a square on an empty board is looked up, the
// first blocker on it is found with a bit scan, and the part of the ray behind
// that blocker is removed by xor-ing out the blocker's own ray in the same
// direction. Magic bitboards are deliberately not used (house style).
//
// The scans are branchless: a sentinel bit is or-ed into the blockers so the
// scan always finds something. For the four directions that walk towards higher
// square numbers the sentinel is h8 (bit 63), whose ray in any of those
// directions is empty; for the four others it is a1 (bit 0), likewise. So "no
// blocker" and "blocker on the last square" give the same, correct result
// without a data-dependent branch, which matters because blocker presence is
// close to random in perft and a mispredicted branch costs more than the scan.
#include <bit>
#include <cstdint>

namespace arbiter::orthodox::fast {

using Bitboard = std::uint64_t;
using Square = int;  // 0..63; kNoSquare where a square may be absent

inline constexpr Square kNoSquare = 64;

enum Color : int { kWhite = 0, kBlack = 1 };
constexpr Color operator~(Color c) { return static_cast<Color>(c ^ 1); }

enum PieceType : int { kPawn = 0, kKnight, kBishop, kRook, kQueen, kKing, kPieceTypes };

// Castling right bits, as kept in Board::castling.
enum : std::uint8_t {
  kWhiteKingside = 1,
  kWhiteQueenside = 2,
  kBlackKingside = 4,
  kBlackQueenside = 8,
};

constexpr Bitboard bit(Square s) { return Bitboard{1} << s; }
constexpr int file_of(Square s) { return s & 7; }
constexpr int rank_of(Square s) { return s >> 3; }
constexpr Square make_square(int file, int rank) { return rank * 8 + file; }

inline constexpr Bitboard kFileA = 0x0101010101010101ULL;
inline constexpr Bitboard kFileH = kFileA << 7;
inline constexpr Bitboard kRank1 = 0xFFULL;
inline constexpr Bitboard kRank8 = kRank1 << 56;

// Index of the lowest set bit; b must not be 0. The builtins, unlike
// std::countr_zero, may assume that, which saves a zero test on CPUs without
// tzcnt/lzcnt (the x86-64 baseline).
inline Square lsb(Bitboard b) { return __builtin_ctzll(b); }
// Index of the highest set bit; b must not be 0.
inline Square msb(Bitboard b) { return 63 ^ __builtin_clzll(b); }
// Removes and returns the lowest set bit; b must not be 0.
inline Square pop_lsb(Bitboard& b) {
  Square s = lsb(b);
  b &= b - 1;
  return s;
}
inline int popcount(Bitboard b) { return std::popcount(b); }
// More than one bit set.
constexpr bool several(Bitboard b) { return (b & (b - 1)) != 0; }

// Directions, in the order of Tables::ray. The first four increase the square
// number (their first blocker is the lowest set bit), the last four decrease it.
enum Direction : int { kNorth = 0, kEast, kNorthEast, kNorthWest, kSouth, kWest, kSouthWest, kSouthEast };

struct Tables {
  // ray[d][s]: squares strictly beyond s in direction d, on an empty board.
  Bitboard ray[8][64];
  Bitboard knight[64];
  Bitboard king[64];
  // pawn[c][s]: squares a pawn of colour c on s attacks.
  Bitboard pawn[2][64];
  // rook[s], bishop[s]: attacks on an empty board (pin and check candidates).
  Bitboard rook[64];
  Bitboard bishop[64];
  // between[a][b]: squares strictly between a and b when they share a line, else 0.
  Bitboard between[64][64];
  // line[a][b]: the whole board line through a and b when they share one, else 0.
  // A piece pinned on a is confined to line[king][a].
  Bitboard line[64][64];
  // castle_keep[s]: the castling rights that survive a move from or to s.
  std::uint8_t castle_keep[64];
};

// Built at compile time (constinit), so usable from any static initialiser.
extern const Tables kTables;

// Positive-direction ray attacks: first blocker = lowest set bit.
inline Bitboard ray_up(int dir, Square s, Bitboard occ) {
  const Bitboard r = kTables.ray[dir][s];
  return r ^ kTables.ray[dir][lsb((r & occ) | bit(63))];
}
// Negative-direction ray attacks: first blocker = highest set bit.
inline Bitboard ray_down(int dir, Square s, Bitboard occ) {
  const Bitboard r = kTables.ray[dir][s];
  return r ^ kTables.ray[dir][msb((r & occ) | 1)];
}

inline Bitboard rook_attacks(Square s, Bitboard occ) {
  return ray_up(kNorth, s, occ) | ray_up(kEast, s, occ) | ray_down(kSouth, s, occ) |
         ray_down(kWest, s, occ);
}
inline Bitboard bishop_attacks(Square s, Bitboard occ) {
  return ray_up(kNorthEast, s, occ) | ray_up(kNorthWest, s, occ) |
         ray_down(kSouthWest, s, occ) | ray_down(kSouthEast, s, occ);
}

}  // namespace arbiter::orthodox::fast
