#pragma once
// Bitboard vocabulary of the Existentialist Chess fast path: the 10x10 board
// in one 128-bit word, one bit per square, a1 = bit 0, b1 = bit 1, ..., j1 =
// bit 9, a2 = bit 10, ..., j10 = bit 99 (the reference model's square
// numbering, rank * 10 + file). Bits 100..127 are never set.
//
// Sliders use the classical approach of the orthodox fast path
// (model/variants/orthodox/fast/bitboard.h): the ray of a direction from a
// square on an empty board, its first blocker found by a bit scan, and the part
// behind the blocker removed by xor-ing out the blocker's own ray. The scans
// are branchless: a sentinel square whose ray in the scanned direction is
// empty (j10 for the directions towards higher squares, a1 for the others) is
// or-ed into the blockers, so "no blocker" needs no test.
#include <bit>
#include <cstdint>

namespace arbiter::existentialist::fast {

using Bitboard = unsigned __int128;
using Square = int;  // 0..99; kNoSquare where a square may be absent

inline constexpr int kFiles = 10;
inline constexpr int kRanks = 10;
inline constexpr int kSquares = kFiles * kRanks;
inline constexpr Square kNoSquare = kSquares;

enum Color : int { kWhite = 0, kBlack = 1 };
constexpr Color operator~(Color c) {
  return static_cast<Color>(c ^ 1);
}

// The kinds the fast path plays: orthodox chess's, and the three compound
// pieces of Existentialist Chess whose moves are fixed (squire: rook and one
// square diagonally; viceroy: bishop and one square orthogonally; crowned
// knight: knight and king, not royal).
enum PieceType : int {
  kPawn = 0,
  kKnight,
  kBishop,
  kRook,
  kQueen,
  kSquire,
  kViceroy,
  kCrownedKnight,
  kKing,
  kPieceTypes
};

// Castling right bits, the reference model's CastlingRight values (K Q k q).
enum : std::uint8_t {
  kWhiteKingside = 1,
  kWhiteQueenside = 2,
  kBlackKingside = 4,
  kBlackQueenside = 8,
};

constexpr Bitboard bit(Square s) {
  return Bitboard{1} << s;
}
constexpr int file_of(Square s) {
  return s % kFiles;
}
constexpr int rank_of(Square s) {
  return s / kFiles;
}
constexpr Square make_square(int file, int rank) {
  return rank * kFiles + file;
}
constexpr std::uint64_t low(Bitboard b) {
  return static_cast<std::uint64_t>(b);
}
constexpr std::uint64_t high(Bitboard b) {
  return static_cast<std::uint64_t>(b >> 64);
}

inline constexpr Bitboard kRank1 = (Bitboard{1} << kFiles) - 1;
inline constexpr Bitboard kRank10 = kRank1 << (kFiles * (kRanks - 1));
inline constexpr Bitboard kAllSquares = (Bitboard{1} << kSquares) - 1;

constexpr Bitboard file_mask(int file) {
  Bitboard b = 0;
  for (int r = 0; r < kRanks; ++r) b |= bit(make_square(file, r));
  return b;
}
inline constexpr Bitboard kFileA = file_mask(0);
inline constexpr Bitboard kFileJ = file_mask(kFiles - 1);

// Popcount of the two halves. The build targets the x86-64 baseline, where
// std::popcount is a library call; the bit-parallel count below inlines to a
// dozen instructions a half.
constexpr int popcount64(std::uint64_t x) {
  x = x - ((x >> 1) & 0x5555555555555555ULL);
  x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
  x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
  return static_cast<int>((x * 0x0101010101010101ULL) >> 56);
}
constexpr int popcount(Bitboard b) {
  return popcount64(low(b)) + popcount64(high(b));
}

// Index of the lowest set bit; b must not be 0.
inline Square lsb(Bitboard b) {
  std::uint64_t lo = low(b);
  return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll(high(b));
}
// Index of the highest set bit; b must not be 0.
inline Square msb(Bitboard b) {
  std::uint64_t hi = high(b);
  return hi ? 127 - __builtin_clzll(hi) : 63 - __builtin_clzll(low(b));
}
// Removes and returns the lowest set bit; b must not be 0.
inline Square pop_lsb(Bitboard& b) {
  Square s = lsb(b);
  b &= b - 1;
  return s;
}
// More than one bit set.
constexpr bool several(Bitboard b) {
  return (b & (b - 1)) != 0;
}

// Directions, in the order of Tables::ray. The first four increase the square
// number (their first blocker is the lowest set bit), the last four decrease
// it; direction d and d ^ 4 are opposite.
enum Direction : int {
  kNorth = 0,
  kEast,
  kNorthEast,
  kNorthWest,
  kSouth,
  kWest,
  kSouthWest,
  kSouthEast
};
inline constexpr int kNoDirection = 8;

struct Tables {
  // ray[d][s]: squares strictly beyond s in direction d, on an empty board
  // (one extra entry for kNoSquare, always empty).
  Bitboard ray[8][kSquares + 1];
  Bitboard knight[kSquares];
  Bitboard king[kSquares];     // one square any way (king, crowned knight's step)
  Bitboard ferz[kSquares];     // one square diagonally (the squire's added step)
  Bitboard wazir[kSquares];    // one square orthogonally (the viceroy's added step)
  Bitboard pawn[2][kSquares];  // pawn[c][s]: the squares a pawn of colour c on s takes on
  Bitboard rook[kSquares];     // rook lines on an empty board (pin and check candidates)
  Bitboard bishop[kSquares];
  // direction[a][b]: the direction from a to b when they share a line, else
  // kNoDirection. between and line masks are built from rays with it, which
  // keeps the tables small enough to stay in cache.
  std::uint8_t direction[kSquares][kSquares];
  // castle_keep[s]: the castling rights that survive a move from or to s.
  std::uint8_t castle_keep[kSquares];
};

// Built at compile time (constinit), so usable from any static initialiser.
extern const Tables kTables;

// Positive-direction ray attacks: first blocker = lowest set bit.
inline Bitboard ray_up(int dir, Square s, Bitboard occ) {
  const Bitboard r = kTables.ray[dir][s];
  return r ^ kTables.ray[dir][lsb((r & occ) | bit(kSquares - 1))];
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
  return ray_up(kNorthEast, s, occ) | ray_up(kNorthWest, s, occ) | ray_down(kSouthWest, s, occ) |
         ray_down(kSouthEast, s, occ);
}

// Squares strictly between a and b when they share a line, else empty.
inline Bitboard between(Square a, Square b) {
  int d = kTables.direction[a][b];
  return d == kNoDirection ? Bitboard{0} : (kTables.ray[d][a] & kTables.ray[d ^ 4][b]);
}
// The whole line through a and b (both included) when they share one, else
// empty. A piece pinned on b to its king on a moves only along it.
inline Bitboard line(Square a, Square b) {
  int d = kTables.direction[a][b];
  return d == kNoDirection ? Bitboard{0} : (kTables.ray[d][a] | kTables.ray[d ^ 4][a] | bit(a));
}

}  // namespace arbiter::existentialist::fast
